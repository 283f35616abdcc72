//! Every process a bot starts ends with cardsim, on every exit path (issue 23, item 12): the
//! normal end, a bot that breaks the protocol, a stuck bot past its timeout, and SIGTERM
//! while a bot is stuck (exit 130). Each bot first starts `setsid sleep` (a grandchild that
//! has left the bot's process group and session) and records its pid; after cardsim exits,
//! that process is gone.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Whether process `pid` is alive (a zombie is not: it only waits to be reaped).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(s) => s
            .rfind(')')
            .is_some_and(|i| !s[i + 1..].trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Whether `pid` is gone within two seconds (init may take a moment to reap).
fn gone(pid: i32) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// The pid the bot wrote into `file`, waiting for it.
fn pid_in(file: &Path) -> i32 {
    let start = Instant::now();
    loop {
        if let Ok(t) = std::fs::read_to_string(file)
            && let Ok(p) = t.trim().parse()
        {
            return p;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no pid written");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A bot script in `dir` that starts `setsid sleep 1000` (recording its pid in `pid-NAME`),
/// then runs `then`.
fn bot(dir: &Path, name: &str, then: &str) -> String {
    let script = dir.join(format!("{name}.sh"));
    let pid = dir.join(format!("pid-{name}"));
    std::fs::write(
        &script,
        format!(
            "setsid sleep 1000 </dev/null >/dev/null 2>&1 &\necho $! > {}.tmp\nmv {0}.tmp {0}\n{then}\n",
            pid.display()
        ),
    )
    .unwrap();
    format!("exec:sh {}", script.display())
}

fn start(dir: &Path, strategy: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args([
            "simulate",
            "golf",
            "--deals",
            "6",
            "--threads",
            "1",
            "--quiet",
        ])
        .args(["--strategy", strategy, "--strategy", "greedy", "--out"])
        .arg(dir.join("out"))
        .env("CARDSIM_STRATEGIES", dir.join("knobs"))
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn a_bots_setsid_grandchild_ends_with_cardsim_on_every_exit_path() {
    let d = common::tmp("bot-processes");
    std::fs::create_dir_all(d.join("knobs/golf")).unwrap();
    let first = format!(
        "exec python3 {}",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/bots/first_legal.py")
            .display()
    );
    let stuck = bot(&d, "stuck", "exec sleep 1000");
    std::fs::write(
        d.join("knobs/golf/stuck-briefly.toml"),
        format!("base = {stuck:?}\n[knobs]\ntimeout = 0.5\n"),
    )
    .unwrap();
    // (strategy, pid file, expected exit code)
    let cases = [
        (bot(&d, "normal", &first), "normal", 0),
        (bot(&d, "broken", "exit 3"), "broken", 1),
        ("stuck-briefly".to_string(), "stuck", 1),
    ];
    for (strategy, name, code) in cases {
        let _ = std::fs::remove_file(d.join(format!("pid-{name}")));
        let child = start(&d, &strategy);
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{name}: {err}");
        let pid = pid_in(&d.join(format!("pid-{name}")));
        assert!(
            gone(pid),
            "{name}: the bot's setsid grandchild {pid} is still running"
        );
    }
    // SIGTERM while the bot is stuck (its timeout is 10 s): exit 130, nothing left.
    let stuck = bot(&d, "term", "exec sleep 1000");
    let _ = std::fs::remove_file(d.join("pid-term"));
    let child = start(&d, &stuck);
    let pid = pid_in(&d.join("pid-term"));
    std::thread::sleep(Duration::from_millis(300));
    let st = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        gone(pid),
        "SIGTERM: the bot's setsid grandchild {pid} is still running"
    );
    std::fs::remove_dir_all(&d).unwrap();
}
