//! Broken Ladder's determinizer, hidden zones, view JSON and state JSON: the harness checks
//! over random deals of every table size and switch, plus a scripted state (a discard taken
//! in view of all stays in the taker's hand).

use super::tests::{example_deal, rules};
use super::*;
use crate::cards::{Card, GameRng};
use crate::game::check::{determinizer, determinizer_uniform, determinizer_uniform_random};
use crate::game::{Game, SeatView};

const SWITCHES: [&[(&str, &str)]; 3] = [
    &[],
    &[("packs_per_two", "1.5"), ("rediscard", "off")],
    &[("rank_limit", "off")],
];

#[test]
fn samples_agree_with_every_view_at_every_state() {
    for (i, kv) in SWITCHES.iter().enumerate() {
        for players in 2..=8 {
            let deals = if players <= 3 { 2 } else { 1 };
            determinizer::<BrokenLadder>(&rules(kv), players, deals, 50 + i as u64).unwrap();
        }
    }
}

#[test]
fn unknown_cards_are_placed_uniformly() {
    for (i, kv) in SWITCHES.iter().enumerate() {
        for players in [2, 4, 8] {
            determinizer_uniform_random::<BrokenLadder>(&rules(kv), players, 3, 600, 90 + i as u64)
                .unwrap();
        }
    }
}

#[test]
fn a_discard_taken_in_view_of_all_stays_in_the_takers_hand() {
    let mut g = example_deal(&Rules::default());
    // Seat 1 takes the 2H upcard and discards the AC: seat 0 knows seat 1 holds 2H.
    g.apply(Action::DrawDiscard);
    g.apply(Action::Discard("AC".parse().unwrap()));
    let two: Card = "2H".parse().unwrap();
    let v = g.view(0);
    assert_eq!(v.known[1].as_slice(), &[two]);
    let mut rng = GameRng::new(7, 7);
    let mut others_vary = false;
    for _ in 0..50 {
        let s = BrokenLadder::determinize(&v, &mut rng);
        assert!(s.hands[1].as_slice().contains(&two), "2H stays with seat 1");
        assert_eq!(
            s.hands[0].as_slice(),
            g.hands[0].as_slice(),
            "own hand kept"
        );
        others_vary |= s.hands[1].counts() != g.hands[1].counts();
    }
    assert!(others_vary, "the unknown cards of seat 1 are sampled");
    determinizer_uniform(&g, 0, 2000, 3).unwrap();
}

#[test]
fn the_view_json_shows_what_the_seat_sees() {
    let mut g = example_deal(&Rules::default());
    g.apply(Action::DrawDiscard);
    let j = g.view(0).to_json();
    assert_eq!(j["seat"], 0);
    assert_eq!(j["dealer"], 0);
    assert_eq!(j["phase"], "discard");
    assert_eq!(j["to_act"], 1);
    assert_eq!(j["head"], "5S");
    assert_eq!(j["starters"], serde_json::json!(["7D", "3D"]));
    assert_eq!(j["hand"], serde_json::json!(["KC", "QD", "QH", "9S", "8C"]));
    assert_eq!(j["hand_sizes"], serde_json::json!([5, 6]));
    assert_eq!(j["known"], serde_json::json!([[], ["2H"]]));
    assert_eq!(j["discard"], serde_json::json!([]));
    assert_eq!(j["took_discard"], false, "seat 0 is not to act");
    let own = g.view(1).to_json();
    assert_eq!(own["took_discard"], true);
    assert_eq!(own["hand"][5], "2H", "the card taken is the last in hand");
    assert_eq!(j["rank_limit"], 2);
}

#[test]
fn the_state_json_holds_every_card() {
    let g = example_deal(&Rules::default());
    let j = g.state_json();
    assert_eq!(
        j["hands"][1],
        serde_json::json!(["AC", "3S", "3C", "4H", "5D"])
    );
    assert_eq!(j["head"], "5S");
    assert_eq!(j["discard"], serde_json::json!(["2H"]));
    let stock = j["stock"].as_array().unwrap();
    assert_eq!(stock.len(), 52 - 1 - 2 - 10 - 1);
    assert_eq!(stock[stock.len() - 2..], ["6C", "6D"]);
    assert_eq!(j["rules"]["rank_limit"], "2");
}

#[test]
fn bots_are_seat_symmetric() {
    use crate::game::check::seat_symmetry;
    use crate::strategy::{build, resolve};
    for name in ["greedy", "collector"] {
        let spec = resolve::<BrokenLadder>(name).unwrap();
        for (i, kv) in SWITCHES.iter().enumerate() {
            for players in [2, 3, 5] {
                seat_symmetry::<BrokenLadder>(&rules(kv), players, 20, 30 + i as u64, &|_| {
                    build(&spec)
                })
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
}

#[test]
fn deals_end_by_their_reasons() {
    let name = |g: &BrokenLadder| BrokenLadder::END_REASONS[g.result().end as usize].name;
    let mut g = example_deal(&Rules::default());
    g.apply(Action::LayDown);
    assert_eq!(name(&g), "laid-down");
    let mut g = example_deal(&Rules::default());
    g.end(Outcome::StockExhausted);
    assert_eq!(name(&g), "stock-exhausted");
    g.end(Outcome::TurnCap);
    assert_eq!(name(&g), "turn-cap");
}

#[test]
fn score_refuses_more_copies_than_the_shoe_holds() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let five = "--head 5S --starter 3D 5H 5H 5H 5H 5H";
    let err = BrokenLadder::score_cli(&Rules::default(), &args(five)).unwrap_err();
    assert!(err.contains("5H appears 5 times"), "{err}");
    let wide = rules(&[("packs_per_two", "1.5")]);
    assert!(BrokenLadder::score_cli(&wide, &args(five)).is_ok());
    let four = "--head 5S --starter 3D 5H 5H 5H 5H 6H";
    assert!(BrokenLadder::score_cli(&Rules::default(), &args(four)).is_ok());
}

/// The search bots too: their samples deal the hidden cards relative to the searching seat.
#[test]
fn search_bots_are_seat_symmetric() {
    crate::strategy::search::symmetric::search_bots_are_seat_symmetric::<BrokenLadder>(
        &Rules::default(),
        &[2, 3, 4],
        2,
        63,
    );
}
