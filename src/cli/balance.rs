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
//!
//! `--panel A,B` races under each member's self-play line-up, by the worst member
//! ([`crate::lab::panel_race`]); `--front M1,M2` races for the Pareto front of two metrics
//! ([`crate::lab::front`], `front.csv`). The re-test and `variants.csv` of both are in
//! [`crate::lab::retest`] and [`crate::lab::variants`]; this file is the command's plumbing.

use super::args::{CommonArgs, TableArgs};
use super::balance_check::{Checked, check};
use super::emit::emit;
use super::runinfo::{RunInfo, table_words};
use super::setup::{apply_rules, parse_rules, table};
use crate::error::Result;
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};
use crate::lab::counts::Counts;
use crate::lab::front::Axis;
use crate::lab::metrics::metrics;
use crate::lab::panel_race::PanelArena;
use crate::lab::race::{
    Arena, Entry, Goal, Race, RaceSpec, Settings, objective, play_block, race, race_in, race_with,
    rotations,
};
use crate::lab::retest::{Retest, Role, deals_for, retest, roles, shown};
use crate::lab::search::{SEED_OFFSET, Search, Searched, block_cost, ntbea_csv, search};
use crate::output::OutFile;
use crate::sim::Mode;
use crate::stats::GROUPS;
use crate::strategy::StrategySpec;
use clap::Args;
use serde_json::json;

/// The most variants a race takes (the product of the spaces).
pub const MAX_VARIANTS: usize = 512;
/// The metric minimised when none is given.
pub const DEFAULT_MINIMIZE: &str = "seat_gap2";
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
    /// The metric to minimise (default seat_gap2).
    #[arg(long)]
    pub minimize: Option<String>,
    /// Judge every variant under each of these strategies' self-play line-ups (the same
    /// deals), by its worst member: requirements must hold under every member.
    #[arg(long, value_delimiter = ',', value_name = "S1,S2")]
    pub panel: Vec<String>,
    /// Race for the Pareto front of two metrics instead of one objective: M1,M2, each
    /// minimised, or maximised as max:NAME (front.csv).
    #[arg(long, value_name = "M1,M2")]
    pub front: Option<String>,
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

/// What any of the three races (plain, panel, front) leaves for the files.
struct Raced {
    rounds: usize,
    deals: u64,
    stop: String,
    threads: usize,
    winner: Option<usize>,
    variants_csv: String,
    retest: Retest,
    /// `front.csv` and the front's variants (`--front`).
    front: Option<(String, Vec<usize>)>,
    /// Variants whose members disagree (`--panel`).
    disagree: usize,
}

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
            front,
            panel,
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
            let s = ntbea_variants::<G>(&mut spec, &spaces, &a.table.rules, &panel)?;
            spec.budget = a.budget.saturating_sub(s.deals);
            Some(s)
        } else {
            None
        };
        let base_rules = parse_rules::<G>(&a.table.rules)?;
        let raced = match &front {
            Some(axes) => race_front(&spec, axes, &base_rules)?,
            None if !panel.is_empty() => race_panel(&spec, &spaces, &panel, &base_rules)?,
            None => {
                let r = race(&spec)?;
                let winner = best::<G>(&spec, &r);
                let roles = roles(&spec, &spaces, winner, &base_rules);
                let blocks = winner.map_or(0, |w| r.entries[w].blocks.len() as u64);
                let keep = shown(&spec, &[spec.goal.minimize.as_str()]);
                let m = spec.goal.minimize.as_str();
                let rt = retest(&spec, &roles, deals_for(&spec, blocks), &[], &keep, Some(m))?;
                Raced {
                    rounds: r.rounds,
                    deals: r.deals,
                    stop: r.stop.clone(),
                    threads: r.threads,
                    winner,
                    variants_csv: crate::lab::variants::plain_csv(&spec, &r)?,
                    retest: rt,
                    front: None,
                    disagree: 0,
                }
            }
        };
        let (r, winner, retest) = (&raced, raced.winner, &raced.retest);
        let mut command = vec!["balance".to_string()];
        command.extend(table_words::<G>(&a.table, t.players, &t.seats));
        for s in &a.space {
            command.extend(["--space".to_string(), s.clone()]);
        }
        for q in &req_text {
            command.extend(["--require".to_string(), q.clone()]);
        }
        match &front {
            Some(axes) => {
                let text: Vec<String> = axes.iter().map(|x| x.text()).collect();
                command.extend(["--front".into(), text.join(",")]);
            }
            None => command.extend(["--minimize".into(), spec.goal.minimize.clone()]),
        }
        if !panel.is_empty() {
            let labels: Vec<&str> = a.panel.iter().map(|s| s.trim()).collect();
            command.extend(["--panel".into(), labels.join(",")]);
        }
        command.extend([
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
            rules: base_rules.values(),
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
        let mut extra = json!({
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
        if !panel.is_empty() {
            extra["panel"] = json!({
                "members": panel.iter().map(|m| &m.label).collect::<Vec<_>>(),
                "judged_by": "worst member",
                "variants_disagreeing": r.disagree,
                "retest_disagreements": retest.disagree,
            });
        }
        if let (Some(axes), Some((_, vs))) = (&front, &r.front) {
            extra["front"] = json!({
                "metrics": axes.iter().map(|x| x.text()).collect::<Vec<_>>(),
                "variants": vs.iter().map(|&v| &spec.variants[v].1).collect::<Vec<_>>(),
            });
        }
        let mut files = vec![
            OutFile::new("variants.csv", r.variants_csv.clone()),
            OutFile::new("best.csv", retest.best_csv.clone()),
            OutFile::new("metrics.csv", retest.metrics_csv.clone()),
            OutFile::new("run.json", info.json(extra)),
        ];
        if let Some(s) = &searched {
            let text = ntbea_csv(G::NAME, spec.players, s, |x| {
                switches_of(&spaces, x).join(";")
            })?;
            files.push(OutFile::new("ntbea.csv", text));
        }
        if let Some(p) = &retest.panel_csv {
            files.push(OutFile::new("panel.csv", p.clone()));
        }
        if let Some((f, _)) = &r.front {
            files.push(OutFile::new("front.csv", f.clone()));
        }
        emit(&c.output, &files, || {
            let what = match (&r.front, winner) {
                (Some((_, vs)), _) => format!("front of {}: {}", vs.len(), {
                    let names: Vec<String> =
                        vs.iter().map(|&v| spec.variants[v].1.clone()).collect();
                    names.join(" | ")
                }),
                (None, Some(w)) => format!("winner: {}", spec.variants[w].1),
                (None, None) => "winner: none (every variant eliminated)".into(),
            };
            crate::outln!(
                "{}: {} variants raced on {} deals in {} rounds ({}); {}",
                G::NAME,
                spec.variants.len(),
                r.deals,
                r.rounds,
                r.stop,
                what
            );
            if !panel.is_empty() {
                crate::outln!(
                    "judged by the worst of {} self-play line-ups ({}); members disagree on {} variant(s) (variants.csv agree = no)",
                    panel.len(),
                    a.panel.join(","),
                    r.disagree
                );
            }
            if let Some((f, _)) = &r.front {
                let _ = super::emit::print_csv(
                    f.as_bytes(),
                    &[
                        ("variant", "variant"),
                        ("switches", "switches"),
                        ("metric", "metric"),
                        ("goal", "goal"),
                        ("value", "value"),
                        ("lo", "lo"),
                        ("hi", "hi"),
                        ("point_front", "point_front"),
                    ],
                );
            }
            crate::outln!(
                "re-test on fresh deals (seed {}), {} deals each; diff = role - {}",
                t.seed.wrapping_add(1),
                retest.deals,
                if r.front.is_some() { "base" } else { "winner" }
            );
            let mut cols = vec![
                ("role", "role"),
                ("switches", "switches"),
                ("metric", "metric"),
                ("value", "value"),
                ("lo", "lo"),
                ("hi", "hi"),
                ("diff", "diff"),
                ("p_holm", "p_holm"),
                ("equivalent", "equivalent"),
            ];
            if !panel.is_empty() {
                cols.insert(0, ("panel", "panel"));
                cols.push(("agree", "agree"));
            }
            let _ = super::emit::print_csv(&files[1].bytes, &cols);
            if !retest.disagree.is_empty() {
                crate::outln!(
                    "re-test conclusions the members disagree on: {}",
                    retest.disagree.join(", ")
                );
            }
        })
    }
}

/// The race under a panel (`--panel`), its re-test under every member.
fn race_panel<G: Game>(
    spec: &RaceSpec<G>,
    spaces: &[(String, Vec<String>)],
    panel: &[StrategySpec],
    base_rules: &G::Rules,
) -> Result<Raced> {
    let arena = PanelArena::new(spec, panel);
    let settings = Settings {
        budget: spec.budget,
        threads: spec.threads,
        progress: spec.progress,
        label: "balance",
    };
    let r = race_in(&arena, &spec.goal, &settings)?;
    let winner = crate::lab::panel_race::best(&arena, &r.entries);
    let roles = roles(spec, spaces, winner, base_rules);
    let blocks = winner.map_or(0, |w| r.entries[w].blocks.len() as u64);
    let deals = (blocks * spec.block).max(GROUPS as u64 * 2);
    let keep = shown(spec, &[spec.goal.minimize.as_str()]);
    let m = spec.goal.minimize.as_str();
    let rt = retest(spec, &roles, deals, panel, &keep, Some(m))?;
    let per_block: Vec<u64> = arena.specs.iter().map(|s| s.deals_per_block()).collect();
    let (variants_csv, disagree) = crate::lab::variants::panel_csv(
        (G::NAME, spec.players),
        &arena,
        &spec.goal,
        &names(spec),
        &r.entries,
        winner,
        &per_block,
    )?;
    Ok(Raced {
        rounds: r.rounds,
        deals: r.deals,
        stop: r.stop,
        threads: r.threads,
        winner,
        variants_csv,
        retest: rt,
        front: None,
        disagree,
    })
}

/// The race for the Pareto front of two metrics (`--front`), its re-test of the base rules
/// and every front variant.
fn race_front<G: Game>(spec: &RaceSpec<G>, axes: &[Axis], base_rules: &G::Rules) -> Result<Raced> {
    let ms = metrics(spec.players, Mode::Deals);
    let cost = |k: usize, c: &Counts| axes[k].cost(&ms, c);
    let value = |k: usize, c: &Counts| {
        ms.iter()
            .find(|m| m.name == axes[k].metric)
            .and_then(|m| m.value(c))
    };
    let rule = |ar: &RaceSpec<G>, g: &Goal, e: &mut [Entry], round: usize| {
        crate::lab::front::eliminate(ar, g, &cost, e, round)
    };
    let settings = Settings {
        budget: spec.budget,
        threads: spec.threads,
        progress: spec.progress,
        label: "balance",
    };
    let r = race_with(spec, &spec.goal, &settings, &rule)?;
    let pts = crate::lab::front::points(spec, axes, &value, &r.entries);
    let per = spec.deals_per_block();
    let front_csv = crate::lab::front::csv_text(G::NAME, spec.players, axes, &pts, &|v| {
        let n = r.entries[v].blocks.len() as u64;
        (
            spec.variants[v].0.clone(),
            spec.variants[v].1.clone(),
            n,
            n * per,
        )
    })?;
    let vs: Vec<usize> = pts.iter().map(|p| p.variant).collect();
    let mut roles: Vec<Role<G>> = vec![("base".into(), String::new(), base_rules.clone())];
    for &v in vs.iter().take(FRONT_RETEST) {
        let (n, sw, rules) = &spec.variants[v];
        roles.push((format!("front:{n}"), sw.clone(), rules.clone()));
    }
    let blocks = vs
        .iter()
        .map(|&v| r.entries[v].blocks.len() as u64)
        .max()
        .unwrap_or(0);
    let keep = shown(spec, &[axes[0].metric.as_str(), axes[1].metric.as_str()]);
    let rt = retest(spec, &roles, deals_for(spec, blocks), &[], &keep, None)?;
    let variants_csv = crate::lab::variants::front_csv(
        (G::NAME, spec.players),
        spec,
        &spec.goal,
        axes,
        &value,
        &names(spec),
        &r.entries,
    )?;
    Ok(Raced {
        rounds: r.rounds,
        deals: r.deals,
        stop: r.stop,
        threads: r.threads,
        winner: None,
        variants_csv,
        retest: rt,
        front: Some((front_csv, vs)),
        disagree: 0,
    })
}

/// Front variants re-tested against the base rules (the first by the first axis).
pub const FRONT_RETEST: usize = 16;

/// Every variant's (name, switches).
fn names<G: Game>(spec: &RaceSpec<G>) -> Vec<(String, String)> {
    spec.variants
        .iter()
        .map(|(n, s, _)| (n.clone(), s.clone()))
        .collect()
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
    panel: &[StrategySpec],
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
    // Under a panel an evaluation is the block under every member, costed by the worst.
    let arena = PanelArena::new(&probe, panel);
    let per_block = if panel.is_empty() {
        probe.deals_per_block()
    } else {
        arena.deals_per_block()
    };
    let s = search(
        spaces.iter().map(|(_, v)| v.len()).collect(),
        spec.seed,
        spec.budget,
        per_block,
        spec.threads,
        |x| make(x).is_some(),
        |x, e| {
            let rules = make(x).expect("valid point");
            if panel.is_empty() {
                block_cost(&probe, &probe.goal, &play_block(&probe, &rules, e))
            } else {
                block_cost(&arena, &probe.goal, &arena.play_rules(&rules, e))
            }
        },
    )?;
    crate::strategy::check_failures::<G>(&spec.seats)?;
    arena.check()?;
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

/// Runs `cardsim balance`.
pub fn run(a: &BalanceArgs) -> Result<()> {
    with_game(&a.table.game, Balance(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}
