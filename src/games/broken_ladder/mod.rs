#![doc = include_str!("rules.md")]

mod determinize;
mod game;
mod greedy;
pub mod prob;
mod rules;
mod scoring;
mod state;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_determinize;

pub use greedy::{Greedy, KNOBS};
pub use rules::Rules;
pub use scoring::{Hand, is_valid, layer_score, need, number, signed};
pub use state::{Action, BrokenLadder, Outcome, Phase, SHOE_MAX, TURN_CAP};
pub use view::View;

/// The command-line name.
pub const NAME: &str = "broken-ladder";
