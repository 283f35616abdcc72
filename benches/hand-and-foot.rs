//! Hand and Foot: full 4-player deals with `random` and with `greedy`, and the legal-move
//! listing of a mid-deal position (the hot function of every decision).

use cardsim::cards::GameRng;
use cardsim::game::{ActionList, Game, Table};
use cardsim::games::hand_and_foot::{HandAndFoot, HfRules};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn deals(c: &mut Criterion, bot: &str) {
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
    for _ in 0..30 {
        s.legal_actions(&mut buf);
        s.apply(buf[rng.index(buf.len())]);
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
