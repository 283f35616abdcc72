//! The per-suit tables `stock_bounds` (in `bound.rs`) works out once per decision: for each
//! suit of a drawn card, the best option keeping it among those that leave a hand without a
//! set, and (for a suit the hand holds 3 cards of) among those that leave the suit's set,
//! with the largest magnitude summed for the rounding allowance.

use super::stock::{FAST, Less, Prep};
use super::{Hand, Plan};
use crate::cards::{CardSet, Suit};
use crate::games::lasso::greedy::eval::pairs;
use crate::games::lasso::scoring::hand_penalty;

impl Plan<'_> {
    /// The per-suit tables of `stock_bounds` (`None` when a magnitude is not finite).
    pub(super) fn tables<const K: usize>(
        &self,
        h: Hand,
        p: &Prep<K>,
        (sw, pw, ww): (f64, f64, f64),
    ) -> Option<Tables> {
        let mut t = Tables::default();
        // the largest magnitude of an option leaving a hand without a set: its pairs are at
        // most those of the hand less its cards plus 3 (the drawn card's suit)
        let magnitude = |pairs: u32, pen: i32, d: f64| {
            (pw * f64::from(pairs + 2)).abs()
                + (ww * (f64::from(pen.abs()) + 22.0)).abs()
                + d.abs()
                + (sw.abs() + 1.0) * 100.0
        };
        for i in 0..p.n {
            let d = f64::from(p.down[i]);
            if d.is_finite() {
                t.mag = t.mag.max(magnitude(p.less[i].pairs + 3, p.less[i].pen, d));
            }
        }
        if p.any_empty {
            for (l, _, _) in &p.two[..p.m] {
                t.mag = t.mag.max(magnitude(l.pairs + 3, l.pen, 0.0));
            }
        }
        for s in 0..4 {
            let ns = p.counts[s];
            if ns == 3 {
                self.set_suit(h, p, &mut t, s, (sw, pw, ww));
                continue;
            }
            // options leaving a hand without a set: the first best, as `set_suit` finds it
            let (top, arg) = (&mut t.top[s], &mut t.arg[s]);
            for i in 0..p.n {
                let d = f64::from(p.down[i]);
                if !d.is_finite() {
                    continue; // never put down: the option is worth -inf
                }
                let l = &p.less[i];
                let ds = u32::from(usize::from(p.suit[i]) == s);
                let pairs = l.pairs + ns - ds;
                let a = pw * f64::from(pairs) - ww * f64::from(l.pen) - d;
                if a > *top {
                    *top = a;
                    *arg = (i, pairs, l.pen);
                }
            }
            if p.any_empty {
                for (k, (l, i, j)) in p.two[..p.m].iter().enumerate() {
                    let (i, j) = (*i as usize, *j as usize);
                    let ds = u32::from(usize::from(p.suit[i]) == s)
                        + u32::from(usize::from(p.suit[j]) == s);
                    let pairs = l.pairs + ns - ds;
                    let a = pw * f64::from(pairs) - ww * f64::from(l.pen);
                    if a > *top {
                        *top = a;
                        *arg = (FAST + k, pairs, l.pen);
                    }
                }
            }
        }
        t.mag.is_finite().then_some(t)
    }

    /// The tables of suit `s`, of which the hand holds 3 cards: a drawn card of it
    /// completes the suit's set with the options that keep them.
    fn set_suit<const K: usize>(
        &self,
        h: Hand,
        p: &Prep<K>,
        t: &mut Tables,
        s: usize,
        (sw, pw, ww): (f64, f64, f64),
    ) {
        let ace = p.ace;
        let ns = p.counts[s];
        let whole = CardSet::suit(Suit::ALL[s]);
        // the rest of the hand plus the set: a blind card or draw-until-match
        let rest = h.cards - whole;
        t.all[s] = (pairs(rest), hand_penalty(rest, ace), rest.is_empty());
        let mut see = |k: usize, l: &Less, cut: CardSet, ds: u32, down: f32| {
            let (pairs, pen) = if ds == 0 {
                // `x` completes the suit's set: the rest is the same for every `x`
                let rest = h.cards - cut - whole;
                if rest.is_empty() {
                    t.cut[s] = true; // it may go out: valued in full
                    return;
                }
                (pairs(rest), hand_penalty(rest, ace))
            } else {
                (l.pairs + ns - ds, l.pen)
            };
            let d = f64::from(down);
            if !d.is_finite() {
                return; // never put down: the option is worth -inf
            }
            let a = pw * f64::from(pairs) - ww * f64::from(pen) - d;
            let m = (pw * f64::from(pairs + 2)).abs()
                + (ww * (f64::from(pen.abs()) + 22.0)).abs()
                + d.abs()
                + (sw.abs() + 1.0) * 100.0;
            t.mag = t.mag.max(m);
            let (top, arg) = if ds == 0 {
                (&mut t.set_top[s], &mut t.set_arg[s])
            } else {
                (&mut t.top[s], &mut t.arg[s])
            };
            if a > *top {
                *top = a;
                *arg = (k, pairs, pen);
            }
        };
        for i in 0..p.n {
            let ds = u32::from(usize::from(p.suit[i]) == s);
            let cut = CardSet::from_card(p.cards[i]);
            see(i, &p.less[i], cut, ds, p.down[i]);
        }
        if p.any_empty {
            for (k, (l, i, j)) in p.two[..p.m].iter().enumerate() {
                let (i, j) = (*i as usize, *j as usize);
                let ds =
                    u32::from(usize::from(p.suit[i]) == s) + u32::from(usize::from(p.suit[j]) == s);
                let cut = CardSet::from_card(p.cards[i]).with(p.cards[j]);
                see(FAST + k, l, cut, ds, 0.0);
            }
        }
    }
}

/// Per suit of a drawn card, what `stock_bounds` works out once: the best option keeping
/// it among those leaving a hand without a set, and among those leaving the suit's set
/// (real values less the drawn card's part, the option and the pairs and penalty of the
/// rest), the rest of the whole hand besides that set, whether some option goes out.
pub(super) struct Tables {
    pub(super) top: [f64; 4],
    pub(super) arg: [(usize, u32, i32); 4],
    pub(super) set_top: [f64; 4],
    pub(super) set_arg: [(usize, u32, i32); 4],
    pub(super) all: [(u32, i32, bool); 4],
    pub(super) cut: [bool; 4],
    /// The largest magnitude summed, for the rounding allowance.
    pub(super) mag: f64,
}

impl Default for Tables {
    fn default() -> Self {
        Tables {
            top: [f64::NEG_INFINITY; 4],
            arg: [(usize::MAX, 0, 0); 4],
            set_top: [f64::NEG_INFINITY; 4],
            set_arg: [(usize::MAX, 0, 0); 4],
            all: [(0, 0, false); 4],
            cut: [false; 4],
            mag: 0.0,
        }
    }
}
