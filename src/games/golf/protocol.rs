//! Golf's actions as structured JSON (protocol v2, `trace --json`): the schema is
//! `docs/schema/golf.actions.json`. Positions are 0-5 (0-2 the top row, 3-5 the bottom);
//! no card the seat to act cannot see is named (a face-down card, the stock's top).

use super::state::{Action, Golf};
use serde_json::{Value, json};

/// `a`, about to be played in `g`, as structured JSON.
pub(super) fn action_json(g: &Golf, a: Action) -> Value {
    let s = g.seat as usize;
    let held = || g.held.map(|c| c.to_string());
    match a {
        Action::Flip(p) => json!({"kind": "flip", "position": p}),
        Action::NoFlip => json!({"kind": "no-flip"}),
        Action::DrawStock => json!({"kind": "draw", "pile": "stock"}),
        Action::DrawDiscard => json!({"kind": "draw", "pile": "discard",
            "card": g.discard.top().map(|c| c.to_string())}),
        Action::Swap(p) => {
            let up = g.up[s] >> p & 1 == 1;
            let replaced = up.then(|| g.grids[s][p as usize].to_string());
            json!({"kind": "swap", "position": p, "card": held(), "replaces": replaced})
        }
        Action::Discard => json!({"kind": "discard", "card": held()}),
    }
}
