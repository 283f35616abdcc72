//! The balance lab: game-quality metrics with honest intervals on every `simulate` and
//! `compare` run (`metrics.csv`), and the searches built on them. See `docs/balance-lab.md`.
//!
//! - [`counts`]: what a run counts per group of units (winners, margins, lengths; choices
//!   and leaders on probe units; seat-rotated replays on duplicate deals).
//! - [`play`]: one unit played with the lab watching (the runner's own deal loop).
//! - [`run`]: the measured `simulate` run (same deals, same tally, plus the counts).
//! - [`metrics`]: the metrics, their intervals and paired differences.
//! - [`panel`]: `--panel`: conclusions per panel member, `skill_gap` and `upset_share`.
//! - [`race`]: racing rule variants for `cardsim balance`.
//! - [`panel_race`]: `balance --panel`: the race under several line-ups, by the worst member.
//! - [`front`]: `balance --front`: the race for the Pareto front of two metrics.
//! - [`loo`]: leave-one-block-out values, for many paired differences per round.
//! - [`retest`]: the fresh-seed re-test of the race's winner (or front) and `best.csv`.
//! - [`variants`]: `variants.csv` under a panel or a front.
//! - [`ntbea`]: the N-tuple bandit search for spaces too large to race.
//! - [`search`]: racing or NTBEA, by the size of the space.
//! - [`tune`]: a bot's knob settings against a panel (`cardsim tune`).
//! - [`table`]: `metrics.csv`, its JSON and the terminal table.

pub mod counts;
pub mod front;
pub mod loo;
pub mod metrics;
pub mod ntbea;
pub mod panel;
pub mod panel_race;
pub mod play;
pub mod race;
pub mod retest;
pub mod run;
pub mod search;
pub mod table;
pub mod tune;
pub mod variants;
