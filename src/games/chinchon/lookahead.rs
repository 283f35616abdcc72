//! What `greedy` reads ahead: the odds of each card being the next stock card, as far as the
//! seat can tell, and what each card of a hand can still become with them (a one-draw
//! look-ahead over the unseen cards).
//!
//! **Odds.** A card may be the next stock card when the seat cannot see it (not in its hand,
//! the discard pile, or among the cards others are known to hold), and, after a reshuffle,
//! only when the reshuffle put it into the stock (the others sit in hands). Each such copy is
//! as likely as any other: the stock and the unknown part of the other hands are a uniform
//! split of the unseen cards.
//!
//! **Partials.** Two cards of the hand, one of them loose (unmatched in a best arrangement),
//! are a *partial* when one more card makes a combination of them: a pair of one number (any
//! other copy of it, or a `WILD`), two cards of a suit one apart (the card below or above, a
//! `CIRC` beside 12 or 1, a `WILD`) or two apart (the card between, a `WILD`; 12 and 1 with a
//! `CIRC` between), a `CIRC` beside 11, 12, 1 or 2 of a suit, two `CIRC`s. A loose card next
//! to a combination's end is a partial with that end (drawing the gap extends the run). The
//! value of a partial for one draw is the points of its loose cards times the chance that the
//! next stock card is one of its *outs*. A card's keep value is the sum over the partials it
//! is in: what discarding it gives up. Dead cards (an action card, a number no live card
//! can join) are worth their points only. The odds themselves are [`odds`](super::odds)'s.

use super::arrange::{HAND_CAP, positions};
use super::cards::CIRC;
use super::combos::Masks;
use super::odds::{NUMS, Odds};
use crate::cards::Card;

/// The keep value of each card of `cards` (in points times outs: divide by
/// [`Odds::total`] for points per draw) and the sum over all partials. `loose` marks the
/// positions unmatched in a best arrangement; a partial needs one of them.
pub fn keep_values(
    cards: &[Card],
    pts: &[u16],
    loose: u16,
    odds: &Odds,
    kv: &mut [u32; HAND_CAP],
) -> u32 {
    kv[..cards.len()].fill(0);
    each_partial(cards, pts, loose, odds, |i, j, v| {
        kv[i] += v;
        kv[j] += v;
    })
}

/// The sum over all partials of [`keep_values`] alone (what a stock draw may gain).
pub fn partials_value(cards: &[Card], pts: &[u16], loose: u16, odds: &Odds) -> u32 {
    each_partial(cards, pts, loose, odds, |_, _, _| {})
}

/// Calls `f(i, j, value)` for each partial of positions `i`, `j` worth something (see
/// [`keep_values`]) and returns the sum of their values.
#[inline(always)]
fn each_partial(
    cards: &[Card],
    pts: &[u16],
    loose: u16,
    odds: &Odds,
    mut f: impl FnMut(usize, usize, u32),
) -> u32 {
    let mut all = 0;
    // Each pair once: from each loose card, to every card but the loose ones before it, and
    // only to cards it can make a partial with at all (most pairs are not): the hand's
    // positions by card index give them at once.
    let mut at = [0u16; 64];
    let mut held = 0u64;
    for (j, c) in cards.iter().enumerate() {
        let x = c.index() as usize & 63;
        at[x] |= 1 << j;
        held |= 1 << x;
    }
    for i in positions(loose) {
        let mut near = NEAR[cards[i].index() as usize & 63] & held;
        while near != 0 {
            let x = near.trailing_zeros() as usize;
            near &= near - 1;
            // Not itself, and not a loose card before it (that pair was counted from there).
            let before_loose = loose & ((1u16 << i) - 1);
            for j in positions(at[x] & !(1 << i) & !before_loose) {
                let other_loose = loose >> j & 1 == 1;
                let free = pts[i] as u32 + if other_loose { pts[j] as u32 } else { 0 };
                if free == 0 {
                    continue;
                }
                let v = free * odds.outs(cards[i], cards[j]);
                f(i, j, v);
                all += v;
            }
        }
    }
    all
}

/// A hand's positions by number and suit, read from its position masks once per decision,
/// so that the cards that may make a partial with a card ([`NEAR`]) are a few loads and
/// bit operations away: a number card's partners are the cards of its number and the cards
/// of its suit within two of it (1 with 12), and a `CIRC` when it is a 1, 2, 11 or 12; a
/// `CIRC`'s are the `CIRC`s and those numbers; a `WILD` and an action card have none.
#[derive(Clone, Copy, Debug)]
pub struct Near {
    /// `num[i + 2]`: the positions of number index `i` (`num - 1`); zeros around them, so
    /// that the numbers two either side of any number are in range.
    num: [u16; 16],
    /// Positions by suit (number cards only).
    suit: [u16; 4],
    /// The `CIRC`s' positions.
    circ: u16,
}

impl Near {
    /// The table of the hand with position masks `m`.
    #[inline]
    pub fn of(m: &Masks) -> Near {
        let mut num = [0u16; 16];
        num[2..14].copy_from_slice(&m.num[..12]);
        Near {
            num,
            suit: [m.suit[0], m.suit[1], m.suit[2], m.suit[3]],
            circ: m.circ,
        }
    }

    /// The positions holding a card that may make a partial with card index `x` (itself
    /// included when it may pair with its own copies).
    #[inline]
    pub fn at(&self, x: usize) -> u16 {
        let p = &self.num;
        if x < 48 {
            let (s, n) = (x / 12, x % 12);
            let run = p[n] | p[n + 1] | p[n + 3] | p[n + 4] | p[WRAP[n] as usize];
            let circ = self.circ & (EDGES >> n & 1).wrapping_neg();
            p[n + 2] | (self.suit[s] & run) | circ
        } else if x == CIRC.index() as usize {
            self.circ | p[2] | p[3] | p[12] | p[13]
        } else {
            0
        }
    }
}

/// For each number index `n`, the entry of [`Near::num`] of the number 1 and 12 pair with
/// (1 with 12, 12 with 1), or a zero entry.
const WRAP: [u8; 12] = [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];

/// The number indices (`num - 1`) a `CIRC` may make a partial with: 1, 2, 11 and 12.
const EDGES: u16 = 1 | 1 << 1 | 1 << 10 | 1 << 11;

/// The keep value of the card at position `k` alone (what [`keep_values`] gives it): the sum
/// over the partials it is in, with the other card of each pair or itself loose. Cheaper than
/// all of them, for a bound. `near` is [`Near::of`] the same cards' masks.
#[cfg(test)]
pub fn keep_value_at(
    cards: &[Card],
    pts: &[u16],
    loose: u16,
    odds: &Odds,
    near: &Near,
    k: usize,
) -> u32 {
    keep_value_with(
        cards,
        pts,
        loose,
        odds,
        k,
        partners_at(cards, loose, near, k),
    )
}

/// The positions whose partial with position `k` has a loose card (one of them or both): the
/// only partials [`keep_value_at`] counts. None: the card's keep value is 0, whatever the odds.
#[inline]
pub fn partners_at(cards: &[Card], loose: u16, near: &Near, k: usize) -> u16 {
    let near = near.at(cards[k].index() as usize & 63) & !(1 << k);
    if loose >> k & 1 == 1 {
        near
    } else {
        near & loose
    }
}

/// [`keep_value_at`] over the partners [`partners_at`] gives.
#[inline(always)]
pub fn keep_value_with(
    cards: &[Card],
    pts: &[u16],
    loose: u16,
    odds: &Odds,
    k: usize,
    partners: u16,
) -> u32 {
    let own = if loose >> k & 1 == 1 {
        pts[k] as u32
    } else {
        0
    };
    let mut kv = 0;
    for j in positions(partners) {
        let free = own
            + if loose >> j & 1 == 1 {
                pts[j] as u32
            } else {
                0
            };
        if free != 0 {
            kv += free * odds.outs(cards[k], cards[j]);
        }
    }
    kv
}

/// For each card index, the card indices it may make a partial with (a superset of the
/// pairs [`Odds::outs`] counts: the same number, the same suit within two or 1 with 12,
/// a `CIRC` with 1, 2, 11, 12 and `CIRC`).
static NEAR: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if near(a, b) {
                t[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Whether cards `a` and `b` (indices) may make a partial (see [`NEAR`]).
const fn near(a: usize, b: usize) -> bool {
    let circ = CIRC.index() as usize;
    if a < 48 && b < 48 {
        let (n, m) = (a % 12, b % 12);
        let d = n.abs_diff(m);
        n == m || (a / 12 == b / 12 && (d <= 2 || d == 11))
    } else {
        (a == circ && (b == circ || edge(b))) || (b == circ && edge(a))
    }
}

/// Whether card index `x` is a 1, 2, 11 or 12 (a `CIRC` may make a partial with it).
const fn edge(x: usize) -> bool {
    x < 48 && matches!(x % 12, 0 | 1 | 10 | 11)
}

/// The positions of `without`'s hand unmatched in a best arrangement: those whose points
/// are all they take off when discarded (`without[i] + pts[i]` is the hand's least points).
pub fn loose_of(without: &[u16], pts: &[u16]) -> u16 {
    let best = without
        .iter()
        .zip(pts)
        .map(|(&w, &p)| w + p)
        .min()
        .unwrap_or(0);
    without
        .iter()
        .zip(pts)
        .enumerate()
        .filter(|&(_, (&w, &p))| w + p == best)
        .fold(0, |a, (i, _)| a | 1 << i)
}

/// The expected points a dead stock card saves by replacing the loose card worth `worst`:
/// the sum over stock copies of `worst` less their points when positive (divide by
/// [`Odds::total`]).
pub fn swap_gain(odds: &Odds, worst: u16, card_points: &[u16; 64]) -> u32 {
    // A number card counts its number: the copies of each number at once.
    let below = (1..worst.min(13) as usize)
        .map(|n| odds.w[NUMS + n - 1] as u32 * (worst - n as u16) as u32)
        .sum::<u32>();
    let special = odds.w[48..64]
        .iter()
        .zip(&card_points[48..])
        .map(|(&k, &p)| k as u32 * worst.saturating_sub(p) as u32)
        .sum::<u32>();
    below + special
}

#[cfg(test)]
mod tests {
    use super::super::odds::ODDS_LEN;
    use super::*;
    use crate::cards::GameRng;

    /// One card's keep value, with or without its partners listed first, is what the whole
    /// hand's pass gives it, and the sum alone is the pass's sum; a card without partners
    /// is worth 0 (what lets `greedy` skip the odds).
    #[test]
    fn keep_values_one_at_a_time_and_summed() {
        use crate::games::chinchon::Rules;
        use crate::games::chinchon::cards::{ordered_shoe, point_table};
        let r = Rules {
            wild: 3,
            circ: 4,
            ..Rules::default()
        };
        let pt = point_table(&r);
        let mut deck = ordered_shoe(&r, 8);
        let mut rng = GameRng::new(9, 3);
        let (mut zero, mut valued) = (0, 0);
        for round in 0..3000 {
            deck.shuffle(&mut rng);
            let n = 7 + round % (HAND_CAP - 6);
            let cards = &deck.as_slice()[..n];
            let pts: Vec<u16> = cards.iter().map(|c| pt[c.index() as usize]).collect();
            let mut w = [0u8; ODDS_LEN];
            for x in w[..53].iter_mut() {
                *x = rng.index(3) as u8;
            }
            for n in 0..12 {
                w[NUMS + n] = (0..4).map(|s| w[s * 12 + n]).sum();
            }
            let odds = Odds { w, total: 100 };
            let loose = rng.index(1 << n) as u16;
            let mut kv = [0u32; HAND_CAP];
            let all = keep_values(cards, &pts, loose, &odds, &mut kv);
            assert_eq!(partials_value(cards, &pts, loose, &odds), all);
            let near = Near::of(&Masks::new(cards));
            for (k, &value) in kv.iter().enumerate().take(n) {
                assert_eq!(keep_value_at(cards, &pts, loose, &odds, &near, k), value);
                let partners = partners_at(cards, loose, &near, k);
                if partners == 0 {
                    assert_eq!(value, 0);
                    zero += 1;
                } else {
                    valued += (value > 0) as u32;
                }
            }
        }
        assert!(zero > 1000 && valued > 1000, "{zero} {valued}");
    }

    /// The partners read from a hand's masks are the positions whose cards [`NEAR`] names,
    /// for every card index against random hands of every size (two decks, many specials),
    /// also after cards leave the masks.
    #[test]
    fn partners_from_masks_are_the_near_table() {
        use crate::games::chinchon::Rules;
        use crate::games::chinchon::cards::ordered_shoe;
        let r = Rules {
            wild: 3,
            circ: 4,
            ..Rules::default()
        };
        let mut deck = ordered_shoe(&r, 8);
        let mut rng = GameRng::new(17, 4);
        let by_table = |cards: &[Card], x: usize| {
            let mut near = 0u16;
            for (j, c) in cards.iter().enumerate() {
                near |= ((NEAR[x] >> (c.index() & 63) & 1) as u16) << j;
            }
            near
        };
        for round in 0..2000 {
            deck.shuffle(&mut rng);
            let n = 1 + round % HAND_CAP;
            let mut cards: Vec<Card> = deck.as_slice()[..n].to_vec();
            let mut m = Masks::new(&cards);
            let near = Near::of(&m);
            for x in 0..64 {
                assert_eq!(near.at(x), by_table(&cards, x), "{cards:?} {x}");
            }
            let i = rng.index(n);
            let c = cards.remove(i);
            m.remove(i, c);
            let near = Near::of(&m);
            for x in 0..64 {
                assert_eq!(near.at(x), by_table(&cards, x), "{cards:?} {x}");
            }
        }
    }
}
