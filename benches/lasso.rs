//! Lasso benchmarks: full 4-player deals with random and with greedy seats (the issue's
//! target: 100,000 greedy deals per second per core), and the hand evaluation.

use cardsim::game::{ActionList, Game, Table};
use cardsim::games::lasso::{Lasso, LassoRules, best_set_points};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{Strategy, build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn seats(name: &str) -> Vec<Box<dyn Strategy<Lasso>>> {
    let spec = resolve::<Lasso>(name).expect("strategy");
    (0..4).map(|_| build::<Lasso>(&spec)).collect()
}

fn deals(c: &mut Criterion) {
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
