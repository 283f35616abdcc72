//! `cardsim run experiments/<name>.toml`: a study described in a file, run with the same code
//! as the commands it names. The file lists runs; each writes its CSV files and `run.json`
//! into `<out>/<run name>/`, where `out` is relative to the file's folder.
//!
//! ```toml
//! about = "what the study asks"
//! out = "results"                 # folder beside this file
//! seed = 2026                     # default for every run
//!
//! [[run]]
//! name = "golf"                   # subfolder
//! kind = "simulate"               # simulate | compare | tournament
//! game = "golf"
//! players = 4                     # optional
//! strategies = ["greedy"]         # optional
//! rules = ["holes=9"]             # optional, KEY=VALUE
//! deals = 100000                  # or matches = 1000 (simulate only)
//! variants = ["base:", "nofinal:final_turns=no"]   # compare only
//! precision = 0.005               # optional: play until intervals are this narrow
//! ```

use super::args::{CompareArgs, RunArgs, SimulateArgs, TableArgs, TournamentArgs};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Study {
    #[serde(default)]
    #[allow(dead_code)]
    about: String,
    out: PathBuf,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(rename = "run")]
    runs: Vec<RunDef>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RunDef {
    name: String,
    kind: String,
    game: String,
    #[serde(default)]
    players: Option<usize>,
    #[serde(default)]
    strategies: Vec<String>,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    deals: Option<u64>,
    #[serde(default)]
    matches: Option<u64>,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Play until every win-rate interval is narrower than this (deals/matches cap it).
    #[serde(default)]
    precision: Option<f64>,
}

fn table(r: &RunDef, seed: u64) -> TableArgs {
    TableArgs {
        game: r.game.clone(),
        players: r.players,
        strategies: r.strategies.clone(),
        rules: r.rules.clone(),
        seed: r.seed.unwrap_or(seed),
    }
}

fn run_one(r: &RunDef, seed: u64, out: PathBuf, threads: Option<usize>) -> Result<()> {
    let table = table(r, seed);
    let run = RunArgs {
        deals: r.deals,
        matches: r.matches,
        precision: r.precision,
        threads,
        out: Some(out),
    };
    match r.kind.as_str() {
        "simulate" => super::simulate::run(&SimulateArgs {
            table,
            run,
            quiet: true,
            shard: None,
        }),
        "compare" => super::compare::run(&CompareArgs {
            table,
            variants: r.variants.clone(),
            run,
        }),
        "tournament" => super::tournament::run(&TournamentArgs { table, run }),
        k => Err(Error::input(format!(
            "run '{}': unknown kind '{k}' (simulate, compare, tournament)",
            r.name
        ))),
    }
}

/// Runs every run of the study file at `path`.
pub fn run(path: &Path, threads: Option<usize>, only: Option<&str>) -> Result<()> {
    crate::sim::resolve_threads(threads)?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::input(format!("cannot read study {}: {e}", path.display())))?;
    let study: Study = toml::from_str(&text).map_err(|e| {
        Error::input(format!(
            "bad study {}: {}",
            path.display(),
            e.message().trim()
        ))
    })?;
    let base = path.parent().unwrap_or(Path::new(".")).join(&study.out);
    let seed = study.seed.unwrap_or(2026);
    let mut ran = 0;
    for r in &study.runs {
        if only.is_some_and(|o| o != r.name) {
            continue;
        }
        if r.name.is_empty() || r.name.contains(['/', '\\']) || r.name.starts_with('.') {
            return Err(Error::input(format!(
                "run name '{}' must be a plain folder name",
                r.name
            )));
        }
        let start = std::time::Instant::now();
        run_one(r, seed, base.join(&r.name), threads).map_err(|e| match e {
            Error::Input(m) => Error::Input(format!("run '{}': {m}", r.name)),
            other => other,
        })?;
        eprintln!(
            "{}: {} done in {:.1} s",
            path.display(),
            r.name,
            start.elapsed().as_secs_f64()
        );
        ran += 1;
    }
    if ran == 0 {
        return Err(Error::input("the study has no run of that name"));
    }
    Ok(())
}
