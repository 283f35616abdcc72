//! The N-Tuple Bandit Evolutionary Algorithm (NTBEA, Lucas, Liu and Perez-Liebana 2018) for
//! spaces too large to race: a point is one value index per dimension; every noisy
//! evaluation of a point is added to a bandit model over every 1-tuple (one dimension's
//! value) and every 2-tuple (a pair of dimensions' values). Each iteration evaluates the
//! current point once, then moves to the best of [`NtbeaSpec::neighbours`] mutations by the
//! model's upper confidence bound: the mean over the point's tuples of
//! `mean_t + k sqrt(ln(N + 1) / (n_t + 0.5))`, with `k` = `explore` × the standard deviation of
//! the evaluations so far (so the exploration is in the objective's own units, whatever its
//! scale), N the evaluations so far and `n_t` the tuple's. An unseen tuple's mean is the
//! mean of every evaluation. At the end a run recommends the evaluated points with the best
//! model mean (no exploration).
//!
//! Several independent runs start from different random points with their own generators;
//! each run is one job on a worker thread and depends only on (seed, run), so the picks are
//! the same for any thread count. The cost is minimised; the caller turns the picks over to
//! the racer ([`super::race`]), which settles them on common deals.

use crate::cards::GameRng;
use crate::error::{Error, Result};
use crate::sim::fold_batches;
use std::collections::HashMap;

/// Independent runs by default.
pub const RUNS: usize = 4;
/// Neighbours proposed per iteration.
pub const NEIGHBOURS: usize = 50;
/// The exploration factor, in standard deviations of the evaluations.
pub const EXPLORE: f64 = 2.0;
/// Points each run recommends for the race.
pub const PICKS: usize = 2;
/// Random points tried for a valid start before a run gives up.
const START_TRIES: usize = 10_000;

/// One NTBEA search.
#[derive(Clone, Debug)]
pub struct NtbeaSpec {
    /// The number of values of every dimension (each at least 1).
    pub dims: Vec<usize>,
    /// Independent runs.
    pub runs: usize,
    /// Evaluations per run.
    pub iters: usize,
    /// Neighbours proposed per iteration.
    pub neighbours: usize,
    /// Exploration factor in standard deviations of the evaluations.
    pub explore: f64,
    /// Points each run recommends.
    pub picks: usize,
    /// The seed of the runs' generators.
    pub seed: u64,
}

/// A run's recommendation.
#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    /// The point: one value index per dimension.
    pub point: Vec<usize>,
    /// The model's mean cost of the point (its tuples' means averaged).
    pub model: f64,
    /// How many times the run evaluated the point.
    pub evaluations: usize,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// Evaluations played.
    pub evaluations: usize,
    /// The best points by the model, best first.
    pub picks: Vec<Pick>,
}

#[derive(Clone, Copy, Default)]
struct Stat {
    n: u64,
    sum: f64,
}

/// The bandit model: one table per 1-tuple and per 2-tuple of dimensions.
struct Model {
    /// `(d1, d2)` with `d1 == d2` for a 1-tuple; value key `(v1, v2)`.
    tuples: Vec<(usize, usize)>,
    stats: Vec<HashMap<(usize, usize), Stat>>,
    n: u64,
    sum: f64,
    sum2: f64,
}

impl Model {
    fn new(d: usize) -> Model {
        let mut tuples: Vec<(usize, usize)> = (0..d).map(|i| (i, i)).collect();
        for i in 0..d {
            for j in i + 1..d {
                tuples.push((i, j));
            }
        }
        let stats = vec![HashMap::new(); tuples.len()];
        Model {
            tuples,
            stats,
            n: 0,
            sum: 0.0,
            sum2: 0.0,
        }
    }

    fn add(&mut self, x: &[usize], y: f64) {
        for (t, &(i, j)) in self.tuples.iter().enumerate() {
            let s = self.stats[t].entry((x[i], x[j])).or_default();
            s.n += 1;
            s.sum += y;
        }
        self.n += 1;
        self.sum += y;
        self.sum2 += y * y;
    }

    fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    fn sd(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        ((self.sum2 - self.sum * self.sum / n) / (n - 1.0))
            .max(0.0)
            .sqrt()
    }

    /// The mean over the point's tuples of their mean cost less `k` times the exploration
    /// bonus (a lower confidence bound: the cost is minimised).
    fn score(&self, x: &[usize], k: f64) -> f64 {
        let all = self.mean();
        let ln = ((self.n + 1) as f64).ln();
        let mut total = 0.0;
        for (t, &(i, j)) in self.tuples.iter().enumerate() {
            let s = self.stats[t]
                .get(&(x[i], x[j]))
                .copied()
                .unwrap_or_default();
            let mean = if s.n == 0 { all } else { s.sum / s.n as f64 };
            total += mean - k * (ln / (s.n as f64 + 0.5)).sqrt();
        }
        total / self.tuples.len() as f64
    }
}

fn random_point(dims: &[usize], rng: &mut GameRng) -> Vec<usize> {
    dims.iter().map(|&n| rng.index(n)).collect()
}

/// A mutation of `x`: each dimension with more than one value changes with probability
/// 1/D, and at least one does.
fn mutate(x: &[usize], dims: &[usize], rng: &mut GameRng) -> Vec<usize> {
    let free: Vec<usize> = (0..dims.len()).filter(|&d| dims[d] > 1).collect();
    let mut y = x.to_vec();
    if free.is_empty() {
        return y;
    }
    let forced = free[rng.index(free.len())];
    let p = 1.0 / free.len() as f64;
    for &d in &free {
        if d == forced || rng.chance(p) {
            let v = rng.index(dims[d] - 1);
            y[d] = if v >= x[d] { v + 1 } else { v };
        }
    }
    y
}

/// Plays run `r`: `cost(point, evaluation)` is one noisy evaluation (`evaluation` numbers it
/// uniquely over every run, so the caller can give each its own deals); `valid` says which
/// points may be evaluated.
fn run_one(
    spec: &NtbeaSpec,
    r: usize,
    valid: &(impl Fn(&[usize]) -> bool + Sync),
    cost: &(impl Fn(&[usize], u64) -> f64 + Sync),
) -> Option<RunResult> {
    let mut rng = GameRng::new(spec.seed, 0x7e0_0000 + r as u64);
    let mut x = (0..START_TRIES)
        .map(|_| random_point(&spec.dims, &mut rng))
        .find(|p| valid(p))?;
    let mut model = Model::new(spec.dims.len());
    let mut seen: Vec<(Vec<usize>, usize)> = Vec::new();
    for i in 0..spec.iters {
        let y = cost(&x, (r * spec.iters + i) as u64);
        model.add(&x, y);
        match seen.iter_mut().find(|(p, _)| *p == x) {
            Some((_, n)) => *n += 1,
            None => seen.push((x.clone(), 1)),
        }
        let k = spec.explore * model.sd();
        let mut best: Option<(f64, Vec<usize>)> = None;
        for _ in 0..spec.neighbours {
            let z = mutate(&x, &spec.dims, &mut rng);
            if !valid(&z) {
                continue;
            }
            let s = model.score(&z, k);
            if best.as_ref().is_none_or(|(b, _)| s < *b) {
                best = Some((s, z));
            }
        }
        if let Some((_, z)) = best {
            x = z;
        }
    }
    let mut picks: Vec<Pick> = seen
        .into_iter()
        .map(|(point, evaluations)| Pick {
            model: model.score(&point, 0.0),
            point,
            evaluations,
        })
        .collect();
    // Best model mean first; ties by the point, so the order is a function of the run.
    picks.sort_by(|a, b| a.model.total_cmp(&b.model).then(a.point.cmp(&b.point)));
    picks.truncate(spec.picks);
    Some(RunResult {
        evaluations: spec.iters,
        picks,
    })
}

/// Runs every independent run (one per worker job, folded in run order) and returns them.
pub fn ntbea(
    spec: &NtbeaSpec,
    threads: Option<usize>,
    valid: impl Fn(&[usize]) -> bool + Sync,
    cost: impl Fn(&[usize], u64) -> f64 + Sync,
) -> Result<Vec<RunResult>> {
    if spec.dims.is_empty() || spec.dims.contains(&0) {
        return Err(Error::input(
            "NTBEA needs at least one dimension with values",
        ));
    }
    let (out, _) = fold_batches(
        threads,
        &(0..spec.runs as u64),
        1,
        Vec::new(),
        |r| run_one(spec, r.start as usize, &valid, &cost),
        |acc: &mut Vec<Option<RunResult>>, x| acc.push(x),
    )?;
    out.into_iter()
        .map(|r| {
            r.ok_or_else(|| {
                Error::input(format!(
                    "NTBEA found no valid starting point in {START_TRIES} random tries"
                ))
            })
        })
        .collect()
}

/// The distinct picks of every run, in run order then rank order.
pub fn distinct_picks(runs: &[RunResult]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for p in runs.iter().flat_map(|r| &r.picks) {
        if !out.contains(&p.point) {
            out.push(p.point.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A separable cost with an interaction and noise: the best point is known.
    fn fake(x: &[usize], e: u64, best: &[usize], noise: f64) -> f64 {
        let mut rng = GameRng::new(99, e);
        let mut c = 0.0;
        for (d, (&v, &b)) in x.iter().zip(best).enumerate() {
            c += (v as f64 - b as f64).abs() * (1.0 + d as f64 * 0.1);
        }
        // An interaction: dimensions 0 and 1 both at their best is worth more.
        if x[0] == best[0] && x[1] == best[1] {
            c -= 2.0;
        }
        c + noise * (rng.next_u32() as f64 / u32::MAX as f64 - 0.5) * 2.0
    }

    fn spec(dims: Vec<usize>, iters: usize) -> NtbeaSpec {
        NtbeaSpec {
            dims,
            runs: RUNS,
            iters,
            neighbours: NEIGHBOURS,
            explore: EXPLORE,
            picks: PICKS,
            seed: 7,
        }
    }

    #[test]
    fn finds_the_known_best_of_a_large_noisy_space() {
        // 8^6 = 262,144 points, 4 runs of 300 noisy evaluations each.
        let best = [3, 6, 1, 7, 0, 5];
        let s = spec(vec![8; 6], 300);
        let runs = ntbea(&s, Some(2), |_| true, |x, e| fake(x, e, &best, 1.5)).unwrap();
        let picks = distinct_picks(&runs);
        assert!(picks.contains(&best.to_vec()), "picks {picks:?}");
        // A random point is the best with chance 1/262144; and every run's first pick is
        // far better than a random point (whose true cost averages about 17 here).
        let mut rng = GameRng::new(5, 5);
        let random: f64 = (0..1000)
            .map(|_| fake(&random_point(&[8; 6], &mut rng), 0, &best, 0.0))
            .sum::<f64>()
            / 1000.0;
        assert!(random > 14.0, "{random}");
        for r in &runs {
            let c = fake(&r.picks[0].point, 0, &best, 0.0);
            assert!(c < 4.0, "{runs:?}");
        }
    }

    #[test]
    fn respects_validity() {
        let best = [2, 2, 2];
        let s = spec(vec![5; 3], 100);
        let runs = ntbea(&s, Some(1), |x| x[0] != 2, |x, e| fake(x, e, &best, 0.1)).unwrap();
        for p in runs.iter().flat_map(|r| &r.picks) {
            assert_ne!(p.point[0], 2);
            assert_eq!(&p.point[1..], &[2, 2]);
        }
    }

    #[test]
    fn same_seed_same_picks_any_threads() {
        let best = [1, 4, 0, 3];
        let s = spec(vec![6, 6, 3, 5], 80);
        let a = ntbea(&s, Some(1), |_| true, |x, e| fake(x, e, &best, 3.0)).unwrap();
        let b = ntbea(&s, Some(2), |_| true, |x, e| fake(x, e, &best, 3.0)).unwrap();
        assert_eq!(a, b);
        let c = ntbea(
            &NtbeaSpec { seed: 8, ..s },
            Some(2),
            |_| true,
            |x, e| fake(x, e, &best, 3.0),
        )
        .unwrap();
        assert_ne!(a, c, "another seed explores differently");
    }

    #[test]
    fn mutation_changes_at_least_one_value_and_stays_in_range() {
        let mut rng = GameRng::new(1, 2);
        let dims = [3, 1, 4];
        for _ in 0..1000 {
            let x = random_point(&dims, &mut rng);
            let y = mutate(&x, &dims, &mut rng);
            assert_ne!(x, y);
            assert!(y.iter().zip(&dims).all(|(v, n)| v < n));
            assert_eq!(y[1], 0);
        }
    }

    #[test]
    fn no_valid_start_is_an_error() {
        let s = spec(vec![2, 2], 10);
        assert!(ntbea(&s, Some(1), |_| false, |_, _| 0.0).is_err());
    }
}
