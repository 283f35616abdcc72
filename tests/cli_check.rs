//! `cardsim check` (the soak): deals through the invariant harness on every core; a sharded
//! check's JSON verdicts merge into the whole run's verdict, whatever the threads, and a
//! missing, repeated or foreign shard is refused.

mod common;
use common::{cardsim, tmp};

fn check(args: &[&str]) -> (serde_json::Value, String) {
    let o = cardsim(&[&["check"], args, &["--json"]].concat());
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{args:?}: {err}");
    (serde_json::from_slice(&o.stdout).unwrap(), err)
}

#[test]
fn every_game_passes_and_the_verdict_does_not_depend_on_threads() {
    for game in cardsim::games::NAMES {
        for bot in ["random", "greedy"] {
            let deals = if *game == "chinchon" && bot == "random" {
                "70"
            } else {
                "200"
            };
            let a = ["--deals", deals, "--strategy", bot, "--seed", "5"];
            let (one, _) = check(&[&[*game], &a[..], &["--threads", "1"]].concat());
            let (two, _) = check(&[&[*game], &a[..], &["--threads", "2"]].concat());
            assert_eq!(one, two, "{game} {bot}");
            let v = &one["verdict"];
            assert_eq!(v["deals"], deals.parse::<u64>().unwrap(), "{game} {bot}");
            assert_eq!(v["failures"], 0, "{game} {bot}: {v}");
            assert!(v["first_failure"].is_null());
            assert!(v["json_views"].as_u64().unwrap() > 0, "{game} {bot}");
            // Deals 0 and 64 (and 128...) have a state sampled for every seat.
            assert!(v["samples"].as_u64().unwrap() >= 4, "{game} {bot}: {v}");
            // Seat symmetry is checked for bots other than random.
            assert_eq!(
                v["symmetric"].as_u64().unwrap() > 0,
                bot != "random",
                "{game} {bot}"
            );
        }
    }
}

#[test]
fn shard_verdicts_merge_into_the_whole_runs_verdict() {
    let d = tmp("check-shards");
    std::fs::create_dir_all(&d).unwrap();
    let a = ["lasso", "--deals", "3000", "--players", "3", "--seed", "9"];
    let (whole, _) = check(&a);
    let mut files = Vec::new();
    for k in 1..=3 {
        let (v, _) = check(&[&a[..], &["--shard", &format!("{k}/3")]].concat());
        let f = d.join(format!("{k}.json"));
        std::fs::write(&f, v.to_string()).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    let o = cardsim(&[&["check", "--json", "--merge"], &f[..]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(merged, whole);
    // A missing shard, a repeated one, or one of another check is refused, one line.
    let other = d.join("other.json");
    let (v, _) = check(&[
        "lasso",
        "--deals",
        "3000",
        "--players",
        "3",
        "--seed",
        "8",
        "--shard",
        "3/3",
    ]);
    std::fs::write(&other, v.to_string()).unwrap();
    // A verdict edited after it was written (a count changed, or the digest dropped).
    let mut v3: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(f[2]).unwrap()).unwrap();
    v3["verdict"]["actions"] = serde_json::json!(v3["verdict"]["actions"].as_u64().unwrap() + 1);
    let edited = d.join("edited.json");
    std::fs::write(&edited, v3.to_string()).unwrap();
    v3.as_object_mut().unwrap().remove("sha256");
    let bare = d.join("bare.json");
    std::fs::write(&bare, v3.to_string()).unwrap();
    for (set, want) in [
        (
            vec![f[0], f[1], edited.to_str().unwrap()],
            "changed after it was written",
        ),
        (
            vec![f[0], f[1], bare.to_str().unwrap()],
            "carries no sha256",
        ),
        (vec![f[0], f[1]], "every shard must be given once"),
        (vec![f[0], f[1], f[1]], "given twice"),
        (vec![f[0], f[1], other.to_str().unwrap()], "another check"),
    ] {
        let o = cardsim(&[&["check", "--merge"], &set[..]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{want}: {err}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_plain_verdict_is_one_line() {
    let o = cardsim(&["check", "golf", "--deals", "100"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.contains("100 deals") && out.ends_with("no failure\n"),
        "{out}"
    );
    for (args, want) in [
        (&["check", "poker"][..], "unknown game 'poker'"),
        (
            &["check", "golf", "--deals", "0"][..],
            "--deals must be at least 1",
        ),
        (
            &["check", "golf", "--shard", "4/3"][..],
            "bad --shard '4/3'",
        ),
    ] {
        let o = cardsim(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
