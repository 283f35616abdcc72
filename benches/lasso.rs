//! Lasso benchmarks: full 4-player deals with random and with greedy seats (the issue's
//! target: 100,000 greedy deals per second per core), and the hand evaluation.

use cardsim::game::{ActionList, Game, Table};
use cardsim::games::lasso::{Lasso, LassoRules, best_set_points};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{Strategy, build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts heap allocations, to show that a deal makes none.
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
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays 2,000 deals of each line-up and checks that none of them touched the heap.
fn zero_allocations() {
    let rules = LassoRules::default();
    for name in ["random", "greedy"] {
        let mut s = seats(name);
        let mut buf = ActionList::new();
        let before = ALLOCS.load(Ordering::Relaxed);
        for i in 0..2000 {
            let mut rngs = deal_rngs(7, i, 0);
            black_box(play_deal(
                &rules,
                &Table::first(4),
                &mut rngs,
                &mut s,
                &mut buf,
                &mut Quiet,
            ));
        }
        let n = ALLOCS.load(Ordering::Relaxed) - before;
        println!("lasso {name}: {n} heap allocations in 2000 4-player deals");
        assert_eq!(n, 0, "a lasso deal allocated");
    }
}

fn seats(name: &str) -> Vec<Box<dyn Strategy<Lasso>>> {
    let spec = resolve::<Lasso>(name).expect("strategy");
    (0..4).map(|_| build::<Lasso>(&spec)).collect()
}

fn deals(c: &mut Criterion) {
    zero_allocations();
    let rules = LassoRules::default();
    let mut group = c.benchmark_group("lasso_deal_4p");
    group.throughput(Throughput::Elements(1));
    for name in ["random", "greedy"] {
        let mut s = seats(name);
        let mut buf = ActionList::new();
        let mut i = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let mut table = Table::first(4);
                table.dealer = (i % 4) as usize;
                let mut rngs = deal_rngs(1, i, 0);
                black_box(play_deal(
                    &rules, &table, &mut rngs, &mut s, &mut buf, &mut Quiet,
                ))
            })
        });
    }
    group.finish();
}

fn eval(c: &mut Criterion) {
    let mut rng = cardsim::cards::GameRng::new(3, 3);
    let hands: Vec<_> = (0..256)
        .map(|_| {
            let mut d: Vec<_> = cardsim::cards::Card::all52().collect();
            rng.shuffle(&mut d);
            d[..9].iter().copied().collect::<cardsim::cards::CardSet>()
        })
        .collect();
    c.bench_function("lasso_best_set_points_x256", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|&h| best_set_points(black_box(h)))
                .sum::<i32>()
        })
    });
    let _ = Lasso::NAME;
}

criterion_group!(benches, deals, eval);
criterion_main!(benches);
