//! Racing rule variants (`cardsim balance`): every surviving variant plays the same blocks of
//! deals (the same deal indices, so the same shuffles wherever the deck is the same: common
//! random numbers), each deal under every distinct rotation of the strategy line-up. After
//! [`FIRST_CUT`] blocks, and after every block from then on, a variant is eliminated when a
//! constraint is violated significantly (one-sided test against its threshold) or when its
//! objective is significantly worse than the current best feasible variant's (one-sided
//! paired test); both families are Holm-corrected over the survivors of the round. A round's
//! tests use the delete-a-block jackknife over the blocks all survivors share, so the pairing
//! counts. The race stops at one survivor, when every survivor is equivalent to the best
//! within ±delta (TOST), or at the budget.
//!
//! Everything depends only on the seed and the blocks: a round plays its (variant, block)
//! pairs on worker threads and folds them in order, so the race and its files are the same
//! bytes for any thread count.
//!
//! The race is generic over an [`Arena`]: what a candidate is and what one block of it
//! measures. Rule variants under a line-up (`balance`, [`RaceSpec`]) are one arena; a bot's
//! knob settings against a panel (`tune`, [`super::tune`]) another.

use super::counts::Counts;
use super::metrics::{Metric, metrics};
use super::play::{Bench, play_unit};
use crate::error::{Error, Result};
use crate::game::{ActionList, Game};
use crate::sim::{Mode, fold_batches};
use crate::stats::{Estimate, GROUPS, Merge, holm, jackknife, t_cdf};
use crate::strategy::{StrategySpec, build, check_failures};

/// What the race races: candidates, each measured one block at a time.
pub trait Arena: Sync {
    /// What one block of one candidate measures; blocks merge.
    type Block: Merge + Clone + Send;
    /// The number of candidates.
    fn candidates(&self) -> usize;
    /// Plays block `b` of candidate `v` (a pure function of both).
    fn play(&self, v: usize, b: u64) -> Self::Block;
    /// Deals one block of one candidate plays (for the budget).
    fn deals_per_block(&self) -> u64;
    /// Whether a block holds data.
    fn used(&self, b: &Self::Block) -> bool;
    /// The objective on merged blocks (minimised).
    fn objective(&self, b: &Self::Block) -> Option<f64>;
    /// The value of requirement `r` of the goal on merged blocks.
    fn requirement(&self, r: usize, b: &Self::Block) -> Option<f64>;
    /// After a round: an error a strategy reported (an external bot that failed).
    fn check(&self) -> Result<()>;
    /// The line-ups a candidate is judged under (`balance --panel`; 1 otherwise).
    fn members(&self) -> usize {
        1
    }
    /// Member `m`'s name.
    fn member_name(&self, _m: usize) -> String {
        String::new()
    }
    /// The objective under member `m` alone.
    fn member_objective(&self, _m: usize, b: &Self::Block) -> Option<f64> {
        self.objective(b)
    }
    /// Requirement `r` under member `m` alone.
    fn member_requirement(&self, r: usize, _m: usize, b: &Self::Block) -> Option<f64> {
        self.requirement(r, b)
    }
}

/// How the race is run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Deals (over all candidates) the race may play.
    pub budget: u64,
    /// Worker threads.
    pub threads: Option<usize>,
    /// Progress lines on stderr.
    pub progress: bool,
    /// The command's name in progress lines.
    pub label: &'static str,
}

/// Blocks every variant plays before the first elimination.
pub const FIRST_CUT: usize = 5;
/// Significance level of eliminations (after Holm).
pub const ALPHA: f64 = 0.05;

/// A requirement on metrics: the sum of `metrics` compared with `bound`.
#[derive(Clone, Debug, PartialEq)]
pub struct Require {
    /// Metric names summed (`decisive_share+tie_share`).
    pub metrics: Vec<String>,
    /// True for `>=`, false for `<=`.
    pub at_least: bool,
    /// The threshold.
    pub bound: f64,
    /// The text as given.
    pub text: String,
}

impl Require {
    /// Parses `A+B>=X` or `A<=X` against the known metric names.
    pub fn parse(text: &str, known: &[&str]) -> Result<Require> {
        let bad = |why: &str| Error::input(format!("bad --require '{text}': {why}"));
        let (lhs, rhs, at_least) = if let Some((l, r)) = text.split_once(">=") {
            (l, r, true)
        } else if let Some((l, r)) = text.split_once("<=") {
            (l, r, false)
        } else {
            return Err(bad(
                "expected METRIC>=X or METRIC<=X (metrics may be summed with +)",
            ));
        };
        let bound: f64 = rhs
            .trim()
            .parse()
            .map_err(|_| bad("the bound is not a number"))?;
        let metrics: Vec<String> = lhs.split('+').map(|m| m.trim().to_string()).collect();
        for m in &metrics {
            if !known.contains(&m.as_str()) {
                return Err(bad(&format!(
                    "unknown metric '{m}'; metrics: {}",
                    known.join(", ")
                )));
            }
        }
        Ok(Require {
            metrics,
            at_least,
            bound,
            text: text.to_string(),
        })
    }
}

/// What the race optimises.
#[derive(Clone, Debug)]
pub struct Goal {
    /// The objective metric (minimised).
    pub minimize: String,
    /// Constraints, tested first.
    pub require: Vec<Require>,
    /// Equivalence margin on the objective: survivors within ±delta of the best end the race.
    pub delta: f64,
}

/// The race's setup.
#[derive(Clone, Debug)]
pub struct RaceSpec<G: Game> {
    /// (name, switches text, rules) of every variant.
    pub variants: Vec<(String, String, G::Rules)>,
    /// Players at the table.
    pub players: usize,
    /// The line-up, one strategy per seat.
    pub seats: Vec<StrategySpec>,
    /// The master seed.
    pub seed: u64,
    /// Deal indices per block.
    pub block: u64,
    /// Deals (over all variants and rotations) the race may play.
    pub budget: u64,
    /// Worker threads.
    pub threads: Option<usize>,
    /// Progress lines on stderr.
    pub progress: bool,
    /// What to optimise.
    pub goal: Goal,
}

/// One variant's standing.
#[derive(Clone, Debug)]
pub struct Entry<B = Counts> {
    /// The variant's measurements, one per block played.
    pub blocks: Vec<B>,
    /// The round it was eliminated in, and why (None: survived).
    pub out: Option<(usize, String)>,
}

/// The finished race.
#[derive(Clone, Debug)]
pub struct Race<B = Counts> {
    /// Every variant's standing, in input order.
    pub entries: Vec<Entry<B>>,
    /// Rounds played.
    pub rounds: usize,
    /// Deals played in all.
    pub deals: u64,
    /// Why the race stopped.
    pub stop: String,
    /// Worker threads used.
    pub threads: usize,
}

/// The distinct rotations of a line-up (identical strategies rotate onto themselves).
pub fn rotations(seats: &[StrategySpec]) -> usize {
    let n = seats.len();
    let labels: Vec<&str> = seats.iter().map(|s| s.label.as_str()).collect();
    (1..=n)
        .find(|&r| (0..n).all(|s| labels[s] == labels[(s + r) % n]))
        .unwrap_or(n)
}

/// Plays block `b` of variant `rules`: deal indices `b*block ..`, each under every distinct
/// rotation; returns its counts.
pub fn play_block<G: Game>(spec: &RaceSpec<G>, rules: &G::Rules, b: u64) -> Counts {
    let mut bench = Bench::<G> {
        seats: spec.seats.iter().map(build::<G>).collect(),
        buf: ActionList::new(),
        watch: Default::default(),
    };
    let rots = rotations(&spec.seats);
    let mut groups = vec![Counts::default(); GROUPS];
    let mut ends = vec![0u64; G::END_REASONS.len()];
    for i in b * spec.block..(b + 1) * spec.block {
        for _ in 0..rots {
            play_unit(
                rules,
                spec.players,
                spec.seed,
                i,
                Mode::Deals,
                &mut bench,
                &mut ends,
                &mut groups,
            );
            bench.seats.rotate_left(1);
        }
        // `rots` rotations of one seat each: back where they started after a full cycle.
        for _ in rots..spec.players {
            bench.seats.rotate_left(1);
        }
    }
    super::metrics::total(&groups)
}

fn metric<'a>(ms: &'a [Metric], name: &str) -> &'a Metric {
    ms.iter()
        .find(|m| m.name == name)
        .expect("checked metric name")
}

/// The sum of `names` on merged counts.
fn sum_of(ms: &[Metric], names: &[String], c: &Counts) -> Option<f64> {
    names.iter().map(|n| metric(ms, n).value(c)).sum()
}

impl<G: Game> Arena for RaceSpec<G> {
    type Block = Counts;
    fn candidates(&self) -> usize {
        self.variants.len()
    }
    fn play(&self, v: usize, b: u64) -> Counts {
        play_block(self, &self.variants[v].2, b)
    }
    fn deals_per_block(&self) -> u64 {
        self.block * rotations(&self.seats) as u64
    }
    fn used(&self, c: &Counts) -> bool {
        c.units > 0
    }
    fn objective(&self, c: &Counts) -> Option<f64> {
        metric(&metrics(self.players, Mode::Deals), &self.goal.minimize).value(c)
    }
    fn requirement(&self, r: usize, c: &Counts) -> Option<f64> {
        sum_of(
            &metrics(self.players, Mode::Deals),
            &self.goal.require[r].metrics,
            c,
        )
    }
    fn check(&self) -> Result<()> {
        check_failures::<G>(&self.seats)
    }
}

/// A candidate's objective estimate over its blocks (jackknife over the blocks).
pub fn objective_of<A: Arena>(arena: &A, blocks: &[A::Block]) -> Option<Estimate> {
    jackknife(blocks, |c| arena.used(c), |c| arena.objective(c))
}

/// A survivor's objective and constraint estimates over its blocks.
pub fn objective<G: Game>(ms: &[Metric], goal: &Goal, blocks: &[Counts]) -> Option<Estimate> {
    let m = metric(ms, &goal.minimize);
    jackknife(blocks, |c| c.units > 0, |c| m.value(c))
}

#[derive(Clone)]
struct Pair<B>(B, B);
impl<B: Merge> Merge for Pair<B> {
    fn merge(&mut self, o: &Pair<B>) {
        self.0.merge(&o.0);
        self.1.merge(&o.1);
    }
}

/// The paired difference of the objective, `a - b`, over their common blocks.
pub fn paired_objective<A: Arena>(arena: &A, a: &[A::Block], b: &[A::Block]) -> Option<Estimate> {
    let pairs: Vec<Pair<A::Block>> = a
        .iter()
        .zip(b)
        .map(|(x, y)| Pair(x.clone(), y.clone()))
        .collect();
    jackknife(
        &pairs,
        |p| arena.used(&p.0),
        |p| Some(arena.objective(&p.0)? - arena.objective(&p.1)?),
    )
}

/// One-sided p-value for "the true value is above `bound`" (`greater`) or below it, from
/// an estimate with a jackknife SE over `g` groups (t with g - 1 df). With no spread, 0 when
/// the estimate is on that side and 1 otherwise.
pub fn one_sided(e: &Estimate, bound: f64, greater: bool, g: usize) -> f64 {
    let t = if greater {
        e.value - bound
    } else {
        bound - e.value
    };
    if e.se.is_nan() || e.se <= 0.0 || g < 2 {
        return if t > 0.0 { 0.0 } else { 1.0 };
    }
    1.0 - t_cdf(t / e.se, (g - 1) as f64)
}

/// Runs the race of a balance spec (its own goal and settings).
pub fn race<G: Game>(spec: &RaceSpec<G>) -> Result<Race> {
    let settings = Settings {
        budget: spec.budget,
        threads: spec.threads,
        progress: spec.progress,
        label: "balance",
    };
    race_in(spec, &spec.goal, &settings)
}

/// One round's eliminations: `(arena, goal, entries, round)`, returning why the race stops.
pub type Rule<'a, A> =
    &'a dyn Fn(&A, &Goal, &mut [Entry<<A as Arena>::Block>], usize) -> Option<String>;

/// Runs the race of any arena: the objective race ([`eliminate`]), or under a panel when the
/// arena has several members ([`super::panel_race::eliminate`]).
pub fn race_in<A: Arena>(arena: &A, goal: &Goal, settings: &Settings) -> Result<Race<A::Block>> {
    if arena.members() > 1 {
        race_with(arena, goal, settings, &super::panel_race::eliminate)
    } else {
        race_with(arena, goal, settings, &eliminate)
    }
}

/// Runs the race of any arena with its own elimination rule (`--front`).
pub fn race_with<A: Arena>(
    arena: &A,
    goal: &Goal,
    settings: &Settings,
    rule: Rule<A>,
) -> Result<Race<A::Block>> {
    let per_block = arena.deals_per_block();
    let mut entries: Vec<Entry<A::Block>> = (0..arena.candidates())
        .map(|_| Entry {
            blocks: Vec::new(),
            out: None,
        })
        .collect();
    let (mut deals, mut rounds, mut threads) = (0u64, 0usize, 1usize);
    let start = std::time::Instant::now();
    let stop;
    loop {
        let alive: Vec<usize> = (0..entries.len())
            .filter(|&v| entries[v].out.is_none())
            .collect();
        let b = entries[alive[0]].blocks.len() as u64;
        // The first round plays FIRST_CUT blocks, later rounds one.
        let want = if b == 0 { FIRST_CUT as u64 } else { 1 };
        let cost = want * per_block * alive.len() as u64;
        if deals + cost > settings.budget {
            stop = if rounds == 0 {
                return Err(Error::input(format!(
                    "--budget {}: the first round alone needs {} deals ({} candidates x {} blocks x {} deals)",
                    settings.budget,
                    cost,
                    alive.len(),
                    FIRST_CUT,
                    per_block,
                )));
            } else {
                "budget".to_string()
            };
            break;
        }
        let jobs: Vec<(usize, u64)> = alive
            .iter()
            .flat_map(|&v| (b..b + want).map(move |k| (v, k)))
            .collect();
        let (done, t) = fold_batches(
            settings.threads,
            &(0..jobs.len() as u64),
            1,
            Vec::new(),
            |r| {
                let (v, k) = jobs[r.start as usize];
                (v, arena.play(v, k))
            },
            |acc: &mut Vec<(usize, A::Block)>, x| acc.push(x),
        )?;
        arena.check()?;
        threads = t;
        for (v, c) in done {
            entries[v].blocks.push(c);
        }
        deals += cost;
        rounds += 1;
        let verdict = rule(arena, goal, &mut entries, rounds);
        let left = entries.iter().filter(|e| e.out.is_none()).count();
        if settings.progress {
            let spent = start.elapsed().as_secs_f64();
            let eta = spent / deals as f64 * settings.budget.saturating_sub(deals) as f64;
            eprintln!(
                "{} round {rounds}: {left} of {} candidates left, {deals} of {} deals, at most {:.0} s to go",
                settings.label,
                entries.len(),
                settings.budget,
                eta
            );
        }
        if let Some(s) = verdict {
            stop = s;
            break;
        }
    }
    Ok(Race {
        entries,
        rounds,
        deals,
        stop,
        threads,
    })
}

/// The merge of a list of blocks (None when empty).
pub fn merged<B: Merge + Clone>(blocks: &[B]) -> Option<B> {
    let mut all = blocks.first()?.clone();
    for b in &blocks[1..] {
        all.merge(b);
    }
    Some(all)
}

/// One round's tests; returns why the race stops, if it does.
fn eliminate<A: Arena>(
    arena: &A,
    goal: &Goal,
    entries: &mut [Entry<A::Block>],
    round: usize,
) -> Option<String> {
    let alive: Vec<usize> = (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect();
    let g = entries[alive[0]].blocks.len();
    if g < FIRST_CUT {
        return None;
    }
    if !constraints(arena, goal, entries, round) {
        return Some("every variant violates a requirement".into());
    }
    let alive: Vec<usize> = (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect();
    // The best survivor by its point estimate (ties: the first).
    let value = |v: usize| objective_value(arena, &entries[v].blocks);
    let best = *alive
        .iter()
        .min_by(|&&a, &&b| value(a).total_cmp(&value(b)).then(a.cmp(&b)))
        .expect("survivors");
    let others: Vec<usize> = alive.iter().copied().filter(|&v| v != best).collect();
    let diffs: Vec<Option<Estimate>> = others
        .iter()
        .map(|&v| paired_objective(arena, &entries[v].blocks, &entries[best].blocks))
        .collect();
    let ps: Vec<f64> = diffs
        .iter()
        .map(|d| d.map_or(f64::NAN, |d| one_sided(&d, 0.0, true, g)))
        .collect();
    for (i, p) in holm(&ps).into_iter().enumerate() {
        if p < ALPHA {
            entries[others[i]].out = Some((
                round,
                format!("{} worse than the best (Holm p {:.3})", goal.minimize, p),
            ));
        }
    }
    let left: Vec<usize> = (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect();
    if left.len() == 1 {
        return Some("one survivor".into());
    }
    // TOST: every survivor's 90% interval of the difference within ±delta.
    if goal.delta > 0.0 {
        let tost = others.iter().zip(&diffs).all(|(v, d)| {
            entries[*v].out.is_some() || d.is_some_and(|d| equivalent(&d, goal.delta, g))
        });
        if tost {
            return Some(format!(
                "survivors within ±{} of the best (TOST)",
                goal.delta
            ));
        }
    }
    None
}

/// The requirement tests of a round: one-sided tests that each is violated, Holm over the
/// survivors; returns whether any survivor is left.
pub fn constraints<A: Arena>(
    arena: &A,
    goal: &Goal,
    entries: &mut [Entry<A::Block>],
    round: usize,
) -> bool {
    let alive: Vec<usize> = (0..entries.len())
        .filter(|&v| entries[v].out.is_none())
        .collect();
    let g = entries[alive[0]].blocks.len();
    // Constraints: one-sided tests that each is violated, Holm over the survivors.
    for (ri, r) in goal.require.iter().enumerate() {
        let ps: Vec<f64> = alive
            .iter()
            .map(|&v| {
                let e = jackknife(
                    &entries[v].blocks,
                    |c| arena.used(c),
                    |c| arena.requirement(ri, c),
                );
                e.map_or(f64::NAN, |e| one_sided(&e, r.bound, !r.at_least, g))
            })
            .collect();
        for (i, p) in holm(&ps).into_iter().enumerate() {
            if p < ALPHA {
                entries[alive[i]].out = Some((round, format!("violates {}", r.text)));
            }
        }
    }
    entries.iter().any(|e| e.out.is_none())
}

/// The objective's point estimate (infinite when it has no value).
pub fn objective_value<A: Arena>(arena: &A, blocks: &[A::Block]) -> f64 {
    merged(blocks)
        .and_then(|all| arena.objective(&all))
        .unwrap_or(f64::INFINITY)
}

/// Two one-sided tests at 5%: the difference is significantly above -delta and below
/// +delta (its 90% interval lies inside ±delta).
pub fn equivalent(d: &Estimate, delta: f64, g: usize) -> bool {
    one_sided(d, -delta, true, g) < ALPHA && one_sided(d, delta, false, g) < ALPHA
}
