//! Output: the [`Report`] a run produces (rows computed once from exact tallies), written as
//! tidy CSV files plus `run.json` ([`write_report`]: the folder replaced as a whole, never a
//! partial file or a mix of two runs), or printed as a readable table ([`print_table`]).

mod files;
mod report;
mod table;

pub use files::{
    OWN_FILES, OutFile, check_out_folder, is_own, lock_folder, write_files, write_folder,
};
pub use report::{Report, SeatLine, num, p_text, sha256_hex, tally_digest};
pub use table::print_table;

use crate::error::Result;
use std::path::Path;

/// A shard's `shard.json`: the exact tally, its SHA-256 (which `merge` checks) and
/// everything needed to merge it (see `cardsim merge`).
pub fn shard_file(r: &Report) -> Result<OutFile> {
    let mut r = r.clone();
    r.tally_sha256 = tally_digest(&r.tally);
    let json =
        serde_json::to_string(&r).map_err(|e| crate::Error::Other(format!("shard.json: {e}")))?;
    Ok(OutFile::new("shard.json", json + "\n"))
}

/// Writes a shard's own CSV files plus `shard.json`.
pub fn write_shard(r: &Report, dir: &Path) -> Result<()> {
    let mut files = report_files(r)?;
    files.push(shard_file(r)?);
    write_folder(dir, &files, false)
}

/// `summary.csv`, `scores.csv`, `lengths.csv`, `ends.csv`, `teams.csv` (partnership games)
/// and `run.json`, in that order.
pub fn report_files(r: &Report) -> Result<Vec<OutFile>> {
    let mut files = vec![
        OutFile::new("summary.csv", r.summary_csv()?),
        OutFile::new("scores.csv", r.scores_csv()?),
        OutFile::new("lengths.csv", r.lengths_csv()?),
        OutFile::new("ends.csv", r.ends_csv()?),
    ];
    if let Some(t) = r.teams_csv()? {
        files.push(OutFile::new("teams.csv", t));
    }
    files.push(OutFile::new("run.json", r.run_json()));
    Ok(files)
}

/// Writes [`report_files`] as the folder `dir` (all or nothing, see [`write_folder`]).
pub fn write_report(r: &Report, dir: &Path) -> Result<()> {
    write_folder(dir, &report_files(r)?, false)
}
