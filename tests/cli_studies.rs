//! The binary end to end, continued: tournaments, every game, `--precision`, interrupted
//! runs, study files, whole matches in compare and tournament, and a closed pipe.

mod common;

use common::{cardsim, read, tmp};
use std::process::Command;

#[test]
fn tournament_rotates_seats_and_rates_strategies() {
    let d = tmp("tour");
    let o = cardsim(&[
        "tournament",
        "golf",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--strategy",
        "cautious",
        "--players",
        "2",
        "--deals",
        "300",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = read(&d, "tournament.csv");
    let rows: Vec<Vec<&str>> = t.lines().skip(1).map(|l| l.split(',').collect()).collect();
    // Three pairings, each 300 deals x 2 rotations: every strategy sits 1200 times.
    assert!(rows.iter().all(|r| r[4] == "1200"), "{t}");
    let rating = |s: &str| {
        rows.iter().find(|r| r[3] == s).unwrap()[10]
            .parse::<f64>()
            .unwrap()
    };
    assert!(rating("greedy") > rating("random") + 200.0, "{t}");
    let p = read(&d, "pairwise.csv");
    assert_eq!(p.lines().count(), 1 + 6);
    let o = cardsim(&["tournament", "golf", "--strategy", "greedy"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn every_game_simulates_deterministically_and_traces_and_lists() {
    for game in cardsim::games::NAMES {
        let (a, b) = (tmp(&format!("{game}-1")), tmp(&format!("{game}-2")));
        for (dir, t) in [(&a, "1"), (&b, "2")] {
            let o = cardsim(&[
                "simulate",
                game,
                "--deals",
                "300",
                "--threads",
                t,
                "--quiet",
                "--out",
                dir.to_str().unwrap(),
            ]);
            assert!(
                o.status.success(),
                "{game}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        for f in ["summary.csv", "scores.csv", "lengths.csv"] {
            assert_eq!(
                read(&a, f),
                read(&b, f),
                "{game} {f} differs between 1 and 2 threads"
            );
        }
        let o = cardsim(&[
            "simulate",
            game,
            "--matches",
            "2",
            "--quiet",
            "--out",
            a.to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{game} matches: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let o = cardsim(&["trace", game, "--deal", "3", "--json"]);
        assert!(
            o.status.success(),
            "{game} trace: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let text = String::from_utf8(o.stdout).unwrap();
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{game}: {e}: {line}"));
        }
        let o = cardsim(&["rules", game]);
        assert!(o.status.success() && o.stdout.len() > 500, "{game} rules");
        for d in [a, b] {
            std::fs::remove_dir_all(d).unwrap();
        }
    }
    let o = cardsim(&["list"]);
    let text = String::from_utf8_lossy(&o.stdout);
    for game in cardsim::games::NAMES {
        assert!(text.contains(game), "list misses {game}");
    }
}

#[test]
fn precision_stops_reproducibly_at_the_same_deals_a_fixed_run_plays() {
    let (p, f) = (tmp("prec"), tmp("fixed"));
    let o = cardsim(&[
        "simulate",
        "golf",
        "--players",
        "2",
        "--precision",
        "0.03",
        "--quiet",
        "--out",
        p.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary = read(&p, "summary.csv");
    let n: u64 = summary
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(6)
        .unwrap()
        .parse()
        .unwrap();
    assert!([10_000, 20_000, 40_000, 80_000].contains(&n), "{n}");
    let widest = summary
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<f64> = l
                .split(',')
                .skip(9)
                .take(2)
                .map(|x| x.parse().unwrap())
                .collect();
            f[1] - f[0]
        })
        .fold(0.0, f64::max);
    assert!(widest < 0.03, "{widest}");
    let o = cardsim(&[
        "simulate",
        "golf",
        "--players",
        "2",
        "--deals",
        &n.to_string(),
        "--quiet",
        "--out",
        f.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert_eq!(read(&p, "summary.csv"), read(&f, "summary.csv"));
    assert_eq!(read(&p, "scores.csv"), read(&f, "scores.csv"));
    let o = cardsim(&["simulate", "golf", "--precision", "2"]);
    assert_eq!(o.status.code(), Some(2));
    for d in [p, f] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn a_study_file_runs_its_runs_into_folders_beside_it() {
    let d = tmp("study");
    std::fs::create_dir_all(&d).unwrap();
    let file = d.join("s.toml");
    std::fs::write(
        &file,
        r#"
about = "test"
out = "res"
seed = 3
[[run]]
name = "sim"
kind = "simulate"
game = "golf"
deals = 500
[[run]]
name = "cmp"
kind = "compare"
game = "broken-ladder"
deals = 300
variants = ["base:", "limit_off:rank_limit=off"]
[[run]]
name = "tour"
kind = "tournament"
game = "lasso"
players = 2
strategies = ["greedy", "random"]
deals = 50
"#,
    )
    .unwrap();
    let o = cardsim(&["run", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(read(&d.join("res/sim"), "summary.csv").contains(",500,"));
    assert!(read(&d.join("res/cmp"), "compare.csv").contains("limit_off"));
    assert!(read(&d.join("res/tour"), "tournament.csv").contains("greedy"));
    std::fs::write(
        &file,
        "out = \"x\"\n[[run]]\nname = \"a\"\nkind = \"dance\"\ngame = \"golf\"\n",
    )
    .unwrap();
    let o = cardsim(&["run", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown kind 'dance'"));
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn compare_and_tournament_play_whole_matches_too() {
    let d = tmp("cmpm");
    let o = cardsim(&[
        "compare",
        "golf",
        "--variant",
        "nine:",
        "--variant",
        "three:holes=3",
        "--matches",
        "60",
        "--players",
        "3",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = read(&d, "compare.csv");
    assert!(text.starts_with("game,players,unit,played,"));
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .starts_with("golf,3,matches,60,")
    );
    let deals = |v: &str| {
        text.lines()
            .find(|l| l.contains(&format!(",{v},")) && l.contains("mean_deals"))
            .unwrap()
            .to_string()
    };
    assert!(deals("nine").contains(",9.000000,"), "{}", deals("nine"));
    assert!(
        deals("three").contains(",3.000000,-6.000000,"),
        "{}",
        deals("three")
    );
    let o = cardsim(&[
        "tournament",
        "golf",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--players",
        "2",
        "--matches",
        "20",
        "--rule",
        "holes=2",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(read(&d, "tournament.csv").contains("golf,2,matches,greedy,40,"));
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn compare_and_tournament_precision_equal_fixed_runs_of_the_count_reached() {
    let (p, f) = (tmp("cprec"), tmp("cfix"));
    let base = [
        "compare",
        "broken-ladder",
        "--variant",
        "a:",
        "--variant",
        "b:rank_limit=off",
        "--players",
        "2",
    ];
    let o = cardsim(
        &[
            &base[..],
            &["--precision", "0.03", "--out", p.to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = read(&p, "compare.csv");
    let n = text
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(3)
        .unwrap()
        .to_string();
    let o = cardsim(&[&base[..], &["--deals", &n, "--out", f.to_str().unwrap()]].concat());
    assert!(o.status.success());
    assert_eq!(text, read(&f, "compare.csv"));
    let o = cardsim(&[
        "tournament",
        "golf",
        "--strategy",
        "greedy",
        "--strategy",
        "racer",
        "--players",
        "2",
        "--precision",
        "0.02",
        "--out",
        p.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = read(&p, "tournament.csv");
    for l in t.lines().skip(1) {
        let f: Vec<f64> = l
            .split(',')
            .skip(7)
            .take(2)
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(f[1] - f[0] < 0.02, "{l}");
    }
    for d in [p, f] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(["trace", "hand-and-foot", "--deal", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the rest of the trace goes to a closed pipe.
    let out = child.wait_with_output().unwrap();
    assert!(first.starts_with("hand-and-foot deal 2"), "{first}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

/// Each run of a study reports its own CPU time in run.json, not the process's total so
/// far: a tiny run after a long one used far less CPU than the long one.
#[test]
fn each_study_run_reports_its_own_cpu_time() {
    let d = tmp("study-cpu");
    std::fs::create_dir_all(&d).unwrap();
    let file = d.join("s.toml");
    std::fs::write(
        &file,
        r#"
out = "res"
[[run]]
name = "long"
kind = "simulate"
game = "lasso"
deals = 20000
[[run]]
name = "tiny"
kind = "simulate"
game = "golf"
deals = 100
"#,
    )
    .unwrap();
    let o = cardsim(&["run", file.to_str().unwrap(), "-j", "1", "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let cpu = |run: &str| {
        let j: serde_json::Value =
            serde_json::from_str(&read(&d.join("res").join(run), "run.json")).unwrap();
        j["cpu_s"].as_f64().unwrap()
    };
    let (long, tiny) = (cpu("long"), cpu("tiny"));
    assert!(long > 0.05, "{long}");
    assert!(tiny < long / 4.0, "tiny {tiny} long {long}");
    std::fs::remove_dir_all(d).unwrap();
}
