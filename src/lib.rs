//! cardsim: a Monte Carlo strategy simulator and analytics toolkit for card games.
//!
//! Data flows one way: `cli` parses and validates into a spec, `sim` plays deals (each game in
//! `games`, built on `cards` and the `game` traits, driven by `strategy` bots), `stats` counts
//! exactly, `output` writes CSV/JSON and tables. See README.md for the user's view.

/// `println!` to stdout that never panics: a closed pipe (`cardsim list | head`) or a full
/// disk is ignored here, as command-line tools do, instead of aborting with a panic.
#[macro_export]
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

/// `print!` to stdout that never panics (see [`outln!`]).
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($t)*);
    }};
}

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
