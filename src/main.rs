//! The `cardsim` binary: parse, run, and turn an error into one line and an exit code.

use clap::Parser;

fn main() {
    let cli = cardsim::cli::Cli::parse();
    if let Err(e) = cardsim::cli::run(cli) {
        eprintln!("cardsim: error: {e}");
        std::process::exit(e.exit_code());
    }
}
