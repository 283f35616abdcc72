//! `cardsim trace lasso` after a reshuffle: the new stock order is written at every
//! reshuffle (a line under the step in text, `chance.reshuffle.stock` in `--json`), so a
//! later draw is never `?`.

mod common;

use common::cardsim;
use serde_json::Value;

const ARGS: [&str; 13] = [
    "trace",
    "lasso",
    "--players",
    "2",
    "--seed",
    "1",
    "--deal",
    "0",
    "--rule",
    "empty_stock=reshuffle",
    "--strategy",
    "random",
    "--json",
];

#[test]
fn trace_writes_the_new_stock_order_at_every_reshuffle() {
    let text = cardsim(&ARGS[..12]);
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    let prefix = "reshuffle: the stock is now, top first: ";
    let orders: Vec<Vec<String>> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(prefix))
        .map(|o| o.split(' ').map(String::from).collect())
        .collect();
    assert!(orders.len() >= 3, "{} reshuffles in\n{text}", orders.len());
    assert!(!text.contains("draws ? from"), "{text}");

    // the JSON trace gives the same orders (bottom first there, as `state.stock`)
    let json = cardsim(&ARGS);
    assert!(json.status.success());
    let from_json: Vec<Vec<String>> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter_map(|l| {
            let stock = l.get("chance")?["reshuffle"]["stock"].as_array()?.clone();
            Some(
                stock
                    .iter()
                    .rev()
                    .map(|c| c.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect();
    assert_eq!(from_json, orders);
}
