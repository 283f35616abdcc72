//! Strategies: the [`Strategy`] trait every bot implements, the [`Bot`] descriptor a game
//! lists its bots with, knob files under `strategies/` ([`Params`], [`StrategySpec`]), the
//! name registry, the game-agnostic `random` bot, strategy factories (how seats are built,
//! built-in names being one kind: a library user adds its own with
//! [`StrategySpec::custom`]), and `exec:` bots that run as separate processes.
//!
//! A strategy sees only `G::View` (its seat's view: hidden cards are not in the type), the
//! legal actions, and the RNG the runner hands it. It is created once per batch of deals and
//! told when a new deal starts, so boxing it costs nothing per deal.

mod exec;
mod factory;
mod params;
mod random;
mod registry;
pub mod search;

/// The folder exec bots start in now (see [`set_dir`]).
pub use exec::dir as exec_dir;
pub use exec::{
    ExecPolicy, MAX_LINE, kill_all, named_files, redact, seat_text, set_dir, set_policy,
};
pub use factory::{Factory, StrategyFactory, any_failed, build, check_failures};
pub use params::{KNOB_LIMIT, Knob, Params};
pub use random::Random;
pub use registry::{
    StrategySpec, all_bots, generic_bots, knobs_of, list_names, load_file, resolve, with_knobs,
};

use crate::cards::GameRng;
use crate::game::{DealResult, Game, Seat};

/// What a strategy is told when a deal starts: its seat, the table, the rules, and which
/// deal of the run this is (the same numbers at any thread count).
#[derive(Debug)]
pub struct DealStart<'a, G: Game> {
    /// The seat the strategy plays in this deal.
    pub seat: Seat,
    /// Seats at the table.
    pub players: usize,
    /// The rules of this deal.
    pub rules: &'a G::Rules,
    /// The run's master seed.
    pub seed: u64,
    /// The unit: the deal's index in the run, or the match's index in matches mode.
    pub unit: u64,
    /// The deal's number within its match (0 for a lone deal).
    pub deal_no: u32,
}

/// How the actions of one decision read, in the real state: their text as
/// [`Game::describe`] writes it and their structured JSON ([`Game::action_json`]). Only a bot
/// that shows actions to someone else (an `exec:` bot, a person) reads it, and it must not
/// let them reveal a card its view does not show. It gives no other access to the state.
pub struct Describe<'a, G: Game>(Option<&'a G>, Seat);

impl<'a, G: Game> Describe<'a, G> {
    /// The actions of `seat`'s decision in `state`.
    pub fn new(state: &'a G, seat: Seat) -> Self {
        Describe(Some(state), seat)
    }
    /// No state at hand: texts are the actions' `Debug` forms.
    pub fn none() -> Self {
        Describe(None, 0)
    }
    /// `a` as the deciding seat may read it (see [`exec::seat_text`]); `shown` is what its
    /// view shows (used alone when no state is at hand).
    pub fn seat_text(&self, a: G::Action, shown: &crate::cards::CardCounts) -> String {
        match self.0 {
            Some(g) => exec::seat_text(g, self.1, a),
            None => exec::redact::<G>(&format!("{a:?}"), shown),
        }
    }
    /// `a` as [`Game::describe`] writes it.
    pub fn text(&self, a: G::Action) -> String {
        match self.0 {
            Some(g) => g.describe(a),
            None => format!("{a:?}"),
        }
    }
    /// `a` as [`Game::action_json`] writes it.
    pub fn json(&self, a: G::Action) -> serde_json::Value {
        match self.0 {
            Some(g) => g.action_json(a),
            None => serde_json::json!({"kind": "action", "text": format!("{a:?}")}),
        }
    }
}

/// A bot: picks one of the legal actions from its seat's view.
pub trait Strategy<G: Game>: Send {
    /// Called before each deal the strategy plays, with its seat.
    fn begin_deal(&mut self, _seat: Seat) {}
    /// Called before each deal with everything known about it; the default calls
    /// [`Strategy::begin_deal`] with the seat.
    fn start_deal(&mut self, deal: &DealStart<'_, G>) {
        self.begin_deal(deal.seat);
    }
    /// Picks one action among `legal` (never empty, unless [`Strategy::reads_legal`] is
    /// false).
    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
    /// Like [`Strategy::act`], with `describe` giving each action's text and structured
    /// JSON in the real state ([`Describe`]). Only a bot that shows actions to someone else
    /// (an `exec:` bot, a person) needs it. The default calls `act`.
    fn act_described(
        &mut self,
        view: &G::View<'_>,
        legal: &[G::Action],
        _describe: &Describe<'_, G>,
        rng: &mut GameRng,
    ) -> G::Action {
        self.act(view, legal, rng)
    }
    /// Called when a deal the strategy played is over, with its result.
    fn end_deal(&mut self, _result: &DealResult) {}
    /// Whether `act` reads `legal`. A bot that decides from its view alone returns false:
    /// the runner then never lists the legal actions for it, passes an empty `legal`, and
    /// asks it about forced moves too (a reading bot is not asked when only one action is
    /// legal). What it returns must still be legal; the invariant harness checks every
    /// action taken against the list.
    fn reads_legal(&self) -> bool {
        true
    }
    /// True for a bot whose every choice is `legal[rng.index(legal.len())]` and nothing
    /// else (`random`): the runner then makes that one draw itself, without building the
    /// seat's view or calling the bot, and the deal is the same.
    fn uniform(&self) -> bool {
        false
    }
}

/// A game's built-in bot: its name, what it does, its knobs, and how to build it.
pub struct Bot<G: Game> {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line for `cardsim list`.
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
