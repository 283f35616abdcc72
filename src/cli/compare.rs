//! `cardsim compare <game> --variant NAME:KEY=VAL,... ...`: rule variants on the same deals
//! (common random numbers), paired differences against the first variant, Holm-corrected.

use super::args::CompareArgs;
use super::setup::{parse_rules, table};
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};
use crate::output::{OutFile, num, write_files};
use crate::sim::Mode;
use crate::sim::compare::{CompareSpec, CompareTally, compare, metrics};
use crate::stats::{Merge, PairedDiff, WIN_UNITS, holm};
use serde_json::json;

/// One row of `compare.csv`.
struct Row {
    variant: String,
    switches: String,
    metric: String,
    value: f64,
    diff: f64,
    ci: Option<PairedDiff>,
}

/// Parses `NAME:KEY=VAL,KEY=VAL` (or `NAME:` for the defaults) on top of `base` switches.
fn parse_variant<G: Game>(text: &str, base: &[String]) -> Result<(String, String, G::Rules)> {
    let (name, sw) = text.split_once(':').ok_or_else(|| {
        Error::input(format!(
            "bad --variant '{text}': expected NAME:KEY=VAL,KEY=VAL (or NAME:)"
        ))
    })?;
    if name.is_empty() {
        return Err(Error::input(format!(
            "bad --variant '{text}': the name is empty"
        )));
    }
    let mut pairs: Vec<String> = base.to_vec();
    pairs.extend(
        sw.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from),
    );
    let rules = parse_rules::<G>(&pairs)?;
    let defaults = G::Rules::default().values();
    let changed: Vec<String> = rules
        .values()
        .into_iter()
        .zip(defaults)
        .filter(|((_, a), (_, b))| a != b)
        .map(|((k, v), _)| format!("{k}={v}"))
        .collect();
    Ok((name.to_string(), changed.join(";"), rules))
}

fn rows<G: Game>(
    t: &CompareTally,
    names: &[(String, String)],
    players: usize,
    mode: Mode,
) -> Vec<Row> {
    let ms = metrics::<G>(players, mode);
    let mut out = Vec::new();
    for (v, (name, sw)) in names.iter().enumerate() {
        for (m, metric) in ms.iter().enumerate() {
            let value = t.x[v][m].mean() / metric.scale;
            let ci = (v > 0).then(|| PairedDiff::from_moments(&t.d[v][m], metric.scale));
            out.push(Row {
                variant: name.clone(),
                switches: sw.clone(),
                metric: metric.name.clone(),
                value,
                diff: ci.map_or(0.0, |c| c.mean),
                ci,
            });
        }
        out.push(Row {
            variant: name.clone(),
            switches: sw.clone(),
            metric: "sd_score".into(),
            value: t.scores[v].sd(),
            diff: t.scores[v].sd() - t.scores[0].sd(),
            ci: None,
        });
    }
    out
}

fn csv_text(game: &str, players: usize, mode: Mode, n: u64, rows: &[Row]) -> Result<String> {
    let ps: Vec<f64> = rows
        .iter()
        .map(|r| r.ci.map_or(f64::NAN, |c| c.p))
        .collect();
    let adj = holm(&ps);
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    w.write_record([
        "game",
        "players",
        mode.unit(),
        "variant",
        "switches",
        "metric",
        "value",
        "diff",
        "diff_lo",
        "diff_hi",
        "p_value",
        "p_holm",
    ])
    .map_err(err)?;
    for (r, h) in rows.iter().zip(adj) {
        let c = |f: fn(&PairedDiff) -> f64| r.ci.as_ref().map_or(String::new(), |c| num(f(c), 6));
        w.write_record([
            game.to_string(),
            players.to_string(),
            n.to_string(),
            r.variant.clone(),
            r.switches.clone(),
            r.metric.clone(),
            num(r.value, 6),
            num(r.diff, 6),
            c(|c| c.lo),
            c(|c| c.hi),
            c(|c| c.p),
            num(h, 6),
        ])
        .map_err(err)?;
    }
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

/// The widest seat win-rate interval over all variants.
fn widest(t: &CompareTally, players: usize) -> f64 {
    let n = t.deals as f64;
    let wins = |v: usize, s: usize| t.x[v][s].sum as f64 / WIN_UNITS as f64;
    (0..t.x.len())
        .flat_map(|v| (0..players).map(move |s| (v, s)))
        .map(|(v, s)| super::precision::width(wins(v, s), n))
        .fold(0.0, f64::max)
}

struct Compare<'a>(&'a CompareArgs);

impl GameVisitor for Compare<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        let t = table::<G>(&a.table)?;
        if a.variants.len() < 2 {
            return Err(Error::input(
                "compare needs at least two --variant (the first is the baseline)",
            ));
        }
        let mut variants = Vec::new();
        let mut names = Vec::new();
        for v in &a.variants {
            let (name, sw, rules) = parse_variant::<G>(v, &a.table.rules)?;
            G::check_players(&rules, t.players)
                .map_err(|e| Error::input(format!("variant {name}: {e}")))?;
            if names.iter().any(|(n, _): &(String, String)| *n == name) {
                return Err(Error::input(format!("two variants are called '{name}'")));
            }
            names.push((name.clone(), sw));
            variants.push((name, rules));
        }
        let (mode, n) = a.run.units(super::simulate::DEFAULT_DEALS);
        if n < 2 {
            return Err(Error::input(
                "--deals or --matches must be at least 2 for a comparison",
            ));
        }
        if let Some(dir) = &a.run.out {
            super::simulate::check_out_dir(dir)?;
        }
        let spec = CompareSpec::<G> {
            variants,
            players: t.players,
            seats: t.seats.clone(),
            seed: t.seed,
            units: 0..n,
            mode,
            threads: a.run.threads,
        };
        let ((tally, elapsed, threads), n) = match a.run.precision {
            None => (compare(&spec)?, n),
            Some(w) => {
                let cap = super::precision::check(w, mode, a.run.fixed(mode))?;
                super::precision::until_precise(
                    mode,
                    w,
                    cap,
                    |r| {
                        compare(&CompareSpec {
                            units: r,
                            ..spec.clone()
                        })
                    },
                    |acc, o| {
                        acc.0.merge(&o.0);
                        acc.1 += o.1;
                    },
                    |o| widest(&o.0, t.players),
                )?
            }
        };
        let rows = rows::<G>(&tally, &names, t.players, mode);
        let text = csv_text(G::NAME, t.players, mode, n, &rows)?;
        match &a.run.out {
            Some(dir) => {
                let labels: Vec<&str> = t.seats.iter().map(|s| s.label.as_str()).collect();
                let run = json!({"cardsim_version": env!("CARGO_PKG_VERSION"), "game": G::NAME, "players": t.players,
                    "unit": mode.unit(), "count": n, "seed": t.seed, "variants": a.variants, "strategies": labels, "threads": threads,
                    "elapsed_s": elapsed.as_secs_f64()});
                write_files(
                    dir,
                    &[
                        OutFile::new("compare.csv", text),
                        OutFile::new("run.json", run.to_string() + "\n"),
                    ],
                )
            }
            None => {
                print_rows(&rows);
                Ok(())
            }
        }
    }
}

fn print_rows(rows: &[Row]) {
    crate::outln!(
        "{:<12} {:<22} {:>12} {:>12} {:>25} {:>9}",
        "variant",
        "metric",
        "value",
        "diff",
        "95% interval",
        "p"
    );
    for r in rows {
        let (ci, p) = match r.ci {
            Some(c) => (format!("[{}, {}]", num(c.lo, 4), num(c.hi, 4)), num(c.p, 4)),
            None => (String::new(), String::new()),
        };
        crate::outln!(
            "{:<12} {:<22} {:>12} {:>12} {:>25} {:>9}",
            r.variant,
            r.metric,
            num(r.value, 4),
            num(r.diff, 4),
            ci,
            p
        );
    }
}

pub fn run(a: &CompareArgs) -> Result<()> {
    with_game(&a.table.game, Compare(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}
