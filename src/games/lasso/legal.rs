//! The legal actions of each phase. Listing never allocates: actions go to a callback (the
//! engine's `ActionList`, or a counter when the state only needs to know whether any exist).

use super::scoring::each_set;
use super::state::{Action, Lasso, Phase, SLOTS, same, setup_order};
use crate::cards::CardSet;

/// Most sets listed at once: a hand of many cards of one suit has hundreds of 4-subsets;
/// the list keeps the first ones in enumeration order (suits clubs..spades, then kinds).
pub const MAX_LAYS: usize = 200;

impl Lasso {
    /// Calls `f` with every legal action of the seat to act.
    pub(crate) fn each_legal(&self, mut f: impl FnMut(Action)) {
        let hand = self.hands[self.actor as usize];
        match self.phase {
            Phase::Setup => each_setup_pair(hand, f),
            Phase::Reveal => {
                for p in 0..SLOTS {
                    if self.down[p] {
                        f(Action::Reveal(p as u8));
                    }
                }
            }
            Phase::Pickup => self.each_pickup(hand, f),
            Phase::Discard => self.each_discard(f),
            Phase::Drawn(c) => {
                for p in 0..SLOTS {
                    if self.open_top(p).is_some_and(|t| same(t, c)) {
                        f(Action::Discard(c, p as u8));
                    }
                }
            }
            Phase::Refill(_, first) => {
                for c in hand.without(first) {
                    if same(c, first) && self.keeps_owed(hand, CardSet::from_card(first).with(c)) {
                        f(Action::RefillWith(c));
                    }
                }
                if self.stock_available() {
                    f(Action::RefillStock);
                }
            }
            Phase::Set => {
                if self.owed.is_none() {
                    f(Action::Pass);
                }
                let mut n = 0;
                each_set(hand, self.owed, |s| {
                    if n < MAX_LAYS {
                        f(Action::Lay(s));
                        n += 1;
                    }
                });
            }
            Phase::Lasso => {
                f(Action::Pass);
                for a in hand & self.lasso_aces(self.chain_set as usize) {
                    f(Action::Lasso(a));
                }
            }
            Phase::Answer(c) => {
                f(Action::Pass);
                f(Action::Answer(c));
            }
            Phase::Over => {}
        }
    }

    fn each_pickup(&self, hand: CardSet, mut f: impl FnMut(Action)) {
        for p in 0..SLOTS {
            if self.open_top(p).is_none() {
                continue;
            }
            let pile = &self.piles[p];
            f(Action::Take(p as u8, 1));
            let mut avail = hand.with(pile.top().expect("open top"));
            for k in 2..=pile.len() {
                let d = pile.peek(k - 1).expect("within pile");
                avail.insert(d);
                if super::scoring::can_set_with(avail, d) {
                    f(Action::Take(p as u8, k as u8));
                }
            }
        }
        if self.stock_available() {
            f(Action::Stock);
        }
    }

    /// Every legal discard of the turn's player (none only in a stuck position).
    pub(crate) fn each_discard(&self, mut f: impl FnMut(Action)) {
        let hand = self.hands[self.turn as usize];
        let open = (0..SLOTS).filter(|&p| self.open_top(p).is_some());
        for c in hand {
            if self.keeps_owed(hand, CardSet::from_card(c)) {
                for p in open.clone() {
                    f(Action::Discard(c, p as u8));
                }
            }
        }
        let stock = self.stock_available();
        if stock {
            for p in open.clone() {
                f(Action::Blind(p as u8));
            }
            if open.clone().next().is_some() {
                f(Action::DrawUntil);
            }
        }
        for p in 0..SLOTS {
            if !self.piles[p].is_empty() {
                continue;
            }
            for c in hand {
                let one = CardSet::from_card(c);
                if !self.keeps_owed(hand, one) {
                    continue;
                }
                let partner = (hand - one)
                    .into_iter()
                    .any(|d| same(c, d) && self.keeps_owed(hand, one.with(d)));
                if stock || partner {
                    f(Action::Refill(p as u8, c));
                }
            }
        }
    }
}

/// Every pair of hand cards of one suit or rank, as (face-up, face-down).
fn each_setup_pair(hand: CardSet, mut f: impl FnMut(Action)) {
    for a in hand {
        for b in hand {
            if a < b && same(a, b) {
                let (up, down) = setup_order(CardSet::from_card(a).with(b));
                f(Action::Setup(up, down));
            }
        }
    }
}
