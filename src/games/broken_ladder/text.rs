//! Text for people and for tools: trace lines (`describe`), the full picture (`render`) and
//! the state as JSON (`state_json`, for `trace --json`).

use super::scoring::{cards_text, layer_score, need};
use super::state::{Action, BrokenLadder, Outcome};
use crate::cards::Card;
use crate::game::{Game, Rules as _};
use std::fmt::Write as _;

/// One trace line for `action` about to be played in `g`.
pub(super) fn describe(g: &BrokenLadder, action: Action) -> String {
    let s = g.to_act;
    match action {
        Action::LayDown => format!(
            "seat {s} lays down {} (Starter {} + {} = Head {}) for {}",
            cards_text(g.hands[s].as_slice()),
            g.starters[s],
            g.hands[s].signed_sum(),
            g.head,
            layer_score(&g.hands[s])
        ),
        Action::DrawStock => match g.stock.top() {
            Some(c) => format!("seat {s} draws {c} from the stock"),
            None => format!("seat {s} draws from an empty stock"),
        },
        Action::DrawDiscard => match g.discard.top() {
            Some(c) => format!("seat {s} takes {c} from the discard pile"),
            None => format!("seat {s} takes from an empty discard pile"),
        },
        Action::Discard(c) => format!("seat {s} discards {c}"),
    }
}

/// The whole deal, every card shown, for traces and failed checks.
pub(super) fn render(g: &BrokenLadder) -> String {
    let mut out = format!(
        "dealer {} | Head {} | stock {} | discard {} (top {}) | turn {} | ",
        g.dealer,
        g.head,
        g.stock.len(),
        g.discard.len(),
        g.discard.top().map_or("-".into(), |c| c.to_string()),
        g.turns
    );
    match g.outcome {
        Outcome::Running => write!(out, "seat {} to {:?}", g.to_act, g.phase),
        o => write!(out, "over: {o:?}"),
    }
    .ok();
    for s in 0..g.players {
        let need = need(g.head, g.starters[s], &g.hands[s]);
        write!(
            out,
            "\n  seat {s}: Starter {} hand [{}] needs {need:+}",
            g.starters[s],
            cards_text(g.hands[s].as_slice())
        )
        .ok();
    }
    out
}

/// The whole state as JSON: enough to replay and re-score the deal alone.
pub(super) fn state_json(g: &BrokenLadder) -> serde_json::Value {
    let text = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let n = g.players;
    let rules = g.rules.values_json();
    serde_json::json!({
        "rules": rules,
        "players": n,
        "dealer": g.dealer,
        "packs": g.packs,
        "phase": format!("{:?}", g.phase).to_lowercase(),
        "to_act": g.to_act,
        "turns": g.turns,
        "head": g.head.to_string(),
        "starters": text(&g.starters[..n]),
        "hands": (0..n).map(|s| text(g.hands[s].as_slice())).collect::<Vec<_>>(),
        "known": (0..n).map(|s| text(g.known[s].as_slice())).collect::<Vec<_>>(),
        "stock": text(g.stock.as_slice()),
        "discard": text(g.discard.as_slice()),
        "taken": g.taken.map(|c| c.to_string()),
        "outcome": format!("{:?}", g.outcome),
        "scores": &g.result().scores[..n],
    })
}

/// The finished deal for `cardsim play` (see `Game::end_lines`): the lay-down, if any, as
/// the sum it makes, then every hand laid open with its Starter and how far it is from the
/// Head.
pub(super) fn end_lines(g: &BrokenLadder, name: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut out = vec![format!("Head {}", g.head)];
    if let Outcome::LaidDown(w) = g.outcome {
        out.push(format!(
            "{} laid down {}: Starter {} {:+} = Head {}, for {} (10 x its cards)",
            name(w),
            cards_text(g.hands[w].as_slice()),
            g.starters[w],
            g.hands[w].signed_sum(),
            g.head,
            layer_score(&g.hands[w])
        ));
    }
    for s in 0..g.players {
        let off = match need(g.head, g.starters[s], &g.hands[s]) {
            0 => "makes the Head".to_string(),
            n => format!("needs {n:+} to make the Head"),
        };
        out.push(format!(
            "{}: Starter {}, hand {} ({off})",
            name(s),
            g.starters[s],
            cards_text(g.hands[s].as_slice())
        ));
    }
    out
}
