//! Rule-variant comparisons with common random numbers: every variant plays the same deal
//! indices from the same (seed, index) generators, so where the deck is the same the shuffle
//! is the same, and per-deal differences against the baseline are paired. Everything is
//! tallied as exact integers (observations and paired differences), merged in batch order.

use super::Mode;
use crate::error::Result;
use crate::game::{ActionList, Game, MAX_SEATS, SeatMask};
use crate::lab::counts::Counts;
use crate::lab::play::{Bench, Played};
use crate::stats::{Merge, Moments, WIN_UNITS};
use crate::strategy::{StrategySpec, any_failed, build, check_failures};
use std::ops::Range;
use std::time::{Duration, Instant};

/// A comparison to run.
#[derive(Clone, Debug)]
pub struct CompareSpec<G: Game> {
    /// (name, rules); the first is the baseline.
    pub variants: Vec<(String, G::Rules)>,
    /// Players at the table.
    pub players: usize,
    /// The strategy at each seat, `players` entries.
    pub seats: Vec<StrategySpec>,
    /// The master seed: every variant plays the same deals from it.
    pub seed: u64,
    /// The unit indices to play (deals, or matches).
    pub units: Range<u64>,
    /// Worker threads (None: the CPUs granted to the process).
    pub threads: Option<usize>,
    /// Show a progress bar on stderr (when it is a terminal).
    pub progress: bool,
    /// Deals, or whole matches (then scores are match totals and length is deals per match).
    pub mode: Mode,
}

/// One metric: its name and the divisor that turns its integer observations into its unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    /// The metric's name, a column of `compare.csv` (`win_rate_seat0`, `mean_score`...).
    pub name: String,
    /// What an integer observation is divided by to give the metric's unit.
    pub scale: f64,
}

/// The metrics observed per deal (or match) at a table of `players` of game `G`: win rate per
/// seat, the first player's win rate, mean score, mean length, the share of units with no
/// winner, then one per end reason of `G` (`-` in its name becomes `_`): with deals,
/// `end_<reason>_share`, the share of deals that ended that way; with matches,
/// `end_<reason>_per_match`, how many of a match's deals ended that way.
pub fn metrics<G: Game>(players: usize, mode: Mode) -> Vec<Metric> {
    let mut m: Vec<Metric> = (0..players)
        .map(|s| Metric {
            name: format!("win_rate_seat{s}"),
            scale: WIN_UNITS as f64,
        })
        .collect();
    m.push(Metric {
        name: "first_seat_win_rate".into(),
        scale: WIN_UNITS as f64,
    });
    m.push(Metric {
        name: "mean_score".into(),
        scale: players as f64,
    });
    let length = if mode == Mode::Deals {
        "mean_turns"
    } else {
        "mean_deals"
    };
    m.push(Metric {
        name: length.into(),
        scale: 1.0,
    });
    m.push(Metric {
        name: "no_winner_share".into(),
        scale: 1.0,
    });
    let suffix = if mode == Mode::Deals {
        "share"
    } else {
        "per_match"
    };
    m.extend(G::END_REASONS.iter().map(|r| Metric {
        name: format!("end_{}_{suffix}", r.name.replace('-', "_")),
        scale: 1.0,
    }));
    m
}

/// One unit's outcome in the form the metrics need.
struct Outcome {
    winners: SeatMask,
    scores: [i64; MAX_SEATS],
    length: i64,
}

/// Fills `out` with the unit's observations of [`metrics`]; `ends` holds its deals per end
/// reason.
fn observe<G: Game>(r: &Outcome, ends: &[u64], players: usize, out: &mut [i64]) {
    let p = players;
    let k = r.winners.len() as i64;
    for (s, o) in out.iter_mut().enumerate().take(p) {
        *o = if r.winners.contains(s) {
            WIN_UNITS as i64 / k
        } else {
            0
        };
    }
    // Seat 0 deals the first deal of every unit.
    out[p] = out[G::first_to_play(p, 0)];
    out[p + 1] = r.scores[..p].iter().sum();
    out[p + 2] = r.length;
    out[p + 3] = r.winners.is_empty() as i64;
    for (o, &e) in out[p + 4..].iter_mut().zip(ends) {
        *o = e as i64;
    }
}

/// Plays unit `i` (a deal, or a whole match) under `rules` with the balance lab watching
/// (the same deal loop and generators; see [`crate::lab::play`]); counts its deals per end
/// reason into `ends` (zeroed first) and the lab's counts into `lab`.
fn play_unit<G: Game>(
    spec: &CompareSpec<G>,
    rules: &G::Rules,
    i: u64,
    bench: &mut Bench<G>,
    ends: &mut [u64],
    lab: &mut [Counts],
) -> Outcome {
    ends.fill(0);
    let played = crate::lab::play::play_unit(
        rules,
        spec.players,
        spec.seed,
        i,
        spec.mode,
        bench,
        ends,
        lab,
    );
    if let Played::Deal(r, _) = played {
        ends[r.end as usize] += 1;
    }
    let o = played.outcome();
    Outcome {
        winners: o.winners,
        scores: o.scores,
        length: match spec.mode {
            Mode::Deals => o.turns as i64,
            Mode::Matches => o.deals as i64,
        },
    }
}

/// Exact tallies of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareTally {
    /// Units played (deals, or matches), each under every variant.
    pub deals: u64,
    /// `x[v][m]`: observations of metric m under variant v.
    pub x: Vec<Vec<Moments>>,
    /// `d[v][m]`: paired differences (variant v minus the baseline).
    pub d: Vec<Vec<Moments>>,
    /// Every seat's deal score, pooled, per variant (for the sd of scores).
    pub scores: Vec<Moments>,
    /// The balance lab's counts per variant (groups of units, for `metrics.csv`).
    pub lab: Vec<Vec<Counts>>,
}

impl CompareTally {
    fn new(variants: usize, metrics: usize) -> CompareTally {
        CompareTally {
            deals: 0,
            x: vec![vec![Moments::default(); metrics]; variants],
            d: vec![vec![Moments::default(); metrics]; variants],
            scores: vec![Moments::default(); variants],
            lab: vec![crate::lab::run::empty_counts(); variants],
        }
    }
}

impl Merge for CompareTally {
    fn merge(&mut self, o: &CompareTally) {
        self.deals += o.deals;
        for (a, b) in self.x.iter_mut().flatten().zip(o.x.iter().flatten()) {
            a.merge(b);
        }
        for (a, b) in self.d.iter_mut().flatten().zip(o.d.iter().flatten()) {
            a.merge(b);
        }
        for (a, b) in self.scores.iter_mut().zip(&o.scores) {
            a.merge(b);
        }
        for (a, b) in self.lab.iter_mut().zip(&o.lab) {
            crate::lab::run::merge_counts(a, b);
        }
    }
}

fn batch<G: Game>(spec: &CompareSpec<G>, range: Range<u64>) -> CompareTally {
    let nm = metrics::<G>(spec.players, spec.mode).len();
    let mut t = CompareTally::new(spec.variants.len(), nm);
    if any_failed::<G>(&spec.seats) {
        return t; // the run is ending with the strategy's error
    }
    let mut bench = Bench::<G> {
        seats: spec.seats.iter().map(build::<G>).collect(),
        buf: ActionList::new(),
        watch: Default::default(),
    };
    let mut ends = vec![0u64; G::END_REASONS.len()];
    let mut base = vec![0i64; nm];
    let mut obs = vec![0i64; nm];
    for i in range {
        t.deals += 1;
        for (v, (_, rules)) in spec.variants.iter().enumerate() {
            let r = play_unit(spec, rules, i, &mut bench, &mut ends, &mut t.lab[v]);
            observe::<G>(&r, &ends, spec.players, &mut obs);
            for s in 0..spec.players {
                t.scores[v].add(r.scores[s]);
            }
            if v == 0 {
                base.copy_from_slice(&obs);
            }
            for m in 0..nm {
                t.x[v][m].add(obs[m]);
                t.d[v][m].add(obs[m] - base[m]);
            }
        }
    }
    t
}

/// Runs the comparison on worker threads, merging batches in order as they finish; returns
/// the merged tally, the elapsed time and the worker count.
pub fn compare<G: Game>(spec: &CompareSpec<G>) -> Result<(CompareTally, Duration, usize)> {
    let start = Instant::now();
    let bar = crate::progress::Progress::new(
        "compare",
        spec.mode.unit(),
        spec.units.end - spec.units.start,
        spec.progress,
    );
    let empty = CompareTally::new(
        spec.variants.len(),
        metrics::<G>(spec.players, spec.mode).len(),
    );
    let (t, threads) = super::runner::fold_batches(
        spec.threads,
        &spec.units,
        super::BATCH_DEALS / 4,
        empty,
        |r| {
            let n = r.end - r.start;
            let t = batch(spec, r);
            bar.inc(n);
            t
        },
        |acc, t| acc.merge(&t),
    )?;
    bar.finish_and_clear();
    check_failures::<G>(&spec.seats)?;
    Ok((t, start.elapsed(), threads))
}
