//! Chinchón's search hook [`crate::game::Game::explain`]: how well a sample of the hidden
//! cards explains the other seat's last discard, for search bots with `infer` above 1.
//!
//! Two players only (with more the seat that threw the top card is not always the one before).
//! At the start of the searching seat's turn the discard pile's top `T`, a number or `CIRC`
//! card, was thrown by the other seat from its hand `H + T` (`H` its cards in the sample). A
//! player keeps the cards that combine: each combination (group or run, [`super::combos`])
//! `T` forms with cards of `H` multiplies the weight by [`KEPT`], so samples in which the
//! other seat threw a card that fitted its hand are planned on less often. Action cards and
//! the other phases carry no weight (1).

use super::arrange::HAND_CAP;
use super::cards::is_special;
use super::state::{Chinchon, Phase};
use super::view::View;

/// The weight factor per combination the thrown card would have formed.
pub const KEPT: f64 = 0.3;

/// [`crate::game::Game::explain`]: see the module docs.
pub(super) fn explain(view: &View<'_>, sample: &Chinchon) -> f64 {
    if view.players != 2 || view.phase != Phase::Draw || view.turns == 0 {
        return 1.0;
    }
    let Some(&top) = view.discard.last() else {
        return 1.0;
    };
    let o = 1 - view.seat;
    let mut hand = sample.hands[o];
    if is_special(top) || hand.len() == HAND_CAP {
        return 1.0;
    }
    let mut combos = sample.combos[o];
    let Some(before) = combos.list().map(<[u16]>::len) else {
        return 1.0;
    };
    hand.push(top);
    combos.added(hand.as_slice());
    match combos.list() {
        Some(l) => KEPT.powi((l.len() - before) as i32),
        None => KEPT.powi(3),
    }
}
