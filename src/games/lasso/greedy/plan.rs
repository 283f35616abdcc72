//! The turn planner of `greedy`: the best way to finish the turn after each option, over the
//! cards the seat can see (see the module docs of `greedy`).

use super::eval::{Sole, sole_set};
use super::{Greedy, RECALL, SET_SCAN};
use crate::cards::{Card, CardSet};
use crate::games::lasso::rules::EmptyStock;
use crate::games::lasso::scoring::{
    best_set_exact, can_set_with, classify, each_set, hand_penalty, has_set,
};
use crate::games::lasso::state::{Action, Phase, SLOTS, pair_ok};
use crate::games::lasso::view::View;
use std::cell::Cell;

mod quick;
mod stock;
mod tops;

use super::eval::pairs;
use quick::Flat;
use tops::{Costs, Tops};

/// A value below every real plan: an option that cannot be finished.
const NONE: f32 = f32::MIN / 8.0;

/// One hand step of the plan: the cards, the card a set must hold, whether the hand also
/// holds an unseen stock card (then it cannot go out), and whether this turn's pick-up came
/// from a pile (then ending the turn with the hand it started with wastes the turn).
#[derive(Clone, Copy)]
struct Hand {
    cards: CardSet,
    owed: Option<Card>,
    extra: bool,
    pile: bool,
}

impl Hand {
    /// True when the set obligation still holds after the hand loses `gone`.
    fn keeps(&self, gone: CardSet) -> bool {
        self.owed
            .is_none_or(|d| !gone.contains(d) && can_set_with(self.cards - gone, d))
    }

    fn less(self, gone: CardSet) -> Hand {
        Hand {
            cards: self.cards - gone,
            ..self
        }
    }
}

/// What the planner knows at one decision of its own turn.
pub(super) struct Plan<'a> {
    g: &'a Greedy,
    v: &'a View<'a>,
    tops: Tops,
    /// The stock can give a card.
    live: bool,
    /// Sets still allowed this turn.
    left: u8,
    /// The cards this seat cannot place (what a stock card may be).
    unseen: CardSet,
    /// What a hand-card bluff costs when the round goes on.
    bluff: f32,
    /// What a revealed mismatch of ours costs.
    mismatch: f32,
    /// The worth of going out now.
    out: f32,
    /// The hand at the start of this turn, when known: ending the turn with it after a
    /// pile pick-up wastes the turn.
    start: Option<CardSet>,
    /// The hands at the start of its last turns: ending a turn with one of them after a
    /// pile pick-up undoes its own exchanges.
    before: [Option<CardSet>; RECALL],
    /// Work done for this decision (sets looked at, hands valued: 16 for a hand with a set): past `BUDGET` the set
    /// step lays only the best set by points (found without enumerating), so that every
    /// decision takes bounded time whatever the hand size and knob values.
    work: Cell<u32>,
    /// The set step's results in this decision, by hand (direct-mapped): the same hand comes
    /// back for every pile a card may go onto, and for every stock card put straight back.
    memo: [Cell<Memo>; MEMO],
    /// Which cards cost what on this decision's table (see `least_cost`), and the table's
    /// costs of keeping the hand (`Stay`).
    costs: Costs,
    stay: Cell<Option<Stay>>,
    /// Per card, `miss` of that card alone (NaN until computed).
    miss1: [Cell<f32>; 52],
    /// The numbers of the hand to play, when it holds no set and owes none.
    own: Option<Flat>,
}

/// One remembered set step: the hand's cards, its other fields and the steps left, the result.
type Memo = (u64, u32, f32, bool);

/// Slots of the set-step memo.
const MEMO: usize = 64;

/// What keeping the hand costs on this decision's table: the least mismatch chance of a
/// blind card on a revealed top, and the chance that draw-until-match runs the stock dry.
#[derive(Clone, Copy)]
struct Stay {
    miss: f32,
    dry: f32,
}

/// The work one decision may do before the set step goes to its bounded form. Ordinary
/// hands never reach it (the CSV of default play is unchanged); hoarded hands of 30 and
/// more cards with several sets a turn would otherwise take seconds per decision.
const BUDGET: u32 = 200_000;

impl<'a> Plan<'a> {
    /// The planner for `v`, the view of the seat to act.
    pub(super) fn new(
        g: &'a Greedy,
        v: &'a View<'a>,
        start: Option<CardSet>,
        before: [Option<CardSet>; RECALL],
    ) -> Plan<'a> {
        let mismatch = g.mismatch_cost(v);
        let mut tops = Tops {
            top: std::array::from_fn(|p| v.piles[p].open_top()),
            under: std::array::from_fn(|p| {
                let up = v.piles[p].up;
                let open = !v.piles[p].down && up.len() >= 2;
                open.then(|| up[up.len() - 2])
            }),
            empty: std::array::from_fn(|p| v.piles[p].up.is_empty() && !v.piles[p].down),
            fit: [CardSet::EMPTY; SLOTS],
            three: [CardSet::EMPTY; SLOTS],
        };
        for p in 0..SLOTS {
            tops.mask(p);
        }
        Plan {
            g,
            v,
            tops,
            live: v.stock_live(),
            left: v.rules.sets_per_turn.saturating_sub(v.laid),
            unseen: v.unseen(),
            bluff: g.bluff_risk * mismatch + g.bluff_margin,
            mismatch,
            out: g.out_value(v)
                + if g.late(v) {
                    2.0 * super::IMPATIENCE
                } else {
                    0.0
                },
            start,
            before,
            work: Cell::new(0),
            memo: std::array::from_fn(|_| Cell::new((u64::MAX, 0, 0.0, false))),
            costs: tops.costs(),
            stay: Cell::new(None),
            miss1: std::array::from_fn(|_| Cell::new(f32::NAN)),
            own: match v.owed {
                None => Flat::of(v.hand, g.ace(v)),
                Some(_) => None,
            },
        }
    }

    /// The least cost of putting `c` on one of the revealed tops (`pile_cost`) of the table
    /// whose `costs` are `k`: on a top it matches, nothing or `feed` (`0.0 + feed`, as
    /// `pile_cost` adds it); on one it does not, the bluff (`bluff + 0.0`: a top a card does
    /// not match never makes three of a suit or rank with it). The least of the kinds of top
    /// it finds is the least over the tops: a minimum does not depend on the order.
    #[inline]
    fn least_cost(&self, k: &Costs, c: Card) -> f32 {
        let mut x = f32::MAX;
        if k.free.contains(c) {
            x = x.min(0.0 + 0.0);
        }
        if k.fed.contains(c) {
            x = x.min(0.0 + self.g.feed);
        }
        if k.bluffed.contains(c) {
            x = x.min(self.bluff + 0.0);
        }
        x
    }

    /// What keeping the hand costs on table `t` (see `Stay`), remembered for the
    /// decision's own table.
    fn stay(&self, t: &Tops) -> Stay {
        let own = std::ptr::eq(t, &self.tops);
        if own && let Some(s) = self.stay.get() {
            return s;
        }
        let s = Stay {
            miss: (0..SLOTS)
                .filter_map(|p| t.top[p])
                .map(|x| self.miss([x]))
                .fold(f32::MAX, f32::min),
            dry: self.dry(t.top.iter().flatten().copied()),
        };
        if own {
            self.stay.set(Some(s));
        }
        s
    }

    /// Counts `n` units of work; true when the decision's budget is spent.
    #[inline]
    fn spend(&self, n: u32) -> bool {
        let w = self.work.get().saturating_add(n);
        self.work.set(w);
        w > BUDGET
    }

    fn hand(&self) -> Hand {
        Hand {
            cards: self.v.hand,
            owed: self.v.owed,
            extra: false,
            pile: true,
        }
    }

    /// The chance that an unseen card shares neither rank nor suit with any of `cards`.
    fn miss(&self, cards: impl IntoIterator<Item = Card>) -> f32 {
        let mut fits = CardSet::EMPTY;
        for c in cards {
            fits |= CardSet::suit(c.suit()) | CardSet::rank(c.rank());
        }
        let n = self.unseen.len().max(1) as f32;
        (self.unseen - fits).len() as f32 / n
    }

    /// `miss` of card `c` alone, remembered for the decision.
    #[inline]
    fn miss_one(&self, c: Card) -> f32 {
        let cell = &self.miss1[c.index() as usize];
        let x = cell.get();
        if !x.is_nan() {
            return x;
        }
        let x = self.miss([c]);
        cell.set(x);
        x
    }

    /// The chance that draw-until-match runs the stock dry (the round then ends with no
    /// bonus): that none of the stock's cards, drawn from the cards this seat cannot place,
    /// matches a revealed top. With `empty_stock=reshuffle` it counts as never dry.
    fn dry(&self, tops: impl IntoIterator<Item = Card>) -> f32 {
        let n = self.v.stock_len as u32;
        if n == 0 || self.v.rules.empty_stock == EmptyStock::Reshuffle {
            return 0.0;
        }
        let total = self.unseen.len();
        let misses = (self.miss(tops) * total as f32).round() as u32;
        if misses < n.min(total) {
            return 0.0; // the loop below would stop there with 0
        }
        let mut p = 1.0f32;
        for i in 0..n.min(total) {
            if misses <= i {
                return 0.0;
            }
            p *= (misses - i) as f32 / (total - i) as f32;
        }
        p
    }

    /// The worth of `a`, one of this seat's legal actions in its own turn.
    pub(super) fn action(&self, a: Action) -> f32 {
        let h = self.hand();
        match (self.v.phase, a) {
            (Phase::Pickup, _) => self.pickup(a),
            (Phase::Set | Phase::SetLow(_), Action::Lay(s)) => self.lay(h, s, self.left),
            (Phase::Set, Action::SetLow(c)) => {
                let mut best = NONE;
                each_set(h.cards, h.owed, |s| {
                    if s.first() == Some(c) {
                        best = best.max(self.lay(h, s, self.left));
                    }
                });
                best
            }
            (Phase::Set, _) => self.end(h).0,
            (Phase::Refill(..), Action::RefillWith(c)) => {
                self.sets_less(h, self.own(), CardSet::from_card(c)).0
            }
            (Phase::Refill(_, first), _) => self.refill_stock(h, first),
            (Phase::Drawn(c), _) => self.sets_less(h, self.own(), CardSet::from_card(c)).0,
            _ => self.discard(h, &self.tops, a),
        }
    }

    /// The end of the turn with hand `h`: its value, and whether it went out.
    fn end(&self, h: Hand) -> (f32, bool) {
        self.end_has(h, has_set(h.cards))
    }

    /// `end`, told whether the hand holds a set.
    fn end_has(&self, h: Hand, has: bool) -> (f32, bool) {
        let ace = self.g.ace(self.v);
        self.end_with(h, has, || self.g.value_has(h.cards, ace, has), ace)
    }

    /// `end_has`, given how to value the hand (`value`, within the budget).
    #[inline]
    fn end_with(&self, h: Hand, has: bool, value: impl FnOnce() -> f32, ace: i32) -> (f32, bool) {
        match (h.cards.is_empty(), h.extra) {
            (true, false) => (self.out, true),
            (true, true) => (0.0, false),
            _ => {
                let wasted = h.pile && self.start == Some(h.cards);
                let tempo = if wasted { self.g.tempo } else { 0.0 };
                let undone = h.pile && self.before.contains(&Some(h.cards));
                let undo = if undone { self.g.undo } else { 0.0 };
                // valuing a hand that holds a set looks at up to `SET_SCAN` sets
                let cost = if has { 16 } else { 1 };
                let value = if self.spend(cost) {
                    self.g.value_exact(h.cards, ace)
                } else {
                    value()
                };
                (value - tempo - undo, false)
            }
        }
    }

    /// The round ends now with no bonus (a dead stock was needed): the hand counts in full,
    /// and this seat's share of the race for the +100 (as if the race were even) is lost.
    fn dead_end(&self, h: Hand) -> f32 {
        self.dead_end_valued(h, self.g.value(h.cards, self.g.ace(self.v)))
    }

    /// `dead_end`, given the hand's value.
    fn dead_end_valued(&self, h: Hand, value: f32) -> f32 {
        let full = -(hand_penalty(h.cards, self.v.rules.ace_in_hand) as f32);
        let race = 100.0 / self.v.players as f32;
        full.min(value) - race
    }

    /// The set step: the best of laying each set (up to `left` of them) or passing
    /// (remembered by hand within the decision).
    fn sets(&self, h: Hand, left: u8) -> (f32, bool) {
        let (slot, meta) = self.memo_slot(h, left);
        let (k, m, v, out) = slot.get();
        if k == h.cards.0 && m == meta {
            return (v, out);
        }
        let (v, out) = self.sets_now(h, left);
        slot.set((h.cards.0, meta, v, out));
        (v, out)
    }

    /// The memo slot of `h` with `left` sets allowed, and the key's other fields.
    #[inline]
    fn memo_slot(&self, h: Hand, left: u8) -> (&Cell<Memo>, u32) {
        let meta = u32::from(h.owed.map_or(u8::MAX, Card::index))
            | u32::from(h.extra) << 8
            | u32::from(h.pile) << 9
            | u32::from(left) << 10;
        let slot = &self.memo[(h.cards.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize];
        (slot, meta)
    }

    /// The set step, worked out. A hand with no set owed that holds no set or exactly one
    /// (almost every hand) is worked out at once, as the general path below would.
    fn sets_now(&self, h: Hand, left: u8) -> (f32, bool) {
        if h.owed.is_none() {
            match sole_set(h.cards) {
                Sole::No => return self.end_has(h, false),
                Sole::One(s) => {
                    // the one set is the best; kept or laid, the rest is valued the same
                    let pts = classify(s).map_or(0, |k| k.1);
                    let rest = h.cards - s;
                    let ace = self.g.ace(self.v);
                    let (p, q) = (pairs(rest), hand_penalty(rest, ace));
                    let mut best = self.end_with(h, true, || self.g.combine(pts, p, q), ace);
                    if left > 0 {
                        self.spend(1);
                        let pts = pts as f32;
                        // what is left holds no set: its set step is its end
                        let (v, out) =
                            self.end_with(h.less(s), false, || self.g.combine(0, p, q), ace);
                        if pts + v > best.0 {
                            best = (pts + v, out);
                        }
                    }
                    return best;
                }
                Sole::Many => {}
            }
        }
        let has = has_set(h.cards);
        let mut best = if h.owed.is_none() {
            self.end_has(h, has)
        } else {
            (NONE, false)
        };
        if left == 0 || h.cards.is_empty() || (h.owed.is_none() && !has) {
            return best;
        }
        if self.spend(0) {
            // over budget: the best set by points only
            if let Some((pts, s)) = best_set_exact(h.cards, h.owed) {
                let rest = Hand {
                    owed: None,
                    ..h.less(s)
                };
                let (v, out) = self.sets(rest, left - 1);
                if pts as f32 + v > best.0 {
                    best = (pts as f32 + v, out);
                }
            }
            return best;
        }
        let mut n = 0;
        each_set(h.cards, h.owed, |s| {
            if n < SET_SCAN {
                n += 1;
                self.spend(1);
                let pts = classify(s).map_or(0, |k| k.1) as f32;
                let (v, out) = self.sets(
                    Hand {
                        owed: None,
                        ..h.less(s)
                    },
                    left - 1,
                );
                if pts + v > best.0 {
                    best = (pts + v, out);
                }
            }
        });
        best
    }

    /// Laying `s` now, then the best further sets.
    fn lay(&self, h: Hand, s: CardSet, left: u8) -> f32 {
        let pts = classify(s).map_or(0, |k| k.1) as f32;
        let rest = Hand {
            owed: None,
            ..h.less(s)
        };
        pts + self.sets(rest, left.saturating_sub(1)).0
    }

    /// What putting `c` on pile `p` costs when the round goes on: a bluff's cost when it
    /// matches the top in neither rank nor suit, and `feed` when it makes the top three
    /// cards one suit or one rank (a set for whoever holds one more: three cards can be
    /// taken at once).
    fn pile_cost(&self, t: &Tops, c: Card, p: usize) -> f32 {
        if t.top[p].is_none() {
            return 0.0;
        }
        let bluff = if t.fit[p].contains(c) {
            0.0
        } else {
            self.bluff
        };
        let three = t.three[p].contains(c);
        bluff + if three { self.g.feed } else { 0.0 }
    }

    /// A discard from `h` onto pile `p`, then the set step.
    fn discard_card(&self, h: Hand, c: Card, t: &Tops, p: usize) -> f32 {
        let (v, out) = self.sets_less(h, self.own(), CardSet::from_card(c));
        if out { v } else { v - self.pile_cost(t, c, p) }
    }

    /// A refill's second card from the stock (unseen, face down on `first`), from `h`
    /// less `gone`; `flat`: the numbers of `h`, if known.
    fn refill_stock_less(&self, h: Hand, flat: Option<&Flat>, gone: CardSet, first: Card) -> f32 {
        if !self.live {
            return self.dead_end(h.less(gone));
        }
        let (v, out) = self.sets_less(h, flat, gone);
        if out {
            v
        } else {
            v - self.miss([first]) * self.mismatch
        }
    }

    /// A refill's second card from the stock (unseen, face down on `first`).
    fn refill_stock(&self, h: Hand, first: Card) -> f32 {
        if !self.live {
            return self.dead_end(h);
        }
        let (v, out) = self.sets(h, self.left);
        if out {
            v
        } else {
            v - self.miss([first]) * self.mismatch
        }
    }

    /// The best refill starting with hand card `c`: a partner from the hand, or the stock.
    fn refill(&self, h: Hand, c: Card) -> f32 {
        let one = CardSet::from_card(c);
        let flat = self.own();
        let mut best = if self.live {
            self.refill_stock_less(h, flat, one, c)
        } else {
            NONE
        };
        for d in h.cards - one {
            if pair_ok(c, d) && h.keeps(one.with(d)) {
                best = best.max(self.sets_less(h, flat, one.with(d)).0);
            }
        }
        best
    }

    /// The worth of discard-step action `a` from hand `h` with the table `t`.
    fn discard(&self, h: Hand, t: &Tops, a: Action) -> f32 {
        let open = || t.top.iter().flatten().copied();
        match a {
            Action::Discard(c, p) => self.discard_card(h, c, t, p as usize),
            Action::Refill(_, c) => self.refill(h, c),
            _ if !self.live => self.dead_end(h),
            Action::Blind(p) => {
                let (v, out) = self.sets_less(h, self.own(), CardSet::EMPTY);
                let top = t.top[p as usize];
                if out {
                    v
                } else {
                    v - self.miss(top) * self.mismatch
                }
            }
            Action::DrawUntil if open().next().is_some() => {
                let dry = self.dry(open());
                let on = self.sets(h, self.left).0 - self.g.draw_cost;
                (1.0 - dry) * on + dry * self.dead_end(h)
            }
            _ => NONE,
        }
    }

    /// The best discard step from hand `h` with the table `t` (a dead end when only the
    /// stock's moves are left and the stock is dead).
    fn best_discard(&self, h: Hand, t: &Tops) -> f32 {
        let ace = self.g.ace(self.v);
        let flat = match h.owed {
            None => Flat::of(h.cards, ace),
            Some(_) => None,
        };
        let flat = flat.as_ref();
        self.best_discard_with(
            h,
            t,
            |gone| self.sets_less(h, flat, gone),
            || match flat {
                Some(f) => {
                    let whole = self.sets_flat(h, self.left, f.pairs, f.pen);
                    (whole, self.g.combine(0, f.pairs, f.pen))
                }
                None => (self.sets(h, self.left), self.g.value(h.cards, ace)),
            },
        )
    }

    /// `best_discard`, given the set step after each discard and refill (`minus`: the hand
    /// less one card or two) and, for keeping the hand, its set step and its value (`whole`).
    fn best_discard_with(
        &self,
        h: Hand,
        t: &Tops,
        minus: impl Fn(CardSet) -> (f32, bool),
        whole: impl FnOnce() -> ((f32, bool), f32),
    ) -> f32 {
        let mut best = NONE;
        let any_open = t.top.iter().any(Option::is_some);
        let any_empty = t.empty.iter().any(|&e| e);
        let costs = if std::ptr::eq(t, &self.tops) {
            self.costs
        } else {
            t.costs()
        };
        for c in h.cards {
            let one = CardSet::from_card(c);
            if !h.keeps(one) {
                continue;
            }
            let (v, out) = minus(one);
            if any_open {
                // onto the pile where it costs least
                let cost = self.least_cost(&costs, c);
                best = best.max(if out { v } else { v - cost });
            }
            if any_empty {
                // `c` face up in an empty slot, the stock top or a partner on it
                if self.live {
                    let miss = if out {
                        0.0
                    } else {
                        self.miss_one(c) * self.mismatch
                    };
                    best = best.max(v - miss);
                }
                for d in h.cards - one {
                    if pair_ok(c, d) && h.keeps(one.with(d)) {
                        best = best.max(minus(one.with(d)).0);
                    }
                }
            }
        }
        if self.live && any_open {
            // the hand stays as it is: a blind card, or draw-until-match
            let ((v, out), value) = whole();
            let Stay { miss, dry } = self.stay(t);
            best = best.max(if out { v } else { v - miss * self.mismatch });
            let on = v - self.g.draw_cost;
            best = best.max((1.0 - dry) * on + dry * self.dead_end_valued(h, value));
        }
        if best == NONE { self.dead_end(h) } else { best }
    }

    /// The worth of pick-up action `a`: the best turn it leaves.
    fn pickup(&self, a: Action) -> f32 {
        let h = self.hand();
        match a {
            Action::Take(p, k) => {
                let (p, k) = (p as usize, k as usize);
                let up = self.v.piles[p].up;
                let taken = &up[up.len() - k..];
                let mut t = self.tops;
                t.top[p] = up.len().checked_sub(k + 1).map(|i| up[i]);
                t.under[p] = up.len().checked_sub(k + 2).map(|i| up[i]);
                t.empty[p] = t.top[p].is_none();
                t.mask(p);
                let hand = Hand {
                    cards: h.cards | taken.iter().copied().collect(),
                    owed: (k > 1).then_some(taken[0]),
                    ..h
                };
                self.best_discard(hand, &t)
            }
            Action::Stock if self.live => self.stock_ev(h),
            _ => self.dead_end(h),
        }
    }
}
