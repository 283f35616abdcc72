//! Who wins: each seat's (and each partnership's) win rate with its 95% interval, from
//! `summary.csv` and `teams.csv`, as a chart against a fair share and as a table.

use super::chart::{color, figure};
use super::data::{Csv, RunInfo};
use super::dotplot::{self, Dot, DotPlot};
use super::fmt::{count, dec, esc, pct, tick_pct};
use super::page::{GameInfo, table, txt, val, wrap};
use crate::error::Result;

/// One row of `summary.csv` or `teams.csv`, read.
struct Line {
    name: String,
    rate: f64,
    lo: f64,
    hi: f64,
}

/// Decimals of a percentage that show the differences an interval can resolve.
pub fn pct_places(lo: f64, hi: f64) -> usize {
    if (hi - lo).is_finite() && hi - lo < 0.01 {
        2
    } else {
        1
    }
}

fn read_lines(csv: &Csv, name: &dyn Fn(usize) -> Result<String>) -> Result<Vec<Line>> {
    csv.require_rows()?;
    let (r, lo, hi) = (
        csv.col("win_rate")?,
        csv.col("win_rate_lo")?,
        csv.col("win_rate_hi")?,
    );
    (0..csv.rows.len())
        .map(|i| {
            Ok(Line {
                name: name(i)?,
                rate: csv.finite(i, r)?,
                lo: csv.num(i, lo)?,
                hi: csv.num(i, hi)?,
            })
        })
        .collect()
}

/// A seat's name in charts: `Seat 1 · first to play`, with its strategy when seats differ.
fn seat_name(run: &RunInfo, game: &GameInfo, seat: usize, strategy: &str, mixed: bool) -> String {
    let mut s = format!("Seat {seat}");
    if run.unit == "deals" {
        if seat == 0 {
            s += " · dealer";
        }
        if seat == game.first_seat {
            s += " · plays first";
        }
    }
    if mixed {
        s += &format!(" · {strategy}");
    }
    s
}

fn dots(lines: &[Line]) -> Vec<Dot> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| Dot {
            label: l.name.clone(),
            value: l.rate,
            lo: l.lo,
            hi: l.hi,
            color: color(i),
            filled: true,
            note: pct(l.rate, pct_places(l.lo, l.hi)),
        })
        .collect()
}

fn chart(lines: &[Line], fair: f64, alt: &str) -> Result<(String, usize)> {
    let d = dots(lines);
    dotplot::draw(&DotPlot {
        dots: &d,
        x_desc: "Win rate (share of wins, 95% interval)",
        fmt: &tick_pct,
        reference: Some(fair),
        range: None,
        alt,
        width: super::chart::WIDTH,
    })
}

/// The seats' win rates: chart and table.
pub fn seats(summary: &Csv, run: &RunInfo, game: &GameInfo) -> Result<String> {
    let (seat, strat) = (summary.col("seat")?, summary.col("strategy")?);
    let mixed = (0..summary.rows.len()).any(|i| summary.text(i, strat) != summary.text(0, strat));
    let lines = read_lines(summary, &|i| {
        let s = summary.count(i, seat)? as usize;
        Ok(seat_name(run, game, s, summary.text(i, strat), mixed))
    })?;
    let fair = 1.0 / run.players as f64;
    let (svg, points) = chart(&lines, fair, "Win rate by seat with 95% intervals")?;
    let (unit, units) = match run.unit.as_str() {
        "matches" => ("match", "matches"),
        _ => ("deal", "deals"),
    };
    let first = if run.unit == "deals" {
        format!(
            " Seat 0 deals every deal; seat {} plays first.",
            game.first_seat
        )
    } else {
        " Seat 0 deals the first deal of every match; the deal passes round the table.".into()
    };
    let how = format!(
        "Each dot is the share of {units} the seat won, the bar its 95% interval: where two bars \
         do not overlap, the difference is real, not luck (a dot with no bar has an interval \
         narrower than the dot). The dashed line is a fair share \
         ({}). A {unit} won jointly by k players counts 1/k to each.{first}",
        pct(fair, 1)
    );
    let fig = figure("win-rate", points, "Win rate by seat", "", &svg, &esc(&how));
    Ok(fig + &seat_table(summary, run)?)
}

fn seat_table(summary: &Csv, run: &RunInfo) -> Result<String> {
    let c = |n: &str| summary.col(n);
    let (seat, strat, wins) = (c("seat")?, c("strategy")?, c("wins")?);
    let (rate, lo, hi) = (c("win_rate")?, c("win_rate_lo")?, c("win_rate_hi")?);
    let (mean, sd, se) = (c("mean_score")?, c("sd_score")?, c("se_score")?);
    let mut rows = Vec::new();
    for i in 0..summary.rows.len() {
        let t = |col| summary.text(i, col);
        let (l, h) = (summary.num(i, lo)?, summary.num(i, hi)?);
        let p = pct_places(l, h);
        rows.push(vec![
            val(t(seat).to_string(), t(seat)),
            txt(t(strat)),
            val(count(summary.num(i, wins)?), t(wins)),
            val(pct(summary.num(i, rate)?, p), t(rate)),
            val(pct(l, p), t(lo)),
            val(pct(h, p), t(hi)),
            val(dec(summary.num(i, mean)?, 2), t(mean)),
            val(dec(summary.num(i, sd)?, 2), t(sd)),
            val(dec(summary.num(i, se)?, 3), t(se)),
        ]);
    }
    let wins_head = format!("Wins (of {})", super::fmt::int(run.count as i64));
    let head = [
        "Seat",
        "Strategy",
        wins_head.as_str(),
        "Win rate",
        "95% low",
        "95% high",
        "Mean score",
        "SD",
        "SE of mean",
    ];
    Ok(wrap(table("summary.csv", &head, rows)))
}

/// The partnerships' win rates (`teams.csv`): chart and table.
pub fn teams(csv: &Csv) -> Result<String> {
    let (team, seats) = (csv.col("team")?, csv.col("seats")?);
    let lines = read_lines(csv, &|i| {
        Ok(format!(
            "Team {} · seats {}",
            csv.text(i, team),
            csv.text(i, seats).replace(' ', " & ")
        ))
    })?;
    let fair = 1.0 / lines.len() as f64;
    let (svg, points) = chart(&lines, fair, "Win rate by team with 95% intervals")?;
    let how = format!(
        "Partners share their wins, so a team's win rate is the sum of its seats'. The dashed \
         line is a fair share ({}).",
        pct(fair, 1)
    );
    let fig = figure(
        "team-win-rate",
        points,
        "Win rate by team",
        "",
        &svg,
        &esc(&how),
    );
    let (wins, rate, lo, hi) = (
        csv.col("wins")?,
        csv.col("win_rate")?,
        csv.col("win_rate_lo")?,
        csv.col("win_rate_hi")?,
    );
    let mut rows = Vec::new();
    for i in 0..csv.rows.len() {
        let t = |col| csv.text(i, col);
        let (l, h) = (csv.num(i, lo)?, csv.num(i, hi)?);
        let p = pct_places(l, h);
        rows.push(vec![
            val(t(team).to_string(), t(team)),
            txt(&t(seats).replace(' ', " & ")),
            val(count(csv.num(i, wins)?), t(wins)),
            val(pct(csv.num(i, rate)?, p), t(rate)),
            val(pct(l, p), t(lo)),
            val(pct(h, p), t(hi)),
        ]);
    }
    let head = ["Team", "Seats", "Wins", "Win rate", "95% low", "95% high"];
    Ok(fig + &wrap(table("teams.csv", &head, rows)))
}
