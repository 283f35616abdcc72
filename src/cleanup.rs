//! What must not outlive the process: output writers register each temporary file or
//! staging folder while it exists, and the SIGINT/SIGTERM handler ([`install`]) ends every
//! bot's process group, removes them, and exits 130, so an interrupted run leaves neither a
//! partial file, a stray temporary nor a running bot.
//!
//! The handler and a folder swap exclude each other ([`while_committing`]): a signal during
//! the swap waits for it, then removes the staging folder, which by then holds the earlier
//! run. A writer that fails because the handler removed its files waits for the handler
//! ([`park_if_interrupted`]) instead of reporting a write error: the exit status is 130.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Remembers a temporary file or folder to remove if the process is interrupted.
pub fn register(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.push(path.to_path_buf());
    }
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
        let _guard = TEMPS.lock();
        loop {
            std::thread::park();
        }
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

/// Installs the SIGINT/SIGTERM handler: end the bots, remove the temporaries, then exit 130
/// as a shell does for an interrupted command. The handler keeps the temporaries' lock until
/// the process is gone, so no write starts or publishes after it.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        crate::strategy::kill_all();
        let mut t = TEMPS.lock().unwrap_or_else(|e| e.into_inner());
        remove(&mut t);
        eprintln!("cardsim: interrupted");
        std::process::exit(130);
    });
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
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "y").unwrap();
        std::fs::write(s.join("c.csv"), "z").unwrap();
        register(&a);
        register(&b);
        register(&s);
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
