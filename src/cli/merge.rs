//! `cardsim merge DIR... --out DIR`: combines the shards of one run. Tallies are exact
//! integers, so the combined CSV files are byte for byte those a single run writes.

use crate::error::{Error, Result};
use crate::output::{Report, write_report};
use crate::stats::Merge;
use std::path::{Path, PathBuf};

fn read_shard(dir: &Path) -> Result<Report> {
    let p = dir.join("shard.json");
    let text = std::fs::read_to_string(&p).map_err(|e| {
        Error::input(format!(
            "cannot read {}: {e} (is it a `simulate --shard` output?)",
            p.display()
        ))
    })?;
    serde_json::from_str(&text).map_err(|e| Error::input(format!("bad {}: {e}", p.display())))
}

/// The fields every shard of one run shares.
fn identity(r: &Report) -> String {
    let seats: Vec<_> = r
        .seats
        .iter()
        .map(|s| (&s.label, &s.base, s.params.entries()))
        .collect();
    format!(
        "{} {} {} {} {:?} {:?} {}",
        r.game, r.players, r.unit, r.seed, r.rules, seats, r.total_units
    )
}

/// Merges shard reports: same run, each shard once, all shards present.
pub fn merge_reports(mut shards: Vec<Report>) -> Result<Report> {
    let first = shards
        .first()
        .ok_or_else(|| Error::input("merge needs at least one shard folder"))?;
    let of = first
        .shard
        .map(|s| s.1)
        .ok_or_else(|| Error::input("not a shard output (no K/N)"))?;
    let id = identity(first);
    let mut seen = vec![false; of as usize];
    for r in &shards {
        if identity(r) != id {
            return Err(Error::input(
                "shards come from different runs (game, players, seed, rules, strategies or count differ)",
            ));
        }
        match r.shard {
            Some((k, n)) if n == of && (1..=n).contains(&k) && !seen[k as usize - 1] => {
                seen[k as usize - 1] = true
            }
            Some((k, n)) => {
                return Err(Error::input(format!(
                    "shard {k}/{n} is duplicated or does not fit {of} shards"
                )));
            }
            None => return Err(Error::input("not a shard output (no K/N)")),
        }
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(Error::input(format!("shard {}/{of} is missing", k + 1)));
    }
    shards.sort_by_key(|r| r.shard);
    let mut out = shards[0].clone();
    for r in &shards[1..] {
        out.tally.merge(&r.tally);
        out.elapsed_s = out.elapsed_s.max(r.elapsed_s);
        out.threads = out.threads.max(r.threads);
    }
    out.shard = None;
    Ok(out)
}

pub fn run(dirs: &[PathBuf], out: &Path) -> Result<()> {
    let shards = dirs
        .iter()
        .map(|d| read_shard(d))
        .collect::<Result<Vec<_>>>()?;
    let merged = merge_reports(shards)?;
    super::simulate::check_out_dir(out)?;
    write_report(&merged, out)
}
