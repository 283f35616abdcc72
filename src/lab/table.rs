//! `metrics.csv`: one row per (variant, metric), tidy: `game, players, variant, metric,
//! value, lo, hi` (95% interval; empty where the run has no data for it); a comparison adds
//! `diff, diff_lo, diff_hi, p_value, p_holm` (the paired difference from the baseline, the
//! first variant, with Holm's correction across every difference in the file).

use super::counts::Counts;
use super::metrics::{Prepared, estimate, metrics, paired};
use crate::error::{Error, Result};
use crate::output::{num, p_text};
use crate::sim::Mode;
use crate::stats::{Estimate, holm};

/// One row of `metrics.csv`.
#[derive(Clone, Debug)]
pub struct Row {
    /// The variant's name.
    pub variant: String,
    /// The metric's name.
    pub metric: &'static str,
    /// The estimate with its interval.
    pub est: Option<Estimate>,
    /// The paired difference from the baseline (comparisons, not the baseline itself).
    pub diff: Option<Estimate>,
}

/// The rows of variants played on the same units (`(name, groups)`, the first the
/// baseline); with one variant, no differences.
pub fn rows(variants: &[(String, &[Counts])], players: usize, mode: Mode) -> Vec<Row> {
    let ms = metrics(players, mode);
    let prepared: Vec<Prepared> = variants.iter().map(|(_, g)| Prepared::new(g)).collect();
    let mut out = Vec::new();
    for (v, (name, _)) in variants.iter().enumerate() {
        for m in &ms {
            out.push(Row {
                variant: name.clone(),
                metric: m.name,
                est: estimate(m, &prepared[v]),
                diff: (v > 0)
                    .then(|| paired(m, &prepared[v], &prepared[0]))
                    .flatten(),
            });
        }
    }
    out
}

/// `metrics.csv` as text; `compare` adds the difference columns.
pub fn csv_text(game: &str, players: usize, rows: &[Row], compare: bool) -> Result<String> {
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head = vec!["game", "players", "variant", "metric", "value", "lo", "hi"];
    if compare {
        head.extend(["diff", "diff_lo", "diff_hi", "p_value", "p_holm"]);
    }
    w.write_record(&head).map_err(err)?;
    let ps: Vec<f64> = rows
        .iter()
        .map(|r| r.diff.map_or(f64::NAN, |d| d.p))
        .collect();
    let adj = holm(&ps);
    // `+ 0.0` writes -0 as 0.
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x + 0.0, 6));
    for (r, h) in rows.iter().zip(adj) {
        let mut rec = vec![
            game.to_string(),
            players.to_string(),
            r.variant.clone(),
            r.metric.to_string(),
            f(r.est.map(|e| e.value)),
            f(r.est.map(|e| e.lo)),
            f(r.est.map(|e| e.hi)),
        ];
        if compare {
            rec.extend([
                f(r.diff.map(|d| d.value)),
                f(r.diff.map(|d| d.lo)),
                f(r.diff.map(|d| d.hi)),
                r.diff.map_or(String::new(), |d| p_text(d.p)),
                p_text(h),
            ]);
        }
        w.write_record(&rec).map_err(err)?;
    }
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

/// The rows as JSON for `run.json` (`{variant, metric, value, lo, hi[, diff...]}`).
pub fn json(rows: &[Row]) -> serde_json::Value {
    let x = |v: Option<f64>| v.filter(|v| v.is_finite());
    rows.iter()
        .map(|r| {
            let mut o = serde_json::json!({
                "variant": r.variant,
                "metric": r.metric,
                "value": x(r.est.map(|e| e.value)),
                "lo": x(r.est.map(|e| e.lo)),
                "hi": x(r.est.map(|e| e.hi)),
            });
            if let Some(d) = r.diff {
                o["diff"] = serde_json::json!(x(Some(d.value)));
                o["diff_lo"] = serde_json::json!(x(Some(d.lo)));
                o["diff_hi"] = serde_json::json!(x(Some(d.hi)));
                o["p_value"] = serde_json::json!(x(Some(d.p)));
            }
            o
        })
        .collect()
}
