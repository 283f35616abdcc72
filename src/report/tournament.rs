//! A tournament (`tournament.csv`, `pairwise.csv`): the strategies' ratings with their
//! intervals, strongest first, their win rates, and the pairwise results as a heat map.

use super::chart::{color, figure};
use super::data::{Csv, RunInfo, read_csv};
use super::dotplot::{self, Dot, DotPlot};
use super::fmt::{count, dec, esc, int, pct, tick_int};
use super::heatmap;
use super::page::{numbers, section, table, txt, val, wrap};
use super::seats::pct_places;
use crate::error::{Error, Result};
use std::path::Path;

/// The two files of a tournament, read and checked.
pub struct Tournament {
    strategies: Csv,
    pairs: Csv,
    names: Vec<String>,
    /// Row indices of `strategies`, strongest first.
    order: Vec<usize>,
}

/// Reads `dir/tournament.csv` and `dir/pairwise.csv`.
pub fn load(dir: &Path) -> Result<Tournament> {
    let strategies = read_csv(dir, "tournament.csv")?;
    let pairs = read_csv(dir, "pairwise.csv")?;
    strategies.require_rows()?;
    let s = &strategies;
    let name = s.col("strategy")?;
    let names: Vec<String> = (0..s.rows.len())
        .map(|r| s.text(r, name).to_string())
        .collect();
    for col in [
        &["played", "games"][..],
        &["wins"],
        &["win_rate"],
        &["win_rate_lo"],
        &["win_rate_hi"],
        &["mean_score"],
    ] {
        let c = s.col_of(col)?;
        for r in 0..s.rows.len() {
            s.num(r, c)?;
        }
    }
    let (rating, rate) = (s.col("rating")?, s.col("win_rate")?);
    let key = |r: usize| -> Result<f64> {
        let x = s.num(r, rating)?;
        Ok(if x.is_finite() { x } else { s.num(r, rate)? })
    };
    let keys: Vec<f64> = (0..s.rows.len()).map(key).collect::<Result<_>>()?;
    let mut order: Vec<usize> = (0..s.rows.len()).collect();
    order.sort_by(|&a, &b| keys[b].total_cmp(&keys[a]));
    let (st, op, rt) = (
        pairs.col("strategy")?,
        pairs.col("opponent")?,
        pairs.col("score_rate")?,
    );
    for r in 0..pairs.rows.len() {
        pairs.finite(r, rt)?;
        for c in [st, op] {
            if !names.iter().any(|n| n == pairs.text(r, c)) {
                return Err(Error::input(format!(
                    "bad {}: row {}: '{}' is not a strategy of tournament.csv",
                    pairs.path.display(),
                    r + 2,
                    pairs.text(r, c)
                )));
            }
        }
    }
    Ok(Tournament {
        strategies,
        pairs,
        names,
        order,
    })
}

/// The tournament's sections: ratings, then the pairwise heat map.
pub fn render(t: &Tournament, run: &RunInfo, level: usize) -> Result<String> {
    let intro = format!(
        "Every strategy played every seating on the same {} {}, so luck of the cards cancels out \
         between them. Ratings are on the Elo scale (mean 1500): 200 points apart, the stronger \
         strategy is expected to score about 76% against the weaker.",
        int(run.count as i64),
        esc(&run.unit)
    );
    let body = ratings_chart(t)? + &strategy_table(t)?;
    let mut s = section(level, "Who is stronger", &intro, &body);
    s += &section(level, "Head to head", "", &heat(t, run)?);
    Ok(s)
}

fn ratings_chart(t: &Tournament) -> Result<String> {
    let s = &t.strategies;
    let (rating, lo, hi) = (s.col("rating")?, s.col("rating_lo")?, s.col("rating_hi")?);
    let mut dots = Vec::new();
    for &r in &t.order {
        let v = s.num(r, rating)?;
        dots.push(Dot {
            label: t.names[r].clone(),
            value: v,
            lo: s.num(r, lo)?,
            hi: s.num(r, hi)?,
            color: color(r),
            filled: true,
            note: dec(v, 0),
        });
    }
    if dots.iter().all(|d| !d.value.is_finite()) {
        return Ok("<p class=\"note\">No ratings could be fitted (a strategy won or lost every game).</p>\n".into());
    }
    let range = dotplot::core_range(&dots, Some(1500.0));
    let (svg, points) = dotplot::draw(&DotPlot {
        dots: &dots,
        x_desc: "Rating (Elo scale, 95% interval)",
        fmt: &tick_int,
        reference: Some(1500.0),
        range,
        alt: "Ratings of the strategies with 95% intervals",
        width: super::chart::WIDTH,
    })?;
    // The reference: the first strategy named that has a rating.
    let first = (0..t.names.len())
        .find(|&r| s.num(r, rating).is_ok_and(f64::is_finite))
        .unwrap_or(0);
    let mut how = format!(
        "Strongest at the top. The intervals are relative to <b>{}</b>, the first strategy \
         named with a rating: its own rating is the fixed point (no interval), and each other \
         interval is for the gap to it. The dashed line is the mean, 1500. A strategy that \
         never won (or never lost) has no rating.",
        esc(&t.names[first])
    );
    if let Some((lo, hi)) = range {
        let off: Vec<String> = dots
            .iter()
            .filter(|d| d.value.is_finite() && !(lo..=hi).contains(&d.value))
            .map(|d| format!("{} ({})", esc(&d.label), d.note))
            .collect();
        how += &format!(
            " So that the others' intervals can be read, the axis leaves out {}, far from the \
             rest: a hollow dot on the edge, with an arrow, stands for it.",
            off.join(" and ")
        );
        if !(lo..=hi).contains(&1500.0) {
            how += " The mean, 1500, is off the axis too.";
        }
    }
    Ok(figure(
        "ratings",
        points,
        "Rating of each strategy",
        "",
        &svg,
        &how,
    ))
}

fn strategy_table(t: &Tournament) -> Result<String> {
    let s = &t.strategies;
    let c = |n| s.col(n);
    let (games, wins, rate, lo, hi) = (
        s.col_of(&["played", "games"])?,
        c("wins")?,
        c("win_rate")?,
        c("win_rate_lo")?,
        c("win_rate_hi")?,
    );
    let (mean, rating, rlo, rhi) = (
        c("mean_score")?,
        c("rating")?,
        c("rating_lo")?,
        c("rating_hi")?,
    );
    let mut rows = Vec::new();
    for &r in &t.order {
        let tx = |col| s.text(r, col);
        let p = pct_places(s.num(r, lo)?, s.num(r, hi)?);
        rows.push(vec![
            txt(&t.names[r]),
            val(int(s.count(r, games)? as i64), tx(games)),
            val(count(s.num(r, wins)?), tx(wins)),
            val(pct(s.num(r, rate)?, p), tx(rate)),
            val(pct(s.num(r, lo)?, p), tx(lo)),
            val(pct(s.num(r, hi)?, p), tx(hi)),
            val(dec(s.num(r, mean)?, 2), tx(mean)),
            val(dec(s.num(r, rating)?, 0), tx(rating)),
            val(dec(s.num(r, rlo)?, 0), tx(rlo)),
            val(dec(s.num(r, rhi)?, 0), tx(rhi)),
        ]);
    }
    let head = [
        "Strategy",
        "Played",
        "Wins",
        "Win rate",
        "95% low",
        "95% high",
        "Mean score",
        "Rating",
        "Rating low",
        "Rating high",
    ];
    let note = "<p class=\"note\">Win rate: a win shared by k players counts 1/k to each, so a \
                partnership of two that wins every deal shows 50%.</p>\n";
    Ok(wrap(table("tournament.csv", &head, rows)) + note)
}

fn heat(t: &Tournament, run: &RunInfo) -> Result<String> {
    let p = &t.pairs;
    let (st, op, rate) = (p.col("strategy")?, p.col("opponent")?, p.col("score_rate")?);
    let pos = |name: &str| t.order.iter().position(|&r| t.names[r] == name);
    let k = t.names.len();
    let mut cells = vec![vec![None; k]; k];
    for r in 0..p.rows.len() {
        if let (Some(a), Some(b)) = (pos(p.text(r, st)), pos(p.text(r, op))) {
            cells[a][b] = Some(p.finite(r, rate)?);
        }
    }
    let names: Vec<String> = t.order.iter().map(|&r| t.names[r].clone()).collect();
    let title = "Share of points, row against column";
    let (svg, points) = heatmap::draw(&names, &cells, &|v| pct(v, 0), title)?;
    let legend = "<div class=\"legend\"><span>row loses</span><span class=\"scale\"></span>\
                  <span>row wins</span></div>\n";
    let how = "Each cell is the row strategy's share of the points against the column strategy \
               when they met at the same table (a win scores 1, a tie ½): above 50% (blue) the \
               row strategy is the stronger. Rows and columns are in rating order.";
    let fig = figure("pairwise", points, title, legend, &svg, how);
    Ok(fig + &pairwise_table(p, run)?)
}

fn pairwise_table(p: &Csv, run: &RunInfo) -> Result<String> {
    let (st, op, n, score, rate) = (
        p.col("strategy")?,
        p.col("opponent")?,
        p.col_of(&["played", &run.unit, "deals"])?,
        p.col("score")?,
        p.col("score_rate")?,
    );
    let mut rows = Vec::new();
    for r in 0..p.rows.len() {
        let tx = |col| p.text(r, col);
        rows.push(vec![
            txt(tx(st)),
            txt(tx(op)),
            val(int(p.count(r, n)? as i64), tx(n)),
            val(count(p.num(r, score)?), tx(score)),
            val(pct(p.num(r, rate)?, 1), tx(rate)),
        ]);
    }
    let head = ["Strategy", "Opponent", "Met", "Points", "Share of points"];
    let t = table("pairwise.csv", &head, rows);
    Ok(numbers("The numbers (pairwise.csv)", t))
}
