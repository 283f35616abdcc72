//! CardSet and shuffle micro-benchmarks.

use cardsim::cards::{Card, CardCounts, CardSet, GameRng, Pile, Suit};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn cardset(c: &mut Criterion) {
    let mut g = c.benchmark_group("cardset");
    g.throughput(Throughput::Elements(1));
    let a = CardSet(0x000f_00f0_0f00_f00f);
    let b = CardSet(0x0000_ffff_0000_ffff);
    g.bench_function("union_intersect_len", |x| {
        x.iter(|| (black_box(a) | black_box(b)).len() + (black_box(a) & black_box(b)).len())
    });
    g.bench_function("iterate_16", |x| {
        x.iter(|| black_box(a).iter().map(|c| c.index() as u32).sum::<u32>())
    });
    g.bench_function("suit_bits", |x| {
        x.iter(|| black_box(a).suit_bits(Suit::Hearts))
    });
    g.bench_function("counts_insert_remove", |x| {
        let mut m = CardCounts::from_set_times(CardSet::DECK52, 2);
        x.iter(|| {
            let c = Card::from_index(black_box(17));
            m.remove(c);
            m.insert(c);
            m.count(c)
        })
    });
    g.finish();
    let mut g = c.benchmark_group("shuffle");
    g.throughput(Throughput::Elements(52));
    let mut rng = GameRng::new(1, 2);
    let mut p: Pile<52> = Pile::from_slice(&Card::all52().collect::<Vec<_>>());
    g.bench_function("deck52", |x| x.iter(|| p.shuffle(&mut rng)));
    g.finish();
}

criterion_group!(benches, cardset);
criterion_main!(benches);
