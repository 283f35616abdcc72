//! `cardsim play` (issue 24, item 13), for every game: each move is echoed (the person's
//! own and the bots'), per-seat lists are labelled with the seats, and the view shows no
//! empty raw fields (`ender: -`).

use std::io::Write;
use std::process::{Command, Stdio};

fn play(game: &str, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(["play", game, "--seed", "7"])
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
