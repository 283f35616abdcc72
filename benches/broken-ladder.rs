//! Broken Ladder throughput: full 4-player deals with random and with greedy seats, the same
//! loop `simulate` runs (`play_deal` with the `Quiet` observer), and the deal (shuffle) alone.
//!
//! `cargo bench --bench broken-ladder -- --warm-up-time 1 --measurement-time 3`

use cardsim::game::{ActionList, Game, Table};
use cardsim::games::broken_ladder::{BrokenLadder, Rules};
use cardsim::sim::{deal_rngs, play_deal, Quiet};
use cardsim::strategy::{build, resolve, Strategy};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const DEALS: u64 = 1000;

fn seats(name: &str, players: usize) -> Vec<Box<dyn Strategy<BrokenLadder>>> {
    let spec = resolve::<BrokenLadder>(name).expect("strategy");
    (0..players).map(|_| build(&spec)).collect()
}

fn deals(c: &mut Criterion) {
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
                    let t = Table { dealer: (i % 4) as usize, ..Table::first(4) };
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
