//! Tests of the determinizer, the view JSON, hidden zones, end reasons and seat symmetry.

use super::state::{Action, HandAndFoot, Phase};
use super::{Greedy, HfRules};
use crate::cards::{Card, CardCounts, GameRng};
use crate::game::check::{determinizer, determinizer_uniform_random, seat_symmetry};
use crate::game::{Game, Rules, SeatView, Table};
use crate::strategy::{Params, Random, Strategy};

#[test]
fn determinizer_every_state_four_and_six() {
    for players in [4, 6] {
        let states = determinizer::<HandAndFoot>(&HfRules::default(), players, 1, 11).unwrap();
        assert!(states > 100, "{players} players: {states} states");
    }
    let mut r = HfRules::default();
    r.set("upcard", "off").unwrap();
    r.set("rebook", "off").unwrap();
    determinizer::<HandAndFoot>(&r, 4, 1, 12).unwrap();
}

#[test]
fn determinizer_is_uniform() {
    for players in [4, 6] {
        determinizer_uniform_random::<HandAndFoot>(&HfRules::default(), players, 3, 300, 3)
            .unwrap();
    }
}

#[test]
fn sample_keeps_what_the_seat_knows() {
    let mut g = <HandAndFoot as crate::game::Game>::deal(
        &HfRules::default(),
        &Table::first(4),
        &mut GameRng::new(5, 0),
    );
    for _ in 0..4 {
        g.apply(Action::Pass(1));
    }
    for _ in 0..4 {
        g.apply(Action::Keep(true));
    }
    assert_eq!(g.phase, Phase::Draw);
    let mut rng = GameRng::new(1, 2);
    let v = g.view(2);
    let mut moved = false;
    for _ in 0..20 {
        let s = HandAndFoot::determinize(&v, &mut rng);
        assert_eq!(
            (s.hands[2], s.feet[2]),
            (g.hands[2], g.feet[2]),
            "own hand and foot"
        );
        assert_eq!(s.discard.top(), g.discard.top());
        assert_eq!((s.stock.len(), s.hands[1].len()), (g.stock.len(), 13));
        moved |= s.hands[1] != g.hands[1] || s.stock.as_slice() != g.stock.as_slice();
    }
    assert!(moved, "hidden cards are resampled");
    let j = v.to_json();
    assert_eq!(j["foot"].as_array().unwrap().len(), 13);
    assert_eq!(j["hand_sizes"], serde_json::json!([13, 13, 13, 13]));
    assert_eq!(j["phase"], "draw");
    let all = g.hidden_from(2);
    let mut zones = CardCounts::EMPTY;
    g.hidden_zones(2).iter().for_each(|z| zones.add(z));
    assert_eq!(zones, all);
    assert_eq!(all.len(), 216 - 26 - 1);
}

#[test]
fn end_reasons_are_set() {
    let names: Vec<&str> = HandAndFoot::END_REASONS.iter().map(|e| e.name).collect();
    assert_eq!(names, ["went-out", "stock-exhausted", "turn-cap"]);
    let mut seen = [0u32; 3];
    let p = Params::default();
    for i in 0..40 {
        let mut seats: Vec<Box<dyn Strategy<HandAndFoot>>> = (0..4)
            .map(|_| Box::new(Greedy::new(&p)) as Box<dyn Strategy<HandAndFoot>>)
            .collect();
        let mut buf = crate::game::ActionList::new();
        let (r, _) = crate::sim::play_deal(
            &HfRules::default(),
            &Table::first(4),
            &mut crate::sim::deal_rngs(2026, i, 0),
            &mut seats,
            &mut buf,
            &mut crate::sim::Quiet,
        );
        seen[r.end as usize] += 1;
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn state_json_holds_every_card() {
    let g = <HandAndFoot as crate::game::Game>::deal(
        &HfRules::default(),
        &Table::first(6),
        &mut GameRng::new(9, 0),
    );
    let j = g.state_json();
    let mut n = j["stock_bottom_first"].as_array().unwrap().len()
        + j["discard_bottom_first"].as_array().unwrap().len();
    for k in ["hands", "feet", "received"] {
        n += j[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_array().unwrap().len())
            .sum::<usize>();
    }
    assert_eq!(n, 6 * 54);
    assert_eq!(j["phase"], "pass");
    assert_eq!(j["to_act"], 1, "the dealer's left passes first");
    let c: Card = j["discard_bottom_first"][0]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(Some(c), g.discard.top());
}

fn symmetric(knobs: &Params, players: usize) {
    let make = |_p: usize| Box::new(Greedy::new(knobs)) as Box<dyn Strategy<HandAndFoot>>;
    seat_symmetry::<HandAndFoot>(&HfRules::default(), players, 8, 2026, &make).unwrap();
}

#[test]
fn greedy_is_seat_symmetric() {
    for players in [4, 6] {
        symmetric(&Params::default(), players);
        let spec = crate::strategy::resolve::<HandAndFoot>("greedy-cautious").unwrap();
        symmetric(&spec.params, players);
    }
    let mixed = |p: usize| {
        if p.is_multiple_of(2) {
            Box::new(Greedy::new(&Params::default())) as Box<dyn Strategy<HandAndFoot>>
        } else {
            Box::new(Random)
        }
    };
    seat_symmetry::<HandAndFoot>(&HfRules::default(), 4, 6, 7, &mixed).unwrap();
}

/// The search bots too: their samples deal the hidden cards relative to the searching seat.
#[test]
fn search_bots_are_seat_symmetric() {
    crate::strategy::search::symmetric::search_bots_are_seat_symmetric::<HandAndFoot>(
        &HfRules::default(),
        &[4],
        2,
        64,
    );
}
