//! Text and JSON forms of a deal: trace lines (`describe`: each draw with the stock left
//! after it, each action card with what it did), the full picture (`render`), and the whole
//! state as JSON for `trace --json` (enough to replay and re-score the deal alone).

use super::cards::{self, name, names_json};
use super::state::{Action, Chinchon, Effect, End};
use super::view::{counts_json, effect_json, end_json, phase_name};
use crate::cards::Card;
use crate::game::{Game, Rules as _};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// One trace line for `a` about to be played in `g`: what it does, read from a copy of the
/// deal with `a` played (the stock left after a draw, an action card's effect).
pub(crate) fn describe(g: &Chinchon, a: Action) -> String {
    let who = format!("seat {}", g.turn);
    let mut after = g.clone();
    Game::apply(&mut after, a);
    let left = after.stock.len();
    match a {
        Action::DrawStock if after.reshuffles > g.reshuffles => {
            format!("{who} draws from the stock, made of the discards but the top ({left} left)")
        }
        Action::DrawStock => format!("{who} draws from the stock ({left} left)"),
        Action::DrawDiscard => format!(
            "{who} takes {} from the discards",
            g.discard.top().map(name).unwrap_or_default()
        ),
        Action::Discard(c) => match effect_text(&after, left) {
            Some(e) => format!("{who} discards {}: {e}", name(c)),
            None => format!("{who} discards {}", name(c)),
        },
        Action::Close(c) => {
            let mut t = format!("{who} closes, {} face down", name(c));
            for (seat, card, meld) in lay_offs(&after) {
                let _ = write!(t, "; seat {seat} lays off {} on [{}]", name(card), meld + 1);
            }
            t
        }
    }
}

/// Every lay-off of a closed deal `g` as (seat, card, combination index), in turn order from
/// the closer and, for one seat, by combination.
pub(crate) fn lay_offs(g: &Chinchon) -> Vec<(usize, Card, usize)> {
    let mut out = Vec::new();
    let End::Closed(closer) = g.end else {
        return out;
    };
    let c = &g.close;
    let mut seat = g.next(closer);
    while seat != closer {
        for (m, meld) in c.melds[..c.n_melds].iter().enumerate() {
            for (&card, &by) in meld.as_slice().iter().zip(&c.by[m]) {
                if by as usize == seat {
                    out.push((seat, card, m));
                }
            }
        }
        seat = g.next(seat);
    }
    out
}

/// What `trace --json` adds to the line of `a` about to be played in `g`: after a reshuffle,
/// `new_stock`, the stock it made, bottom first (its last card is the first drawn, by this
/// very step); at a close, `lay_offs`, who laid off which card onto which of the closer's
/// combinations (0-based, as in the final state's `close.melds`).
pub(crate) fn trace_details(g: &Chinchon, a: Action) -> Option<Value> {
    let mut after = g.clone();
    Game::apply(&mut after, a);
    let mut v = serde_json::Map::new();
    if after.reshuffles > g.reshuffles {
        let drawer = match (a, after.effect) {
            (Action::Discard(_), Effect::Drew(victim, true)) => victim,
            _ => g.turn,
        };
        let mut stock = after.stock.as_slice().to_vec();
        stock.extend(after.hands[drawer].as_slice().last());
        v.insert("new_stock".into(), names_json(&stock));
    }
    if let End::Closed(_) = after.end {
        v.insert("lay_offs".into(), lay_offs_json(&after));
    }
    (!v.is_empty()).then_some(Value::Object(v))
}

/// The lay-offs of a closed deal as JSON: `[{"seat", "card", "meld"}]`.
fn lay_offs_json(g: &Chinchon) -> Value {
    lay_offs(g)
        .into_iter()
        .map(|(seat, card, meld)| json!({"seat": seat, "card": name(card), "meld": meld}))
        .collect()
}

/// What the action card just discarded did in `g` (`left`: the stock after it).
fn effect_text(g: &Chinchon, left: usize) -> Option<String> {
    Some(match g.effect {
        Effect::Drew(v, true) => format!("seat {v} draws a card ({left} left) and loses its turn"),
        Effect::Drew(v, false) => format!("seat {v} loses its turn (no card to draw)"),
        Effect::Skipped(v) => format!("seat {v} loses its turn"),
        Effect::Reversed if g.clockwise => "play turns clockwise".into(),
        Effect::Reversed => "play turns counter-clockwise".into(),
        Effect::None => return None,
    })
}

/// A full-information picture of the deal, for `trace`.
pub(crate) fn render(g: &Chinchon) -> String {
    let mut s = String::new();
    let dir = if g.clockwise {
        "clockwise"
    } else {
        "counter-clockwise"
    };
    let _ = writeln!(
        s,
        "turn {} seat {} {:?} {dir}; stock {} | discards top {} ({} cards)",
        g.turns,
        g.turn,
        g.phase,
        g.stock.len(),
        g.discard.top().map(name).unwrap_or_else(|| "-".into()),
        g.discard.len()
    );
    if let Some(e) = effect_text(g, g.stock.len()) {
        let _ = writeln!(s, "  last action card: {e}");
    }
    for seat in g.active.iter() {
        let _ = writeln!(
            s,
            "  seat {seat}: {}",
            cards::names(g.hands[seat].as_slice())
        );
    }
    if let End::Closed(c) = g.end {
        let melds: Vec<String> = g.close.melds[..g.close.n_melds]
            .iter()
            .map(|m| cards::names(m.as_slice()))
            .collect();
        let _ = writeln!(
            s,
            "  seat {c} closed ({}): [{}]{}; scores {:?}",
            g.face_down.map(name).unwrap_or_default(),
            melds.join("] ["),
            if g.close.chinchon { " CHINCHON" } else { "" },
            &g.close.scores[..g.players]
        );
        for (seat, card, meld) in lay_offs(g) {
            let _ = writeln!(s, "  seat {seat} laid off {} on [{}]", name(card), meld + 1);
        }
    } else if g.end != End::Running {
        let _ = writeln!(s, "  deal over: {:?}, no winner", g.end);
    }
    s
}

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
            "lay_offs": lay_offs_json(g),
            "minus_ten": c.minus_ten,
            "chinchon": c.chinchon,
            "scores": &c.scores[..g.players],
        });
    }
    v
}

/// The finished deal for `cardsim play` (see `Game::end_lines`): the close (the card put face
/// down, the closer's combinations as laid, with the cards laid off onto them), then every
/// hand laid open with what it laid off; a seat out of the match says so.
pub(crate) fn end_lines(g: &Chinchon, who: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut out = Vec::new();
    let offs = lay_offs(g);
    if let End::Closed(closer) = g.end {
        let melds: Vec<String> = g.close.melds[..g.close.n_melds]
            .iter()
            .map(|m| format!("[{}]", cards::names(m.as_slice())))
            .collect();
        let kind = if g.close.chinchon {
            " (a chinchón)"
        } else if g.close.minus_ten {
            " (nothing unmatched)"
        } else {
            ""
        };
        out.push(format!(
            "{} closed with {} face down: {}{kind}",
            who(closer),
            g.face_down.map(name).unwrap_or_default(),
            melds.join(" ")
        ));
    }
    for seat in 0..g.players {
        if !g.active.contains(seat) {
            out.push(format!("{}: out of the match", who(seat)));
            continue;
        }
        let mut line = format!("{}: {}", who(seat), cards::names(g.hands[seat].as_slice()));
        let mine: Vec<String> = offs
            .iter()
            .filter(|o| o.0 == seat)
            .map(|&(_, card, meld)| format!("{} on [{}]", name(card), meld + 1))
            .collect();
        if !mine.is_empty() {
            let _ = write!(line, "; laid off {}", mine.join(", "));
        }
        out.push(line);
    }
    out
}

/// The view's field `key` for a person at `cardsim play` (see `Game::play_field`), in the
/// game's words: the seats still in the match (only once a seat is out), the last action
/// card's effect, the points left unmatched after each possible discard; bookkeeping the
/// screen says otherwise hidden (whose turn, what may be drawn: the legal moves; a running
/// deal; no reshuffle yet).
pub(crate) fn play_field(
    view: &Value,
    key: &str,
    who: &dyn Fn(usize) -> String,
) -> Option<Vec<String>> {
    let seat = |v: &Value| v.as_u64().map_or(0, |s| s as usize);
    let hide = Some(Vec::new());
    match key {
        "active" => {
            let seats = view["active"].as_array()?;
            let players = view["players"].as_u64().unwrap_or(0) as usize;
            if seats.len() >= players {
                return hide;
            }
            let names: Vec<String> = seats.iter().map(|s| who(seat(s))).collect();
            Some(vec![format!("still in the match: {}", names.join(", "))])
        }
        "turn" | "can_draw_stock" | "can_take_discard" => hide,
        "end" if view["end"] == "running" => hide,
        "reshuffles" if view["reshuffles"] == 0 => hide,
        "last_effect" => {
            let e = &view["last_effect"];
            let line = match e["effect"].as_str()? {
                "drew" if e["card_drawn"] == true => {
                    format!(
                        "{} drew a card for DRAW and lost the turn",
                        who(seat(&e["seat"]))
                    )
                }
                "drew" => format!(
                    "{} lost the turn to DRAW (no card could be drawn)",
                    who(seat(&e["seat"]))
                ),
                "skipped" => format!("{} lost the turn", who(seat(&e["seat"]))),
                "reversed" => "the direction of play reversed".to_string(),
                _ => return None,
            };
            Some(vec![format!("last action card: {line}")])
        }
        "unmatched_without" => {
            let hand = view["hand"].as_array()?;
            let points = view["unmatched_without"].as_array()?;
            let each: Vec<String> = hand
                .iter()
                .zip(points)
                .map(|(c, p)| format!("{} {p}", c.as_str().unwrap_or("?")))
                .collect();
            Some(vec![format!(
                "points left unmatched after discarding: {}",
                each.join(", ")
            )])
        }
        _ => None,
    }
}
