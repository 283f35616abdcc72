//! Helpers shared by the game benches (a module, not a bench target: each bench includes it
//! with `mod common;` and compiles its own copy, so items one bench leaves unused carry
//! `#[allow(dead_code)]`).
//!
//! - [`Counting`], the process's global allocator: the system allocator, counting
//!   allocations, so that a bench can show that a deal makes none ([`allocations`]).
//! - [`seats`] and [`Lineup`]: one strategy at every seat, with the action buffer a deal needs.
//! - [`table`]: the table of deal `i`, the deal rotating round the table or not.
//! - [`assert_no_allocations`]: the zero-allocation check run before timing.
//! - [`bench_deals`] / [`bench_deals_with`]: one full deal per iteration, with `random` and
//!   with `greedy` at every seat.
//! - [`thread_cpu_ns`] and [`cpu_rate`]: deals per CPU-second of this thread, a figure that
//!   holds on a loaded machine, where wall-clock times do not.

use cardsim::game::{ActionList, DealResult, Game, Table};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{Strategy, build, resolve};
use criterion::{Criterion, Throughput};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The system allocator, counting every allocation (and reallocation) in [`allocations`].
pub struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
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

/// Every bench that includes this module counts its allocations (a program has one global
/// allocator, so it is declared here rather than in each bench).
#[global_allocator]
static GLOBAL: Counting = Counting;

/// Heap allocations made so far by the whole process.
pub fn allocations() -> u64 {
    ALLOCS.load(Ordering::Relaxed)
}

/// `players` seats of the strategy `name` (`random`, `greedy`, ...).
pub fn seats<G: Game>(name: &str, players: usize) -> Vec<Box<dyn Strategy<G>>> {
    let spec = resolve::<G>(name).expect("strategy");
    (0..players).map(|_| build::<G>(&spec)).collect()
}

/// The table of deal `i` for `players` seats: seat `i % players` deals when `rotate`, seat 0
/// otherwise.
pub fn table(players: usize, i: u64, rotate: bool) -> Table {
    let mut t = Table::first(players);
    if rotate {
        t.dealer = (i % players as u64) as usize;
    }
    t
}

/// One strategy at every seat and the action buffer: all that playing a deal needs
/// besides the rules and the table.
pub struct Lineup<G: Game> {
    pub seats: Vec<Box<dyn Strategy<G>>>,
    pub buf: ActionList<G::Action>,
}

impl<G: Game> Lineup<G> {
    /// `players` seats of the strategy `name`.
    pub fn new(name: &str, players: usize) -> Self {
        Lineup {
            seats: seats::<G>(name, players),
            buf: ActionList::new(),
        }
    }

    /// Plays deal `i` of `seed` (`deal_rngs(seed, i, 0)`) at `table` with the [`Quiet`]
    /// observer: the loop `simulate` runs.
    #[inline]
    pub fn play(
        &mut self,
        rules: &G::Rules,
        table: &Table,
        seed: u64,
        i: u64,
    ) -> (DealResult, u32) {
        play_deal(
            rules,
            table,
            &mut deal_rngs(seed, i, 0),
            &mut self.seats,
            &mut self.buf,
            &mut Quiet,
        )
    }
}

/// Deals played before counting in [`assert_no_allocations`], so that a one-time set-up
/// (a buffer growing to its working size) is not counted.
#[allow(dead_code)]
pub const WARM_UP_DEALS: u64 = 10;

/// Plays `deals` deals (after [`WARM_UP_DEALS`] more) with `random` and with `greedy` at all
/// `players` seats, the deal rotating, prints the heap allocations they made and panics
/// unless there were none.
#[allow(dead_code)]
pub fn assert_no_allocations<G: Game>(rules: &G::Rules, players: usize, deals: u64) {
    for bot in ["random", "greedy"] {
        let mut lineup = Lineup::<G>::new(bot, players);
        for i in 0..WARM_UP_DEALS {
            black_box(lineup.play(rules, &table(players, i, true), 7, i));
        }
        let before = allocations();
        for i in WARM_UP_DEALS..WARM_UP_DEALS + deals {
            black_box(lineup.play(rules, &table(players, i, true), 7, i));
        }
        let n = allocations() - before;
        println!(
            "{} {bot}: {n} heap allocations in {deals} {players}-player deals",
            G::NAME
        );
        assert_eq!(n, 0, "a {} deal with {bot} allocated", G::NAME);
    }
}

/// How [`bench_deals_with`] names and plays its deals.
pub struct DealBench<'a> {
    /// The strategies benchmarked, each at every seat, one after the other.
    pub bots: &'a [&'a str],
    /// Prefix of each benchmark's id (the id is the prefix and the bot's name).
    pub id_prefix: &'a str,
    /// Iteration `i` plays deal `i` of this seed.
    pub seed: u64,
    /// Whether the deal rotates round the table (seat `i % players` deals) or seat 0 deals.
    pub rotate_dealer: bool,
}

impl Default for DealBench<'_> {
    /// `random` then `greedy`, ids `random` and `greedy`, seed 1, the deal rotating.
    fn default() -> Self {
        DealBench {
            bots: &["random", "greedy"],
            id_prefix: "",
            seed: 1,
            rotate_dealer: true,
        }
    }
}

/// Benchmarks one full deal (`Throughput::Elements(1)`) with `random` and with `greedy` at
/// all `players` seats, in the group `group`: iteration `i` plays deal `i` of seed 1, the
/// deal rotating round the table.
#[allow(dead_code)]
pub fn bench_deals<G: Game>(c: &mut Criterion, group: &str, rules: &G::Rules, players: usize) {
    bench_deals_with::<G>(c, group, rules, players, &DealBench::default());
}

/// [`bench_deals`] with the bots, ids, seed and dealer rotation of `opts`.
pub fn bench_deals_with<G: Game>(
    c: &mut Criterion,
    group: &str,
    rules: &G::Rules,
    players: usize,
    opts: &DealBench,
) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
    for &bot in opts.bots {
        let mut lineup = Lineup::<G>::new(bot, players);
        let mut i = 0u64;
        g.bench_function(format!("{}{bot}", opts.id_prefix), |b| {
            b.iter(|| {
                i += 1;
                let t = table(players, i, opts.rotate_dealer);
                black_box(lineup.play(rules, &t, opts.seed, i))
            })
        });
    }
    g.finish();
}

/// This thread's CPU time in ns (Linux, from `/proc/thread-self/schedstat`); `None` where
/// that cannot be read.
#[allow(dead_code)]
pub fn thread_cpu_ns() -> Option<u64> {
    let t = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    t.split_whitespace().next()?.parse().ok()
}

/// What [`cpu_rate`] measured.
#[allow(dead_code)]
pub struct CpuRate {
    pub deals: u64,
    /// Player turns taken in all the deals.
    pub turns: u64,
    /// CPU seconds of this thread.
    pub cpu_s: f64,
    /// Wall-clock seconds.
    pub wall_s: f64,
    /// Heap allocations made while playing.
    pub allocs: u64,
}

#[allow(dead_code)]
impl CpuRate {
    pub fn per_cpu_second(&self) -> f64 {
        self.deals as f64 / self.cpu_s
    }
    pub fn per_wall_second(&self) -> f64 {
        self.deals as f64 / self.wall_s
    }
    pub fn turns_per_deal(&self) -> f64 {
        self.turns as f64 / self.deals as f64
    }
}

/// Plays deals `0..deals` of `seed` with `bot` at all `players` seats (the deal rotating when
/// `rotate`) and measures this thread's CPU time, the wall-clock time and the allocations;
/// `None` where the CPU time cannot be read.
#[allow(dead_code)]
pub fn cpu_rate<G: Game>(
    rules: &G::Rules,
    bot: &str,
    players: usize,
    deals: u64,
    seed: u64,
    rotate: bool,
) -> Option<CpuRate> {
    let mut lineup = Lineup::<G>::new(bot, players);
    let (t0, w0) = (thread_cpu_ns()?, Instant::now());
    let a0 = allocations();
    let mut turns = 0u64;
    for i in 0..deals {
        let (r, _) = lineup.play(rules, &table(players, i, rotate), seed, i);
        turns += r.turns as u64;
    }
    let allocs = allocations() - a0;
    let cpu_s = (thread_cpu_ns().unwrap_or(t0) - t0) as f64 * 1e-9;
    Some(CpuRate {
        deals,
        turns,
        cpu_s,
        wall_s: w0.elapsed().as_secs_f64(),
        allocs,
    })
}
