//! Hand and Foot: full 4-player deals with `random` and with `greedy`, and the legal-move
//! listing of a mid-deal position (the hot function of every decision).

use cardsim::cards::GameRng;
use cardsim::game::{ActionList, Game, Table};
use cardsim::games::hand_and_foot::{HandAndFoot, HfRules, Phase};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

/// The system allocator, counting allocations so that the bench can show a deal makes none.
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

/// CPU seconds used by this thread so far (user + system), from `/proc` (Linux).
fn thread_cpu_s() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<f64> = after
        .split_whitespace()
        .map(|w| w.parse().unwrap_or(0.0))
        .collect();
    f.get(11)
        .zip(f.get(12))
        .map_or(0.0, |(u, s)| (u + s) / 100.0)
}

/// With `HF_CPU_RATE=deals` set, plays that many deals and prints deals per CPU-second of
/// this thread: a figure that holds on a loaded machine, where wall-clock times do not.
fn cpu_rate(bot: &str) {
    let Some(n) = std::env::var("HF_CPU_RATE")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        return;
    };
    let spec = resolve::<HandAndFoot>(bot).expect("bot");
    let mut seats: Vec<_> = (0..4).map(|_| build::<HandAndFoot>(&spec)).collect();
    let mut buf = ActionList::new();
    let (t0, a0) = (thread_cpu_s(), ALLOCS.load(Ordering::Relaxed));
    for i in 0..n {
        let t = Table::first(4);
        black_box(play_deal(
            &HfRules::default(),
            &t,
            &mut deal_rngs(9, i, 0),
            &mut seats,
            &mut buf,
            &mut Quiet,
        ));
    }
    let allocs = ALLOCS.load(Ordering::Relaxed) - a0;
    let cpu = thread_cpu_s() - t0;
    eprintln!(
        "hand-and-foot {bot}: {n} deals in {cpu:.2} CPU s = {:.0} deals per CPU-second, \
         {allocs} heap allocations",
        n as f64 / cpu
    );
}

fn deals(c: &mut Criterion, bot: &str) {
    cpu_rate(bot);
    let spec = resolve::<HandAndFoot>(bot).expect("bot");
    let mut seats: Vec<_> = (0..4).map(|_| build::<HandAndFoot>(&spec)).collect();
    let rules = HfRules::default();
    let mut buf = ActionList::new();
    let mut i = 0u64;
    let mut g = c.benchmark_group("hand-and-foot");
    g.throughput(Throughput::Elements(1));
    g.bench_function(format!("deal/4p/{bot}"), |b| {
        b.iter(|| {
            i += 1;
            let mut t = Table::first(4);
            t.dealer = (i % 4) as usize;
            black_box(play_deal(
                &rules,
                &t,
                &mut deal_rngs(7, i, 0),
                &mut seats,
                &mut buf,
                &mut Quiet,
            ))
        })
    });
    g.finish();
}

fn legal(c: &mut Criterion) {
    let rules = HfRules::default();
    let mut s = HandAndFoot::deal(&rules, &Table::first(4), &mut GameRng::new(3, 0));
    let mut buf = ActionList::new();
    let mut rng = GameRng::new(3, 1);
    // Play on to a meld step at least 40 decisions in (a hand of cards to list).
    let mut n = 0;
    while n < 40 || s.phase() != Phase::Meld {
        s.legal_actions(&mut buf);
        s.apply(buf[rng.index(buf.len())]);
        n += 1;
    }
    c.bench_function("hand-and-foot/legal_actions", |b| {
        b.iter(|| {
            s.legal_actions(&mut buf);
            black_box(buf.len())
        })
    });
}

fn random_deals(c: &mut Criterion) {
    deals(c, "random");
}

fn greedy_deals(c: &mut Criterion) {
    deals(c, "greedy");
}

criterion_group!(benches, random_deals, greedy_deals, legal);
criterion_main!(benches);
