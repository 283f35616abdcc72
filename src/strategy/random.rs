//! `random`: uniform over the legal actions, for every game. The baseline every bot is
//! measured against, and the driver of the invariant harness.

use super::Strategy;
use crate::cards::GameRng;
use crate::game::Game;

/// Picks each legal action with equal probability.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl<G: Game> Strategy<G> for Random {
    #[inline]
    fn act(&mut self, _view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        legal[rng.index(legal.len())]
    }

    fn uniform(&self) -> bool {
        true
    }
}
