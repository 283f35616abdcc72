//! Broken Ladder throughput: full 4-player deals with random and with greedy seats, the same
//! loop `simulate` runs (`play_deal` with the `Quiet` observer), and the deal (shuffle) alone.
//!
//! `cargo bench --bench broken-ladder -- --warm-up-time 1 --measurement-time 3`

use cardsim::game::{ActionList, Game, Table};
use cardsim::games::broken_ladder::{BrokenLadder, Rules};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{Strategy, build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

const DEALS: u64 = 1000;

/// The system allocator, counting allocations so the bench can show a deal makes none.
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
static GLOBAL: Counting = Counting;

fn seats(name: &str, players: usize) -> Vec<Box<dyn Strategy<BrokenLadder>>> {
    let spec = resolve::<BrokenLadder>(name).expect("strategy");
    (0..players).map(|_| build(&spec)).collect()
}

/// This thread's CPU time in ns (Linux), so a figure holds on a loaded machine.
fn cpu_ns() -> Option<u64> {
    let t = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    t.split_whitespace().next()?.parse().ok()
}

/// Plays `n` 4-player deals and prints deals per second of this thread's CPU time.
fn per_cpu_second(name: &str, n: u64) {
    let rules = Rules::default();
    let mut s = seats(name, 4);
    let mut buf = ActionList::new();
    let (Some(t0), w0) = (cpu_ns(), std::time::Instant::now()) else {
        return;
    };
    let mut turns = 0u64;
    let a0 = ALLOCS.load(Ordering::Relaxed);
    for i in 0..n {
        let t = Table {
            dealer: (i % 4) as usize,
            ..Table::first(4)
        };
        let (r, _) = play_deal(
            &rules,
            &t,
            &mut deal_rngs(7, i, 0),
            &mut s,
            &mut buf,
            &mut Quiet,
        );
        turns += r.turns as u64;
    }
    let allocs = ALLOCS.load(Ordering::Relaxed) - a0;
    let cpu = (cpu_ns().unwrap_or(t0) - t0) as f64 * 1e-9;
    let wall = w0.elapsed().as_secs_f64();
    println!(
        "{name}: {n} deals, {:.1} turns/deal, {:.0} deals per CPU-second ({:.0} per wall-second), {allocs} heap allocations",
        turns as f64 / n as f64,
        n as f64 / cpu,
        n as f64 / wall
    );
    assert_eq!(allocs, 0, "a deal allocated");
}

fn deals(c: &mut Criterion) {
    per_cpu_second("random", 20_000);
    per_cpu_second("greedy", 100_000);
    let rules = Rules::default();
    let mut g = c.benchmark_group("broken-ladder 4p deals");
    g.throughput(Throughput::Elements(DEALS));
    for name in ["random", "greedy"] {
        let mut s = seats(name, 4);
        let mut buf = ActionList::new();
        let mut seed = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut turns = 0u64;
                for i in 0..DEALS {
                    let t = Table {
                        dealer: (i % 4) as usize,
                        ..Table::first(4)
                    };
                    let mut rngs = deal_rngs(seed, i, 0);
                    let (r, _) = play_deal(&rules, &t, &mut rngs, &mut s, &mut buf, &mut Quiet);
                    turns += r.turns as u64;
                }
                black_box(turns)
            })
        });
    }
    g.bench_function("deal only", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            for i in 0..DEALS {
                let mut rngs = deal_rngs(seed, i, 0);
                black_box(BrokenLadder::deal(&rules, &Table::first(4), &mut rngs.deal));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, deals);
criterion_main!(benches);
