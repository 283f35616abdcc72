//! `greedy-prev` plays as greedy did before issue 21: the same CSV bytes as the binary of
//! main 5664bb9 (`cardsim simulate hand-and-foot --deals 300 --seed 7 --threads 1 --out DIR`
//! and `--players 6 --deals 100 --seed 3`, recorded in `fixtures/` before any change), up to
//! the strategy's name in the `strategy` column.

use crate::cli::Cli;
use clap::Parser;

fn same_bytes(players: &str, deals: &str, seed: &str, fixture: &str) {
    let dir =
        std::env::temp_dir().join(format!("cardsim-hf-prev-{players}-{}", std::process::id()));
    let argv = [
        "cardsim",
        "simulate",
        "hand-and-foot",
        "--strategy",
        "greedy-prev",
        "--players",
        players,
        "--deals",
        deals,
        "--seed",
        seed,
        "--threads",
        "2",
        "-q",
        "--out",
        dir.to_str().unwrap(),
    ];
    crate::cli::run(Cli::try_parse_from(argv).unwrap()).unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/games/hand_and_foot/fixtures")
        .join(fixture);
    for f in ["scores", "lengths", "ends", "summary", "teams"] {
        let name = format!("{f}.csv");
        let got = std::fs::read_to_string(dir.join(&name)).unwrap();
        let want = std::fs::read_to_string(fixtures.join(&name)).unwrap();
        assert_eq!(
            got.replace(",greedy-prev,", ",greedy,"),
            want,
            "{fixture}/{name} differs"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn greedy_prev_reproduces_main_4_players() {
    same_bytes("4", "300", "7", "prev-4p-s7");
}

#[test]
fn greedy_prev_reproduces_main_6_players() {
    same_bytes("6", "100", "3", "prev-6p-s3");
}
