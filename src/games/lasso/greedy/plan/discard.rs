//! The discard step of `greedy`'s planner: what each discard, refill, blind card or
//! draw-until-match is worth, and the best of them after a pick-up.

use super::quick::{Flat, One};
use super::tops::Tops;
use super::{Hand, NONE, Plan, Stay};
use crate::cards::{Card, CardSet};
use crate::games::lasso::legal::setup_partners;
use crate::games::lasso::state::Action;

impl Plan<'_> {
    /// What putting `c` on pile `p` costs when the round goes on: a bluff's cost when it
    /// matches the top in neither rank nor suit, `feed` when it makes the top three cards
    /// one suit or one rank (a set for whoever holds one more: three cards can be taken at
    /// once), else `match_feed` for a match by suit and `rank_feed` for one by rank (the top
    /// two then share it).
    pub(super) fn pile_cost(&self, t: &Tops, c: Card, p: usize) -> f32 {
        let Some(top) = t.top[p] else {
            return 0.0;
        };
        let three = t.three[p].contains(c);
        let cost = match (t.fit[p].contains(c), three, top.suit() == c.suit()) {
            (false, _, _) => self.bluff,
            (true, true, _) => 0.0,
            (true, false, true) => self.g.match_feed,
            (true, false, false) => self.g.rank_feed,
        };
        cost + if three { self.g.feed } else { 0.0 }
    }

    /// A discard of the hand to play onto pile `p` of the decision's table, then the set
    /// step; `last`: the card of the action valued just before (when a discard) and its set
    /// step. That step is the same for every pile, and `sets_less` would find it in the memo
    /// (it was the last step remembered; a memo hit counts no work), so it is taken as is.
    pub(super) fn discard_card(
        &self,
        h: Hand,
        c: Card,
        p: usize,
        last: Option<(Card, (f32, bool))>,
    ) -> f32 {
        let (v, out) = match last {
            Some((d, step)) if d == c => step,
            _ => self.sets_less(h, self.own(), CardSet::from_card(c)),
        };
        self.last_discard.set(Some((c, (v, out))));
        if out {
            v
        } else {
            v - self.pile_cost(&self.tops, c, p)
        }
    }

    /// A refill's second card from the stock (unseen, face down on `first`), from `h`
    /// less `gone`; `flat`: the numbers of `h`, if known.
    pub(super) fn refill_stock_less(
        &self,
        h: Hand,
        flat: Option<&Flat>,
        gone: CardSet,
        first: Card,
    ) -> f32 {
        if !self.live {
            return self.dead_end(h.less(gone));
        }
        let (v, out) = self.sets_less(h, flat, gone);
        if out {
            v
        } else {
            v - self.miss_one(first) * self.mismatch
        }
    }

    /// A refill's second card from the stock (unseen, face down on `first`).
    pub(super) fn refill_stock(&self, h: Hand, first: Card) -> f32 {
        if !self.live {
            return self.dead_end(h);
        }
        let (v, out) = self.sets(h, self.left);
        if out {
            v
        } else {
            v - self.miss_one(first) * self.mismatch
        }
    }

    /// The best refill starting with hand card `c`: a partner from the hand, or the stock.
    pub(super) fn refill(&self, h: Hand, c: Card) -> f32 {
        let one = CardSet::from_card(c);
        let flat = self.own();
        let mut best = if self.live {
            self.refill_stock_less(h, flat, one, c)
        } else {
            NONE
        };
        for d in setup_partners(h.cards, c) {
            if h.keeps(one.with(d)) {
                best = best.max(self.sets_less(h, flat, one.with(d)).0);
            }
        }
        best
    }

    /// The worth of discard-step action `a` from hand `h` with the table `t`.
    pub(super) fn discard(&self, h: Hand, t: &Tops, a: Action) -> f32 {
        let open = || t.top.iter().flatten().copied();
        match a {
            Action::Discard(c, p) => {
                let (v, out) = self.sets_less(h, self.own(), CardSet::from_card(c));
                if out {
                    v
                } else {
                    v - self.pile_cost(t, c, p as usize)
                }
            }
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
    pub(super) fn best_discard(&self, h: Hand, t: &Tops) -> f32 {
        let ace = self.ace;
        let flat = match h.owed {
            None => Flat::of(h.cards, ace),
            Some(_) => None,
        };
        let flat = flat.as_ref();
        // a hand holding exactly one set: the numbers of the rest, when not empty
        let one = match (flat, h.owed) {
            (None, None) => One::of(h.cards, ace),
            _ => None,
        };
        let one = one.as_ref();
        let rest = one.and_then(|o| Flat::of(h.cards - o.set, ace));
        self.best_discard_with(
            h,
            t,
            |gone| match one {
                Some(o) if (gone & o.set).is_empty() => {
                    let (p, q) = rest.as_ref().map_or((0, 0), |r| r.less(gone));
                    self.sets_one(h.less(gone), self.left, o, p, q)
                }
                _ => self.sets_less(h, flat, gone),
            },
            || match (flat, one) {
                (Some(f), _) => {
                    let whole = self.sets_flat(h, self.left, f.pairs, f.pen);
                    (whole, self.g.combine(0, f.pairs, f.pen))
                }
                (None, Some(o)) => {
                    let whole = self.sets_one(h, self.left, o, o.pairs, o.pen);
                    (whole, self.g.combine(o.pts, o.pairs, o.pen))
                }
                _ => (self.sets(h, self.left), self.g.value(h.cards, ace)),
            },
        )
    }

    /// `best_discard`, given the set step after each discard and refill (`minus`: the hand
    /// less one card or two) and, for keeping the hand, its set step and its value (`whole`).
    pub(super) fn best_discard_with(
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
                for d in setup_partners(h.cards, c) {
                    if h.keeps(one.with(d)) {
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
}
