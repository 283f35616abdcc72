//! Chinchón's actions as structured JSON (protocol v2, `trace --json`): the schema is
//! `docs/schema/chinchon.actions.json`. Cards in Chinchón's notation (`7O`, `12B`, `WILD`);
//! a stock draw names no card (its top is hidden).

use super::cards::name;
use super::state::{Action, Chinchon};
use serde_json::{Value, json};

/// `a`, about to be played in `g`, as structured JSON.
pub(super) fn action_json(g: &Chinchon, a: Action) -> Value {
    match a {
        Action::DrawStock => json!({"kind": "draw", "pile": "stock"}),
        Action::DrawDiscard => json!({"kind": "draw", "pile": "discard",
            "card": g.discard.top().map(name)}),
        Action::Discard(c) => json!({"kind": "discard", "card": name(c)}),
        Action::Close(c) => json!({"kind": "close", "card": name(c)}),
    }
}
