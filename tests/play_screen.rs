//! `cardsim play`, for every game: each move is echoed (the person's
//! own and the bots'), per-seat lists are labelled with the seats, and the view shows no
//! empty raw fields (`ender: -`).

use std::io::Write;
use std::process::{Command, Stdio};

fn play(game: &str, input: &str) -> String {
    play_with(&[game, "--seed", "7"], input)
}

/// `cardsim play ARGS...` with `input` typed, its screen.
fn play_with(args: &[&str], input: &str) -> String {
    let game = args[0];
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert!(
        o.status.success(),
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn every_move_is_echoed_lists_are_labelled_and_empty_fields_left_out() {
    for game in [
        "golf",
        "lasso",
        "broken-ladder",
        "hand-and-foot",
        "chinchon",
    ] {
        let out = play(game, &"1\n".repeat(60));
        assert!(
            out.contains("\n  [you] seat 0 "),
            "{game}: own moves are echoed\n{out}"
        );
        assert!(
            out.contains("\n  [greedy] seat 1 "),
            "{game}: bots' moves are echoed"
        );
        // Every seat's entry of a per-seat list names the seat.
        assert!(
            out.contains("hand sizes: you ") || out.contains("seat 1 (greedy): "),
            "{game}"
        );
        let turns: Vec<&str> = out.split("--- your turn").skip(1).collect();
        assert!(!turns.is_empty(), "{game}");
        for t in turns {
            let view = t.split("Your move").next().unwrap();
            for line in view.lines() {
                assert!(!line.ends_with(": -"), "{game}: an empty field: {line:?}");
                assert!(
                    !line.ends_with(": no"),
                    "{game}: a flag that is off: {line:?}"
                );
                assert!(
                    !line.starts_with("    0: "),
                    "{game}: an unlabelled item: {line:?}"
                );
            }
        }
    }
    let golf = play("golf", "1\n1\n");
    assert!(golf.contains("    seat 0 (you): "), "{golf}");
    assert!(golf.contains("    seat 1 (greedy): "), "{golf}");
    assert!(golf.contains("phase opening"), "{golf}");
    // Golf's grid is drawn as it lies: two rows of three, the second under the first.
    let lines: Vec<&str> = golf.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("    seat 0 (you): "))
        .unwrap();
    let (top, bottom) = (lines[at], lines[at + 1]);
    let cells = |l: &str| l.split_whitespace().count();
    assert_eq!(cells(top), 3 + 3, "{top}"); // `seat 0 (you):` and three cards
    assert_eq!(cells(bottom), 3, "{bottom}");
    let indent = "    seat 0 (you): ".len();
    assert!(
        bottom.len() > indent && bottom[..indent].trim().is_empty(),
        "{bottom}"
    );
}

/// The lines of every end-of-deal block: from `=== the deal is over` to the scores' header.
fn end_blocks(out: &str) -> Vec<Vec<&str>> {
    out.split("=== the deal is over")
        .skip(1)
        .map(|b| {
            b.lines()
                .take_while(|l| !l.trim_start().starts_with("deal  match"))
                .collect()
        })
        .collect()
}

#[test]
fn the_end_of_a_deal_lays_every_hand_open_in_the_games_words() {
    for game in [
        "golf",
        "lasso",
        "broken-ladder",
        "hand-and-foot",
        "chinchon",
    ] {
        let out = play(game, &"1\n".repeat(400));
        let blocks = end_blocks(&out);
        assert!(!blocks.is_empty(), "{game}: no deal ended\n{out}");
        for b in &blocks {
            // How it ended (the end reason's text), then one line (at least) per seat,
            // named as the screen names seats, with the cards in the game's notation.
            assert!(
                b[0] == " ===" && b[1].starts_with("  Ended: ") && b[1].len() > 12,
                "{game}: {b:?}"
            );
            for (s, who) in [
                "seat 0 (you)",
                "seat 1 (greedy)",
                "seat 2 (greedy)",
                "seat 3 (greedy)",
            ]
            .iter()
            .enumerate()
            {
                assert!(
                    b.iter().any(|l| l.starts_with(&format!("  {who}: "))),
                    "{game}: seat {s} missing in {b:?}"
                );
            }
            // No raw dump of the state (Rust enum names, `setup` fields, `[down]` marks).
            for l in b {
                for raw in ["Over", "[down]", "setup ", "LaidDown", "Out("] {
                    assert!(!l.contains(raw), "{game}: raw state text {l:?}");
                }
            }
        }
        // The deal's scores beside the match totals, and the deal's winners.
        assert!(out.contains("deal  match\n"), "{game}");
        assert!(out.contains("Deal 1 won by: "), "{game}");
    }
}

#[test]
fn broken_ladders_lay_down_shows_the_cards_laid_down() {
    let out = play("broken-ladder", &"1\n".repeat(400));
    let downs: Vec<&str> = out.lines().filter(|l| l.contains(" lays down ")).collect();
    assert!(
        downs.iter().any(|l| l.starts_with("  [greedy]")),
        "a bot lays down\n{out}"
    );
    for l in downs {
        assert!(!l.contains("??"), "{l}");
    }
    // The end names the hand laid down and the sum it makes.
    let end = end_blocks(&out);
    assert!(
        end[0]
            .iter()
            .any(|l| l.contains(" laid down ") && l.contains("= Head ")),
        "{:?}",
        end[0]
    );
}

#[test]
fn lassos_piles_read_as_a_player_sees_them() {
    let out = play("lasso", &"1\n".repeat(200));
    let turns: Vec<&str> = out.split("--- your turn").skip(1).collect();
    assert!(turns.len() > 3);
    for t in &turns {
        // The view: up to the numbered moves (or the only move).
        let view: String = t
            .lines()
            .take_while(|l| !l.starts_with("   1. ") && *l != "(only one move)")
            .map(|l| format!("{l}\n"))
            .collect();
        for l in view.lines() {
            // No raw pile fields (`hand at: 7`, `pool: 0`, `up: 6C 6S`, `by: 2`).
            for raw in [
                "hand at:",
                "pool:",
                "up:",
                "by:",
                "from hand:",
                "paired:",
                "actor:",
            ] {
                assert!(!l.trim_start().starts_with(raw), "raw field {l:?}");
            }
        }
        // All four piles, each named with its seat.
        for (p, who) in [
            "seat 0 (you)",
            "seat 1 (greedy)",
            "seat 2 (greedy)",
            "seat 3 (greedy)",
        ]
        .iter()
        .enumerate()
        {
            assert!(view.contains(&format!("  pile {p} of {who}")), "{view}");
        }
    }
    // A face-down top says who put it there; a face-up one names its card; sizes show.
    assert!(out.contains("top face down from seat "), "{out}");
    assert!(out.contains(" cards: "), "{out}");
    let face_up = out
        .lines()
        .filter(|l| l.starts_with("  pile ") && !l.contains("face down") && !l.ends_with("empty"))
        .count();
    assert!(face_up > 0, "{out}");
}

/// With two decks the person sees one copy of a card while a bot draws the other from the
/// stock: the bot's echoed draw must not name it (it did whenever a copy was in sight). The
/// cards a step names that the person sees (a pile's card under a revealed top) are named.
#[test]
fn a_bots_stock_draw_is_never_named_even_with_a_copy_in_sight() {
    // Broken Ladder at 4 plays with two packs, Golf at 5 with two decks.
    let mut draws = 0;
    for seed in ["1", "2", "3"] {
        let bl = play_with(&["broken-ladder", "--seed", seed], &"1\n".repeat(300));
        for l in bl.lines().filter(|l| l.starts_with("  [greedy] ")) {
            if l.contains(" from the stock") && l.contains(" draws ") {
                draws += 1;
                assert!(l.contains(" draws ?? from the stock"), "{l}");
            }
        }
        let golf = play_with(
            &["golf", "--players", "5", "--seed", seed],
            &"1\n".repeat(300),
        );
        for l in golf.lines().filter(|l| l.starts_with("  [greedy] ")) {
            if l.contains("draws from the stock") {
                draws += 1;
                assert!(l.ends_with("draws from the stock: ??"), "{l}");
            }
        }
    }
    assert!(draws > 100, "{draws}");
    // Lasso: a revealed top is named with the card under it, which everyone sees.
    let lasso = play("lasso", &"1\n".repeat(200));
    let reveals: Vec<&str> = lasso
        .lines()
        .filter(|l| l.contains(" reveals pile "))
        .collect();
    assert!(!reveals.is_empty(), "{lasso}");
    for l in reveals {
        assert!(!l.ends_with(" on ??"), "{l}");
    }
}

/// Golf's going out and the drawn card, Chinchón's bookkeeping: in words, no raw fields.
#[test]
fn golf_and_chinchon_fields_read_in_words() {
    let golf = play_with(
        &["golf", "--players", "5", "--seed", "7"],
        &"2\n".repeat(80),
    );
    assert!(golf.contains("\n  went out: seat "), "{golf}");
    assert!(golf.contains(" final turn"), "{golf}");
    assert!(golf.contains("\n  drawn card: "), "{golf}");
    for raw in ["  holder:", "  finals left:", "  ender:", "  held:"] {
        assert!(!golf.contains(raw), "{raw}");
    }
    let chinchon = play_with(
        &["chinchon", "--players", "3", "--seed", "7"],
        &"1\n".repeat(80),
    );
    assert!(
        chinchon.contains("\n  points left unmatched after discarding: "),
        "{chinchon}"
    );
    for raw in [
        "  turn:",
        "  active:",
        "  can draw stock:",
        "  can take discard:",
        "  end: running",
        "  reshuffles: 0",
        "  unmatched without:",
        "  last effect:",
    ] {
        assert!(!chinchon.contains(raw), "{raw}");
    }
}
