//! Strategies: the [`Strategy`] trait every bot implements, the [`Bot`] descriptor a game
//! lists its bots with, knob files under `strategies/` ([`Params`], [`StrategySpec`]), the
//! name registry, and the game-agnostic `random` bot.
//!
//! A strategy sees only `G::View` (its seat's view: hidden cards are not in the type), the
//! legal actions, and the RNG the runner hands it. It is created once per batch of deals and
//! told when a new deal starts, so boxing it costs nothing per deal.

mod params;
mod random;
mod registry;
pub mod search;

pub use params::{Knob, Params};
pub use random::Random;
pub use registry::{StrategySpec, all_bots, build, list_names, load_file, resolve};

use crate::cards::GameRng;
use crate::game::{Game, Seat};

/// A bot: picks one of the legal actions from its seat's view.
pub trait Strategy<G: Game>: Send {
    /// Called before each deal the strategy plays, with its seat.
    fn begin_deal(&mut self, _seat: Seat) {}
    /// Picks one action among `legal` (never empty, unless [`Strategy::reads_legal`] is
    /// false).
    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
    /// Whether `act` reads `legal`. A bot that decides from its view alone returns false:
    /// the runner then never lists the legal actions for it, passes an empty `legal`, and
    /// asks it about forced moves too (a reading bot is not asked when only one action is
    /// legal). What it returns must still be legal; the invariant harness checks every
    /// action taken against the list.
    fn reads_legal(&self) -> bool {
        true
    }
}

/// A game's built-in bot: its name, what it does, its knobs, and how to build it.
pub struct Bot<G: Game> {
    pub name: &'static str,
    pub about: &'static str,
    /// The knobs a strategy file may set, with defaults and meanings.
    pub knobs: &'static [Knob],
    /// Builds the bot with `params` applied (unknown knobs are rejected before this).
    pub build: fn(&Params) -> Box<dyn Strategy<G>>,
}

// Copied by value (the generic search bots are made per game, not kept in a static list).
impl<G: Game> Clone for Bot<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for Bot<G> {}
