//! `variants.csv` of `cardsim balance`'s race: plain ([`plain_csv`]), under a panel
//! (`balance --panel`, [`panel_csv`]) or for a front (`balance --front`, [`front_csv`]).
//!
//! Under a panel the file is tidy, one row per (variant, line-up): `panel` is `worst` for the
//! race's own judgement (the worst member's objective and the worst member's value of each
//! requirement; `deals` counts every member's deals) and then each member's label. `diff,
//! diff_lo, diff_hi, p_value, p_holm` are the paired difference from the winner over the
//! blocks the variant played (Holm within each `panel` value over the variants), and `agree`
//! (on every row of a variant) is `no` where the members' conclusions on that difference
//! differ in sign or significance. For a front, both axes' metrics get their columns.

use super::loo::{diff, estimate, loo};
use super::metrics::metrics;
use super::panel::conclusion;
use super::race::{Arena, Entry, Goal, Race, RaceSpec};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::output::{num, p_text};
use crate::sim::Mode;
use crate::stats::{Estimate, holm};

fn f(x: Option<f64>) -> String {
    x.map_or(String::new(), |x| num(x + 0.0, 6))
}

fn status(e: &Entry<impl Clone>) -> [String; 3] {
    match &e.out {
        None => ["survivor".into(), String::new(), String::new()],
        Some((round, why)) => ["eliminated".into(), round.to_string(), why.clone()],
    }
}

fn text(w: csv::Writer<Vec<u8>>) -> Result<String> {
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

fn err(e: csv::Error) -> Error {
    Error::Other(format!("csv: {e}"))
}

/// One line-up's view of a variant: its objective, requirement values and difference from
/// the winner.
struct View {
    obj: Option<Estimate>,
    reqs: Vec<Option<f64>>,
    diff: Option<Estimate>,
}

/// `variants.csv` under a panel. `names[v]` is (variant, switches); `per_block[m]` the deals
/// one block costs member `m`.
pub fn panel_csv<A: Arena>(
    (game, players): (&str, usize),
    arena: &A,
    goal: &Goal,
    names: &[(String, String)],
    entries: &[Entry<A::Block>],
    winner: Option<usize>,
    per_block: &[u64],
) -> Result<(String, usize)> {
    let members = arena.members();
    // Line-up 0 is the worst member's view, 1..=members each member's.
    let obj = |k: usize, c: &A::Block| {
        if k == 0 {
            arena.objective(c)
        } else {
            arena.member_objective(k - 1, c)
        }
    };
    let req = |k: usize, r: usize, c: &A::Block| {
        if k == 0 {
            arena.requirement(r, c)
        } else {
            arena.member_requirement(r, k - 1, c)
        }
    };
    let used = |c: &A::Block| arena.used(c);
    let views: Vec<Vec<View>> = (0..=members)
        .map(|k| {
            entries
                .iter()
                .enumerate()
                .map(|(v, e)| {
                    let all = super::race::merged(&e.blocks);
                    let d = winner.filter(|&w| w != v).and_then(|w| {
                        let n = e.blocks.len().min(entries[w].blocks.len());
                        diff(
                            &loo(&e.blocks[..n], used, |c| obj(k, c)),
                            &loo(&entries[w].blocks[..n], used, |c| obj(k, c)),
                        )
                    });
                    View {
                        obj: estimate(&loo(&e.blocks, used, |c| obj(k, c))),
                        reqs: (0..goal.require.len())
                            .map(|r| all.as_ref().and_then(|a| req(k, r, a)))
                            .collect(),
                        diff: d,
                    }
                })
                .collect()
        })
        .collect();
    let adj: Vec<Vec<f64>> = views
        .iter()
        .map(|vs| {
            holm(
                &vs.iter()
                    .map(|x| x.diff.map_or(f64::NAN, |d| d.p))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head: Vec<String> = ["game", "players", "panel", "variant", "switches", "blocks"]
        .map(String::from)
        .to_vec();
    head.push("deals".into());
    head.extend([
        goal.minimize.clone(),
        format!("{}_lo", goal.minimize),
        format!("{}_hi", goal.minimize),
    ]);
    head.extend(goal.require.iter().map(|q| q.metrics.join("+")));
    head.extend(
        [
            "diff",
            "diff_lo",
            "diff_hi",
            "p_value",
            "p_holm",
            "agree",
            "status",
            "round_out",
            "reason",
        ]
        .map(String::from),
    );
    w.write_record(&head).map_err(err)?;
    let mut disagree = 0;
    for (v, e) in entries.iter().enumerate() {
        let cs: Vec<Option<i8>> = (1..=members)
            .map(|k| conclusion(views[k][v].diff, adj[k][v]))
            .collect();
        let agree = cs
            .first()
            .copied()
            .flatten()
            .map(|c0| cs.iter().all(|c| *c == Some(c0)));
        if agree == Some(false) {
            disagree += 1;
        }
        for k in 0..=members {
            let x = &views[k][v];
            let blocks = e.blocks.len() as u64;
            let deals = if k == 0 {
                blocks * per_block.iter().sum::<u64>()
            } else {
                blocks * per_block[k - 1]
            };
            let mut rec = vec![
                game.to_string(),
                players.to_string(),
                if k == 0 {
                    "worst".to_string()
                } else {
                    arena.member_name(k - 1)
                },
                names[v].0.clone(),
                names[v].1.clone(),
                blocks.to_string(),
                deals.to_string(),
                f(x.obj.map(|o| o.value)),
                f(x.obj.map(|o| o.lo)),
                f(x.obj.map(|o| o.hi)),
            ];
            rec.extend(x.reqs.iter().map(|r| f(*r)));
            rec.extend([
                f(x.diff.map(|d| d.value)),
                f(x.diff.map(|d| d.lo)),
                f(x.diff.map(|d| d.hi)),
                x.diff.map_or(String::new(), |d| p_text(d.p)),
                if x.diff.is_some() {
                    p_text(adj[k][v])
                } else {
                    String::new()
                },
                agree.map_or(String::new(), |a| if a { "yes" } else { "no" }.into()),
            ]);
            rec.extend(status(e));
            w.write_record(&rec).map_err(err)?;
        }
    }
    Ok((text(w)?, disagree))
}

/// `variants.csv` of a front race: both axes' metrics with intervals, each requirement's
/// value, the status. `value(k, block)` is axis `k`'s metric (not its cost).
pub fn front_csv<A: Arena>(
    (game, players): (&str, usize),
    arena: &A,
    goal: &Goal,
    axes: &[super::front::Axis],
    value: &dyn Fn(usize, &A::Block) -> Option<f64>,
    names: &[(String, String)],
    entries: &[Entry<A::Block>],
) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head: Vec<String> = ["game", "players", "variant", "switches", "blocks", "deals"]
        .map(String::from)
        .to_vec();
    for a in axes {
        head.extend([
            a.metric.clone(),
            format!("{}_lo", a.metric),
            format!("{}_hi", a.metric),
        ]);
    }
    head.extend(goal.require.iter().map(|q| q.metrics.join("+")));
    head.extend(["status", "round_out", "reason"].map(String::from));
    w.write_record(&head).map_err(err)?;
    for (v, e) in entries.iter().enumerate() {
        let blocks = e.blocks.len() as u64;
        let mut rec = vec![
            game.to_string(),
            players.to_string(),
            names[v].0.clone(),
            names[v].1.clone(),
            blocks.to_string(),
            (blocks * arena.deals_per_block()).to_string(),
        ];
        for k in 0..axes.len() {
            let o = estimate(&loo(&e.blocks, |c| arena.used(c), |c| value(k, c)));
            rec.extend([
                f(o.map(|o| o.value)),
                f(o.map(|o| o.lo)),
                f(o.map(|o| o.hi)),
            ]);
        }
        let all = super::race::merged(&e.blocks);
        for r in 0..goal.require.len() {
            rec.push(f(all.as_ref().and_then(|a| arena.requirement(r, a))));
        }
        rec.extend(status(e));
        w.write_record(&rec).map_err(err)?;
    }
    text(w)
}

/// `variants.csv` of the plain race: one row per variant (blocks, deals, the objective with
/// its interval, each requirement's value, the status).
pub fn plain_csv<G: Game>(spec: &RaceSpec<G>, r: &Race) -> Result<String> {
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
    let rots = super::race::rotations(&spec.seats) as u64;
    for (v, e) in r.entries.iter().enumerate() {
        let o = super::race::objective::<G>(&ms, &spec.goal, &e.blocks);
        let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 6));
        let all = super::metrics::total(&e.blocks);
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
