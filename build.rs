//! Build-time facts for the binary:
//! - the git commit it is built from (when built from a git checkout) in
//!   `CARDSIM_GIT_COMMIT`, for `run.json`; empty when git or the repository is absent;
//! - the shipped knob files (`strategies/<game>/<name>.toml`), built in so an installed
//!   `cardsim` finds them from any folder: `$OUT_DIR/strategies.rs` lists (game, name,
//!   text) with each text taken by `include_str!`.
//!
//! No `rerun-if-changed`: cargo then reruns this script whenever a file of the package
//! changes, which both facts need.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
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
    git_commit();
    shipped_strategies();
}
