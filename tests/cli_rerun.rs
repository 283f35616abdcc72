//! `cardsim rerun`: a folder replayed from its run.json gives the same CSV files byte for
//! byte (simulate, compare, tournament, a shard, a study's run), and refuses a changed knob
//! file; and the study file checks.

mod common;

use common::{cardsim, read, tmp};
use std::path::Path;

fn ok(args: &[&str]) {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Every CSV file of `a` equals `b`'s, and there is at least one.
fn same_csvs(a: &Path, b: &Path) {
    let mut n = 0;
    for e in std::fs::read_dir(a).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".csv") {
            assert_eq!(read(a, &name), read(b, &name), "{name}");
            n += 1;
        }
    }
    assert!(n > 0);
}

#[test]
fn rerun_reproduces_simulate_compare_tournament_and_a_shard() {
    let d = tmp("rerun");
    std::fs::create_dir_all(&d).unwrap();
    let knobs = d.join("k.toml");
    std::fs::write(&knobs, "base = \"greedy\"\n").unwrap();
    let k = knobs.to_str().unwrap();
    let s = |n: &str| d.join(n).to_str().unwrap().to_string();
    let runs: Vec<(String, Vec<&str>)> = vec![
        (
            s("sim"),
            vec![
                "simulate",
                "golf",
                "--deals",
                "300",
                "--strategy",
                k,
                "--strategy",
                "random",
                "--rule",
                "holes=3",
                "--seed",
                "5",
            ],
        ),
        (
            s("prec"),
            vec!["simulate", "lasso", "--players", "2", "--precision", "0.2"],
        ),
        (
            s("cmp"),
            vec![
                "compare",
                "golf",
                "--deals",
                "200",
                "--rule",
                "holes=3",
                "--variant",
                "a:",
                "--variant",
                "b:final_turns=no",
            ],
        ),
        (
            s("tour"),
            vec![
                "tournament",
                "golf",
                "--strategy",
                "greedy",
                "--strategy",
                k,
                "--matches",
                "2",
            ],
        ),
        (
            s("shard"),
            vec!["simulate", "golf", "--deals", "500", "--shard", "2/3"],
        ),
    ];
    for (dir, args) in &runs {
        let mut a = args.clone();
        a.extend(["-q", "--threads", "2", "--out", dir]);
        ok(&a);
        let again = format!("{dir}-again");
        // From another folder, with another thread count: the same files.
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
            .args(["rerun", dir, "--out", &again, "-q", "--threads", "1"])
            .current_dir(std::env::temp_dir())
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{dir}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        same_csvs(Path::new(dir), Path::new(&again));
        let run: serde_json::Value =
            serde_json::from_str(&read(Path::new(&again), "run.json")).unwrap();
        assert_eq!(
            run["command"],
            serde_json::from_str::<serde_json::Value>(&read(Path::new(dir), "run.json")).unwrap()["command"]
        );
    }
    let run: serde_json::Value = serde_json::from_str(&read(&d.join("sim"), "run.json")).unwrap();
    assert_eq!(
        run["strategies"][0]["file_sha256"].as_str().map(str::len),
        Some(64)
    );
    assert!(
        run["strategies"][1]["knobs"]
            .as_object()
            .unwrap()
            .is_empty()
    );
    assert!(
        !run["strategies"][0]["knobs"]
            .as_object()
            .unwrap()
            .is_empty(),
        "defaults recorded"
    );
    assert!(run["argv"].as_array().unwrap().len() > 5);
    std::fs::write(&knobs, "base = \"greedy\"\n# edited\n").unwrap();
    let o = cardsim(&["rerun", &s("sim"), "--out", &s("sim-3")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("changed since the run"));
    let o = cardsim(&["rerun", &s("cmp"), "--out", &s("cmp")]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_merged_folder_reruns_as_the_single_run_it_reproduces() {
    let d = tmp("rerun-merge");
    let s = |n: &str| d.join(n).to_str().unwrap().to_string();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        ok(&[
            "simulate",
            "golf",
            "--deals",
            "300",
            "--seed",
            "9",
            "--shard",
            &shard,
            "-q",
            "--out",
            &s(&format!("s{k}")),
        ]);
    }
    ok(&["merge", &s("s1"), &s("s2"), "--out", &s("merged"), "-q"]);
    let run: serde_json::Value =
        serde_json::from_str(&read(&d.join("merged"), "run.json")).unwrap();
    let words: Vec<&str> = run["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(words.starts_with(&["simulate", "golf"]), "{words:?}");
    assert!(!words.contains(&"--shard"), "{words:?}");
    ok(&[
        "rerun",
        &s("merged"),
        "--out",
        &s("again"),
        "-q",
        "--threads",
        "1",
    ]);
    same_csvs(&d.join("merged"), &d.join("again"));
    // Shards of different runs: refused before anything is written.
    ok(&[
        "simulate",
        "golf",
        "--deals",
        "300",
        "--seed",
        "9",
        "--shard",
        "2/2",
        "--rule",
        "holes=3",
        "-q",
        "--out",
        &s("other"),
    ]);
    let o = cardsim(&["merge", &s("s1"), &s("other"), "--out", &s("mixed"), "-q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!d.join("mixed").join("summary.csv").exists());
    let _ = std::fs::remove_dir_all(d);
}

fn study(d: &Path, body: &str) -> std::process::Output {
    std::fs::create_dir_all(d).unwrap();
    let f = d.join("s.toml");
    std::fs::write(&f, body).unwrap();
    cardsim(&["run", f.to_str().unwrap(), "-q"])
}

#[test]
fn study_files_refuse_what_they_would_misread() {
    let d = tmp("studycheck");
    let run = |extra: &str| {
        format!("[[run]]\nname = \"a\"\nkind = \"simulate\"\ngame = \"golf\"\ndeals = 10\n{extra}")
    };
    for (body, want) in [
        (
            format!("out = \"r\"\n{}{}", run(""), run("")),
            "two runs are named 'a'",
        ),
        (
            format!("out = \"../../x\"\n{}", run("")),
            "inside the study's folder",
        ),
        (
            format!("out = \"/tmp/x\"\n{}", run("")),
            "inside the study's folder",
        ),
        (
            format!("out = \"r\"\n{}", run("matches = 2")),
            "deals or matches, not both",
        ),
        (
            format!("out = \"r\"\n{}", run("variants = [\"a:\"]")),
            "variants belong to compare",
        ),
    ] {
        let o = study(&d, &body);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{body}: {err}");
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{body}: {err}"
        );
    }
    assert!(!d.join("r").exists());
    // Knob files are found beside the study, whatever the current folder.
    std::fs::create_dir_all(d.join("knobs")).unwrap();
    std::fs::write(d.join("knobs/mine.toml"), "base = \"greedy\"\n").unwrap();
    let o = study(
        &d,
        &format!(
            "out = \"r\"\n{}",
            run("strategies = [\"knobs/mine.toml\", \"random\"]")
        ),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        read(&d.join("r/a"), "summary.csv").contains(",mine,")
            || read(&d.join("r/a"), "summary.csv").contains("mine")
    );
    // --out puts the study's results elsewhere; the runs replay from their folders.
    let elsewhere = tmp("studyout");
    let o = cardsim(&[
        "run",
        d.join("s.toml").to_str().unwrap(),
        "-q",
        "--out",
        elsewhere.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    same_csvs(&d.join("r/a"), &elsewhere.join("a"));
    let again = tmp("studyrerun");
    ok(&[
        "rerun",
        elsewhere.join("a").to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
        "-q",
    ]);
    same_csvs(&d.join("r/a"), &again);
    for p in [d, elsewhere, again] {
        let _ = std::fs::remove_dir_all(p);
    }
}

#[test]
fn merge_owns_its_out_folder_and_shows_a_table() {
    let d = tmp("mergeown");
    let s = |n: &str| d.join(n).to_str().unwrap().to_string();
    for k in 1..=2 {
        ok(&[
            "simulate",
            "golf",
            "--deals",
            "300",
            "--shard",
            &format!("{k}/2"),
            "-q",
            "--out",
            &s(&k.to_string()),
        ]);
    }
    ok(&[
        "simulate",
        "hand-and-foot",
        "--deals",
        "10",
        "-q",
        "--out",
        &s("m"),
    ]);
    std::fs::write(d.join("m/notes.txt"), "mine").unwrap();
    let o = cardsim(&["merge", &s("1"), &s("2"), "--out", &s("m")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("win rate"));
    let mut names: Vec<String> = std::fs::read_dir(d.join("m"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(
        !names.contains(&"teams.csv".to_string()) && names.contains(&"notes.txt".to_string()),
        "{names:?}"
    );
    assert!(read(&d.join("m"), "summary.csv").contains("golf,"));
    let o = cardsim(&["merge", &s("1"), &s("2"), "--out", &s("m2"), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["summary"].as_array().map(Vec::len), Some(4));
    let _ = std::fs::remove_dir_all(d);
}
