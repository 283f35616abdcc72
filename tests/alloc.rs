//! Zero heap allocations per deal: a counting global allocator watches every game play deals
//! (deal, legal actions, views, bots, result) after a warm-up, with each of its bots.
//! The search bots: zero allocations per rollout (from mid-deal positions, every game) and
//! at most [`PER_DECISION`] per `ismcts` decision after warm-up (its tree arena and buffers
//! are kept).
//! It runs without libtest's harness (`harness = false`), so no other thread of the test
//! runner can allocate while it counts.

use cardsim::cards::GameRng;
use cardsim::game::{ActionList, Game, Table};
use cardsim::games::{GameVisitor, NAMES, with_game};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::search::ismcts::Ismcts;
use cardsim::strategy::search::rollout::{Policy, Rollout};
use cardsim::strategy::search::speed::positions;
use cardsim::strategy::{Params, Strategy, build, list_names, resolve};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;
static ALLOCS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static A: Counting = Counting;

struct Allocs;

impl GameVisitor for Allocs {
    type Out = Vec<(String, u64)>;
    fn visit<G: Game>(self) -> Vec<(String, u64)> {
        let rules = G::Rules::default();
        let players = G::DEFAULT_PLAYERS;
        let mut out = Vec::new();
        let bots: Vec<String> = list_names::<G>()
            .into_iter()
            .filter(|n| n == "random" || G::bots().iter().any(|b| b.name == n))
            .collect();
        for name in bots {
            let spec = resolve::<G>(&name).unwrap();
            let mut seats: Vec<_> = (0..players).map(|_| build::<G>(&spec)).collect();
            let mut buf = ActionList::new();
            let table = Table::first(players);
            for i in 0..50 {
                play_deal(
                    &rules,
                    &table,
                    &mut deal_rngs(7, i, 0),
                    &mut seats,
                    &mut buf,
                    &mut Quiet,
                );
            }
            let before = ALLOCS.load(Ordering::Relaxed);
            for i in 50..250 {
                play_deal(
                    &rules,
                    &table,
                    &mut deal_rngs(7, i, 0),
                    &mut seats,
                    &mut buf,
                    &mut Quiet,
                );
            }
            let n = ALLOCS.load(Ordering::Relaxed) - before;
            out.push((format!("{} {name}", G::NAME), n));
        }
        out
    }
}

/// The most heap allocations an `ismcts` decision may make after warm-up.
const PER_DECISION: u64 = 4;

struct SearchAllocs;

impl GameVisitor for SearchAllocs {
    type Out = Vec<(String, u64, u64)>;
    fn visit<G: Game>(self) -> Vec<(String, u64, u64)> {
        let rules = G::Rules::default();
        let players = if G::check_players(&rules, 2).is_ok() {
            2
        } else {
            4
        };
        let pos = positions::<G>(&rules, players, 8);
        let mut rng = GameRng::new(3, 3);
        let samples: Vec<G> = pos
            .iter()
            .map(|p| G::determinize(&p.view(p.to_act().unwrap()), &mut rng))
            .collect();
        let mut rollout = Rollout::<G>::new(Policy::Greedy, 0);
        let mut work = samples[0].clone();
        let mut roll = |n: usize, rng: &mut GameRng| {
            for i in 0..n {
                work.clone_from(&samples[i % samples.len()]);
                rollout.play(&mut work, rng);
            }
        };
        roll(50, &mut rng);
        let before = ALLOCS.load(Ordering::Relaxed);
        roll(400, &mut rng);
        let per_rollouts = ALLOCS.load(Ordering::Relaxed) - before;
        let p = Params::new(vec![("iterations".into(), 200.0)]);
        let mut bot = Ismcts::<G>::new(&p);
        let mut buf = ActionList::new();
        let mut decide = |n: usize, rng: &mut GameRng| {
            for i in 0..n {
                let q = &pos[i % pos.len()];
                let seat = q.to_act().unwrap();
                Strategy::<G>::begin_deal(&mut bot, seat);
                q.legal_actions(&mut buf);
                bot.act(&q.view(seat), &buf, rng);
            }
        };
        decide(16, &mut rng);
        let before = ALLOCS.load(Ordering::Relaxed);
        decide(16, &mut rng);
        let per_decisions = ALLOCS.load(Ordering::Relaxed) - before;
        vec![(
            G::NAME.to_string(),
            per_rollouts,
            per_decisions.div_ceil(16),
        )]
    }
}

fn main() {
    let (mut passed, mut failed) = (0, 0);
    for g in NAMES {
        for (what, n) in with_game(g, Allocs).unwrap() {
            println!("{what}: {n} heap allocations in 200 deals");
            if n == 0 { passed += 1 } else { failed += 1 }
        }
    }
    for g in NAMES {
        for (what, rollouts, per_decision) in with_game(g, SearchAllocs).unwrap() {
            println!(
                "{what} search: {rollouts} heap allocations in 400 rollouts, \
                 {per_decision} per ismcts decision (at most {PER_DECISION})"
            );
            if rollouts == 0 && per_decision <= PER_DECISION {
                passed += 1
            } else {
                failed += 1
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
