//! Hand and Foot's actions as structured JSON (protocol v2, `trace --json`): the schema is
//! `docs/schema/hand-and-foot.actions.json`. Cards as the view writes them (`QH`, `JK`,
//! `JK2`); a meld's rank as its letter (`7`, `T`, `A`); a wild as `2` or `joker`.

use super::state::{Action, HandAndFoot};
use super::view::card_text;
use crate::cards::Rank;
use serde_json::{Value, json};

/// The wild card kind of a meld action (0: a natural, no wild).
fn wild(w: u8) -> Value {
    match w {
        1 => json!("2"),
        2 => json!("joker"),
        _ => Value::Null,
    }
}

/// `a`, about to be played in `g`, as structured JSON.
pub(super) fn action_json(g: &HandAndFoot, a: Action) -> Value {
    let rank = |r: u8| Rank::new(r).letter().to_string();
    match a {
        Action::Pass(k) => json!({"kind": "pass", "packet": k, "to": (g.seat + 1) % g.players}),
        Action::Keep(own) => json!({"kind": "keep",
            "packet": if own { "own" } else { "received" }}),
        Action::Draw => json!({"kind": "draw", "pile": "stock", "count": 2}),
        Action::TakeUpcard => json!({"kind": "take-upcard",
            "card": g.discard.top().map(card_text)}),
        Action::TakePile => json!({"kind": "take-pile",
            "card": g.discard.top().map(card_text), "size": g.discard.len()}),
        Action::New { rank: r, wild: w } => {
            json!({"kind": "meld", "rank": rank(r), "wild": wild(w)})
        }
        Action::Add { rank: r, wild: w } => {
            json!({"kind": "add", "rank": rank(r), "wild": wild(w)})
        }
        Action::Retract => json!({"kind": "retract"}),
        Action::Discard(c) => json!({"kind": "discard", "card": card_text(c)}),
    }
}
