//! Records the git commit the binary is built from (when built from a git checkout) in
//! `CARDSIM_GIT_COMMIT`, for `run.json`; empty when git or the repository is absent.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
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
