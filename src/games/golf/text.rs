//! Text for people and for tools: trace lines (`describe`), the full picture (`render`),
//! the state as JSON (`state_json`, for `trace --json`) and the `cardsim score golf` command.

use super::rules::GolfRules;
use super::scoring::score_cards;
use super::state::{Action, Golf};
use super::view;
use crate::cards::{Card, CardCounts};
use crate::game::Rules as _;
use crate::game::Seat;
use std::fmt::Write as _;

/// One trace line for `a` about to be played in `g`.
pub(super) fn describe(g: &Golf, a: Action) -> String {
    let s = g.seat as usize;
    match a {
        Action::Flip(p) => format!("seat {s} turns up position {p}: {}", g.grids[s][p as usize]),
        Action::DrawStock => format!(
            "seat {s} draws from the stock: {}",
            g.stock.top().map_or("-".into(), |c| c.to_string())
        ),
        Action::DrawDiscard => format!(
            "seat {s} takes the discard {}",
            g.discard.top().map_or("-".into(), |c| c.to_string())
        ),
        Action::Swap(p) => format!(
            "seat {s} puts {} at position {p}, discarding {}",
            g.held.map_or("-".into(), |c| c.to_string()),
            g.grids[s][p as usize]
        ),
        Action::Discard => format!(
            "seat {s} discards {}",
            g.held.map_or("-".into(), |c| c.to_string())
        ),
        Action::NoFlip => format!("seat {s} turns up nothing"),
    }
}

/// The whole deal, every card shown, for traces and failed checks.
pub(super) fn render(g: &Golf) -> String {
    let mut out = format!(
        "phase {:?}, turn {}, dealer {}, stock {} cards (top {}), discard top {}\n",
        g.phase,
        g.turns,
        g.dealer,
        g.stock.len(),
        g.stock.top().map_or("-".into(), |c| c.to_string()),
        g.discard.top().map_or("-".into(), |c| c.to_string()),
    );
    for s in 0..g.players as usize {
        let cell = |p: usize| {
            let c = g.grids[s][p].to_string();
            if g.up[s] >> p & 1 == 1 {
                format!("{c:>3}")
            } else {
                format!("({c})")
            }
        };
        let _ = writeln!(
            out,
            "  seat {s}: {} {} {} / {} {} {}   score {}",
            cell(0),
            cell(1),
            cell(2),
            cell(3),
            cell(4),
            cell(5),
            score_cards(&g.grids[s], &g.rules)
        );
    }
    out
}

/// The whole state as JSON: enough to replay and re-score the deal alone.
pub(super) fn state_json(g: &Golf) -> serde_json::Value {
    let n = g.players as usize;
    let cards = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let rules = g.rules.values_json();
    serde_json::json!({
        "rules": rules,
        "players": n,
        "dealer": g.dealer,
        "phase": view::phase_name(g.phase),
        "seat": g.seat,
        "turns": g.turns,
        "grids": (0..n).map(|s| cards(&g.grids[s])).collect::<Vec<_>>(),
        "face_up": (0..n)
            .map(|s| (0..6).filter(|p| g.up[s] >> p & 1 == 1).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        "stock": cards(g.stock.as_slice()),
        "discard": cards(g.discard.as_slice()),
        "held": g.held.map(|c| c.to_string()),
        "ender": g.ender,
        "finals_left": g.finals_left,
        "reshuffled": g.reshuffled,
        "scores": &g.scores()[..n],
    })
}

/// `cardsim score golf C1 .. C6`: the score of one grid (top row, then bottom row).
pub(super) fn score_cli(rules: &GolfRules, args: &[String]) -> Result<serde_json::Value, String> {
    if args.len() != 6 {
        return Err(format!(
            "golf score takes six cards (top row, then bottom row), got {}",
            args.len()
        ));
    }
    let mut cards = [Card::JOKER; 6];
    for (c, a) in cards.iter_mut().zip(args) {
        *c = a.parse::<Card>().map_err(|e| e.to_string())?;
        if c.is_joker() && !rules.jokers {
            return Err("a joker needs --rule jokers=on".into());
        }
    }
    let decks = rules.decks_for(8);
    let all: CardCounts = cards.iter().copied().collect();
    for (c, n) in all.iter() {
        let most = if c.is_joker() { 2 * decks } else { decks };
        if usize::from(n) > most {
            return Err(format!(
                "{c} appears {n} times, but the largest shoe under these rules holds {most}"
            ));
        }
    }
    Ok(serde_json::json!({ "score": score_cards(&cards, rules) }))
}

/// The finished deal for `cardsim play` (see `Game::end_lines`): who went out first, then
/// every grid turned face up, as it lies (top row, bottom row), with its score.
pub(super) fn end_lines(g: &Golf, name: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(e) = g.ender {
        out.push(format!("{} went out first", name(e as usize)));
    }
    for s in 0..g.players as usize {
        let who = name(s);
        let row = |r: usize| {
            let cells: Vec<String> = g.grids[s][3 * r..3 * r + 3]
                .iter()
                .map(|c| format!("{:<2}", c.to_string()))
                .collect();
            cells.join(" ")
        };
        out.push(format!(
            "{who}: {}   score {}",
            row(0),
            score_cards(&g.grids[s], &g.rules)
        ));
        out.push(format!("{}  {}", " ".repeat(who.chars().count()), row(1)));
    }
    out
}

/// The view's field `key` for a person at `cardsim play` (see `Game::play_field`): the
/// drawn card with whoever holds it, and who went out with the final turns left, in words;
/// `holder` and `finals_left` are folded into those lines.
pub(super) fn play_field(
    view: &serde_json::Value,
    key: &str,
    name: &dyn Fn(Seat) -> String,
) -> Option<Vec<String>> {
    let seat = |k: &str| view[k].as_u64().map(|s| s as usize);
    match key {
        "held" => {
            let card = view["held"].as_str()?;
            let who = seat("holder").map_or_else(|| "-".to_string(), name);
            Some(vec![format!("drawn card: {card}, held by {who}")])
        }
        "ender" => {
            let ender = seat("ender")?;
            let left = view["finals_left"].as_u64().unwrap_or(0);
            let turns = if left == 1 { "turn" } else { "turns" };
            Some(vec![format!(
                "went out: {}, {left} final {turns} left",
                name(ender)
            )])
        }
        "holder" | "finals_left" => Some(Vec::new()),
        _ => None,
    }
}
