//! Golf's determinizer, hidden zones, view JSON and state JSON: the harness checks over
//! random deals of every table size and the switches that change what is hidden, plus
//! scripted states (a discard taken in view of all, a reshuffled stock).

use super::tests::{cards, open_all, rules, two_player_full};
use super::*;
use crate::cards::Card;
use crate::cards::GameRng;
use crate::game::check::{determinizer, determinizer_uniform, determinizer_uniform_random};
use crate::game::{Game, SeatView};

const SWITCHES: &[&[(&str, &str)]] = &[
    &[],
    &[("flip_after_discard", "optional"), ("final_turns", "no")],
    &[
        ("flip_after_discard", "required"),
        ("empty_stock", "reshuffle"),
    ],
    &[("jokers", "on"), ("decks", "2")],
];

#[test]
fn samples_agree_with_every_view_at_every_state() {
    for (i, kv) in SWITCHES.iter().enumerate() {
        let r = rules(kv);
        for players in 2..=8 {
            let deals = if players <= 4 { 12 } else { 3 };
            determinizer::<Golf>(&r, players, deals, 40 + i as u64).unwrap();
        }
    }
}

#[test]
fn unknown_cards_are_placed_uniformly() {
    for (i, kv) in SWITCHES.iter().enumerate() {
        for players in [2, 4, 7] {
            determinizer_uniform_random::<Golf>(&rules(kv), players, 3, 800, 70 + i as u64)
                .unwrap();
        }
    }
}

#[test]
fn a_discard_taken_in_view_of_all_stays_in_the_takers_hand() {
    let mut g = two_player_full(&GolfRules::default(), "2C 6C 8H 9H TC");
    open_all(&mut g);
    g.apply(Action::DrawDiscard);
    let v = g.view(0);
    assert_eq!(v.held(), Some(cards("4H")[0]), "seat 0 saw seat 1 take 4H");
    let mut rng = GameRng::new(3, 3);
    for _ in 0..50 {
        let s = Golf::determinize(&v, &mut rng);
        assert_eq!(s.held, Some(cards("4H")[0]));
        assert_eq!(s.grids[0][0], g.grids[0][0], "face-up cards stay");
        assert_eq!(s.stock.len(), g.stock.len());
    }
    determinizer_uniform(&g, 0, 2000, 9).unwrap();
}

#[test]
fn a_hidden_stock_card_and_the_stock_order_are_sampled() {
    let mut g = two_player_full(&GolfRules::default(), "2C 6C 8H 9H TC");
    open_all(&mut g);
    g.apply(Action::DrawStock);
    let v = g.view(0);
    assert_eq!(v.held(), None, "seat 0 does not see seat 1's stock card");
    let mut rng = GameRng::new(4, 4);
    let (mut held_differs, mut order_differs) = (false, false);
    for _ in 0..50 {
        let s = Golf::determinize(&v, &mut rng);
        held_differs |= s.held != g.held;
        order_differs |= s.stock.as_slice() != g.stock.as_slice();
    }
    assert!(held_differs && order_differs);
    let own = Golf::determinize(&g.view(1), &mut rng);
    assert_eq!(own.held, g.held, "the holder knows its card");
}

#[test]
fn after_a_reshuffle_the_stock_keeps_the_cards_turned_over() {
    let mut g = two_player_full(&rules(&[("empty_stock", "reshuffle")]), "2C 6C 8H");
    open_all(&mut g);
    while !g.reshuffled {
        g.apply(Action::DrawStock);
        g.apply(Action::Discard);
    }
    assert!(g.view(0).stock_known());
    g.apply(Action::DrawStock);
    let mut real: Vec<Card> = g.stock.as_slice().to_vec();
    real.extend(g.held);
    let turned = sorted(&real);
    let mut rng = GameRng::new(5, 5);
    for seat in 0..2 {
        for _ in 0..40 {
            let s = Golf::determinize(&g.view(seat), &mut rng);
            let mut pool: Vec<Card> = s.stock.as_slice().to_vec();
            pool.extend(s.held);
            assert_eq!(
                sorted(&pool),
                turned,
                "the stock holds what was turned over"
            );
            assert_eq!(s.hidden_from(seat), g.hidden_from(seat));
        }
    }
}

fn sorted(cs: &[Card]) -> Vec<String> {
    let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_view_json_shows_what_the_seat_sees() {
    let mut g = two_player_full(&GolfRules::default(), "2C 6C 8H 9H TC");
    open_all(&mut g);
    g.apply(Action::DrawStock);
    let j = g.view(0).to_json();
    assert_eq!(j["seat"], 0);
    assert_eq!(j["players"], 2);
    assert_eq!(j["dealer"], 0);
    assert_eq!(j["phase"], "place-stock");
    assert_eq!(j["to_act"], g.seat);
    assert_eq!(j["discard"], serde_json::json!(["4H"]));
    assert_eq!(j["stock"], g.stock.len());
    assert_eq!(j["held"], serde_json::Value::Null);
    assert_eq!(j["holder"], g.seat);
    assert_eq!(j["stock_known"], false);
    assert_eq!(j["ender"], serde_json::Value::Null);
    let grid = &j["grids"][1];
    for p in 0..6 {
        let shown = g.view(0).card(1, p).map(|c| c.to_string());
        assert_eq!(grid[p], serde_json::json!(shown));
    }
    assert_eq!(g.view(g.seat as usize).to_json()["held"], "2C");
}

#[test]
fn the_state_json_holds_every_card() {
    let mut g = two_player_full(&GolfRules::default(), "2C 6C 8H 9H TC");
    open_all(&mut g);
    let j = g.state_json();
    assert_eq!(
        j["grids"][0],
        serde_json::json!(["KS", "KH", "5C", "5D", "9C", "9D"])
    );
    let stock = j["stock"].as_array().unwrap();
    assert_eq!(stock.len(), 52 - 13);
    assert_eq!(stock[stock.len() - 5..], ["TC", "9H", "8H", "6C", "2C"]);
    assert_eq!(j["discard"], serde_json::json!(["4H"]));
    assert_eq!(j["rules"]["empty_stock"], "end");
    assert_eq!(j["scores"][0], g.scores()[0]);
    assert_eq!(j["face_up"][0].as_array().unwrap().len(), 2);
}

#[test]
fn bots_are_seat_symmetric() {
    use crate::game::check::seat_symmetry;
    use crate::strategy::{build, resolve};
    for name in ["greedy", "cautious", "racer"] {
        let spec = resolve::<Golf>(name).unwrap();
        for (i, kv) in SWITCHES.iter().enumerate() {
            for players in [2, 3, 5] {
                seat_symmetry::<Golf>(&rules(kv), players, 20, 60 + i as u64, &|_| build(&spec))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
}

#[test]
fn deals_end_by_their_reasons() {
    let mut g = two_player_full(&GolfRules::default(), "2C 6C");
    open_all(&mut g);
    while g.to_act().is_some() {
        g.apply(Action::DrawStock);
        g.apply(Action::Discard);
    }
    assert_eq!(
        Golf::END_REASONS[g.result().end as usize].name,
        "stock-exhausted"
    );
    let mut g = two_player_full(&rules(&[("final_turns", "no")]), "2C 6C");
    open_all(&mut g);
    for p in [2, 3, 4, 5] {
        g.apply(Action::DrawStock);
        g.apply(Action::Swap(p));
        if g.to_act().is_some() {
            g.apply(Action::DrawStock);
            g.apply(Action::Discard);
        }
    }
    assert_eq!(Golf::END_REASONS[g.result().end as usize].name, "went-out");
    let mut g = two_player_full(&rules(&[("empty_stock", "reshuffle")]), "2C 6C");
    open_all(&mut g);
    while g.to_act().is_some() {
        g.apply(Action::DrawStock);
        g.apply(Action::Discard);
    }
    assert_eq!(g.turns, state::MAX_TURNS);
    assert_eq!(Golf::END_REASONS[g.result().end as usize].name, "turn-cap");
}

#[test]
fn score_refuses_more_copies_than_the_shoe_holds() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let one = rules(&[("decks", "1")]);
    let err = Golf::score_cli(&one, &args("AS AS 2C 3C 4C 5C")).unwrap_err();
    assert!(err.contains("AS appears 2 times"), "{err}");
    assert!(Golf::score_cli(&GolfRules::default(), &args("AS AS 2C 3C 4C 5C")).is_ok());
    let r = GolfRules::default();
    assert!(Golf::score_cli(&r, &args("AS AS AS 2C 3C 4C")).is_err());
    let j = rules(&[("jokers", "on"), ("decks", "1")]);
    assert!(Golf::score_cli(&j, &args("JK JK 2C 3C 4C 5C")).is_ok());
    assert!(Golf::score_cli(&j, &args("JK JK JK 3C 4C 5C")).is_err());
}

/// The search bots too: their samples deal the hidden cards relative to the searching seat.
#[test]
fn search_bots_are_seat_symmetric() {
    crate::strategy::search::symmetric::search_bots_are_seat_symmetric::<Golf>(
        &GolfRules::default(),
        &[2, 3, 4],
        2,
        61,
    );
}
