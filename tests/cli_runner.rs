//! The runner end to end: byte-identical outputs at 1, 2 and 3 threads for every command
//! that plays deals (ends.csv included), deal streams over the whole index range, shard
//! ranges at the top of u64, thread-count limits, and a `merge` that trusts nothing it reads.

mod common;

use common::{cardsim, read, tmp};
use std::path::{Path, PathBuf};

fn ok(args: &[&str]) {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Exit 2 with one line on stderr containing `want`; returns the line.
fn refused(args: &[&str], want: &str) -> String {
    let o = cardsim(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: want '{want}' in {err}");
    err
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `args` (plus `--out`) at 1, 2 and 3 threads and checks that `files` are identical.
fn same_at_any_thread_count(name: &str, args: &[&str], files: &[&str]) {
    let dirs: Vec<PathBuf> = (1..=3).map(|t| tmp(&format!("{name}{t}"))).collect();
    for (t, d) in dirs.iter().enumerate() {
        let threads = (t + 1).to_string();
        ok(&[args, &["--threads", &threads, "--out", s(d)]].concat());
    }
    for f in files {
        let first = read(&dirs[0], f);
        for d in &dirs[1..] {
            assert_eq!(
                first,
                read(d, f),
                "{name}: {f} differs with the thread count"
            );
        }
    }
    for d in dirs {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn every_command_is_byte_identical_at_any_thread_count() {
    let sim = ["summary.csv", "scores.csv", "lengths.csv", "ends.csv"];
    same_at_any_thread_count(
        "sim",
        &["simulate", "golf", "--deals", "5000", "--quiet"],
        &sim,
    );
    same_at_any_thread_count(
        "simm",
        &[
            "simulate",
            "golf",
            "--matches",
            "60",
            "--rule",
            "holes=3",
            "--quiet",
        ],
        &sim,
    );
    same_at_any_thread_count(
        "cmp",
        &[
            "compare",
            "golf",
            "--variant",
            "a:",
            "--variant",
            "b:final_turns=no",
            "--deals",
            "3000",
        ],
        &["compare.csv"],
    );
    same_at_any_thread_count(
        "tour",
        &[
            "tournament",
            "golf",
            "--strategy",
            "greedy",
            "--strategy",
            "random",
            "--players",
            "2",
            "--deals",
            "2500",
        ],
        &["tournament.csv", "pairwise.csv"],
    );
}

#[test]
fn ends_csv_lists_every_reason_and_adds_up_to_the_deals() {
    let d = tmp("ends");
    ok(&[
        "simulate",
        "golf",
        "--deals",
        "700",
        "--quiet",
        "--out",
        s(&d),
    ]);
    let ends = read(&d, "ends.csv");
    let mut lines = ends.lines();
    assert_eq!(lines.next(), Some("game,players,variant,unit,reason,count"));
    let rows: Vec<(String, u64)> = lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f[..4], ["golf", "4", "defaults", "deals"]);
            (f[4].to_string(), f[5].parse().unwrap())
        })
        .collect();
    assert!(!rows.is_empty());
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 700);
    let json: serde_json::Value = serde_json::from_str(&read(&d, "run.json")).unwrap();
    for (r, c) in &rows {
        assert_eq!(json["ends"][r], *c, "run.json ends.{r}");
    }
    std::fs::remove_dir_all(d).unwrap();
    // compare: one paired end-reason metric per reason, next to the others.
    let o = cardsim(&[
        "compare",
        "golf",
        "--variant",
        "a:",
        "--variant",
        "b:",
        "--deals",
        "300",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    for (r, _) in &rows {
        let metric = format!("end_{}_share", r.replace('-', "_"));
        assert!(text.contains(&metric), "{metric} missing from {text}");
    }
}

#[test]
fn deal_streams_cover_the_whole_index_range() {
    let last_line = |deal: &str| {
        let o = cardsim(&["trace", "golf", "--json", "--deal", deal]);
        assert!(o.status.success());
        let text = String::from_utf8(o.stdout).unwrap();
        text.lines().next().unwrap().to_string()
    };
    // 2^39 wrapped onto deal 0 when the stream was packed into 64 bits.
    assert_ne!(last_line("0"), last_line("549755813888"));
    assert_ne!(last_line("1"), last_line("549755813889"));
}

#[test]
fn the_last_shard_of_a_huge_run_plays_the_last_deal() {
    let d = tmp("lastshard");
    let n = "4294967297";
    ok(&[
        "simulate",
        "golf",
        "--deals",
        n,
        "--shard",
        &format!("{n}/{n}"),
        "--quiet",
        "--out",
        s(&d),
    ]);
    let json: serde_json::Value = serde_json::from_str(&read(&d, "run.json")).unwrap();
    assert_eq!(json["count"], 1);
    // Its one deal is deal n-1, as `trace` plays it.
    let o = cardsim(&["trace", "golf", "--json", "--deal", "4294967296"]);
    let text = String::from_utf8(o.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let mut traced: Vec<(usize, i64)> = last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(s, v)| (s, v.as_i64().unwrap()))
        .collect();
    let mut sim: Vec<(usize, i64)> = read(&d, "scores.csv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[4].parse().unwrap(), f[6].parse().unwrap())
        })
        .collect();
    traced.sort();
    sim.sort();
    assert_eq!(sim, traced);
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn thread_counts_outside_1_to_1024_are_refused_everywhere() {
    let study = std::env::temp_dir().join(format!("cardsim-cli-{}-st.toml", std::process::id()));
    // The study's output folder: a name of its own, so no earlier file can be mistaken for it.
    let out = format!("cardsim-cli-{}-st-out", std::process::id());
    std::fs::write(
        &study,
        format!("out = \"{out}\"\n[[run]]\nname = \"a\"\nkind = \"simulate\"\ngame = \"golf\"\ndeals = 10\n"),
    )
    .unwrap();
    for t in ["0", "1025"] {
        let want = if t == "0" {
            "at least 1"
        } else {
            "at most 1024"
        };
        refused(&["simulate", "golf", "--threads", t], want);
        refused(
            &[
                "compare",
                "golf",
                "--variant",
                "a:",
                "--variant",
                "b:",
                "--threads",
                t,
            ],
            want,
        );
        refused(
            &[
                "tournament",
                "golf",
                "--strategy",
                "greedy",
                "--strategy",
                "random",
                "--threads",
                t,
            ],
            want,
        );
        refused(&["run", s(&study), "--threads", t], want);
    }
    assert!(!study.with_file_name(&out).exists());
    std::fs::remove_file(study).unwrap();
}

/// Three shards of one run, and the run played whole.
fn shards(name: &str) -> (PathBuf, Vec<PathBuf>) {
    let args = [
        "simulate",
        "golf",
        "--deals",
        "3001",
        "--players",
        "3",
        "--quiet",
    ];
    let whole = tmp(&format!("{name}whole"));
    ok(&[&args[..], &["--out", s(&whole)]].concat());
    let dirs: Vec<PathBuf> = (1..=3).map(|k| tmp(&format!("{name}{k}"))).collect();
    for (k, d) in dirs.iter().enumerate() {
        let spec = format!("{}/3", k + 1);
        ok(&[&args[..], &["--shard", &spec, "--out", s(d)]].concat());
    }
    (whole, dirs)
}

/// Rewrites `dir/shard.json` with `edit`, then with its digest recomputed when `redigest`.
fn forge(dir: &Path, redigest: bool, edit: impl Fn(&mut serde_json::Value)) {
    let p = dir.join("shard.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    edit(&mut v);
    if redigest {
        let t: cardsim::stats::Tally = serde_json::from_value(v["tally"].clone()).unwrap();
        v["tally_sha256"] = cardsim::output::tally_digest(&t).into();
    }
    std::fs::write(p, v.to_string()).unwrap();
}

#[test]
fn merge_checks_every_shard_and_names_the_bad_file() {
    let (whole, dirs) = shards("mg");
    let out = tmp("mgout");
    let merge = |dirs: &[&Path], want: &str| {
        let mut args = vec!["merge"];
        args.extend(dirs.iter().map(|d| s(d)));
        args.extend(["--out", s(&out)]);
        let e = refused(&args, want);
        assert!(!out.exists(), "{want}: nothing is written");
        e
    };
    let all: Vec<&Path> = dirs.iter().map(|d| d.as_path()).collect();
    // The good merge first: byte-identical, ends included; times named for what they are.
    let good = tmp("mggood");
    let mut args = vec!["merge"];
    args.extend(all.iter().map(|d| s(d)));
    args.extend(["--out", s(&good)]);
    ok(&args);
    for f in ["summary.csv", "scores.csv", "lengths.csv", "ends.csv"] {
        assert_eq!(read(&whole, f), read(&good, f), "{f}");
    }
    let json: serde_json::Value = serde_json::from_str(&read(&good, "run.json")).unwrap();
    assert_eq!(json["shards"], 3);
    assert!(json["shards_cpu_s_total"].as_f64().unwrap() > 0.0);
    assert!(json["shards_wall_span_s"].as_f64().unwrap() >= 0.0);
    assert!(json.get("elapsed_s").is_none() && json.get("units_per_s").is_none());
    // --out may not be an input folder.
    let mut args = vec!["merge"];
    args.extend(all.iter().map(|d| s(d)));
    args.extend(["--out", s(&dirs[1])]);
    refused(&args, "is one of the shard folders");
    merge(&[all[0], all[1], all[1], all[2]], "duplicated");
    // Forgeries, each in a fresh copy of shard 2.
    let bad = tmp("mgbad");
    type Edit = fn(&mut serde_json::Value);
    let cases: Vec<(bool, Edit, &str)> = vec![
        (false, |v| v["tally"]["units"] = 5.into(), "SHA-256"),
        (false, |v| v["tally_sha256"] = "".into(), "no tally digest"),
        (
            true,
            |v| v["tally"]["seats"][0]["win_units"] = 840.into(),
            "wins do not add up",
        ),
        (
            true,
            |v| v["tally"]["seats"][0]["scores"]["n"] = 5.into(),
            "differ from the units",
        ),
        (
            true,
            |v| {
                v["tally"]["seats"][1]["score_hist"]["lo"] = (-1_000_000_000_000i64).into();
            },
            "histogram range",
        ),
        (
            true,
            |v| {
                let s = v["tally"]["seats"].as_array().unwrap()[0].clone();
                v["tally"]["seats"].as_array_mut().unwrap().push(s);
            },
            "seat records differs",
        ),
        (true, |v| v["shard"] = serde_json::json!([3, 3]), "share"),
    ];
    for (redigest, edit, want) in cases {
        let _ = std::fs::remove_dir_all(&bad);
        std::fs::create_dir_all(&bad).unwrap();
        std::fs::copy(dirs[1].join("shard.json"), bad.join("shard.json")).unwrap();
        forge(&bad, redigest, edit);
        let e = merge(&[all[0], &bad, all[2]], want);
        assert!(e.contains(s(&bad)), "names the file: {e}");
    }
    // A far histogram in one shard and a near one in another would allocate the gap.
    let _ = std::fs::remove_dir_all(&bad);
    std::fs::create_dir_all(&bad).unwrap();
    std::fs::copy(dirs[1].join("shard.json"), bad.join("shard.json")).unwrap();
    forge(&bad, true, |v| {
        let lo = v["tally"]["lengths"]["lo"].as_i64().unwrap();
        v["tally"]["lengths"]["lo"] = (lo + 60_000_000_000).into();
        let t = v["tally"]["turns"].clone();
        let n = t["n"].as_u64().unwrap() as i128;
        let sum: i128 = t["sum"].as_str().unwrap().parse().unwrap();
        let sq: i128 = t["sum_sq"].as_str().unwrap().parse().unwrap();
        let k: i128 = 60_000_000_000;
        v["tally"]["turns"]["sum"] = (sum + k * n).to_string().into();
        v["tally"]["turns"]["sum_sq"] = (sq + 2 * k * sum + k * k * n).to_string().into();
    });
    merge(&[all[0], &bad, all[2]], "span more than");
    for d in dirs.into_iter().chain([whole, good, bad]) {
        std::fs::remove_dir_all(d).unwrap();
    }
}
