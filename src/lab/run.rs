//! The measured run behind `simulate`: the runner's batches and tally, unit for unit the same
//! deals with the same generators (so every other output file keeps its bytes), with the
//! lab's [`Counts`] gathered alongside, merged in batch order like the tally.

use super::counts::Counts;
use super::play::{Bench, Played, play_unit};
use crate::error::Result;
use crate::game::{ActionList, Game};
use crate::sim::{Mode, RunOutcome, RunSpec, fold_batches};
use crate::stats::{GROUPS, Merge, Tally};
use crate::strategy::{any_failed, build, check_failures};
use std::ops::Range;
use std::time::Instant;

/// A batch's tally and lab counts.
struct Batch {
    tally: Tally,
    counts: Vec<Counts>,
}

/// Empty lab counts: one entry per group.
pub fn empty_counts() -> Vec<Counts> {
    vec![Counts::default(); GROUPS]
}

/// Merges lab counts group by group.
pub fn merge_counts(a: &mut [Counts], b: &[Counts]) {
    for (x, y) in a.iter_mut().zip(b) {
        x.merge(y);
    }
}

fn batch<G: Game>(spec: &RunSpec<G>, range: Range<u64>) -> Batch {
    let mut tally = Tally::new(spec.players, G::END_REASONS.len());
    let mut counts = empty_counts();
    if any_failed::<G>(&spec.seats) {
        return Batch { tally, counts };
    }
    let mut bench = Bench::<G> {
        seats: spec.seats.iter().map(build::<G>).collect(),
        buf: ActionList::new(),
        watch: Default::default(),
    };
    for unit in range {
        let played = play_unit(
            &spec.rules,
            spec.players,
            spec.seed,
            unit,
            spec.mode,
            &mut bench,
            &mut tally.ends,
            &mut counts,
        );
        match played {
            Played::Deal(r, a) => tally.add_deal(&r, a),
            Played::Match(r, a) => tally.add_match(&r, a),
        }
    }
    Batch { tally, counts }
}

/// Plays the run of `spec` as [`crate::sim::run`] does and returns the lab's counts too.
pub fn run_measured<G: Game>(spec: &RunSpec<G>) -> Result<(RunOutcome, Vec<Counts>)> {
    let n = spec.units.end - spec.units.start;
    let bar = crate::progress::Progress::new(G::NAME, spec.mode.unit(), n, spec.progress);
    let start = Instant::now();
    let cpu = crate::sim::clock::cpu_seconds();
    let size = match spec.mode {
        Mode::Deals => crate::sim::BATCH_DEALS,
        Mode::Matches => crate::sim::BATCH_MATCHES,
    };
    let empty = Batch {
        tally: Tally::new(spec.players, G::END_REASONS.len()),
        counts: empty_counts(),
    };
    let (b, threads) = fold_batches(
        spec.threads,
        &spec.units,
        size,
        empty,
        |r| {
            let k = r.end - r.start;
            let b = batch(spec, r);
            bar.inc(k);
            b
        },
        |acc, b| {
            acc.tally.merge(&b.tally);
            merge_counts(&mut acc.counts, &b.counts);
        },
    )?;
    bar.finish_and_clear();
    check_failures::<G>(&spec.seats)?;
    Ok((
        RunOutcome {
            tally: b.tally,
            elapsed: start.elapsed(),
            threads,
            cpu_s: crate::sim::clock::cpu_seconds() - cpu,
        },
        b.counts,
    ))
}
