//! `cardsim simulate`: validate, run on all cores, write the CSV files and show the results.

use super::args::SimulateArgs;
use super::emit::emit;
use super::runinfo::{Precision, RunInfo, count_words, strategy_json, table_words};
use super::setup::{TableSpec, table};
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};
use crate::lab::run::{merge_counts, run_measured};
use crate::output::{OutFile, Report, print_table, report_files, shard_file};
use crate::sim::{Mode, RunOutcome, RunSpec};

/// Deals played when neither `--deals` nor `--matches` is given.
pub const DEFAULT_DEALS: u64 = 100_000;

struct Simulate<'a>(&'a SimulateArgs);

impl GameVisitor for Simulate<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        let c = &a.common;
        let t = table::<G>(&a.table)?;
        let (mode, n) = a.run.units(DEFAULT_DEALS);
        if n == 0 {
            return Err(Error::input(format!(
                "--{} must be at least 1",
                mode.unit()
            )));
        }
        check_threads(c.threads)?;
        if let Some(dir) = &c.output.out {
            check_out_dir(dir)?;
        }
        let shard = a.shard.as_deref().map(parse_shard).transpose()?;
        let units = match shard {
            Some((k, of)) if c.output.out.is_some() => crate::sim::shard_units(n, k, of),
            Some(_) => {
                return Err(Error::input(
                    "--shard needs --out: a shard writes mergeable files",
                ));
            }
            None => 0..n,
        };
        let show = !c.output.quiet;
        let measured = |r| run_measured(&run_spec(&t, mode, r, c.threads, show));
        let asked = n;
        let ((outcome, counts), n, precision) = match a.run.precision {
            None if shard.is_none() => {
                // A whole run may stop at Ctrl-C with the units played so far (a prefix of
                // the indices, so the files equal a shorter run's).
                crate::cleanup::allow_stop();
                let o = measured(units)?;
                let played = o.0.tally.units;
                if played == 0 {
                    return Err(Error::Interrupted(format!(
                        "no {} finished before the stop; nothing written",
                        mode.unit()
                    )));
                }
                (o, played, None)
            }
            None => (measured(units)?, n, None),
            Some(w) => {
                if shard.is_some() {
                    return Err(Error::input("--precision and --shard do not go together"));
                }
                let cap = super::precision::check(w, mode, a.run.fixed(mode))?;
                let (o, n) = super::precision::until_precise(
                    mode,
                    w,
                    cap,
                    measured,
                    |acc, o| {
                        crate::stats::Merge::merge(&mut acc.0.tally, &o.0.tally);
                        acc.0.elapsed += o.0.elapsed;
                        acc.0.cpu_s += o.0.cpu_s;
                        merge_counts(&mut acc.1, &o.1);
                    },
                    |o| widest(&o.0.tally),
                )?;
                let p = Precision {
                    target: w,
                    widest: widest(&o.0.tally),
                };
                p.warn(n, mode.unit());
                (o, n, Some(p))
            }
        };
        let report = make_report(&t, mode, outcome, shard, n);
        let mut command = vec!["simulate".to_string()];
        command.extend(table_words::<G>(&a.table, t.players, &t.seats));
        command.extend(count_words(
            mode.unit(),
            a.run.fixed(mode),
            n,
            a.run.precision,
        ));
        if let Some(s) = &a.shard {
            command.extend(["--shard".to_string(), s.clone()]);
        }
        let info = RunInfo {
            command,
            game: G::NAME,
            players: t.players,
            rules: t.rules.values(),
            strategies: seat_strategies::<G>(&t.seats),
            seed: t.seed,
            unit: mode.unit(),
            count: report.tally.units,
            precision,
            threads: report.threads,
            elapsed_s: report.elapsed_s,
        };
        let mut files = report_files(&report)?;
        let mut old: serde_json::Value =
            serde_json::from_str(&report.run_json()).unwrap_or(serde_json::Value::Null);
        let lab =
            crate::lab::table::rows(&[(variant_name::<G>(&t.rules), &counts)], t.players, mode);
        if let Some(m) = old.as_object_mut() {
            m.insert("metrics".into(), crate::lab::table::json(&lab));
            if n < asked && precision.is_none() {
                // Stopped by Ctrl-C: `command` replays what was played; this says what was asked.
                let stop = serde_json::json!({ "asked": asked, "played": n });
                m.insert("interrupted".into(), stop);
            }
        }
        if let Some(f) = files.iter_mut().find(|f| f.name == "run.json") {
            *f = OutFile::new("run.json", info.json(old));
        }
        files.push(OutFile::new(
            "metrics.csv",
            crate::lab::table::csv_text(G::NAME, t.players, &lab, false)?,
        ));
        if shard.is_some() {
            files.push(shard_file(&report)?);
        }
        emit(&c.output, &files, || print_table(&report))?;
        if n < asked && precision.is_none() && shard.is_none() {
            let unit = mode.unit();
            return Err(Error::Interrupted(format!(
                "wrote the results of the first {n} of {asked} {unit} (the same as --{unit} {n})"
            )));
        }
        Ok(())
    }
}

/// Plays the table `t` as `cardsim simulate` does (`count` deals or matches, from index 0)
/// and writes the same files into `out`: `summary.csv`, `scores.csv`, `lengths.csv`,
/// `ends.csv`, `teams.csv` where the game has teams, `run.json`, and with `report` also
/// `report.html`. For library users whose seats hold their own bots
/// ([`crate::strategy::StrategySpec::custom`]): the files are byte for byte those of the
/// command line for the same table, seed and count, so every tool that reads cardsim's
/// outputs (`cardsim report`, pandas, R) reads them. Returns the report the files came from
/// ([`crate::output::print_table`] prints it as the command does).
pub fn simulate_to<G: Game>(
    t: &TableSpec<G>,
    mode: Mode,
    count: u64,
    threads: Option<usize>,
    out: &std::path::Path,
    report: bool,
) -> Result<Report> {
    if count == 0 {
        return Err(Error::input(format!("{} must be at least 1", mode.unit())));
    }
    check_threads(threads)?;
    check_out_dir(out)?;
    let (outcome, _) = run_measured(&run_spec(t, mode, 0..count, threads, false))?;
    let r = make_report(t, mode, outcome, None, count);
    let files = report_files(&r)?;
    crate::output::write_folder(out, &files, report)?;
    Ok(r)
}

/// The variant column of `metrics.csv` for a run's rules: `defaults`, or the switches that
/// differ from them (`key=value;key=value`).
pub fn variant_name<G: Game>(rules: &G::Rules) -> String {
    let changed = changed_switches::<G>(rules);
    if changed.is_empty() {
        "defaults".into()
    } else {
        changed
    }
}

/// The switches of `rules` that differ from the game's defaults, as `key=value;key=value`
/// (empty when none do).
pub fn changed_switches<G: Game>(rules: &G::Rules) -> String {
    let changed: Vec<String> = rules
        .values()
        .into_iter()
        .zip(G::Rules::default().values())
        .filter(|((_, a), (_, b))| a != b)
        .map(|((k, v), _)| format!("{k}={v}"))
        .collect();
    changed.join(";")
}

/// Refuses `--threads 0` (every command: one clear line, not a runner error).
pub fn check_threads(threads: Option<usize>) -> Result<()> {
    crate::sim::resolve_threads(threads).map(|_| ())
}

/// Each seat's strategy for run.json, numbered by seat.
pub fn seat_strategies<G: Game>(seats: &[crate::strategy::StrategySpec]) -> Vec<serde_json::Value> {
    seats
        .iter()
        .enumerate()
        .map(|(s, sp)| {
            let mut v = strategy_json::<G>(sp);
            if let Some(m) = v.as_object_mut() {
                m.insert("seat".into(), s.into());
            }
            v
        })
        .collect()
}

/// The widest 95% win-rate interval over the seats.
fn widest(tally: &crate::stats::Tally) -> f64 {
    (0..tally.players)
        .map(|s| super::precision::width(tally.seats[s].wins(), tally.units as f64))
        .fold(0.0, f64::max)
}

/// Parses `K/N` with 1 <= K <= N.
pub fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::input(format!(
            "bad --shard '{s}': expected K/N with 1 <= K <= N, e.g. 3/8"
        ))
    };
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Fails early (before hours of simulation) when `dir` cannot be an output folder.
pub fn check_out_dir(dir: &std::path::Path) -> Result<()> {
    crate::output::check_out_folder(dir)
}

/// The runner's spec for a validated table.
pub fn run_spec<G: Game>(
    t: &TableSpec<G>,
    mode: Mode,
    units: std::ops::Range<u64>,
    threads: Option<usize>,
    progress: bool,
) -> RunSpec<G> {
    RunSpec {
        rules: t.rules.clone(),
        players: t.players,
        seats: t.seats.clone(),
        mode,
        seed: t.seed,
        units,
        threads,
        progress,
    }
}

/// The report of a finished run.
pub fn make_report<G: Game>(
    t: &TableSpec<G>,
    mode: Mode,
    o: RunOutcome,
    shard: Option<(u64, u64)>,
    total_units: u64,
) -> Report {
    Report {
        game: G::NAME.to_string(),
        players: t.players,
        unit: mode.unit().to_string(),
        variant: variant_name::<G>(&t.rules),
        seed: t.seed,
        rules: t
            .rules
            .values()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        seats: t.seats.clone(),
        team_of: (0..t.players).map(|s| G::team_of(t.players, s)).collect(),
        teams: G::teams(t.players),
        end_reasons: G::END_REASONS.iter().map(|r| r.name.to_string()).collect(),
        tally: o.tally,
        threads: o.threads,
        elapsed_s: o.elapsed.as_secs_f64(),
        cpu_s: o.cpu_s,
        started_unix_s: crate::sim::clock::unix_seconds() - o.elapsed.as_secs_f64(),
        shard,
        merged_shards: None,
        total_units,
        tally_sha256: String::new(),
    }
}

pub fn run(a: &SimulateArgs) -> Result<()> {
    with_game(&a.table.game, Simulate(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}
