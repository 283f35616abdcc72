//! Output: the [`Report`] a run produces (rows computed once from exact tallies), written as
//! tidy CSV files plus `run.json` ([`write_report`], temp file + rename: never a partial
//! file), or printed as a readable table ([`print_table`]).

mod files;
mod report;
mod table;

pub use files::{OutFile, write_files};
pub use report::{Report, SeatLine, num};
pub use table::print_table;

use crate::error::Result;
use std::path::Path;

/// A shard's `shard.json`: the exact tally and everything needed to merge it (see
/// `cardsim merge`).
pub fn shard_file(r: &Report) -> Result<OutFile> {
    let json =
        serde_json::to_string(r).map_err(|e| crate::Error::Other(format!("shard.json: {e}")))?;
    Ok(OutFile::new("shard.json", json + "\n"))
}

/// Writes a shard's own CSV files plus `shard.json`.
pub fn write_shard(r: &Report, dir: &Path) -> Result<()> {
    write_report(r, dir)?;
    write_files(dir, &[shard_file(r)?])
}

/// `summary.csv`, `scores.csv`, `lengths.csv`, `teams.csv` (partnership games) and
/// `run.json`, in that order.
pub fn report_files(r: &Report) -> Result<Vec<OutFile>> {
    let mut files = vec![
        OutFile::new("summary.csv", r.summary_csv()?),
        OutFile::new("scores.csv", r.scores_csv()?),
        OutFile::new("lengths.csv", r.lengths_csv()?),
    ];
    if let Some(t) = r.teams_csv()? {
        files.push(OutFile::new("teams.csv", t));
    }
    files.push(OutFile::new("run.json", r.run_json()));
    Ok(files)
}

/// Writes [`report_files`] into `dir` (created if missing).
pub fn write_report(r: &Report, dir: &Path) -> Result<()> {
    write_files(dir, &report_files(r)?)
}
