//! Every process a bot started, found and ended, including those that left the bot's
//! process group (`setsid`, a double fork). Each bot runs with an environment variable
//! [`MARK`] holding a token of its own, which every process it starts inherits; cardsim is
//! also a child subreaper (`PR_SET_CHILD_SUBREAPER`), so a bot's orphans are reparented to
//! cardsim rather than to init and can be reaped. Ending a bot stops its group, then kills
//! its group, every descendant of its first process, and every process of this user that
//! carries its token. Linux only (it reads `/proc`); elsewhere only the group is killed.
//! A process that clears its environment and leaves both the group and the process tree
//! (a daemon started through a service manager) is out of reach.

use std::sync::Once;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The environment variable that marks a bot's processes: `CARDSIM_BOT=<cardsim pid>.<n>`.
pub(super) const MARK: &str = "CARDSIM_BOT";

static NEXT: AtomicU64 = AtomicU64::new(0);
static SUBREAPER: Once = Once::new();

/// A fresh token for a bot about to start; makes this process a subreaper first.
pub(super) fn token() -> String {
    SUBREAPER.call_once(|| {
        #[cfg(target_os = "linux")]
        // SAFETY: prctl(PR_SET_CHILD_SUBREAPER, 1) sets a flag of this process; it touches
        // no memory.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
    format!(
        "{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// One process: its id, its parent's, whether it is a zombie.
struct Proc {
    pid: i32,
    ppid: i32,
    zombie: bool,
}

/// Every process `/proc` lists now (empty where there is no `/proc`).
fn table() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in dir.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let mut f = rest.split_whitespace();
        let zombie = f.next() == Some("Z");
        if let Some(ppid) = f.next().and_then(|p| p.parse().ok()) {
            out.push(Proc { pid, ppid, zombie });
        }
    }
    out
}

/// Whether process `pid`'s environment holds `MARK=token`.
fn marked(pid: i32, token: &str) -> bool {
    let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
        return false;
    };
    let want = format!("{MARK}={token}");
    env.split(|&b| b == 0).any(|v| v == want.as_bytes())
}

fn signal(pid: i32, sig: i32) {
    // SAFETY: kill(2) signals a process (or, with a negative id, a group) that belongs to a
    // bot we started; it touches no memory.
    unsafe {
        libc::kill(pid, sig);
    }
}

/// Ends the bot whose first process (and group) is `leader`, marked with `token`: stops
/// its group, finds its descendants (when `alive`: the leader not yet reaped, so its id is
/// still its own) and its marked processes, stopping each as found so that none forks on,
/// kills them all, and reaps those that are this process's children.
pub(super) fn end(leader: i32, token: &str, alive: bool) {
    signal(-leader, libc::SIGSTOP);
    let procs = table();
    let mut doomed: Vec<i32> = Vec::new();
    // Descendants of the leader (it may still be alive with a setsid child).
    let mut frontier = if alive { vec![leader] } else { Vec::new() };
    while let Some(p) = frontier.pop() {
        for c in &procs {
            if c.ppid == p && !doomed.contains(&c.pid) {
                signal(c.pid, libc::SIGSTOP);
                doomed.push(c.pid);
                frontier.push(c.pid);
            }
        }
    }
    // Processes carrying the token wherever they now sit (orphans reparented to us or to
    // init), with their descendants.
    let me = std::process::id() as i32;
    for p in &procs {
        if p.pid != me && !p.zombie && !doomed.contains(&p.pid) && marked(p.pid, token) {
            signal(p.pid, libc::SIGSTOP);
            doomed.push(p.pid);
        }
    }
    signal(-leader, libc::SIGKILL);
    for &p in &doomed {
        signal(p, libc::SIGKILL);
    }
    reap(&doomed);
}

/// Waits briefly for killed processes that are (or become, as their parents die) this
/// process's children, so that they do not linger as zombies.
fn reap(pids: &[i32]) {
    let mut left: Vec<i32> = pids.to_vec();
    let start = Instant::now();
    while !left.is_empty() && start.elapsed() < Duration::from_millis(200) {
        left.retain(|&p| {
            let mut status = 0;
            // SAFETY: waitpid on one process id with WNOHANG; `status` is a local.
            let r = unsafe { libc::waitpid(p, &mut status, libc::WNOHANG) };
            // 0: our child, not yet dead; -1 (ECHILD): not our child (now or yet).
            r == 0 || (r == -1 && reparenting(p))
        });
        if !left.is_empty() {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Whether `pid` still exists with a parent that is dying (it will be reparented to us).
fn reparenting(pid: i32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    let ppid: Option<i32> = stat
        .rfind(')')
        .and_then(|i| stat[i + 1..].split_whitespace().nth(1)?.parse().ok());
    ppid.is_some_and(|pp| {
        std::fs::read_to_string(format!("/proc/{pp}/stat"))
            .map(|s| {
                s.rfind(')')
                    .is_some_and(|i| s[i + 1..].trim_start().starts_with('Z'))
            })
            .unwrap_or(false)
    })
}
