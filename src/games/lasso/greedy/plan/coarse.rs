//! A coarse bracket of the stock pick-up's worth, tried before the exact one (`bound.rs`):
//! the bracket that decides is usually far from the best pile pick-up, so per-card bounds a
//! few points wide decide most pick-ups at a fraction of the exact bracket's work.
//!
//! For a hand `H` holding no set, each drawn card `x` is bracketed:
//! - from below by options of `stock_x` (the largest of its options is at least each):
//!   `x` put back, valued as it values it but for the cost of putting `x` down, taken as
//!   its least cost on a revealed top (never less than the cost it takes); when `x`
//!   completes no set, the option keeping it found best for its suit (as for the upper
//!   bound) and the hand kept with `x` as a blind card, in exact arithmetic less the
//!   rounding allowance; when it completes one, the option keeping that set with the best
//!   rest and the hand kept with `x`, valued as `stock_x` values them.
//! - from above, in exact arithmetic with a rounding allowance (`SLACK` of the magnitudes):
//!   every option ends the turn with a hand `K` that is `H` less at most two cards, plus
//!   `x` or not, less a cost that is not negative (all cost knobs checked). Without a set,
//!   `K` is worth `progress * pairs - penalty_weight * penalty`, and with `x` in it the
//!   pairs are those of `H` less the option's cards plus the cards there of `x`'s suit
//!   and rank: the best per suit of `x` is found once. With a set `T` (`x` completing the
//!   hand's three cards of a suit or of a rank), `K` is worth at most the set laid or kept,
//!   `max(set_weight, 1) * points(T)`, plus the best rest: `H` less `T`'s cards and the
//!   option's (or the worth of going out when nothing can be left). The option with the
//!   best rest, and the hand kept with `x`, valued exactly, bound it from below.
//! - A hand of one card refilled with `x` goes out: that option is valued exactly.
//!
//! The exact mean sums the drawn cards' `f32` values in order: its error is at most
//! `(n - 1) u` times the sum of their magnitudes (`u = 2^-24`), the division's `u` more;
//! the bracket allows far more (`SUM_SLACK`), then is rounded outwards to `f32`. Both are
//! used only where the exact bracket would be: the hand holds no set, owes none, and the
//! whole pick-up stays far within the work budget, so every value is the full path's.

use super::bound::{OPTION_WORK, SLACK};
use super::stock::suit_of;
use super::{Flat, Hand, NONE, Plan, Stay};
use crate::cards::{Card, CardSet};
use crate::games::lasso::greedy::eval::rank_count;
use crate::games::lasso::scoring::{classify, face, hand_penalty, pop13};
use crate::games::lasso::state::{Phase, same};

/// Allowance for the `f32` summation of the drawn cards' values and the division by their
/// number, relative to the sum of their magnitudes (over three times `52 * 2^-24`).
const SUM_SLACK: f64 = 1e-5;

/// The option keeping the drawn card that bounds a suit best: the pairs of the hand it
/// leaves (before the drawn card's rank is counted) and its penalty (before the drawn
/// card's), its cost of putting down (`None`: a refill pair) and the ranks it puts down
/// (`NO_RANK` for a second card of a single one). Its pairs count the hand's cards of the
/// suit it bounds.
#[derive(Clone, Copy)]
struct Arg {
    pairs: u32,
    pen: i32,
    down: Option<f32>,
    ranks: [u8; 2],
}

/// No rank: the second card of an option that puts down one card.
const NO_RANK: u8 = 13;

impl Plan<'_> {
    /// The coarse bracket of `stock_ev` (see the module docs), worked out once per
    /// decision; `None` where it does not apply. The work counted is put back.
    pub(in crate::games::lasso::greedy) fn coarse_bracket(&self) -> Option<(f32, f32)> {
        if let Some(b) = self.coarse.get() {
            return b;
        }
        let work = self.work.get();
        let b = self.coarse_now();
        self.work.set(work);
        self.coarse.set(Some(b));
        b
    }

    /// `coarse_bracket`, worked out.
    fn coarse_now(&self) -> Option<(f32, f32)> {
        let (g, v) = (self.g, self.v);
        if v.phase != Phase::Pickup || !self.live || self.unseen.is_empty() || v.owed.is_some() {
            return None;
        }
        let f = self.own.as_ref()?;
        let h = Hand {
            pile: false,
            ..self.hand()
        };
        let n = h.cards.len();
        if !self.stock_fits(n, OPTION_WORK) {
            return None;
        }
        let (sw, pw, ww) = (
            f64::from(g.set_weight),
            f64::from(g.progress),
            f64::from(g.penalty_weight),
        );
        let costs = [
            g.feed,
            self.bluff,
            self.mismatch,
            g.draw_cost,
            g.match_feed,
            g.rank_feed,
        ];
        let finite = pw >= 0.0 && pw.is_finite() && ww.is_finite() && sw.is_finite();
        if !(finite && costs.iter().all(|&c| c >= 0.0 && c.is_finite())) {
            return None;
        }
        let t = &self.tops;
        let any_open = t.top.iter().any(Option::is_some);
        let any_empty = t.empty.iter().any(|&e| e);
        if !(any_open || any_empty) {
            return None;
        }
        let stay = any_open.then(|| self.stay(t));
        let race = 100.0 / v.players as f32;
        // the least a hand kept with `x` (no set) loses to a blind card or draw-until-match
        let cut = stay.map_or(0.0, |st| {
            let (miss, dry) = (f64::from(st.miss), f64::from(st.dry));
            let blind = miss * f64::from(self.mismatch);
            let on = (1.0 - dry) * f64::from(g.draw_cost) + dry * f64::from(race);
            blind.min(on) * (1.0 - 1e-6)
        });
        let mut c = self.coarse_table(h, f, (pw, ww), cut, (any_open, any_empty));
        let ace = self.ace;
        let kept = self.sets_less(h, Some(f), CardSet::EMPTY);
        let pen_all = hand_penalty(h.cards, v.rules.ace_in_hand);
        let mag = 1.0
            + (sw.abs() + 1.0) * 240.0
            + pw * f64::from(f.pairs + 30)
            + ww.abs() * (f64::from(f.pen.abs()) + 2.0 * f64::from(ace.abs()) + 30.0)
            + f64::from(self.out.abs())
            + f64::from(g.draw_cost)
            + f64::from(self.mismatch)
            + f64::from(kept.0.abs())
            + 5.0 * f64::from(v.rules.ace_in_hand.abs())
            + 300.0;
        let slack = SLACK * mag;
        (c.slack, c.pen_all, c.race) = (slack, pen_all, race);
        // refilled with a hand card of its suit or rank (one card: out, below)
        if !(any_empty && n > 1) {
            c.by_suit = [f64::NEG_INFINITY; 4];
            c.by_rank = [f64::NEG_INFINITY; 13];
        }
        // a hand of one card refilled with `x` of its suit or rank goes out
        let lone = match c.cards[0] {
            one if n == 1 && any_empty => CardSet::suit(one.suit()) | CardSet::rank(one.rank()),
            _ => CardSet::EMPTY,
        };
        let suit_sets: [Option<Group>; 4] = std::array::from_fn(|s| {
            (c.counts[s] == 3).then(|| {
                let gone = CardSet((h.cards.0 >> (13 * s) & 0x1fff) << (13 * s));
                self.group(f, &c, gone, (pw, ww), any_open, any_empty)
            })
        });
        // what `x`'s rank count and penalty add to a hand keeping it, by its rank
        let add: [f64; 13] = std::array::from_fn(|r| {
            pw * f64::from(c.kr[r]) - ww * f64::from(if r == 0 { ace } else { face(r as u8) })
        });
        // by suit of `x`, real values less `x`'s part: the option found best for the suit,
        // and the hand kept with `x` as a blind card (its mismatch cost rounded up)
        let opt: [f64; 4] = std::array::from_fn(|s| {
            c.arg[s].map_or(f64::NEG_INFINITY, |o| {
                let d = o.down.map_or(0.0, f64::from);
                pw * f64::from(o.pairs) - ww * f64::from(o.pen) - d * (1.0 + 1e-6)
            })
        });
        let blind: [f64; 4] = std::array::from_fn(|s| match stay {
            Some(st) => {
                let miss = f64::from(st.miss) * f64::from(self.mismatch) * (1.0 + 1e-6);
                pw * f64::from(f.pairs + c.counts[s]) - ww * f64::from(f.pen) - miss
            }
            None => f64::NEG_INFINITY,
        });
        // `x` put back: that option's value, as `stock_x` works it out
        let put = |x: Card| match kept {
            (v, true) => v,
            (v, false) => v - self.down_cost(x, any_open, any_empty),
        };
        let (mut lo, mut hi) = (0.0f64, 0.0f64);
        let (mut least, mut most) = (f64::INFINITY, f64::NEG_INFINITY);
        #[cfg(test)]
        CARDS.with_borrow_mut(Vec::clear);
        for s in 0..4 {
            let mut bits = (self.unseen.0 >> (13 * s)) as u32 & 0x1fff;
            let (ns, keep, next) = (c.counts[s], c.keep[s], c.next[s]);
            let [r0, r1] = c.arg[s].map_or([NO_RANK; 2], |o| o.ranks);
            let (opt, blind, refill) = (opt[s], blind[s], c.by_suit[s]);
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let x = Card::from_index((13 * s + r) as u8);
                let (k, a) = (c.kr[r], add[r]);
                // refilled with a partner: the option's real value
                let refill = max(refill, c.by_rank[r]);
                let back = f64::from(put(x));
                let mut low = max(back, refill - slack);
                let mut high = max(back, refill);
                if ns < 3 && k < 3 {
                    let dr = u32::from(r0 as usize == r) + u32::from(r1 as usize == r);
                    low = max(low, max(opt - pw * f64::from(dr), blind) + a - slack);
                    // the option found best puts down `dr` cards of `x`'s rank; the others
                    // are worth at most `next`
                    let keep = match dr {
                        0 => keep,
                        _ => max(keep - pw * f64::from(dr), next),
                    };
                    high = max(high, keep + a);
                } else {
                    high = max(high, keep + a);
                    let (l, h) = self.coarse_set(x, &c, &suit_sets, (sw, pw, ww), stay);
                    low = max(low, l);
                    high = max(high, h);
                }
                if lone.contains(x) {
                    // refilled with the hand's one card: out
                    low = max(low, f64::from(self.out));
                    high = max(high, f64::from(self.out));
                }
                #[cfg(test)]
                CARDS.with_borrow_mut(|v| v.push((x, low, high, slack)));
                lo += low;
                hi += high;
                least = min(least, low);
                most = max(most, high);
            }
        }
        let hi = hi + slack * f64::from(self.unseen.len());
        let most = most + slack;
        // each drawn card is worth more than `NONE`: never the dead end
        if least <= f64::from(NONE) || !(least.is_finite() && most.is_finite()) {
            return None;
        }
        let n = f64::from(self.unseen.len());
        let mags = n * least.abs().max(most.abs());
        let (lo, hi) = ((lo - SUM_SLACK * mags) / n, (hi + SUM_SLACK * mags) / n);
        // rounded outwards: `as` rounds to the nearest `f32`, off by at most 2^-24 of it
        let lo = (lo - 1e-6 * (lo.abs() + 1.0)) as f32;
        let hi = (hi + 1e-6 * (hi.abs() + 1.0)) as f32;
        (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
    }

    /// Lower and upper bounds of `stock_x` for a drawn card `x` that completes a set with
    /// the hand's cards of its suit or of its rank (`suit_sets`: the suits' groups), from
    /// the options keeping that set (see the module docs), the options keeping no set aside.
    #[inline(never)]
    fn coarse_set(
        &self,
        x: Card,
        c: &Table,
        suit_sets: &[Option<Group>; 4],
        (sw, pw, ww): (f64, f64, f64),
        stay: Option<Stay>,
    ) -> (f64, f64) {
        let (s, r) = (suit_of(x), x.rank().index());
        let f = self.own.as_ref().expect("a hand without a set");
        let t = &self.tops;
        let any_open = t.top.iter().any(Option::is_some);
        let any_empty = t.empty.iter().any(|&e| e);
        let (ns, k) = (c.counts[s], c.kr[r as usize]);
        let by_rank = (k == 3).then(|| {
            let gone = f.cards & CardSet::rank(x.rank());
            self.group(f, c, gone, (pw, ww), any_open, any_empty)
        });
        let both = ns == 3 && k == 3;
        let (mut low, mut high) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for grp in [suit_sets[s], by_rank].into_iter().flatten() {
            let pts = classify(grp.gone.with(x)).map_or(0, |k| k.1);
            let p = f64::from(pts);
            high = max(high, (sw * p).max(p) + grp.hi + c.slack);
            if both {
                continue; // `stock_x` takes the long way: no exact option here
            }
            if let Some(o) = grp.best {
                let (v, out) = self.set_parts(pts, o.pairs, o.pen, o.empty).0;
                let v = match o.down {
                    Some(d) if !out => v - d,
                    _ => v,
                };
                low = max(low, f64::from(v));
            }
            if let Some(st) = stay {
                let o = grp.rest;
                let (step, value) = self.set_parts(pts, o.pairs, o.pen, o.empty);
                let v = self.stay_parts(c.pen_all, c.race, st, step, value, r);
                low = max(low, f64::from(v));
            }
        }
        (low, high)
    }

    /// What `coarse_now` works out once for hand `h` (numbers `f`, weights `pw`, `ww`).
    fn coarse_table(
        &self,
        h: Hand,
        f: &Flat,
        (pw, ww): (f64, f64),
        cut: f64,
        (any_open, any_empty): (bool, bool),
    ) -> Table {
        let counts: [u32; 4] = std::array::from_fn(|s| pop13((h.cards.0 >> (13 * s)) as u16));
        let mut c = Table {
            counts,
            kr: std::array::from_fn(|r| rank_count(h.cards, r as u8)),
            cards: [Card::from_index(0); FLAT],
            down: [0.0; FLAT],
            n: 0,
            keep: [f64::NEG_INFINITY; 4],
            next: [f64::NEG_INFINITY; 4],
            arg: [None; 4],
            by_suit: [f64::NEG_INFINITY; 4],
            by_rank: [f64::NEG_INFINITY; 13],
            slack: 0.0,
            pen_all: 0,
            race: 0.0,
        };
        // per suit of `x`: the best option keeping it (real value less `x`'s rank count
        // and penalty), which, and the best of the others
        let (top, next, arg) = (&mut c.keep, &mut c.next, &mut c.arg);
        let mut see = |a: f64, s_out: [usize; 2], o: Arg| {
            for (s, ((t, n), g)) in top
                .iter_mut()
                .zip(next.iter_mut())
                .zip(arg.iter_mut())
                .enumerate()
            {
                let ds = u32::from(s_out[0] == s) + u32::from(s_out[1] == s);
                let a = a + pw * f64::from(counts[s] - ds);
                if a > *t {
                    *n = *t;
                    *t = a;
                    *g = Some(Arg {
                        pairs: o.pairs + counts[s] - ds,
                        ..o
                    });
                } else {
                    *n = max(*n, a);
                }
            }
        };
        for (i, card) in h.cards.into_iter().enumerate() {
            c.cards[i] = card;
            let (pairs, pen) = f.less(CardSet::from_card(card));
            let d = self.down_cost(card, any_open, any_empty);
            c.down[i] = d;
            let base = pw * f64::from(pairs) - ww * f64::from(pen);
            let (cs, cr) = (suit_of(card), usize::from(card.rank().index()));
            c.by_suit[cs] = max(c.by_suit[cs], base);
            c.by_rank[cr] = max(c.by_rank[cr], base);
            let o = Arg {
                pairs,
                pen,
                down: Some(d),
                ranks: [card.rank().index(), NO_RANK],
            };
            see(base - f64::from(d) * (1.0 - 1e-6), [suit_of(card), 4], o);
            c.n += 1;
        }
        if any_empty {
            // refills with a pair of hand cards
            let cards = &c.cards[..c.n];
            for (i, &a) in cards.iter().enumerate() {
                for &b in &cards[i + 1..] {
                    if same(a, b) {
                        let (pairs, pen) = f.less(CardSet::from_card(a).with(b));
                        let o = Arg {
                            pairs,
                            pen,
                            down: None,
                            ranks: [a.rank().index(), b.rank().index()],
                        };
                        let base = pw * f64::from(pairs) - ww * f64::from(pen);
                        see(base, [suit_of(a), suit_of(b)], o);
                    }
                }
            }
        }
        if any_open {
            // the hand kept with `x` (a blind card or draw-until-match), less the least
            // either loses
            for (s, &n) in counts.iter().enumerate() {
                let a = pw * f64::from(f.pairs + n) - ww * f64::from(f.pen) - cut;
                c.keep[s] = c.keep[s].max(a);
                c.next[s] = c.next[s].max(a);
            }
        }
        c
    }

    /// The rest of the hand when the drawn card completes a set with its cards `gone`
    /// (see `Group`).
    fn group(
        &self,
        f: &Flat,
        c: &Table,
        gone: CardSet,
        (pw, ww): (f64, f64),
        any_open: bool,
        any_empty: bool,
    ) -> Group {
        let left = f.cards - gone;
        let numbers = |cut: CardSet| {
            let (pairs, pen) = f.less(gone | cut);
            let empty = (left - cut).is_empty();
            (
                pw * f64::from(pairs) - ww * f64::from(pen),
                empty,
                pairs,
                pen,
            )
        };
        let (a, empty, pairs, pen) = numbers(CardSet::EMPTY);
        let rest = Rest {
            pairs,
            pen,
            empty,
            down: None,
        };
        let mut grp = Group {
            gone,
            hi: f64::NEG_INFINITY,
            best: None,
            rest,
        };
        let mut top = f64::NEG_INFINITY;
        let out = f64::from(self.out);
        if any_open {
            // the hand kept with `x`: bounds only (its exact value is `stay_parts`)
            grp.hi = if empty { a.max(out) } else { a };
        }
        let mut see = |a: f64, empty: bool, o: Rest| {
            grp.hi = grp.hi.max(if empty { a.max(out) } else { a });
            if a > top {
                top = a;
                grp.best = Some(o);
            }
        };
        let cards = &c.cards[..c.n];
        for (i, &x) in cards.iter().enumerate() {
            if !left.contains(x) {
                continue;
            }
            let one = CardSet::from_card(x);
            let (a, empty, pairs, pen) = numbers(one);
            let d = c.down[i];
            let o = Rest {
                pairs,
                pen,
                empty,
                down: Some(d),
            };
            see(a - f64::from(d) * (1.0 - 1e-6), empty, o);
            if any_empty {
                for &y in &cards[i + 1..] {
                    if left.contains(y) && same(x, y) {
                        let (a, empty, pairs, pen) = numbers(one.with(y));
                        let o = Rest {
                            pairs,
                            pen,
                            empty,
                            down: None,
                        };
                        see(a, empty, o);
                    }
                }
            }
        }
        grp
    }
}

#[cfg(test)]
thread_local! {
    /// Tests only: each drawn card's bounds in the last coarse bracket worked out (the card,
    /// its lower and upper bounds, the rounding allowance the upper one is owed).
    pub(super) static CARDS: std::cell::RefCell<Vec<(Card, f64, f64, f64)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Hands holding no set hold at most 12 cards.
const FLAT: usize = 12;

/// What `coarse_now` works out once for the hand: its cards of each suit and rank, its
/// cards and their least costs of putting down, per suit of the drawn card the best option
/// keeping it (real value less the drawn card's rank count and penalty, the hand kept with
/// it among them, less the least a blind card or draw-until-match loses), the option and
/// the best of the other options, the best hand less one card of each suit and of each
/// rank (refilled with a drawn card of that suit or rank).
struct Table {
    counts: [u32; 4],
    kr: [u32; 13],
    cards: [Card; FLAT],
    down: [f32; FLAT],
    n: usize,
    keep: [f64; 4],
    next: [f64; 4],
    arg: [Option<Arg>; 4],
    by_suit: [f64; 4],
    by_rank: [f64; 13],
    /// The rounding allowance of an option's value, the hand's full penalty and the share
    /// of the +100 lost to a dead end (as `Prep` holds them).
    slack: f64,
    pen_all: i32,
    race: f32,
}

/// The hand's cards `gone` that a drawn card completes a set with, the best real value of
/// what an option keeping that set leaves besides it (`hi`; the worth of going out where
/// it leaves nothing), that option (`None` with none), and the rest of the whole hand.
#[derive(Clone, Copy)]
struct Group {
    gone: CardSet,
    hi: f64,
    best: Option<Rest>,
    rest: Rest,
}

/// What an option keeping a set leaves besides it: pairs, penalty, whether nothing, and its
/// cost of putting down (`None`: a refill pair, or the hand kept whole).
#[derive(Clone, Copy)]
struct Rest {
    pairs: u32,
    pen: i32,
    empty: bool,
    down: Option<f32>,
}

/// The larger of two numbers that are not NaN (one instruction, where `f64::max` also
/// orders NaN).
#[inline(always)]
fn max(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// The smaller of two numbers that are not NaN.
#[inline(always)]
fn min(a: f64, b: f64) -> f64 {
    if a < b { a } else { b }
}
