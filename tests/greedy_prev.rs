//! `greedy-prev` (Golf, Broken Ladder) plays exactly as `greedy` did before issue 21: its CSV
//! files on a fixed run equal, byte for byte (the strategy's name aside), the ones today's
//! `greedy` wrote before the changes, kept in `tests/fixtures/greedy-prev/<game>-<players>/`
//! (made with `cardsim simulate GAME --players P --deals 2000 --seed 11 --threads 1 --out DIR`
//! on main at 5664bb9).

mod common;
use common::{cardsim, tmp};

fn same_as_before(game: &str, players: &str) {
    let dir = tmp(&format!("greedy-prev-{game}-{players}"));
    let o = cardsim(&[
        "simulate",
        game,
        "--players",
        players,
        "--deals",
        "2000",
        "--seed",
        "11",
        "--strategy",
        "greedy-prev",
        "--threads",
        "2",
        "-q",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/greedy-prev")
        .join(format!("{game}-{players}"));
    for f in ["ends.csv", "lengths.csv", "scores.csv", "summary.csv"] {
        let want = std::fs::read_to_string(fixture.join(f)).unwrap();
        let got = std::fs::read_to_string(dir.join(f)).unwrap();
        assert_eq!(
            got.replace("greedy-prev", "greedy"),
            want,
            "{game} {players} players: {f} differs from the previous greedy's"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn golf_greedy_prev_plays_as_the_previous_greedy_2_players() {
    same_as_before("golf", "2");
}

#[test]
fn golf_greedy_prev_plays_as_the_previous_greedy_4_players() {
    same_as_before("golf", "4");
}

#[test]
fn broken_ladder_greedy_prev_plays_as_the_previous_greedy() {
    same_as_before("broken-ladder", "2");
}
