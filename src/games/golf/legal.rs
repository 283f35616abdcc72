//! The legal actions of each phase. `Game::legal_actions` in `mod.rs` dispatches on the
//! phase; listing never allocates.

use super::rules::FlipAfter;
use super::state::{ALL_UP, Action, Golf, Phase};
use crate::game::ActionList;

/// The choices of a seat holding a stock card (without the last, the discard it took).
pub(super) const PLACE_STOCK: [Action; 7] = [
    Action::Swap(0),
    Action::Swap(1),
    Action::Swap(2),
    Action::Swap(3),
    Action::Swap(4),
    Action::Swap(5),
    Action::Discard,
];

impl Golf {
    /// `Opening` and `FlipAfter`: every face-down position of the seat to act, and
    /// `NoFlip` after a discard when `flip_after_discard=optional`.
    pub(super) fn legal_flips(&self, out: &mut ActionList<Action>) {
        let down = !self.up[self.seat as usize] & ALL_UP;
        (0..6)
            .filter(|p| down >> p & 1 == 1)
            .for_each(|p| out.push(Action::Flip(p)));
        if self.phase == Phase::FlipAfter && self.rules.flip_after_discard == FlipAfter::Optional {
            out.push(Action::NoFlip);
        }
    }
}
