//! Batches of units on worker threads, merged in index order as they finish (bounded memory).

use super::ordered::{ordered_fold, resolve_threads};
use super::play::{Observer, Quiet, deal_rngs, play_deal, play_match};
use crate::error::Result;
use crate::game::{ActionList, DealResult, Game, Table};
use crate::stats::{Merge, Tally};
use crate::strategy::{Strategy, StrategySpec, any_failed, build, check_failures};
use std::ops::Range;
use std::time::{Duration, Instant};

/// Deals per batch (fixed: batch boundaries must not depend on threads). Small enough that a
/// slow game still spreads over many cores; large enough that building the strategies and the
/// tally once per batch costs nothing measurable.
pub const BATCH_DEALS: u64 = 512;
/// Matches per batch.
pub const BATCH_MATCHES: u64 = 8;

/// Lone deals or whole matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Each unit is one deal.
    Deals,
    /// Each unit is a whole match.
    Matches,
}

impl Mode {
    /// The unit's name in output: `deals` or `matches`.
    pub fn unit(self) -> &'static str {
        match self {
            Mode::Deals => "deals",
            Mode::Matches => "matches",
        }
    }
}

/// Everything a run needs, validated.
#[derive(Clone, Debug)]
pub struct RunSpec<G: Game> {
    /// The rules of every deal.
    pub rules: G::Rules,
    /// Players at the table.
    pub players: usize,
    /// Strategy per seat (already cycled to `players` entries).
    pub seats: Vec<StrategySpec>,
    /// Deals, or whole matches.
    pub mode: Mode,
    /// The master seed.
    pub seed: u64,
    /// The unit indices to play (0..n, or a shard's share).
    pub units: Range<u64>,
    /// Worker threads (None: the CPUs granted to the process, see [`super::default_threads`]).
    pub threads: Option<usize>,
    /// Show a progress bar on stderr (when it is a terminal).
    pub progress: bool,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// The exact counts of every unit played.
    pub tally: Tally,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
    /// CPU time (user + system, every thread) the process spent during the run, in
    /// seconds: this run's own, not what earlier runs of the same process (a study) used.
    pub cpu_s: f64,
}

fn batch_size(mode: Mode) -> u64 {
    match mode {
        Mode::Deals => BATCH_DEALS,
        Mode::Matches => BATCH_MATCHES,
    }
}

/// Counts how each deal ended (for matches, whose result does not say).
pub(super) struct CountEnds<'a>(pub &'a mut [u64]);

impl<G: Game> Observer<G> for CountEnds<'_> {
    const LEGAL: bool = false;
    const DECISIONS: bool = false;
    fn end(&mut self, _state: &G, r: &DealResult) {
        self.0[r.end as usize] += 1;
    }
}

/// Plays units `range` into a fresh tally with fresh strategy instances.
pub fn run_batch<G: Game>(spec: &RunSpec<G>, range: Range<u64>) -> Tally {
    let mut tally = Tally::new(spec.players, G::END_REASONS.len());
    if any_failed::<G>(&spec.seats) {
        return tally; // the run is ending with the strategy's error
    }
    let mut seats: Vec<Box<dyn Strategy<G>>> = spec.seats.iter().map(build::<G>).collect();
    let mut buf = ActionList::new();
    let table = Table::first(spec.players);
    for unit in range {
        match spec.mode {
            Mode::Deals => {
                let mut rngs = deal_rngs(spec.seed, unit, 0);
                let (r, a) = play_deal(
                    &spec.rules,
                    &table,
                    &mut rngs,
                    &mut seats,
                    &mut buf,
                    &mut Quiet,
                );
                tally.add_deal(&r, a);
            }
            Mode::Matches => {
                let (r, a) = play_match(
                    &spec.rules,
                    spec.players,
                    spec.seed,
                    unit,
                    &mut seats,
                    &mut buf,
                    &mut CountEnds(&mut tally.ends),
                );
                tally.add_match(&r, a);
            }
        }
    }
    tally
}

/// The batches covering `units`, computed from their index on demand (never listed, so a
/// run of 10^19 units costs no memory up front). Boundaries fall at multiples of the batch
/// size, so a shard's batches are exactly the single run's batches within its range.
#[derive(Clone, Copy, Debug)]
pub(super) struct Batches {
    start: u64,
    end: u64,
    size: u64,
}

impl Batches {
    pub(super) fn new(units: &Range<u64>, size: u64) -> Batches {
        Batches {
            start: units.start,
            end: units.end.max(units.start),
            size,
        }
    }

    /// How many batches.
    pub(super) fn count(&self) -> u64 {
        if self.start == self.end {
            return 0;
        }
        (self.end - 1) / self.size - self.start / self.size + 1
    }

    /// Batch `i` (0-based) of [`Batches::count`].
    pub(super) fn get(&self, i: u64) -> Range<u64> {
        let first = self.start / self.size + i;
        let lo = (first * self.size).max(self.start);
        let hi = first
            .checked_add(1)
            .and_then(|b| b.checked_mul(self.size))
            .map_or(self.end, |h| h.min(self.end));
        lo..hi
    }
}

/// Plays every batch of `units` on `threads` workers (checked: 1 to [`super::MAX_THREADS`], None:
/// the CPUs granted) and folds the results in batch order, in bounded memory. Returns the
/// fold and the worker count.
pub fn fold_batches<A: Send, T: Send>(
    threads: Option<usize>,
    units: &Range<u64>,
    size: u64,
    acc: A,
    work: impl Fn(Range<u64>) -> T + Sync,
    fold: impl Fn(&mut A, T) + Sync,
) -> Result<(A, usize)> {
    fold_prefix(threads, units, size, acc, work, fold).map(|(a, t, _)| (a, t))
}

/// [`fold_batches`] that also returns the units it folded: all of `units`, or after a
/// graceful stop ([`crate::cleanup::stopping`]) a prefix `units.start..k` of them, which
/// is exactly what a run of `units.start..k` folds.
pub fn fold_prefix<A: Send, T: Send>(
    threads: Option<usize>,
    units: &Range<u64>,
    size: u64,
    acc: A,
    work: impl Fn(Range<u64>) -> T + Sync,
    fold: impl Fn(&mut A, T) + Sync,
) -> Result<(A, usize, Range<u64>)> {
    let threads = resolve_threads(threads)?;
    let b = Batches::new(units, size);
    let (out, folded) = ordered_fold(threads, b.count(), acc, |i| work(b.get(i)), fold);
    let end = match folded {
        0 => units.start,
        k => b.get(k - 1).end,
    };
    Ok((out, threads, units.start..end.max(units.start)))
}

/// Plays the whole run and merges batch tallies in index order as they finish.
pub fn run<G: Game>(spec: &RunSpec<G>) -> Result<RunOutcome> {
    let bar = progress_bar(spec);
    let start = Instant::now();
    let cpu = super::clock::cpu_seconds();
    let (tally, threads) = fold_batches(
        spec.threads,
        &spec.units,
        batch_size(spec.mode),
        Tally::new(spec.players, G::END_REASONS.len()),
        |r| {
            let n = r.end - r.start;
            let t = run_batch(spec, r);
            bar.inc(n);
            t
        },
        |acc, t| acc.merge(&t),
    )?;
    bar.finish_and_clear();
    check_failures::<G>(&spec.seats)?;
    Ok(RunOutcome {
        tally,
        elapsed: start.elapsed(),
        threads,
        cpu_s: super::clock::cpu_seconds() - cpu,
    })
}

fn progress_bar<G: Game>(spec: &RunSpec<G>) -> crate::progress::Progress {
    let n = spec.units.end - spec.units.start;
    crate::progress::Progress::new(G::NAME, spec.mode.unit(), n, spec.progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(units: Range<u64>, size: u64) -> Vec<Range<u64>> {
        let b = Batches::new(&units, size);
        (0..b.count()).map(|i| b.get(i)).collect()
    }

    #[test]
    fn batch_boundaries_depend_only_on_indices() {
        assert_eq!(all(0..10, 4), vec![0..4, 4..8, 8..10]);
        assert_eq!(all(5..13, 4), vec![5..8, 8..12, 12..13]);
        assert_eq!(all(4..8, 4), vec![4..8]);
        assert!(all(3..3, 4).is_empty());
        // At the top of the index range nothing overflows.
        let top = u64::MAX - 5..u64::MAX;
        let b = Batches::new(&top, 512);
        assert_eq!(b.count(), 1);
        assert_eq!(b.get(0), top);
        let huge = Batches::new(&(0..u64::MAX), 512);
        assert_eq!(huge.count(), u64::MAX / 512 + 1);
        assert_eq!(huge.get(huge.count() - 1), (u64::MAX / 512) * 512..u64::MAX);
    }
}
