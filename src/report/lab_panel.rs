//! A `balance` folder's sections for `--panel` and `--front`: the race under each panel
//! member (every variant's objective per member, its difference from the winner, and a
//! flag where the members disagree, from `variants.csv`'s `panel` and `agree` columns), and
//! the Pareto front (`front.csv`) as a scatter of its two metrics with 95% intervals.

use super::chart::{PALETTE, figure, legend};
use super::data::{Csv, read_csv_opt};
use super::fmt::{dec, esc};
use super::page::{html, numbers, section, table, txt, val, wrap};
use super::scatter::{Point, scatter};
use crate::error::Result;
use std::path::Path;

fn show(csv: &Csv, r: usize, c: usize) -> String {
    match csv.text(r, c).parse::<f64>() {
        Ok(x) => dec(x, 4),
        Err(_) => "–".into(),
    }
}

/// "Under each panel member": every (variant, member) row of a panel's `variants.csv`.
pub fn panel(v: &Csv, objective: &str, level: usize) -> Result<String> {
    let (p, name, sw, obj, lo, hi) = (
        v.col("panel")?,
        v.col("variant")?,
        v.col("switches")?,
        v.col(objective)?,
        v.col(&format!("{objective}_lo"))?,
        v.col(&format!("{objective}_hi"))?,
    );
    let (d, ph, agree, status) = (
        v.col("diff")?,
        v.col("p_holm")?,
        v.col("agree")?,
        v.col("status")?,
    );
    let mut rows = Vec::new();
    let mut flagged = 0;
    for r in 0..v.rows.len() {
        let no = v.text(r, agree) == "no";
        if no && v.text(r, p) == "worst" {
            flagged += 1;
        }
        let interval = if v.text(r, lo).is_empty() {
            String::new()
        } else {
            format!("[{}, {}]", show(v, r, lo), show(v, r, hi))
        };
        rows.push(vec![
            txt(v.text(r, name)),
            txt(&v.text(r, sw).replace(';', "; ")),
            txt(v.text(r, p)),
            val(show(v, r, obj), v.text(r, obj)),
            txt(&interval),
            val(show(v, r, d), v.text(r, d)),
            val(show(v, r, ph), v.text(r, ph)),
            if no {
                html("<b>no: members disagree</b>".into())
            } else {
                txt(v.text(r, agree))
            },
            txt(v.text(r, status)),
        ]);
    }
    let head = [
        "variant",
        "switches",
        "panel",
        objective,
        "95% interval",
        "diff vs winner",
        "Holm p",
        "agree",
        "status",
    ];
    let intro = format!(
        "Every variant under each member's self-play line-up on the same deals; the race \
         judged it by its worst member (<code>worst</code> rows). agree = no: the members \
         differ on the sign or the significance of the difference from the winner \
         ({flagged} variant(s))."
    );
    let body = numbers(
        &format!("{} rows (variants.csv)", v.rows.len()),
        wrap(table("variants.csv", &head, rows)),
    );
    Ok(section(level, "Under each panel member", &intro, &body))
}

/// "The Pareto front": `front.csv` as a scatter of its two metrics (empty without one).
pub fn front(dir: &Path, level: usize) -> Result<String> {
    let Some(f) = read_csv_opt(dir, "front.csv")? else {
        return Ok(String::new());
    };
    let (name, sw, metric, goal, value, lo, hi, on) = (
        f.col("variant")?,
        f.col("switches")?,
        f.col("metric")?,
        f.col("goal")?,
        f.col("value")?,
        f.col("lo")?,
        f.col("hi")?,
        f.col("point_front")?,
    );
    // Rows come in pairs (one per axis) per variant; the axes are the first pair's.
    let mut axes: Vec<(String, String)> = Vec::new();
    for r in 0..f.rows.len().min(2) {
        axes.push((f.text(r, metric).into(), f.text(r, goal).into()));
    }
    if axes.len() < 2 {
        return Ok(String::new());
    }
    let mut points = Vec::new();
    let mut rows = Vec::new();
    for r in (0..f.rows.len().saturating_sub(1)).step_by(2) {
        let xyz = |r: usize| -> Result<(f64, f64, f64)> {
            Ok((f.num(r, value)?, f.num(r, lo)?, f.num(r, hi)?))
        };
        let (x, y) = (xyz(r)?, xyz(r + 1)?);
        let yes = f.text(r, on) == "yes";
        points.push(Point {
            label: f.text(r, name).to_string(),
            x,
            y,
            color: if yes { PALETTE[0] } else { PALETTE[6] },
            filled: yes,
        });
        rows.push(vec![
            txt(f.text(r, name)),
            txt(&f.text(r, sw).replace(';', "; ")),
            val(show(&f, r, value), f.text(r, value)),
            txt(&format!("[{}, {}]", show(&f, r, lo), show(&f, r, hi))),
            val(show(&f, r + 1, value), f.text(r + 1, value)),
            txt(&format!(
                "[{}, {}]",
                show(&f, r + 1, lo),
                show(&f, r + 1, hi)
            )),
            txt(f.text(r, on)),
        ]);
    }
    let desc = |(m, g): &(String, String)| {
        format!(
            "{m} ({} is better)",
            if g == "max" { "higher" } else { "lower" }
        )
    };
    let tick = |x: f64| dec(x, 4);
    let (svg, n) = scatter(
        &points,
        &desc(&axes[0]),
        &desc(&axes[1]),
        &tick,
        &format!("the Pareto front of {} and {}", axes[0].0, axes[1].0),
    )?;
    let leg = legend(&[
        (
            "on the front by its point estimates".to_string(),
            PALETTE[0],
        ),
        (
            "survivor dominated by its point estimates".to_string(),
            PALETTE[6],
        ),
    ]);
    let cap = format!(
        "Each variant left in the race (none significantly worse on both {} and {} than \
         another) at its two metrics, with 95% intervals over the blocks it played.",
        esc(&axes[0].0),
        esc(&axes[1].0)
    );
    let fig = figure(
        "pareto",
        n,
        &format!("{} against {}", axes[1].0, axes[0].0),
        &leg,
        &svg,
        &cap,
    );
    let head = [
        "variant",
        "switches",
        axes[0].0.as_str(),
        "95% interval",
        axes[1].0.as_str(),
        "95% interval",
        "point_front",
    ];
    let list = wrap(table("front.csv", &head, rows));
    Ok(section(level, "The Pareto front", "", &(fig + &list)))
}
