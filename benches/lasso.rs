//! Lasso benchmarks: full 4-player and 2-player deals with random and with greedy seats
//! (issue 22's target: 100,000 2-player greedy deals per second per core), and the hand
//! evaluation.

mod common;

use cardsim::cards::{Card, CardSet, GameRng};
use cardsim::games::lasso::{Lasso, LassoRules, best_set_points};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn deals(c: &mut Criterion) {
    let rules = LassoRules::default();
    common::assert_no_allocations::<Lasso>(&rules, 4, 2000);
    common::assert_no_allocations::<Lasso>(&rules, 2, 2000);
    common::bench_deals::<Lasso>(c, "lasso_deal_4p", &rules, 4);
    common::bench_deals::<Lasso>(c, "lasso_deal_2p", &rules, 2);
}

fn eval(c: &mut Criterion) {
    let mut rng = GameRng::new(3, 3);
    let hands: Vec<_> = (0..256)
        .map(|_| {
            let mut d: Vec<_> = Card::all52().collect();
            rng.shuffle(&mut d);
            d[..9].iter().copied().collect::<CardSet>()
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
}

criterion_group!(benches, deals, eval);
criterion_main!(benches);
