//! The cards a Golf `greedy` seat has not seen, counted by scoring key: where a stock draw
//! and a face-down card come from. The shoe less the public cards the state keeps counted,
//! so a count is one pass over the keys; after a reshuffle the stock's own cards are known.

// A key indexes several tables at once (copies, shoe, public counts): loops run over keys.
#![allow(clippy::needless_range_loop)]

use super::super::scoring::{JOKER, UNKNOWN};
use super::super::view::View;
use crate::cards::Card;

/// Unseen cards by scoring key (the [`UNKNOWN`] entry is always 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pool {
    /// Copies per key.
    pub(super) n: [i32; 16],
    /// All copies.
    pub(super) total: i32,
}

impl Pool {
    /// The mean value (tenths) of the pool's cards under `vals`; `fallback` when empty.
    pub(super) fn mean(&self, vals: &[i32; 16], fallback: i32) -> i32 {
        if self.total <= 0 {
            return fallback;
        }
        (self.sum(vals) as f64 / self.total as f64).round() as i32
    }

    /// The value (tenths) of the pool's cards under `vals`.
    pub(super) fn sum(&self, vals: &[i32; 16]) -> i32 {
        (0..14).map(|k| self.n[k] * vals[k]).sum()
    }

    fn less(&self, other: &Pool) -> Pool {
        let mut n = [0; 16];
        for k in 0..14 {
            n[k] = (self.n[k] - other.n[k]).max(0);
        }
        Pool {
            n,
            total: n.iter().sum(),
        }
    }

    fn from_cards(cards: impl Iterator<Item = (Card, u8)>) -> Pool {
        let mut n = [0; 16];
        for (c, k) in cards {
            n[super::super::scoring::key(c) as usize & 15] += k as i32;
        }
        n[UNKNOWN as usize] = 0;
        Pool {
            n,
            total: n.iter().sum(),
        }
    }
}

/// What the seat knows of the hidden cards: where a stock draw comes from, and where a
/// face-down card comes from (the same cards until a reshuffle makes the stock known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Unseen {
    /// The cards a stock draw comes from.
    pub(super) stock: Pool,
    /// The cards a face-down card comes from.
    pub(super) down: Pool,
}

impl Unseen {
    /// `all` the unseen cards, split by where a draw comes from: a stock the seat remembers
    /// (a reshuffled one) holds only its own cards, and a face-down card the rest.
    pub(super) fn split(all: Pool, v: &View) -> Unseen {
        match v.stock_pool() {
            Some(stock) => {
                let stock = Pool::from_cards(stock.iter());
                Unseen {
                    stock,
                    down: all.less(&stock),
                }
            }
            None => Unseen {
                stock: all,
                down: all,
            },
        }
    }

    /// No cards (a placeholder before the first count).
    pub(super) const NONE: Unseen = Unseen {
        stock: Pool {
            n: [0; 16],
            total: 0,
        },
        down: Pool {
            n: [0; 16],
            total: 0,
        },
    };
}

/// Counts the cards the seat of `v` has not seen (see the module docs): the shoe (copies per
/// key, [`shoe`]) less the public cards the state keeps counted ([`View::public_counts`])
/// and a stock card the seat holds.
pub(super) fn unseen(v: &View, shoe: &[i32; 16]) -> Unseen {
    let seen = nibbles(v.public_counts());
    let mut n: [i32; 16] = std::array::from_fn(|k| (shoe[k] - seen[k] as i32).max(0));
    if let Some(h) = v.own_stock_card() {
        let k = super::super::scoring::key(h) as usize & 15;
        n[k] = (n[k] - 1).max(0);
    }
    let total = n.iter().sum();
    let all = Pool { n, total };
    Unseen::split(all, v)
}

/// The 16 counts of a word of nibbles (key k in bits 4k..4k+4) as bytes, key k in byte k:
/// the even and the odd keys as two words of bytes, their bytes spread apart and
/// interleaved (shifts and masks, so that the count over keys that follows vectorizes).
fn nibbles(x: u64) -> [u8; 16] {
    // Byte i of `b` to byte 2i.
    fn spread(b: u64) -> u128 {
        let mut x = b as u128;
        x = (x | x << 32) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
        x = (x | x << 16) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
        (x | x << 8) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff
    }
    const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    (spread(x & LOW) | spread(x >> 4 & LOW) << 8).to_le_bytes()
}

/// The unseen cards of the seat of `v` before any reshuffle, as [`unseen`] counts them, from
/// `shoe` ([`shoe_word`]): one subtraction of the public counts, since every nibble of
/// the shoe holds at least the public copies of its key (and a stock card the seat holds
/// is not public).
pub(super) fn unseen_word(v: &View, shoe: u64) -> u64 {
    let mut w = shoe - v.public_counts();
    if let Some(h) = v.own_stock_card() {
        let s = 4 * (super::super::scoring::key(h) as u32 & 15);
        w -= u64::from(w >> s & 15 != 0) << s;
    }
    w
}

impl Pool {
    /// The pool of a word of nibbles (key k in bits 4k..4k+4; the [`UNKNOWN`] nibble 0).
    pub(super) fn from_word(w: u64) -> Pool {
        Pool {
            n: word_counts(w),
            total: word_total(w),
        }
    }
}

/// The copies per key of a word of nibbles (key k in bits 4k..4k+4).
#[inline]
pub(super) fn word_counts(w: u64) -> [i32; 16] {
    let b = nibbles(w);
    std::array::from_fn(|k| i32::from(b[k]))
}

/// The copies in a word of nibbles: the bytes' two nibbles added, then the bytes summed by
/// one multiplication (at most 8 copies of each of 14 keys: no byte overflows).
#[inline]
pub(super) fn word_total(w: u64) -> i32 {
    const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let bytes = (w & LOW) + (w >> 4 & LOW);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

/// Per byte position i and byte b of a word of nibbles: the value (tenths, under `vals`)
/// of its copies of keys 2i (low nibble) and 2i+1 (high nibble), for [`word_sum`].
pub(super) fn sum_table(vals: &[i32; 16]) -> [[i32; 256]; 8] {
    std::array::from_fn(|i| {
        std::array::from_fn(|b| (b & 15) as i32 * vals[2 * i] + (b >> 4) as i32 * vals[2 * i + 1])
    })
}

/// The value (tenths) of the copies in a word of nibbles: [`Pool::sum`] of
/// [`Pool::from_word`], eight lookups in the table of [`sum_table`].
#[inline]
pub(super) fn word_sum(w: u64, t: &[[i32; 256]; 8]) -> i32 {
    (0..8).map(|i| t[i][(w >> (8 * i)) as usize & 255]).sum()
}

/// The copies of each key in the shoe ([`shoe`]) as a word of nibbles (key k in bits
/// 4k..4k+4): at most 8 copies with two decks.
pub(super) fn shoe_word(shoe: &[i32; 16]) -> u64 {
    (0..16)
        .map(|k| (shoe[k].clamp(0, 15) as u64) << (4 * k))
        .sum()
}

/// The copies of each key in the shoe of `v`'s deal, for [`unseen`].
pub(super) fn shoe(v: &View) -> [i32; 16] {
    let decks = v.rules().decks_for(v.players()) as i32;
    let jokers = if v.rules().jokers { 2 * decks } else { 0 };
    std::array::from_fn(|k| match k {
        0..13 => 4 * decks,
        _ if k == JOKER as usize => jokers,
        _ => 0,
    })
}

/// `2^32 / d + 1` for each divisor `d` from 2 (0 and 1: unused): for `n` below `2^16` and
/// `d` below 256, `n * RECIPROCALS[d] >> 32` is `n / d`. The product is `n / d` times
/// `1 + e / 2^32` with `e` at most `d`, so it exceeds `n / d` by less than `2^-16`, less
/// than the `1 / d` the fraction of `n / d` lies below the next integer.
const RECIPROCALS: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut d = 2;
    while d < 256 {
        t[d] = ((1u64 << 32) / d as u64 + 1) as u32;
        d += 1;
    }
    t
};

impl super::Greedy {
    /// The tenths a face-down card's estimate moves when counted: the unseen cards' mean
    /// (their values summing to `sum` tenths, `total` cards) less `unknown_value`, as
    /// [`Pool::mean`] rounds it.
    pub(super) fn offset(&self, sum: i32, total: i32) -> i32 {
        if total <= 0 {
            return 0;
        }
        // Rounded half away from zero in integers: the same as rounding the f64 quotient,
        // which is never within 1 / (2 total) of a half but on it.
        let (n, d) = (2 * sum.unsigned_abs() + total as u32, 2 * total as u32);
        // The quotient by a multiplication where both are small (always, but for knob
        // values far out): a division waits tens of cycles, and this runs every turn.
        let q = match n < 1 << 16 && d < 256 {
            true => ((u64::from(n) * u64::from(RECIPROCALS[d as usize])) >> 32) as u32,
            false => n / d,
        };
        q as i32 * sum.signum() - self.unknown
    }
}
