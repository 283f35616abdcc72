//! The committed studies in `experiments/` are what their files say: every run of every
//! `experiments/*.toml` has its folder under the study's `out`, and that folder's `run.json`
//! records the run's game, table size, seed and count. A study file edited without re-running
//! it (or results copied into the wrong folder) fails here.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The study files, sorted.
fn studies() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("experiments"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// What a run's `run.json` must record that its definition `def` fixes (`seed`: the study
/// file's, for a run that names none); the list of mismatches.
fn mismatches(def: &toml::Table, seed: Option<i64>, run: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut want = |key: &str, def_v: Option<serde_json::Value>, got: &serde_json::Value| {
        if let Some(d) = def_v
            && &d != got
        {
            out.push(format!("{key}: file {d}, run.json {got}"));
        }
    };
    let s = |k: &str| def.get(k).and_then(|v| v.as_str()).map(|s| s.into());
    let i = |k: &str| def.get(k).and_then(|v| v.as_integer()).map(|n| n.into());
    want("game", s("game"), &run["game"]);
    want("players", i("players"), &run["players"]);
    let seed = def.get("seed").and_then(|v| v.as_integer()).or(seed);
    want("seed", seed.map(Into::into), &run["seed"]);
    want("deals", i("deals"), &run["count"]);
    want("matches", i("matches"), &run["count"]);
    out
}

#[test]
fn every_committed_study_run_matches_its_file() {
    let files = studies();
    assert!(files.len() >= 5, "{files:?}");
    let mut runs = 0;
    for f in &files {
        let study: toml::Table = std::fs::read_to_string(f).unwrap().parse().unwrap();
        let out = Path::new("experiments").join(study["out"].as_str().unwrap());
        let seed = study.get("seed").and_then(|v| v.as_integer());
        let defs = study["run"].as_array().unwrap();
        for def in defs {
            let def = def.as_table().unwrap();
            let name = def["name"].as_str().unwrap();
            let at = out.join(name).join("run.json");
            let text = std::fs::read_to_string(repo().join(&at))
                .unwrap_or_else(|e| panic!("{}: run {name}: {}: {e}", f.display(), at.display()));
            let run: serde_json::Value = serde_json::from_str(&text).unwrap();
            let bad = mismatches(def, seed, &run);
            assert!(bad.is_empty(), "{}: run {name}: {bad:?}", f.display());
            runs += 1;
        }
    }
    assert!(runs >= 30, "{runs} runs");
}

#[test]
fn a_run_that_differs_from_its_file_is_caught() {
    let def: toml::Table = "name = \"x\"\ngame = \"golf\"\nplayers = 2\ndeals = 100"
        .parse()
        .unwrap();
    let same = serde_json::json!({"game": "golf", "players": 2, "seed": 7, "count": 100});
    assert!(mismatches(&def, Some(7), &same).is_empty());
    for (key, run) in [
        (
            "game",
            serde_json::json!({"game": "lasso", "players": 2, "seed": 7, "count": 100}),
        ),
        (
            "players",
            serde_json::json!({"game": "golf", "players": 4, "seed": 7, "count": 100}),
        ),
        (
            "seed",
            serde_json::json!({"game": "golf", "players": 2, "seed": 8, "count": 100}),
        ),
        (
            "deals",
            serde_json::json!({"game": "golf", "players": 2, "seed": 7, "count": 60}),
        ),
    ] {
        let bad = mismatches(&def, Some(7), &run);
        assert!(bad.len() == 1 && bad[0].starts_with(key), "{key}: {bad:?}");
    }
}
