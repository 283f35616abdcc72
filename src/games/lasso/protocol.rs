//! Lasso's actions as structured JSON (protocol v2, `trace --json`): the schema is
//! `docs/schema/lasso.actions.json`. Piles are the slots 0-3; a stock draw names no card
//! (its top is hidden), nor does a blind discard.

use super::scoring::classify;
use super::state::{Action, Lasso, Phase};
use crate::cards::Card;
use serde_json::{Value, json};

fn cards(cs: impl IntoIterator<Item = Card>) -> Value {
    cs.into_iter().map(|c| c.to_string()).collect()
}

/// `a`, about to be played in `g`, as structured JSON.
pub(super) fn action_json(g: &Lasso, a: Action) -> Value {
    match a {
        Action::Pass => {
            let what = match g.phase {
                Phase::Lasso => "lasso",
                Phase::Answer(_) => "answer",
                _ => "set",
            };
            json!({"kind": "pass", "declines": what})
        }
        Action::Setup(up, down) => json!({"kind": "setup", "up": up.to_string(),
            "down": down.to_string()}),
        Action::Reveal(p) => json!({"kind": "reveal", "pile": p}),
        Action::Take(p, n) => {
            let pile = g.piles[p as usize].as_slice();
            let taken = &pile[pile.len().saturating_sub(n as usize)..];
            json!({"kind": "take", "pile": p, "count": n, "cards": cards(taken.iter().copied())})
        }
        Action::Stock => json!({"kind": "draw", "pile": "stock"}),
        Action::Discard(c, p) => json!({"kind": "discard", "card": c.to_string(), "pile": p}),
        Action::Blind(p) => json!({"kind": "blind", "pile": p}),
        Action::DrawUntil => json!({"kind": "draw-until"}),
        Action::Refill(p, c) => json!({"kind": "refill", "pile": p, "card": c.to_string()}),
        Action::RefillWith(c) => json!({"kind": "refill-with", "card": c.to_string()}),
        Action::RefillStock => json!({"kind": "refill-stock"}),
        Action::Lay(s) => {
            let (k, pts) = classify(s).map_or(("?", 0), |(k, p)| (k.name(), p));
            json!({"kind": "lay", "cards": cards(s.iter()), "set": k, "points": pts})
        }
        Action::SetLow(c) => json!({"kind": "set-low", "card": c.to_string()}),
        Action::Lasso(c) => json!({"kind": "lasso", "card": c.to_string(), "set": g.chain_set}),
        Action::Answer(c) => json!({"kind": "answer", "card": c.to_string(), "set": g.chain_set}),
    }
}
