//! The legal actions of the seat to act: a draw (the stock while a card can be had, the
//! discard top unless it is a special card), then a discard (each distinct card face up, and
//! face down to close when the rest is within `close_limit`).

use super::cards::is_special;
use super::state::{Action, Chinchon};
use crate::game::ActionList;

impl Chinchon {
    /// The draws of the seat to act.
    pub(crate) fn legal_draw(&self, out: &mut ActionList<Action>) {
        if self.stock_available() {
            out.push(Action::DrawStock);
        }
        if self.discard_takeable() {
            out.push(Action::DrawDiscard);
        }
    }

    /// The discards of the seat to act: each distinct card face up, then its close when
    /// allowed.
    pub(crate) fn legal_discard(&self, out: &mut ActionList<Action>) {
        let hand = self.hands[self.turn].as_slice();
        // The closes need the least points without each card; a bound usually shows that
        // there is none.
        let without = (!self.no_close()).then(|| self.without_now());
        let limit = self.rules.close_limit;
        let mut seen = 0u64;
        for (i, &c) in hand.iter().enumerate() {
            let bit = 1u64 << c.index();
            if seen & bit != 0 {
                continue; // a second copy: the same actions
            }
            seen |= bit;
            out.push(Action::Discard(c));
            if without.is_some_and(|w| w[i] <= limit) {
                out.push(Action::Close(c));
            }
        }
    }

    /// True when a stock card can be had (the stock, or discards to reshuffle).
    pub(crate) fn stock_available(&self) -> bool {
        !self.stock.is_empty() || self.discard.len() > 1
    }

    /// True when the discard top may be taken (there is one and it is not a special card).
    pub(crate) fn discard_takeable(&self) -> bool {
        self.discard.top().is_some_and(|c| !is_special(c))
    }
}
