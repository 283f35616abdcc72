//! Nothing a file, a bot or a neighbouring process can do (issue 23): rerun runs no command
//! a run.json names unless `--allow-exec`; merge checks recorded commands; bots' lines are
//! capped and stray lines are protocol errors; an output folder is all or nothing under
//! kills and failures, and locked; a study checks everything first and writes through no
//! link; `play` stops on a failing bot; bots end with the run, however it ends. (Studies' exec
//! bots and tournament headlines: `cli_safety_runs.rs`.)

mod common;

use common::{cardsim, read, tmp};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
}

fn ok(args: &[&str]) {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn err_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A bot that answers 0 to every question (shell only).
const ZERO_BOT: &str = r#"exec:while read l; do case "$l" in *'"act"'*) echo 0;; esac; done"#;

/// Processes whose command line holds `marker`.
fn processes_with(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|c| String::from_utf8_lossy(c).contains(marker))
        .count()
}

fn set_command(dir: &Path, words: &[&str]) {
    let mut run: serde_json::Value = serde_json::from_str(&read(dir, "run.json")).unwrap();
    run["command"] = serde_json::json!(words);
    std::fs::write(dir.join("run.json"), run.to_string()).unwrap();
}

#[test]
fn rerun_runs_no_bot_command_without_allow_exec() {
    let d = tmp("safety-rerun-exec");
    let a = d.join("a");
    ok(&[
        "simulate",
        "golf",
        "--deals",
        "20",
        "-q",
        "--out",
        a.to_str().unwrap(),
    ]);
    let pwned = d.join("PWNED");
    let bot = format!("exec:touch {}; exit 3", pwned.display());
    set_command(
        &a,
        &["simulate", "golf", "--deals", "20", "--strategy", &bot],
    );
    let new = d.join("new");
    let o = cardsim(&[
        "rerun",
        a.to_str().unwrap(),
        "--out",
        new.to_str().unwrap(),
        "-q",
    ]);
    let e = err_of(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("--allow-exec") && e.lines().count() == 1, "{e}");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!pwned.exists(), "rerun ran the command");
    // With --allow-exec it runs, after printing the command.
    let o = cardsim(&[
        "rerun",
        a.to_str().unwrap(),
        "--out",
        new.to_str().unwrap(),
        "-q",
        "--allow-exec",
    ]);
    assert!(err_of(&o).contains(&format!("bot command: touch {}", pwned.display())));
    assert!(pwned.exists());
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn rerun_refuses_a_strategy_name_that_now_means_other_knobs() {
    let d = tmp("safety-rerun-knobs");
    let knobs = d.join("knobs/golf");
    std::fs::create_dir_all(&knobs).unwrap();
    let a = d.join("a");
    let env = ("CARDSIM_STRATEGIES", d.join("knobs"));
    let o = bin()
        .current_dir(&d)
        .env(env.0, &env.1)
        .args([
            "simulate",
            "golf",
            "--deals",
            "30",
            "-q",
            "--strategy",
            "cautious",
        ])
        .args(["--out", a.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err_of(&o));
    std::fs::write(knobs.join("cautious.toml"), "base = \"random\"\n").unwrap();
    let o = bin()
        .current_dir(&d)
        .env(env.0, &env.1)
        .args(["rerun", a.to_str().unwrap(), "-q", "--out"])
        .arg(d.join("b"))
        .output()
        .unwrap();
    let e = err_of(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("strategy cautious now means"), "{e}");
    assert!(!d.join("b").exists());
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn merge_checks_each_recorded_command_against_its_shard() {
    let d = tmp("safety-merge");
    let s = |k: &str| d.join(k).to_str().unwrap().to_string();
    for k in ["1", "2"] {
        ok(&[
            "simulate",
            "golf",
            "--deals",
            "40",
            "--seed",
            "9",
            "-q",
            "--shard",
            &format!("{k}/2"),
            "--out",
            &s(k),
        ]);
    }
    ok(&["merge", &s("1"), &s("2"), "-q", "--out", &s("m")]);
    for k in ["1", "2"] {
        set_command(
            &d.join(k),
            &[
                "simulate",
                "golf",
                "--deals",
                "40",
                "--seed",
                "10",
                "--shard",
                &format!("{k}/2"),
            ],
        );
    }
    let o = cardsim(&["merge", &s("1"), &s("2"), "-q", "--out", &s("m2")]);
    let e = err_of(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("does not match their shard.json"), "{e}");
    assert!(!d.join("m2").exists());
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn bots_lines_are_capped_and_unasked_lines_are_protocol_errors() {
    let d = tmp("safety-lines");
    std::fs::create_dir_all(&d).unwrap();
    let cases = [
        (
            r#"exec:while read l; do case "$l" in *'"act"'*) echo 0; echo 0;; esac; done"#,
            "when no answer was asked for",
        ),
        (
            "exec:head -c 3000000 /dev/zero; cat >/dev/null",
            "the protocol's line cap",
        ),
        ("exec:printf '\\377\\n'; cat >/dev/null", "not UTF-8"),
    ];
    for (bot, what) in cases {
        let out = d.join("out");
        let o = cardsim(&[
            "simulate",
            "golf",
            "--deals",
            "200",
            "-q",
            "--threads",
            "1",
            "--strategy",
            bot,
            "--out",
            out.to_str().unwrap(),
        ]);
        let e = err_of(&o);
        assert_eq!(o.status.code(), Some(1), "{bot}: {e}");
        assert!(e.contains(what) && e.contains(bot), "{bot}: {e}");
        assert!(!out.exists());
    }
    std::fs::remove_dir_all(d).unwrap();
}

/// The own files of a folder, with their bytes.
fn own_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            let b = if n == "run.json" || n == "report.html" {
                Vec::new() // times and argv differ between runs
            } else {
                std::fs::read(e.path()).unwrap_or_default()
            };
            (n, b)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_killed_run_leaves_the_complete_earlier_run_or_the_complete_new_one() {
    let d = tmp("safety-kill");
    let s = |n: &str| d.join(n).to_str().unwrap().to_string();
    let args = |seed: &str, out: &str| -> Vec<String> {
        [
            "simulate",
            "golf",
            "--deals",
            "3000",
            "--threads",
            "1",
            "-q",
            "--report",
            "--seed",
            seed,
            "--out",
            out,
        ]
        .iter()
        .map(|x| x.to_string())
        .collect()
    };
    let start = Instant::now();
    let o = bin().args(args("1", &s("a"))).output().unwrap();
    assert!(o.status.success(), "{}", err_of(&o));
    let took = start.elapsed();
    ok(&args("2", &s("b"))
        .iter()
        .map(|x| x.as_str())
        .collect::<Vec<_>>());
    let (a, b) = (own_files(&d.join("a")), own_files(&d.join("b")));
    assert_ne!(a, b);
    let out = s("out");
    ok(&args("1", &out)
        .iter()
        .map(|x| x.as_str())
        .collect::<Vec<_>>());
    let steps = 40;
    for i in 0..steps {
        let seed = if i % 2 == 0 { "2" } else { "1" };
        // What an earlier SIGKILL left beside the folder (the next write removes it).
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.file_name().to_string_lossy().starts_with('.') {
                std::fs::remove_dir_all(e.path()).unwrap();
            }
        }
        let mut child = bin()
            .args(args(seed, &out))
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(took.mul_f64(1.3 * i as f64 / steps as f64));
        let sig = if i % 4 < 2 {
            libc::SIGKILL
        } else {
            libc::SIGTERM
        };
        unsafe { libc::kill(child.id() as i32, sig) };
        let status = child.wait().unwrap();
        let now = own_files(&d.join("out"));
        assert!(
            now == a || now == b,
            "step {i}: a mix: {:?}",
            now.iter().map(|f| &f.0).collect::<Vec<_>>()
        );
        if sig == libc::SIGTERM {
            // 130, or 0 when it had finished; no code when killed before the handler was in.
            assert!(
                matches!(status.code(), Some(130) | Some(0) | None),
                "step {i}: {status:?}"
            );
            let left: Vec<String> = std::fs::read_dir(&d)
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with('.'))
                .collect();
            assert!(left.is_empty(), "step {i}: left {left:?}");
        }
    }
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_failed_write_leaves_the_earlier_run_whole() {
    let d = tmp("safety-fail");
    let out = d.join("out");
    let o = out.to_str().unwrap();
    ok(&[
        "simulate", "golf", "--deals", "50", "--seed", "1", "-q", "--out", o,
    ]);
    let before = own_files(&out);
    std::fs::create_dir(out.join("notes")).unwrap();
    std::fs::write(out.join("notes/keep.txt"), "mine").unwrap();
    let r = cardsim(&[
        "simulate", "golf", "--deals", "50", "--seed", "2", "-q", "--out", o,
    ]);
    assert_eq!(r.status.code(), Some(2), "{}", err_of(&r));
    std::fs::remove_dir_all(out.join("notes")).unwrap();
    assert_eq!(own_files(&out), before);
    // A folder named like one of cardsim's files (the old per-file renames failed at it,
    // after the first files were replaced).
    std::fs::remove_file(out.join("ends.csv")).unwrap();
    std::fs::create_dir(out.join("ends.csv")).unwrap();
    let r = cardsim(&[
        "simulate", "golf", "--deals", "50", "--seed", "2", "-q", "--out", o,
    ]);
    assert_eq!(r.status.code(), Some(2), "{}", err_of(&r));
    std::fs::remove_dir(out.join("ends.csv")).unwrap();
    let after: Vec<_> = own_files(&out);
    let without_ends: Vec<_> = before
        .iter()
        .filter(|f| f.0 != "ends.csv")
        .cloned()
        .collect();
    assert_eq!(after, without_ends);
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_second_run_into_a_busy_folder_refuses_at_once_and_a_dead_lock_never_blocks() {
    let d = tmp("safety-lock");
    let out = d.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let o = out.to_str().unwrap();
    let mut first = bin()
        .args([
            "simulate",
            "golf",
            "--deals",
            "100000000",
            "-q",
            "--threads",
            "1",
            "--out",
            o,
        ])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let start = Instant::now();
    let r = cardsim(&["simulate", "golf", "--deals", "10", "-q", "--out", o]);
    let e = err_of(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains("another cardsim is writing") && e.lines().count() == 1,
        "{e}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    unsafe { libc::kill(first.id() as i32, libc::SIGKILL) };
    first.wait().unwrap();
    ok(&["simulate", "golf", "--deals", "10", "-q", "--out", o]);
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn sigterm_ends_every_bot_and_a_run_ends_bots_that_ignore_their_input_together() {
    let d = tmp("safety-bots");
    std::fs::create_dir_all(&d).unwrap();
    let out = d.join("out");
    let mut child = bin()
        .args([
            "simulate",
            "golf",
            "--deals",
            "20",
            "-q",
            "--strategy",
            "exec:sleep 987.6543",
        ])
        .arg("--out")
        .arg(&out)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    assert_eq!(child.wait().unwrap().code(), Some(130));
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(processes_with("987.6543"), 0, "a bot outlived cardsim");
    // Sixteen bots that keep running after their input ends: one grace (2 s), not sixteen.
    let stubborn = format!("{}; sleep 876.5432", &ZERO_BOT);
    let start = Instant::now();
    let o = cardsim(&[
        "simulate",
        "golf",
        "--deals",
        "64",
        "-q",
        "--threads",
        "8",
        "--strategy",
        &stubborn,
        "--strategy",
        &stubborn,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err_of(&o));
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(processes_with("876.5432"), 0);
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_study_checks_every_run_first_and_writes_through_no_link() {
    let d = tmp("safety-study");
    std::fs::create_dir_all(d.join("elsewhere")).unwrap();
    let study = d.join("s.toml");
    let head = "out = \"res\"\n[[run]]\nname = \"one\"\nkind = \"simulate\"\ngame = \"golf\"\ndeals = 20\n";
    let bad_runs = [
        "[[run]]\nname = \"two\"\nkind = \"simulate\"\ngame = \"nosuch\"\ndeals = 20\n",
        "[[run]]\nname = \"two\"\nkind = \"simulat\"\ngame = \"golf\"\ndeals = 20\n",
        "[[run]]\nname = \"two\"\nkind = \"simulate\"\ngame = \"golf\"\nrules = [\"nosuch=1\"]\n",
        "[[run]]\nname = \"two\"\nkind = \"simulate\"\ngame = \"golf\"\nstrategies = [\"greddy\"]\n",
        "[[run]]\nname = \"two\"\nkind = \"simulate\"\ngame = \"golf\"\nplayers = 99\n",
        "[[run]]\nname = \"report.html\"\nkind = \"simulate\"\ngame = \"golf\"\n",
        // A balance run's space, requirement and metric are checked up front too.
        "[[run]]\nname = \"two\"\nkind = \"balance\"\ngame = \"golf\"\nspace = [\"nosuch=1,2\"]\n",
        "[[run]]\nname = \"two\"\nkind = \"balance\"\ngame = \"golf\"\nspace = [\"final_turns=yes,maybe\"]\n",
        "[[run]]\nname = \"two\"\nkind = \"balance\"\ngame = \"golf\"\nspace = [\"final_turns=yes,no\"]\nrequire = [\"nosuch>=1\"]\n",
        "[[run]]\nname = \"two\"\nkind = \"balance\"\ngame = \"golf\"\nspace = [\"final_turns=yes,no\"]\nminimize = \"nosuch\"\n",
        "[[run]]\nname = \"two\"\nkind = \"balance\"\ngame = \"golf\"\nspace = [\"final_turns=yes,no\"]\nblock = 0\n",
    ];
    for bad in bad_runs {
        std::fs::write(&study, format!("{head}{bad}")).unwrap();
        let o = cardsim(&["run", study.to_str().unwrap(), "-q"]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", err_of(&o));
        assert!(!d.join("res/one").exists(), "{bad}: the first run ran");
    }
    std::fs::write(&study, head).unwrap();
    std::fs::create_dir_all(d.join("res")).unwrap();
    std::os::unix::fs::symlink(d.join("elsewhere"), d.join("res/one")).unwrap();
    let o = cardsim(&["run", study.to_str().unwrap(), "-q"]);
    assert_eq!(o.status.code(), Some(2), "{}", err_of(&o));
    assert!(err_of(&o).contains("is a link"));
    assert_eq!(std::fs::read_dir(d.join("elsewhere")).unwrap().count(), 0);
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn play_stops_with_the_error_of_a_failing_bot() {
    let mut child = bin()
        .args(["play", "golf", "--seed", "3", "--strategy", "exec:exit 4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut i = child.stdin.take().unwrap();
        let _ = i.write_all("1\n".repeat(400).as_bytes());
    }
    let o = child.wait_with_output().unwrap();
    let e = err_of(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(
        e.contains("exec:exit 4") && e.contains("exited early"),
        "{e}"
    );
    // It stopped at once: the person was not asked on and on with the bot replaced.
    let asked = String::from_utf8_lossy(&o.stdout)
        .matches("Your move")
        .count();
    assert!(asked < 5, "asked {asked} times after the bot failed");
}
