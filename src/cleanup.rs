//! Temporary files that must not outlive the process: output writers register each
//! temporary file while it exists, and a SIGINT/SIGTERM handler ([`install`]) removes them
//! before exiting, so an interrupted write leaves neither a partial file nor a stray `.tmp`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Remembers a temporary file to remove if the process is interrupted.
pub fn register(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.push(path.to_path_buf());
    }
}

/// Forgets a temporary file (renamed into place or removed).
pub fn forget(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.retain(|p| p != path);
    }
}

/// Removes every registered temporary file.
pub fn remove_all() {
    if let Ok(mut t) = TEMPS.lock() {
        for p in t.drain(..) {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Installs the SIGINT/SIGTERM handler: remove the temporaries, then exit 130 as a shell
/// does for an interrupted command.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        remove_all();
        eprintln!("cardsim: interrupted");
        std::process::exit(130);
    });
}
