//! `cardsim balance --panel` and `--front`: the same bytes for 1 and 2 threads, the panel's
//! rows (worst member and each member) add up, the front's files and its scatter, a study
//! with a panel, and one-line refusals.

mod common;

use common::{cardsim, read, tmp};
use std::path::Path;

fn ok(args: &[&str]) {
    let out = cardsim(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn panel_race(dir: &Path, threads: &str) {
    ok(&[
        "balance",
        "golf",
        "--players",
        "2",
        "--space",
        "final_turns=yes,no",
        "--space",
        "flip_after_discard=no,optional",
        "--panel",
        "greedy,greedy-prev",
        "--budget",
        "12000",
        "--block",
        "100",
        "--threads",
        threads,
        "--quiet",
        "--report",
        "--out",
        dir.to_str().unwrap(),
    ]);
}

fn front_race(dir: &Path, threads: &str) {
    ok(&[
        "balance",
        "golf",
        "--space",
        "final_turns=yes,no",
        "--space",
        "empty_stock=end,reshuffle",
        "--front",
        "seat_gap2,max:decisive_share",
        "--budget",
        "12000",
        "--block",
        "100",
        "--threads",
        threads,
        "--quiet",
        "--report",
        "--out",
        dir.to_str().unwrap(),
    ]);
}

fn num(s: &str) -> f64 {
    s.parse().unwrap_or_else(|_| panic!("not a number: {s:?}"))
}

#[test]
fn a_panel_race_is_reproducible_and_judges_by_the_worst_member() {
    let (a, b) = (tmp("lab-panel1"), tmp("lab-panel2"));
    panel_race(&a, "1");
    panel_race(&b, "2");
    for f in ["variants.csv", "best.csv", "metrics.csv", "panel.csv"] {
        assert_eq!(
            read(&a, f),
            read(&b, f),
            "{f} differs between 1 and 2 threads"
        );
    }
    let v = read(&a, "variants.csv");
    let mut lines = v.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(head[..4], ["game", "players", "panel", "variant"]);
    let col = |n: &str| head.iter().position(|h| *h == n).unwrap();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 4 * 3, "4 variants x (worst + 2 members)");
    let mut played = 0;
    for trio in rows.chunks(3) {
        assert_eq!(
            [trio[0][2], trio[1][2], trio[2][2]],
            ["worst", "greedy", "greedy-prev"]
        );
        let g = col("seat_gap2");
        // The race's objective is the worst (largest) member's.
        let worst = num(trio[0][g]);
        assert_eq!(worst, num(trio[1][g]).max(num(trio[2][g])), "{trio:?}");
        // The worst row's deals are both members'.
        let d = col("deals");
        assert_eq!(num(trio[0][d]), num(trio[1][d]) + num(trio[2][d]));
        played += num(trio[0][d]) as u64;
        // agree and status are the variant's, on every row.
        for c in [col("agree"), col("status")] {
            assert!(trio.iter().all(|r| r[c] == trio[0][c]), "{trio:?}");
        }
        for r in trio {
            let p = r[col("p_holm")];
            assert!(p.is_empty() || !p.contains('e') || p.contains("e-"), "{p}");
        }
    }
    let run: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert_eq!(run["race"]["deals"].as_u64(), Some(played));
    assert_eq!(
        run["panel"]["members"],
        serde_json::json!(["greedy", "greedy-prev"])
    );
    let cmd: Vec<&str> = run["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(
        cmd.windows(2)
            .any(|w| w == ["--panel", "greedy,greedy-prev"])
    );
    // The re-test under each member, with agree.
    let best = read(&a, "best.csv");
    assert!(best.starts_with("game,players,panel,role,"));
    assert!(best.lines().next().unwrap().ends_with(",agree"));
    for m in ["greedy", "greedy-prev"] {
        assert!(best.contains(&format!("golf,2,{m},winner,")), "{m}");
        assert!(best.contains(&format!("golf,2,{m},base,")), "{m}");
    }
    let page = read(&a, "report.html");
    assert!(page.contains("Under each panel member"));
}

#[test]
fn a_front_race_is_reproducible_and_drawn() {
    let (a, b) = (tmp("lab-front1"), tmp("lab-front2"));
    front_race(&a, "1");
    front_race(&b, "2");
    for f in ["variants.csv", "best.csv", "metrics.csv", "front.csv"] {
        assert_eq!(
            read(&a, f),
            read(&b, f),
            "{f} differs between 1 and 2 threads"
        );
    }
    let f = read(&a, "front.csv");
    let mut lines = f.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,players,variant,switches,blocks,deals,metric,goal,value,lo,hi,point_front"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(!rows.is_empty() && rows.len().is_multiple_of(2));
    for pair in rows.chunks(2) {
        assert_eq!(pair[0][2], pair[1][2], "two rows per variant");
        assert_eq!([pair[0][6], pair[0][7]], ["seat_gap2", "min"]);
        assert_eq!([pair[1][6], pair[1][7]], ["decisive_share", "max"]);
        for r in pair {
            assert!(num(r[9]) <= num(r[8]) && num(r[8]) <= num(r[10]), "{r:?}");
        }
    }
    // The front is the survivors of variants.csv.
    let survivors = read(&a, "variants.csv")
        .lines()
        .filter(|l| l.contains(",survivor,"))
        .count();
    assert_eq!(survivors * 2, rows.len());
    let run: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert_eq!(
        run["front"]["metrics"],
        serde_json::json!(["seat_gap2", "max:decisive_share"])
    );
    assert!(run["race"]["winner"].is_null());
    assert!(read(&a, "best.csv").contains("golf,4,base,"));
    let page = read(&a, "report.html");
    let n = rows.len() / 2;
    assert!(
        page.contains(&format!("data-chart=\"pareto\" data-points=\"{n}\"")),
        "the scatter has one circle per front variant"
    );
}

#[test]
fn a_study_races_a_balance_search_under_a_panel() {
    let d = tmp("lab-panel-study");
    std::fs::create_dir_all(&d).unwrap();
    let study = d.join("s.toml");
    std::fs::write(
        &study,
        "about = \"A balance search under a panel\"\nout = \"o\"\nseed = 1\n\n\
         [[run]]\nname = \"bal\"\nkind = \"balance\"\ngame = \"golf\"\nplayers = 2\n\
         space = [\"final_turns=yes,no\"]\nbudget = 4000\nblock = 100\n\
         panel = [\"greedy\", \"greedy-prev\"]\n",
    )
    .unwrap();
    ok(&["run", study.to_str().unwrap(), "--quiet"]);
    let o = d.join("o").join("bal");
    assert!(read(&o, "variants.csv").contains(",greedy-prev,"));
    assert!(read(&o, "best.csv").starts_with("game,players,panel,role,"));
}

#[test]
fn bad_panels_and_fronts_are_refused_with_one_line() {
    let space = ["--space", "final_turns=yes,no"];
    for (args, what) in [
        (vec!["--panel", "greedy"], "at least two"),
        (
            vec!["--panel", "greedy,greedy-prev", "--strategy", "greedy"],
            "drop --strategy",
        ),
        (vec!["--panel", "greedy,nobot"], "nobot"),
        (
            vec!["--front", "seat_gap2,turns_mean", "--minimize", "seat_gap"],
            "--front and --minimize do not go together",
        ),
        (vec!["--front", "seat_gap2"], "expected two metrics"),
        (vec!["--front", "seat_gap2,fun"], "unknown metric 'fun'"),
        (
            vec![
                "--front",
                "seat_gap2,turns_mean",
                "--panel",
                "greedy,greedy-prev",
            ],
            "not built",
        ),
        (
            vec!["--front", "seat_gap2,turns_mean", "--search", "ntbea"],
            "no NTBEA",
        ),
    ] {
        let out_dir = tmp("lab-panel-bad");
        let mut a = vec![
            "balance",
            "golf",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ];
        a.extend(space);
        a.extend(args);
        let out = cardsim(&a);
        assert_eq!(out.status.code(), Some(2), "{a:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("cardsim: error:"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(what), "{a:?}: {err}");
        assert!(
            !out_dir.join("variants.csv").exists(),
            "nothing half-written"
        );
    }
}
