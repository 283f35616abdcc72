//! Golf deals per second, one thread, with random and greedy at four seats.

use cardsim::game::{ActionList, Game, Table};
use cardsim::games::golf::{Golf, GolfRules};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{build, resolve};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn deals(c: &mut Criterion) {
    let mut g = c.benchmark_group("golf_deal_4p");
    g.throughput(Throughput::Elements(1));
    for bot in ["random", "greedy"] {
        let spec = resolve::<Golf>(bot).unwrap();
        let mut seats: Vec<_> = (0..4).map(|_| build::<Golf>(&spec)).collect();
        let mut buf = ActionList::new();
        let rules = GolfRules::default();
        let table = Table::first(4);
        let mut i = 0u64;
        g.bench_function(bot, |x| {
            x.iter(|| {
                i += 1;
                play_deal(
                    &rules,
                    &table,
                    &mut deal_rngs(1, i, 0),
                    &mut seats,
                    &mut buf,
                    &mut Quiet,
                )
                .0
            })
        });
    }
    g.finish();
    let _ = Golf::NAME;
}

criterion_group!(benches, deals);
criterion_main!(benches);
