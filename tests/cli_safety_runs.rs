//! Studies' exec bots start in the study's folder and rerun refuses a changed bot file
//! (issue 24.11); a tournament with fewer strategies than seats heads with the share of
//! deals its seats won (issue 24.7).

mod common;

use common::{cardsim, read, tmp};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
}

fn err_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A bot that answers 0 to every question (shell only).
const ZERO_BOT: &str = r#"exec:while read l; do case "$l" in *'"act"'*) echo 0;; esac; done"#;

#[test]
fn a_study_runs_bot_commands_from_its_folder_and_rerun_refuses_a_changed_bot() {
    let d = tmp("safety-study-exec");
    std::fs::create_dir_all(d.join("study")).unwrap();
    let bot = d.join("study/bot.sh");
    std::fs::write(&bot, &ZERO_BOT["exec:".len()..]).unwrap();
    std::fs::write(
        d.join("study/s.toml"),
        "out = \"res\"\n[[run]]\nname = \"one\"\nkind = \"simulate\"\ngame = \"golf\"\ndeals = 20\nstrategies = [\"exec:sh bot.sh\", \"greedy\"]\n",
    )
    .unwrap();
    // From another folder: the command starts in the study's folder.
    let o = bin()
        .current_dir(&d)
        .args(["run", "study/s.toml", "-q"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err_of(&o));
    let one = d.join("study/res/one");
    let run: serde_json::Value = serde_json::from_str(&read(&one, "run.json")).unwrap();
    assert!(
        run["strategies"][0]["exec_files_sha256"]["bot.sh"].is_string(),
        "{run}"
    );
    let again = d.join("again");
    let o = bin()
        .current_dir(std::env::temp_dir())
        .args([
            "rerun",
            one.to_str().unwrap(),
            "-q",
            "--allow-exec",
            "--out",
            again.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err_of(&o));
    assert_eq!(read(&one, "summary.csv"), read(&again, "summary.csv"));
    std::fs::write(&bot, format!("{}\n# changed\n", &ZERO_BOT["exec:".len()..])).unwrap();
    let o = cardsim(&[
        "rerun",
        one.to_str().unwrap(),
        "-q",
        "--allow-exec",
        "--out",
        d.join("b").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err_of(&o));
    assert!(
        err_of(&o).contains("bot.sh is missing or changed"),
        "{}",
        err_of(&o)
    );
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_tournament_with_fewer_strategies_than_seats_heads_with_the_share_of_deals_won() {
    let d = tmp("safety-tour");
    let o = cardsim(&[
        "tournament",
        "golf",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--deals",
        "100",
        "-q",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err_of(&o));
    let rows = |f: &str| -> Vec<std::collections::HashMap<String, String>> {
        let mut r = csv::Reader::from_path(d.join(f)).unwrap();
        let h = r.headers().unwrap().clone();
        r.records()
            .map(|x| {
                h.iter()
                    .map(String::from)
                    .zip(x.unwrap().iter().map(String::from))
                    .collect()
            })
            .collect()
    };
    let t = rows("tournament.csv");
    let get = |name: &str, col: &str| -> f64 {
        t.iter().find(|r| r["strategy"] == name).unwrap()[col]
            .parse()
            .unwrap()
    };
    // Two seatings (greedy in seats 0 and 2, then 1 and 3), 100 deals each: 200 deals, each
    // counted once; every deal's win is shared out between the two strategies' seats.
    assert_eq!(get("greedy", "played"), 200.0);
    assert_eq!(get("greedy", "wins") + get("random", "wins"), 200.0);
    assert!(get("greedy", "win_rate") > 0.9, "{t:?}");
    // Per seat: each of greedy's two seats wins about half of the deals.
    assert_eq!(get("greedy", "seat_games"), 400.0);
    let per_seat = get("greedy", "seat_win_rate");
    assert!(
        (per_seat - get("greedy", "win_rate") / 2.0).abs() < 2e-6,
        "{t:?}"
    );
    let p = rows("pairwise.csv");
    let gr = p.iter().find(|r| r["strategy"] == "greedy").unwrap();
    assert_eq!(gr["played"], "200", "{p:?}");
    std::fs::remove_dir_all(d).unwrap();
}
