//! Zero heap allocations per deal: a counting global allocator watches every game play deals
//! (deal, legal actions, views, bots, result) after a warm-up, with each of its bots.
//! It runs without libtest's harness (`harness = false`), so no other thread of the test
//! runner can allocate while it counts.

use cardsim::game::{ActionList, Game, Table};
use cardsim::games::{GameVisitor, NAMES, with_game};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{build, list_names, resolve};
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

fn main() {
    let (mut passed, mut failed) = (0, 0);
    for g in NAMES {
        for (what, n) in with_game(g, Allocs).unwrap() {
            println!("{what}: {n} heap allocations in 200 deals");
            if n == 0 { passed += 1 } else { failed += 1 }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
