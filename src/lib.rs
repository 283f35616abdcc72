//! cardsim: a Monte Carlo strategy simulator and analytics toolkit for card games.
//!
//! Data flows one way: `cli` parses and validates into a spec, `sim` plays deals (each game in
//! `games`, built on `cards` and the `game` traits, driven by `strategy` bots), `stats` counts
//! exactly, `output` writes CSV/JSON and tables. See README.md for the user's view.

pub mod cards;
pub mod cli;
pub mod error;
pub mod game;
pub mod games;
pub mod output;
pub mod sim;
pub mod stats;
pub mod strategy;

pub use error::{Error, Result};
