//! Chinchón benches: full 4-player deals with `random` and with `greedy` seats, and the
//! best-arrangement search on 8-card hands (the hot path). Before timing, a counting
//! allocator checks that playing a deal allocates nothing (it panics otherwise).

mod common;

use cardsim::cards::{Card, GameRng};
use cardsim::games::chinchon::{Chinchon, Rules, best_and_without, kind};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn deals(c: &mut Criterion) {
    let rules = Rules::default();
    common::assert_no_allocations::<Chinchon>(&rules, 4, 200);
    common::bench_deals::<Chinchon>(c, "chinchon_deal_4p", &rules, 4);
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
