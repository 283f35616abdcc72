//! Commands that work from output folders: `cardsim rerun DIR --out NEW` replays a folder
//! from the canonical `command` its run.json records (refusing when a knob file changed
//! since), and the `merge` command's output (files, table, `--json`).

use super::args::{Cli, MergeArgs, RerunArgs};
use super::emit::{OWN_FILES, json_document, print_csv, remove_stale};
use crate::error::{Error, Result};
use crate::output::OutFile;
use clap::Parser;
use std::path::Path;

/// Reads `DIR/run.json`.
fn read_run_json(dir: &Path) -> Result<serde_json::Value> {
    let p = dir.join("run.json");
    let text = std::fs::read_to_string(&p)
        .map_err(|e| Error::input(format!("cannot read {}: {e}", p.display())))?;
    serde_json::from_str(&text).map_err(|e| Error::input(format!("bad {}: {e}", p.display())))
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
    if matches!(
        cli.command,
        super::args::Command::Rerun(_) | super::args::Command::Run(_)
    ) {
        return Err(Error::input("run.json's command cannot be replayed"));
    }
    super::run(cli)
}

/// A file's identity (its inode), which a write-and-rename changes.
fn file_id(p: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(p).ok().map(|m| m.ino())
}

/// `cardsim merge DIR... --out DIR`: merges (see [`super::merge`]), then shows the result.
pub fn merge(a: &MergeArgs) -> Result<()> {
    let o = &a.output;
    let out = o
        .out
        .as_ref()
        .ok_or_else(|| Error::input("merge needs --out DIR: where the combined files go"))?;
    let before: Vec<Option<u64>> = OWN_FILES.iter().map(|f| file_id(&out.join(f))).collect();
    super::merge::run(&a.dirs, out)?;
    // The files merge just wrote (each renamed into place: a new file); cardsim's other
    // files there are an earlier run's.
    let mut files = Vec::new();
    for (name, was) in OWN_FILES.iter().zip(before) {
        let p = out.join(name);
        let now = file_id(&p);
        if now.is_some()
            && now != was
            && let Ok(bytes) = std::fs::read(&p)
        {
            files.push(OutFile::new(name, bytes));
        }
    }
    let mut written: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    if o.report {
        crate::report::write(out)?;
        written.push(crate::report::FILE);
    }
    remove_stale(out, &written)?;
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
