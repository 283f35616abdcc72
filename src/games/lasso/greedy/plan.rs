//! The turn planner of `greedy`: the best way to finish the turn after each option, over the
//! cards the seat can see (see the module docs of `greedy`).

use super::eval::{Sole, sole_set};
use super::{Greedy, RECALL, SET_SCAN};
use crate::cards::{Card, CardSet};
use crate::games::lasso::rules::EmptyStock;
use crate::games::lasso::scoring::{
    best_set_exact, can_set_with, classify, each_set, hand_penalty, has_set,
};
use crate::games::lasso::state::{Action, Phase, SLOTS};
use crate::games::lasso::view::View;
use std::cell::Cell;

mod bound;
mod bound_one;
mod bound_tables;
mod coarse;
mod discard;
mod five;
mod quick;
mod stock;
#[cfg(test)]
mod tests;
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
    /// An ace's penalty in the hand evaluation (`Greedy::ace`).
    ace: i32,
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
    /// `least_cost` by the kinds of top a card finds (`least_table`).
    least: [f32; 16],
    stay: Cell<Option<Stay>>,
    /// The unseen cards of each suit and of each rank, their number, and that number (at
    /// least 1) as a float: `miss` of one card from counts.
    unseen_suit: [u32; 4],
    unseen_rank: [u32; 13],
    unseen_len: u32,
    unseen_n: f32,
    /// The numbers of the hand to play, when it holds no set and owes none.
    own: Option<Flat>,
    /// The stock pick-up's worth bracketed (`stock_bracket`), once worked out.
    bracket: Cell<Option<Option<(f32, f32)>>>,
    /// Its coarse bracket (`coarse_bracket`), once worked out.
    coarse: Cell<Option<Option<(f32, f32)>>>,
    /// The card of the action valued just before (when a discard) and the set step after
    /// it: a card's discards onto each pile are listed one after another, and the memo
    /// would give the same step back (see `discard_card`).
    last_discard: Cell<Option<(Card, (f32, bool))>>,
}

/// One remembered set step: the hand's cards, its other fields and the steps left (with
/// `FILLED` set; all zero is an empty slot, so that a memo is cleared by zeroing it) and
/// whether it went out (`OUT`), its value.
type Memo = (u64, u32, f32);

/// An empty memo slot.
const EMPTY: Memo = (0, 0, 0.0);

/// The bits of a memo slot's fields: a filled slot, a step that went out.
const FILLED: u32 = 1 << 31;
const OUT: u32 = 1 << 30;

/// Slots of the set-step memo.
const MEMO: usize = 64;

/// The set step remembered in `slot` for hand `h` with fields `meta`, if any.
#[inline]
fn memo_hit(slot: &Cell<Memo>, h: Hand, meta: u32) -> Option<(f32, bool)> {
    let (k, m, v) = slot.get();
    (k == h.cards.0 && m & !OUT == meta).then_some((v, m & OUT != 0))
}

/// Remembers set step `(v, out)` of hand `h` with fields `meta` in `slot`.
#[inline]
fn memo_set(slot: &Cell<Memo>, h: Hand, meta: u32, (v, out): (f32, bool)) {
    slot.set((h.cards.0, meta | if out { OUT } else { 0 }, v));
}

/// `least_cost` of a card by the kinds of top it finds (`Costs::kinds`: bit 0 a top it
/// matches by rank without feeding, bit 1 one it matches and feeds, bit 2 one it does not
/// match, bit 3 one it matches by suit without feeding three: `matched`, knob `match_feed`),
/// each the least of those kinds' costs, taken in the order the plain form takes them.
fn least_table(feed: f32, bluff: f32, matched: f32, ranked: f32) -> [f32; 16] {
    std::array::from_fn(|kinds| {
        let mut x = f32::MAX;
        if kinds & 1 != 0 {
            x = x.min(0.0 + ranked);
        }
        if kinds & 2 != 0 {
            x = x.min(0.0 + feed);
        }
        if kinds & 4 != 0 {
            x = x.min(bluff + 0.0);
        }
        if kinds & 8 != 0 {
            x = x.min(0.0 + matched);
        }
        x
    })
}

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
    #[inline(always)]
    pub(super) fn new(
        g: &'a Greedy,
        v: &'a View<'a>,
        start: Option<CardSet>,
        before: [Option<CardSet>; RECALL],
    ) -> Plan<'a> {
        let mismatch = g.mismatch_cost(v);
        let unseen = v.unseen();
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
        let bluff = g.bluff_risk(v) * mismatch + g.bluff_margin;
        Plan {
            g,
            v,
            tops,
            live: v.stock_live(),
            ace: g.ace(v),
            left: v.rules.sets_per_turn.saturating_sub(v.laid),
            unseen,
            bluff,
            least: least_table(g.feed, bluff, g.match_feed, g.rank_feed),
            mismatch,
            out: g.out_value(v, unseen)
                + if g.late(v) {
                    2.0 * super::IMPATIENCE
                } else {
                    0.0
                },
            start,
            before,
            work: Cell::new(0),
            memo: [const { Cell::new(EMPTY) }; MEMO],
            costs: tops.costs(),
            stay: Cell::new(None),
            unseen_suit: std::array::from_fn(|s| (unseen.0 >> (13 * s) & 0x1fff).count_ones()),
            unseen_rank: std::array::from_fn(|r| {
                (unseen & CardSet::rank(crate::cards::Rank::new(r as u8))).len()
            }),
            unseen_len: unseen.len(),
            unseen_n: unseen.len().max(1) as f32,
            own: match v.owed {
                None => Flat::of(v.hand, g.ace(v)),
                Some(_) => None,
            },
            bracket: Cell::new(None),
            coarse: Cell::new(None),
            last_discard: Cell::new(None),
        }
    }

    /// The least cost of putting `c` on one of the revealed tops (`pile_cost`) of the table
    /// whose `costs` are `k`: on a top it matches, `rank_feed`, `match_feed` or `feed`
    /// (`0.0 + feed`, as `pile_cost` adds it); on one it does not, the bluff (`bluff + 0.0`:
    /// a top a card does not match never makes three of a suit or rank with it). The least
    /// of the kinds of top it finds is the least over the tops: a minimum does not depend
    /// on the order.
    /// Read off `least` by the kinds of top `c` finds (no branch on the card).
    #[inline]
    fn least_cost(&self, k: &Costs, c: Card) -> f32 {
        self.least[k.kinds(c)]
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
                .map(|x| self.miss_one(x))
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

    /// `miss` of card `c` alone, from the unseen cards' counts by suit and rank: those
    /// sharing neither are the unseen cards less those of its suit and of its rank, `c`
    /// itself (when unseen) counted in both.
    #[inline]
    fn miss_one(&self, c: Card) -> f32 {
        let both = u32::from(self.unseen.contains(c));
        let fits = self.unseen_suit[c.suit().index() as usize]
            + self.unseen_rank[c.rank().index() as usize]
            - both;
        (self.unseen_len - fits) as f32 / self.unseen_n
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
        let last = self.last_discard.take();
        match (self.v.phase, a) {
            (Phase::Discard, Action::Discard(c, p)) => self.discard_card(h, c, p as usize, last),
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
        let ace = self.ace;
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
        self.dead_end_valued(h, self.g.value(h.cards, self.ace))
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
        if let Some(r) = memo_hit(slot, h, meta) {
            return r;
        }
        let r = self.sets_now(h, left);
        memo_set(slot, h, meta, r);
        r
    }

    /// The memo slot of `h` with `left` sets allowed, and the key's other fields.
    #[inline]
    fn memo_slot(&self, h: Hand, left: u8) -> (&Cell<Memo>, u32) {
        let meta = u32::from(h.owed.map_or(u8::MAX, Card::index))
            | u32::from(h.extra) << 8
            | u32::from(h.pile) << 9
            | u32::from(left) << 10
            | FILLED;
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
                    let rest = h.cards - s;
                    let (p, q) = (pairs(rest), hand_penalty(rest, self.ace));
                    let pts = classify(s).map_or(0, |k| k.1);
                    return self.one_step(h, left, s, pts, p, q);
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
        if left == 1
            && h.owed.is_none()
            && let Some(s) = five::five_of_a_suit(h.cards)
        {
            return self.five_step(h, best, s);
        }
        self.sets_listed(h, left, best)
    }

    /// The end of `sets_now`: each set laid in turn (the first `SET_SCAN` that `each_set`
    /// lists), then the best further sets; `best` is the step that lays none.
    fn sets_listed(&self, h: Hand, left: u8, mut best: (f32, bool)) -> (f32, bool) {
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

    /// The set step of `h` (nothing owed) holding exactly one set, `s` of `pts` points, the
    /// rest having `pairs` pairs and penalty `pen`: that set is the best, kept or laid, and
    /// the rest holds no set (its set step is its end).
    fn one_step(
        &self,
        h: Hand,
        left: u8,
        s: CardSet,
        pts: i32,
        pairs: u32,
        pen: i32,
    ) -> (f32, bool) {
        let ace = self.ace;
        let mut best = self.end_with(h, true, || self.g.combine(pts, pairs, pen), ace);
        if left > 0 {
            self.spend(1);
            let pts = pts as f32;
            let (v, out) = self.end_with(h.less(s), false, || self.g.combine(0, pairs, pen), ace);
            if pts + v > best.0 {
                best = (pts + v, out);
            }
        }
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
