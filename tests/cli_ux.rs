//! What users expect from a command line: suggestions for typos, game names as people write
//! them, counts as people write them, `-j`, `--version` with the commit, `--json` listings,
//! and one error prefix, also on the command line's own errors.

mod common;

use common::cardsim;

/// Runs cardsim expecting exit 2 and one `cardsim: error:` line containing `want`.
fn refused(args: &[&str], want: &str) {
    let out = cardsim(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("cardsim: error: "), "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: want {want:?} in {err}");
}

#[test]
fn typos_get_a_suggestion() {
    refused(
        &["simulate", "glof"],
        "unknown game 'glof' (did you mean 'golf'?)",
    );
    refused(
        &["simulate", "golf", "--strategy", "greddy"],
        "unknown strategy 'greddy' for golf (did you mean 'greedy'?)",
    );
    refused(
        &["simulate", "golf", "--rule", "boxx=-40"],
        "unknown rule switch 'boxx' for golf (did you mean 'box'?)",
    );
    refused(
        &["simulate", "golf", "--rule", "flip_after_discard=optinal"],
        "(did you mean 'optional'?)",
    );
    refused(&["list", "poker"], "unknown game 'poker'; games:");
    let study = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/experiments/golf-switches.toml"
    );
    refused(
        &["run", study, "--only", "compar"],
        "no run named 'compar' (did you mean 'compare'?)",
    );
}

#[test]
fn a_knob_typo_gets_a_suggestion() {
    let d = common::tmp("ux-knob");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("k.toml");
    std::fs::write(&f, "base = \"greedy\"\n[knobs]\ngo_out_margn = 3\n").unwrap();
    refused(
        &["simulate", "golf", "--strategy", f.to_str().unwrap()],
        "(did you mean 'go_out_margin'?)",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn game_names_and_counts_are_read_as_people_write_them() {
    let run = |args: &[&str]| {
        let out = cardsim(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let base = run(&[
        "simulate",
        "golf",
        "--deals",
        "2000",
        "--threads",
        "1",
        "--json",
    ]);
    let strip = |s: &str| {
        let mut v: serde_json::Value = serde_json::from_str(s).unwrap();
        v.as_object_mut().unwrap().remove("run");
        v
    };
    for (game, deals) in [("Golf", "2e3"), ("GOLF", "2_000"), ("golf", "2.0e3")] {
        let other = run(&["simulate", game, "--deals", deals, "-j", "1", "--json"]);
        assert_eq!(strip(&base), strip(&other), "{game} {deals}");
    }
    let c = run(&["rules", "chinchón", "--json"]);
    assert!(c.contains("\"game\":\"chinchon\""), "{c}");
    refused(
        &["simulate", "golf", "--deals", "1.5"],
        "'1.5' is not a whole number",
    );
    refused(&["simulate", "golf", "--deals", "1e30"], "larger than");
}

#[test]
fn one_thread_reads_one_thread() {
    let out = cardsim(&["simulate", "golf", "--deals", "100", "-j", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().next().unwrap().contains(", 1 thread, "),
        "{text}"
    );
}

#[test]
fn version_names_the_commit_when_built_from_git() {
    let out = cardsim(&["--version"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(concat!("cardsim ", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success());
    if let Some(c) = commit {
        let c = String::from_utf8(c.stdout).unwrap();
        // The binary was built from some commit of this checkout: a 40-hex hash is named.
        assert!(text.contains("(commit "), "{text}");
        assert!(c.trim().len() == 40);
    }
}

#[test]
fn list_json_is_every_game_with_its_strategies_and_switches() {
    let out = cardsim(&["list", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let games: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert_eq!(
        games,
        [
            "lasso",
            "golf",
            "broken-ladder",
            "hand-and-foot",
            "chinchon"
        ]
    );
    let golf = &v[1];
    assert!(
        golf["switches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["key"] == "box")
    );
    assert!(
        golf["strategies"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "greedy")
    );
    assert!(
        golf["knob_files"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s == "cautious")
    );
    assert_eq!(golf["players"]["default"], 4);
    let one = cardsim(&["list", "golf", "--json"]);
    let one: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(&one, golf);
}

#[test]
fn the_command_lines_own_errors_carry_the_prefix_too() {
    refused(&["simulate"], "required");
    refused(&["simulate", "golf", "--nosuch"], "--nosuch");
    refused(&["frobnicate"], "frobnicate");
}
