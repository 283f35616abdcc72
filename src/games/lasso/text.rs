//! Text for people: trace lines (`describe`), the full picture (`render`) and the
//! `cardsim score lasso` command.

use super::rules::{EmptyStock, LassoRules};
use super::scoring::{classify, hand_penalty};
use super::state::{Action, Lasso, NOBODY, Phase, SLOTS};
use crate::cards::{Card, CardSet, Pile};
use serde_json::json;
use std::fmt::Write as _;

/// One trace line for `a` about to be played in `g`.
pub(crate) fn describe(g: &Lasso, a: Action) -> String {
    let who = format!("seat {}", g.actor);
    match a {
        Action::Pass => match g.phase {
            Phase::Lasso => format!("{who} does not lasso"),
            Phase::Answer(c) => format!("{who} keeps {c} (no answer)"),
            _ => format!("{who} lays no set and ends the turn"),
        },
        Action::Setup(up, down) => format!("{who} sets up a pile with {up} up, {down} down"),
        Action::Reveal(p) => {
            let p = p as usize;
            let top = g.piles[p].top().map_or("?".into(), |c| c.to_string());
            let under = g.piles[p]
                .peek(1)
                .map_or("nothing".into(), |c| c.to_string());
            format!("{who} reveals pile {p}: {top} on {under}")
        }
        Action::Take(p, 1) => format!(
            "{who} takes {} from pile {p}",
            g.piles[p as usize].top().unwrap()
        ),
        Action::Take(p, n) => {
            let pile = g.piles[p as usize].as_slice();
            let taken = &pile[pile.len() - n as usize..];
            let cards = CardSet::from_iter(taken.iter().copied());
            format!(
                "{who} takes {n} cards {cards} from pile {p} (owes a set with {})",
                taken[0]
            )
        }
        Action::Stock => match g.stock.top() {
            Some(c) => format!("{who} draws {c} from the stock"),
            // a reshuffle comes first (the trace writes the new order under this line)
            None if g.stock_live() => format!("{who} draws the top of the reshuffled stock"),
            None => format!("{who} draws from the empty stock"),
        },
        Action::Discard(c, p) => {
            let top = g.piles[p as usize].top().unwrap();
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
        Action::SetLow(c) => format!("{who} chooses a set whose lowest card is {c}"),
        Action::Lasso(c) => format!("{who} lassos set {} with {c}", g.chain_set),
        Action::Answer(c) => {
            format!("{who} answers with {c} and claims set {}", g.chain_set)
        }
    }
}

/// The new stock order of the reshuffle `a` brings about in `g`, for `trace` (see
/// `Game::trace_note`): a stock move (a draw, a blind discard, a refill's stock card) on an
/// empty stock, or draw-until-match when no stock card matches a revealed top, with
/// `empty_stock=reshuffle` and revealed pile cards below the tops to gather. The order is
/// the one `apply` will make: the chance rng sits in the state, and neither the piles nor
/// the rng change before the stock runs out.
pub(crate) fn chance_note(g: &Lasso, a: Action) -> Option<(String, serde_json::Value)> {
    if g.rules.empty_stock != EmptyStock::Reshuffle {
        return None;
    }
    let runs_out = match a {
        Action::Stock | Action::Blind(_) | Action::RefillStock => g.stock.is_empty(),
        Action::DrawUntil => !g.stock.as_slice().iter().any(|&c| g.matches_any(c)),
        _ => false,
    };
    if !runs_out {
        return None;
    }
    let mut next = g.clone();
    next.stock = Pile::new();
    next.reshuffle();
    let order = next.stock.as_slice();
    if order.is_empty() {
        return None; // nothing to gather: the round ends
    }
    let top_first: Vec<String> = order.iter().rev().map(|c| c.to_string()).collect();
    let text = format!(
        "reshuffle: the stock is now, top first: {}",
        top_first.join(" ")
    );
    let stock: Vec<String> = order.iter().map(|c| c.to_string()).collect();
    Some((text, json!({ "reshuffle": { "stock": stock } })))
}

/// The whole state, hidden cards included, for people.
pub(crate) fn render(g: &Lasso) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "turn {} of seat {}, {:?}, seat {} to act; stock {}",
        g.turns,
        g.turn,
        g.phase,
        g.actor,
        g.stock.len()
    );
    for seat in 0..g.players as usize {
        let _ = writeln!(
            s,
            "  seat {seat}: hand {} setup {} penalties {}",
            g.hands[seat], g.pending[seat], g.penalties[seat]
        );
    }
    for p in 0..SLOTS {
        let mut line = String::new();
        for (i, c) in g.piles[p].as_slice().iter().enumerate() {
            let hidden = g.down[p] && i + 1 == g.piles[p].len();
            let _ = write!(line, " {}{c}", if hidden { "[down]" } else { "" });
        }
        let _ = writeln!(
            s,
            "  pile {p}:{}",
            if line.is_empty() { " (empty)" } else { &line }
        );
    }
    for (i, set) in g.sets[..g.nsets as usize].iter().enumerate() {
        let _ = writeln!(
            s,
            "  set {i}: {} {} points, owner seat {}",
            set.cards, set.points, set.owner
        );
    }
    if !g.aside.is_empty() {
        let _ = writeln!(s, "  set aside: {}", g.aside);
    }
    if g.out != NOBODY {
        let _ = writeln!(s, "  seat {} went out", g.out);
    }
    s
}

/// The most cards a hand can hold when a round ends: never the whole deck.
const MAX_HAND: u32 = 51;

/// Cards of one deck without jokers, each at most once (the deck holds one of each).
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
            return Err(format!("card {c} given twice, but the deck holds one"));
        }
        set.insert(c);
    }
    Ok(set)
}

/// `cardsim score lasso C1 C2 C3 C4` or `cardsim score lasso --hand C1 .. Cn`.
pub(crate) fn score_cli(rules: &LassoRules, args: &[String]) -> Result<serde_json::Value, String> {
    if args.first().is_some_and(|a| a == "--hand") {
        let hand = parse_cards(&args[1..])?;
        if hand.len() > MAX_HAND {
            return Err(format!(
                "a hand holds at most {MAX_HAND} cards, not {} (when a round ends, another \
                 seat still holds a card, or its last card went onto the table)",
                hand.len()
            ));
        }
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

/// The whole state as JSON (for `trace --json`): every zone with its cards, hidden ones
/// included, enough to replay and re-score the deal. Piles list cards bottom first, the
/// stock its top last.
pub(crate) fn state_json(g: &Lasso) -> serde_json::Value {
    let n = g.players as usize;
    let list = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let set = |s: CardSet| s.into_iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let seat = |s: u8| (s != NOBODY && s != super::state::PUBLIC).then_some(s);
    let piles: Vec<_> = (0..SLOTS)
        .map(|p| {
            json!({
                "cards": list(g.piles[p].as_slice()),
                "down": g.down[p],
                "by": if g.down[p] { seat(g.down_by[p]) } else { None },
                "seen_by": match g.knower[p] {
                    super::state::PUBLIC => json!("all"),
                    k => json!(if g.down[p] { seat(k) } else { None }),
                },
                "paired": g.paired[p],
            })
        })
        .collect();
    json!({
        "players": n,
        "dealer": g.dealer,
        "turn": g.turn,
        "actor": g.actor,
        "phase": super::view::phase_json(g.phase),
        "hands": g.hands[..n].iter().map(|&h| set(h)).collect::<Vec<_>>(),
        "pending": g.pending[..n].iter().map(|&h| set(h)).collect::<Vec<_>>(),
        "stock": list(g.stock.as_slice()),
        "piles": piles,
        "sets": g.sets[..g.nsets as usize].iter().map(super::view::set_json).collect::<Vec<_>>(),
        "aside": set(g.aside),
        "known": g.known[..n].iter().map(|&h| set(h)).collect::<Vec<_>>(),
        "penalties": &g.penalties[..n],
        "owed": g.owed.map(|c| c.to_string()),
        "turns": g.turns,
        "out": seat(g.out),
        "scores": &g.scores()[..n],
    })
}
