//! Text and JSON forms of a deal: the whole state as JSON for `trace --json` (enough to
//! replay and re-score the deal alone).

use super::cards::{name, names_json};
use super::state::Chinchon;
use super::view::{counts_json, effect_json, end_json, phase_name};
use crate::game::Rules as _;
use serde_json::{Value, json};

/// The whole state, hidden cards included. Piles are listed bottom first (the stock's top,
/// the next card drawn, is its last card).
pub(crate) fn state_json(g: &Chinchon) -> Value {
    let rules: serde_json::Map<String, Value> = g
        .rules
        .values()
        .into_iter()
        .map(|(k, v)| (k.to_string(), Value::String(v)))
        .collect();
    let seats = 0..g.players;
    let mut v = json!({
        "rules": rules,
        "players": g.players,
        "active": g.active.iter().collect::<Vec<_>>(),
        "turn": g.turn,
        "phase": phase_name(g.phase),
        "direction": if g.clockwise { "clockwise" } else { "counter-clockwise" },
        "turns": g.turns,
        "hands": seats.clone().map(|s| names_json(g.hands[s].as_slice())).collect::<Vec<_>>(),
        "known": seats.map(|s| names_json(g.known[s].as_slice())).collect::<Vec<_>>(),
        "stock": names_json(g.stock.as_slice()),
        "discard": names_json(g.discard.as_slice()),
        "face_down": g.face_down.map(name),
        "last_effect": effect_json(g.effect),
        "end": end_json(g.end),
        "reshuffles": g.reshuffles,
        "restocked": counts_json(&g.restocked),
    });
    if let super::End::Closed(_) = g.end {
        let c = &g.close;
        v["close"] = json!({
            "melds": c.melds[..c.n_melds].iter().map(|m| names_json(m.as_slice())).collect::<Vec<_>>(),
            "laid_off": &c.laid_off[..g.players],
            "minus_ten": c.minus_ten,
            "chinchon": c.chinchon,
            "scores": &c.scores[..g.players],
        });
    }
    v
}
