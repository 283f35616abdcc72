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
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            let text = e.render().to_string();
            eprint!(
                "cardsim: {}",
                text.strip_prefix("cardsim: ").unwrap_or(&text)
            );
            std::process::exit(2);
        }
    };
    let result = cardsim::cli::run(cli);
    let stdout = cardsim::stdout::finish();
    if let Err(e) = result {
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
