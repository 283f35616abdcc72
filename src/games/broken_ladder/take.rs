//! Greedy's check of its takes over two draws (knob `two_draws`, on by default).
//!
//! A take that does not complete the hand uses this turn's draw, so its chance of completing
//! by the end of the next turn is the next stock draw's: the outs of the best five kept with
//! the discard, over the cards that may come off the stock. A stock draw completes now when
//! it is an out of the hand, or else the best five kept with it (the hand as it is
//! included) completes on the next draw, from the same cards less the one drawn. When the
//! measure would take the discard, greedy takes it only if its chance beats the stock's;
//! when both are zero (neither can complete within two draws) the measure decides (how
//! much closer the discard brings the hand). The check never turns a stock draw into a take:
//! a rule that also took where the measure draws played move for move the same in 1,600,000
//! games at 2 to 4 players, for 5% more instructions per deal.
//!
//! Everything is exact over the cards that may come off the stock, from the seat's view:
//! before any reshuffle the shoe less every face-up card, the own hand and the cards the
//! others are known to hold (taken from the pile); after one, the remembered stock cards
//! still unseen (what the determinizer deals the stock from). Outs are distinct live cards:
//! a replacement value counts once however many hand cards it would replace. Chances are
//! kept as whole numbers, scaled by `N (N - 1)` for `N` cards that may come off the stock,
//! so comparisons are exact.
//!
//! Speed: the stock's chance needs the best keep for each value a stock card can have (26
//! six-card counts), so it is worked out only when a cheaper bound leaves the choice open:
//! keeping the hand after a stock card that does not complete it keeps its outs, so the
//! stock's chance is at least `o/N + (1 - o/N) o/(N-1)` for `o` outs; a take at or below
//! that bound loses. The sum starts from that bound, adds what each stock card's best keep
//! has beyond `o` outs, and stops as soon as it reaches the take's chance. Each stock card's
//! keeps are counted from pairs of hand cards worked out once ([`Five`]), checked against
//! the plain count in the tests.

use super::greedy::{MID, Unseen, VALUE_RANK_BIT, outs_for};
use super::scoring::{number, over_limit, rank_bit, signed};
use super::view::View;
use crate::cards::{Card, CardCounts, CardSet};
use crate::game::SeatView;

/// The outs of each five kept from six cards (entry `j`: the card `j` discarded), given
/// their signed values `s`, rank bits `rb` and `need6` (the target less the six cards'
/// sum). Replacements are counted per pair: discarding `j` and replacing `i` needs a card
/// of value `need6 + s[i] + s[j]` fitting beside the other four, which is symmetric in `i`
/// and `j`, so each of the 15 pairs is looked up once. With `distinct`, a card whose signed
/// value an earlier card already has adds no outs (it needs the same replacement).
#[inline(always)]
pub(super) fn keep_outs(
    unseen: &Unseen,
    limit: Option<u8>,
    distinct: bool,
    s: &[i32; 6],
    rb: &[u64; 6],
    need6: i32,
) -> [i32; 6] {
    let rc6: u64 = rb.iter().sum();
    // Bit i' of `same[i]`: i' < i has the same value.
    let mut same = [0u8; 6];
    if distinct {
        for i in 1..6 {
            for i2 in 0..i {
                same[i] |= u8::from(s[i2] == s[i]) << i2;
            }
        }
    }
    let mut outs = [0i32; 6];
    for i in 0..6 {
        for j in i + 1..6 {
            let k = outs_for(unseen, limit, need6 + s[i] + s[j], rc6 - rb[i] - rb[j]);
            // Replacing i with j discarded counts for j; replacing j (i discarded) for i.
            outs[j] += k * i32::from(same[i] & !(1 << j) == 0);
            outs[i] += k * i32::from(same[j] & !(1 << i) == 0);
        }
    }
    outs
}

/// Whether the cards that may come off the stock are greedy's unseen cards: no reshuffle
/// yet and no other seat known to hold a card.
fn pool_is_unseen(v: &View<'_>) -> bool {
    v.stock_memory.is_none()
        && v.known
            .iter()
            .enumerate()
            .all(|(s, k)| s == v.seat || k.is_empty())
}

/// Fills `pool` (card range only, the rest must be zero) with the cards that may come off
/// the stock, by signed value (module docs), `unseen` being greedy's unseen cards.
pub(super) fn fill_pool(v: &View<'_>, unseen: &Unseen, pool: &mut Unseen) {
    let lo = (MID - 13) as usize;
    match v.stock_memory {
        None => {
            pool[lo..lo + 27].copy_from_slice(&unseen[lo..lo + 27]);
            for (s, k) in v.known.iter().enumerate() {
                if s != v.seat {
                    for &c in k.as_slice() {
                        pool[(signed(c) + MID) as usize] -= 1;
                    }
                }
            }
        }
        Some(memory) => {
            let mut left = CardCounts::from_set_times(CardSet::DECK52, v.packs);
            for (c, n) in v.shown().iter() {
                (0..n).for_each(|_| {
                    left.remove(c);
                });
            }
            pool[lo..lo + 27].fill(0);
            for (c, n) in memory.iter() {
                pool[(signed(c) + MID) as usize] += n.min(left.count(c)) as i8;
            }
        }
    }
}

/// The choice between the discard `top`, which greedy's measure would take, and the stock
/// for the five-card hand of `v`: `Some(true)` take, `Some(false)` draw from the stock,
/// `None` when neither can complete within two draws (the measure decides). `counted`: the hand's distinct outs and the best five's with `top` over greedy's unseen
/// cards, when the caller has them (used when those are the cards of the stock).
pub(super) fn two_draw_choice(
    v: &View<'_>,
    unseen: &Unseen,
    pool: &mut Unseen,
    top: Card,
    counted: Option<(i32, i32)>,
) -> Option<bool> {
    let hand = v.hand.as_slice();
    let h: [i32; 5] = std::array::from_fn(|i| signed(hand[i]));
    let hb: [u64; 5] = std::array::from_fn(|i| rank_bit(hand[i]));
    let need5 = number(v.head) - number(v.starters[v.seat]) - h.iter().sum::<i32>();
    let limit = v.rank_limit;
    let (pool, o, take) = match counted {
        Some((o, t)) if pool_is_unseen(v) => (unseen, o, t),
        _ => {
            fill_pool(v, unseen, pool);
            let pool = &*pool;
            let o = hand_outs(pool, limit, true, &h, &hb, need5);
            // The best five kept with `top` (top discarded again is not a take).
            let (t, tb) = (signed(top), rank_bit(top));
            let s6 = [h[0], h[1], h[2], h[3], h[4], t];
            let rb6 = [hb[0], hb[1], hb[2], hb[3], hb[4], tb];
            let with_top = keep_outs(pool, limit, true, &s6, &rb6, need5 - t);
            (pool, o, *with_top[..5].iter().max().expect("five keeps"))
        }
    };
    let lo = (MID - 13) as usize;
    let n: i64 = pool[lo..lo + 27].iter().map(|&k| i64::from(k)).sum();
    if n < 2 {
        return None;
    }
    let (o, take) = (i64::from(o), i64::from(take) * (n - 1));
    // The stock keeps at least the hand's outs for the second draw.
    let bound = o * (n - 1) + (n - o) * o;
    if take <= bound && bound > 0 {
        return Some(false);
    }
    let hand = Five::new(pool, limit, &h, &hb, need5);
    if take == 0 {
        // Neither completes by the bound; the stock's chance decides whether it is zero.
        return (hand.stock_two_draws(pool, n, o, 1) > 0).then_some(false);
    }
    Some(hand.stock_two_draws(pool, n, o, take) < take)
}

/// The outs of the five cards of values `h` (rank bits `hb`, `need5` to go) over `pool`;
/// with `distinct`, a card whose value an earlier card has adds none (the same replacement).
pub(super) fn hand_outs(
    pool: &Unseen,
    limit: Option<u8>,
    distinct: bool,
    h: &[i32; 5],
    hb: &[u64; 5],
    need5: i32,
) -> i32 {
    let rc5: u64 = hb.iter().sum();
    (0..5)
        .filter(|&i| !distinct || !h[..i].contains(&h[i]))
        .map(|i| outs_for(pool, limit, need5 + h[i], rc5 - hb[i]))
        .sum()
}

/// The ten pairs of five hand cards.
const PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// A five-card hand worked out once for every stock card (see [`Five::stock_two_draws`]).
struct Five {
    h: [i32; 5],
    limit: Option<u8>,
    /// Per hand card `i`: the outs replacing the stock card once `i` made way for it (the
    /// cards completing the hand in place of `i`: the same whatever the stock card).
    a: [i32; 5],
    /// Bit `value + 13` for each value in the hand, and for each value completing it.
    values: u32,
    completing: u32,
    /// Per pair `(i, j)` of [`PAIRS`]: a card replacing `j` once `i` made way for a stock
    /// card `x` has value `sum - x`; the three other cards' rank bits; whether `j`'s
    /// replacement counts for the five kept with `i` out (`wi`: no earlier card but `i` has
    /// `j`'s value) and `i`'s with `j` out (`wj`).
    sum: [i32; 10],
    rest: [u64; 10],
    wi: [i32; 10],
    wj: [i32; 10],
}

impl Five {
    fn new(pool: &Unseen, limit: Option<u8>, h: &[i32; 5], hb: &[u64; 5], need5: i32) -> Five {
        let rc5: u64 = hb.iter().sum();
        let first = |j: usize, out: usize| (0..j).all(|k| k == out || h[k] != h[j]);
        Five {
            h: *h,
            limit,
            a: std::array::from_fn(|i| outs_for(pool, limit, need5 + h[i], rc5 - hb[i])),
            values: h.iter().fold(0, |m, &x| m | 1 << (x + 13)),
            completing: (0..5).fold(0, |m, i| {
                let x = need5 + h[i];
                let ix = (x + MID) as usize & 255;
                let fits = !limit.is_some_and(|l| over_limit(rc5 - hb[i] + VALUE_RANK_BIT[ix], l));
                m | u32::from(x != 0 && x.abs() <= 13 && fits) << ((x + 13) & 31)
            }),
            sum: PAIRS.map(|(i, j)| need5 + h[i] + h[j]),
            rest: PAIRS.map(|(i, j)| rc5 - hb[i] - hb[j]),
            wi: PAIRS.map(|(i, j)| i32::from(first(j, i))),
            wj: PAIRS.map(|(i, j)| i32::from(first(i, j))),
        }
    }

    /// `N (N - 1)` times the chance that a stock draw completes the hand now or, keeping
    /// the best five, on the next draw (over `pool`, `n` cards; `o` the hand's outs); the
    /// sum stops once it reaches `stop`.
    ///
    /// With stock card `x` (not completing), the five kept with `i` out hold `x` and the
    /// other four: replacing `x` needs what replaced `i` ([`Five::a`]); replacing `j` needs
    /// `sum(i, j) - x`, from the pool less `x` itself, fitting beside the three others and
    /// `x`. A hand card of `x`'s value needs what `x` needs: counted once. Keeping the hand
    /// keeps its `o` outs (the pool less `x` differs only at `x`, not one of them).
    fn stock_two_draws(&self, pool: &Unseen, n: i64, o: i64, stop: i64) -> i64 {
        let (h, limit) = (&self.h, self.limit);
        // Every stock card keeps at least the hand's outs; the outs complete now.
        let mut total = o * (n - 1) + (n - o) * o;
        if total >= stop {
            return total;
        }
        // A pair's replacement `sum - x` is a card only for `x` within 13 of its sum: other
        // stock cards keep no more than the hand's outs.
        let lo = (self.sum.iter().copied().min().expect("ten pairs") - 13).max(-13);
        let hi = (self.sum.iter().copied().max().expect("ten pairs") + 13).min(13);
        for x in (lo..=hi).filter(|&x| x != 0) {
            let ix = (x + MID) as usize;
            let c = i64::from(pool[ix]);
            if c == 0 || self.completing & 1 << (x + 13) != 0 {
                continue;
            }
            let xb = VALUE_RANK_BIT[ix];
            let (mut wi, mut wj) = (self.wi, self.wj);
            if self.values & 1 << (x + 13) != 0 {
                // A hand card of x's value needs x's replacement: counted once.
                for (p, &(i, j)) in PAIRS.iter().enumerate() {
                    wi[p] *= i32::from(h[j] != x);
                    wj[p] *= i32::from(h[i] != x);
                }
            }
            let mut k = self.a;
            for (p, &(i, j)) in PAIRS.iter().enumerate() {
                let w = self.sum[p] - x;
                let iw = (w + MID) as usize & 255;
                let mut m = i32::from(pool[iw]) - i32::from(w == x);
                if limit.is_some_and(|l| over_limit(self.rest[p] + xb + VALUE_RANK_BIT[iw], l)) {
                    m = 0;
                }
                k[i] += m * wi[p];
                k[j] += m * wj[p];
            }
            let best = i64::from(k.iter().copied().max().expect("five keeps"));
            if best > o {
                total += c * (best - o);
                if total >= stop {
                    break;
                }
            }
        }
        total
    }
}

/// [`Five::stock_two_draws`] the plain way, for the tests: every stock value, the six
/// cards measured with [`keep_outs`] over the pool less the card drawn.
#[cfg(test)]
pub(super) fn stock_two_draws_plain(
    pool: &Unseen,
    limit: Option<u8>,
    h: &[i32; 5],
    hb: &[u64; 5],
    need5: i32,
) -> i64 {
    let lo = (MID - 13) as usize;
    let n: i64 = pool[lo..lo + 27].iter().map(|&k| i64::from(k)).sum();
    let mut pool = *pool;
    let mut total = 0;
    for x in (-13..=13).filter(|&x| x != 0) {
        let ix = (x + MID) as usize;
        let c = i64::from(pool[ix]);
        if c == 0 {
            continue;
        }
        let s6 = [h[0], h[1], h[2], h[3], h[4], x];
        let rb6 = [hb[0], hb[1], hb[2], hb[3], hb[4], VALUE_RANK_BIT[ix]];
        let rc6: u64 = rb6.iter().sum();
        let need6 = need5 - x;
        let valid = (0..5)
            .any(|j| need6 + s6[j] == 0 && !limit.is_some_and(|l| over_limit(rc6 - rb6[j], l)));
        pool[ix] -= 1;
        let outs = keep_outs(&pool, limit, true, &s6, &rb6, need6);
        pool[ix] += 1;
        total += c * if valid {
            n - 1
        } else {
            i64::from(*outs.iter().max().unwrap())
        };
    }
    total
}

/// The public face of [`Five`] for the tests: the fast sum with no early stop.
#[cfg(test)]
pub(super) fn stock_two_draws_fast(
    pool: &Unseen,
    limit: Option<u8>,
    h: &[i32; 5],
    hb: &[u64; 5],
    need5: i32,
) -> i64 {
    let lo = (MID - 13) as usize;
    let n: i64 = pool[lo..lo + 27].iter().map(|&k| i64::from(k)).sum();
    let o = i64::from(hand_outs(pool, limit, true, h, hb, need5));
    Five::new(pool, limit, h, hb, need5).stock_two_draws(pool, n, o, i64::MAX)
}
