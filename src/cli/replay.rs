//! Commands that work from output folders: `cardsim rerun DIR --out NEW` replays a folder
//! from the canonical `command` its run.json records (refusing when a knob file changed
//! since, when a strategy name now means other knob values than those recorded, and any
//! `exec:` bot unless `--allow-exec`), and the `merge` command's output (files, table,
//! `--json`).

use super::args::{Cli, MergeArgs, RerunArgs};
use super::emit::{json_document, print_csv};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::{GameVisitor, with_game};
use crate::output::write_folder;
use crate::strategy::{ExecPolicy, resolve, set_policy};
use clap::Parser;
use serde_json::Value;
use std::path::Path;

/// The largest run.json, shard.json or study file read (16 MiB).
pub const MAX_INPUT: u64 = 16 << 20;

/// Reads a small input file as text: a regular file (not a FIFO or a device, which could
/// block or never end) of at most [`MAX_INPUT`] bytes.
pub fn read_input(p: &Path) -> Result<String> {
    use std::io::Read;
    let cannot =
        |e: &dyn std::fmt::Display| Error::input(format!("cannot read {}: {e}", p.display()));
    let f = std::fs::File::open(p).map_err(|e| cannot(&e))?;
    let m = f.metadata().map_err(|e| cannot(&e))?;
    if !m.is_file() {
        return Err(cannot(&"not a regular file"));
    }
    if m.len() > MAX_INPUT {
        return Err(cannot(&format!("larger than {} MiB", MAX_INPUT >> 20)));
    }
    let mut text = String::new();
    f.take(MAX_INPUT + 1)
        .read_to_string(&mut text)
        .map_err(|e| cannot(&e))?;
    if text.len() as u64 > MAX_INPUT {
        return Err(cannot(&format!("larger than {} MiB", MAX_INPUT >> 20)));
    }
    Ok(text)
}

/// Reads `DIR/run.json`.
fn read_run_json(dir: &Path) -> Result<Value> {
    let p = dir.join("run.json");
    let text = read_input(&p)?;
    serde_json::from_str(&text).map_err(|e| Error::input(format!("bad {}: {e}", p.display())))
}

/// Checks that each strategy word of a replayed command still means what run.json
/// records (a name now found in a knob file created since would play otherwise).
struct SameStrategies<'a>(&'a [String], &'a Value, &'a str);

impl GameVisitor for SameStrategies<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let SameStrategies(words, run, shown) = self;
        let recorded = run.get("strategies").and_then(|s| s.as_array());
        for w in words {
            if w.starts_with("exec:") {
                continue; // an exec bot has no knob values but its timeout: checked by policy
            }
            let now = super::runinfo::strategy_json::<G>(&resolve::<G>(w)?);
            let same = recorded.into_iter().flatten().any(|r| {
                r.get("strategy") == now.get("strategy")
                    && r.get("bot") == now.get("bot")
                    && r.get("knobs") == now.get("knobs")
            });
            if !same {
                return Err(Error::input(format!(
                    "strategy {w} now means {} {} but {shown} records other values (a knob file created or changed since?); the rerun would not reproduce the run",
                    now["bot"], now["knobs"]
                )));
            }
        }
        Ok(())
    }
}

/// The canonical command a run.json records, with every knob file checked against its
/// recorded digest.
pub fn command_of(dir: &Path, run: &serde_json::Value) -> Result<Vec<String>> {
    let shown = dir.join("run.json").display().to_string();
    let command: Vec<String> = run
        .get("command")
        .and_then(|c| c.as_array())
        .and_then(|c| c.iter().map(|w| w.as_str().map(String::from)).collect())
        .ok_or_else(|| {
            Error::input(format!(
                "{shown} records no command to replay (written by an older cardsim, or by bench)"
            ))
        })?;
    let seats = run.get("strategies").and_then(|s| s.as_array());
    for s in seats.into_iter().flatten() {
        let (Some(file), Some(want)) = (
            s.get("file").and_then(|f| f.as_str()),
            s.get("file_sha256").and_then(|f| f.as_str()),
        ) else {
            continue;
        };
        if super::runinfo::file_digest(Path::new(file)).as_deref() != Some(want) {
            return Err(Error::input(format!(
                "knob file {file} is missing or changed since the run (its SHA-256 differs from {shown})"
            )));
        }
    }
    Ok(command)
}

/// Whether two paths name the same folder (as far as can be told).
fn same_folder(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// `cardsim rerun DIR --out NEW`.
pub fn rerun(a: &RerunArgs) -> Result<()> {
    super::simulate::check_threads(a.common.threads)?;
    let run = read_run_json(&a.dir)?;
    let command = command_of(&a.dir, &run)?;
    let c = &a.common;
    let out =
        c.output.out.as_ref().ok_or_else(|| {
            Error::input("rerun needs --out NEW: a folder for the replayed files")
        })?;
    if same_folder(out, &a.dir) {
        return Err(Error::input(
            "rerun --out must be a new folder, not the one replayed",
        ));
    }
    let mut argv = vec!["cardsim".to_string()];
    argv.extend(command);
    argv.extend(["--out".to_string(), out.display().to_string()]);
    if let Some(t) = c.threads {
        argv.extend(["--threads".to_string(), t.to_string()]);
    }
    if c.output.quiet {
        argv.push("--quiet".into());
    }
    if c.output.json {
        argv.push("--json".into());
    }
    if c.output.report {
        argv.push("--report".into());
    }
    let cli = Cli::try_parse_from(&argv).map_err(|e| {
        let first = e.to_string();
        Error::input(format!(
            "{}: cannot replay its command: {}",
            a.dir.join("run.json").display(),
            first
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ")
        ))
    })?;
    use super::args::Command;
    let table = match &cli.command {
        Command::Simulate(x) => &x.table,
        Command::Compare(x) => &x.table,
        Command::Tournament(x) => &x.table,
        _ => return Err(Error::input("run.json's command cannot be replayed")),
    };
    let shown = a.dir.join("run.json").display().to_string();
    set_policy(match a.allow_exec {
        true => ExecPolicy::Allow,
        false => ExecPolicy::Refuse,
    });
    let same = SameStrategies(&table.strategies, &run, &shown);
    with_game(&table.game, same).unwrap_or_else(|| Err(super::unknown_game(&table.game)))?;
    set_policy(match a.allow_exec {
        true => ExecPolicy::Announce,
        false => ExecPolicy::Refuse,
    });
    let dir = exec_dir(&run, &shown)?;
    crate::strategy::set_dir(dir);
    let r = super::run(cli);
    set_policy(ExecPolicy::Allow);
    crate::strategy::set_dir(None);
    r
}

/// The folder a run's exec bots started in, with every file their commands named checked
/// against its recorded SHA-256 (a changed bot would not reproduce the run).
fn exec_dir(run: &Value, shown: &str) -> Result<Option<std::path::PathBuf>> {
    let mut dir = None;
    let seats = run.get("strategies").and_then(|s| s.as_array());
    for s in seats.into_iter().flatten() {
        let Some(d) = s.get("exec_dir").and_then(|d| d.as_str()) else {
            continue;
        };
        let files = s.get("exec_files_sha256").and_then(|f| f.as_object());
        for (p, want) in files.into_iter().flatten() {
            let path = Path::new(d).join(p);
            if super::runinfo::file_digest(&path).as_deref() != want.as_str() {
                return Err(Error::input(format!(
                    "bot file {} is missing or changed since the run (its SHA-256 differs from {shown})",
                    path.display()
                )));
            }
        }
        dir = Some(std::path::PathBuf::from(d));
    }
    Ok(dir)
}

/// `cardsim merge DIR... --out DIR`: merges (see [`super::merge`]), then shows the result.
pub fn merge(a: &MergeArgs) -> Result<()> {
    let o = &a.output;
    let out = o
        .out
        .as_ref()
        .ok_or_else(|| Error::input("merge needs --out DIR: where the combined files go"))?;
    let files = super::merge::run(&a.dirs, out)?;
    write_folder(out, &files, o.report)?;
    if o.json {
        crate::outln!("{}", json_document(&files)?);
    } else if !o.quiet
        && let Some(f) = files.iter().find(|f| f.name == "summary.csv")
    {
        print_csv(
            &f.bytes,
            &[
                ("seat", "seat"),
                ("strategy", "strategy"),
                ("win rate", "win_rate"),
                ("95% lo", "win_rate_lo"),
                ("95% hi", "win_rate_hi"),
                ("mean score", "mean_score"),
                ("sd", "sd_score"),
            ],
        )?;
    }
    Ok(())
}
