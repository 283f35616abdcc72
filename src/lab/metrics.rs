//! The game-quality metrics of a run, from its [`Counts`] groups, each with a 95% interval,
//! and the paired difference of two variants played on the same deals (common random
//! numbers) with its interval and p-value. The names and meanings are those of
//! `docs/balance-lab.md`; `metrics.csv` is tidy (`game, players, variant, metric, value, lo,
//! hi`; `compare` adds `diff, diff_lo, diff_hi, p_value, p_holm`).
//!
//! Intervals: a share of independent units (decisive, tie, no winner, comeback) is a Wilson
//! interval; a quantile (margin, turns) is the order-statistic interval; everything else
//! (seat gaps, means, shares of decisions, lead changes, the luck share) is the delete-a-group
//! jackknife over the [`GROUPS`](crate::stats::GROUPS) groups of units, t with 16 df. A paired
//! difference is the jackknife of the difference, leaving the same group out of both
//! variants, so the pairing of common random numbers narrows it exactly as it should.

use super::counts::{Counts, DECIDED_SCALE};
use crate::sim::Mode;
use crate::stats::{
    Estimate, Histogram, Merge, WIN_UNITS, jackknife_from, quantile_interval, wilson,
};

/// Shares and probabilities.
const UNIT: (f64, f64) = (0.0, 1.0);
/// Counts, lengths, margins.
const POSITIVE: (f64, f64) = (0.0, f64::INFINITY);
/// Unbounded (a bias-corrected estimate may fall below zero).
const ANY: (f64, f64) = (f64::NEG_INFINITY, f64::INFINITY);

/// How a metric's interval is made.
#[derive(Clone, Copy)]
enum Kind {
    /// A smooth statistic of the counts: jackknife.
    Smooth(fn(&Counts) -> Option<f64>),
    /// Successes out of trials, units independent: Wilson.
    Share(fn(&Counts) -> (u64, u64)),
    /// A quantile of a histogram: order statistics.
    Quantile(fn(&Counts) -> &Histogram, f64),
}

/// One metric: its name and how it is computed.
#[derive(Clone, Copy)]
pub struct Metric {
    /// The name in `metrics.csv`.
    pub name: &'static str,
    kind: Kind,
    /// The values the metric can take (its interval is clipped to them).
    range: (f64, f64),
}

impl Metric {
    /// The statistic on merged counts (no interval).
    pub fn value(&self, c: &Counts) -> Option<f64> {
        match self.kind {
            Kind::Smooth(f) => f(c),
            Kind::Share(f) => {
                let (k, n) = f(c);
                (n > 0).then(|| k as f64 / n as f64)
            }
            Kind::Quantile(h, q) => h(c).quantile(q).map(|v| v as f64),
        }
    }
}

fn share(k: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| k as f64 / n as f64)
}

/// Each seat's win share.
fn shares(c: &Counts, players: usize) -> impl Iterator<Item = f64> + '_ {
    (0..players).map(move |s| c.win[s] as f64 / (WIN_UNITS as f64 * c.units as f64))
}

/// The largest |win share - 1/n| over the seats.
pub fn seat_gap(c: &Counts, players: usize) -> Option<f64> {
    if c.units == 0 {
        return None;
    }
    let even = 1.0 / players as f64;
    Some(
        shares(c, players)
            .map(|w| (w - even).abs())
            .fold(0.0, f64::max),
    )
}

/// Σ_s [(ŵ_s - 1/n)² - var(ŵ_s)], var(ŵ_s) = s²/N with s² the sample variance of the seat's
/// per-unit win share: an unbiased estimate of Σ_s (w_s - 1/n)², which does not grow with
/// noise. Without shared wins s²/N = ŵ(1 - ŵ)/(N - 1), the formula.
pub fn seat_gap2(c: &Counts, players: usize) -> Option<f64> {
    if c.units < 2 {
        return None;
    }
    let n = c.units as f64;
    let u = WIN_UNITS as f64;
    let even = 1.0 / players as f64;
    let mut total = 0.0;
    for s in 0..players {
        let w = c.win[s] as f64 / (u * n);
        let ex2 = c.win_sq[s] as f64 / (u * u * n);
        let var = (ex2 - w * w) * n / (n - 1.0) / n;
        total += (w - even).powi(2) - var;
    }
    Some(total)
}

fn hist_mean(h: &Histogram) -> Option<f64> {
    let (n, (s, _)) = (h.total(), h.sums());
    (n > 0).then(|| s as f64 / n as f64)
}

fn hist_sd(h: &Histogram) -> Option<f64> {
    let (n, (s, ss)) = (h.total() as f64, h.sums());
    if n < 2.0 {
        return None;
    }
    let m = s as f64 / n;
    Some(((ss as f64 - n * m * m) / (n - 1.0)).max(0.0).sqrt())
}

/// The metrics a run of `players` seats reports, in output order.
pub fn metrics(players: usize, mode: Mode) -> Vec<Metric> {
    macro_rules! smooth {
        ($name:expr, $f:expr, $range:expr) => {
            Metric {
                name: $name,
                kind: Kind::Smooth($f),
                range: $range,
            }
        };
        ($name:expr, $f:expr) => {
            Metric {
                name: $name,
                kind: Kind::Smooth($f),
                range: UNIT,
            }
        };
    }
    // Seat gaps need the player count: one closure per count would not be a fn pointer,
    // so the table is built per count from these two.
    let gap: fn(&Counts) -> Option<f64> = match players {
        2 => |c| seat_gap(c, 2),
        3 => |c| seat_gap(c, 3),
        4 => |c| seat_gap(c, 4),
        5 => |c| seat_gap(c, 5),
        6 => |c| seat_gap(c, 6),
        7 => |c| seat_gap(c, 7),
        _ => |c| seat_gap(c, 8),
    };
    let gap2: fn(&Counts) -> Option<f64> = match players {
        2 => |c| seat_gap2(c, 2),
        3 => |c| seat_gap2(c, 3),
        4 => |c| seat_gap2(c, 4),
        5 => |c| seat_gap2(c, 5),
        6 => |c| seat_gap2(c, 6),
        7 => |c| seat_gap2(c, 7),
        _ => |c| seat_gap2(c, 8),
    };
    let mut m = vec![
        smooth!("seat_gap", gap),
        smooth!("seat_gap2", gap2, ANY),
        Metric {
            name: "decisive_share",
            kind: Kind::Share(|c| (c.decisive, c.units)),
            range: UNIT,
        },
        Metric {
            name: "tie_share",
            kind: Kind::Share(|c| (c.tie, c.units)),
            range: UNIT,
        },
        Metric {
            name: "no_winner_share",
            kind: Kind::Share(|c| (c.no_winner, c.units)),
            range: UNIT,
        },
        smooth!("margin_mean", |c| hist_mean(&c.margins), POSITIVE),
        Metric {
            name: "margin_p50",
            kind: Kind::Quantile(|c| &c.margins, 0.5),
            range: POSITIVE,
        },
        Metric {
            name: "margin_p90",
            kind: Kind::Quantile(|c| &c.margins, 0.9),
            range: POSITIVE,
        },
        smooth!("lead_changes", |c| share(c.changes, c.boundaries)),
        Metric {
            name: "comeback_share",
            kind: Kind::Share(|c| (c.comebacks, c.won)),
            range: UNIT,
        },
        smooth!("decided_at", |c| (c.decided.n > 0)
            .then(|| c.decided.mean() / DECIDED_SCALE as f64)),
    ];
    if mode == Mode::Deals {
        m.push(smooth!(
            "luck_share",
            |c| c.luck.icc(),
            (f64::NEG_INFINITY, 1.0)
        ));
    }
    m.extend([
        smooth!("turns_mean", |c| hist_mean(&c.turns), POSITIVE),
        smooth!("turns_sd", |c| hist_sd(&c.turns), POSITIVE),
        Metric {
            name: "turns_p5",
            kind: Kind::Quantile(|c| &c.turns, 0.05),
            range: POSITIVE,
        },
        Metric {
            name: "turns_p95",
            kind: Kind::Quantile(|c| &c.turns, 0.95),
            range: POSITIVE,
        },
    ]);
    if mode == Mode::Matches {
        m.push(smooth!("deals_mean", |c| hist_mean(&c.deals), POSITIVE));
    }
    m.extend([
        smooth!("choice_share", |c| share(c.choices, c.decisions)),
        smooth!(
            "actions_per_choice",
            |c| share(c.choice_actions, c.choices),
            POSITIVE
        ),
    ]);
    m
}

/// All groups merged.
pub fn total(groups: &[Counts]) -> Counts {
    let mut all = Counts::default();
    for g in groups {
        all.merge(g);
    }
    all
}

/// A variant's groups prepared for many metrics: all merged, and each non-empty group left
/// out in turn (merged once, shared by every metric's jackknife).
pub struct Prepared {
    /// Every group merged.
    pub all: Counts,
    /// All but one non-empty group, per non-empty group.
    loo: Vec<Counts>,
}

impl Prepared {
    /// Merges `groups` once for every metric.
    pub fn new(groups: &[Counts]) -> Prepared {
        let all = total(groups);
        let loo = (0..groups.len())
            .filter(|&i| groups[i].units > 0)
            .map(|out| {
                let mut rest = Counts::default();
                for (i, g) in groups.iter().enumerate() {
                    if i != out {
                        rest.merge(g);
                    }
                }
                rest
            })
            .collect();
        Prepared { all, loo }
    }
}

/// The metric on prepared groups with its 95% interval (None when the run has no data for
/// it), clipped to the metric's range.
pub fn estimate(m: &Metric, p: &Prepared) -> Option<Estimate> {
    let (a, b) = m.range;
    estimate_raw(m, p).map(|e| Estimate {
        lo: e.lo.clamp(a, b),
        hi: e.hi.clamp(a, b),
        ..e
    })
}

fn estimate_raw(m: &Metric, p: &Prepared) -> Option<Estimate> {
    let all = &p.all;
    let value = m.value(all)?;
    match m.kind {
        Kind::Smooth(f) => {
            let reps: Vec<f64> = p.loo.iter().filter_map(f).collect();
            Some(jackknife_from(value, &reps))
        }
        Kind::Share(f) => {
            let (k, n) = f(all);
            let (lo, hi) = wilson(k as f64, n as f64);
            Some(Estimate {
                lo,
                hi,
                ..Estimate::bare(value)
            })
        }
        Kind::Quantile(h, q) => {
            let (_, lo, hi) = quantile_interval(h(all), q)?;
            Some(Estimate {
                lo: lo as f64,
                hi: hi as f64,
                ..Estimate::bare(value)
            })
        }
    }
}

/// The paired difference `variant - baseline` of a metric, both prepared from groups of the
/// same units, with its jackknife interval and p-value (the same group left out of both).
/// Quantiles get the difference alone (no interval: the jackknife does not hold for
/// quantiles).
pub fn paired(m: &Metric, variant: &Prepared, baseline: &Prepared) -> Option<Estimate> {
    let diff = |a: &Counts, b: &Counts| Some(m.value(a)? - m.value(b)?);
    let value = diff(&variant.all, &baseline.all)?;
    if let Kind::Quantile(..) = m.kind {
        return Some(Estimate::bare(value));
    }
    let reps: Vec<f64> = variant
        .loo
        .iter()
        .zip(&baseline.loo)
        .filter_map(|(a, b)| diff(a, b))
        .collect();
    Some(jackknife_from(value, &reps))
}
