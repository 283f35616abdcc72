//! The binary end to end: outputs, determinism across threads, trace = simulate, shards,
//! compare, and every error path (one line on stderr, exit code 2, no panic, nothing written).

mod common;

use common::{cardsim, read, tmp};
use std::path::PathBuf;

#[test]
fn simulate_writes_identical_csv_for_any_thread_count() {
    let (a, b) = (tmp("t1"), tmp("t2"));
    for (dir, t) in [(&a, "1"), (&b, "2")] {
        let o = cardsim(&[
            "simulate",
            "golf",
            "--deals",
            "9000",
            "--threads",
            t,
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    for f in ["summary.csv", "scores.csv", "lengths.csv"] {
        assert_eq!(
            read(&a, f),
            read(&b, f),
            "{f} differs between 1 and 2 threads"
        );
    }
    let summary = read(&a, "summary.csv");
    assert!(summary.starts_with(
        "game,players,variant,unit,seat,strategy,played,wins,win_rate,win_rate_lo,win_rate_hi,mean_score,sd_score,se_score\n"
    ));
    assert_eq!(summary.lines().count(), 5);
    let json: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert_eq!(json["seed"], 2026);
    assert_eq!(json["rules"]["holes"], "9");
    assert_eq!(json["threads"], 1);
    let lengths = read(&a, "lengths.csv");
    let total: u64 = lengths
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 9000);
    for d in [a, b] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn matches_mode_and_strategy_cycling() {
    let d = tmp("m");
    let o = cardsim(&[
        "simulate",
        "golf",
        "--matches",
        "40",
        "--players",
        "3",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--rule",
        "holes=2",
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = read(&d, "summary.csv");
    let strategies: Vec<&str> = s
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap())
        .collect();
    assert_eq!(strategies, ["greedy", "random", "greedy"]);
    assert!(s.lines().nth(1).unwrap().contains(",matches,"));
    assert_eq!(
        read(&d, "lengths.csv"),
        "game,players,variant,unit,length,count\ngolf,3,holes=2,matches,2,40\n"
    );
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn trace_replays_the_deal_simulate_played() {
    let d = tmp("tr");
    let o = cardsim(&[
        "simulate",
        "golf",
        "--deals",
        "1",
        "--seed",
        "77",
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let mut sim_scores: Vec<(usize, i64)> = read(&d, "scores.csv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[4].parse().unwrap(), f[6].parse().unwrap())
        })
        .collect();
    sim_scores.sort();
    let o = cardsim(&["trace", "golf", "--seed", "77", "--deal", "0", "--json"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let traced: Vec<i64> = last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(traced, sim_scores.iter().map(|x| x.1).collect::<Vec<_>>());
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn score_rules_list_and_bench_answer() {
    let o = cardsim(&["score", "golf", "KS", "KH", "5C", "5D", "9C", "9D"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), r#"{"score":28}"#);
    let o = cardsim(&[
        "score",
        "golf",
        "--rule",
        "jokers=on",
        "JK",
        "2S",
        "3S",
        "4H",
        "5H",
        "6H",
    ]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), r#"{"score":18}"#);
    let o = cardsim(&["rules", "golf"]);
    assert!(
        o.status.success() && String::from_utf8_lossy(&o.stdout).contains("flip_after_discard")
    );
    let o = cardsim(&["list"]);
    assert!(o.status.success() && String::from_utf8_lossy(&o.stdout).contains("greedy"));
    let o = cardsim(&["bench", "golf", "--seconds", "0.05"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let file = std::env::temp_dir().join(format!("cardsim-cli-{}-file", std::process::id()));
    std::fs::write(&file, "x").unwrap();
    let under_file = file.join("out");
    let knobs = |name: &str, text: &str| {
        let f = std::env::temp_dir().join(format!("cardsim-cli-{}-{name}", std::process::id()));
        std::fs::write(&f, format!("base = \"greedy\"\n[knobs]\n{text}\n")).unwrap();
        f.to_str().unwrap().to_string()
    };
    let (huge, typo) = (
        knobs("huge.toml", "take_gain = 1e12"),
        knobs("typo.toml", "take_gian = 2"),
    );
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["simulate", "chinchon", "--strategy", &huge],
            "a knob takes a number from -1000000 to 1000000",
        ),
        (
            vec!["simulate", "chinchon", "--strategy", &typo],
            "has no knob 'take_gian'",
        ),
        (vec!["simulate", "poker"], "unknown game 'poker'"),
        (
            vec!["simulate", "golf", "--strategy", "genius"],
            "unknown strategy 'genius'",
        ),
        (
            vec!["simulate", "golf", "--rule", "holes=0"],
            "bad value '0' for rule 'holes'",
        ),
        (
            vec!["simulate", "golf", "--rule", "colour=red"],
            "unknown rule switch 'colour'",
        ),
        (
            vec!["simulate", "golf", "--rule", "holes"],
            "expected KEY=VALUE",
        ),
        (vec!["simulate", "golf", "--players", "0"], "--players 0"),
        (vec!["simulate", "golf", "--players", "9"], "2 to 8"),
        (vec!["simulate", "golf", "--deals", "0"], "at least 1"),
        (
            vec!["bench", "golf", "--repeat", "0"],
            "--repeat must be at least 1",
        ),
        (
            vec!["simulate", "golf", "--out", under_file.to_str().unwrap()],
            "not a folder",
        ),
        (
            vec!["score", "golf", "KS", "KH", "5C", "5D", "9C", "XX"],
            "bad card 'XX'",
        ),
        (vec!["score", "golf", "KS"], "six cards"),
        (vec!["trace", "golf", "--players", "1"], "2 to 8"),
        (vec!["rules", "poker"], "unknown game"),
    ];
    for (args, want) in cases {
        let o = cardsim(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!under_file.exists());
    std::fs::remove_file(file).unwrap();
    std::fs::remove_file(huge).unwrap();
    std::fs::remove_file(typo).unwrap();
}

#[test]
fn merged_shards_equal_a_single_run_byte_for_byte() {
    let whole = tmp("whole");
    let args = [
        "simulate",
        "golf",
        "--deals",
        "10000",
        "--players",
        "3",
        "--seed",
        "5",
        "--quiet",
    ];
    let o = cardsim(&[&args[..], &["--out", whole.to_str().unwrap()]].concat());
    assert!(o.status.success());
    let shards: Vec<PathBuf> = (1..=3).map(|k| tmp(&format!("shard{k}"))).collect();
    for (k, d) in shards.iter().enumerate() {
        let spec = format!("{}/3", k + 1);
        let o = cardsim(
            &[
                &args[..],
                &[
                    "--shard",
                    &spec,
                    "--threads",
                    "1",
                    "--out",
                    d.to_str().unwrap(),
                ],
            ]
            .concat(),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let merged = tmp("merged");
    let mut margs = vec!["merge"];
    // Out of order on purpose: the merge does not depend on the order given.
    margs.extend([2, 0, 1].iter().map(|&i| shards[i].to_str().unwrap()));
    margs.extend(["--out", merged.to_str().unwrap()]);
    let o = cardsim(&margs);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["summary.csv", "scores.csv", "lengths.csv"] {
        assert_eq!(read(&whole, f), read(&merged, f), "{f}");
    }
    // A missing shard is an error, not a smaller result.
    let o = cardsim(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("shard 3/3 is missing"));
    for d in shards.into_iter().chain([whole, merged]) {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn compare_pairs_the_same_deals_across_variants() {
    let d = tmp("cmp");
    let o = cardsim(&[
        "compare",
        "golf",
        "--variant",
        "base:",
        "--variant",
        "same:holes=9",
        "--variant",
        "nofinal:final_turns=no",
        "--deals",
        "3000",
        "--players",
        "3",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = read(&d, "compare.csv");
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    let value = |v: &str, m: &str| -> f64 {
        rows.iter().find(|r| r[4] == v && r[6] == m).unwrap()[7]
            .parse()
            .unwrap()
    };
    for r in &rows {
        // The mean paired difference equals the difference of the means (computed apart).
        let diff: f64 = r[8].parse().unwrap();
        assert!(
            (diff - (value(&r[4], &r[6]) - value("base", &r[6]))).abs() < 2e-6,
            "{r:?}"
        );
        if r[4] == "same" && r[6] != "sd_score" {
            // Identical rules on identical deals: no difference at all, p = 1.
            assert_eq!((diff, r[11].as_str()), (0.0, "1.000000"), "{r:?}");
        }
    }
    assert!(value("nofinal", "mean_turns") < value("base", "mean_turns"));
    let o = cardsim(&["compare", "golf", "--variant", "only:"]);
    assert_eq!(o.status.code(), Some(2));
    let o = cardsim(&["compare", "golf", "--variant", "a:", "--variant", "b:box=7"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(d).unwrap();
}
