//! Broken Ladder throughput: full 4-player deals with random and with greedy seats, the same
//! loop `simulate` runs (`play_deal` with the `Quiet` observer), and the deal (shuffle) alone.
//!
//! `cargo bench --bench broken-ladder -- --warm-up-time 1 --measurement-time 3`

mod common;

use cardsim::game::{Game, Table};
use cardsim::games::broken_ladder::{BrokenLadder, Rules};
use cardsim::sim::deal_rngs;
use common::Lineup;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const DEALS: u64 = 1000;

/// Plays `n` 4-player deals and prints deals per second of this thread's CPU time.
fn per_cpu_second(name: &str, n: u64) {
    let Some(r) = common::cpu_rate::<BrokenLadder>(&Rules::default(), name, 4, n, 7, true) else {
        return;
    };
    println!(
        "{name}: {n} deals, {:.1} turns/deal, {:.0} deals per CPU-second ({:.0} per wall-second), {} heap allocations",
        r.turns_per_deal(),
        r.per_cpu_second(),
        r.per_wall_second(),
        r.allocs
    );
    assert_eq!(r.allocs, 0, "a deal allocated");
}

fn deals(c: &mut Criterion) {
    per_cpu_second("random", 20_000);
    per_cpu_second("greedy", 100_000);
    let rules = Rules::default();
    let mut g = c.benchmark_group("broken-ladder 4p deals");
    g.throughput(Throughput::Elements(DEALS));
    for name in ["random", "greedy"] {
        let mut lineup = Lineup::<BrokenLadder>::new(name, 4);
        let mut seed = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut turns = 0u64;
                for i in 0..DEALS {
                    let t = common::table(4, i, true);
                    let (r, _) = lineup.play(&rules, &t, seed, i);
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
