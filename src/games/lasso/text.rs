//! Text for people: trace lines (`describe`), the full picture (`render`) and the
//! `cardsim score lasso` command.

use super::rules::LassoRules;
use super::scoring::{classify, hand_penalty};
use super::state::{Action, Lasso, NOBODY, Phase, SLOTS};
use crate::cards::{Card, CardSet};
use serde_json::json;
use std::fmt::Write as _;

impl Lasso {
    pub(crate) fn describe_action(&self, a: Action) -> String {
        let who = format!("seat {}", self.actor);
        match a {
            Action::Pass => match self.phase {
                Phase::Lasso => format!("{who} does not lasso"),
                Phase::Answer(c) => format!("{who} keeps {c} (no answer)"),
                _ => format!("{who} lays no set and ends the turn"),
            },
            Action::Setup(up, down) => format!("{who} sets up a pile with {up} up, {down} down"),
            Action::Reveal(p) => {
                let p = p as usize;
                let top = self.piles[p].top().map_or("?".into(), |c| c.to_string());
                let under = self.piles[p]
                    .peek(1)
                    .map_or("nothing".into(), |c| c.to_string());
                format!("{who} reveals pile {p}: {top} on {under}")
            }
            Action::Take(p, 1) => format!(
                "{who} takes {} from pile {p}",
                self.piles[p as usize].top().unwrap()
            ),
            Action::Take(p, n) => {
                let pile = self.piles[p as usize].as_slice();
                let cards = CardSet::from_iter(pile[pile.len() - n as usize..].iter().copied());
                format!("{who} takes {n} cards {cards} from pile {p} (owes a set with the deepest)")
            }
            Action::Stock => format!(
                "{who} draws {} from the stock",
                self.stock.top().map_or("?".into(), |c| c.to_string())
            ),
            Action::Discard(c, p) => {
                let top = self.piles[p as usize].top().unwrap();
                let tag = if super::state::same(c, top) {
                    ""
                } else {
                    " (a bluff)"
                };
                format!("{who} discards {c} face down on pile {p} ({top}){tag}")
            }
            Action::Blind(p) => format!("{who} discards the stock top blind on pile {p}"),
            Action::DrawUntil => format!("{who} draws until a match"),
            Action::Refill(p, c) => format!("{who} refills pile {p}, first with {c}"),
            Action::RefillWith(c) => format!("{who} completes the refill with {c}"),
            Action::RefillStock => format!("{who} completes the refill with the stock top"),
            Action::Lay(s) => {
                let (k, pts) = classify(s).unwrap();
                format!("{who} lays {s} ({}, {pts} points)", k.name())
            }
            Action::Lasso(c) => format!("{who} lassos set {} with {c}", self.chain_set),
            Action::Answer(c) => {
                format!("{who} answers with {c} and claims set {}", self.chain_set)
            }
        }
    }

    pub(crate) fn render_state(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "turn {} of seat {}, {:?}, seat {} to act; stock {}",
            self.turns,
            self.turn,
            self.phase,
            self.actor,
            self.stock.len()
        );
        for seat in 0..self.players as usize {
            let _ = writeln!(
                s,
                "  seat {seat}: hand {} setup {} penalties {}",
                self.hands[seat], self.pending[seat], self.penalties[seat]
            );
        }
        for p in 0..SLOTS {
            let mut line = String::new();
            for (i, c) in self.piles[p].as_slice().iter().enumerate() {
                let hidden = self.down[p] && i + 1 == self.piles[p].len();
                let _ = write!(line, " {}{c}", if hidden { "[down]" } else { "" });
            }
            let _ = writeln!(
                s,
                "  pile {p}:{}",
                if line.is_empty() { " (empty)" } else { &line }
            );
        }
        for (i, set) in self.sets[..self.nsets as usize].iter().enumerate() {
            let _ = writeln!(
                s,
                "  set {i}: {} {} points, owner seat {}",
                set.cards, set.points, set.owner
            );
        }
        if !self.aside.is_empty() {
            let _ = writeln!(s, "  set aside: {}", self.aside);
        }
        if self.out != NOBODY {
            let _ = writeln!(s, "  seat {} went out", self.out);
        }
        s
    }
}

fn parse_cards(words: &[String]) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for w in words {
        let c: Card = w
            .parse()
            .map_err(|_| format!("bad card '{w}' (e.g. AS, TD, 10H, KC)"))?;
        if c.is_joker() {
            return Err("lasso is played without jokers".into());
        }
        if set.contains(c) {
            return Err(format!("card {c} given twice (one deck)"));
        }
        set.insert(c);
    }
    Ok(set)
}

/// `cardsim score lasso C1 C2 C3 C4` or `cardsim score lasso --hand C1 .. Cn`.
pub(crate) fn score_cli(rules: &LassoRules, args: &[String]) -> Result<serde_json::Value, String> {
    if args.first().is_some_and(|a| a == "--hand") {
        let hand = parse_cards(&args[1..])?;
        return Ok(json!({ "penalty": hand_penalty(hand, rules.ace_in_hand) }));
    }
    if args.len() != 4 {
        return Err(format!(
            "score lasso takes 4 cards (a set) or --hand C1 .. Cn, got {} argument(s)",
            args.len()
        ));
    }
    let set = parse_cards(args)?;
    Ok(match classify(set) {
        Some((k, pts)) => json!({ "set": k.name(), "points": pts }),
        None => json!({ "set": null, "points": 0 }),
    })
}
