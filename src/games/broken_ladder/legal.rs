//! The legal actions of each phase. `Game::legal_actions` in `mod.rs` dispatches on the
//! phase; listing never allocates.

use super::state::{Action, BrokenLadder};
use crate::game::ActionList;

impl BrokenLadder {
    /// One discard per distinct card in hand; without `rediscard`, never the card just taken.
    pub(super) fn legal_discard(&self, out: &mut ActionList<Action>) {
        let hand = self.hands[self.to_act].as_slice();
        for (i, &c) in hand.iter().enumerate() {
            let forbidden = !self.rules.rediscard && self.taken == Some(c);
            if !forbidden && !hand[..i].contains(&c) {
                out.push(Action::Discard(c));
            }
        }
    }
}
