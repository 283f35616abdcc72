//! Build-time facts for the binary:
//! - the git commit it is built from (when built from a git checkout) in
//!   `CARDSIM_GIT_COMMIT`, for `run.json`; empty when git or the repository is absent;
//! - the shipped knob files (`strategies/<game>/<name>.toml`), built in so an installed
//!   `cardsim` finds them from any folder: `$OUT_DIR/strategies.rs` lists (game, name,
//!   text) with each text taken by `include_str!`.
//!
//! The script declares what it reads (`rerun-if-changed`), so cargo reruns it only when
//! one of those changes: the git HEAD, the branch it names, `packed-refs` and the index
//! (the commit and whether tracked files are staged differently), `src/` and `Cargo.toml`
//! (whose edits recompile the crate anyway, and make the build `+dirty`) and
//! `strategies/`. A README, an output folder or a bot script in the checkout changes none
//! of them, so a second `cargo build` after touching them is a no-op.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Tells cargo to rerun this script when `path` changes (a directory: any file in it).
/// A path that does not exist is not declared: cargo would rerun the script every build.
fn watch(path: &Path) {
    if !path.exists() {
        return;
    }
    println!("cargo:rerun-if-changed={}", path.display());
}

/// Declares the git files the commit and the dirty flag come from: HEAD and the index of
/// this checkout (a worktree has its own), the ref HEAD names and `packed-refs` (shared).
fn watch_git() {
    let (Some(git_dir), Some(common)) = (
        git(&["rev-parse", "--absolute-git-dir"]),
        git(&["rev-parse", "--path-format=absolute", "--git-common-dir"]),
    ) else {
        return;
    };
    let (git_dir, common) = (Path::new(&git_dir), Path::new(&common));
    watch(&git_dir.join("HEAD"));
    watch(&git_dir.join("index"));
    watch(&common.join("packed-refs"));
    if let Some(head_ref) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watch(&common.join(head_ref));
    }
}

fn git_commit() {
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_default();
    let dirty = !commit.is_empty()
        && git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    let text = if dirty {
        format!("{commit}+dirty")
    } else {
        commit
    };
    println!("cargo:rustc-env=CARDSIM_GIT_COMMIT={text}");
}

fn shipped_strategies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut files = Vec::new();
    if let Ok(games) = std::fs::read_dir(&root) {
        for g in games.flatten() {
            let Ok(rd) = std::fs::read_dir(g.path()) else {
                continue;
            };
            for f in rd.flatten() {
                let p = f.path();
                if p.extension().is_some_and(|x| x == "toml") {
                    let game = g.file_name().to_string_lossy().into_owned();
                    let name = p.file_stem().unwrap().to_string_lossy().into_owned();
                    files.push((game, name, p));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from("/// The shipped knob files: (game, name, text).\n");
    out.push_str("pub static SHIPPED: &[(&str, &str, &str)] = &[\n");
    for (game, name, p) in &files {
        writeln!(
            out,
            "    ({game:?}, {name:?}, include_str!({:?})),",
            p.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("strategies.rs");
    std::fs::write(dest, out).unwrap();
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for p in ["build.rs", "Cargo.toml", "src", "strategies"] {
        watch(&root.join(p));
    }
    watch_git();
    git_commit();
    shipped_strategies();
}
