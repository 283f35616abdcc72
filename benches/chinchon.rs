//! Chinchón benches: full 4-player deals with `random` and with `greedy` seats, and the
//! best-arrangement search on 8-card hands (the hot path). Before timing, a counting
//! allocator checks that playing a deal allocates nothing (it panics otherwise).

use cardsim::cards::{Card, GameRng};
use cardsim::game::{ActionList, Table};
use cardsim::games::chinchon::{Chinchon, Rules, best_and_without, kind};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{Strategy, build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

/// The system allocator, counting allocations.
struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays deals with each bot and asserts that no deal allocated.
fn no_allocation_per_deal() {
    let rules = Rules::default();
    for bot in ["random", "greedy"] {
        let mut s = seats(bot, 4);
        let mut buf = ActionList::new();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        for i in 0..200u64 {
            let mut t = Table::first(4);
            t.dealer = (i % 4) as usize;
            black_box(play_deal(
                &rules,
                &t,
                &mut deal_rngs(9, i, 0),
                &mut s,
                &mut buf,
                &mut Quiet,
            ));
        }
        let n = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert_eq!(n, 0, "{bot}: {n} heap allocations in 200 deals");
        eprintln!("chinchon {bot}: 0 heap allocations in 200 four-player deals");
    }
}

fn seats(name: &str, n: usize) -> Vec<Box<dyn Strategy<Chinchon>>> {
    let spec = resolve::<Chinchon>(name).expect("strategy");
    (0..n).map(|_| build::<Chinchon>(&spec)).collect()
}

fn deals(c: &mut Criterion) {
    no_allocation_per_deal();
    let rules = Rules::default();
    let mut g = c.benchmark_group("chinchon_deal_4p");
    g.throughput(Throughput::Elements(1));
    for bot in ["random", "greedy"] {
        let mut s = seats(bot, 4);
        let mut buf = ActionList::new();
        let mut i = 0u64;
        g.bench_function(bot, |b| {
            b.iter(|| {
                i += 1;
                let mut t = Table::first(4);
                t.dealer = (i % 4) as usize;
                black_box(play_deal(
                    &rules,
                    &t,
                    &mut deal_rngs(1, i, 0),
                    &mut s,
                    &mut buf,
                    &mut Quiet,
                ))
            })
        });
    }
    g.finish();
}

fn arrangement(c: &mut Criterion) {
    // 1024 random 8-card hands from the default 4-player shoe.
    let mut rng = GameRng::new(3, 3);
    let mut deck: Vec<Card> = (0..53u8)
        .flat_map(|i| {
            let n = match i {
                0..48 => 1,
                48 | 50..53 => 2,
                _ => 4,
            };
            std::iter::repeat_n(Card::from_index(i), n)
        })
        .collect();
    let hands: Vec<([Card; 8], [u16; 8])> = (0..1024)
        .map(|_| {
            rng.shuffle(&mut deck);
            let mut h = [Card::from_index(0); 8];
            h.copy_from_slice(&deck[..8]);
            let p = h.map(|c| match kind(c) {
                cardsim::games::chinchon::Kind::Num { num, .. } => num as u16,
                cardsim::games::chinchon::Kind::Wild => 25,
                _ => 10,
            });
            (h, p)
        })
        .collect();
    let mut g = c.benchmark_group("chinchon_arrangement");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("best_and_without_8", |b| {
        b.iter(|| {
            let mut w = [0u16; 12];
            let mut sum = 0u32;
            for (h, p) in &hands {
                sum += best_and_without(black_box(h), p, &mut w) as u32;
            }
            sum
        })
    });
    g.finish();
}

criterion_group!(benches, deals, arrangement);
criterion_main!(benches);
