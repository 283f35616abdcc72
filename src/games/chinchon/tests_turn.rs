//! Chinchón: what `greedy` remembers between decisions (the hands whose least points it
//! worked out) and what it leaves unasked (odds no keep value needs, keep values a bound
//! rules out) change no choice: at every decision of many deals, a `greedy` that remembers
//! chooses what a fresh one chooses.

use super::*;
use crate::sim::Observer;
use crate::strategy::{Params, Strategy};

/// Asks a fresh `greedy` before each decision and fails when the seat chooses otherwise.
#[derive(Default)]
struct Fresh {
    expect: Option<Action>,
    decisions: u32,
    takes: u32,
}

impl Observer<Chinchon> for Fresh {
    fn before(&mut self, g: &Chinchon, seat: Seat, _legal: &[Action]) {
        let mut fresh = Greedy::new(&Params::default());
        self.expect = Some(fresh.act(&g.view(seat), &[], &mut GameRng::new(1, 1)));
    }

    fn chose(&mut self, _g: &Chinchon, seat: Seat, a: Action) {
        assert_eq!(self.expect.take(), Some(a), "seat {seat}");
        self.decisions += 1;
        self.takes += (a == Action::DrawDiscard) as u32;
    }
}

#[test]
fn remembering_greedy_chooses_as_a_fresh_one() {
    let mut seats: Vec<Box<dyn Strategy<Chinchon>>> = (0..4)
        .map(|_| Box::new(Greedy::new(&Params::default())) as _)
        .collect();
    let mut buf = ActionList::new();
    let mut obs = Fresh::default();
    let rich = Rules {
        wild: 4,
        circ: 6,
        draw: 4,
        ..Rules::default()
    };
    for (r, players) in [
        (Rules::default(), 2),
        (Rules::default(), 4),
        (rich, 3),
        (Rules::classic(), 2),
    ] {
        for i in 0..120u64 {
            let t = Table::first(players);
            play_deal(
                &r,
                &t,
                &mut deal_rngs(77, i, 0),
                &mut seats[..players],
                &mut buf,
                &mut obs,
            );
        }
    }
    assert!(
        obs.takes > 400 && obs.decisions > 10_000, // 724 takes in 11,614 decisions
        "{} takes in {} decisions",
        obs.takes,
        obs.decisions
    );
}
