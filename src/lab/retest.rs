//! The re-test behind `cardsim balance`: a few *roles* (the winner, the base rules and the
//! winner with each searched switch flipped; with `--front`, the base rules and every front
//! variant) replayed on fresh deals (seed + 1) as a `compare`, with paired differences from
//! the first role, Holm-corrected, and TOST equivalence within ±delta on the objective.
//!
//! With `--panel` the same roles are replayed under each member's self-play line-up on the
//! same deals: `best.csv` gains a `panel` column (one block of rows per member, Holm within
//! each member, as `compare --panel` does) and an `agree` column (`no` where the members'
//! conclusions on a difference differ in sign or significance), and `panel.csv` holds every
//! member's metric rows in `compare --panel`'s form.

use super::metrics::{Prepared, metrics, paired};
use super::race::{RaceSpec, equivalent, rotations};
use super::table::Row;
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::output::{num, p_text};
use crate::sim::Mode;
use crate::sim::compare::{CompareSpec, compare};
use crate::stats::{Estimate, GROUPS, holm};
use crate::strategy::StrategySpec;

/// A role of the re-test: its name, its switches as text, its rules.
pub type Role<G> = (String, String, <G as Game>::Rules);

/// The re-test's files.
pub struct Retest {
    /// Deals each role played (per line-up).
    pub deals: u64,
    /// The first line-up's metric rows (`metrics.csv`).
    pub rows: Vec<Row>,
    /// `best.csv`.
    pub best_csv: String,
    /// `metrics.csv`.
    pub metrics_csv: String,
    /// `panel.csv` (with a panel).
    pub panel_csv: Option<String>,
    /// `role metric` of every difference the panel members disagree on.
    pub disagree: Vec<String>,
}

/// The winner, the base rules and one switch-flip per searched key (back to the base value,
/// or where the winner keeps it, to the space's first other value).
pub fn roles<G: Game>(
    spec: &RaceSpec<G>,
    spaces: &[(String, Vec<String>)],
    winner: Option<usize>,
    base_rules: &G::Rules,
) -> Vec<Role<G>> {
    let base_values = base_rules.values();
    let mut roles: Vec<Role<G>> = Vec::new();
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
    roles
}

/// The metrics `best.csv` shows: `first` (the objective or the front's axes), the
/// requirements' metrics, then `seat_gap`, `decisive_share`, `turns_mean`, each once.
pub fn shown<'a>(spec: &'a RaceSpec<impl Game>, first: &[&'a str]) -> Vec<&'a str> {
    let mut all: Vec<&str> = first.to_vec();
    for q in &spec.goal.require {
        all.extend(q.metrics.iter().map(String::as_str));
    }
    all.extend(["seat_gap", "decisive_share", "turns_mean"]);
    let mut keep: Vec<&str> = Vec::new();
    for s in all {
        if !keep.contains(&s) {
            keep.push(s);
        }
    }
    keep
}

/// One line of `best.csv`: role, switches, metric, estimate, difference from the first
/// role, equivalence.
type Line = (
    String,
    String,
    String,
    Option<Estimate>,
    Option<Estimate>,
    Option<bool>,
);

/// One line-up's replay of the roles: its metric rows and `best.csv` lines.
fn replay<G: Game>(
    spec: &RaceSpec<G>,
    roles: &[Role<G>],
    deals: u64,
    seats: &[StrategySpec],
    keep: &[&str],
    equiv: Option<&str>,
) -> Result<(Vec<Row>, Vec<Line>)> {
    let cs = CompareSpec::<G> {
        variants: roles
            .iter()
            .map(|(n, _, r)| (n.clone(), r.clone()))
            .collect(),
        players: spec.players,
        seats: seats.to_vec(),
        seed: spec.seed.wrapping_add(1),
        units: 0..deals,
        threads: spec.threads,
        progress: spec.progress,
        mode: Mode::Deals,
    };
    let (tally, _, _) = compare(&cs)?;
    let lab_in: Vec<(String, &[super::counts::Counts])> = roles
        .iter()
        .zip(&tally.lab)
        .map(|((n, _, _), c)| (n.clone(), c.as_slice()))
        .collect();
    let rows = super::table::rows(&lab_in, spec.players, Mode::Deals);
    let ms = metrics(spec.players, Mode::Deals);
    let prepared: Vec<Prepared> = tally.lab.iter().map(|g| Prepared::new(g)).collect();
    let mut lines = Vec::new();
    for (i, (role, sw, _)) in roles.iter().enumerate() {
        for name in keep {
            let m = ms.iter().find(|m| m.name == *name).expect("known metric");
            let est = super::metrics::estimate(m, &prepared[i]);
            let d = (i > 0)
                .then(|| paired(m, &prepared[i], &prepared[0]))
                .flatten();
            let eq = (i > 0 && Some(*name) == equiv && spec.goal.delta > 0.0)
                .then(|| d.is_some_and(|d| equivalent(&d, spec.goal.delta, GROUPS)));
            lines.push((role.clone(), sw.clone(), name.to_string(), est, d, eq));
        }
    }
    Ok((rows, lines))
}

fn err(e: csv::Error) -> Error {
    Error::Other(format!("csv: {e}"))
}

fn text(w: csv::Writer<Vec<u8>>) -> Result<String> {
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

const BEST_HEAD: [&str; 14] = [
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
];

/// A re-test line's cells of `best.csv` after its leading key columns: role, switches,
/// metric, value with interval, difference with interval, p and Holm p (`holm`), TOST.
fn line_cells(l: &Line, holm: f64) -> [String; 12] {
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 6));
    [
        l.0.clone(),
        l.1.clone(),
        l.2.clone(),
        f(l.3.map(|e| e.value)),
        f(l.3.map(|e| e.lo)),
        f(l.3.map(|e| e.hi)),
        f(l.4.map(|d| d.value)),
        f(l.4.map(|d| d.lo)),
        f(l.4.map(|d| d.hi)),
        l.4.map_or(String::new(), |d| p_text(d.p)),
        p_text(holm),
        l.5.map_or(String::new(), |e| e.to_string()),
    ]
}

/// Replays `roles` (the first the baseline) on `deals` fresh deals under the line-up of
/// `spec`, or under each of `panel` in self-play; `equiv` is the metric TOST is done on.
pub fn retest<G: Game>(
    spec: &RaceSpec<G>,
    roles: &[Role<G>],
    deals: u64,
    panel: &[StrategySpec],
    keep: &[&str],
    equiv: Option<&str>,
) -> Result<Retest> {
    if roles.len() < 2 {
        let text = super::table::csv_text(G::NAME, spec.players, &[], true)?;
        let mut head = BEST_HEAD.join(",");
        if !panel.is_empty() {
            head = head.replacen("players,", "players,panel,", 1) + ",agree";
        }
        return Ok(Retest {
            deals: 0,
            rows: Vec::new(),
            best_csv: head + "\n",
            metrics_csv: text,
            panel_csv: None,
            disagree: Vec::new(),
        });
    }
    if panel.is_empty() {
        let (rows, lines) = replay(spec, roles, deals, &spec.seats, keep, equiv)?;
        let metrics_csv = super::table::csv_text(G::NAME, spec.players, &rows, true)?;
        let ps: Vec<f64> = lines
            .iter()
            .map(|l| l.4.map_or(f64::NAN, |d| d.p))
            .collect();
        let adj = holm(&ps);
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(BEST_HEAD).map_err(err)?;
        for (l, h) in lines.iter().zip(adj) {
            let mut rec = vec![G::NAME.to_string(), spec.players.to_string()];
            rec.extend(line_cells(l, h));
            w.write_record(&rec).map_err(err)?;
        }
        return Ok(Retest {
            deals,
            rows,
            best_csv: text(w)?,
            metrics_csv,
            panel_csv: None,
            disagree: Vec::new(),
        });
    }
    // A panel: every member's replay on the same deals, Holm within each member.
    let mut per = Vec::new();
    for m in panel {
        let seats = vec![m.clone(); spec.players];
        let (rows, lines) = replay(spec, roles, deals, &seats, keep, equiv)?;
        let ps: Vec<f64> = lines
            .iter()
            .map(|l| l.4.map_or(f64::NAN, |d| d.p))
            .collect();
        let adj = holm(&ps);
        per.push((rows, lines, adj));
    }
    let agree_line = |i: usize| -> Option<bool> {
        let cs: Vec<Option<i8>> = per
            .iter()
            .map(|(_, l, a)| super::panel::conclusion(l[i].4, a[i]))
            .collect();
        let first = cs.first().copied().flatten()?;
        Some(cs.iter().all(|c| *c == Some(first)))
    };
    let yes_no = |a: Option<bool>| a.map_or(String::new(), |a| if a { "yes" } else { "no" }.into());
    let mut head: Vec<&str> = BEST_HEAD.to_vec();
    head.insert(2, "panel");
    head.push("agree");
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&head).map_err(err)?;
    let mut disagree = Vec::new();
    for (k, (_, lines, adj)) in per.iter().enumerate() {
        for (i, (l, h)) in lines.iter().zip(adj).enumerate() {
            let ag = agree_line(i);
            if k == 0 && ag == Some(false) {
                disagree.push(format!("{} {}", l.0, l.2));
            }
            let mut rec = vec![
                G::NAME.to_string(),
                spec.players.to_string(),
                panel[k].label.clone(),
            ];
            rec.extend(line_cells(l, *h));
            rec.push(yes_no(ag));
            w.write_record(&rec).map_err(err)?;
        }
    }
    let best_csv = text(w)?;
    // panel.csv: every member's metric rows, compare --panel's form.
    let members: Vec<(Vec<Row>, Vec<f64>)> = per
        .iter()
        .map(|(rows, _, _)| (rows.clone(), super::panel::holm_of(rows)))
        .collect();
    let g = |x: Option<f64>| x.map_or(String::new(), |x| num(x + 0.0, 6));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game", "players", "panel", "variant", "metric", "value", "lo", "hi", "diff", "diff_lo",
        "diff_hi", "p_holm", "agree",
    ])
    .map_err(err)?;
    for (k, (rows, ps)) in members.iter().enumerate() {
        for (i, r) in rows.iter().enumerate() {
            w.write_record([
                G::NAME.to_string(),
                spec.players.to_string(),
                panel[k].label.clone(),
                r.variant.clone(),
                r.metric.to_string(),
                g(r.est.map(|e| e.value)),
                g(r.est.map(|e| e.lo)),
                g(r.est.map(|e| e.hi)),
                g(r.diff.map(|d| d.value)),
                g(r.diff.map(|d| d.lo)),
                g(r.diff.map(|d| d.hi)),
                if r.diff.is_some() {
                    p_text(ps[i])
                } else {
                    String::new()
                },
                yes_no(super::panel::agree(&members, i)),
            ])
            .map_err(err)?;
        }
    }
    let panel_csv = text(w)?;
    let rows = per.swap_remove(0).0;
    let metrics_csv = super::table::csv_text(G::NAME, spec.players, &rows, true)?;
    Ok(Retest {
        deals,
        rows,
        best_csv,
        metrics_csv,
        panel_csv: Some(panel_csv),
        disagree,
    })
}

/// Deals each role of the re-test plays: as many as `blocks` race blocks of the line-up, at
/// least two per jackknife group.
pub fn deals_for<G: Game>(spec: &RaceSpec<G>, blocks: u64) -> u64 {
    (blocks * spec.block * rotations(&spec.seats) as u64).max(GROUPS as u64 * 2)
}
