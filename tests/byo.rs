//! Bring your own bot, end to end: knob files built into the binary and found from any
//! folder, `exec:` bots over the JSON lines protocol (the example bots, determinism across
//! threads, every error path), `cardsim play` fed from a pipe, and `trace --json`.

mod common;

use common::{read, tmp};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs cardsim in `dir` with `env`, feeding `input` to its stdin.
fn run_in(dir: &Path, env: &[(&str, &str)], args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("runs")
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn shipped_knob_files_are_found_from_any_folder_and_user_folders_first() {
    let d = tmp("knobs");
    std::fs::create_dir_all(d.join("mine/golf")).unwrap();
    let args = [
        "simulate",
        "golf",
        "--deals",
        "30",
        "--strategy",
        "cautious",
    ];
    let o = run_in(&d, &[], &args, "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("cautious"));
    // A user folder in CARDSIM_STRATEGIES adds names, and its files come first.
    std::fs::write(
        d.join("mine/golf/cautious.toml"),
        "base = \"greedy\"\n[knobs]\nnot_a_knob = 1\n",
    )
    .unwrap();
    std::fs::write(d.join("mine/golf/mine.toml"), "base = \"greedy\"\n").unwrap();
    let mine = d.join("mine");
    let env = [("CARDSIM_STRATEGIES", mine.to_str().unwrap())];
    let o = run_in(
        &d,
        &env,
        &[
            "simulate",
            "golf",
            "--deals",
            "30",
            "--quiet",
            "--strategy",
            "mine",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = run_in(&d, &env, &args, "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("not_a_knob"),
        "{}",
        text(&o.stderr)
    );
    // An unknown base is an error, never a fallback to random.
    std::fs::write(d.join("mine/golf/odd.toml"), "base = \"nosuchbot\"\n").unwrap();
    let o = run_in(
        &d,
        &env,
        &["simulate", "golf", "--deals", "3", "--strategy", "odd"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("unknown base bot 'nosuchbot'"));
    std::fs::remove_dir_all(d).unwrap();
}

/// `exec:` with a bot of this repository's examples.
fn bot(name: &str) -> String {
    format!(
        "exec:python3 {}",
        repo().join("examples/bots").join(name).display()
    )
}

#[test]
fn example_bots_play_and_a_deterministic_bot_gives_the_same_csv_at_any_thread_count() {
    let (a, b) = (tmp("exec1"), tmp("exec2"));
    let random = bot("random_bot.py");
    for (dir, t) in [(&a, "1"), (&b, "3")] {
        let o = run_in(
            &repo(),
            &[],
            &[
                "simulate",
                "golf",
                "--deals",
                "600",
                "--threads",
                t,
                "--quiet",
                "--strategy",
                &random,
                "--strategy",
                "greedy",
                "--out",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    for f in ["summary.csv", "scores.csv", "lengths.csv"] {
        assert_eq!(
            read(&a, f),
            read(&b, f),
            "{f} differs between 1 and 3 threads"
        );
    }
    // The random bot loses to greedy, and its seats are labelled with the command.
    let summary = read(&a, "summary.csv");
    assert!(summary.contains("random_bot.py"), "{summary}");
    let first = bot("first_legal.py");
    let o = run_in(
        &repo(),
        &[],
        &[
            "tournament",
            "golf",
            "--deals",
            "40",
            "--players",
            "2",
            "--strategy",
            &first,
            "--strategy",
            "random",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("first_legal.py"));
    for d in [a, b] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// Live processes whose command line holds `marker`.
fn processes_with(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|c| String::from_utf8_lossy(c).contains(marker))
        .count()
}

#[test]
fn a_bot_that_breaks_the_protocol_ends_the_run_with_one_line_and_exit_1() {
    let d = tmp("execbad");
    std::fs::create_dir_all(d.join("knobs/golf")).unwrap();
    std::fs::write(
        d.join("knobs/golf/sleepy.toml"),
        "base = \"exec:sleep 31.25\"\n[knobs]\ntimeout = 0.5\n",
    )
    .unwrap();
    let knobs = d.join("knobs");
    let env = [("CARDSIM_STRATEGIES", knobs.to_str().unwrap())];
    // `yes` writes before hello: an unasked line, caught before the first question or as
    // the first answer, whichever comes first.
    let cases: [(&str, &[&str]); 4] = [
        (
            "exec:yes 7",
            &["answered 7, but only", "wrote \"7\" when no answer"],
        ),
        (
            "exec:yes nope",
            &["answered \"nope\"", "wrote \"nope\" when no answer"],
        ),
        ("exec:true", &["exited early"]),
        ("sleepy", &["said nothing for 0.5 s"]),
    ];
    for (strategy, what) in cases {
        let out = d.join("out");
        let o = run_in(
            &d,
            &env,
            &[
                "simulate",
                "golf",
                "--deals",
                "50",
                "--threads",
                "2",
                "--quiet",
                "--strategy",
                strategy,
                "--strategy",
                "greedy",
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{strategy}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("strategy '{strategy}' at deal ")),
            "{err}"
        );
        assert!(what.iter().any(|w| err.contains(w)), "{strategy}: {err}");
        assert!(!out.exists(), "{strategy}: a partial output was written");
    }
    assert_eq!(processes_with("31.25"), 0, "a bot process was left running");
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn play_shows_the_seat_and_takes_numbers_from_a_pipe() {
    // Bad entries are asked again; end of input ends cleanly.
    let o = run_in(
        &repo(),
        &[],
        &["play", "golf", "--players", "2", "--seed", "7"],
        "x\n99\n1\n1\n2\n",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("you are seat 0"), "{out}");
    assert!(out.contains("Your move (1-"), "{out}");
    assert!(out.contains("'x' is not a move"), "{out}");
    assert!(out.contains("'99' is not a move"), "{out}");
    assert!(out.contains("[greedy] seat 1"), "{out}");
    assert!(out.contains("Thanks for playing."), "{out}");
    // Always the first move: the whole match is played to its end.
    let ones = "1\n".repeat(2000);
    let o = run_in(
        &repo(),
        &[],
        &["play", "golf", "--players", "2", "--seed", "7"],
        &ones,
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("=== the deal is over ==="), "{out}");
    assert!(out.contains("Match won by:"), "{out}");
    let o = run_in(&repo(), &[], &["play", "golf", "--seat", "5"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn trace_json_holds_the_dealt_state_every_reveal_and_the_final_state() {
    let o = run_in(
        &repo(),
        &[],
        &[
            "trace",
            "golf",
            "--json",
            "--deal",
            "3",
            "--strategy",
            "greedy",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let lines: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["type"], "deal");
    assert_eq!(lines[0]["rules"]["holes"], "9");
    assert_eq!(lines[1]["type"], "state");
    assert!(lines[1]["state"].is_object());
    let last = lines.last().unwrap();
    assert_eq!(last["type"], "result");
    assert!(last["state"].is_object());
    assert!(last["end"].is_string());
    let steps: Vec<&serde_json::Value> = lines.iter().filter(|l| l["type"] == "action").collect();
    assert!(!steps.is_empty());
    // A draw from the stock reveals the drawn card to the drawer.
    let draw = steps
        .iter()
        .find(|s| s["debug"] == "DrawStock")
        .expect("a stock draw");
    let seat = draw["seat"].clone();
    assert!(
        draw["revealed"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["seat"] == seat && r["cards"].as_array().unwrap().len() == 1),
        "{draw}"
    );
}
