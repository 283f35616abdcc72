//! Golf deals per second, one thread, with random and greedy at four seats.

mod common;

use cardsim::games::golf::{Golf, GolfRules};
use common::DealBench;
use criterion::{Criterion, criterion_group, criterion_main};

fn deals(c: &mut Criterion) {
    let rules = GolfRules::default();
    common::assert_no_allocations::<Golf>(&rules, 4, 200);
    // Seat 0 deals every deal.
    let opts = DealBench {
        rotate_dealer: false,
        ..DealBench::default()
    };
    common::bench_deals_with::<Golf>(c, "golf_deal_4p", &rules, 4, &opts);
}

criterion_group!(benches, deals);
criterion_main!(benches);
