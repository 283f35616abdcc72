//! `balance --front M1,M2`: instead of one objective, the race closes in on the Pareto front
//! of two metrics. Each axis is a metric name, minimised, or `max:NAME`, maximised
//! (`min:NAME` is accepted too). Requirements are tested first, as in the plain race.
//!
//! Variant `v` leaves the race when another survivor `u` is significantly better on both
//! axes: the two one-sided paired tests (blocks as jackknife groups, the same deal indices)
//! both reject, an intersection-union test whose p is the larger of the two. One p per
//! ordered pair of survivors, Holm over all of them; `v` is out when any of its pairs
//! rejects (dominance is transitive, so it does not matter whether `u` itself survives).
//! The race stops at one survivor, when the front is *settled* (every pair of survivors
//! trades off significantly: each is better on one axis, Holm over the pairs), or at the
//! budget. The survivors are the front: `front.csv` lists each with both metrics and their
//! 95% intervals over the blocks it played, and `point_front` says whether its point
//! estimates are dominated by another survivor's.

use super::counts::Counts;
use super::loo::{Loo, diff, estimate, loo};
use super::metrics::Metric;
use super::race::{ALPHA, Arena, Entry, FIRST_CUT, Goal, constraints, one_sided};
use crate::error::{Error, Result};
use crate::output::num;

/// One axis of the front: a metric and its direction.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// The metric's name.
    pub metric: String,
    /// True to maximise it.
    pub maximize: bool,
}

impl Axis {
    /// The axis as written canonically: `NAME` (minimised) or `max:NAME`.
    pub fn text(&self) -> String {
        if self.maximize {
            format!("max:{}", self.metric)
        } else {
            self.metric.clone()
        }
    }

    /// `min` or `max`.
    pub fn goal(&self) -> &'static str {
        if self.maximize { "max" } else { "min" }
    }

    /// The value to minimise on merged counts: the metric, negated when maximised.
    pub fn cost(&self, ms: &[Metric], c: &Counts) -> Option<f64> {
        let v = ms.iter().find(|m| m.name == self.metric)?.value(c)?;
        Some(if self.maximize { -v } else { v })
    }
}

/// Parses `--front M1,M2` (each `NAME`, `min:NAME` or `max:NAME`) against the known metrics.
pub fn parse(text: &str, known: &[&str]) -> Result<Vec<Axis>> {
    let bad = |why: String| Error::input(format!("bad --front '{text}': {why}"));
    let axes: Vec<Axis> = text
        .split(',')
        .map(|t| {
            let t = t.trim();
            let (maximize, name) = if let Some(n) = t.strip_prefix("max:") {
                (true, n)
            } else if let Some(n) = t.strip_prefix("min:") {
                (false, n)
            } else {
                (false, t)
            };
            if !known.contains(&name) {
                return Err(bad(format!(
                    "unknown metric '{name}'; metrics: {}",
                    known.join(", ")
                )));
            }
            Ok(Axis {
                metric: name.to_string(),
                maximize,
            })
        })
        .collect::<Result<_>>()?;
    if axes.len() != 2 {
        return Err(bad(
            "expected two metrics, M1,M2 (max:NAME to maximise one)".into(),
        ));
    }
    if axes[0].metric == axes[1].metric {
        return Err(bad("the two metrics must differ".into()));
    }
    Ok(axes)
}

/// Each survivor's leave-one-block-out cost on each axis.
fn costs<A: Arena>(
    arena: &A,
    cost: &dyn Fn(usize, &A::Block) -> Option<f64>,
    blocks: &[A::Block],
) -> [Loo; 2] {
    [0, 1].map(|k| loo(blocks, |c| arena.used(c), |c| cost(k, c)))
}

/// p of "`a` is better (lower cost) than `b`" on one axis.
fn better(a: &Loo, b: &Loo, g: usize) -> f64 {
    diff(a, b).map_or(f64::NAN, |d| one_sided(&d, 0.0, false, g))
}

/// The larger of two p-values (NaN when either is).
fn both(p: f64, q: f64) -> f64 {
    if p.is_nan() || q.is_nan() {
        f64::NAN
    } else {
        p.max(q)
    }
}

/// One round of a front race (see the module docs); returns why the race stops. `cost(k, b)`
/// is axis `k`'s cost (minimised) on merged blocks.
pub fn eliminate<A: Arena>(
    arena: &A,
    goal: &Goal,
    cost: &dyn Fn(usize, &A::Block) -> Option<f64>,
    entries: &mut [Entry<A::Block>],
    round: usize,
) -> Option<String> {
    let first = entries.iter().position(|e| e.out.is_none())?;
    let g = entries[first].blocks.len();
    if g < FIRST_CUT {
        return None;
    }
    if !constraints(arena, goal, entries, round) {
        return Some("every variant violates a requirement".into());
    }
    let live: Vec<usize> = (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect();
    let loos: Vec<[Loo; 2]> = live
        .iter()
        .map(|&v| costs(arena, cost, &entries[v].blocks))
        .collect();
    // (dominated i, dominating j): both axes significantly better for j.
    let mut pairs = Vec::new();
    let mut ps = Vec::new();
    for i in 0..live.len() {
        for j in 0..live.len() {
            if i != j {
                pairs.push((i, j));
                ps.push(both(
                    better(&loos[j][0], &loos[i][0], g),
                    better(&loos[j][1], &loos[i][1], g),
                ));
            }
        }
    }
    let adj = crate::stats::holm(&ps);
    let mut out: Vec<Option<(f64, usize)>> = vec![None; live.len()];
    for (&(i, j), &p) in pairs.iter().zip(&adj) {
        if p < ALPHA && out[i].is_none_or(|(q, _)| p < q) {
            out[i] = Some((p, j));
        }
    }
    for (i, o) in out.iter().enumerate() {
        if let Some((p, j)) = o {
            entries[live[i]].out = Some((
                round,
                format!("dominated by v{} (Holm p {:.3})", live[*j], p),
            ));
        }
    }
    let left: Vec<usize> = (0..live.len()).filter(|&i| out[i].is_none()).collect();
    if left.len() == 1 {
        return Some("one survivor".into());
    }
    // Settled: every pair of survivors trades off significantly.
    let mut ts = Vec::new();
    for (a, &i) in left.iter().enumerate() {
        for &j in &left[a + 1..] {
            let i_first = both(
                better(&loos[i][0], &loos[j][0], g),
                better(&loos[j][1], &loos[i][1], g),
            );
            let j_first = both(
                better(&loos[j][0], &loos[i][0], g),
                better(&loos[i][1], &loos[j][1], g),
            );
            ts.push(i_first.min(j_first));
        }
    }
    if !ts.is_empty() && crate::stats::holm(&ts).iter().all(|&p| p < ALPHA) {
        return Some("front settled: every pair of survivors trades off significantly".into());
    }
    None
}

/// One front member's figures.
pub struct Point {
    /// The variant's index.
    pub variant: usize,
    /// Each axis's metric estimate over the variant's blocks.
    pub est: [Option<crate::stats::Estimate>; 2],
    /// Whether no other survivor's point estimates are at least as good on both axes and
    /// better on one.
    pub point_front: bool,
}

/// The survivors of a front race with both metrics (not costs) and their intervals, sorted
/// by the first axis (best first, then by variant).
pub fn points<A: Arena>(
    arena: &A,
    axes: &[Axis],
    value: &dyn Fn(usize, &A::Block) -> Option<f64>,
    entries: &[Entry<A::Block>],
) -> Vec<Point> {
    let live: Vec<usize> = (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect();
    let mut pts: Vec<Point> = live
        .iter()
        .map(|&v| Point {
            variant: v,
            est: [0, 1]
                .map(|k| estimate(&loo(&entries[v].blocks, |c| arena.used(c), |c| value(k, c)))),
            point_front: true,
        })
        .collect();
    let cost = |p: &Point, k: usize| {
        p.est[k].map_or(f64::INFINITY, |e| {
            if axes[k].maximize { -e.value } else { e.value }
        })
    };
    for i in 0..pts.len() {
        let dominated = (0..pts.len()).any(|j| {
            let (a, b) = (&pts[j], &pts[i]);
            j != i
                && cost(a, 0) <= cost(b, 0)
                && cost(a, 1) <= cost(b, 1)
                && (cost(a, 0) < cost(b, 0) || cost(a, 1) < cost(b, 1))
        });
        pts[i].point_front = !dominated;
    }
    pts.sort_by(|a, b| {
        cost(a, 0)
            .total_cmp(&cost(b, 0))
            .then(a.variant.cmp(&b.variant))
    });
    pts
}

/// `front.csv`: one row per (front variant, axis), led by `game, players`.
pub fn csv_text(
    game: &str,
    players: usize,
    axes: &[Axis],
    points: &[Point],
    name: &dyn Fn(usize) -> (String, String, u64, u64),
) -> Result<String> {
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "variant",
        "switches",
        "blocks",
        "deals",
        "metric",
        "goal",
        "value",
        "lo",
        "hi",
        "point_front",
    ])
    .map_err(err)?;
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x + 0.0, 6));
    for p in points {
        let (variant, switches, blocks, deals) = name(p.variant);
        for (k, a) in axes.iter().enumerate() {
            let e = p.est[k];
            w.write_record([
                game.to_string(),
                players.to_string(),
                variant.clone(),
                switches.clone(),
                blocks.to_string(),
                deals.to_string(),
                a.metric.clone(),
                a.goal().to_string(),
                f(e.map(|e| e.value)),
                f(e.map(|e| e.lo)),
                f(e.map(|e| e.hi)),
                if p.point_front { "yes" } else { "no" }.to_string(),
            ])
            .map_err(err)?;
        }
    }
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Merge;

    /// Two measurements (sums) and a count.
    #[derive(Clone, Debug)]
    struct Two([f64; 2], f64);
    impl Merge for Two {
        fn merge(&mut self, o: &Two) {
            self.0[0] += o.0[0];
            self.0[1] += o.0[1];
            self.1 += o.1;
        }
    }

    struct Fake(Vec<[f64; 2]>);
    impl Arena for Fake {
        type Block = Two;
        fn candidates(&self) -> usize {
            self.0.len()
        }
        fn play(&self, v: usize, b: u64) -> Two {
            let noise = |k: u64| ((b * 5 + k * 3 + v as u64) % 7) as f64 * 0.01 - 0.03;
            Two([self.0[v][0] + noise(0), self.0[v][1] + noise(1)], 1.0)
        }
        fn deals_per_block(&self) -> u64 {
            1
        }
        fn used(&self, _: &Two) -> bool {
            true
        }
        fn objective(&self, b: &Two) -> Option<f64> {
            Some(b.0[0] / b.1)
        }
        fn requirement(&self, _: usize, _: &Two) -> Option<f64> {
            None
        }
        fn check(&self) -> Result<()> {
            Ok(())
        }
    }

    fn run(means: Vec<[f64; 2]>) -> (Vec<Entry<Two>>, Option<String>) {
        let a = Fake(means);
        let mut e: Vec<Entry<Two>> = (0..a.0.len())
            .map(|v| Entry {
                blocks: (0..20).map(|b| a.play(v, b)).collect(),
                out: None,
            })
            .collect();
        let goal = Goal {
            minimize: "x".into(),
            require: Vec::new(),
            delta: 0.0,
        };
        let cost = |k: usize, b: &Two| Some(b.0[k] / b.1);
        let stop = eliminate(&a, &goal, &cost, &mut e, 1);
        (e, stop)
    }

    #[test]
    fn only_variants_beaten_on_both_axes_leave() {
        // v1 is worse on both (out); v2 trades off (better x, worse y) and stays; v3 is worse
        // on x only and stays.
        let (e, stop) = run(vec![[0.0, 0.0], [1.0, 1.0], [-1.0, 2.0], [0.5, 0.0]]);
        assert!(e[0].out.is_none() && e[2].out.is_none() && e[3].out.is_none());
        let why = &e[1].out.as_ref().expect("v1 dominated").1;
        assert!(why.starts_with("dominated by v"), "{why}");
        assert_eq!(stop, None);
    }

    #[test]
    fn a_front_of_clear_trade_offs_is_settled() {
        let (e, stop) = run(vec![[0.0, 2.0], [1.0, 1.0], [2.0, 0.0]]);
        assert!(e.iter().all(|x| x.out.is_none()));
        assert_eq!(
            stop.as_deref(),
            Some("front settled: every pair of survivors trades off significantly")
        );
    }

    #[test]
    fn axes_parse_with_their_direction() {
        let known = ["seat_gap2", "turns_mean", "decisive_share"];
        let a = parse("seat_gap2, max:decisive_share", &known).unwrap();
        assert_eq!(a[0].text(), "seat_gap2");
        assert!(!a[0].maximize && a[1].maximize);
        assert_eq!(a[1].text(), "max:decisive_share");
        assert!(parse("min:turns_mean,seat_gap2", &known).is_ok());
        for bad in ["seat_gap2", "seat_gap2,seat_gap2", "a,b", "x,y,z"] {
            assert!(parse(bad, &known).is_err(), "{bad}");
        }
    }
}
