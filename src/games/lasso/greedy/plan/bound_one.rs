//! The stock pick-up of a hand holding exactly one set `S` decided by bounds, as `bound.rs`
//! does for a hand holding none (see its module docs for the argument).
//!
//! A drawn card `x` with fewer than 3 cards of its suit and of its rank in the hand makes
//! no new set: every hand it leaves holds `S` or nothing. Kept in place of a card outside
//! `S` (or of a refill pair outside it), the hand's set step is `S` kept or laid, worth
//! `max(set_weight, 1) * points(S)` plus the value of the rest, in exact arithmetic; kept in
//! place of a card of `S`, the hand holds no set. Either way the rest's pairs are those of
//! the hand less the option's cards (less `S` where it stays) plus the cards there of the
//! suit of `x` and of its rank, its penalty theirs plus that of `x`. So over the options of
//! one suit of `x`, the best of each kind (keeping `S`, breaking it) is found once, and the
//! rank count and penalty of `x` are added: an upper bound once rounding is allowed for. The
//! best options, valued as `stock_x` values them, and the options that do not keep `x`, are
//! lower bounds. A drawn card of the set's suit, when the set is of one suit, makes five
//! cards of it and is bracketed by `bracket_suited`; any other drawn card is valued in full.
//!
//! Bounds are used only with one set left to lay (the set steps then count little work) and
//! where the whole pick-up cannot reach the budget, so every value is the full path's.

use super::bound::SLACK;
use super::five::suit_points;
use super::quick::One;
use super::stock::{At, FAST, Less, Prep};
use super::{Hand, Plan};
use crate::cards::{CardSet, Suit};
use crate::games::lasso::greedy::eval::{pairs, rank_count};
use crate::games::lasso::scoring::{face, hand_penalty, pop13};

/// Hands of at most this many cards are bracketed: at most C(8, 2) refill pairs.
const MOST: usize = 8;
const PAIRS: usize = MOST * (MOST - 1) / 2;

/// The most work one option of one drawn card counts in `stock_x` with one set left to
/// lay: a hand of at most 9 cards holding one set before the drawn card holds at most 7
/// after it, each looked at (1) with its rest valued (16 when that holds a set), and the
/// hand itself valued (16).
const OPTION_WORK: u32 = 16 + 7 * 17;

/// Per suit of a drawn card, the best option keeping it among those that keep `S` and among
/// those that break it: real value less the drawn card's part, and the option.
struct Best {
    top: [f64; 4],
    arg: [usize; 4],
}

impl Best {
    fn new() -> Best {
        Best {
            top: [f64::NEG_INFINITY; 4],
            arg: [usize::MAX; 4],
        }
    }
}

impl Plan<'_> {
    /// `stock_bracket` for hand `h` (nothing owed, the stock live, some card unseen) when it
    /// holds exactly one set.
    pub(super) fn bracket_one(&self, h: Hand) -> Option<(f32, f32)> {
        let n = h.cards.len();
        if n as usize > MOST || self.left != 1 {
            return None;
        }
        let one = One::of(h.cards, self.ace)?;
        if !self.stock_fits(n, OPTION_WORK) {
            return None;
        }
        let mut p = Prep::<PAIRS>::new();
        self.stock_prep(h, &mut p);
        if !(p.any_open || p.any_empty) {
            return None;
        }
        self.stock_bounds_one(h, &p, &one)
    }

    /// Lower and upper bounds of `stock_sum(h, p)` for a hand holding exactly the one set
    /// of `one` (see the module docs); `None` with a negative or unbounded `progress`.
    pub(super) fn stock_bounds_one<const K: usize>(
        &self,
        h: Hand,
        p: &Prep<K>,
        one: &One,
    ) -> Option<(f32, f32)> {
        let (sw, pw, ww) = (
            f64::from(self.g.set_weight),
            f64::from(self.g.progress),
            f64::from(self.g.penalty_weight),
        );
        if !(pw >= 0.0 && pw.is_finite() && ww.is_finite() && sw.is_finite()) {
            return None;
        }
        let pts = f64::from(one.pts);
        let with_set = (sw * pts).max(pts);
        let in_set: [u32; 4] = std::array::from_fn(|s| pop13((one.set.0 >> (13 * s)) as u16));
        let (mut keep, mut broken) = (Best::new(), Best::new());
        // with a set of one suit: the options breaking it by one card (exactly valued for a
        // drawn card of its suit) and the best breaking it by two
        let mut swaps = [Swap::default(); SWAPS];
        let mut n_swaps = 0;
        let mut two_top = f64::NEG_INFINITY;
        let mut mag = 0.0f64;
        let mut see = |k: usize, l: &Less, cut: CardSet, down: f32, pair: bool| {
            let d = f64::from(down);
            let gone = (cut & one.set).len();
            if gone == 1 && n_swaps < SWAPS {
                let rest = h.cards - cut - one.set;
                swaps[n_swaps] = Swap {
                    rank: (cut & one.set).first().map_or(0, |c| c.rank().index()),
                    pairs: pairs(rest),
                    pen: hand_penalty(rest, p.ace),
                    empty: rest.is_empty(),
                    down: (!pair).then_some(down),
                };
                n_swaps += 1;
            } else if gone == 2 {
                two_top = two_top.max(pw * f64::from(l.pairs + 2) - ww * f64::from(l.pen) - d);
            }
            if !d.is_finite() {
                return; // never put down: the option is worth -inf
            }
            let (base, pairs, pen, best) = match &l.one {
                Some(o) => (with_set, o.pairs, o.pen, &mut keep),
                None => (0.0, l.pairs, l.pen, &mut broken),
            };
            for (s, &inside) in in_set.iter().enumerate() {
                let whole = CardSet::suit(Suit::ALL[s]);
                let mut ns = p.counts[s] - (cut & whole).len();
                if l.one.is_some() {
                    ns -= inside;
                }
                let a = base + pw * f64::from(pairs + ns) - ww * f64::from(pen) - d;
                if a > best.top[s] {
                    best.top[s] = a;
                    best.arg[s] = k;
                }
            }
            let m = (pw * f64::from(pairs + 8)).abs()
                + (ww * (f64::from(pen.abs()) + 22.0)).abs()
                + d.abs()
                + (sw.abs() + 1.0) * 200.0
                + f64::from(self.g.draw_cost).abs();
            mag = mag.max(m);
        };
        for i in 0..p.n {
            see(
                i,
                &p.less[i],
                CardSet::from_card(p.cards[i]),
                p.down[i],
                false,
            );
        }
        if p.any_empty {
            for (k, (l, i, j)) in p.two[..p.m].iter().enumerate() {
                let cut = CardSet::from_card(p.cards[*i as usize]).with(p.cards[*j as usize]);
                see(FAST + k, l, cut, 0.0, true);
            }
        }
        if !mag.is_finite() || n_swaps == SWAPS {
            return None;
        }
        let suited = Suited {
            suit: (0..4).find(|&s| in_set[s] == 4),
            swaps: &swaps[..n_swaps],
            two_top,
            stay: p.stay.map(|_| {
                let r = h.cards - one.set;
                pw * f64::from(pairs(r)) - ww * f64::from(hand_penalty(r, p.ace))
                    + f64::from(-self.g.draw_cost).max(0.0)
            }),
            with_set,
            keep_top: keep.top,
            keep_arg: keep.arg,
        };
        let slack = SLACK * (1.0 + mag);
        let rest = h.cards - one.set;
        let mut owed = 0u32;
        let (mut lo, mut hi) = (0.0f32, 0.0f32);
        for x in self.unseen {
            let at = At::of(x, p.ace);
            let (s, rx) = (at.suit, at.rank);
            let ns = p.counts[s];
            let kr = rank_count(h.cards, rx);
            if Some(s) == suited.suit && kr < 3 {
                let (low, high) = self.bracket_suited(p, one, &suited, x, at, slack);
                lo += low;
                hi += high;
                continue;
            }
            if ns >= 3 || kr >= 3 {
                let v = self.stock_x(h, p, x, &mut owed);
                lo += v;
                hi += v;
                continue;
            }
            // the options that do not keep `x`, and the best options keeping it, exactly
            let kept = p.kept;
            let mut low = if kept.1 {
                kept.0
            } else {
                kept.0 - self.down_cost(x, p.any_open, p.any_empty)
            };
            let sr = rank_count(one.set, rx);
            let step = |l: &Less, ds: u32, dr: u32| match &l.one {
                Some(o) => {
                    let pairs = o.pairs + (ns - ds - in_set[s]) + (kr - dr - sr);
                    self.set_parts(o.pts, pairs, o.pen + at.pen, false).0
                }
                None => {
                    let pairs = l.pairs + (ns - ds) + (kr - dr);
                    (self.g.combine(0, pairs, l.pen + at.pen), false)
                }
            };
            for best in [&keep, &broken] {
                let k = best.arg[s];
                if k != usize::MAX {
                    low = low.max(self.option(p, k, step, s as u8, rx));
                }
            }
            if p.any_empty {
                low = low.max(p.by_suit[s]).max(p.by_rank[rx as usize]);
            }
            if let Some(stay) = p.stay {
                let (q, r) = (one.pairs + (ns - in_set[s]) + (kr - sr), one.pen + at.pen);
                let step = self.set_parts(one.pts, q, r, false).0;
                let value = self.g.combine(one.pts, q, r);
                low = low.max(self.stay_value(p, stay, step, value, rx));
            }
            let kept_set = keep.top[s] + pw * f64::from(rank_count(rest, rx));
            let high = kept_set.max(broken.top[s] + pw * f64::from(kr)) - ww * f64::from(at.pen);
            let high = low.max((high + slack) as f32);
            lo += low;
            hi += high;
        }
        let n = self.unseen.len() as f32;
        Some((lo / n, hi / n))
    }
}

/// Room for the options breaking a set of one suit by one card: a hand card of the set,
/// or a refill pair of one and a hand card of its rank.
const SWAPS: usize = 16;

/// An option that puts down one card of a set of one suit (of rank `rank`): a drawn card
/// of that suit completes the set again, leaving a rest with `pairs` and penalty `pen`
/// (`empty`: none); `down`: the cost of putting the card down (`None` for a refill).
#[derive(Clone, Copy, Default)]
struct Swap {
    rank: u8,
    pairs: u32,
    pen: i32,
    empty: bool,
    down: Option<f32>,
}

/// What `bracket_suited` reads: the suit of the hand's set when it is of one suit, the
/// options breaking it, the best option breaking it by two cards (its real value less the
/// drawn card's part), the value of the rest of the whole hand with what a blind card or
/// draw-until-match can add at most, the set's worth kept or laid, and the best options
/// keeping the set.
struct Suited<'s> {
    suit: Option<usize>,
    swaps: &'s [Swap],
    two_top: f64,
    stay: Option<f64>,
    with_set: f64,
    keep_top: [f64; 4],
    keep_arg: [usize; 4],
}

impl Plan<'_> {
    /// Lower and upper bounds of `stock_x` for a drawn card `x` of the suit of the hand's
    /// set `S` (of one suit), fewer than 3 of its rank in hand. With it the hand holds five
    /// cards of the suit and no other set. An option keeping all five (a card or two put
    /// down outside them, or none) is worth at most the best of laying or keeping one of the
    /// five 4-subsets `T`, `max(set_weight, 1) * points(T)` plus the value of the rest: the
    /// option's other cards and the card `T` leaves out, whose pairs with them are at most
    /// the hand's cards of its rank outside `S`. An option putting down one card of `S` holds
    /// `S` less it plus `x`, valued exactly as `one_set` values it; one putting down two holds
    /// no set. The options that do not keep `x` are valued exactly.
    fn bracket_suited<const K: usize>(
        &self,
        p: &Prep<K>,
        one: &One,
        t: &Suited<'_>,
        x: crate::cards::Card,
        at: At,
        slack: f64,
    ) -> (f32, f32) {
        let (sw, pw, ww) = (
            f64::from(self.g.set_weight),
            f64::from(self.g.progress),
            f64::from(self.g.penalty_weight),
        );
        let (s, rx) = (at.suit, at.rank);
        let rest = self.v.hand - one.set;
        let pen = |r: u8| if r == 0 { p.ace } else { face(r) };
        let kept = p.kept;
        let mut low = if kept.1 {
            kept.0
        } else {
            kept.0 - self.down_cost(x, p.any_open, p.any_empty)
        };
        // the five 4-subsets: the set itself (leaving `x` out), and the set less each card
        // plus `x`
        let bits = (one.set.0 >> (13 * s)) as u16 & 0x1fff;
        let mut most = t.with_set + pw * f64::from(rank_count(rest, rx)) - ww * f64::from(at.pen);
        let mut swapped = [0i32; 13];
        let mut todo = bits;
        while todo != 0 {
            let r = todo.trailing_zeros() as u8;
            todo &= todo - 1;
            let pts = suit_points(bits & !(1 << r) | 1 << rx);
            swapped[r as usize] = pts;
            let v = sw.max(1.0) * f64::from(pts) + pw * f64::from(rank_count(rest, r))
                - ww * f64::from(pen(r));
            most = most.max(v);
        }
        for w in t.swaps {
            let (v, out) = self
                .set_parts(swapped[w.rank as usize], w.pairs, w.pen, w.empty)
                .0;
            low = low.max(match w.down {
                Some(d) if !out => v - d,
                _ => v,
            });
        }
        if p.any_empty {
            low = low.max(p.by_suit[s]).max(p.by_rank[rx as usize]);
        }
        let mut high =
            t.two_top + pw * f64::from(rank_count(self.v.hand, rx)) - ww * f64::from(at.pen);
        if t.keep_arg[s] != usize::MAX {
            high = high.max(most + t.keep_top[s] - t.with_set);
        }
        if let Some(stay) = t.stay {
            high = high.max(most + stay);
        }
        (low, low.max((high + slack) as f32))
    }
}
