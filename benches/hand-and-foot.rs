//! Hand and Foot: full 4-player deals with `random`, `greedy` and `greedy-prev` (the greedy
//! before issue 21, to compare), and the legal-move listing of a mid-deal position (the hot
//! function of every decision).

mod common;

use cardsim::cards::GameRng;
use cardsim::game::{ActionList, Game, Table};
use cardsim::games::hand_and_foot::{HandAndFoot, HfRules, Phase};
use common::DealBench;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// With `HF_CPU_RATE=deals` set, plays that many deals and prints deals per CPU-second of
/// this thread: a figure that holds on a loaded machine, where wall-clock times do not.
fn cpu_rate(bot: &str) {
    let Some(n) = std::env::var("HF_CPU_RATE")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        return;
    };
    let Some(r) = common::cpu_rate::<HandAndFoot>(&HfRules::default(), bot, 4, n, 9, false) else {
        return;
    };
    eprintln!(
        "hand-and-foot {bot}: {n} deals in {:.2} CPU s = {:.0} deals per CPU-second, \
         {} heap allocations",
        r.cpu_s,
        r.per_cpu_second(),
        r.allocs
    );
}

fn deals(c: &mut Criterion, bot: &str) {
    cpu_rate(bot);
    let opts = DealBench {
        bots: &[bot],
        id_prefix: "deal/4p/",
        seed: 7,
        rotate_dealer: true,
    };
    common::bench_deals_with::<HandAndFoot>(c, "hand-and-foot", &HfRules::default(), 4, &opts);
}

fn legal(c: &mut Criterion) {
    let rules = HfRules::default();
    let mut s = HandAndFoot::deal(&rules, &Table::first(4), &mut GameRng::new(3, 0));
    let mut buf = ActionList::new();
    let mut rng = GameRng::new(3, 1);
    // Play on to a meld step at least 40 decisions in (a hand of cards to list).
    let mut n = 0;
    while n < 40 || s.phase() != Phase::Meld {
        s.legal_actions(&mut buf);
        s.apply(buf[rng.index(buf.len())]);
        n += 1;
    }
    c.bench_function("hand-and-foot/legal_actions", |b| {
        b.iter(|| {
            s.legal_actions(&mut buf);
            black_box(buf.len())
        })
    });
}

fn random_deals(c: &mut Criterion) {
    common::assert_no_allocations::<HandAndFoot>(&HfRules::default(), 4, 200);
    deals(c, "random");
}

fn greedy_deals(c: &mut Criterion) {
    deals(c, "greedy");
    deals(c, "greedy-prev");
}

criterion_group!(benches, random_deals, greedy_deals, legal);
criterion_main!(benches);
