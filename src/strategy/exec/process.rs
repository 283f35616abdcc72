//! One bot process: started with `sh -c COMMAND` in its own process group, spoken to in
//! lines over its stdin and stdout. A reader thread turns its stdout into a channel so that
//! a silent bot is noticed after the timeout. Dropping the process closes its stdin, gives
//! it a moment to exit, then kills its whole group: nothing is left running.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a bot may take to exit once its stdin is closed before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// A running bot.
pub(super) struct BotProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The rules the bot last heard of (in its hello or a deal message).
    pub(super) rules: Vec<(&'static str, String)>,
}

impl BotProcess {
    /// Starts `command` through `sh -c`.
    pub(super) fn spawn(command: &str) -> Result<BotProcess, String> {
        use std::os::unix::process::CommandExt;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start it: {e}"))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(BotProcess {
            child,
            stdin,
            lines,
            rules: Vec::new(),
        })
    }

    /// Writes one line (the newline is added).
    pub(super) fn send(&mut self, line: &str) -> Result<(), String> {
        let w = self.stdin.as_mut().expect("stdin open while the bot plays");
        let r = w
            .write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush());
        r.map_err(|_| self.gone())
    }

    /// Reads one line, waiting at most `timeout`.
    pub(super) fn receive(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "said nothing for {} s (the timeout knob)",
                timeout.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.gone()),
        }
    }

    /// What to say about a bot whose pipes closed: how it exited, if it did.
    fn gone(&mut self) -> String {
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(500) {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("exited early ({status})");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        "closed its output early".to_string()
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let start = Instant::now();
        while start.elapsed() < EXIT_GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // The group: `sh -c` may have started the bot as its child.
        let group = self.child.id() as i32;
        // SAFETY: kill(2) with a negative pid signals the process group we created; it
        // touches no memory.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
