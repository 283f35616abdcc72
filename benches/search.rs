//! The search bots' speed, per game at the strength study's table (2 players; Hand and Foot
//! 4, partners), one thread:
//! - `<game>_rollout`: one determinization of a mid-deal position for the seat to act, then
//!   a greedy rollout to the end (16 positions in turn);
//! - `<game>_ismcts`: one `ismcts` decision at its default budget (1,000 iterations).

use cardsim::cards::GameRng;
use cardsim::game::{ActionList, Game};
use cardsim::games::{GameVisitor, NAMES, with_game};
use cardsim::strategy::search::ismcts::Ismcts;
use cardsim::strategy::search::rollout::{Policy, Rollout};
use cardsim::strategy::search::speed::{positions, sample_and_roll};
use cardsim::strategy::{Params, Strategy};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

struct Search<'a>(&'a mut Criterion);

impl GameVisitor for Search<'_> {
    type Out = ();
    fn visit<G: Game>(self) {
        let rules = G::Rules::default();
        let players = if G::check_players(&rules, 2).is_ok() {
            2
        } else {
            4
        };
        let pos = positions::<G>(&rules, players, 16);
        let mut rollout = Rollout::<G>::new(Policy::Greedy, 0);
        let mut rng = GameRng::new(1, 1);
        let mut i = 0;
        self.0.bench_function(&format!("{}_rollout", G::NAME), |b| {
            b.iter(|| {
                i += 1;
                black_box(sample_and_roll(&pos[i % pos.len()], &mut rollout, &mut rng))
            })
        });
        let mut bot = Ismcts::<G>::new(&Params::default());
        let mut buf = ActionList::new();
        self.0.bench_function(&format!("{}_ismcts", G::NAME), |b| {
            b.iter(|| {
                i += 1;
                let p = &pos[i % pos.len()];
                let seat = p.to_act().unwrap();
                Strategy::<G>::begin_deal(&mut bot, seat);
                p.legal_actions(&mut buf);
                black_box(bot.act(&p.view(seat), &buf, &mut rng))
            })
        });
    }
}

fn search(c: &mut Criterion) {
    for g in NAMES {
        with_game(g, Search(c));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
