//! `cardsim trace chinchon --json` end to end: its cards are in Chinchón notation that
//! `cardsim score chinchon` reads, a reshuffle's new stock order lets a replay name every
//! later stock draw, and the close lists who laid off which card.

mod common;

use common::cardsim;
use serde_json::Value;

/// The JSON lines of one traced deal.
fn trace(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["trace", "chinchon", "--json"];
    all.extend_from_slice(args);
    let o = cardsim(&all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap()
}

/// Seed 77 deal 1 (2 players) reveals `SKIP` and Spanish cards: each revealed card is in
/// the notation of the dealt state, and `score` reads the cards as trace writes them.
#[test]
fn revealed_cards_are_chinchon_cards_that_score_reads() {
    let lines = trace(&["--seed", "77", "--deal", "1", "--players", "2"]);
    let dealt = &lines[1]["state"];
    let mut notation: Vec<String> = strings(&dealt["stock"]);
    notation.extend(strings(&dealt["discard"]));
    let mut revealed = Vec::new();
    for l in lines.iter().filter(|l| l["type"] == "action") {
        for r in l["revealed"].as_array().unwrap() {
            revealed.extend(strings(&r["cards"]));
        }
    }
    assert!(revealed.len() >= 7, "{revealed:?}");
    for c in &revealed {
        // Every revealed card was dealt into the stock or turned up (or held): its name
        // there is the same text.
        let held = lines[1]["state"]["hands"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| strings(h).contains(c));
        assert!(
            notation.contains(c) || held,
            "{c} is not in the dealt state's notation"
        );
    }
    let mut distinct: Vec<&str> = Vec::new();
    for c in &revealed {
        if !distinct.contains(&c.as_str()) {
            distinct.push(c);
        }
    }
    let mut args = vec!["score", "chinchon"];
    args.extend(distinct.iter().take(7));
    let o = cardsim(&args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Four players holding out for a 0-point close often reshuffle: the step that does announces
/// `new_stock`, every later stock draw takes the next card of it from the end (the drawer is
/// shown that card unless it saw it in the discards) and what is left of it is the final
/// stock; the closing line lists its lay-offs as the final state does.
#[test]
fn later_draws_follow_the_announced_stock_and_the_close_lists_lay_offs() {
    let mut checked = 0;
    let mut closes = 0;
    for deal in 0..12 {
        let deal = deal.to_string();
        let lines = trace(&[
            "--seed",
            "5",
            "--deal",
            &deal,
            "--players",
            "4",
            "--rule",
            "close_limit=0",
        ]);
        let mut order: Option<Vec<String>> = None;
        for l in lines.iter().filter(|l| l["type"] == "action") {
            if let Some(s) = l.get("new_stock") {
                order = Some(strings(s));
            }
            // A stock draw: the seat's own, or a `DRAW` card's victim's.
            let own = l["debug"] == "DrawStock";
            let victim = l["action"].as_str().unwrap().contains("draws a card (");
            if let (true, Some(o)) = (own || victim, order.as_mut()) {
                let next = o.pop().expect("the announced stock lasts");
                // A card the drawer saw face up before (in the discards) is no news to it;
                // any card it is shown is the next one.
                for r in l["revealed"].as_array().unwrap() {
                    if own && r["seat"] == l["seat"] {
                        assert_eq!(
                            strings(&r["cards"]),
                            std::slice::from_ref(&next),
                            "deal {deal}: {l}"
                        );
                    }
                }
                checked += 1;
            }
            if l["debug"].as_str().unwrap().starts_with("Close") {
                closes += 1;
                let end = lines.last().unwrap();
                assert_eq!(l["lay_offs"], end["state"]["close"]["lay_offs"]);
            }
        }
        // What is left of the announced order is the final stock, card for card.
        if let Some(o) = order {
            assert_eq!(
                strings(&lines.last().unwrap()["state"]["stock"]),
                o,
                "deal {deal}"
            );
        }
    }
    assert!(checked >= 5 && closes >= 1, "{checked} {closes}");
}
