//! `cardsim balance`: a tiny race writes its files, the same bytes for 1 and 2 threads, and
//! its bookkeeping adds up (deals per variant = blocks x block; eliminated variants say when
//! and why; the winner is a survivor and the re-test holds it, the base rules and one flip per
//! searched switch).

mod common;

use common::{cardsim, read, tmp};

fn race(dir: &std::path::Path, threads: &str) {
    let out = cardsim(&[
        "balance",
        "golf",
        "--space",
        "final_turns=yes,no",
        "--space",
        "empty_stock=end,reshuffle",
        "--budget",
        "12000",
        "--block",
        "100",
        "--delta",
        "0.01",
        "--threads",
        threads,
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_tiny_race_is_reproducible_and_its_books_add_up() {
    let (a, b) = (tmp("lab-bal1"), tmp("lab-bal2"));
    race(&a, "1");
    race(&b, "2");
    for f in ["variants.csv", "best.csv", "metrics.csv"] {
        assert_eq!(
            read(&a, f),
            read(&b, f),
            "{f} differs between 1 and 2 threads"
        );
    }
    let v = read(&a, "variants.csv");
    let rows: Vec<Vec<&str>> = v.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 4, "2 x 2 variants");
    let mut played = 0u64;
    for r in &rows {
        assert_eq!(r[..2], ["golf", "4"], "{r:?}");
        let blocks: u64 = r[4].parse().unwrap();
        let deals: u64 = r[5].parse().unwrap();
        assert_eq!(deals, blocks * 100, "{r:?}");
        assert!(blocks >= 5, "every variant plays the first 5 blocks");
        played += deals;
        match r[10] {
            "survivor" => assert!(r[11].is_empty()),
            "eliminated" => assert!(!r[11].is_empty() && !r[12].is_empty(), "{r:?}"),
            s => panic!("status {s}"),
        }
    }
    let run: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert_eq!(run["race"]["deals"].as_u64(), Some(played));
    assert!(played <= 12000);
    let winner = run["race"]["winner"].as_str().unwrap();
    assert!(rows.iter().any(|r| r[3] == winner && r[10] == "survivor"));
    let best = read(&a, "best.csv");
    for role in ["winner", "base", "flip:final_turns", "flip:empty_stock"] {
        assert!(
            best.lines()
                .any(|l| l.starts_with(&format!("golf,4,{role},"))),
            "{role}"
        );
    }
}

#[test]
fn bad_searches_are_refused_with_one_line() {
    for (args, what) in [
        (vec!["--space", "final_turns"], "bad --space"),
        (
            vec!["--space", "final_turns=yes,no", "--minimize", "fun"],
            "unknown --minimize",
        ),
        (
            vec!["--space", "final_turns=yes,no", "--require", "fun>=1"],
            "unknown metric",
        ),
        (
            vec!["--space", "final_turns=yes,no", "--budget", "10"],
            "first round alone needs",
        ),
        (
            vec![
                "--search",
                "race",
                "--space",
                "holes=1..36",
                "--space",
                "box=-20,-40,off",
                "--space",
                "jokers=on,off",
                "--space",
                "row_rule=on,off",
                "--space",
                "final_turns=yes,no",
            ],
            "at most 512",
        ),
    ] {
        let mut a = vec!["balance", "golf", "--quiet"];
        a.extend(args);
        let out = cardsim(&a);
        assert_eq!(out.status.code(), Some(2), "{a:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(what), "{a:?}: {err}");
    }
}

#[test]
fn a_study_runs_a_balance_search_and_its_page_lists_it() {
    let d = tmp("lab-bal-study");
    std::fs::create_dir_all(&d).unwrap();
    let study = d.join("s.toml");
    std::fs::write(
        &study,
        "about = \"A study with a balance search\"\nout = \"o\"\nseed = 1\n\n\
         [[run]]\nname = \"sim\"\nkind = \"simulate\"\ngame = \"golf\"\nplayers = 2\ndeals = 100\n\n\
         [[run]]\nname = \"bal\"\nkind = \"balance\"\ngame = \"golf\"\nplayers = 2\n\
         space = [\"final_turns=yes,no\"]\nbudget = 2000\nblock = 100\n",
    )
    .unwrap();
    let out = cardsim(&["run", study.to_str().unwrap(), "--report", "--quiet"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let o = d.join("o");
    assert!(read(&o.join("bal"), "best.csv").starts_with("game,players,role,"));
    // The study page shows the balance run like any other: its race and re-test.
    let page = read(&o, "report.html");
    assert!(page.contains("The race") && page.contains("Re-test on fresh deals"));
}
