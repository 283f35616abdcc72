//! The stock pick-up decided by bounds. The stock is the last pick-up listed, so all that
//! matters of its worth is whether it beats the best pile pick-up: the mean over the unseen
//! cards of the best turn each leaves is bracketed from below and above, and worked out in
//! full only when the bracket straddles that best.
//!
//! A drawn card `x` that completes no set with the hand (fewer than 3 cards of its suit and
//! of its rank there) leaves only hands without a set, each valued
//! `progress * pairs - penalty_weight * penalty`, less the cost of putting a card down. Kept
//! in place of hand card `c` (or of a refill pair), the pairs are those of the hand less `c`
//! plus the hand's cards of `x`'s suit and rank (less `c`'s), the penalty that of the hand
//! less `c` plus `x`'s. So over the options of one suit of `x`, the best is found once (in
//! exact arithmetic) and `x`'s rank count and penalty added: an upper bound once rounding is
//! allowed for (a generous `SLACK` of the magnitudes: an `f32` operation is off by at most
//! 2^-24 of its result); the option found, valued as `stock_x` values it, is a lower bound,
//! as are the options that do not keep `x` (put back, refills with it, a blind card,
//! draw-until-match), valued exactly. A card that completes a set is valued in full.
//!
//! Each bound sums in the order the exact mean does, and a float sum is monotone in each
//! term, so the bounds bracket the exact mean bit for bit. The work the set steps count is
//! put back to what it was, and the bounds are used only where the whole pick-up cannot
//! reach the budget (`BUDGET`): every value is then the one the full path finds.

use super::bound_tables::Tables;
use super::stock::{At, FAST, Less, Prep};
use super::{BUDGET, Flat, Hand, Plan};
use crate::cards::{Card, CardSet};
use crate::games::lasso::greedy::eval::rank_count;
use crate::games::lasso::scoring::{classify, face};
use crate::games::lasso::state::{Phase, same};

/// A hand holding no set holds at most 3 cards of a suit: 12 cards, and at most
/// 4 * C(3, 2) same-suit and 4 * C(3, 2) same-rank pairs (refill pairs).
const FLAT: usize = 12;
const FLAT_PAIRS: usize = 24;

/// Rounding allowance, relative to the magnitudes summed (100 times the worst case of a
/// few `f32` operations).
pub(super) const SLACK: f64 = 1e-5;

/// Work the pile pick-ups of one decision are allowed besides the stock's when the stock is
/// bracketed before them (single-card takes onto a hand without a set count a few hundred).
const MARGIN: u32 = 50_000;

/// Rounding allowance of `take_high`, relative to the bound (a few `f32` roundings).
const TAKE_SLACK: f32 = 1e-4;

/// The most work one option of one drawn card counts in `stock_x` when the hand holds no
/// set: a hand less a card or two, plus the drawn card, holds at most two sets (one of the
/// drawn card's suit, one of its rank), valued (16) and each laid (1 + 1).
pub(super) const OPTION_WORK: u32 = 20;

impl Plan<'_> {
    /// Whether the stock pick-up of a hand of `n` cards, counting at most `option_work` a
    /// drawn card's option, plus a wide margin for the pile pick-ups, stays within the
    /// budget: the bounds then bracket the full path's values.
    pub(super) fn stock_fits(&self, n: u32, option_work: u32) -> bool {
        let options = 2 + n + n * n.saturating_sub(1) / 2;
        let most = 2 + n + self.unseen.len() * options * option_work + MARGIN;
        self.work.get().saturating_add(most) <= BUDGET
    }

    /// The score of the stock pick-up (`bonus` plus its worth) when it is the last action
    /// and `best` the best score before it: a value that beats `best` exactly when the full
    /// score does (the full score itself when the bounds do not decide). `None` where the
    /// stock is not bracketed (`stock_bracket`).
    pub(in crate::games::lasso::greedy) fn stock_score(
        &self,
        bonus: f32,
        best: f32,
    ) -> Option<f32> {
        if let Some((lo, hi)) = self.coarse_bracket()
            && let Some(s) = decide(bonus + lo, bonus + hi, best)
        {
            return Some(s);
        }
        let (lo, hi) = self.stock_bracket()?;
        Some(
            decide(bonus + lo, bonus + hi, best)
                .unwrap_or_else(|| bonus + self.stock_ev(self.hand())),
        )
    }

    /// A lower bound of the stock pick-up's worth, for the pile pick-ups that cannot reach
    /// it: the coarse bracket's where it applies, else the exact one's.
    pub(in crate::games::lasso::greedy) fn stock_low(&self) -> Option<f32> {
        self.coarse_bracket()
            .or_else(|| self.stock_bracket())
            .map(|b| b.0)
    }

    /// Lower and upper bounds of the stock pick-up's worth (`stock_ev`), worked out once per
    /// decision; `None` unless the hand holds no set and owes none, the stock is live and
    /// some card is unseen, and all the work the pick-up decision can count stays far within
    /// the budget (then every value is the one the full path finds, whatever the order the
    /// work is counted in). The work counted here is put back.
    pub(in crate::games::lasso::greedy) fn stock_bracket(&self) -> Option<(f32, f32)> {
        if let Some(b) = self.bracket.get() {
            return b;
        }
        let work = self.work.get();
        let b = self.bracket_now();
        self.work.set(work);
        self.bracket.set(Some(b));
        b
    }

    /// `stock_bracket`, worked out.
    fn bracket_now(&self) -> Option<(f32, f32)> {
        let v = self.v;
        if v.phase != Phase::Pickup || !self.live || self.unseen.is_empty() || v.owed.is_some() {
            return None;
        }
        let h = Hand {
            pile: false,
            ..self.hand()
        };
        let n = h.cards.len();
        if self.own.is_none() {
            return self.bracket_one(h);
        }
        if n as usize > FLAT {
            return None;
        }
        if !self.stock_fits(n, OPTION_WORK) {
            return None;
        }
        let mut p = Prep::<FLAT_PAIRS>::new();
        self.stock_prep(h, &mut p);
        if !p.flat || !(p.any_open || p.any_empty) {
            return None;
        }
        self.stock_bounds(h, &p)
    }

    /// An upper bound of the worth of taking the top of pile `p` alone (`pickup`), when
    /// the hand plus it holds no set: every option ends the turn with the hand less a card
    /// or two (or with all of it) less a cost that is not negative, so the best of those
    /// hands' values bounds it (with a rounding allowance for draw-until-match, a weighted
    /// mean). `None` where a cost knob is negative or the bound does not apply.
    pub(in crate::games::lasso::greedy) fn take_high(&self, p: usize) -> Option<f32> {
        let (g, v) = (self.g, self.v);
        let costs = [
            g.feed,
            g.match_feed,
            g.rank_feed,
            self.bluff,
            self.mismatch,
            g.draw_cost,
            g.tempo,
            g.undo,
        ];
        if !costs.iter().all(|&c| c >= 0.0 && c.is_finite()) || v.owed.is_some() {
            return None;
        }
        let t = v.piles[p].open_top()?;
        let hand = v.hand.with(t);
        if hand.len() < 3 {
            return None; // a discard may go out
        }
        let f = Flat::of(hand, g.ace(v))?;
        let empty = self.tops.empty.iter().any(|&e| e) || v.piles[p].up.len() == 1;
        let mut hi = g.combine(0, f.pairs, f.pen);
        for c in hand {
            let one = CardSet::from_card(c);
            let (pairs, pen) = f.less(one);
            hi = hi.max(g.combine(0, pairs, pen));
            if empty {
                // a refill with a partner from the hand
                for d in hand {
                    if d.index() > c.index() && same(c, d) {
                        let (pairs, pen) = f.less(one.with(d));
                        hi = hi.max(g.combine(0, pairs, pen));
                    }
                }
            }
        }
        if !hi.is_finite() {
            return None;
        }
        Some(hi + TAKE_SLACK * (hi.abs() + 1.0))
    }

    /// Lower and upper bounds of `stock_sum(h, p)` for a hand holding no set (see the
    /// module docs); `None` with a negative or unbounded `progress`.
    pub(super) fn stock_bounds<const K: usize>(&self, h: Hand, p: &Prep<K>) -> Option<(f32, f32)> {
        let (sw, pw, ww) = (
            f64::from(self.g.set_weight),
            f64::from(self.g.progress),
            f64::from(self.g.penalty_weight),
        );
        if !(pw >= 0.0 && pw.is_finite() && ww.is_finite() && sw.is_finite()) {
            return None;
        }
        let t = self.tables(h, p, (sw, pw, ww))?;
        let slack = SLACK * (1.0 + t.mag);
        let ace = p.ace;
        let kr_of: [u32; 13] = std::array::from_fn(|r| rank_count(h.cards, r as u8));
        let mut owed = 0u32;
        let (mut lo, mut hi) = (0.0f32, 0.0f32);
        // the unseen cards suit by suit, each by rank: the order of `for x in self.unseen`
        for s in 0..4 {
            let mut bits = (self.unseen.0 >> (13 * s)) as u32 & 0x1fff;
            let ns = p.counts[s];
            let flat = (ns < 3).then(|| Suited::of(p, &t, s, pw, ww));
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let x = Card::from_index((13 * s + r) as u8);
                let kr = kr_of[r];
                let (low, high) = match &flat {
                    Some(f) if kr < 3 => self.bracket_flat(p, f, x, r, kr, slack),
                    _ if kr >= 3 || ns > 3 || (ns == 3 && t.cut[s]) => {
                        let v = self.stock_x(h, p, x, &mut owed);
                        (v, v)
                    }
                    _ => self.bracket(h, p, &t, x, At::of(x, ace), slack),
                };
                lo += low;
                hi += high;
            }
        }
        let n = self.unseen.len() as f32;
        Some((lo / n, hi / n))
    }

    /// `bracket` for a drawn card `x` of rank `r` of a suit the hand holds fewer than 3 of,
    /// `kr` (under 3) cards of its rank: every option keeping it leaves a hand without a
    /// set. The same values `bracket` works out, with the suit's part (`f`) worked out once.
    #[inline]
    fn bracket_flat<const K: usize>(
        &self,
        p: &Prep<K>,
        f: &Suited,
        x: Card,
        r: usize,
        kr: u32,
        slack: f64,
    ) -> (f32, f32) {
        let pen = if r == 0 { p.ace } else { face(r as u8) };
        let kept = p.kept;
        let mut low = if kept.1 {
            kept.0
        } else {
            kept.0 - self.down_cost(x, p.any_open, p.any_empty)
        };
        match f.option {
            Opt::One {
                pairs,
                pen: q,
                down,
                rank,
            } => {
                let dr = u32::from(rank == r as u8);
                let v = self.g.combine(0, pairs + kr - dr, q + pen);
                low = low.max(v - down);
            }
            Opt::Two {
                pairs,
                pen: q,
                ri,
                rj,
            } => {
                let dr = u32::from(ri == r as u8) + u32::from(rj == r as u8);
                low = low.max(self.g.combine(0, pairs + kr - dr, q + pen));
            }
            Opt::No => {}
        }
        if p.any_empty {
            low = low.max(f.by_suit).max(p.by_rank[r]);
        }
        let keep = f.top + f.pw * f64::from(kr) - f.ww * f64::from(pen);
        if let Some(stay) = p.stay {
            let v = self.g.combine(0, f.all_pairs + kr, p.all.pen + pen);
            low = low.max(self.stay_value(p, stay, (v, false), v, r as u8));
        }
        (low, low.max((keep + slack) as f32))
    }

    /// Lower and upper bounds of `stock_x` for a drawn card `x` (`at`) that completes no
    /// set with the hand but the set of its suit (the hand holding 3 cards of it), if any.
    #[inline]
    fn bracket<const K: usize>(
        &self,
        h: Hand,
        p: &Prep<K>,
        t: &Tables,
        x: Card,
        at: At,
        slack: f64,
    ) -> (f32, f32) {
        let (pw, ww) = (f64::from(self.g.progress), f64::from(self.g.penalty_weight));
        let s = at.suit;
        let ns = p.counts[s];
        let kr = rank_count(h.cards, at.rank);
        let (sx, rx) = (s as u8, at.rank);
        // the options that do not keep `x`, and the best options keeping it, exactly
        let kept = p.kept;
        let mut low = if kept.1 {
            kept.0
        } else {
            kept.0 - self.down_cost(x, p.any_open, p.any_empty)
        };
        let (k, _, _) = t.arg[s];
        if k != usize::MAX {
            low = low.max(self.option(
                p,
                k,
                |l, ds, dr| {
                    let v = self
                        .g
                        .combine(0, l.pairs + (ns - ds) + (kr - dr), l.pen + at.pen);
                    (v, false)
                },
                sx,
                rx,
            ));
        }
        if p.any_empty {
            low = low.max(p.by_suit[s]).max(p.by_rank[rx as usize]);
        }
        let keep = t.top[s] + pw * f64::from(kr) - ww * f64::from(at.pen);
        let mut high = keep;
        if ns < 3 {
            if let Some(stay) = p.stay {
                let all = &p.all;
                let v = self.g.combine(0, all.pairs + ns + kr, all.pen + at.pen);
                low = low.max(self.stay_value(p, stay, (v, false), v, rx));
            }
        } else {
            // `x` completes the suit's set: the same set for every option that keeps the
            // suit's three cards
            let set = (h.cards & CardSet::suit(x.suit())).with(x);
            let pts = classify(set).map_or(0, |k| k.1);
            if let Some(stay) = p.stay {
                let (ap, aq, empty) = t.all[s];
                let (step, value) = self.set_parts(pts, ap, aq, empty);
                low = low.max(self.stay_value(p, stay, step, value, rx));
            }
            let (k, sp, sq) = t.set_arg[s];
            if k != usize::MAX {
                let step = self.set_parts(pts, sp, sq, false).0;
                low = low.max(self.option(p, k, |_, _, _| step, sx, rx));
                let sw = f64::from(self.g.set_weight);
                let pts = f64::from(pts);
                let laid = if self.left > 0 {
                    pts
                } else {
                    f64::NEG_INFINITY
                };
                high = high.max((sw * pts).max(laid) + t.set_top[s]);
            }
        }
        let high = low.max((high + slack) as f32);
        (low, high)
    }

    /// The value `stock_x` gives option `k` (hand card `k`, or refill pair `k - FAST`) for a
    /// drawn card of suit `sx` and rank `rx`, the set step of the hand it leaves being
    /// `step` of that hand less the option's cards and the numbers of the suit and rank of
    /// `x` they take with them.
    #[inline]
    pub(super) fn option<const K: usize>(
        &self,
        p: &Prep<K>,
        k: usize,
        step: impl Fn(&Less, u32, u32) -> (f32, bool),
        sx: u8,
        rx: u8,
    ) -> f32 {
        if k < FAST {
            let ds = u32::from(p.suit[k] == sx);
            let dr = u32::from(p.rank[k] == rx);
            let (v, out) = step(&p.less[k], ds, dr);
            if out { v } else { v - p.down[k] }
        } else {
            let (l, i, j) = &p.two[k - FAST];
            let (i, j) = (*i as usize, *j as usize);
            let ds = u32::from(p.suit[i] == sx) + u32::from(p.suit[j] == sx);
            let dr = u32::from(p.rank[i] == rx) + u32::from(p.rank[j] == rx);
            step(l, ds, dr).0
        }
    }
}

/// What `bracket_flat` reads of a suit the hand holds fewer than 3 cards of: the best
/// option keeping the drawn card (the pairs of the hand it leaves less the drawn card's
/// rank, its penalty less the drawn card's, its cost of putting down, and the ranks of the
/// cards it puts down), the best refill of the drawn card by suit, the pairs of the whole
/// hand with the suit's cards, the suit's best option's bound and the weights.
struct Suited {
    option: Opt,
    by_suit: f32,
    all_pairs: u32,
    top: f64,
    pw: f64,
    ww: f64,
}

/// The best option of `Suited`: a hand card put down, a refill pair, or none.
#[derive(Clone, Copy)]
enum Opt {
    One {
        pairs: u32,
        pen: i32,
        down: f32,
        rank: u8,
    },
    Two {
        pairs: u32,
        pen: i32,
        ri: u8,
        rj: u8,
    },
    No,
}

impl Suited {
    fn of<const K: usize>(p: &Prep<K>, t: &Tables, s: usize, pw: f64, ww: f64) -> Suited {
        let ns = p.counts[s];
        let (k, _, _) = t.arg[s];
        let option = if k == usize::MAX {
            Opt::No
        } else if k < FAST {
            let l = &p.less[k];
            let ds = u32::from(usize::from(p.suit[k]) == s);
            Opt::One {
                pairs: l.pairs + (ns - ds),
                pen: l.pen,
                down: p.down[k],
                rank: p.rank[k],
            }
        } else {
            let (l, i, j) = &p.two[k - FAST];
            let (i, j) = (*i as usize, *j as usize);
            let ds =
                u32::from(usize::from(p.suit[i]) == s) + u32::from(usize::from(p.suit[j]) == s);
            Opt::Two {
                pairs: l.pairs + (ns - ds),
                pen: l.pen,
                ri: p.rank[i],
                rj: p.rank[j],
            }
        };
        Suited {
            option,
            by_suit: p.by_suit[s],
            all_pairs: p.all.pairs + ns,
            top: t.top[s],
            pw,
            ww,
        }
    }
}

/// The score of a stock pick-up bracketed by `lo` and `hi` (bonus added) against the best
/// score before it: `lo` when it beats `best`, `hi` when it does not reach it, `None` when
/// the bracket straddles `best` (or a number is not finite).
fn decide(lo: f32, hi: f32, best: f32) -> Option<f32> {
    if lo.is_finite() && hi.is_finite() && best.is_finite() {
        if lo > best {
            return Some(lo);
        }
        if hi <= best {
            return Some(hi);
        }
    }
    None
}
