//! A comparison of rule variants (`compare.csv`): which variants differ from the baseline,
//! one forest plot per measure (each variant's paired difference with its 95% interval,
//! filled where it is significant after Holm's adjustment), and every number in a table.

use super::chart::{PALETTE, figure};
use super::data::{Csv, RunInfo, read_csv};
use super::dotplot::{self, Dot, DotPlot};
use super::fmt::{auto, esc, int, p_value, pct, signed, tick};
use super::page::{GameInfo, derived, html, numbers, table, txt, val, val_html, wrap};
use crate::error::Result;
use plotters::style::RGBColor;
use std::path::Path;

/// Significant after Holm's adjustment below this.
const ALPHA: f64 = 0.05;
/// The colour of a significant difference.
const SIG: RGBColor = PALETTE[0];
/// The colour of a difference that may be luck.
const NOT_SIG: RGBColor = RGBColor(0x8a, 0x90, 0x97);
/// Width of one forest plot (two side by side on a wide page).
const PANEL: u32 = 440;

/// `compare.csv`, read.
pub struct Compare {
    csv: Csv,
    variants: Vec<(String, String)>,
    metrics: Vec<String>,
}

struct Cols {
    variant: usize,
    metric: usize,
    value: usize,
    diff: usize,
    lo: usize,
    hi: usize,
    p: usize,
    holm: usize,
}

impl Compare {
    fn cols(&self) -> Result<Cols> {
        let c = |n| self.csv.col(n);
        Ok(Cols {
            variant: c("variant")?,
            metric: c("metric")?,
            value: c("value")?,
            diff: c("diff")?,
            lo: c("diff_lo")?,
            hi: c("diff_hi")?,
            p: c("p_value")?,
            holm: c("p_holm")?,
        })
    }

    /// How many differences were tested (rows with a p-value), the family Holm adjusts for.
    fn tested(&self) -> Result<usize> {
        let c = self.cols()?;
        let mut n = 0;
        for r in 0..self.csv.rows.len() {
            n += usize::from(self.csv.num(r, c.p)?.is_finite());
        }
        Ok(n)
    }

    /// The row of `variant` and `metric`.
    fn row(&self, c: &Cols, variant: &str, metric: &str) -> Option<usize> {
        (0..self.csv.rows.len()).find(|&r| {
            self.csv.text(r, c.variant) == variant && self.csv.text(r, c.metric) == metric
        })
    }
}

/// Reads `dir/compare.csv`, checking every number.
pub fn load(dir: &Path) -> Result<Compare> {
    let csv = read_csv(dir, "compare.csv")?;
    csv.require_rows()?;
    let (v, s, m) = (
        csv.col("switches")?,
        csv.col("variant")?,
        csv.col("metric")?,
    );
    let mut variants: Vec<(String, String)> = Vec::new();
    let mut metrics: Vec<String> = Vec::new();
    for r in 0..csv.rows.len() {
        let name = csv.text(r, s).to_string();
        if !variants.iter().any(|(n, _)| *n == name) {
            variants.push((name, csv.text(r, v).to_string()));
        }
        let metric = csv.text(r, m).to_string();
        if !metrics.contains(&metric) {
            metrics.push(metric);
        }
    }
    let cmp = Compare {
        csv,
        variants,
        metrics,
    };
    let c = cmp.cols()?;
    for r in 0..cmp.csv.rows.len() {
        for col in [c.value, c.diff, c.lo, c.hi, c.p, c.holm] {
            cmp.csv.num(r, col)?;
        }
    }
    Ok(cmp)
}

/// Whether a metric is a share (shown as a percentage, differences in points).
fn is_share(metric: &str) -> bool {
    metric.starts_with("win_rate")
        || metric == "first_seat_win_rate"
        || metric == "no_winner_share"
        || (metric.starts_with("end_") && metric.ends_with("_share"))
}

/// A measure's name in plain words.
pub fn metric_name(metric: &str, run: &RunInfo, game: &GameInfo) -> String {
    let deals = run.unit != "matches";
    if let Some(s) = metric.strip_prefix("win_rate_seat") {
        let role = match s.parse::<usize>() {
            Ok(0) if deals => " (dealer)",
            Ok(k) if deals && k == game.first_seat => " (plays first)",
            _ => "",
        };
        return format!("Seat {s} win rate{role}");
    }
    if let Some(r) = metric.strip_prefix("end_") {
        let (reason, per) = match r.strip_suffix("_share") {
            Some(x) => (x, "Share of deals"),
            None => (r.trim_end_matches("_per_match"), "Deals per match"),
        };
        return format!("{per} ending: {}", reason.replace('_', " "));
    }
    match metric {
        "first_seat_win_rate" => format!("First player's win rate (seat {})", game.first_seat),
        "mean_score" => "Mean score per seat".into(),
        "mean_turns" => "Player turns per deal".into(),
        "mean_deals" => "Deals per match".into(),
        "no_winner_share" if deals => "Share of deals with no winner".into(),
        "no_winner_share" => "Share of matches with no winner".into(),
        "sd_score" => "Score spread (standard deviation)".into(),
        m => m.replace('_', " "),
    }
}

/// A value of `metric` as people read it.
fn show_value(metric: &str, x: f64) -> String {
    if is_share(metric) { pct(x, 2) } else { auto(x) }
}

/// A difference of `metric` as people read it (percentage points for shares).
fn show_diff(metric: &str, d: f64) -> String {
    if is_share(metric) {
        format!("{} pts", signed(100.0 * d, 2))
    } else {
        signed(d, if d.abs() >= 100.0 { 1 } else { 2 })
    }
}

/// The whole comparison: variants, forest plots, the table.
pub fn render(cmp: &Compare, run: &RunInfo, game: &GameInfo, level: usize) -> Result<String> {
    let base = &cmp.variants[0].0;
    let intro = format!(
        "Every variant played the same {} {} as the baseline <b>{}</b>, so each difference is \
         measured deal by deal (paired) and is much more precise than two separate runs would give.",
        int(run.count as i64),
        esc(&run.unit),
        esc(base)
    );
    let mut s = super::page::section(level, "The variants", &intro, &variants_table(cmp));
    let tests = cmp.tested()?;
    let forest = forests(cmp, run, game)?;
    s += &super::page::section(
        level,
        "What each variant changes",
        &forest_intro(base, tests),
        &forest,
    );
    s += &super::page::section(level, "Every number", "", &full_table(cmp, run, game)?);
    Ok(s)
}

fn variants_table(cmp: &Compare) -> String {
    let rows = cmp
        .variants
        .iter()
        .enumerate()
        .map(|(i, (name, sw))| {
            let what = match (i, sw.is_empty()) {
                (0, _) => format!(
                    "{} <span class=\"dim\">(baseline)</span>",
                    esc(if sw.is_empty() { "the defaults" } else { sw })
                ),
                (_, true) => "the defaults".into(),
                _ => sw
                    .split(';')
                    .map(|x| format!("<code>{}</code>", esc(x)))
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            vec![txt(name), html(what)]
        })
        .collect();
    wrap(table(
        "variants",
        &["Variant", "Rules changed from the defaults"],
        rows,
    ))
}

fn forest_intro(base: &str, tests: usize) -> String {
    format!(
        "One chart per measure. Each row is a variant's difference from <b>{}</b> with its 95% \
         interval; the dashed line is no difference. <span class=\"legend\"><span><i class=\"dot full\"></i>\
         significant: p &lt; 0.05 after Holm's adjustment for all {tests} differences tested</span>\
         <span><i class=\"dot\" style=\"border-color:#8a9097\"></i>could be luck</span></span>",
        esc(base),
    )
}

fn forests(cmp: &Compare, run: &RunInfo, game: &GameInfo) -> Result<String> {
    let c = cmp.cols()?;
    let mut panels = String::new();
    let mut flat = Vec::new();
    for m in &cmp.metrics {
        let dots = metric_dots(cmp, &c, m)?;
        if dots.iter().all(|d| !d.lo.is_finite()) {
            continue;
        }
        if dots
            .iter()
            .all(|d| d.value == 0.0 && d.lo == 0.0 && d.hi == 0.0)
        {
            flat.push(metric_name(m, run, game));
            continue;
        }
        panels += &panel(cmp, &c, m, &dots, run, game)?;
    }
    let mut s = format!("<div class=\"grid2\">\n{panels}</div>\n");
    if !flat.is_empty() {
        s += &format!(
            "<p class=\"note\">No variant changes: {} (exactly the same on every deal).</p>\n",
            esc(&flat.join("; "))
        );
    }
    Ok(s)
}

fn metric_dots(cmp: &Compare, c: &Cols, m: &str) -> Result<Vec<Dot>> {
    let mut dots = Vec::new();
    for (name, _) in &cmp.variants[1..] {
        let Some(r) = cmp.row(c, name, m) else {
            continue;
        };
        let num = |col| cmp.csv.num(r, col);
        let (d, holm) = (num(c.diff)?, num(c.holm)?);
        let scale = if is_share(m) { 100.0 } else { 1.0 };
        let sig = holm < ALPHA;
        dots.push(Dot {
            label: name.clone(),
            value: d * scale,
            lo: num(c.lo)? * scale,
            hi: num(c.hi)? * scale,
            color: if sig { SIG } else { NOT_SIG },
            filled: sig,
            note: signed(
                d * scale,
                if scale == 1.0 && d.abs() >= 100.0 {
                    1
                } else {
                    2
                },
            ),
        });
    }
    Ok(dots)
}

fn panel(
    cmp: &Compare,
    c: &Cols,
    m: &str,
    dots: &[Dot],
    run: &RunInfo,
    game: &GameInfo,
) -> Result<String> {
    let base = &cmp.variants[0].0;
    let name = metric_name(m, run, game);
    let unit = if is_share(m) {
        "percentage points"
    } else {
        "difference"
    };
    let x_desc = format!("{unit} vs {base}");
    let (svg, points) = dotplot::draw(&DotPlot {
        dots,
        x_desc: &x_desc,
        fmt: &tick,
        reference: Some(0.0),
        range: None,
        alt: &format!("{name}: difference from {base} per variant"),
        width: PANEL,
    })?;
    let base_value = cmp
        .row(c, base, m)
        .map(|r| cmp.csv.num(r, c.value))
        .transpose()?
        .map_or("–".into(), |v| show_value(m, v));
    let how = format!("Baseline ({}): {}", esc(base), esc(&base_value));
    Ok(figure("forest", points, &name, "", &svg, &how))
}

fn full_table(cmp: &Compare, run: &RunInfo, game: &GameInfo) -> Result<String> {
    let c = cmp.cols()?;
    let csv = &cmp.csv;
    let mut rows = Vec::new();
    for r in 0..csv.rows.len() {
        let m = csv.text(r, c.metric);
        let t = |col| csv.text(r, col);
        let interval = match (csv.num(r, c.lo)?, csv.num(r, c.hi)?) {
            (lo, hi) if lo.is_finite() && hi.is_finite() => {
                format!("{} to {}", show_diff(m, lo), show_diff(m, hi))
            }
            _ => String::new(),
        };
        let holm = csv.num(r, c.holm)?;
        let mark = match holm < ALPHA {
            true => format!("<span class=\"sig\">{}</span>", esc(&p_value(holm))),
            false => esc(&p_value(holm)),
        };
        let baseline = t(c.variant) == cmp.variants[0].0;
        let first = r == 0 || csv.text(r - 1, c.variant) != t(c.variant);
        rows.push(vec![
            if first {
                html(format!("<b>{}</b>", esc(t(c.variant))))
            } else {
                txt("")
            },
            txt(&metric_name(m, run, game)),
            val(show_value(m, csv.num(r, c.value)?), t(c.value)),
            val(
                match baseline {
                    true => "–".into(),
                    false => show_diff(m, csv.num(r, c.diff)?),
                },
                t(c.diff),
            ),
            derived(interval),
            val(p_value(csv.num(r, c.p)?), t(c.p)),
            val_html(mark, t(c.holm)),
        ]);
    }
    let head = [
        "Variant",
        "Measure",
        "Value",
        "Difference",
        "95% interval",
        "p",
        "p (Holm)",
    ];
    Ok(numbers(
        "Show every measure of every variant (compare.csv)",
        table("compare.csv", &head, rows),
    ))
}
