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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_temporaries_are_removed_and_forgotten_ones_kept() {
        let dir = std::env::temp_dir().join(format!("cardsim-cleanup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join(".a.csv.1.tmp"), dir.join("b.csv"));
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "y").unwrap();
        register(&a);
        register(&b);
        forget(&b);
        remove_all();
        assert!(!a.exists() && b.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
