//! `cardsim merge DIR... --out DIR`: combines the shards of one run. Tallies are exact
//! integers, so the combined CSV files are byte for byte those a single run writes.
//!
//! Nothing read is trusted: every `shard.json` must carry the SHA-256 of its tally, every
//! tally must be internally consistent ([`crate::stats::Tally::check`]), its unit count must
//! be exactly its shard's share, the shards must be one run's `1/N .. N/N` each once, and the
//! merged histograms must stay within a sane range. Any failure is one line naming the file,
//! exit 2, and nothing is written.
//!
//! The merged `run.json` records as its `command` the shards' command without `--shard`: the
//! single run whose files the merge reproduces, which is what `cardsim rerun` replays. The
//! shards must record the same command (a shard from an older cardsim records none; the
//! merged run.json then has none either).

use crate::error::{Error, Result};
use crate::game::MAX_SEATS;
use crate::output::{OutFile, Report, report_files, tally_digest};
use crate::sim::shard_units;
use crate::stats::{Histogram, MAX_SPAN, Merge};
use std::path::{Path, PathBuf};

fn read_shard(dir: &Path) -> Result<Report> {
    let p = dir.join("shard.json");
    let text = super::replay::read_input(&p)
        .map_err(|e| Error::input(format!("{e} (is it a `simulate --shard` output?)")))?;
    parse_shard(&text, &p.display().to_string())
}

/// Parses a `shard.json` text (from file `name`, for messages) and checks it on its own.
pub fn parse_shard(text: &str, name: &str) -> Result<Report> {
    let r: Report =
        serde_json::from_str(text).map_err(|e| Error::input(format!("bad {name}: {e}")))?;
    check_shard(&r).map_err(|e| Error::input(format!("bad {name}: {e}")))?;
    Ok(r)
}

/// One shard on its own: digest, table, tally, and its share of the run.
fn check_shard(r: &Report) -> std::result::Result<(), String> {
    if r.tally_sha256.is_empty() {
        return Err("no tally digest (not written by `simulate --shard`)".into());
    }
    if r.tally_sha256 != tally_digest(&r.tally) {
        return Err("the tally does not match its SHA-256 digest (edited or damaged)".into());
    }
    let p = r.players;
    if !(1..=MAX_SEATS).contains(&p) || r.seats.len() != p || r.tally.players != p {
        return Err("the seats do not match the players".into());
    }
    if r.teams == 0
        || r.teams > p
        || r.team_of.len() != p
        || r.team_of.iter().any(|&t| t >= r.teams)
    {
        return Err("the teams do not match the seats".into());
    }
    if r.end_reasons.len() != r.tally.ends.len() {
        return Err("the end reasons do not match their counts".into());
    }
    let matches = match r.unit.as_str() {
        "deals" => false,
        "matches" => true,
        u => return Err(format!("unknown unit '{u}'")),
    };
    r.tally.check(matches)?;
    let (k, n) = r.shard.ok_or("not a shard output (no K/N)")?;
    if k == 0 || k > n {
        return Err(format!("shard {k}/{n} is not a shard"));
    }
    let share = shard_units(r.total_units, k, n);
    if r.tally.units != share.end - share.start {
        return Err(format!(
            "shard {k}/{n} holds {} {} but its share of {} is {}",
            r.tally.units,
            r.unit,
            r.total_units,
            share.end - share.start
        ));
    }
    Ok(())
}

/// The fields every shard of one run shares.
fn identity(r: &Report) -> String {
    let seats: Vec<_> = r
        .seats
        .iter()
        .map(|s| (&s.label, &s.base, s.params.entries()))
        .collect();
    format!(
        "{} {} {} {} {:?} {:?} {} {:?} {:?} {}",
        r.game,
        r.players,
        r.unit,
        r.seed,
        r.rules,
        seats,
        r.total_units,
        r.end_reasons,
        r.team_of,
        r.teams
    )
}

/// The values all shards' copies of one histogram span together, which merging allocates.
fn union_span<'a>(hs: impl Iterator<Item = &'a Histogram>) -> u64 {
    let (lo, hi) = hs
        .filter_map(Histogram::range)
        .fold((i64::MAX, i64::MIN), |(l, h), (a, b)| (l.min(a), h.max(b)));
    if lo > hi {
        0
    } else {
        (hi as i128 - lo as i128 + 1) as u64
    }
}

/// Merges checked shard reports (with their folders, for messages): same run, each shard
/// exactly once, all shards present.
pub fn merge_reports(mut shards: Vec<(PathBuf, Report)>) -> Result<Report> {
    let (_, first) = shards
        .first()
        .ok_or_else(|| Error::input("merge needs at least one shard folder"))?;
    let of = first
        .shard
        .map(|s| s.1)
        .ok_or_else(|| Error::input("not a shard output (no K/N)"))?;
    let (id, players) = (identity(first), first.players);
    for (dir, r) in &shards {
        if identity(r) != id {
            return Err(Error::input(format!(
                "{}: shards come from different runs (game, players, seed, rules, strategies or count differ)",
                dir.display()
            )));
        }
    }
    shards.sort_by_key(|(_, r)| r.shard);
    for (i, (dir, r)) in shards.iter().enumerate() {
        let (k, n) = r.shard.unwrap_or_default();
        if n != of || k != i as u64 + 1 {
            let what = if k <= i as u64 {
                "duplicated"
            } else {
                "not in order"
            };
            return Err(Error::input(format!(
                "{}: shard {k}/{n} is {what} or does not fit {of} shards (shard {}/{of} expected)",
                dir.display(),
                i + 1
            )));
        }
    }
    if shards.len() as u64 != of {
        return Err(Error::input(format!(
            "shard {}/{of} is missing ({} of {of} given)",
            shards.len() + 1,
            shards.len()
        )));
    }
    for s in 0..players {
        if union_span(shards.iter().map(|(_, r)| &r.tally.seats[s].score_hist)) > MAX_SPAN {
            return Err(Error::input(format!(
                "seat {s}'s scores span more than {MAX_SPAN} values across the shards"
            )));
        }
    }
    if union_span(shards.iter().map(|(_, r)| &r.tally.lengths)) > MAX_SPAN {
        return Err(Error::input(format!(
            "lengths span more than {MAX_SPAN} values across the shards"
        )));
    }
    Ok(combine(shards.into_iter().map(|(_, r)| r).collect()))
}

/// Adds up checked shards in shard order; the run's time is the wall-clock span from the
/// first start to the last end, and its CPU time the sum over shards.
fn combine(shards: Vec<Report>) -> Report {
    let n = shards.len() as u64;
    let start = shards
        .iter()
        .map(|r| r.started_unix_s)
        .fold(f64::INFINITY, f64::min);
    let end = shards
        .iter()
        .map(|r| r.started_unix_s + r.elapsed_s)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut out = shards[0].clone();
    for r in &shards[1..] {
        out.tally.merge(&r.tally);
        out.threads = out.threads.max(r.threads);
        out.cpu_s += r.cpu_s;
    }
    out.started_unix_s = start;
    out.elapsed_s = (end - start).max(0.0);
    out.shard = None;
    out.merged_shards = Some(n);
    out.tally_sha256 = String::new();
    out
}

/// Refuses an `--out` that is one of the shard folders (it would mix the merged files with
/// a shard's).
fn check_out(dirs: &[PathBuf], out: &Path) -> Result<()> {
    let Ok(o) = out.canonicalize() else {
        return Ok(()); // not there yet: it cannot be an input
    };
    for d in dirs {
        if d.canonicalize().is_ok_and(|d| d == o) {
            return Err(Error::input(format!(
                "--out {} is one of the shard folders; merge into a new folder",
                out.display()
            )));
        }
    }
    Ok(())
}

/// Merges the shard folders `dirs` into the files of `out` (checked, not yet written).
pub fn run(dirs: &[PathBuf], out: &Path) -> Result<Vec<OutFile>> {
    check_out(dirs, out)?;
    let shards = dirs
        .iter()
        .map(|d| read_shard(d).map(|r| (d.clone(), r)))
        .collect::<Result<Vec<_>>>()?;
    let merged = merge_reports(shards)?;
    let command = unsharded_command(dirs)?;
    if let Some(c) = &command {
        check_command(c, &merged)?;
    }
    super::simulate::check_out_dir(out)?;
    let mut files = report_files(&merged)?;
    if let Some(f) = files.iter_mut().find(|f| f.name == "run.json") {
        let mut v: serde_json::Value = serde_json::from_slice(&f.bytes)
            .map_err(|e| Error::input(format!("merged run.json: {e}")))?;
        if let Some(m) = v.as_object_mut() {
            let argv: Vec<String> = std::env::args().collect();
            m.insert("argv".into(), argv.into());
            m.insert("command".into(), command.into());
            let commit = env!("CARDSIM_GIT_COMMIT");
            m.insert(
                "git_commit".into(),
                (!commit.is_empty()).then_some(commit).into(),
            );
        }
        let text = serde_json::to_string_pretty(&v).unwrap_or_default() + "\n";
        *f = OutFile::new("run.json", text);
    }
    Ok(files)
}

/// Checks the command the shards record against what their shard.json files hold: a
/// `simulate` of the same game, table, seed, rules, strategies and count. (Otherwise an
/// edited command would make `rerun` play something else than the merged files show.)
fn check_command(words: &[String], r: &Report) -> Result<()> {
    use clap::Parser;
    let bad = |why: &str| {
        Error::input(format!(
            "the shards' run.json records a command that does not match their shard.json ({why}): {}",
            words.join(" ")
        ))
    };
    let argv = std::iter::once("cardsim".to_string()).chain(words.iter().cloned());
    let cli = super::Cli::try_parse_from(argv).map_err(|_| bad("it does not parse"))?;
    let super::args::Command::Simulate(a) = cli.command else {
        return Err(bad("not a simulate command"));
    };
    let count = match r.unit.as_str() {
        "matches" => a.run.matches,
        _ => a.run.deals,
    };
    if count != Some(r.total_units) || a.run.precision.is_some() {
        return Err(bad("the count differs"));
    }
    let t = crate::games::with_game(&a.table.game, Table(&a.table))
        .ok_or_else(|| bad("the game differs"))?
        .map_err(|e| bad(&e.to_string()))?;
    if t.0 != r.game || t.1 != r.players || a.table.seed != r.seed {
        return Err(bad("the game, players or seed differ"));
    }
    if t.2 != r.rules {
        return Err(bad("the rules differ"));
    }
    let seats = |s: &[crate::strategy::StrategySpec]| -> Vec<_> {
        s.iter()
            .map(|x| (x.label.clone(), x.base.clone(), x.params.entries().to_vec()))
            .collect()
    };
    if seats(&t.3) != seats(&r.seats) {
        return Err(bad("the strategies differ"));
    }
    Ok(())
}

/// The resolved table of a command: game, players, every rule's value, the seats.
type Resolved = (
    String,
    usize,
    Vec<(String, String)>,
    Vec<crate::strategy::StrategySpec>,
);

/// Resolves a command's table for the game it names.
struct Table<'a>(&'a super::args::TableArgs);

impl crate::games::GameVisitor for Table<'_> {
    type Out = Result<Resolved>;
    fn visit<G: crate::game::Game>(self) -> Result<Resolved> {
        use crate::game::Rules;
        let t = super::setup::table::<G>(self.0)?;
        let rules = t.rules.values().into_iter();
        let rules = rules.map(|(k, v)| (k.to_string(), v)).collect();
        Ok((G::NAME.to_string(), t.players, rules, t.seats))
    }
}

/// The command every shard's run.json records, less its `--shard K/N`: the one run the
/// merge reproduces. `None` when some shard records none (no run.json, or an older one); an
/// error when two shards record different commands.
fn unsharded_command(dirs: &[PathBuf]) -> Result<Option<Vec<String>>> {
    let mut first: Option<Vec<String>> = None;
    let mut all = true;
    for d in dirs {
        let p = d.join("run.json");
        let words = super::replay::read_input(&p)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| {
                let c = v.get("command")?.as_array()?;
                c.iter().map(|w| w.as_str().map(String::from)).collect()
            })
            .map(|c: Vec<String>| without_shard(&c));
        match (words, &first) {
            (None, _) => all = false,
            (Some(w), None) => first = Some(w),
            (Some(w), Some(f)) if w != *f => {
                return Err(Error::input(format!(
                    "{}: its command differs from the first shard's (shards of different runs?)",
                    p.display()
                )));
            }
            (Some(_), Some(_)) => {}
        }
    }
    Ok(first.filter(|_| all))
}

/// A command's words without `--shard K/N`.
fn without_shard(words: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    let mut it = words.iter();
    while let Some(w) = it.next() {
        if w == "--shard" {
            it.next();
        } else if !w.starts_with("--shard=") {
            out.push(w.clone());
        }
    }
    out
}
