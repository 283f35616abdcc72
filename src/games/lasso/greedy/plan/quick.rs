//! Hands valued from integers: the pairs and penalty of a hand holding no set (`Flat`) give
//! those of the hand less a card or two at once, and the set step of such a hand is its end
//! (`sets_flat`); a hand holding exactly one set (`One`) is valued from the numbers of the
//! rest (`sets_one`). The memo and the work counted are those of `sets`, so the budget is
//! spent as before.

use super::{Hand, Plan, memo_hit, memo_set};
use crate::cards::CardSet;
pub(super) use crate::games::lasso::greedy::eval::Flat;
use crate::games::lasso::greedy::eval::{Sole, pairs, rank_count, sole_set};
use crate::games::lasso::scoring::{classify, hand_penalty, pop13};

/// A hand holding exactly one set: the set, its points, and the pairs and penalty of the
/// other cards (which hold no set).
#[derive(Clone, Copy)]
pub(super) struct One {
    pub(super) set: CardSet,
    pub(super) pts: i32,
    pub(super) pairs: u32,
    pub(super) pen: i32,
}

impl One {
    /// The hand's one set and the numbers of the rest, `None` unless it holds exactly one.
    pub(super) fn of(cards: CardSet, ace: i32) -> Option<One> {
        let Sole::One(set) = sole_set(cards) else {
            return None;
        };
        let rest = cards - set;
        Some(One {
            set,
            pts: classify(set).map_or(0, |k| k.1),
            pairs: pairs(rest),
            pen: hand_penalty(rest, ace),
        })
    }

    /// The pairs and penalty of the rest plus a card of suit `sx` and rank `rx` (penalty
    /// `pen`), when the hand plus it still holds only this set: the hand holds `n` cards of
    /// its suit and `k` of its rank (fewer than 3 each: it completes no other set).
    #[inline]
    pub(super) fn plus(&self, n: u32, k: u32, sx: usize, rx: u8, pen: i32) -> Option<(u32, i32)> {
        if n >= 3 || k >= 3 {
            return None;
        }
        let ns = n - pop13((self.set.0 >> (13 * sx)) as u16);
        let kr = k - rank_count(self.set, rx);
        Some((self.pairs + ns + kr, self.pen + pen))
    }
}

impl Plan<'_> {
    /// `sets` of a hand holding exactly the one set of `one` (nothing owed), the rest having
    /// `pairs` and `pen`: the same memo slot and work counted as `sets`.
    pub(super) fn sets_one(
        &self,
        h: Hand,
        left: u8,
        one: &One,
        pairs: u32,
        pen: i32,
    ) -> (f32, bool) {
        let (slot, meta) = self.memo_slot(h, left);
        if let Some(r) = memo_hit(slot, h, meta) {
            return r;
        }
        let r = self.one_step(h, left, one.set, one.pts, pairs, pen);
        memo_set(slot, h, meta, r);
        r
    }

    /// The set step of `h` less `gone` (as `sets` gives it), quickly when `flat` holds the
    /// numbers of `h` (its cards, no set, nothing owed).
    #[inline]
    pub(super) fn sets_less(&self, h: Hand, flat: Option<&Flat>, gone: CardSet) -> (f32, bool) {
        let rest = h.less(gone);
        match flat {
            Some(f) if h.owed.is_none() && f.cards == h.cards => {
                let (p, q) = f.less(gone);
                self.sets_flat(rest, self.left, p, q)
            }
            _ => self.sets(rest, self.left),
        }
    }

    /// `sets` of a hand holding no set, nothing owed, given its pairs and penalty: its set
    /// step is its end. The same memo slot and the same work counted as `sets`.
    pub(super) fn sets_flat(&self, h: Hand, left: u8, pairs: u32, pen: i32) -> (f32, bool) {
        let (slot, meta) = self.memo_slot(h, left);
        if let Some(r) = memo_hit(slot, h, meta) {
            return r;
        }
        let ace = self.ace;
        let r = self.end_with(h, false, || self.g.combine(0, pairs, pen), ace);
        memo_set(slot, h, meta, r);
        r
    }

    /// The own hand's numbers, when it holds no set.
    pub(super) fn own(&self) -> Option<&Flat> {
        self.own.as_ref()
    }
}
