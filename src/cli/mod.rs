//! The command-line interface: clap definitions ([`args`]), validation of a table into a
//! typed spec ([`setup`]), and one `run` per subcommand. Every subcommand is generic over the
//! game and reached through [`crate::games::with_game`].

pub mod args;
mod balance;
mod balance_check;
mod bench;
mod compare;
mod docs;
pub mod emit;
mod experiment;
mod info;
mod merge;
pub mod parse;
mod play;
mod precision;
mod replay;
mod report;
pub mod runinfo;
mod score;
pub mod setup;
mod simulate;
mod soak;
mod tournament;
mod trace;
mod tune;
mod tune_files;

pub use args::Cli;
pub use simulate::simulate_to;

use crate::error::{Error, Result};
use args::Command;

/// `cardsim --version`: the package version and, when built from a git checkout, the commit
/// (`+dirty` with uncommitted changes), as `run.json` records them.
pub const VERSION: &str = if env!("CARDSIM_GIT_COMMIT").is_empty() {
    env!("CARGO_PKG_VERSION")
} else {
    concat!(
        env!("CARGO_PKG_VERSION"),
        " (commit ",
        env!("CARDSIM_GIT_COMMIT"),
        ")"
    )
};

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    report::check(&cli.command)?;
    crate::progress::set_mode(cli.progress);
    match cli.command {
        Command::Simulate(a) => simulate::run(&a),
        Command::Rules { game, json } => info::rules(&game, json),
        Command::Trace(a) => trace::run(&a),
        Command::Score { game, args } => score::run(&game, &args),
        Command::List { game, json } => info::list(game.as_deref(), json),
        Command::Bench(a) => bench::run(&a),
        Command::Compare(a) => compare::run(&a),
        Command::Run(a) => experiment::run(&a),
        Command::Tournament(a) => tournament::run(&a),
        Command::Balance(a) => balance::run(&a),
        Command::Tune(a) => tune::run(&a),
        Command::Check(a) => soak::run(&a),
        Command::Merge(a) => replay::merge(&a),
        Command::Rerun(a) => replay::rerun(&a),
        Command::Report(a) => report::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Completions { shell } => docs::completions(shell),
        Command::Man => docs::man(),
    }
}

/// The error for a game name that is not one of ours.
pub fn unknown_game(name: &str) -> Error {
    Error::input(format!(
        "unknown game '{name}'{}; games: {}",
        crate::error::did_you_mean(name, crate::games::NAMES.iter().copied()),
        crate::games::NAMES.join(", ")
    ))
}
