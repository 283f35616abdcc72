//! The runner: seeding, fixed batches on rayon, ordered merge, progress.
//!
//! Determinism: a unit's (deal's or match's) randomness depends only on (seed, unit index)
//! ([`deal_rngs`]); batch boundaries depend only on the unit count and a fixed batch size;
//! tallies are exact integers merged in batch order. So every output is byte-identical for
//! any thread count, and a shard's tally merges into exactly what a single run counts.

pub mod compare;
mod play;
mod runner;
pub mod tournament;

pub use play::{DealRngs, Observer, Quiet, deal_rngs, play_deal, play_match};
pub use runner::{BATCH_DEALS, BATCH_MATCHES, Mode, RunOutcome, RunSpec, run};
