//! Distributions of a simulation: the scores per seat (`scores.csv`), the length of a deal
//! or match (`lengths.csv`) and how deals ended (`ends.csv`). Wide distributions are put in
//! bins of a round width (a multiple of the step the values come in), so a chart has at most
//! about sixty points per series; the bins' counts are listed under each chart.

use super::chart::{color, figure, legend, nice_step};
use super::data::{Csv, RunInfo};
use super::fmt::{auto, esc, int, pct, tick_int, tick_pct};
use super::histogram::{self, Axes, Bin, Category};
use super::page::{Cell, GameInfo, derived, numbers, table, txt, val, wrap};
use crate::error::{Error, Result};

/// Most bins a distribution is drawn with.
const MAX_BINS: i64 = 60;

/// A distribution: (value, count) pairs in value order.
type Hist = Vec<(i64, u64)>;

/// The bins of width `width` from `min`: each bin's first value and the counts per series;
/// the counts of the far tails left off the chart (`below` the first bin, `above` the last).
struct Binned {
    min: i64,
    width: i64,
    step: i64,
    counts: Vec<Vec<u64>>,
    below: Vec<u64>,
    above: Vec<u64>,
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The share of each far tail a chart may leave off, when that makes it much narrower.
const TAIL: f64 = 0.001;

/// The share of long deals (or matches) the length chart may leave off: lengths have one
/// long thin tail (a deal that runs to the turn cap), which a high quantile cuts cleanly.
const LENGTH_TAIL: f64 = 0.005;

/// The range to draw: everything, or without the far tails when they stretch the chart by
/// more than a quarter.
fn drawn_range(series: &[Hist], tail: f64) -> (i64, i64) {
    let mut pooled: Hist = series
        .iter()
        .flatten()
        .copied()
        .filter(|(_, c)| *c > 0)
        .collect();
    pooled.sort_unstable();
    let (Some(&(min, _)), Some(&(max, _))) = (pooled.first(), pooled.last()) else {
        return (0, 0);
    };
    let lo = quantile(&pooled, TAIL).unwrap_or(min);
    let hi = quantile(&pooled, 1.0 - tail).unwrap_or(max);
    if ((hi - lo) as f64) < 0.8 * (max - min) as f64 {
        (lo, hi)
    } else {
        (min, max)
    }
}

/// Bins every series on one grid: the width is a round multiple of the values' common step.
fn bin(series: &[Hist]) -> Binned {
    bin_cut(series, TAIL)
}

/// [`bin`], leaving off up to `tail` of the values at the top (and [`TAIL`] at the bottom).
fn bin_cut(series: &[Hist], tail: f64) -> Binned {
    let all = || series.iter().flatten().filter(|(_, c)| *c > 0);
    let (min, max) = drawn_range(series, tail);
    let step = all().fold(0, |g, (v, _)| gcd(g, v - min)).max(1);
    let slots = (max - min) / step + 1;
    let k = if slots <= MAX_BINS {
        1
    } else {
        nice_step(slots as f64, MAX_BINS as usize).ceil() as i64
    };
    let width = step * k.max(1);
    let n = ((max - min) / width + 1) as usize;
    let mut b = Binned {
        min,
        width,
        step,
        counts: vec![vec![0; n]; series.len()],
        below: vec![0; series.len()],
        above: vec![0; series.len()],
    };
    for (s, h) in series.iter().enumerate() {
        for &(v, k) in h {
            match v {
                v if v < min => b.below[s] += k,
                v if v > b.hi(n - 1) => b.above[s] += k,
                v => b.counts[s][((v - min) / width) as usize] += k,
            }
        }
    }
    b
}

impl Binned {
    fn bins(&self) -> usize {
        self.counts.first().map_or(0, Vec::len)
    }
    fn lo(&self, b: usize) -> i64 {
        self.min + b as i64 * self.width
    }
    fn hi(&self, b: usize) -> i64 {
        self.lo(b) + self.width - self.step
    }
    fn center(&self, b: usize) -> f64 {
        (self.lo(b) + self.hi(b)) as f64 / 2.0
    }
    fn name(&self, b: usize) -> String {
        match self.width == self.step {
            true => int(self.lo(b)),
            false => format!("{} to {}", int(self.lo(b)), int(self.hi(b))),
        }
    }
    /// What a caption says about bins and the tails left off.
    fn grouped(&self, what: &str, unit: &str) -> String {
        let mut s = match self.width == self.step {
            true => String::new(),
            false => format!(" {what} are grouped in bins {} wide.", int(self.width)),
        };
        let off: u64 = self.below.iter().chain(&self.above).sum();
        if off > 0 {
            let total: u64 = off + self.counts.iter().flatten().sum::<u64>();
            s += &format!(
                " The rarest extremes, below {} or above {} ({} {unit}, {} of all), are left off \
                 the chart; the counts below list them.",
                int(self.min),
                int(self.hi(self.bins() - 1)),
                int(off as i64),
                pct(off as f64 / total as f64, 2)
            );
        }
        s
    }
}

/// The value at quantile `q` of a distribution (the smallest with that much below or at it).
fn quantile(h: &Hist, q: f64) -> Option<i64> {
    let total: u64 = h.iter().map(|(_, c)| c).sum();
    let want = (q * total as f64).ceil().max(1.0) as u64;
    let mut seen = 0;
    h.iter().find_map(|(v, c)| {
        seen += c;
        (seen >= want).then_some(*v)
    })
}

fn read_hist(csv: &Csv, value: usize, n: usize, rows: impl Iterator<Item = usize>) -> Result<Hist> {
    let mut h = Vec::new();
    for r in rows {
        h.push((csv.int(r, value)?, csv.count(r, n)?));
    }
    h.sort_unstable();
    Ok(h)
}

/// Each seat's score distribution, from `scores.csv`.
fn seat_hists(csv: &Csv, players: usize) -> Result<Vec<(String, Hist)>> {
    let (seat, strat, score, n) = (
        csv.col("seat")?,
        csv.col("strategy")?,
        csv.col("score")?,
        csv.col("count")?,
    );
    let mut out = Vec::new();
    for s in 0..players {
        let rows: Vec<usize> = (0..csv.rows.len())
            .filter(|&r| csv.text(r, seat) == s.to_string())
            .collect();
        let name = rows.first().map_or("", |&r| csv.text(r, strat)).to_string();
        out.push((name, read_hist(csv, score, n, rows.into_iter())?));
    }
    if out.iter().all(|(_, h)| h.is_empty()) {
        return Err(Error::input(format!(
            "bad {}: no scores",
            csv.path.display()
        )));
    }
    Ok(out)
}

/// Score distributions per seat: one line each, then the quantiles and the bins.
pub fn scores(csv: &Csv, run: &RunInfo, game: &GameInfo) -> Result<String> {
    let seats = seat_hists(csv, run.players)?;
    let hists: Vec<Hist> = seats.iter().map(|(_, h)| h.clone()).collect();
    let b = bin(&hists);
    let series: Vec<_> = b
        .counts
        .iter()
        .enumerate()
        .map(|(s, c)| {
            let total = hists[s].iter().map(|(_, k)| k).sum::<u64>().max(1) as f64;
            let pts = (0..c.len())
                .map(|i| (b.center(i), c[i] as f64 / total))
                .collect();
            (color(s), pts)
        })
        .collect();
    let unit = if run.unit == "matches" {
        "match"
    } else {
        "deal"
    };
    let x_desc = if unit == "match" {
        "Match total"
    } else {
        "Score in the deal"
    };
    let y_desc = if unit == "match" {
        "Share of matches"
    } else {
        "Share of deals"
    };
    let alt = if unit == "match" {
        "Match totals per seat"
    } else {
        "Deal scores per seat"
    };
    let (svg, points) = histogram::lines(
        &series,
        &Axes {
            x_desc,
            y_desc,
            x_fmt: &tick_int,
            y_fmt: &tick_pct,
            alt,
        },
    )?;
    let items: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(s, (name, _))| (format!("Seat {s} · {name}"), color(s)))
        .collect();
    let better = if game.lower_is_better {
        "lower"
    } else {
        "higher"
    };
    let how = format!(
        "How often each seat finished a {unit} with each score (in {}, {better} is better). \
         Lines that lie on top of each other mean the seats score alike.{}",
        game.title,
        b.grouped("Scores", if unit == "match" { "totals" } else { "scores" })
    );
    let fig = figure("scores", points, alt, &legend(&items), &svg, &esc(&how));
    let names = (0..seats.len()).map(|s| format!("Seat {s}")).collect();
    Ok(fig + &quantile_table(&seats) + &bin_table(&b, "Score", names))
}

fn quantile_table(seats: &[(String, Hist)]) -> String {
    let rows = seats
        .iter()
        .enumerate()
        .map(|(s, (name, h))| {
            let q = |p| quantile(h, p).map_or("–".into(), int);
            vec![
                derived(s.to_string()),
                txt(name),
                derived(q(0.0)),
                derived(q(0.1)),
                derived(q(0.5)),
                derived(q(0.9)),
                derived(q(1.0)),
            ]
        })
        .collect();
    let head = [
        "Seat", "Strategy", "Lowest", "10%", "Median", "90%", "Highest",
    ];
    wrap(table("scores.csv", &head, rows))
}

fn bin_table(b: &Binned, what: &str, series: Vec<String>) -> String {
    let mut head = vec![what.to_string()];
    head.extend(series);
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    let mut rows: Vec<Vec<Cell>> = (0..b.bins())
        .map(|i| {
            let mut r = vec![txt(&b.name(i))];
            r.extend(b.counts.iter().map(|c| derived(int(c[i] as i64))));
            r
        })
        .collect();
    let tails = [
        (format!("below {} (off the chart)", int(b.min)), &b.below),
        (
            format!("above {} (off the chart)", int(b.hi(b.bins().max(1) - 1))),
            &b.above,
        ),
    ];
    for (name, counts) in tails {
        if counts.iter().any(|&c| c > 0) {
            let mut r = vec![txt(&name)];
            r.extend(counts.iter().map(|&c| derived(int(c as i64))));
            rows.insert(
                if name.starts_with("below") {
                    0
                } else {
                    rows.len()
                },
                r,
            );
        }
    }
    numbers("The counts behind the chart", table("bins", &head, rows))
}

/// The length of a deal (turns) or of a match (deals), from `lengths.csv`.
pub fn lengths(csv: &Csv, run: &RunInfo) -> Result<String> {
    csv.require_rows()?;
    let matches = run.unit == "matches";
    // `length` since the key columns came in; `turns` or `deals` in older folders.
    let old = if matches { "deals" } else { "turns" };
    let h = read_hist(
        csv,
        csv.col_of(&["length", old])?,
        csv.col("count")?,
        0..csv.rows.len(),
    )?;
    let total = h.iter().map(|(_, c)| c).sum::<u64>().max(1) as f64;
    let b = bin_cut(std::slice::from_ref(&h), LENGTH_TAIL);
    let bins: Vec<Bin> = (0..b.bins())
        .map(|i| Bin {
            x0: b.lo(i) as f64 - 0.5 * b.step as f64,
            x1: b.hi(i) as f64 + 0.5 * b.step as f64,
            y: b.counts[0][i] as f64 / total,
        })
        .collect();
    let (title, x_desc, y_desc) = match matches {
        true => ("Deals per match", "Deals in the match", "Share of matches"),
        false => (
            "Player turns per deal",
            "Player turns in the deal",
            "Share of deals",
        ),
    };
    let (svg, points) = histogram::bars(
        &bins,
        color(0),
        &Axes {
            x_desc,
            y_desc,
            x_fmt: &tick_int,
            y_fmt: &tick_pct,
            alt: title,
        },
    )?;
    let mean = h.iter().map(|(v, c)| *v as f64 * *c as f64).sum::<f64>() / total;
    let q = |p| quantile(&h, p).map_or("–".into(), int);
    let how = format!(
        "{}: on average {}, half of them {} or fewer, 80% between {} and {}.{}",
        if matches {
            "Deals per match"
        } else {
            "Player turns per deal"
        },
        auto(mean),
        q(0.5),
        q(0.1),
        q(0.9),
        b.grouped("Lengths", if matches { "matches" } else { "deals" })
    );
    let fig = figure("lengths", points, title, "", &svg, &esc(&how));
    let what = if matches { "Deals" } else { "Turns" };
    Ok(fig + &bin_table(&b, what, vec!["Count".into()]))
}

/// How deals ended (`ends.csv`), with what each way means.
pub fn ends(csv: &Csv, run: &RunInfo, game: &GameInfo) -> Result<String> {
    csv.require_rows()?;
    let (reason, n) = (csv.col("reason")?, csv.col("count")?);
    let counts: Vec<u64> = (0..csv.rows.len())
        .map(|r| csv.count(r, n))
        .collect::<Result<_>>()?;
    let total = counts.iter().sum::<u64>().max(1) as f64;
    let name = |r: usize| csv.text(r, reason).replace('-', " ");
    let cats: Vec<Category> = (0..csv.rows.len())
        .map(|r| Category {
            label: name(r),
            share: counts[r] as f64 / total,
            note: format!(
                "{} · {}",
                pct(counts[r] as f64 / total, 1),
                int(counts[r] as i64)
            ),
        })
        .collect();
    let title = "Share of deals by how they ended";
    let (svg, points) = histogram::categories(&cats, color(2), title)?;
    let of = match run.unit.as_str() {
        "matches" => "every deal of every match",
        _ => "the deals",
    };
    let how = format!("The share of {of} that ended each way (the table says what each means).");
    let fig = figure("ends", points, title, "", &svg, &esc(&how));
    let about = |r: usize| {
        let key = csv.text(r, reason);
        game.ends
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, a)| *a)
    };
    let rows = (0..csv.rows.len())
        .map(|r| {
            vec![
                txt(&name(r)),
                val(int(counts[r] as i64), csv.text(r, n)),
                derived(pct(counts[r] as f64 / total, 1)),
                txt(about(r)),
            ]
        })
        .collect();
    let head = ["How it ended", "Deals", "Share", "What it means"];
    Ok(fig + &wrap(table("ends.csv", &head, rows)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_keep_every_count_and_respect_the_step() {
        let h: Hist = (0..500).map(|v| (v * 5 - 100, 1 + v as u64 % 3)).collect();
        let b = bin(std::slice::from_ref(&h));
        assert_eq!(b.step, 5);
        assert!(b.counts[0].len() as i64 <= MAX_BINS);
        assert_eq!(b.width % 5, 0);
        let sum: u64 = b.counts[0].iter().sum::<u64>() + b.below[0] + b.above[0];
        assert_eq!(sum, h.iter().map(|(_, c)| c).sum::<u64>());
        let small: Hist = vec![(3, 1), (5, 2), (9, 1)];
        let b = bin(&[small]);
        assert_eq!((b.min, b.width, b.counts[0].len()), (3, 2, 4));
        assert_eq!(b.name(1), "5");
    }

    #[test]
    fn far_tails_are_left_off_only_when_they_stretch_the_chart() {
        let mut h: Hist = (0..100).map(|v| (v, 1000)).collect();
        h.push((10_000, 1));
        let b = bin(std::slice::from_ref(&h));
        assert_eq!((b.min, b.above[0], b.below[0]), (0, 1, 0));
        assert!(b.hi(b.bins() - 1) < 10_000);
        let even: Hist = (0..100).map(|v| (v, 1)).collect();
        let b = bin(&[even]);
        assert_eq!((b.min, b.hi(b.bins() - 1), b.above[0]), (0, 99, 0));
    }

    #[test]
    fn a_long_thin_tail_of_lengths_is_cut_at_a_high_quantile() {
        // 0.1001% of deals far out: more than the score charts' 0.1% cut, within 0.5%.
        let mut h: Hist = (20..60).map(|v| (v, 2497)).collect();
        h.push((400, 100));
        let scores = bin(std::slice::from_ref(&h));
        assert!(scores.hi(scores.bins() - 1) >= 400, "the 0.1% cut keeps it");
        let lengths = bin_cut(std::slice::from_ref(&h), LENGTH_TAIL);
        assert!(lengths.hi(lengths.bins() - 1) < 100);
        assert_eq!(lengths.above[0], 100);
        assert!(lengths.grouped("Lengths", "deals").contains("left off"));
    }

    #[test]
    fn quantiles_walk_the_counts() {
        let h: Hist = vec![(1, 1), (2, 8), (3, 1)];
        assert_eq!(quantile(&h, 0.0), Some(1));
        assert_eq!(quantile(&h, 0.5), Some(2));
        assert_eq!(quantile(&h, 1.0), Some(3));
        assert_eq!(quantile(&vec![], 0.5), None);
    }
}
