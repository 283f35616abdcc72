//! Helpers shared by the command-line tests (a module, not a test target: each test file
//! includes it with `mod common;`, so items one file leaves unused carry `#[allow(dead_code)]`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `cardsim` binary with `args`.
#[allow(dead_code)]
pub fn cardsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .expect("runs")
}

/// A fresh temporary folder path for one test (not created; removed if left over).
#[allow(dead_code)]
pub fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// A file of an output folder, as text.
#[allow(dead_code)]
pub fn read(dir: &Path, f: &str) -> String {
    std::fs::read_to_string(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"))
}
