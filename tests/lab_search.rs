//! The balance lab's searches end to end: a Golf balance search over every switch (864
//! variants, so NTBEA is chosen) and `cardsim tune` write the same bytes for 1 and 2
//! threads, their books add up, the tuned knob file loads as a strategy, and the report
//! pages draw the race and the metrics.

mod common;

use common::{cardsim, read, tmp};
use std::path::Path;

fn ok(out: &std::process::Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const ALL_GOLF: [&str; 16] = [
    "--space",
    "decks=auto,1,2",
    "--space",
    "flip_after_discard=no,optional,required",
    "--space",
    "final_turns=yes,no",
    "--space",
    "empty_stock=end,reshuffle",
    "--space",
    "pair_of_twos=0,-4",
    "--space",
    "row_rule=on,off",
    "--space",
    "box=-20,-40,off",
    "--space",
    "jokers=on,off",
];

fn search(dir: &Path, threads: &str, report: bool) {
    let mut a = vec!["balance", "golf", "--players", "2"];
    a.extend(ALL_GOLF);
    a.extend([
        "--budget",
        "6000",
        "--block",
        "20",
        "--threads",
        threads,
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    if report {
        a.push("--report");
    }
    ok(&cardsim(&a));
}

#[test]
fn a_large_space_is_searched_with_ntbea_reproducibly() {
    let (a, b) = (tmp("lab-ntbea1"), tmp("lab-ntbea2"));
    search(&a, "1", true);
    search(&b, "2", false);
    for f in ["ntbea.csv", "variants.csv", "best.csv", "metrics.csv"] {
        assert_eq!(read(&a, f), read(&b, f), "{f} differs by threads");
    }
    let run: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert_eq!(run["search"]["kind"], "ntbea");
    assert_eq!(run["search"]["candidates"], 864);
    let ntbea_deals = run["search"]["deals"].as_u64().unwrap();
    let race_deals = run["race"]["deals"].as_u64().unwrap();
    // Half of 6000 deals: 4 runs x 37 evaluations x one block of 20 deals.
    assert_eq!(ntbea_deals, 4 * 37 * 20);
    assert!(ntbea_deals + race_deals <= 6000);
    // The race holds exactly NTBEA's distinct picks, each a full setting of every switch.
    let picks: std::collections::BTreeSet<String> = read(&a, "ntbea.csv")
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(4).unwrap().to_string())
        .collect();
    let raced: std::collections::BTreeSet<String> = read(&a, "variants.csv")
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(3).unwrap().to_string())
        .collect();
    assert_eq!(picks, raced);
    assert!(raced.iter().all(|v| v.split(';').count() == 8), "{raced:?}");
    let page = read(&a, "report.html");
    for s in [
        "The race",
        "data-chart=\"front\"",
        "Re-test on fresh deals",
        "Game-quality metrics",
    ] {
        assert!(page.contains(s), "report lacks {s}");
    }
}

fn tune(dir: &Path, threads: &str) {
    ok(&cardsim(&[
        "tune",
        "golf",
        "--players",
        "2",
        "--strategy",
        "greedy",
        "--knob",
        "take_discard_gain=0..4",
        "--knob",
        "go_out_win=0.4,0.8",
        "--levels",
        "3",
        "--panel",
        "greedy,random",
        "--budget",
        "8000",
        "--block",
        "20",
        "--threads",
        threads,
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]));
}

#[test]
fn tune_races_knob_settings_and_writes_a_loadable_knob_file() {
    let (a, b) = (tmp("lab-tune1"), tmp("lab-tune2"));
    tune(&a, "1");
    tune(&b, "2");
    for f in ["tune.csv", "retest.csv", "best.toml"] {
        assert_eq!(read(&a, f), read(&b, f), "{f} differs by threads");
    }
    let t = read(&a, "tune.csv");
    let rows: Vec<Vec<&str>> = t.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 6, "3 x 2 settings");
    let mut played = 0;
    for r in &rows {
        let (blocks, deals): (u64, u64) = (r[5].parse().unwrap(), r[6].parse().unwrap());
        // A block: 20 deals x 2 panel members x 2 seats for the candidate.
        assert_eq!(deals, blocks * 80, "{r:?}");
        played += deals;
        let rate: f64 = r[7].parse().unwrap();
        assert!((0.0..=1.0).contains(&rate));
    }
    let run: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert_eq!(run["race"]["deals"].as_u64(), Some(played));
    let retest = read(&a, "retest.csv");
    assert!(
        retest
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("golf,2,greedy,best,")
    );
    assert!(
        retest
            .lines()
            .nth(2)
            .unwrap()
            .starts_with("golf,2,greedy,default,greedy,")
    );
    // The knob file plays.
    let best = a.join("best.toml");
    let sim = tmp("lab-tune-sim");
    ok(&cardsim(&[
        "simulate",
        "golf",
        "--strategy",
        best.to_str().unwrap(),
        "--deals",
        "50",
        "--quiet",
        "--out",
        sim.to_str().unwrap(),
    ]));
    let toml = read(&a, "best.toml");
    let winner = run["race"]["best"].as_str().unwrap();
    for kv in winner.split(';') {
        let (k, v) = kv.split_once('=').unwrap();
        let v: f64 = v.parse().unwrap();
        assert!(toml.contains(&format!("{k} = {v:?}")), "{toml}");
    }
}

#[test]
fn tune_refuses_a_knob_the_bot_lacks() {
    let out = cardsim(&[
        "tune",
        "golf",
        "--strategy",
        "greedy",
        "--knob",
        "bogus=1..2",
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no knob 'bogus'"));
}

#[test]
fn a_simulate_page_shows_the_metrics() {
    let d = tmp("lab-sim-report");
    ok(&cardsim(&[
        "simulate",
        "golf",
        "--deals",
        "300",
        "--quiet",
        "--report",
        "--out",
        d.to_str().unwrap(),
    ]));
    let page = read(&d, "report.html");
    assert!(page.contains("Game-quality metrics") && page.contains("seat_gap2"));
}

#[test]
fn compare_with_a_panel_flags_disagreements_and_measures_skill() {
    let d = tmp("lab-panel");
    let out = cardsim(&[
        "compare",
        "golf",
        "--players",
        "2",
        "--variant",
        "base:",
        "--variant",
        "nofinal:final_turns=no",
        "--panel",
        "greedy,random",
        "--deals",
        "400",
        "--out",
        d.to_str().unwrap(),
    ]);
    ok(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("weakest random, strongest greedy"),
        "{stdout}"
    );
    let p = read(&d, "panel.csv");
    let lines: Vec<Vec<&str>> = p.lines().skip(1).map(|l| l.split(',').collect()).collect();
    // Every member's metric rows for both variants, then 2 skill rows per variant.
    let metric_rows = read(&d, "metrics.csv").lines().count() - 1;
    assert_eq!(lines.len(), 2 * metric_rows + 4);
    for member in ["greedy", "random"] {
        assert_eq!(lines.iter().filter(|l| l[2] == member).count(), metric_rows);
    }
    // `agree` is the same for a row in every member's block, and empty for the baseline.
    for i in 0..metric_rows {
        assert_eq!(lines[i][12], lines[i + metric_rows][12], "{:?}", lines[i]);
        if lines[i][3] == "base" {
            assert_eq!(lines[i][12], "");
        }
    }
    // greedy beats random nearly always: a large skill gap, few upsets.
    for l in lines.iter().filter(|l| l[2] == "random<greedy") {
        let v: f64 = l[5].parse().unwrap();
        match l[4] {
            "skill_gap" => assert!(v > 0.6, "{l:?}"),
            "upset_share" => assert!(v < 0.2, "{l:?}"),
            m => panic!("{m}"),
        }
    }
    let run: serde_json::Value = serde_json::from_str(&read(&d, "run.json")).unwrap();
    let flagged = run["panel"]["disagreements"].as_array().unwrap().len();
    let noes = lines
        .iter()
        .take(metric_rows)
        .filter(|l| l[12] == "no")
        .count();
    assert_eq!(flagged, noes);
}
