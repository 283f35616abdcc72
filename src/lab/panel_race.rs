//! `balance --panel A,B,...`: the race judges every variant under each member's self-play
//! line-up, on the same deal indices (common random numbers across variants and members),
//! and by its worst member.
//!
//! - A block of a variant is one [`RaceSpec`] block per member ([`Members`]).
//! - Requirements must hold under every member: variant `v` breaks one when, under some
//!   member, it is violated significantly (one-sided jackknife test per (variant, member),
//!   Holm over every (survivor, member) pair of the round).
//! - The objective is the worst member's: `W(v) = max_m f_m(v)` (minimised). The leader `L`
//!   is the survivor with the smallest `W` estimate. `v` leaves when, under some member `m`,
//!   its objective is significantly above the leader's under *every* member: the `M` paired
//!   one-sided tests `f_m(v) − f_k(L) > 0`, k = 1..M, all reject (an intersection-union
//!   test, whose p is the largest of the `M`). That proves `f_m(v) > max_k f_k(L) = W(L)`,
//!   hence `W(v) > W(L)`, so a variant is only dropped when its worst case is worse than the
//!   leader's. One p per (survivor, member), Holm over all of them.
//! - With `--delta`, the race stops when every survivor is within ±delta of the leader under
//!   every member (TOST per member): `max` moves by no more than its arguments do, so `W` is
//!   then within ±delta too.
//!
//! Paired differences use the blocks both variants played (the same deal indices), with
//! the jackknife over blocks (leave-one-block-out values from [`super::loo`]).

use super::counts::Counts;
use super::loo::{Loo, diff, loo};
use super::race::{ALPHA, Arena, Entry, FIRST_CUT, Goal, RaceSpec, equivalent, one_sided};
use crate::error::Result;
use crate::game::Game;
use crate::stats::{Merge, holm, jackknife};
use crate::strategy::StrategySpec;

/// One block of one variant: one [`Counts`] per panel member.
#[derive(Clone, Debug, Default)]
pub struct Members(pub Vec<Counts>);

impl Merge for Members {
    fn merge(&mut self, o: &Members) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            a.merge(b);
        }
    }
}

/// Rule variants raced under a panel: one race spec per member (its self-play line-up).
#[derive(Clone, Debug)]
pub struct PanelArena<G: Game> {
    /// Each member's spec (same variants, seed, block, goal; the member at every seat).
    pub specs: Vec<RaceSpec<G>>,
    /// Each member's label.
    pub names: Vec<String>,
}

impl<G: Game> PanelArena<G> {
    /// The arena of `spec`'s variants under each of `members` in self-play.
    pub fn new(spec: &RaceSpec<G>, members: &[StrategySpec]) -> PanelArena<G> {
        PanelArena {
            specs: members
                .iter()
                .map(|m| RaceSpec {
                    seats: vec![m.clone(); spec.players],
                    ..spec.clone()
                })
                .collect(),
            names: members.iter().map(|m| m.label.clone()).collect(),
        }
    }

    /// Block `b` of the rules `rules` under every member.
    pub fn play_rules(&self, rules: &G::Rules, b: u64) -> Members {
        Members(
            self.specs
                .iter()
                .map(|s| super::race::play_block(s, rules, b))
                .collect(),
        )
    }
}

/// The worst of the members' values of requirement `at_least` (the smallest for `>=`).
fn worst(vals: impl Iterator<Item = Option<f64>>, at_least: bool) -> Option<f64> {
    let mut out: Option<f64> = None;
    for v in vals {
        let v = v?;
        out = Some(match out {
            None => v,
            Some(o) if at_least => o.min(v),
            Some(o) => o.max(v),
        });
    }
    out
}

impl<G: Game> Arena for PanelArena<G> {
    type Block = Members;
    fn candidates(&self) -> usize {
        self.specs[0].variants.len()
    }
    fn play(&self, v: usize, b: u64) -> Members {
        self.play_rules(&self.specs[0].variants[v].2, b)
    }
    fn deals_per_block(&self) -> u64 {
        self.specs.iter().map(|s| s.deals_per_block()).sum()
    }
    fn used(&self, b: &Members) -> bool {
        b.0.iter().all(|c| c.units > 0)
    }
    fn objective(&self, b: &Members) -> Option<f64> {
        // The worst member's: the largest.
        worst(
            (0..self.members()).map(|m| self.member_objective(m, b)),
            false,
        )
    }
    fn requirement(&self, r: usize, b: &Members) -> Option<f64> {
        let at_least = self.specs[0].goal.require[r].at_least;
        worst(
            (0..self.members()).map(|m| self.member_requirement(r, m, b)),
            at_least,
        )
    }
    fn check(&self) -> Result<()> {
        self.specs.iter().try_for_each(|s| s.check())
    }
    fn members(&self) -> usize {
        self.specs.len()
    }
    fn member_name(&self, m: usize) -> String {
        self.names[m].clone()
    }
    fn member_objective(&self, m: usize, b: &Members) -> Option<f64> {
        self.specs[m].objective(&b.0[m])
    }
    fn member_requirement(&self, r: usize, m: usize, b: &Members) -> Option<f64> {
        self.specs[m].requirement(r, &b.0[m])
    }
}

/// Each member's leave-one-block-out objective of a candidate.
pub fn member_loos<A: Arena>(arena: &A, blocks: &[A::Block]) -> Vec<Loo> {
    (0..arena.members())
        .map(|m| loo(blocks, |c| arena.used(c), |c| arena.member_objective(m, c)))
        .collect()
}

/// The survivors, in order.
fn alive<B>(entries: &[Entry<B>]) -> Vec<usize> {
    (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect()
}

/// One round's tests of a panel race (see the module docs); returns why the race stops.
pub fn eliminate<A: Arena>(
    arena: &A,
    goal: &Goal,
    entries: &mut [Entry<A::Block>],
    round: usize,
) -> Option<String> {
    let live = alive(entries);
    let g = entries[live[0]].blocks.len();
    if g < FIRST_CUT {
        return None;
    }
    let members = arena.members();
    // Requirements: one test per (survivor, member), Holm over all of them.
    for (ri, r) in goal.require.iter().enumerate() {
        let mut ps = Vec::new();
        for &v in &live {
            for m in 0..members {
                let e = jackknife(
                    &entries[v].blocks,
                    |c| arena.used(c),
                    |c| arena.member_requirement(ri, m, c),
                );
                ps.push(e.map_or(f64::NAN, |e| one_sided(&e, r.bound, !r.at_least, g)));
            }
        }
        for (i, p) in holm(&ps).into_iter().enumerate() {
            let v = live[i / members];
            if p < ALPHA && entries[v].out.is_none() {
                let who = arena.member_name(i % members);
                entries[v].out = Some((round, format!("violates {} under {who}", r.text)));
            }
        }
    }
    let live = alive(entries);
    if live.is_empty() {
        return Some("every variant violates a requirement".into());
    }
    let value = |v: usize| super::race::objective_value(arena, &entries[v].blocks);
    let best = *live
        .iter()
        .min_by(|&&a, &&b| value(a).total_cmp(&value(b)).then(a.cmp(&b)))
        .expect("survivors");
    let loos: Vec<Vec<Loo>> = live
        .iter()
        .map(|&v| member_loos(arena, &entries[v].blocks))
        .collect();
    let li = live.iter().position(|&v| v == best).expect("leader");
    let others: Vec<usize> = (0..live.len()).filter(|&i| i != li).collect();
    // p of (variant, member): the intersection-union test against every member of the leader.
    let mut ps = Vec::new();
    for &i in &others {
        for m in 0..members {
            let mut p: f64 = 0.0;
            for k in 0..members {
                let t = diff(&loos[i][m], &loos[li][k])
                    .map_or(f64::NAN, |d| one_sided(&d, 0.0, true, g));
                p = if t.is_nan() || p.is_nan() {
                    f64::NAN
                } else {
                    p.max(t)
                };
            }
            ps.push(p);
        }
    }
    for (j, p) in holm(&ps).into_iter().enumerate() {
        let v = live[others[j / members]];
        if p < ALPHA && entries[v].out.is_none() {
            entries[v].out = Some((
                round,
                format!(
                    "{} under {} worse than the best under every member (Holm p {:.3})",
                    goal.minimize,
                    arena.member_name(j % members),
                    p
                ),
            ));
        }
    }
    let left = alive(entries);
    if left.len() == 1 {
        return Some("one survivor".into());
    }
    if goal.delta > 0.0 {
        let tost = others.iter().all(|&i| {
            entries[live[i]].out.is_some()
                || (0..members).all(|m| {
                    diff(&loos[i][m], &loos[li][m]).is_some_and(|d| equivalent(&d, goal.delta, g))
                })
        });
        if tost {
            return Some(format!(
                "survivors within ±{} of the best under every member (TOST)",
                goal.delta
            ));
        }
    }
    None
}

/// The surviving candidate with the best (smallest) objective on its merged blocks; None
/// when every one was eliminated.
pub fn best<A: Arena>(arena: &A, entries: &[Entry<A::Block>]) -> Option<usize> {
    alive(entries)
        .into_iter()
        .map(|v| (v, super::race::objective_value(arena, &entries[v].blocks)))
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(v, _)| v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::race::{Entry, Require};

    /// Per member: (sum, count) of a noisy measurement.
    #[derive(Clone, Debug)]
    struct Fake(Vec<(f64, f64)>);
    impl Merge for Fake {
        fn merge(&mut self, o: &Fake) {
            for (a, b) in self.0.iter_mut().zip(&o.0) {
                a.0 += b.0;
                a.1 += b.1;
            }
        }
    }

    /// Candidates with fixed member means; a block adds a little deterministic noise.
    struct Arena2 {
        means: Vec<[f64; 2]>,
    }
    impl Arena for Arena2 {
        type Block = Fake;
        fn candidates(&self) -> usize {
            self.means.len()
        }
        fn play(&self, v: usize, b: u64) -> Fake {
            let noise = |m: usize| ((b * 7 + m as u64 * 3 + v as u64) % 5) as f64 * 0.01 - 0.02;
            Fake((0..2).map(|m| (self.means[v][m] + noise(m), 1.0)).collect())
        }
        fn deals_per_block(&self) -> u64 {
            1
        }
        fn used(&self, _b: &Fake) -> bool {
            true
        }
        fn objective(&self, b: &Fake) -> Option<f64> {
            worst((0..2).map(|m| self.member_objective(m, b)), false)
        }
        fn requirement(&self, _r: usize, b: &Fake) -> Option<f64> {
            worst((0..2).map(|m| self.member_requirement(0, m, b)), true)
        }
        fn check(&self) -> Result<()> {
            Ok(())
        }
        fn members(&self) -> usize {
            2
        }
        fn member_name(&self, m: usize) -> String {
            ["A", "B"][m].into()
        }
        fn member_objective(&self, m: usize, b: &Fake) -> Option<f64> {
            Some(b.0[m].0 / b.0[m].1)
        }
        fn member_requirement(&self, _r: usize, m: usize, b: &Fake) -> Option<f64> {
            // Requirement: the member's mean stays >= -0.5.
            Some(b.0[m].0 / b.0[m].1)
        }
    }

    fn entries(a: &Arena2, blocks: u64) -> Vec<Entry<Fake>> {
        (0..a.means.len())
            .map(|v| Entry {
                blocks: (0..blocks).map(|b| a.play(v, b)).collect(),
                out: None,
            })
            .collect()
    }

    fn goal(require: bool) -> Goal {
        Goal {
            minimize: "x".into(),
            require: if require {
                vec![Require {
                    metrics: vec!["x".into()],
                    at_least: true,
                    bound: -0.5,
                    text: "x>=-0.5".into(),
                }]
            } else {
                Vec::new()
            },
            delta: 0.0,
        }
    }

    #[test]
    fn a_variant_is_judged_by_its_worst_member() {
        // v0: worst 0.5 (the leader); v1: worst 0.5 too, though member A prefers v0 by
        // far: it stays (a rule per member would drop it); v2: worst 0.9 under B, above
        // every member of the leader: out, named by member B.
        let a = Arena2 {
            means: vec![[0.0, 0.5], [0.4, 0.5], [0.1, 0.9]],
        };
        let mut e = entries(&a, 20);
        assert_eq!(eliminate(&a, &goal(false), &mut e, 1), None);
        assert!(e[0].out.is_none() && e[1].out.is_none(), "{e:?}");
        let why = &e[2].out.as_ref().expect("v2 out").1;
        assert!(why.contains("under B"), "{why}");
        assert_eq!(best(&a, &e), Some(0));
    }

    #[test]
    fn a_requirement_must_hold_under_every_member() {
        let a = Arena2 {
            means: vec![[0.0, 0.5], [0.2, -1.0]],
        };
        let mut e = entries(&a, 20);
        let stop = eliminate(&a, &goal(true), &mut e, 1);
        assert_eq!(stop.as_deref(), Some("one survivor"));
        let why = &e[1].out.as_ref().expect("v1 out").1;
        assert_eq!(why, "violates x>=-0.5 under B");
    }

    #[test]
    fn members_merge_member_by_member() {
        let mut a = Members(vec![Counts::default(), Counts::default()]);
        let one = Counts {
            units: 3,
            ..Default::default()
        };
        a.merge(&Members(vec![one.clone(), Counts::default()]));
        assert_eq!(a.0[0].units, 3);
        assert_eq!(a.0[1].units, 0);
    }
}
