//! The runner: seeding, fixed batches on worker threads, ordered streaming merge, progress.
//!
//! Determinism: a unit's (deal's or match's) randomness depends only on (seed, unit index)
//! ([`deal_rngs`]); batch boundaries depend only on the unit indices and a fixed batch size;
//! tallies are exact integers merged in batch order as batches finish (`ordered.rs`), with at
//! most a few finished batches per thread waiting. So every output is byte-identical for any
//! thread count, memory does not grow with the run, and a shard's tally merges into exactly
//! what a single run counts.

pub mod clock;
pub mod compare;
mod ordered;
mod play;
mod runner;
pub mod tournament;

pub use ordered::{MAX_THREADS, default_threads, resolve_threads};
pub use play::{DealRngs, Observer, Quiet, deal_rngs, play_deal, play_match};
pub use runner::{BATCH_DEALS, BATCH_MATCHES, Mode, RunOutcome, RunSpec, fold_batches, run};

/// The unit indices of shard `k` of `of` (1-based) of a run of `n` units:
/// `n*(k-1)/of .. n*k/of`, computed in u128 so that no count overflows. The shards of a run
/// cover `0..n` exactly once, in order.
pub fn shard_units(n: u64, k: u64, of: u64) -> std::ops::Range<u64> {
    assert!(1 <= k && k <= of, "shard {k}/{of}");
    let at = |j: u64| (n as u128 * j as u128 / of as u128) as u64;
    at(k - 1)..at(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_run_once_even_at_the_top_of_u64() {
        for (n, of) in [
            (10u64, 3u64),
            (7, 7),
            (3, 5),
            (u64::MAX, 4),
            (4_294_967_297, 9),
        ] {
            let mut next = 0;
            for k in 1..=of {
                let r = shard_units(n, k, of);
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, n);
        }
        let n = 4_294_967_297;
        assert_eq!(
            shard_units(n, n, n),
            n - 1..n,
            "the last shard plays the last deal"
        );
        assert_eq!(shard_units(n, 1, n), 0..1);
    }
}
