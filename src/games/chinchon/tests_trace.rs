//! Chinchón in `trace --json`: cards in the game's own notation, the stock a reshuffle made,
//! and who laid off which card at the close.

use super::*;
use serde_json::{Value, json};

/// Every card index of the shoe is written as `cardsim score chinchon` and the view JSON
/// read it (`7E`, not the French `5H`; `WILD`, not `TS`; `REV`, not `JK`).
#[test]
fn trace_cards_are_written_in_chinchon_notation_and_read_back() {
    assert_eq!(Chinchon::card_text(c("7E")), "7E");
    assert_eq!(Chinchon::card_text(WILD), "WILD");
    assert_eq!(Chinchon::card_text(REV), "REV");
    for (x, _) in shoe(&Rules::default(), 8).iter() {
        let text = Chinchon::card_text(x);
        assert_eq!(Chinchon::card_from_text(&text), Some(x), "{text}");
        assert_eq!(cards::parse(&text), Ok(x), "{text}");
    }
}

/// Names of a pile, bottom first.
fn names(cards: &[crate::cards::Card]) -> Vec<String> {
    cards.iter().map(|&x| name(x)).collect()
}

/// Plays deals drawing from the stock and shedding the first card (never closing) through
/// several reshuffles: each reshuffle's step announces `new_stock`, and from then on the
/// stock is always a prefix of it (its cards are drawn from the end, in that order), so a
/// replay knows every later stock draw.
#[test]
fn a_reshuffle_announces_the_new_stock_order_that_later_draws_follow() {
    let r = Rules::default();
    let mut reshuffles = 0;
    for seed in 0..6 {
        let mut g = Chinchon::deal(
            &r,
            &Table::first(2 + seed as usize % 3),
            &mut GameRng::new(seed, 9),
        );
        let mut order: Option<Vec<String>> = None;
        while g.to_act().is_some() && g.reshuffles < 3 {
            let a = match g.phase {
                Phase::Draw if g.stock_available() => Action::DrawStock,
                Phase::Draw => Action::DrawDiscard,
                _ => Action::Discard(g.hands[g.turn].as_slice()[0]),
            };
            let details = super::text::trace_details(&g, a);
            let before = g.reshuffles;
            g.apply(a);
            let announced = details.as_ref().and_then(|d| d.get("new_stock"));
            if g.reshuffles > before {
                reshuffles += 1;
                let v: Vec<String> =
                    serde_json::from_value(announced.expect("a new stock").clone()).unwrap();
                assert_eq!(v.len(), g.stock.len() + 1, "the step drew one card of it");
                order = Some(v);
            } else {
                assert_eq!(announced, None, "{a:?}");
            }
            if let Some(o) = &order {
                let now = names(g.stock.as_slice());
                assert_eq!(
                    now[..],
                    o[..now.len()],
                    "the stock follows the announced order"
                );
            }
        }
    }
    assert!(reshuffles >= 6, "{reshuffles}");
}

/// Seat 0 lays down 5C 6C 7C and lays off 6E onto 3E 4E 5E and 6B onto 7B 8B 9B: the close's
/// trace line, the final state's `close` and the text trace all say so.
#[test]
fn the_close_says_who_laid_off_which_card() {
    let r = Rules::default();
    let hands = [
        "5C 6C 7C 6E 6B 12C 11E",
        "1C 2C 3C 10O 10B 11B 12B",
        "3E 4E 5E 7B 8B 9B 1O",
    ];
    let mut g = game(&r, &hands, "9O", "12O");
    g.apply(Action::DrawStock);
    let close = Action::Close(c("12O"));
    let details = super::text::trace_details(&g, close).expect("a close has details");
    let line = g.describe(close);
    g.apply(close);
    let melds: Vec<Vec<String>> = g.close.melds[..g.close.n_melds]
        .iter()
        .map(|m| names(m.as_slice()))
        .collect();
    let onto = |card: &str| {
        melds
            .iter()
            .position(|m| m.iter().any(|x| x == card))
            .unwrap()
    };
    let all = details["lay_offs"].as_array().expect("a list").clone();
    let mine: Vec<Value> = all.iter().filter(|x| x["seat"] == 0).cloned().collect();
    let want = [
        json!({"seat": 0, "card": "6E", "meld": onto("6E")}),
        json!({"seat": 0, "card": "6B", "meld": onto("6B")}),
    ];
    assert_ne!(onto("6E"), onto("6B"));
    assert_eq!(mine, want);
    assert_eq!(
        g.state_json()["close"]["lay_offs"],
        Value::Array(all.clone())
    );
    assert!(
        line.contains("seat 0 lays off 6E") && line.contains("seat 0 lays off 6B"),
        "{line}"
    );
    assert!(g.render().contains("seat 0 laid off 6B"));
    // In turn order from the closer (seat 2, then 1, then 0), as many as each seat laid off,
    // and never one of the closer's own cards.
    let seats: Vec<u64> = all.iter().map(|x| x["seat"].as_u64().unwrap()).collect();
    assert!(seats.windows(2).all(|w| w[0] >= w[1]), "{seats:?}");
    for p in 0..3 {
        let n = seats.iter().filter(|&&x| x == p as u64).count();
        assert_eq!(n, g.close.laid_off[p] as usize);
    }
}
