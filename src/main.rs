//! The `cardsim` binary: parse, run, and turn an error into one line and an exit code.

use clap::Parser;

fn main() {
    cardsim::cleanup::install();
    let cli = cardsim::cli::Cli::parse();
    let result = cardsim::cli::run(cli);
    let stdout = cardsim::stdout::finish();
    if let Err(e) = result {
        eprintln!("cardsim: error: {e}");
        std::process::exit(e.exit_code());
    }
    if let Some(e) = stdout {
        eprintln!("cardsim: error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}
