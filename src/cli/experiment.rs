//! `cardsim run experiments/<name>.toml`: a study described in a file, run with the same code
//! as the commands it names. The file format is [`FORMAT`] (shown by `cardsim run --help`).

use super::args::{
    CommonArgs, CompareArgs, OutputArgs, RunArgs, SimulateArgs, StudyArgs, TableArgs,
    TournamentArgs,
};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// The study file format, for `cardsim run --help`.
pub const FORMAT: &str = r#"Study file format (TOML):

  about = "what the study asks"
  out = "results"        # a folder inside the study file's folder (no "..", not absolute);
                         # `cardsim run --out DIR` puts the results in DIR instead
  seed = 2026            # default for every run (`--seed` overrides it)

  [[run]]
  name = "golf"          # subfolder of out: a plain name, each run's name once
  kind = "simulate"      # simulate | compare | tournament | balance
  game = "golf"
  players = 4            # optional
  strategies = ["greedy", "knobs/mine.toml"]   # optional; knob file paths are relative
                                               # to the study file's folder
  rules = ["holes=9"]    # optional, KEY=VALUE, each key once
  deals = 100000         # or matches = 1000 (not both)
  variants = ["base:", "nofinal:final_turns=no"]   # compare only (and required there)
  precision = 0.005      # optional: play until intervals are this narrow
  seed = 7               # optional: this run's seed
  space = ["final_turns=yes,no"]   # balance only (required there), with optional
  require = ["decisive_share+tie_share>=0.99"]   # minimize = "seat_gap2", budget = 1000000,
                                                 # block = 500, delta = 0.002
  panel = ["greedy", "greedy-prev"]   # balance only: judged by the worst of these line-ups
  front = "seat_gap2,turns_mean"      # balance only: a Pareto front instead of minimize

Each run writes its CSV files and run.json into <out>/<name>/ (a run owns that folder);
`--report` writes one page for them all, <out>/report.html."#;

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
    /// balance only: the switches searched, `KEY=V1,V2` or `KEY=LO..HI`.
    #[serde(default)]
    space: Vec<String>,
    /// balance only: requirements (`METRIC>=X`).
    #[serde(default)]
    require: Vec<String>,
    /// balance only: the metric minimised.
    #[serde(default)]
    minimize: Option<String>,
    /// balance only: deals the race may play.
    #[serde(default)]
    budget: Option<u64>,
    /// balance only: deal indices per block.
    #[serde(default)]
    block: Option<u64>,
    /// balance only: the equivalence margin.
    #[serde(default)]
    delta: Option<f64>,
    /// balance only: judge every variant under each of these line-ups (self-play).
    #[serde(default)]
    panel: Vec<String>,
    /// balance only: race for the Pareto front of two metrics, `"M1,M2"`.
    #[serde(default)]
    front: Option<String>,
}

/// The run's strategies, knob file paths taken relative to the study's folder.
fn strategies(r: &RunDef, base: &Path) -> Vec<String> {
    relative(&r.strategies, base)
}

/// Strategy texts with knob file paths taken relative to the study's folder.
fn relative(list: &[String], base: &Path) -> Vec<String> {
    list.iter()
        .map(|s| {
            let p = Path::new(s);
            let exec = s.starts_with("exec:");
            if !exec && (s.ends_with(".toml") || s.contains('/')) && p.is_relative() {
                base.join(p).display().to_string()
            } else {
                s.clone()
            }
        })
        .collect()
}

/// Refuses what a run's kind would silently ignore or misread.
fn check_run(r: &RunDef) -> Result<()> {
    if r.name.is_empty()
        || r.name.len() > 200
        || r.name.contains(['/', '\\', '\0'])
        || r.name.chars().any(char::is_control)
        || r.name.starts_with('.')
        || crate::output::OWN_FILES.contains(&r.name.as_str())
    {
        return Err(Error::input(format!(
            "run name {:?} must be a plain folder name (at most 200 bytes, not one of cardsim's file names)",
            r.name
        )));
    }
    if !["simulate", "compare", "tournament", "balance"].contains(&r.kind.as_str()) {
        return Err(Error::input(format!(
            "unknown kind '{}' (simulate, compare, tournament, balance)",
            r.kind
        )));
    }
    if r.deals.is_some() && r.matches.is_some() {
        return Err(Error::input("give deals or matches, not both"));
    }
    if r.kind != "compare" && !r.variants.is_empty() {
        return Err(Error::input(format!(
            "variants belong to compare runs, not {}",
            r.kind
        )));
    }
    let balance_only = !r.space.is_empty()
        || !r.require.is_empty()
        || r.minimize.is_some()
        || r.budget.is_some()
        || r.block.is_some()
        || r.delta.is_some()
        || !r.panel.is_empty()
        || r.front.is_some();
    if r.kind != "balance" && balance_only {
        return Err(Error::input(format!(
            "space, require, minimize, budget, block, delta, panel and front belong to balance runs, not {}",
            r.kind
        )));
    }
    if r.kind == "balance" && (r.deals.is_some() || r.matches.is_some() || r.precision.is_some()) {
        return Err(Error::input(
            "a balance run takes budget (and block), not deals, matches or precision",
        ));
    }
    Ok(())
}

/// Checks the whole study before anything runs: valid runs, each name once, `out` inside
/// the study's folder.
fn check_study(study: &Study) -> Result<()> {
    let out = &study.out;
    if out.is_absolute()
        || out.components().any(|c| {
            !matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        })
    {
        return Err(Error::input(format!(
            "out = \"{}\" must be a folder inside the study's folder (no \"..\", not absolute); use `cardsim run --out DIR` to write elsewhere",
            out.display()
        )));
    }
    if study.runs.is_empty() {
        return Err(Error::input("the study has no [[run]]"));
    }
    let mut names = std::collections::HashSet::new();
    for r in &study.runs {
        check_run(r).map_err(|e| Error::input(format!("run '{}': {e}", r.name)))?;
        if !names.insert(r.name.as_str()) {
            return Err(Error::input(format!(
                "two runs are named '{}': each writes its own folder",
                r.name
            )));
        }
    }
    Ok(())
}

/// Parses and checks a study file's text (no file is read or written).
pub fn parse_study(text: &str) -> Result<()> {
    let study: Study = toml::from_str(text)
        .map_err(|e| Error::input(format!("bad study: {}", e.message().trim())))?;
    check_study(&study)
}

/// Resolves one run's table (game, players, rules, strategies) and a compare run's
/// variants without playing: every run is checked before the first starts.
struct CheckTable<'a>(&'a TableArgs, &'a RunDef);

impl crate::games::GameVisitor for CheckTable<'_> {
    type Out = Result<()>;
    fn visit<G: crate::game::Game>(self) -> Result<()> {
        match self.1.kind.as_str() {
            "tournament" => super::setup::pool_table::<G>(self.0).map(|_| ()),
            "compare" => {
                let t = super::setup::table::<G>(self.0)?;
                super::compare::parse_variants::<G>(&self.1.variants, &self.0.rules, t.players)
                    .map(|_| ())
            }
            _ => super::setup::table::<G>(self.0).map(|_| ()),
        }
    }
}

/// Checks every run's table, and that no run's folder is a link (it would write elsewhere).
fn check_tables(study: &Study, seed: u64, base: &Path, out: &Path) -> Result<()> {
    for r in &study.runs {
        let t = table(r, seed, base);
        let checked = if r.kind == "balance" {
            // The spaces, requirements and metric too, not only the table.
            super::balance_check::check_args(&balance_args(r, t, base, CommonArgs::default()))
        } else {
            crate::games::with_game(&t.game, CheckTable(&t, r))
                .unwrap_or_else(|| Err(super::unknown_game(&t.game)))
        };
        checked.map_err(|e| Error::input(format!("run '{}': {e}", r.name)))?;
        let dir = out.join(&r.name);
        if std::fs::symlink_metadata(&dir).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Error::input(format!(
                "run {:?}: {} is a link; a run writes only into a folder of its own",
                r.name,
                dir.display()
            )));
        }
    }
    Ok(())
}

fn table(r: &RunDef, seed: u64, base: &Path) -> TableArgs {
    TableArgs {
        game: r.game.clone(),
        players: r.players,
        strategies: strategies(r, base),
        rules: r.rules.clone(),
        seed: r.seed.unwrap_or(seed),
    }
}

fn run_one(r: &RunDef, seed: u64, base: &Path, common: CommonArgs) -> Result<()> {
    let table = table(r, seed, base);
    let run = RunArgs {
        deals: r.deals,
        matches: r.matches,
        precision: r.precision,
    };
    match r.kind.as_str() {
        "simulate" => super::simulate::run(&SimulateArgs {
            table,
            run,
            common,
            shard: None,
        }),
        "compare" => super::compare::run(&CompareArgs {
            table,
            variants: r.variants.clone(),
            run,
            panel: Vec::new(),
            common,
        }),
        "tournament" => super::tournament::run(&TournamentArgs { table, run, common }),
        "balance" => super::balance::run(&balance_args(r, table, base, common)),
        k => Err(Error::input(format!(
            "unknown kind '{k}' (simulate, compare, tournament, balance)"
        ))),
    }
}

/// A balance run's command-line arguments, from its entry in the study file.
fn balance_args(
    r: &RunDef,
    table: TableArgs,
    base: &Path,
    common: CommonArgs,
) -> super::balance::BalanceArgs {
    super::balance::BalanceArgs {
        table,
        space: r.space.clone(),
        require: r.require.clone(),
        minimize: r.minimize.clone(),
        panel: relative(&r.panel, base),
        front: r.front.clone(),
        budget: r.budget.unwrap_or(1_000_000),
        block: r.block.unwrap_or(500),
        delta: r.delta.unwrap_or(0.0),
        search: crate::lab::search::Search::Auto,
        common,
    }
}

/// Runs every run of the study file (or only the one named).
pub fn run(a: &StudyArgs) -> Result<()> {
    let path = &a.file;
    super::simulate::check_threads(a.common.threads)?;
    let text = super::replay::read_input(path).map_err(|e| Error::input(format!("study: {e}")))?;
    let study: Study = toml::from_str(&text).map_err(|e| {
        Error::input(format!(
            "bad study {}: {}",
            path.display(),
            e.message().trim()
        ))
    })?;
    check_study(&study).map_err(|e| Error::input(format!("study {}: {e}", path.display())))?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let out = match &a.common.output.out {
        Some(o) => o.clone(),
        None => folder.join(&study.out),
    };
    let seed = a.seed.or(study.seed).unwrap_or(2026);
    if let Some(o) = &a.only
        && !study.runs.iter().any(|r| r.name == *o)
    {
        let names: Vec<&str> = study.runs.iter().map(|r| r.name.as_str()).collect();
        return Err(Error::input(format!(
            "the study has no run named '{o}'{}; runs: {}",
            crate::error::did_you_mean(o, names.iter().copied()),
            names.join(", ")
        )));
    }
    // exec: commands start in the study's folder, as its knob paths resolve there.
    crate::strategy::set_dir(Some(folder.to_path_buf()));
    let r = run_all(a, &study, seed, folder, &out);
    crate::strategy::set_dir(None);
    r
}

/// Checks every run, then runs them (or the one named) and writes the study's report.
fn run_all(a: &StudyArgs, study: &Study, seed: u64, folder: &Path, out: &Path) -> Result<()> {
    let path = &a.file;
    check_tables(study, seed, folder, out)
        .map_err(|e| Error::input(format!("study {}: {e}", path.display())))?;
    let mut ran = 0;
    for r in &study.runs {
        if a.only.as_ref().is_some_and(|o| *o != r.name) {
            continue;
        }
        let start = std::time::Instant::now();
        let common = CommonArgs {
            threads: a.common.threads,
            output: OutputArgs {
                out: Some(out.join(&r.name)),
                // One report for the whole study, written below.
                report: false,
                ..a.common.output.clone()
            },
        };
        run_one(r, seed, folder, common).map_err(|e| match e {
            Error::Input(m) => Error::Input(format!("run '{}': {m}", r.name)),
            other => other,
        })?;
        if !a.common.output.quiet {
            eprintln!(
                "{}: {} done in {:.1} s",
                path.display(),
                r.name,
                start.elapsed().as_secs_f64()
            );
        }
        ran += 1;
    }
    if ran == 0 {
        let names: Vec<&str> = study.runs.iter().map(|r| r.name.as_str()).collect();
        return Err(Error::input(format!(
            "the study has no run named '{}'{}; runs: {}",
            a.only.as_deref().unwrap_or(""),
            crate::error::did_you_mean(a.only.as_deref().unwrap_or(""), names.iter().copied()),
            names.join(", ")
        )));
    }
    if a.common.output.report {
        let page = crate::report::write(out)?;
        if !a.common.output.quiet {
            eprintln!("{}: report in {}", path.display(), page.display());
        }
    }
    Ok(())
}
