//! The binary end to end, on the command line itself: the common options every
//! deal-playing command shares, tables and `--json`, a run owning its `--out`, failed
//! stdout writes, non-ASCII card text, and silent overrides refused.

mod common;

use common::{cardsim, read, tmp};
use std::process::{Command, Stdio};

fn text(o: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Exit 2 with exactly one line on stderr containing `want`.
fn refused(args: &[&str], want: &str) {
    let o = cardsim(args);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: {err}");
}

#[test]
fn every_deal_playing_command_takes_the_common_options() {
    let d = tmp("common");
    let out = |s: &str| d.join(s).to_str().unwrap().to_string();
    let runs: Vec<Vec<String>> = vec![
        vec![
            "simulate".into(),
            "golf".into(),
            "--deals".into(),
            "50".into(),
        ],
        vec![
            "compare".into(),
            "golf".into(),
            "--deals".into(),
            "50".into(),
            "--variant".into(),
            "a:".into(),
            "--variant".into(),
            "b:holes=9".into(),
        ],
        vec![
            "tournament".into(),
            "golf".into(),
            "--deals".into(),
            "5".into(),
            "--strategy".into(),
            "greedy".into(),
            "--strategy".into(),
            "random".into(),
        ],
    ];
    for (i, r) in runs.iter().enumerate() {
        let mut args: Vec<String> = r.clone();
        args.extend(
            [
                "--players",
                "3",
                "--seed",
                "9",
                "--rule",
                "holes=9",
                "--threads",
                "2",
                "--quiet",
                "--out",
            ]
            .map(String::from),
        );
        args.push(out(&i.to_string()));
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = cardsim(&a);
        let (stdout, err) = text(&o);
        assert!(o.status.success(), "{a:?}: {err}");
        assert!(stdout.is_empty(), "--quiet prints no table: {stdout}");
        let run: serde_json::Value =
            serde_json::from_str(&read(&d.join(i.to_string()), "run.json")).unwrap();
        assert_eq!(
            (run["players"].as_u64(), run["seed"].as_u64()),
            (Some(3), Some(9)),
            "{a:?}"
        );
        assert_eq!(run["rules"]["holes"], "9", "{a:?}");
    }
    for bad in [["run", "x.toml"], ["rerun", "x"], ["bench", "golf"]] {
        let mut a = bad.to_vec();
        a.extend(["--threads", "0", "--quiet"]);
        refused(&a, "--threads must be at least 1");
    }
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn tables_are_printed_also_with_out_and_json_is_one_document() {
    let d = tmp("tables");
    let o = cardsim(&[
        "compare",
        "golf",
        "--deals",
        "400",
        "--variant",
        "base:",
        "--variant",
        "h9:holes=9",
        "--out",
        d.to_str().unwrap(),
    ]);
    let (out, _) = text(&o);
    assert!(o.status.success());
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("golf: 400 deals") && lines[0].contains("baseline base"),
        "{out}"
    );
    assert!(
        lines[1..4]
            .iter()
            .any(|l| l.starts_with("variant") && l.contains("p_holm")),
        "{out}"
    );
    assert!(!out.contains("p_value") && read(&d, "compare.csv").contains("p_holm"));
    let o = cardsim(&[
        "tournament",
        "golf",
        "--deals",
        "20",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--out",
        d.to_str().unwrap(),
    ]);
    let (out, _) = text(&o);
    assert!(
        out.contains("strategy  games  win rate") && !out.contains(",greedy,"),
        "{out}"
    );
    assert!(
        out.contains("pairwise") && out.contains("score rate"),
        "{out}"
    );
    // Every column holds a value: the games played in the ratings table, the deals of each
    // pair in the pairwise one (both read the CSV's `played`).
    let played = |l: &str, at: usize| l.split_whitespace().nth(at)?.parse::<u64>().ok();
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("greedy ")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(played(rows[0], 1).is_some_and(|n| n > 0), "{out}");
    assert!(played(rows[1], 2).is_some_and(|n| n > 0), "{out}");
    let o = cardsim(&[
        "simulate",
        "golf",
        "--deals",
        "300",
        "--json",
        "--out",
        d.to_str().unwrap(),
    ]);
    let (out, _) = text(&o);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["run"]["count"], 300);
    assert_eq!(v["summary"].as_array().unwrap().len(), 4);
    assert_eq!(v["summary"][2]["seat"], 2);
    let wins: f64 = v["summary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["wins"].as_f64().unwrap())
        .sum();
    assert!((wins - 300.0).abs() < 1e-3, "{wins}");
    for args in [
        vec![
            "tournament",
            "golf",
            "--deals",
            "5",
            "--strategy",
            "greedy",
            "--strategy",
            "random",
            "--json",
        ],
        vec![
            "compare",
            "golf",
            "--deals",
            "50",
            "--variant",
            "a:",
            "--variant",
            "b:holes=9",
            "--json",
        ],
    ] {
        let (out, err) = text(&cardsim(&args));
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
        assert!(
            v["run"]["command"].is_array() && v.as_object().unwrap().len() >= 2,
            "{v}"
        );
    }
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_run_owns_its_out_folder_and_no_other_files() {
    let d = tmp("owns");
    let o = cardsim(&[
        "simulate",
        "hand-and-foot",
        "--deals",
        "20",
        "-q",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success() && d.join("teams.csv").exists());
    std::fs::write(d.join("notes.txt"), "mine").unwrap();
    std::fs::write(d.join(".scores.csv.99999.tmp"), "left by a killed run").unwrap();
    let o = cardsim(&[
        "simulate",
        "golf",
        "--deals",
        "20",
        "-q",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let mut names: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "ends.csv",
            "lengths.csv",
            "metrics.csv",
            "notes.txt",
            "run.json",
            "scores.csv",
            "summary.csv"
        ]
    );
    assert!(read(&d, "summary.csv").contains("golf,"));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_terminated_run_exits_130_and_leaves_no_files() {
    let d = tmp("term");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args([
            "simulate",
            "golf",
            "--deals",
            "100000000",
            "-q",
            "--out",
            d.to_str().unwrap(),
        ])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(400));
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert!(std::fs::read_dir(&d).map(|r| r.count()).unwrap_or(0) == 0);
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn failed_stdout_writes_exit_1_and_a_closed_pipe_stays_quiet() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(["list"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("cannot write to stdout"), "{err}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(["rules", "golf"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert!(
        o.status.success() && o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn non_ascii_card_text_is_an_error_in_every_game() {
    for args in [
        vec!["score", "golf", "KS♠", "KH", "5C", "5D", "9C", "9D"],
        vec![
            "score",
            "broken-ladder",
            "--head",
            "5S♠",
            "--starter",
            "3D",
            "AC",
            "3S",
            "3C",
            "4H",
            "5D",
        ],
        vec!["score", "hand-and-foot", "--meld", "KS", "KH", "KD♦"],
        vec!["score", "lasso", "AS", "KD", "5C", "é"],
        vec!["score", "chinchon", "1O", "2O", "3O", "7C", "7E", "7B", "ñ"],
    ] {
        refused(&args, "bad card");
    }
}

#[test]
fn silent_overrides_are_refused() {
    refused(
        &["simulate", "golf", "--rule", "holes=9", "--rule", "holes=3"],
        "given twice",
    );
    refused(
        &[
            "compare",
            "golf",
            "--variant",
            "a:",
            "--variant",
            "b:holes=9,holes=3",
        ],
        "given twice",
    );
    refused(
        &[
            "simulate",
            "lasso",
            "--players",
            "2",
            "--strategy",
            "greedy",
            "--strategy",
            "random",
            "--strategy",
            "greedy",
        ],
        "3 strategies for 2 seats",
    );
    refused(
        &[
            "score",
            "broken-ladder",
            "--head",
            "5S",
            "--head",
            "6S",
            "--starter",
            "3D",
            "AC",
            "3S",
            "3C",
            "4H",
            "5D",
        ],
        "--head is given twice",
    );
    // A variant's own switch still overrides a shared --rule.
    let o = cardsim(&[
        "compare",
        "golf",
        "--deals",
        "20",
        "--rule",
        "holes=9",
        "--variant",
        "a:",
        "--variant",
        "b:holes=3",
        "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn an_unreached_precision_target_warns_and_is_flagged() {
    let d = tmp("prec");
    let o = cardsim(&[
        "simulate",
        "golf",
        "--precision",
        "0.001",
        "--deals",
        "2000",
        "-q",
        "--out",
        d.to_str().unwrap(),
    ]);
    let (_, err) = text(&o);
    assert!(
        o.status.success() && err.contains("warning: --precision 0.001 not reached"),
        "{err}"
    );
    let run: serde_json::Value = serde_json::from_str(&read(&d, "run.json")).unwrap();
    assert_eq!(run["precision"]["reached"], false);
    assert_eq!(run["precision"]["target"], 0.001);
    let o = cardsim(&[
        "simulate",
        "golf",
        "--precision",
        "0.5",
        "-q",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success() && o.stderr.is_empty());
    let run: serde_json::Value = serde_json::from_str(&read(&d, "run.json")).unwrap();
    assert_eq!(run["precision"]["reached"], true);
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_long_run_announces_its_estimate_first() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args([
            "simulate",
            "golf",
            "--deals",
            "10000000000",
            "--threads",
            "1",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("cardsim: golf: this run will take about ") && line.contains(" h "),
        "{line}"
    );
}

#[test]
fn list_of_one_game_completions_and_man_from_the_binary() {
    let o = cardsim(&["list", "golf"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.starts_with("golf\n") && out.contains("Switches (--rule KEY=VALUE):"),
        "{out}"
    );
    assert!(!out.contains("\nlasso\n"), "only golf: {out}");
    refused(&["list", "gulf"], "unknown game 'gulf'");
    let o = cardsim(&["completions", "bash"]);
    assert!(o.status.success() && text(&o).0.contains("cardsim__subcmd__simulate"));
    let o = cardsim(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("invalid value 'tcsh'"));
    let o = cardsim(&["man"]);
    assert!(o.status.success() && text(&o).0.contains(".TH cardsim-simulate"));
    let o = cardsim(&["score", "--help"]);
    let (out, _) = text(&o);
    for g in [
        "lasso:",
        "golf:",
        "broken-ladder:",
        "hand-and-foot:",
        "chinchon:",
    ] {
        assert!(out.contains(g), "score --help lacks {g}: {out}");
    }
}
