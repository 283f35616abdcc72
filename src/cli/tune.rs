//! `cardsim tune GAME --strategy BOT --knob NAME=LO..HI ... --panel S1,S2 --budget DEALS
//! --out DIR`: searches the bot's knob settings for the best score rate against the panel
//! on duplicate deals ([`crate::lab::tune`]) with the balance lab's optimizer: a race of
//! every setting when there are at most 512, NTBEA and a race of its picks beyond (or with
//! `--search`). The best setting and the bot as given are then re-tested on fresh deals
//! (seed + 1), paired.
//!
//! Files: `tune.csv` (every raced setting: blocks, deals, score rate with interval, status,
//! the round and reason of its elimination), `retest.csv` (best and default on fresh deals,
//! the paired difference), `best.toml` (the best setting as a knob file, loadable with
//! `--strategy DIR/best.toml`), `ntbea.csv` (with NTBEA) and `run.json`.

use super::args::{CommonArgs, TableArgs};
use super::emit::emit;
use super::runinfo::{RunInfo, table_words};
use super::setup::table;
use super::tune_files::{Retest, best_toml, retest_text, tune_text};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::{GameVisitor, with_game};
use crate::lab::race::{Arena, Goal, Race, Settings, objective_of, paired_objective, race_in};
use crate::lab::search::{SEED_OFFSET, Search, block_cost, ntbea_csv, search};
use crate::lab::tune::{Score, TuneArena, play_against};
use crate::output::OutFile;
use crate::stats::Estimate;
use crate::strategy::{Params, StrategySpec, knobs_of, resolve, with_knobs};
use clap::Args;
use serde_json::json;

/// Fewest blocks the re-test plays (its jackknife groups).
pub const RETEST_MIN_BLOCKS: u64 = 10;

/// `cardsim tune`'s arguments.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Game, table, the bot to tune (one --strategy: a built-in bot or its knob file, whose
    /// values are the starting point and the default re-tested), rules and seed.
    #[command(flatten)]
    pub table: TableArgs,
    /// A knob to search: NAME=LO..HI (--levels values evenly spaced, ends included) or
    /// NAME=V1,V2,...; settings are every combination.
    #[arg(long = "knob", value_name = "NAME=VALUES", required = true)]
    pub knob: Vec<String>,
    /// Values of a NAME=LO..HI knob.
    #[arg(long, default_value_t = 5)]
    pub levels: usize,
    /// The strategies the bot plays against, comma-separated (default: the bot as given).
    #[arg(long, value_delimiter = ',', value_name = "S1,S2")]
    pub panel: Vec<String>,
    /// Deals the search may play in all (NTBEA and the race; the re-test comes on top).
    #[arg(long, default_value_t = 200_000)]
    pub budget: u64,
    /// Deal indices per block (each played under every panel member, the bot at every seat).
    #[arg(long, default_value_t = 100)]
    pub block: u64,
    /// Equivalence margin on the score rate: the race stops when every survivor is within
    /// ±DELTA of the best.
    #[arg(long, default_value_t = 0.0)]
    pub delta: f64,
    /// How to search: race every setting (at most 512), NTBEA then a race of its picks, or
    /// auto (NTBEA above 512 settings).
    #[arg(long, value_enum, default_value = "auto")]
    pub search: Search,
    /// Threads and output.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// One `--knob`: its name and values.
fn parse_knob(text: &str, levels: usize) -> Result<(String, Vec<f64>)> {
    let bad = |why: &str| Error::input(format!("bad --knob '{text}': {why}"));
    let (k, v) = text
        .split_once('=')
        .ok_or_else(|| bad("expected NAME=LO..HI or NAME=V1,V2"))?;
    let number = |s: &str| -> Result<f64> {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| bad(&format!("'{}' is not a number", s.trim())))
    };
    let values: Vec<f64> = if let Some((lo, hi)) = v.split_once("..") {
        let (lo, hi) = (number(lo)?, number(hi)?);
        if hi <= lo || levels < 2 {
            return Err(bad("expected LO < HI and --levels at least 2"));
        }
        (0..levels)
            .map(|i| round6(lo + (hi - lo) * i as f64 / (levels - 1) as f64))
            .collect()
    } else {
        v.split(',')
            .filter(|s| !s.trim().is_empty())
            .map(number)
            .collect::<Result<_>>()?
    };
    if values.is_empty() {
        return Err(bad("no values"));
    }
    Ok((k.trim().to_string(), values))
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The knob values of setting `x` on top of the bot's own values.
fn params_of(base: &Params, knobs: &[(String, Vec<f64>)], x: &[usize]) -> Params {
    let mut v: Vec<(String, f64)> = base
        .entries()
        .iter()
        .filter(|(n, _)| !knobs.iter().any(|(k, _)| k == n))
        .cloned()
        .collect();
    v.extend(knobs.iter().zip(x).map(|((k, vs), &i)| (k.clone(), vs[i])));
    Params::new(v)
}

pub(super) fn setting_text(knobs: &[(String, Vec<f64>)], x: &[usize]) -> String {
    knobs
        .iter()
        .zip(x)
        .map(|((k, vs), &i)| format!("{k}={}", vs[i]))
        .collect::<Vec<_>>()
        .join(";")
}

/// Every setting, first knob slowest.
fn all_settings(dims: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for &n in dims {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..n).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    out
}

struct Tune<'a>(&'a TuneArgs);

impl GameVisitor for Tune<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        let c = &a.common;
        if c.output.report {
            return Err(Error::input("tune writes no report.html (--report)"));
        }
        if a.table.strategies.len() != 1 {
            return Err(Error::input(
                "tune takes exactly one --strategy: the bot to tune",
            ));
        }
        let t = table::<G>(&a.table)?;
        super::simulate::check_threads(c.threads)?;
        if let Some(dir) = &c.output.out {
            super::simulate::check_out_dir(dir)?;
        }
        if a.block == 0 {
            return Err(Error::input("--block must be at least 1"));
        }
        let bot = t.seats[0].clone();
        knobs_of::<G>(&bot.base).ok_or_else(|| {
            Error::input(format!(
                "tune: '{}' is not a built-in bot of {} (its knobs are unknown)",
                bot.label,
                G::NAME
            ))
        })?;
        let knobs: Vec<(String, Vec<f64>)> = a
            .knob
            .iter()
            .map(|k| parse_knob(k, a.levels))
            .collect::<Result<_>>()?;
        for (i, (k, _)) in knobs.iter().enumerate() {
            if knobs[..i].iter().any(|(j, _)| j == k) {
                return Err(Error::input(format!("--knob {k} is given twice")));
            }
        }
        let make = |x: &[usize]| -> Result<StrategySpec> {
            with_knobs::<G>(&bot.base, &bot.label, params_of(&bot.params, &knobs, x))
        };
        // Every value checked once against the bot (a knob it lacks, a value out of range).
        for (d, (_, vs)) in knobs.iter().enumerate() {
            for i in 0..vs.len() {
                let mut x = vec![0; knobs.len()];
                x[d] = i;
                make(&x)?;
            }
        }
        let panel: Vec<StrategySpec> = if a.panel.is_empty() {
            vec![bot.clone()]
        } else {
            a.panel
                .iter()
                .map(|s| resolve::<G>(s.trim()))
                .collect::<Result<_>>()?
        };
        let dims: Vec<usize> = knobs.iter().map(|(_, v)| v.len()).collect();
        let count = dims.iter().try_fold(1usize, |n, &k| n.checked_mul(k));
        let use_ntbea = a.search.use_ntbea(count)?;
        let goal = Goal {
            minimize: "score_rate".into(),
            require: Vec::new(),
            delta: a.delta,
        };
        let mut arena = TuneArena::<G> {
            rules: t.rules.clone(),
            players: t.players,
            seed: t.seed,
            block: a.block,
            candidates: Vec::new(),
            panel,
        };
        let start = std::time::Instant::now();
        let (points, searched) = if use_ntbea {
            let probe = TuneArena::<G> {
                seed: t.seed.wrapping_add(SEED_OFFSET),
                ..arena.clone()
            };
            let s = search(
                dims.clone(),
                t.seed,
                a.budget,
                arena.deals_per_block(),
                c.threads,
                |_| true,
                |x, e| {
                    let cand = make(x).expect("checked values");
                    block_cost(&probe, &goal, &play_against(&probe, &cand, e))
                },
            )?;
            probe.check()?;
            (s.picks.clone(), Some(s))
        } else {
            (all_settings(&dims), None)
        };
        arena.candidates = points.iter().map(|x| make(x)).collect::<Result<_>>()?;
        let settings = Settings {
            budget: a.budget - searched.as_ref().map_or(0, |s| s.deals),
            threads: c.threads,
            progress: !c.output.quiet,
            label: "tune",
        };
        let r = race_in(&arena, &goal, &settings)?;
        let best = best_of(&arena, &r);
        let retest_arena = TuneArena::<G> {
            seed: t.seed.wrapping_add(1),
            candidates: vec![arena.candidates[best].clone(), bot.clone()],
            ..arena.clone()
        };
        let blocks = (r.entries[best].blocks.len() as u64).max(RETEST_MIN_BLOCKS);
        let rt = retest(&retest_arena, blocks, c.threads)?;
        let best_text = setting_text(&knobs, &points[best]);
        let tune_csv = tune_text(&arena, &bot.label, &r, &knobs, &points)?;
        let keys = [
            G::NAME.to_string(),
            t.players.to_string(),
            bot.label.clone(),
        ];
        let retest_csv = retest_text(&keys, &best_text, &rt)?;
        let mut command = vec!["tune".to_string()];
        command.extend(table_words::<G>(&a.table, t.players, &t.seats));
        for k in &a.knob {
            command.extend(["--knob".to_string(), k.clone()]);
        }
        let panel_names: Vec<&str> = arena.panel.iter().map(|s| s.label.as_str()).collect();
        command.extend([
            "--levels".into(),
            a.levels.to_string(),
            "--panel".into(),
            panel_names.join(","),
            "--budget".into(),
            a.budget.to_string(),
            "--block".into(),
            a.block.to_string(),
            "--delta".into(),
            a.delta.to_string(),
        ]);
        if a.search != Search::Auto {
            command.extend(["--search".into(), format!("{:?}", a.search).to_lowercase()]);
        }
        let toml = best_toml::<G>(&bot, &arena.candidates[best].params, &panel_names, &rt);
        let info = RunInfo {
            command,
            game: G::NAME,
            players: t.players,
            rules: crate::game::Rules::values(&t.rules),
            strategies: super::simulate::seat_strategies::<G>(&t.seats),
            seed: t.seed,
            unit: "deals",
            count: r.deals + searched.as_ref().map_or(0, |s| s.deals),
            precision: None,
            threads: r.threads,
            elapsed_s: start.elapsed().as_secs_f64(),
        };
        let extra = json!({
            "search": match &searched {
                None => json!({"kind": "race", "candidates": points.len()}),
                Some(s) => json!({"kind": "ntbea", "candidates": count, "runs": s.runs.len(),
                    "evaluations_per_run": s.iters, "deals": s.deals, "picks": s.picks.len()}),
            },
            "race": {"rounds": r.rounds, "deals": r.deals, "stopped": r.stop,
                "best": best_text, "panel": panel_names},
            "retest": {"seed": t.seed.wrapping_add(1), "blocks": blocks,
                "best": rt.best.map(|e| e.value), "default": rt.default.map(|e| e.value),
                "diff": rt.diff.map(|e| e.value), "diff_lo": rt.diff.map(|e| e.lo),
                "diff_hi": rt.diff.map(|e| e.hi), "better": rt.better()},
        });
        let mut files = vec![
            OutFile::new("tune.csv", tune_csv),
            OutFile::new("retest.csv", retest_csv),
            OutFile::new("best.toml", toml),
            OutFile::new("run.json", info.json(extra)),
        ];
        if let Some(s) = &searched {
            files.push(OutFile::new(
                "ntbea.csv",
                ntbea_csv(G::NAME, t.players, s, |x| setting_text(&knobs, x))?,
            ));
        }
        emit(&c.output, &files, || {
            crate::outln!(
                "{} {}: {} settings raced on {} deals in {} rounds ({}); best: {}",
                G::NAME,
                bot.label,
                points.len(),
                r.deals,
                r.rounds,
                r.stop,
                best_text
            );
            crate::outln!(
                "re-test on fresh deals (seed {}), {} blocks: score rate vs {}",
                t.seed.wrapping_add(1),
                blocks,
                panel_names.join(",")
            );
            let _ = super::emit::print_csv(
                &files[1].bytes,
                &[
                    ("role", "role"),
                    ("knobs", "knobs"),
                    ("score rate", "score_rate"),
                    ("lo", "lo"),
                    ("hi", "hi"),
                    ("diff", "diff"),
                    ("diff lo", "diff_lo"),
                    ("diff hi", "diff_hi"),
                    ("p", "p_value"),
                ],
            );
        })
    }
}

/// The survivor with the best score rate (every variant survives at least the first round).
fn best_of<A: Arena>(arena: &A, r: &Race<A::Block>) -> usize {
    (0..r.entries.len())
        .filter(|&v| r.entries[v].out.is_none())
        .map(|v| {
            let e = objective_of(arena, &r.entries[v].blocks);
            (v, e.map_or(f64::INFINITY, |e| e.value))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map_or(0, |(v, _)| v)
}

/// A score-rate estimate from an objective (minus the score rate) estimate.
pub(super) fn flip(e: Estimate) -> Estimate {
    Estimate {
        value: -e.value,
        se: e.se,
        lo: -e.hi,
        hi: -e.lo,
        p: e.p,
    }
}

fn retest<G: Game>(arena: &TuneArena<G>, blocks: u64, threads: Option<usize>) -> Result<Retest> {
    let jobs: Vec<(usize, u64)> = (0..2)
        .flat_map(|v| (0..blocks).map(move |b| (v, b)))
        .collect();
    let (done, _) = crate::sim::fold_batches(
        threads,
        &(0..jobs.len() as u64),
        1,
        Vec::new(),
        |r| {
            let (v, b) = jobs[r.start as usize];
            arena.play(v, b)
        },
        |acc: &mut Vec<Score>, x| acc.push(x),
    )?;
    arena.check()?;
    let (b, d) = done.split_at(blocks as usize);
    Ok(Retest {
        best: objective_of(arena, b).map(flip),
        default: objective_of(arena, d).map(flip),
        // objective(default) - objective(best) = rate(best) - rate(default).
        diff: paired_objective(arena, d, b),
    })
}

/// Runs `cardsim tune`.
pub fn run(a: &TuneArgs) -> Result<()> {
    with_game(&a.table.game, Tune(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knob_ranges_and_lists() {
        assert_eq!(
            parse_knob("a=1..3", 5).unwrap(),
            ("a".into(), vec![1.0, 1.5, 2.0, 2.5, 3.0])
        );
        assert_eq!(
            parse_knob("b=0.5,2,-1", 5).unwrap(),
            ("b".into(), vec![0.5, 2.0, -1.0])
        );
        assert!(parse_knob("a=3..1", 5).is_err());
        assert!(parse_knob("a=x,1", 5).is_err());
        assert!(parse_knob("a", 5).is_err());
    }

    #[test]
    fn settings_are_every_combination_first_knob_slowest() {
        assert_eq!(
            all_settings(&[2, 3]),
            vec![
                vec![0, 0],
                vec![0, 1],
                vec![0, 2],
                vec![1, 0],
                vec![1, 1],
                vec![1, 2]
            ]
        );
    }
}
