//! `cardsim report DIR...`: writes each folder's `report.html` (see [`crate::report`]), and
//! the checks `--report` needs before a command plays anything.

use super::args::{Command, ReportArgs};
use crate::error::{Error, Result};

/// Writes the report of every folder given, in order; stops at the first that fails.
pub fn run(a: &ReportArgs) -> Result<()> {
    for dir in &a.dirs {
        let path = crate::report::write(dir)?;
        if !a.quiet {
            crate::outln!("{}", path.display());
        }
    }
    Ok(())
}

/// Refuses `--report` where no folder will hold it, before anything runs.
pub fn check(command: &Command) -> Result<()> {
    let (output, what) = match command {
        Command::Simulate(a) => (&a.common.output, "simulate"),
        Command::Compare(a) => (&a.common.output, "compare"),
        Command::Tournament(a) => (&a.common.output, "tournament"),
        Command::Balance(a) => (&a.common.output, "balance"),
        Command::Merge(a) => (&a.output, "merge"),
        Command::Bench(a) if a.common.output.report => {
            return Err(Error::input(
                "bench writes no report (--report is for simulate, compare, tournament, run and merge)",
            ));
        }
        _ => return Ok(()),
    };
    if output.report && output.out.is_none() {
        return Err(Error::input(format!(
            "{what} --report needs --out DIR: the report is written into that folder"
        )));
    }
    Ok(())
}
