//! Broken Ladder's actions as structured JSON (protocol v2, `trace --json`): the schema is
//! `docs/schema/broken-ladder.actions.json`. A stock draw names no card (its top is hidden).

use super::state::{Action, BrokenLadder};
use serde_json::{Value, json};

/// `a`, about to be played in `g`, as structured JSON.
pub(super) fn action_json(g: &BrokenLadder, a: Action) -> Value {
    match a {
        Action::LayDown => {
            let cards: Vec<String> = g.hands[g.to_act]
                .as_slice()
                .iter()
                .map(|c| c.to_string())
                .collect();
            json!({"kind": "lay-down", "cards": cards})
        }
        Action::DrawStock => json!({"kind": "draw", "pile": "stock"}),
        Action::DrawDiscard => json!({"kind": "draw", "pile": "discard",
            "card": g.discard.top().map(|c| c.to_string())}),
        Action::Discard(c) => json!({"kind": "discard", "card": c.to_string()}),
    }
}
