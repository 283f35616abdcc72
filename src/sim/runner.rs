//! Batches of units on a rayon pool, merged in index order.

use super::play::{Quiet, deal_rngs, play_deal, play_match};
use crate::error::{Error, Result};
use crate::game::{ActionList, Game, Table};
use crate::stats::{Merge, Tally};
use crate::strategy::{Strategy, StrategySpec, build};
use rayon::prelude::*;
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
    Deals,
    Matches,
}

impl Mode {
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
    pub rules: G::Rules,
    pub players: usize,
    /// Strategy per seat (already cycled to `players` entries).
    pub seats: Vec<StrategySpec>,
    pub mode: Mode,
    pub seed: u64,
    /// The unit indices to play (0..n, or a shard's share).
    pub units: Range<u64>,
    /// Worker threads (None: rayon's default, one per core).
    pub threads: Option<usize>,
    pub progress: bool,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    pub tally: Tally,
    pub elapsed: Duration,
    pub threads: usize,
}

fn batch_size(mode: Mode) -> u64 {
    match mode {
        Mode::Deals => BATCH_DEALS,
        Mode::Matches => BATCH_MATCHES,
    }
}

/// Plays units `range` into a fresh tally with fresh strategy instances.
pub fn run_batch<G: Game>(spec: &RunSpec<G>, range: Range<u64>) -> Tally {
    let mut seats: Vec<Box<dyn Strategy<G>>> = spec.seats.iter().map(build::<G>).collect();
    let mut buf = ActionList::new();
    let mut tally = Tally::new(spec.players);
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
                    &mut Quiet,
                );
                tally.add_match(&r, a);
            }
        }
    }
    tally
}

/// The batches covering `units`: boundaries at multiples of the batch size, so a shard's
/// batches are exactly the single run's batches within its range.
/// A rayon pool of `threads` workers (None: one per core).
pub(super) fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::Other(format!("cannot start threads: {e}")))
}

pub(super) fn batches(units: &Range<u64>, size: u64) -> Vec<Range<u64>> {
    let mut v = Vec::new();
    let mut start = units.start;
    while start < units.end {
        let end = ((start / size + 1) * size).min(units.end);
        v.push(start..end);
        start = end;
    }
    v
}

/// Plays the whole run on a rayon pool and merges batch tallies in index order.
pub fn run<G: Game>(spec: &RunSpec<G>) -> Result<RunOutcome> {
    let pool = thread_pool(spec.threads)?;
    let threads = pool.current_num_threads();
    let list = batches(&spec.units, batch_size(spec.mode));
    let bar = progress_bar(spec);
    let start = Instant::now();
    let tallies: Vec<Tally> = pool.install(|| {
        list.par_iter()
            .map(|r| {
                let t = run_batch(spec, r.clone());
                bar.inc(r.end - r.start);
                t
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut tally = Tally::new(spec.players);
    for t in &tallies {
        tally.merge(t);
    }
    Ok(RunOutcome {
        tally,
        elapsed: start.elapsed(),
        threads,
    })
}

fn progress_bar<G: Game>(spec: &RunSpec<G>) -> crate::progress::Progress {
    let n = spec.units.end - spec.units.start;
    crate::progress::Progress::new(G::NAME, spec.mode.unit(), n, spec.progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_boundaries_depend_only_on_indices() {
        assert_eq!(batches(&(0..10), 4), vec![0..4, 4..8, 8..10]);
        assert_eq!(batches(&(5..13), 4), vec![5..8, 8..12, 12..13]);
        assert!(batches(&(3..3), 4).is_empty());
    }
}
