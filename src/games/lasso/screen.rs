//! Lasso at the table of `cardsim play`: the view's piles, sets and lasso chain in the
//! game's words (`Game::play_field`) instead of their raw JSON fields, and the finished
//! deal laid open (`Game::end_lines`).

use super::scoring::hand_penalty;
use super::state::{Lasso, NOBODY};
use crate::cards::Card;
use crate::game::Seat;
use serde_json::Value;

/// The view's field `key` for a person (see `Game::play_field`): the piles, the sets and the
/// lasso chain drawn in the game's words; the bookkeeping fields a person reads from the
/// piles, the header or the legal moves hidden; everything else left to the generic display.
pub(super) fn play_field(
    view: &Value,
    key: &str,
    name: &dyn Fn(Seat) -> String,
) -> Option<Vec<String>> {
    let players = view["players"].as_u64().unwrap_or(0) as usize;
    match key {
        "piles" => Some(
            view["piles"]
                .as_array()?
                .iter()
                .enumerate()
                .map(|(p, pile)| pile_line(p, pile, players, name))
                .collect(),
        ),
        "sets" => Some(
            view["sets"]
                .as_array()?
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    format!(
                        "set {i}: {} ({}, {} points), {}'s",
                        cards(&s["cards"]),
                        s["kind"].as_str().unwrap_or("").replace('_', " "),
                        s["points"],
                        name(s["owner"].as_u64().unwrap_or(0) as usize)
                    )
                })
                .collect(),
        ),
        "chain" => {
            let c = &view["chain"];
            let claimant = c["claimant"].as_u64()? as usize;
            Some(vec![format!(
                "lasso chain: set {} claimed by {}",
                c["set"],
                name(claimant)
            )])
        }
        "owed_index" => {
            let i = view["owed_index"].as_u64()?;
            let card = Card::from_index(i as u8);
            Some(vec![format!(
                "owed: this turn must lay a set holding {card}"
            )])
        }
        // The header and the legal moves say whose turn it is and what is asked.
        "actor" | "turn" | "laid" | "asked" | "restock" => Some(Vec::new()),
        "aside" => {
            let aside = cards(&view["aside"]);
            Some(if aside.is_empty() {
                Vec::new()
            } else {
                vec![format!("set aside by lasso chains: {aside}")]
            })
        }
        // Only worth a line when there is something in them.
        "pending" if cards(&view["pending"]).is_empty() => Some(Vec::new()),
        "penalties" if view["penalties"].as_array()?.iter().all(|p| p == 0) => Some(Vec::new()),
        // Only worth a line while the setup is under way.
        "pending_sizes" if view["phase"]["name"] != "setup" => Some(Vec::new()),
        _ => None,
    }
}

/// A list of card names as one line.
fn cards(v: &Value) -> String {
    let names: Vec<&str> = v
        .as_array()
        .map(|a| a.iter().filter_map(|c| c.as_str()).collect())
        .unwrap_or_default();
    names.join(" ")
}

/// One pile as a player sees it: whose slot it is, how many cards, the face-up cards bottom
/// to top, and its top: face up, or face down with who put it there (and what it is when
/// the seat knows).
fn pile_line(p: usize, pile: &Value, players: usize, name: &dyn Fn(Seat) -> String) -> String {
    let whose = if p < players {
        format!("pile {p} of {}", name(p))
    } else {
        format!("pile {p} (no seat's)")
    };
    let up: Vec<&str> = pile["up"]
        .as_array()
        .map(|a| a.iter().filter_map(|c| c.as_str()).collect())
        .unwrap_or_default();
    let down = pile["down"] == true;
    let size = up.len() + usize::from(down);
    if size == 0 {
        return format!("{whose}: empty");
    }
    let s = if size == 1 { "" } else { "s" };
    let (under, top) = if down {
        let what = pile["known_top"]
            .as_str()
            .map_or("face down".to_string(), |c| format!("face down {c}"));
        let from = match pile["by"].as_u64() {
            Some(b) if pile["from_hand"] == true => format!(" from {}'s hand", name(b as usize)),
            Some(b) => format!(" from the stock, put there by {}", name(b as usize)),
            None => String::new(),
        };
        let paired = if pile["paired"] == true {
            ", paired with the card under it"
        } else {
            ""
        };
        (&up[..], format!("top {what}{from}{paired}"))
    } else {
        (&up[..up.len() - 1], format!("top {}", up[up.len() - 1]))
    };
    if under.is_empty() {
        format!("{whose}, {size} card{s}: {top}")
    } else {
        format!("{whose}, {size} card{s}: {}, {top}", under.join(" "))
    }
}

/// The finished deal for `cardsim play` (see `Game::end_lines`): who went out, then every
/// seat's hand laid open (with what it costs), the sets it owns and its mismatch
/// penalties, and the cards set aside by lasso chains.
pub(super) fn end_lines(g: &Lasso, name: &dyn Fn(Seat) -> String) -> Vec<String> {
    let mut out = Vec::new();
    if g.out != NOBODY {
        out.push(format!("{} went out (+100)", name(g.out as usize)));
    }
    for s in 0..g.players as usize {
        let hand = g.hands[s];
        let held = if hand.is_empty() {
            "no cards left".to_string()
        } else {
            format!("hand {hand} (-{})", hand_penalty(hand, g.rules.ace_in_hand))
        };
        let mut line = format!("{}: {held}", name(s));
        let sets: Vec<String> = g.sets[..g.nsets as usize]
            .iter()
            .filter(|set| set.owner as usize == s)
            .map(|set| format!("{} (+{})", set.cards, set.points))
            .collect();
        if !sets.is_empty() {
            line.push_str(&format!("; sets {}", sets.join(", ")));
        }
        if g.penalties[s] != 0 {
            line.push_str(&format!("; mismatch penalties -{}", g.penalties[s]));
        }
        out.push(line);
    }
    if !g.aside.is_empty() {
        out.push(format!("set aside by lasso chains: {}", g.aside));
    }
    out
}
