//! One bot process: started with `sh -c COMMAND` in its own process group, spoken to in
//! lines over its stdin and stdout. A reader thread turns its stdout into a bounded channel
//! of lines so that a silent bot is noticed after the timeout, and a bot that floods its
//! output only fills a few slots and then waits. A line is at most [`MAX_LINE`] bytes of
//! UTF-8; a longer one, or one that is not UTF-8, is a protocol error.
//!
//! Every live bot's process group is recorded ([`kill_all`] ends them all: the SIGINT/SIGTERM
//! handler calls it), and ending bots closes every stdin first, gives them one shared
//! [`EXIT_GRACE`] to exit, then kills each whole group with every process the bot started,
//! in the group or not ([`super::tree`]): nothing is left running, and sixteen bots that
//! ignore end of input cost one grace, not sixteen.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};
use std::time::{Duration, Instant};

/// How long bots may take to exit once their stdin is closed before they are killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// The longest line a bot may write, in bytes (1 MiB), newline excluded.
pub const MAX_LINE: usize = 1 << 20;

/// Lines read ahead of the caller at most (the reader thread then waits, and so does the bot).
const READ_AHEAD: usize = 4;

/// The process groups of the bots running now, with their marks ([`super::tree::token`]).
static GROUPS: Mutex<Vec<(i32, String)>> = Mutex::new(Vec::new());

/// Kills every running bot's process group and every process it started (for the signal
/// handler and fatal exits).
pub fn kill_all() {
    let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    for (g, token) in groups.iter() {
        super::tree::end(*g, token, true);
    }
}

/// A running bot.
pub(super) struct BotProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    /// Killed and reaped (its group id may be reused: never signal it again).
    ended: bool,
    /// The mark every process of this bot carries.
    token: String,
    /// The protocol version the bot chose (`None`: not yet known; see `message`).
    pub(super) version: Option<u32>,
    /// The rules the bot last heard of (in its hello or a deal message).
    pub(super) rules: Vec<(&'static str, String)>,
}

/// Reads one line of at most [`MAX_LINE`] bytes: `Ok(None)` at the end of the output.
fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<String>, String> {
    buf.clear();
    let n = r
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)
        .map_err(|e| format!("could not be read ({e})"))?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if buf.len() > MAX_LINE {
        return Err(format!(
            "wrote a line longer than {} bytes (the protocol's line cap)",
            MAX_LINE
        ));
    }
    match std::str::from_utf8(buf) {
        Ok(s) => Ok(Some(s.to_string())),
        Err(_) => Err("wrote a line that is not UTF-8".to_string()),
    }
}

impl BotProcess {
    /// Starts `command` through `sh -c`, in the folder `dir`.
    pub(super) fn spawn(command: &str, dir: &std::path::Path) -> Result<BotProcess, String> {
        use std::os::unix::process::CommandExt;
        let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
        let token = super::tree::token();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(dir)
            .env(super::tree::MARK, &token)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start it: {e}"))?;
        groups.push((child.id() as i32, token.clone()));
        drop(groups);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = sync_channel(READ_AHEAD);
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                let line = read_line(&mut r, &mut buf);
                let stop = !matches!(line, Ok(Some(_)));
                let sent = match line {
                    Ok(Some(l)) => tx.send(Ok(l)),
                    Ok(None) => break,
                    Err(e) => tx.send(Err(e)),
                };
                if stop || sent.is_err() {
                    break;
                }
            }
        });
        Ok(BotProcess {
            child,
            stdin,
            lines,
            ended: false,
            token,
            version: None,
            rules: Vec::new(),
        })
    }

    /// Writes one line (the newline is added).
    pub(super) fn send(&mut self, line: &str) -> Result<(), String> {
        let w = self.stdin.as_mut().ok_or("was ended")?;
        let r = w
            .write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush());
        r.map_err(|_| self.gone())
    }

    /// Reads one line, waiting at most `timeout`.
    pub(super) fn receive(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "said nothing for {} s (the timeout knob)",
                timeout.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.gone()),
        }
    }

    /// Reads the bot's answer to an `act`: an index's line. A bot that has not chosen its
    /// version yet may first answer the hello (then the version is set and the next line
    /// read); a first line that is an index chooses version 1.
    pub(super) fn answer(&mut self, timeout: Duration) -> Result<String, String> {
        let line = self.receive(timeout)?;
        if self.version.is_some() {
            return Ok(line);
        }
        match super::message::hello_answer(&line) {
            None => {
                self.version = Some(super::message::DEFAULT_VERSION);
                Ok(line)
            }
            Some(v) => {
                self.version = Some(v?);
                self.receive(timeout)
            }
        }
    }

    /// A protocol error if the bot wrote something nobody asked for (a line before hello, an
    /// extra line after an answer, an answer before the question), or a bad line. A bot's
    /// answer to the hello, before it has chosen a version, is taken here.
    pub(super) fn nothing_unasked(&mut self) -> Result<(), String> {
        loop {
            match self.lines.try_recv() {
                Ok(Ok(l)) => {
                    if self.version.is_none()
                        && let Some(v) = super::message::hello_answer(&l)
                    {
                        self.version = Some(v?);
                        continue;
                    }
                    return Err(format!(
                        "wrote {:?} when no answer was asked for (a line before hello, an extra line or an unasked answer)",
                        super::shorten(&l)
                    ));
                }
                Ok(Err(e)) => return Err(e),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return Ok(()),
            }
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

    /// Kills the bot's whole group now and reaps it.
    fn kill(&mut self) {
        if self.ended {
            return;
        }
        self.ended = true;
        let group = self.child.id() as i32;
        let alive = matches!(self.child.try_wait(), Ok(None));
        let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
        // The group we created (`sh -c` may have started the bot as its child, in the same
        // group) and every process the bot started elsewhere.
        super::tree::end(group, &self.token, alive);
        groups.retain(|(g, _)| *g != group);
        drop(groups);
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.stdin = None;
    }
}

/// Ends bots: closes every stdin, waits at most one [`EXIT_GRACE`] for them all together,
/// then kills every group (grandchildren included).
pub(super) fn end_all(mut bots: Vec<BotProcess>, grace: bool) {
    for b in &mut bots {
        drop(b.stdin.take());
    }
    let start = Instant::now();
    while grace && start.elapsed() < EXIT_GRACE {
        if bots
            .iter_mut()
            .all(|b| matches!(b.child.try_wait(), Ok(Some(_))))
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    for b in &mut bots {
        b.kill();
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if !self.ended && self.stdin.is_some() {
            drop(self.stdin.take());
            let start = Instant::now();
            while start.elapsed() < EXIT_GRACE {
                if let Ok(Some(_)) = self.child.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_must_be_utf8() {
        let mut buf = Vec::new();
        let mut r = std::io::Cursor::new(b"0\r\n1\n\xff\n".to_vec());
        assert_eq!(read_line(&mut r, &mut buf), Ok(Some("0".into())));
        assert_eq!(read_line(&mut r, &mut buf), Ok(Some("1".into())));
        assert!(read_line(&mut r, &mut buf).unwrap_err().contains("UTF-8"));
        let long = vec![b'7'; MAX_LINE + 10];
        let mut r = std::io::Cursor::new(long);
        assert!(
            read_line(&mut r, &mut buf)
                .unwrap_err()
                .contains("line cap")
        );
        let mut r = std::io::Cursor::new(b"".to_vec());
        assert_eq!(read_line(&mut r, &mut buf), Ok(None));
    }
}
