//! The `cardsim` binary: parse, run, and turn an error into one line and an exit code. Every
//! error, the command line's own included, starts `cardsim: error:`.

use clap::Parser;
use clap::error::ErrorKind;

fn main() {
    cardsim::cleanup::install();
    let cli = match cardsim::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        // A usage error, `cardsim` alone included: one line, clap's tips on it, exit 2.
        Err(e) => {
            eprintln!("cardsim: error: {}", cardsim::cli::parse::usage_error(&e));
            std::process::exit(2);
        }
    };
    let result = cardsim::cli::run(cli);
    let stdout = cardsim::stdout::finish();
    if let Err(e) = result {
        // An error that follows SIGINT/SIGTERM (a bot the handler ended, a temporary it
        // removed) is the handler's to report: it exits 130, and this thread waits for it.
        cardsim::cleanup::park_if_interrupted();
        match e {
            cardsim::Error::Interrupted(_) => eprintln!("cardsim: interrupted: {e}"),
            _ => eprintln!("cardsim: error: {e}"),
        }
        std::process::exit(e.exit_code());
    }
    if let Some(e) = stdout {
        eprintln!("cardsim: error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}
