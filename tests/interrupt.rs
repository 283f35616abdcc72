//! Ctrl-C keeps the work: the first SIGINT of `simulate` or `compare` finishes the batches
//! under way and writes the results of the units played so far, which are exactly a shorter
//! run's (a prefix of the indices); a second SIGINT aborts and writes nothing. Progress lines
//! appear where stderr is not a terminal.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-intr-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn cardsim(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cardsim"));
    c.args(args);
    c
}

fn sigint(child: &Child) {
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
}

/// Reads the child's stderr up to its first progress line (units have been played); an
/// estimate of a long run may come before it.
fn first_line(child: &mut Child) -> String {
    use std::io::BufRead;
    let mut err = std::io::BufReader::new(child.stderr.as_mut().unwrap());
    loop {
        let mut line = String::new();
        if err.read_line(&mut line).unwrap() == 0 || line.contains(" of 100,000,000 ") {
            return line;
        }
    }
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// Runs `args` into `dir`, stops it with one Ctrl-C once it has played some units, and
/// checks that its files equal a run of the units it reports.
fn stop_once_and_compare(args: &[&str], files: &[&str], name: &str) {
    let (dir, again) = (tmp(name), tmp(&format!("{name}-again")));
    let mut full: Vec<&str> = args.to_vec();
    // Progress lines (not --quiet) tell the test when units have been played.
    full.extend(["--deals", "100000000", "--progress", "lines"]);
    full.extend(["--out", dir.to_str().unwrap()]);
    let mut child = cardsim(&full)
        .env("CARDSIM_PROGRESS_SECS", "0.3")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let line = first_line(&mut child);
    assert!(line.contains(" of 100,000,000 deals"), "{line}");
    sigint(&child);
    let mut rest = String::new();
    use std::io::Read;
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut rest)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(rest.contains("cardsim: stopping"), "{rest}");
    let run: serde_json::Value = serde_json::from_str(&read(&dir, "run.json")).unwrap();
    let played = run["interrupted"]["played"].as_u64().unwrap();
    assert_eq!(run["interrupted"]["asked"], 100_000_000);
    assert!(played > 0 && played < 100_000_000);
    assert!(
        rest.contains(&format!("the same as --deals {played}")),
        "{rest}"
    );
    let command: Vec<String> = serde_json::from_value(run["command"].clone()).unwrap();
    let at = command.iter().position(|w| w == "--deals").unwrap();
    assert_eq!(command[at + 1], played.to_string());
    // The same command with --deals K writes the same bytes.
    let mut short: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    short.extend(["--deals".into(), played.to_string(), "-q".into()]);
    short.extend(["--out".into(), again.to_str().unwrap().into()]);
    let o = cardsim(&short.iter().map(|s| s.as_str()).collect::<Vec<_>>())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in files {
        assert_eq!(read(&dir, f), read(&again, f), "{f}");
    }
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(again).unwrap();
}

#[test]
fn the_first_ctrl_c_of_simulate_writes_a_shorter_runs_files() {
    stop_once_and_compare(
        &["simulate", "chinchon", "--strategy", "random", "-j", "2"],
        &[
            "summary.csv",
            "scores.csv",
            "ends.csv",
            "lengths.csv",
            "metrics.csv",
        ],
        "sim",
    );
}

#[test]
fn the_first_ctrl_c_of_compare_writes_a_shorter_runs_files() {
    stop_once_and_compare(
        &[
            "compare",
            "golf",
            "--strategy",
            "random",
            "--variant",
            "base:",
            "--variant",
            "nofinal:final_turns=no",
            "-j",
            "2",
        ],
        &["compare.csv", "metrics.csv"],
        "cmp",
    );
}

#[test]
fn a_second_ctrl_c_aborts_and_writes_nothing() {
    let dir = tmp("twice");
    // ismcts batches take seconds, so both signals arrive while the first batches play.
    let child = cardsim(&[
        "simulate",
        "golf",
        "--strategy",
        "ismcts",
        "--deals",
        "100000",
        "-j",
        "1",
        "-q",
        "--out",
        dir.to_str().unwrap(),
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    sigint(&child);
    std::thread::sleep(Duration::from_millis(300));
    sigint(&child);
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("cardsim: interrupted"), "{err}");
    let files: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(files.is_empty(), "{files:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn progress_lines_where_stderr_is_not_a_terminal_and_none_when_asked() {
    let run = |how: &str| {
        let o = cardsim(&[
            "simulate",
            "golf",
            "--strategy",
            "random",
            "--deals",
            "300000",
            "-j",
            "1",
            "--progress",
            how,
        ])
        .env("CARDSIM_PROGRESS_SECS", "0.05")
        .output()
        .unwrap();
        assert!(o.status.success());
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let auto = run("auto");
    let lines: Vec<&str> = auto.lines().collect();
    assert!(!lines.is_empty(), "no progress line");
    for l in &lines {
        assert!(
            l.starts_with("cardsim: golf: ")
                && l.contains(" of 300,000 deals (")
                && l.contains(" deals/s"),
            "{l}"
        );
    }
    assert_eq!(run("none"), "");
}
