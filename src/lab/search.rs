//! Choosing and running the search for `balance` and `tune`: racing every candidate when
//! the space is small ([`RACE_MAX`] at most), NTBEA ([`super::ntbea`]) over the space
//! followed by a race of its picks when it is larger (or when asked).
//!
//! NTBEA's noisy evaluation of a point is one block of deals on its own seed (the race's
//! seed + 2; the race plays the seed, the re-test seed + 1), so the race does not re-use
//! the deals the search chose on. Its cost is the objective on that block plus
//! [`PENALTY`] times each requirement's shortfall on it (a point that breaks a requirement
//! on its block looks that much worse); the race then tests the requirements properly.

use super::ntbea::{NtbeaSpec, RunResult, distinct_picks, ntbea};
use super::race::{Arena, Goal};
use crate::error::{Error, Result};

/// The most candidates a race takes on its own; larger spaces are searched with NTBEA.
pub const RACE_MAX: usize = 512;
/// The share of the budget NTBEA may spend; the race of its picks gets the rest.
pub const NTBEA_SHARE: f64 = 0.5;
/// The fewest evaluations per NTBEA run worth running.
pub const MIN_ITERS: usize = 20;
/// Cost added per unit a requirement falls short on a block.
pub const PENALTY: f64 = 100.0;
/// The offset of NTBEA's seed from the race's.
pub const SEED_OFFSET: u64 = 2;

/// How the candidates are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Search {
    /// Race every candidate up to `RACE_MAX`, NTBEA beyond.
    Auto,
    /// Race every candidate.
    Race,
    /// NTBEA, then race its picks.
    Ntbea,
}

impl Search {
    /// Whether a space of `size` candidates is searched with NTBEA (None: racing refuses it).
    pub fn use_ntbea(self, size: Option<usize>) -> Result<bool> {
        let big = size.is_none_or(|n| n > RACE_MAX);
        match self {
            Search::Auto => Ok(big),
            Search::Ntbea => Ok(true),
            Search::Race if big => Err(Error::input(format!(
                "{} candidates: racing takes at most {RACE_MAX} (use --search ntbea or auto, or narrow the values)",
                size.map_or("too many".to_string(), |n| n.to_string())
            ))),
            Search::Race => Ok(false),
        }
    }
}

/// One block's NTBEA cost: the objective plus the requirements' shortfalls (an objective
/// with no value on the block costs [`PENALTY`]).
pub fn block_cost<A: Arena>(arena: &A, goal: &Goal, b: &A::Block) -> f64 {
    let mut c = arena.objective(b).unwrap_or(PENALTY);
    for (i, r) in goal.require.iter().enumerate() {
        if let Some(v) = arena.requirement(i, b) {
            let short = if r.at_least { r.bound - v } else { v - r.bound };
            c += PENALTY * short.max(0.0);
        }
    }
    c
}

/// What NTBEA did.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The runs, in order.
    pub runs: Vec<RunResult>,
    /// The distinct picks, raced next.
    pub picks: Vec<Vec<usize>>,
    /// Deals NTBEA played.
    pub deals: u64,
    /// Evaluations per run.
    pub iters: usize,
}

/// Runs NTBEA over `dims` with its share of `budget`, `per_block` deals an evaluation:
/// `cost(point, e)` evaluates a point on NTBEA block `e`; `valid` filters points.
pub fn search(
    dims: Vec<usize>,
    seed: u64,
    budget: u64,
    per_block: u64,
    threads: Option<usize>,
    valid: impl Fn(&[usize]) -> bool + Sync,
    cost: impl Fn(&[usize], u64) -> f64 + Sync,
) -> Result<Searched> {
    let runs = super::ntbea::RUNS;
    let share = (budget as f64 * NTBEA_SHARE) as u64;
    let iters = (share / (per_block.max(1) * runs as u64)) as usize;
    if iters < MIN_ITERS {
        return Err(Error::input(format!(
            "--budget {budget}: NTBEA needs at least {} deals ({runs} runs x {MIN_ITERS} evaluations x {per_block} deals, half the budget); raise --budget or lower --block",
            2 * runs as u64 * MIN_ITERS as u64 * per_block
        )));
    }
    let spec = NtbeaSpec {
        dims,
        runs,
        iters,
        neighbours: super::ntbea::NEIGHBOURS,
        explore: super::ntbea::EXPLORE,
        picks: super::ntbea::PICKS,
        seed: seed.wrapping_add(SEED_OFFSET),
    };
    let out = ntbea(&spec, threads, valid, cost)?;
    Ok(Searched {
        picks: distinct_picks(&out),
        runs: out,
        deals: (runs * iters) as u64 * per_block,
        iters,
    })
}

/// `ntbea.csv`: every run's picks, with the text of each point from `name`, each row led by
/// the game and the player count.
pub fn ntbea_csv(
    game: &str,
    players: usize,
    s: &Searched,
    name: impl Fn(&[usize]) -> String,
) -> Result<String> {
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "run",
        "rank",
        "candidate",
        "model_cost",
        "evaluations",
    ])
    .map_err(err)?;
    for (r, run) in s.runs.iter().enumerate() {
        for (k, p) in run.picks.iter().enumerate() {
            w.write_record([
                game.to_string(),
                players.to_string(),
                r.to_string(),
                (k + 1).to_string(),
                name(&p.point),
                crate::output::num(p.model, 6),
                p.evaluations.to_string(),
            ])
            .map_err(err)?;
        }
    }
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}
