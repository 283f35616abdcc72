//! `cardsim balance GAME --space KEY=V1,V2 ... --budget DEALS --out DIR`: races every
//! combination of the given switch values ([`crate::lab::race`]), then re-tests the winner,
//! the base rules and the winner with each searched switch set back (or, where the winner
//! keeps the base value, to the space's first other value) on fresh deals (seed + 1), with
//! paired differences from the winner and TOST equivalence within ±delta.
//!
//! Files: `variants.csv` (every variant: blocks, deals, objective with interval, each
//! requirement's value, status, the round and reason of its elimination), `best.csv` (the
//! re-test: objective, requirement metrics and length per role, differences from the winner,
//! equivalence), `metrics.csv` (every metric of the re-test, `compare`'s form, the winner as
//! baseline) and `run.json`.

use super::args::{CommonArgs, TableArgs};
use super::balance_check::{Checked, check};
use super::emit::emit;
use super::runinfo::{RunInfo, table_words};
use super::setup::{apply_rules, parse_rules, table};
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};
use crate::lab::metrics::{Prepared, metrics, paired};
use crate::lab::race::{Arena, Race, RaceSpec, equivalent, objective, play_block, race, rotations};
use crate::lab::search::{SEED_OFFSET, Search, Searched, block_cost, ntbea_csv, search};
use crate::output::{OutFile, num, p_text};
use crate::sim::Mode;
use crate::sim::compare::{CompareSpec, compare};
use crate::stats::GROUPS;
use clap::Args;
use serde_json::json;

/// The most variants a race takes (the product of the spaces).
pub const MAX_VARIANTS: usize = 512;
/// The requirement when none is given: a deal has a winner.
pub const DEFAULT_REQUIRE: &str = "decisive_share+tie_share>=0.99";

/// `cardsim balance`'s arguments.
#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// Game, table, strategies, the base rules every variant starts from, and seed.
    #[command(flatten)]
    pub table: TableArgs,
    /// A switch to search: KEY=V1,V2,... or KEY=LO..HI (integers); variants are every
    /// combination.
    #[arg(long = "space", value_name = "KEY=VALUES", required = true)]
    pub space: Vec<String>,
    /// A requirement, METRIC>=X or METRIC<=X (metrics may be summed with +); default
    /// `decisive_share+tie_share>=0.99`.
    #[arg(long = "require", value_name = "CONSTRAINT")]
    pub require: Vec<String>,
    /// The metric to minimise.
    #[arg(long, default_value = "seat_gap2")]
    pub minimize: String,
    /// Deals the race may play, over all variants.
    #[arg(long, default_value_t = 1_000_000)]
    pub budget: u64,
    /// Deal indices per block (each played under every distinct rotation of the line-up).
    #[arg(long, default_value_t = 500)]
    pub block: u64,
    /// Equivalence margin on the objective (TOST): the race stops when every survivor is
    /// within ±DELTA of the best, and the re-test says which switches do not matter.
    #[arg(long, default_value_t = 0.0)]
    pub delta: f64,
    /// How to search: race every variant (at most 512), NTBEA over the space and then race
    /// its picks, or auto (NTBEA above 512 variants).
    #[arg(long, value_enum, default_value = "auto")]
    pub search: Search,
    /// Threads and output.
    #[command(flatten)]
    pub common: CommonArgs,
}

struct Balance<'a>(&'a BalanceArgs);

impl GameVisitor for Balance<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        let c = &a.common;
        let t = table::<G>(&a.table)?;
        super::simulate::check_threads(c.threads)?;
        if let Some(dir) = &c.output.out {
            super::simulate::check_out_dir(dir)?;
        }
        let Checked {
            spaces,
            count,
            variants,
            use_ntbea,
            req_text,
            goal,
        } = check::<G>(a)?;
        let mut spec = RaceSpec::<G> {
            variants,
            players: t.players,
            seats: t.seats.clone(),
            seed: t.seed,
            block: a.block,
            budget: a.budget,
            threads: c.threads,
            progress: !c.output.quiet,
            goal,
        };
        let start = std::time::Instant::now();
        let searched = if use_ntbea {
            let s = ntbea_variants::<G>(&mut spec, &spaces, &a.table.rules)?;
            spec.budget = a.budget.saturating_sub(s.deals);
            Some(s)
        } else {
            None
        };
        let r = race(&spec)?;
        let winner = best::<G>(&spec, &r);
        let retest = retest::<G>(&spec, &spaces, &r, winner, &a.table.rules)?;
        let variants_csv = variants_text::<G>(&spec, &r)?;
        let mut command = vec!["balance".to_string()];
        command.extend(table_words::<G>(&a.table, t.players, &t.seats));
        for s in &a.space {
            command.extend(["--space".to_string(), s.clone()]);
        }
        for q in &req_text {
            command.extend(["--require".to_string(), q.clone()]);
        }
        command.extend([
            "--minimize".into(),
            a.minimize.clone(),
            "--budget".into(),
            a.budget.to_string(),
            "--block".into(),
            a.block.to_string(),
            "--delta".into(),
            a.delta.to_string(),
        ]);
        if a.search != Search::Auto {
            let s = format!("{:?}", a.search).to_lowercase();
            command.extend(["--search".into(), s]);
        }
        let info = RunInfo {
            command,
            game: G::NAME,
            players: t.players,
            rules: parse_rules::<G>(&a.table.rules)?.values(),
            strategies: super::simulate::seat_strategies::<G>(&t.seats),
            seed: t.seed,
            unit: "deals",
            count: r.deals,
            precision: None,
            threads: r.threads,
            elapsed_s: start.elapsed().as_secs_f64(),
        };
        let search_json = match &searched {
            None => json!({"kind": "race", "candidates": spec.variants.len()}),
            Some(s) => json!({
                "kind": "ntbea",
                "candidates": count,
                "runs": s.runs.len(),
                "evaluations_per_run": s.iters,
                "deals": s.deals,
                "seed": t.seed.wrapping_add(SEED_OFFSET),
                "picks": s.picks.len(),
            }),
        };
        let extra = json!({
            "search": search_json,
            "race": {
                "variants": spec.variants.len(),
                "rounds": r.rounds,
                "deals": r.deals,
                "stopped": r.stop,
                "block": a.block,
                "rotations": rotations(&spec.seats),
                "winner": winner.map(|w| &spec.variants[w].1),
                "retest_seed": t.seed.wrapping_add(1),
                "retest_deals": retest.deals,
            },
            "metrics": crate::lab::table::json(&retest.rows),
        });
        let mut files = vec![
            OutFile::new("variants.csv", variants_csv),
            OutFile::new("best.csv", retest.best_csv),
            OutFile::new("metrics.csv", retest.metrics_csv),
            OutFile::new("run.json", info.json(extra)),
        ];
        if let Some(s) = &searched {
            let text = ntbea_csv(G::NAME, spec.players, s, |x| {
                switches_of(&spaces, x).join(";")
            })?;
            files.push(OutFile::new("ntbea.csv", text));
        }
        emit(&c.output, &files, || {
            crate::outln!(
                "{}: {} variants raced on {} deals in {} rounds ({}); winner: {}",
                G::NAME,
                spec.variants.len(),
                r.deals,
                r.rounds,
                r.stop,
                winner.map_or("none (every variant eliminated)", |w| spec.variants[w]
                    .1
                    .as_str())
            );
            crate::outln!(
                "re-test on fresh deals (seed {}), {} deals each; diff = role - winner",
                t.seed.wrapping_add(1),
                retest.deals
            );
            let _ = super::emit::print_csv(
                &files[1].bytes,
                &[
                    ("role", "role"),
                    ("switches", "switches"),
                    ("metric", "metric"),
                    ("value", "value"),
                    ("lo", "lo"),
                    ("hi", "hi"),
                    ("diff", "diff"),
                    ("p_holm", "p_holm"),
                    ("equivalent", "equivalent"),
                ],
            );
        })
    }
}

/// The surviving variant with the best objective (None when every one was eliminated).
fn best<G: Game>(spec: &RaceSpec<G>, r: &Race) -> Option<usize> {
    let ms = metrics(spec.players, Mode::Deals);
    (0..r.entries.len())
        .filter(|&v| r.entries[v].out.is_none())
        .map(|v| {
            let e = objective::<G>(&ms, &spec.goal, &r.entries[v].blocks);
            (v, e.map_or(f64::INFINITY, |e| e.value))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(v, _)| v)
}

/// The switches of NTBEA point `x` (one value index per space).
fn switches_of(spaces: &[(String, Vec<String>)], x: &[usize]) -> Vec<String> {
    spaces
        .iter()
        .zip(x)
        .map(|((k, vs), &i)| format!("{k}={}", vs[i]))
        .collect()
}

/// NTBEA over the spaces (on its own seed, half the budget); its distinct picks become the
/// race's variants.
fn ntbea_variants<G: Game>(
    spec: &mut RaceSpec<G>,
    spaces: &[(String, Vec<String>)],
    base: &[String],
) -> Result<Searched> {
    let base_rules = parse_rules::<G>(base)?;
    let make = |x: &[usize]| -> Option<G::Rules> {
        let mut rules = base_rules.clone();
        apply_rules::<G>(&mut rules, &switches_of(spaces, x), "--space").ok()?;
        G::check_players(&rules, spec.players).ok()?;
        Some(rules)
    };
    let probe = RaceSpec::<G> {
        variants: Vec::new(),
        seed: spec.seed.wrapping_add(SEED_OFFSET),
        ..spec.clone()
    };
    let s = search(
        spaces.iter().map(|(_, v)| v.len()).collect(),
        spec.seed,
        spec.budget,
        probe.deals_per_block(),
        spec.threads,
        |x| make(x).is_some(),
        |x, e| {
            let rules = make(x).expect("valid point");
            block_cost(&probe, &probe.goal, &play_block(&probe, &rules, e))
        },
    )?;
    crate::strategy::check_failures::<G>(&spec.seats)?;
    if spec.progress {
        eprintln!(
            "balance NTBEA: {} runs x {} evaluations on {} deals; {} distinct picks to race",
            s.runs.len(),
            s.iters,
            s.deals,
            s.picks.len()
        );
    }
    spec.variants = s
        .picks
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let rules = make(x).expect("valid pick");
            (format!("v{i}"), switches_of(spaces, x).join(";"), rules)
        })
        .collect();
    Ok(s)
}

fn variants_text<G: Game>(spec: &RaceSpec<G>, r: &Race) -> Result<String> {
    let ms = metrics(spec.players, Mode::Deals);
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head = vec![
        "game".to_string(),
        "players".into(),
        "variant".into(),
        "switches".into(),
        "blocks".into(),
        "deals".into(),
        spec.goal.minimize.clone(),
        format!("{}_lo", spec.goal.minimize),
        format!("{}_hi", spec.goal.minimize),
    ];
    head.extend(spec.goal.require.iter().map(|q| q.metrics.join("+")));
    head.extend(["status".into(), "round_out".into(), "reason".into()]);
    w.write_record(&head).map_err(err)?;
    let rots = rotations(&spec.seats) as u64;
    for (v, e) in r.entries.iter().enumerate() {
        let o = objective::<G>(&ms, &spec.goal, &e.blocks);
        let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 6));
        let all = crate::lab::metrics::total(&e.blocks);
        let mut rec = vec![
            G::NAME.to_string(),
            spec.players.to_string(),
            spec.variants[v].0.clone(),
            spec.variants[v].1.clone(),
            e.blocks.len().to_string(),
            (e.blocks.len() as u64 * spec.block * rots).to_string(),
            f(o.map(|o| o.value)),
            f(o.map(|o| o.lo)),
            f(o.map(|o| o.hi)),
        ];
        for q in &spec.goal.require {
            let s: Option<f64> = q
                .metrics
                .iter()
                .map(|n| ms.iter().find(|m| m.name == n).and_then(|m| m.value(&all)))
                .sum();
            rec.push(f(s));
        }
        match &e.out {
            None => rec.extend(["survivor".into(), String::new(), String::new()]),
            Some((round, why)) => rec.extend(["eliminated".into(), round.to_string(), why.clone()]),
        }
        w.write_record(&rec).map_err(err)?;
    }
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

/// The re-test's files.
struct Retest {
    deals: u64,
    rows: Vec<crate::lab::table::Row>,
    best_csv: String,
    metrics_csv: String,
}

/// Plays the winner, the base rules and one switch-flip per searched key on fresh deals.
fn retest<G: Game>(
    spec: &RaceSpec<G>,
    spaces: &[(String, Vec<String>)],
    r: &Race,
    winner: Option<usize>,
    base: &[String],
) -> Result<Retest> {
    let base_rules = parse_rules::<G>(base)?;
    let base_values = base_rules.values();
    let mut roles: Vec<(String, String, G::Rules)> = Vec::new();
    if let Some(w) = winner {
        let (_, sw, rules) = &spec.variants[w];
        roles.push(("winner".into(), sw.clone(), rules.clone()));
        roles.push(("base".into(), String::new(), base_rules.clone()));
        for (k, vs) in spaces {
            let now = rules.get(k);
            let was = base_values
                .iter()
                .find(|(bk, _)| bk == k)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            let flip = if now != was {
                Some(was)
            } else {
                vs.iter().find(|v| **v != now).cloned()
            };
            if let Some(to) = flip {
                let mut fl = rules.clone();
                if fl.set(k, &to).is_ok() && G::check_players(&fl, spec.players).is_ok() {
                    roles.push((format!("flip:{k}"), format!("{k}={to}"), fl));
                }
            }
        }
    }
    let blocks = winner.map_or(0, |w| r.entries[w].blocks.len() as u64);
    let deals = (blocks * spec.block * rotations(&spec.seats) as u64).max(GROUPS as u64 * 2);
    if roles.len() < 2 {
        let text = crate::lab::table::csv_text(G::NAME, spec.players, &[], true)?;
        return Ok(Retest {
            deals: 0,
            rows: Vec::new(),
            best_csv:
                "game,players,role,switches,metric,value,lo,hi,diff,diff_lo,diff_hi,p_value,p_holm,equivalent\n"
                    .into(),
            metrics_csv: text,
        });
    }
    let cs = CompareSpec::<G> {
        variants: roles
            .iter()
            .map(|(n, _, r)| (n.clone(), r.clone()))
            .collect(),
        players: spec.players,
        seats: spec.seats.clone(),
        seed: spec.seed.wrapping_add(1),
        units: 0..deals,
        threads: spec.threads,
        progress: spec.progress,
        mode: Mode::Deals,
    };
    let (tally, _, _) = compare(&cs)?;
    let lab_in: Vec<(String, &[crate::lab::counts::Counts])> = roles
        .iter()
        .zip(&tally.lab)
        .map(|((n, _, _), c)| (n.clone(), c.as_slice()))
        .collect();
    let rows = crate::lab::table::rows(&lab_in, spec.players, Mode::Deals);
    let metrics_csv = crate::lab::table::csv_text(G::NAME, spec.players, &rows, true)?;
    // best.csv: the objective, the requirement metrics and the length, per role.
    let ms = metrics(spec.players, Mode::Deals);
    let mut shown: Vec<&str> = vec![spec.goal.minimize.as_str()];
    for q in &spec.goal.require {
        shown.extend(q.metrics.iter().map(String::as_str));
    }
    shown.extend(["seat_gap", "decisive_share", "turns_mean"]);
    let mut keep: Vec<&str> = Vec::new();
    for s in shown {
        if !keep.contains(&s) {
            keep.push(s);
        }
    }
    let prepared: Vec<Prepared> = tally.lab.iter().map(|g| Prepared::new(g)).collect();
    let mut lines = Vec::new();
    for (i, (role, sw, _)) in roles.iter().enumerate() {
        for name in &keep {
            let m = ms.iter().find(|m| m.name == *name).expect("known metric");
            let est = crate::lab::metrics::estimate(m, &prepared[i]);
            let d = (i > 0)
                .then(|| paired(m, &prepared[i], &prepared[0]))
                .flatten();
            let eq = (i > 0 && *name == spec.goal.minimize && spec.goal.delta > 0.0)
                .then(|| d.is_some_and(|d| equivalent(&d, spec.goal.delta, GROUPS)));
            lines.push((role.clone(), sw.clone(), *name, est, d, eq));
        }
    }
    let ps: Vec<f64> = lines
        .iter()
        .map(|l| l.4.map_or(f64::NAN, |d| d.p))
        .collect();
    let adj = crate::stats::holm(&ps);
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "role",
        "switches",
        "metric",
        "value",
        "lo",
        "hi",
        "diff",
        "diff_lo",
        "diff_hi",
        "p_value",
        "p_holm",
        "equivalent",
    ])
    .map_err(err)?;
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 6));
    for (l, h) in lines.iter().zip(adj) {
        w.write_record([
            G::NAME.to_string(),
            spec.players.to_string(),
            l.0.clone(),
            l.1.clone(),
            l.2.to_string(),
            f(l.3.map(|e| e.value)),
            f(l.3.map(|e| e.lo)),
            f(l.3.map(|e| e.hi)),
            f(l.4.map(|d| d.value)),
            f(l.4.map(|d| d.lo)),
            f(l.4.map(|d| d.hi)),
            l.4.map_or(String::new(), |d| p_text(d.p)),
            p_text(h),
            l.5.map_or(String::new(), |e| e.to_string()),
        ])
        .map_err(err)?;
    }
    let best_csv = String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))?;
    Ok(Retest {
        deals,
        rows,
        best_csv,
        metrics_csv,
    })
}

/// Runs `cardsim balance`.
pub fn run(a: &BalanceArgs) -> Result<()> {
    with_game(&a.table.game, Balance(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}
