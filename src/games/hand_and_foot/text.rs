//! Text: `cardsim score hand-and-foot`, trace lines (`describe`) and the full picture
//! (`render`).

use super::melds::{self, BOOK, check_meld, penalty};
use super::rules::HfRules;
use super::state::{Action, HandAndFoot, Phase};
use super::view::{card_from_text, card_text};
use crate::cards::{Card, CardCounts, Rank};
use serde_json::json;

fn parse_cards(words: &[String]) -> Result<Vec<Card>, String> {
    words
        .iter()
        .map(|w| {
            card_from_text(w).ok_or_else(|| format!("bad card '{w}' (use e.g. AS 10H 2C JK JK2)"))
        })
        .collect()
}

/// The option groups of the command line: each option with the words after it.
fn option_groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        if a.starts_with("--") {
            if !matches!(a.as_str(), "--meld" | "--left" | "--out" | "--players") {
                return Err(format!(
                    "unknown option '{a}': use --meld C.., --left C.., --out, --players N"
                ));
            }
            groups.push((a.clone(), Vec::new()));
        } else if let Some(g) = groups.last_mut() {
            g.1.extend(
                a.split([',', ' '])
                    .filter(|w| !w.is_empty())
                    .map(String::from),
            );
        } else {
            return Err(format!(
                "'{a}' before any option: use --meld C.. [--left C..]"
            ));
        }
    }
    Ok(groups)
}

/// `--players N` (4 or 6, default 4): the shoe holds one 54-card deck per player.
fn players_of(groups: &[(String, Vec<String>)]) -> Result<u8, String> {
    let mut players = 4;
    for (opt, words) in groups.iter().filter(|g| g.0 == "--players") {
        players = match words.as_slice() {
            [w] if w == "4" || w == "6" => w.parse().expect("4 or 6"),
            _ => return Err(format!("{opt} takes 4 or 6, not '{}'", words.join(" "))),
        };
    }
    Ok(players)
}

/// `--meld C.. [--meld C..]... [--left C..] [--out] [--players N]`: one partnership's deal
/// score. A partnership that melded nothing is scored too (its cards left count against
/// it); more copies of a card than the shoe holds, or `--out` without the books going out
/// needs, are refused.
pub fn score_cli(rules: &HfRules, args: &[String]) -> Result<serde_json::Value, String> {
    let groups = option_groups(args)?;
    let players = players_of(&groups)?;
    let (mut nat_books, mut unnat_books, mut meld_points) = (0u32, 0u32, 0);
    let (mut left, mut all) = (CardCounts::EMPTY, CardCounts::EMPTY);
    let mut out = false;
    for (opt, words) in &groups {
        if opt == "--players" {
            continue;
        }
        let cards = parse_cards(words)?;
        all.add_cards(cards.iter().copied());
        match opt.as_str() {
            "--meld" => {
                let (_, n, w) = check_meld(&cards)?;
                meld_points += cards.iter().map(|&c| melds::card_value(c)).sum::<i32>();
                if w == 0 && n == BOOK {
                    nat_books += 1;
                } else if w > 0 && n + w >= BOOK {
                    unnat_books += 1;
                }
            }
            "--left" => left.add_cards(cards),
            _ => out = true,
        }
    }
    if groups.iter().all(|g| g.0 == "--players") {
        return Err("give --meld C.. and/or --left C.. (e.g. --meld KS KH KD)".into());
    }
    let jokers = all.count(Card::JOKER) + all.count(Card::JOKER2);
    if jokers > 2 * players {
        return Err(format!(
            "{jokers} jokers, but {players} players' decks hold {}",
            2 * players
        ));
    }
    if let Some((c, n)) = all.iter().find(|&(c, n)| !c.is_joker() && n > players) {
        return Err(format!(
            "{n} copies of {c}, but {players} players' decks hold {players}"
        ));
    }
    if out && (nat_books < rules.out_naturals as u32 || unnat_books < rules.out_unnaturals as u32) {
        return Err(format!(
            "--out needs {} natural and {} unnatural books; the melds make {nat_books} and \
             {unnat_books}",
            rules.out_naturals, rules.out_unnaturals
        ));
    }
    let book_points = 500 * nat_books as i32 + 300 * unnat_books as i32;
    let pen = penalty(&left);
    let bonus = if out { rules.out_bonus } else { 0 };
    Ok(json!({
        "books": { "natural": nat_books, "unnatural": unnat_books },
        "meld_points": meld_points,
        "book_points": book_points,
        "out_bonus": bonus,
        "penalty": pen,
        "total": meld_points + book_points + bonus - pen,
    }))
}

fn rank_name(r: u8) -> char {
    Rank::new(r).letter()
}

fn cards_text(h: &CardCounts) -> String {
    let mut s = String::new();
    for (c, n) in h.iter() {
        for _ in 0..n {
            s.push_str(&card_text(c));
            s.push(' ');
        }
    }
    s.trim_end().to_string()
}

/// The whole state as JSON (every hidden card included): enough to replay the rest of
/// the deal and to re-score it.
pub(super) fn state_json(g: &HandAndFoot) -> serde_json::Value {
    use super::state::End;
    use super::view::{cards_json, melds_json, phase_name};
    let n = g.players;
    let list = |z: &[CardCounts]| z[..n].iter().map(cards_json).collect::<Vec<_>>();
    let pile = |p: &[Card]| p.iter().map(|&c| card_text(c)).collect::<Vec<_>>();
    let end = match g.end {
        End::Running => json!(null),
        End::Out(t) => json!({"reason": "went-out", "partnership": t}),
        End::StockOut => json!({"reason": "stock-exhausted"}),
        End::Capped => json!({"reason": "turn-cap"}),
    };
    let over = g.phase == Phase::Over;
    json!({
        "players": n,
        "dealer": g.dealer,
        "start": g.start,
        "phase": phase_name(g.phase),
        "to_act": (!over).then_some(g.seat),
        "turns": g.turns,
        "first_turn": g.first_turn,
        "picked": g.picked,
        "retracted": g.retracted,
        "hands": list(&g.hands),
        "feet": list(&g.feet),
        "received": list(&g.recv),
        "in_foot": &g.in_foot[..n],
        "foot_due": &g.foot_due[..n],
        "partnerships": (0..2).map(|t| json!({
            "seats": (t..n).step_by(2).collect::<Vec<_>>(),
            "melds": melds_json(&g.melds[t], &g.open_turn[t]),
            "opened": g.opened[t],
            "minimum": g.minimum[t],
            "match_total": g.totals[t],
        })).collect::<Vec<_>>(),
        "stock_bottom_first": pile(g.stock.as_slice()),
        "discard_bottom_first": pile(g.discard.as_slice()),
        "end": end,
        "team_scores": over.then(|| g.team_scores().to_vec()),
    })
}

/// A trace line for `a` about to be played.
pub(super) fn describe(g: &HandAndFoot, a: Action) -> String {
    let s = g.seat;
    let wild = |w: u8| ["", " with a 2", " with a joker"][w as usize];
    match a {
        Action::Pass(k) => format!("seat {s} passes packet {k} to seat {}", (s + 1) % g.players),
        Action::Keep(true) => format!("seat {s} plays its own packet as its hand"),
        Action::Keep(false) => format!("seat {s} plays the packet it received as its hand"),
        Action::Draw => format!("seat {s} draws two"),
        Action::TakeUpcard => format!(
            "seat {s} takes the upcard {}",
            card_text(g.discard.top().expect("upcard"))
        ),
        Action::TakePile => {
            let top = g.discard.top().expect("top");
            format!(
                "seat {s} takes the pile of {} under {}",
                g.discard.len(),
                card_text(top)
            )
        }
        Action::New { rank, wild: w } => {
            format!("seat {s} starts a meld of {}s{}", rank_name(rank), wild(w))
        }
        Action::Add { rank, wild: 0 } => {
            format!("seat {s} adds a {} to its meld", rank_name(rank))
        }
        Action::Add { rank, wild: w } => {
            format!("seat {s} adds{} to its {}s", wild(w), rank_name(rank))
        }
        Action::Retract => format!(
            "seat {s} takes back an opening short of {}",
            g.minimum[s % 2]
        ),
        Action::Discard(c) => format!("seat {s} discards {}", card_text(c)),
    }
}

fn render_melds(g: &HandAndFoot, t: usize) -> String {
    let m = &g.melds[t];
    let mut s = format!(
        "team {t}: {} pts, books {}N {}U{}; melds:",
        m.points,
        m.natural_books(),
        m.unnatural_books(),
        if g.opened[t] { "" } else { " (not opened)" }
    );
    for r in melds::MELD_RANKS {
        let i = r as usize;
        if m.is_open(r) || m.nat_books[i] > 0 {
            s.push_str(&format!(" {}:{}+{}w", rank_name(r), m.nat[i], m.wild[i]));
            if m.nat_books[i] > 0 {
                s.push_str(&format!("[{}N]", m.nat_books[i]));
            }
        }
    }
    s
}

/// Everything, for `trace`.
pub(super) fn render(g: &HandAndFoot) -> String {
    let mut out = format!(
        "phase {:?}, seat {} to act, turn {}, stock {}, pile {} (top {}), end {:?}\n",
        g.phase,
        g.seat,
        g.turns,
        g.stock.len(),
        g.discard.len(),
        g.discard.top().map_or("-".into(), card_text),
        g.end
    );
    for s in 0..g.players {
        let tag = if g.in_foot[s] { "on its foot" } else { "hand" };
        out.push_str(&format!("seat {s} {tag} [{}]", cards_text(&g.hands[s])));
        if !g.feet[s].is_empty() {
            let what = if g.phase == Phase::Pass {
                "second packet"
            } else {
                "foot"
            };
            out.push_str(&format!(", {what} [{}]", cards_text(&g.feet[s])));
        }
        if !g.recv[s].is_empty() {
            out.push_str(&format!(", received [{}]", cards_text(&g.recv[s])));
        }
        out.push('\n');
    }
    out.push_str(&render_melds(g, 0));
    out.push('\n');
    out.push_str(&render_melds(g, 1));
    out
}

/// The finished deal for `cardsim play` (see `Game::end_lines`): who went out, every seat's
/// cards left (hand and foot) laid open, and each partnership's table (points, books,
/// melds by rank: natural cards + wild cards, `[1N]` a natural book).
pub(super) fn end_lines(g: &HandAndFoot, name: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut out = Vec::new();
    if let super::state::End::Out(t) = g.end {
        let who: Vec<String> = (0..g.players)
            .filter(|&s| s % 2 == t && g.in_foot[s] && g.hands[s].is_empty())
            .map(name)
            .collect();
        out.push(format!("{} went out from the foot", who.join(", ")));
    }
    for s in 0..g.players {
        let held = |cs: &CardCounts| {
            if cs.is_empty() {
                "none left".to_string()
            } else {
                cards_text(cs)
            }
        };
        let line = if g.in_foot[s] {
            format!("{}: foot {}", name(s), held(&g.hands[s]))
        } else {
            format!(
                "{}: hand {}; foot {}",
                name(s),
                held(&g.hands[s]),
                held(&g.feet[s])
            )
        };
        out.push(line);
    }
    for t in 0..2 {
        let seats: Vec<String> = (0..g.players).filter(|s| s % 2 == t).map(name).collect();
        let table = render_melds(g, t);
        let table = table.split_once(": ").map_or(table.as_str(), |x| x.1);
        out.push(format!("team {t} ({}): {table}", seats.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &str) -> Result<serde_json::Value, String> {
        score_cli(
            &HfRules::default(),
            &s.split_whitespace().map(String::from).collect::<Vec<_>>(),
        )
    }

    #[test]
    fn score_command_by_hand() {
        let v = run("--meld KS KH KD KC KS KH KD --meld 5S 5H 5D 5C 2S JK 5H --meld AS AH AD --left 3H 9C JK")
            .unwrap();
        // melds: kings 70; fives 25 + 20 + 50 = 95; aces 60 -> 225; books 500 + 300.
        assert_eq!(v["books"]["natural"], 1);
        assert_eq!(v["books"]["unnatural"], 1);
        assert_eq!(v["meld_points"], 225);
        assert_eq!(v["book_points"], 800);
        assert_eq!(v["penalty"], 360);
        assert_eq!(v["total"], 665);
        let mut r = HfRules::default();
        crate::game::Rules::set(&mut r, "out_naturals", "0").unwrap();
        crate::game::Rules::set(&mut r, "out_unnaturals", "0").unwrap();
        let args: Vec<String> = "--meld 7S 7H 7D --out"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(score_cli(&r, &args).unwrap()["total"], 215);
        crate::game::Rules::set(&mut r, "out_bonus", "100").unwrap();
        let args: Vec<String> = "--meld 7S 7H 7D --out"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(
            score_cli(&r, &args).unwrap()["total"],
            115,
            "the out_bonus switch counts"
        );
    }

    #[test]
    fn score_command_rejects() {
        assert!(run("--meld KS 2H 2C").unwrap_err().contains("outnumber"));
        assert!(run("--meld KS KH XX").unwrap_err().contains("bad card"));
        assert!(run("--players 4").unwrap_err().contains("--meld"));
        // Issue 13 item 14: impossible positions are refused.
        let five = "--meld 7S 7S 7S 7S 7S 7H 7D";
        assert!(run(five).unwrap_err().contains("5 copies of 7S"));
        assert!(run(&format!("{five} --players 6")).is_ok());
        assert!(
            run("--players 5 --meld 7S 7H 7D")
                .unwrap_err()
                .contains("4 or 6")
        );
        let jokers = "--meld 7S 7H 7D 7C JK JK --left JK JK JK JK JK JK JK";
        assert!(run(jokers).unwrap_err().contains("9 jokers"));
        assert!(run("--meld 7S 7H 7D --out").unwrap_err().contains("books"));
        let books = "--meld 7S 7S 7H 7H 7D 7D 7C --meld 9S 9S 9H 9H 9D 9D 9C \
                     --meld KS KH KD KC KS 2C 2H --out";
        assert_eq!(run(books).unwrap()["out_bonus"], 200);
        // A partnership that melded nothing: only its cards left count.
        assert_eq!(run("--left 3H 9C").unwrap()["total"], -310);
        assert!(run("--meld 3S 3H 3C").unwrap_err().contains("3s"));
        assert!(run("--bogus").is_err());
    }

    #[test]
    fn second_joker_is_jk2_in_play_trace_and_score() {
        use crate::game::{Game, SeatView};
        use crate::strategy::redact;
        let mut g = super::super::tests::position(
            "KS KH 5D",
            "9C",
            super::super::tests::STOCK,
            HfRules::default(),
        );
        g.hands[0].insert(Card::JOKER2);
        g.apply(Action::Draw);
        let d = g.describe(Action::Discard(Card::JOKER2));
        assert_eq!(d, "seat 0 discards JK2");
        // `play` shows a move with the cards its seat sees named, others as `??`.
        let shown = g.view(0).shown();
        assert_eq!(redact::<HandAndFoot>(&d, &shown), d);
        assert!(
            g.render().contains("seat 0 hand [8C 5D 8D KH KS JK2]"),
            "{}",
            g.render()
        );
        // `score` reads the names trace writes.
        let v = run("--meld 5S 5H 5D JK2 --left JK2 JK").unwrap();
        assert_eq!(
            (v["meld_points"].clone(), v["penalty"].clone()),
            (json!(65), json!(100))
        );
        assert!(run("--meld 5S 5H 5D --left JK2 JK2 JK2 JK2 JK2 JK2 JK2 JK2 JK2").is_err());
    }
}
