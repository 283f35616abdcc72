//! What must not outlive the process: output writers register each temporary file or
//! staging folder while it exists, and the SIGINT/SIGTERM handler ([`install`]) ends every
//! bot's process group, removes them, and exits 130, so an interrupted run leaves neither a
//! partial file, a stray temporary nor a running bot.
//!
//! A command that can keep a prefix of its work ([`allow_stop`]: `simulate` and `compare`
//! with a fixed count) treats the first Ctrl-C (SIGINT) as *stop*: [`stopping`] turns true,
//! the batches under way finish, no new one starts, and the command writes the results of the
//! units played so far. A second Ctrl-C, or SIGTERM, aborts as above.
//!
//! The handler and a folder swap exclude each other ([`while_committing`]): a signal during
//! the swap waits for it, then removes the staging folder, which by then holds the earlier
//! run. A writer that fails because the handler removed its files waits for the handler
//! ([`park_if_interrupted`]) instead of reporting a write error: the exit status is 130.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// The running command can keep the units played so far when asked to stop.
static STOPPABLE: AtomicBool = AtomicBool::new(false);
/// The first Ctrl-C of a stoppable command arrived.
static STOPPING: AtomicBool = AtomicBool::new(false);
/// The write end of the self-pipe the signal handler writes the signal number to.
static PIPE_WRITE: AtomicI32 = AtomicI32::new(-1);

/// Lets the first Ctrl-C stop the run gracefully instead of aborting it (see the module
/// docs). The command must then check [`stopping`] and write what it played.
pub fn allow_stop() {
    STOPPABLE.store(true, Ordering::SeqCst);
}

/// Whether a graceful stop was asked for: start no new batch.
pub fn stopping() -> bool {
    STOPPING.load(Ordering::Relaxed)
}

/// Remembers a temporary file or folder to remove if the process is interrupted, and makes
/// it with `create`, with the handler held off. A signal then comes either before (nothing
/// is made: this thread waits for the handler to end the process) or after (the handler
/// removes what was made). Registering, then making the path outside the lock, left a
/// window: the handler could find nothing to remove and the path be made before the
/// process was gone, outliving it.
pub fn create_registered<T>(path: &Path, create: impl FnOnce() -> T) -> T {
    let mut t = TEMPS.lock().unwrap_or_else(|e| e.into_inner());
    if interrupted() {
        drop(t);
        park_forever();
    }
    t.push(path.to_path_buf());
    create()
}

/// Forgets a temporary file or folder (renamed into place or removed).
pub fn forget(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.retain(|p| p != path);
    }
}

/// Runs `f` (a rename that publishes results) with the handler held off.
pub fn while_committing<T>(f: impl FnOnce() -> T) -> T {
    let _guard = TEMPS.lock().unwrap_or_else(|e| e.into_inner());
    f()
}

/// Whether SIGINT or SIGTERM arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// When the handler is ending the process, waits for it (forever): a write that failed
/// because the handler removed its temporaries must not report an error of its own.
pub fn park_if_interrupted() {
    if interrupted() {
        park_forever();
    }
}

/// Waits for the handler to end the process, holding no lock: a thread that parked while
/// holding the temporaries' lock would keep the handler from taking it, and the process
/// from ending.
fn park_forever() -> ! {
    loop {
        std::thread::park();
    }
}

fn remove(paths: &mut Vec<PathBuf>) {
    for p in paths.drain(..) {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.is_dir() => {
                // A writer may add a file while the folder is being emptied: try again.
                for _ in 0..5 {
                    if std::fs::remove_dir_all(&p).is_ok() {
                        break;
                    }
                }
            }
            Ok(_) => {
                let _ = std::fs::remove_file(&p);
            }
            Err(_) => {}
        }
    }
}

/// Removes every registered temporary file and folder.
pub fn remove_all() {
    if let Ok(mut t) = TEMPS.lock() {
        remove(&mut t);
    }
}

/// Ends the bots, removes the temporaries and exits 130, as a shell does for an interrupted
/// command. Keeps the temporaries' lock until the process is gone, so no write starts or
/// publishes after it.
fn abort() -> ! {
    INTERRUPTED.store(true, Ordering::SeqCst);
    crate::strategy::kill_all();
    let mut t = TEMPS.lock().unwrap_or_else(|e| e.into_inner());
    remove(&mut t);
    eprintln!("cardsim: interrupted");
    std::process::exit(130);
}

/// What a signal does, on the handler thread (not in signal context).
fn on(sig: i32) {
    if sig == libc::SIGINT
        && STOPPABLE.load(Ordering::SeqCst)
        && !STOPPING.swap(true, Ordering::SeqCst)
    {
        eprintln!(
            "cardsim: stopping: finishing the batches under way, then writing the results so \
             far (Ctrl-C again to abort)"
        );
        return;
    }
    abort();
}

/// The signal handler proper: async-signal-safe, it only writes the signal number to the
/// self-pipe (restoring `errno`, which `write` may change).
extern "C" fn on_signal(sig: libc::c_int) {
    let fd = PIPE_WRITE.load(Ordering::Relaxed);
    let byte = sig as u8;
    // SAFETY: errno is thread-local and always valid to read and write; write(2) is
    // async-signal-safe and reads one byte from a live stack variable.
    unsafe {
        let errno = *libc::__errno_location();
        libc::write(fd, (&byte as *const u8).cast(), 1);
        *libc::__errno_location() = errno;
    }
}

/// Installs the SIGINT/SIGTERM handler: a self-pipe read by a thread that acts on each
/// signal ([`on`]). Called once, first thing in `main`.
pub fn install() {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    PIPE_WRITE.store(fds[1], Ordering::SeqCst);
    let read = fds[0];
    let spawned = std::thread::Builder::new()
        .name("cardsim-signals".into())
        .spawn(move || {
            loop {
                let mut byte = 0u8;
                // SAFETY: read(2) into a live one-byte buffer from the pipe we own.
                let n = unsafe { libc::read(read, (&mut byte as *mut u8).cast(), 1) };
                if n == 1 {
                    on(i32::from(byte));
                } else if n == 0 {
                    return;
                }
            }
        });
    if spawned.is_err() {
        return;
    }
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: a zeroed sigaction with a handler that only calls async-signal-safe
        // functions; SA_RESTART keeps other threads' system calls from failing with EINTR.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_temporaries_are_removed_and_forgotten_ones_kept() {
        let dir = std::env::temp_dir().join(format!("cardsim-cleanup-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("stage")).unwrap();
        let (a, b, s) = (
            dir.join(".a.csv.1.tmp"),
            dir.join("b.csv"),
            dir.join("stage"),
        );
        std::fs::write(s.join("c.csv"), "z").unwrap();
        create_registered(&a, || std::fs::write(&a, "x")).unwrap();
        create_registered(&b, || std::fs::write(&b, "y")).unwrap();
        create_registered(&s, || ());
        forget(&b);
        // Only this test's paths (tests run in parallel: another's staging folder may be
        // registered now), removed as the handler removes them.
        let mut mine: Vec<PathBuf> = {
            let mut t = TEMPS.lock().unwrap();
            let (m, rest) = t.drain(..).partition(|p: &PathBuf| p.starts_with(&dir));
            *t = rest;
            m
        };
        assert_eq!(mine.len(), 2);
        remove(&mut mine);
        assert!(!a.exists() && b.exists() && !s.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
