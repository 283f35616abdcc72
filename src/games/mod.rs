//! The games, one folder each, all of the same shape (rules, state, legal actions, apply,
//! scoring, view, bots, tests). This file is the only list of them: adding a game is one
//! entry in [`NAMES`] and one arm in [`with_game`].

pub mod chinchon;

use crate::game::Game;

/// Code that runs for one game, chosen by name at run time.
pub trait GameVisitor {
    type Out;
    fn visit<G: Game>(self) -> Self::Out;
}

/// Every game's command-line name, in the order `cardsim list` shows them.
pub const NAMES: &[&str] = &["chinchon"];

/// Runs `v` for the game called `name`; `None` when there is no such game.
pub fn with_game<V: GameVisitor>(name: &str, v: V) -> Option<V::Out> {
    let _ = &v;
    match name {
        "chinchon" => Some(v.visit::<chinchon::Chinchon>()),
        _ => None,
    }
}
