//! Bot protocol v2 (docs/bot-protocol.md): a v1 bot and a v2 bot both play whole runs and
//! choose the same way (so they give the same CSV files), and the JSON Schemas of
//! `docs/schema/` validate every message of a short run of every game (with a small
//! validator of the schema keywords those files use, tested to reject a bad message).

mod common;

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Checks `v` against `s` (a schema inside `root`, for `$ref`): the errors, with paths.
fn check(root: &Value, s: &Value, v: &Value, at: &str, errs: &mut Vec<String>) {
    if let Some(r) = s["$ref"].as_str() {
        let name = r.strip_prefix("#/$defs/").expect("local $ref");
        return check(root, &root["$defs"][name], v, at, errs);
    }
    let ok = |alts: &Value| {
        alts.as_array()
            .unwrap()
            .iter()
            .filter(|a| {
                let mut e = Vec::new();
                check(root, a, v, at, &mut e);
                e.is_empty()
            })
            .count()
    };
    if s.get("anyOf").is_some() && ok(&s["anyOf"]) == 0 {
        errs.push(format!("{at}: {v} matches none of anyOf"));
    }
    if s.get("oneOf").is_some() && ok(&s["oneOf"]) != 1 {
        errs.push(format!("{at}: {v} matches {} of oneOf", ok(&s["oneOf"])));
    }
    if let Some(c) = s.get("const")
        && c != v
    {
        errs.push(format!("{at}: {v} is not {c}"));
    }
    if let Some(e) = s["enum"].as_array()
        && !e.contains(v)
    {
        errs.push(format!("{at}: {v} is not one of {e:?}"));
    }
    if let Some(t) = s["type"].as_str() {
        let fits = match t {
            "null" => v.is_null(),
            "boolean" => v.is_boolean(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "string" => v.is_string(),
            "array" => v.is_array(),
            "object" => v.is_object(),
            _ => panic!("type {t}"),
        };
        if !fits {
            errs.push(format!("{at}: {v} is not of type {t}"));
            return;
        }
    }
    if let (Some(m), Some(n)) = (s["minimum"].as_f64(), v.as_f64())
        && n < m
    {
        errs.push(format!("{at}: {n} < {m}"));
    }
    if let Some(a) = v.as_array() {
        if let Some(m) = s["minItems"].as_u64()
            && (a.len() as u64) < m
        {
            errs.push(format!("{at}: fewer than {m} items"));
        }
        if let Some(items) = s.get("items") {
            for (i, x) in a.iter().enumerate() {
                check(root, items, x, &format!("{at}[{i}]"), errs);
            }
        }
    }
    if let Some(o) = v.as_object() {
        for k in s["required"].as_array().into_iter().flatten() {
            if !o.contains_key(k.as_str().unwrap()) {
                errs.push(format!("{at}: missing {k}"));
            }
        }
        for (k, x) in o {
            let path = format!("{at}.{k}");
            match (s["properties"].get(k), s.get("additionalProperties")) {
                (Some(p), _) => check(root, p, x, &path, errs),
                (None, Some(Value::Bool(false))) => errs.push(format!("{path}: not allowed")),
                (None, Some(a)) if a.is_object() => check(root, a, x, &path, errs),
                _ => {}
            }
        }
    }
}

fn schema(name: &str) -> Value {
    let p = repo().join("docs/schema").join(name);
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()
}

fn errors(root: &Value, v: &Value) -> Vec<String> {
    let mut e = Vec::new();
    check(root, root, v, "$", &mut e);
    e
}

/// A bot that logs every line it reads to `log`: with `v2`, through the Python helper
/// (which answers the hello with version 2), else a bare version 1 bot. It plays the
/// first legal action, or a seeded random one with `random`.
fn bot(dir: &Path, name: &str, v2: bool, random: bool) -> String {
    let log = dir.join(format!("{name}.jsonl"));
    let pick = if random {
        "random.Random(str(seen)).randrange(len(m['legal']))"
    } else {
        "0"
    };
    let code = if v2 {
        format!(
            "import sys, random\nsys.path.insert(0, {helper:?})\nimport cardsim_bot\nlog = open({log:?}, 'a')\nseen = []\nclass Tee:\n    def __iter__(self):\n        for l in sys.stdin:\n            log.write(l); log.flush(); seen.append(1); yield l\ndef choose(view, actions, ctx):\n    m = {{'legal': actions}}\n    return {pick}\ncardsim_bot.run(choose, stdin=Tee())\n",
            helper = repo().join("examples/bots").display().to_string(),
            log = log.display().to_string(),
        )
    } else {
        format!(
            "import sys, json, random\nlog = open({log:?}, 'a')\nseen = []\nfor l in sys.stdin:\n    log.write(l); log.flush(); seen.append(1)\n    m = json.loads(l)\n    if m['type'] == 'act':\n        print({pick}, flush=True)\n",
            log = log.display().to_string(),
        )
    };
    let file = dir.join(format!("{name}.py"));
    std::fs::write(&file, code).unwrap();
    format!("exec:python3 {}", file.display())
}

fn lines(dir: &Path, name: &str) -> Vec<Value> {
    std::fs::read_to_string(dir.join(format!("{name}.jsonl")))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn simulate(args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .arg("simulate")
        .args(args)
        .args(["--threads", "1", "--quiet"])
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_v1_bot_and_a_v2_bot_both_play_a_whole_run_and_choose_alike() {
    let d = common::tmp("protocol-v1v2");
    std::fs::create_dir_all(&d).unwrap();
    let (v1, v2) = (bot(&d, "v1", false, false), bot(&d, "v2", true, false));
    let (o1, o2) = (d.join("o1"), d.join("o2"));
    for (b, o) in [(&v1, &o1), (&v2, &o2)] {
        let o = o.to_str().unwrap();
        simulate(&[
            "golf",
            "--deals",
            "20",
            "--strategy",
            b,
            "--strategy",
            "greedy",
            "--out",
            o,
        ]);
    }
    for f in ["scores.csv", "lengths.csv", "ends.csv"] {
        // The same, but for the strategy's label (the command names the script).
        let (a, b) = (common::read(&o1, f), common::read(&o2, f));
        assert_eq!(
            a.replace("v1.py", "v.py"),
            b.replace("v2.py", "v.py"),
            "{f}"
        );
    }
    // Version 1: the hello offers [1, 2]; the bot never answers it, so after its first answer
    // every act is the v1 form (the log holds both processes' lines, in some order).
    let m1 = lines(&d, "v1");
    assert_eq!(m1[0]["type"], "hello");
    assert_eq!(m1[0]["protocol"], 1);
    assert_eq!(m1[0]["versions"], json!([1, 2]));
    let acts1: Vec<&Value> = m1.iter().filter(|m| m["type"] == "act").collect();
    assert!(acts1.len() > 50);
    // One process per seat it holds, each sent one act in the v2 form before it chose.
    let hellos = m1.iter().filter(|m| m["type"] == "hello").count();
    let with = acts1.iter().filter(|m| m.get("actions").is_some()).count();
    assert_eq!((hellos, with), (2, 2));
    // Version 2: every act holds the structured actions, one per text, in order.
    let m2 = lines(&d, "v2");
    let acts2: Vec<&Value> = m2.iter().filter(|m| m["type"] == "act").collect();
    assert_eq!(acts1.len(), acts2.len());
    for (a, b) in acts1.iter().zip(&acts2) {
        assert_eq!(a["legal"], b["legal"]);
        assert_eq!(a["view"], b["view"]);
        let n = b["legal"].as_array().unwrap().len();
        assert_eq!(b["actions"].as_array().unwrap().len(), n, "{b}");
    }
    let draws = acts2
        .iter()
        .flat_map(|m| m["actions"].as_array().unwrap())
        .filter(|a| a["kind"] == "draw")
        .count();
    assert!(draws > 20);
    // The example that reads the structured actions plays a run too.
    let cols = format!(
        "exec:python3 {}",
        repo().join("examples/bots/golf_columns.py").display()
    );
    let o3 = d.join("o3");
    let o3s = o3.to_str().unwrap();
    simulate(&[
        "golf",
        "--deals",
        "20",
        "--strategy",
        &cols,
        "--strategy",
        "random",
        "--out",
        o3s,
    ]);
    let summary = common::read(&o3, "summary.csv");
    assert!(summary.contains("golf_columns.py"), "{summary}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_schemas_validate_every_message_of_a_short_run_of_every_game() {
    let d = common::tmp("protocol-schema");
    std::fs::create_dir_all(&d).unwrap();
    let messages = schema("protocol.json");
    for (game, players) in [
        ("golf", "3"),
        ("lasso", "4"),
        ("broken-ladder", "4"),
        ("hand-and-foot", "4"),
        ("chinchon", "3"),
    ] {
        let b = bot(&d, game, true, true);
        let out = d.join(format!("out-{game}"));
        let args = [game, "--deals", "4", "--players", players, "--strategy", &b];
        let mut args: Vec<&str> = args.to_vec();
        args.extend(["--strategy", "greedy", "--out", out.to_str().unwrap()]);
        simulate(&args);
        let (view, actions) = (
            schema(&format!("{game}.view.json")),
            schema(&format!("{game}.actions.json")),
        );
        let ms = lines(&d, game);
        let mut kinds = std::collections::BTreeSet::new();
        for m in &ms {
            assert_eq!(errors(&messages, m), Vec::<String>::new(), "{game}: {m}");
            if m["type"] == "act" {
                assert_eq!(errors(&view, &m["view"]), Vec::<String>::new(), "{game}");
                for a in m["actions"].as_array().unwrap() {
                    assert_eq!(errors(&actions, a), Vec::<String>::new(), "{game}: {a}");
                    kinds.insert(a["kind"].as_str().unwrap().to_string());
                }
            }
        }
        assert!(
            ms.iter().filter(|m| m["type"] == "act").count() >= 4,
            "{game}"
        );
        assert!(kinds.len() >= 2, "{game}: {kinds:?}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_validator_rejects_what_the_schemas_forbid() {
    let messages = schema("protocol.json");
    let hello = json!({"type": "hello", "protocol": 1, "versions": [1, 2], "game": "golf",
        "players": 4, "seat": 0, "rules": {"holes": "9"}, "seed": 1});
    assert!(errors(&messages, &hello).is_empty());
    let mut bad = hello.clone();
    bad["rules"]["holes"] = json!(9);
    assert!(!errors(&messages, &bad).is_empty());
    bad = hello.clone();
    bad.as_object_mut().unwrap().remove("versions");
    assert!(!errors(&messages, &bad).is_empty());
    let actions = schema("golf.actions.json");
    assert!(errors(&actions, &json!({"kind": "flip", "position": 3})).is_empty());
    assert!(!errors(&actions, &json!({"kind": "flip"})).is_empty());
    assert!(!errors(&actions, &json!({"kind": "fly", "position": 3})).is_empty());
    assert!(
        !errors(
            &actions,
            &json!({"kind": "draw", "pile": "stock", "card": "7S"})
        )
        .is_empty()
    );
    let view = schema("golf.view.json");
    assert!(!errors(&view, &json!({"seat": 0})).is_empty());
}
