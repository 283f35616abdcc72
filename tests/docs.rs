//! The documentation cannot drift from the program: every `cardsim` command shown in the
//! README and `docs/` parses; the README's tour and the CLI page's commands run (on tiny
//! counts); shown output equals what the command prints; a code block that names a shipped
//! file as its first line shows that file exactly; every relative link resolves; the
//! protocol page's `hello` shows the values cardsim sends; and no page users read speaks of
//! issues or sessions.

mod common;

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The pages users read: README.md, CHANGELOG.md and every docs/*.md.
fn pages() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_string(), "CHANGELOG.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .flatten()
        .map(|e| format!("docs/{}", e.file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".md"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(repo().join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// A fenced code block: its language tag, its lines, and the line before the fence.
struct Block {
    lang: String,
    lines: Vec<String>,
    before: String,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut cur: Option<Block> = None;
    let mut prev = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(tag) = t.strip_prefix("```") {
            match cur.take() {
                Some(b) => out.push(b),
                None => {
                    cur = Some(Block {
                        lang: tag.trim().to_string(),
                        lines: Vec::new(),
                        before: prev.clone(),
                    })
                }
            }
        } else if let Some(b) = cur.as_mut() {
            b.lines.push(line.to_string());
        } else if !t.is_empty() {
            prev = line.to_string();
        }
    }
    out
}

/// Splits a shell line into words (single and double quotes; no expansion), dropping a
/// trailing `# comment` and anything after `|` or `>`.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut w = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => w.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, '#' | '|' | '>') => break,
            (None, c) if c.is_whitespace() => {
                if any || !w.is_empty() {
                    out.push(std::mem::take(&mut w));
                }
                any = false;
            }
            (None, c) => w.push(c),
        }
    }
    if any || !w.is_empty() {
        out.push(w);
    }
    out
}

/// Every `cardsim ...` line of the shell blocks of `text`, as words.
fn commands(text: &str) -> Vec<Vec<String>> {
    blocks(text)
        .into_iter()
        .filter(|b| b.lang == "sh")
        .flat_map(|b| b.lines)
        .map(|l| l.trim().to_string())
        .filter(|l| l.starts_with("cardsim ") && !l.contains('$'))
        .map(|l| words(&l))
        .collect()
}

#[test]
fn every_shown_command_parses() {
    let mut seen = 0;
    for (page, text) in pages() {
        for cmd in commands(&text) {
            if let Err(e) = cardsim::cli::Cli::try_parse_from(&cmd)
                && e.kind() != clap::error::ErrorKind::DisplayHelp
            {
                panic!("{page}: `{}` does not parse:\n{e}", cmd.join(" "));
            }
            seen += 1;
        }
    }
    assert!(seen > 40, "only {seen} commands found");
}

/// `cmd` made quick: small counts, outputs into `tmp`; `None` for what cannot run here
/// (interactive play, whole studies, reports written into the repository, timings).
fn quick(cmd: &[String], tmp: &Path) -> Option<Vec<String>> {
    let sub = cmd.get(1)?.as_str();
    if ["play", "run", "report", "bench", "man", "completions"].contains(&sub) {
        return None;
    }
    if sub == "trace" {
        // One deal or match, already quick (its --matches is a flag).
        return Some(cmd[1..].to_vec());
    }
    let mut out = Vec::new();
    let mut it = cmd[1..].iter();
    let mut counted = false;
    while let Some(w) = it.next() {
        match w.as_str() {
            "--deals" => {
                it.next();
                out.extend(["--deals".into(), "300".into()]);
                counted = true;
            }
            "--matches" => {
                it.next();
                out.extend(["--matches".into(), "2".into()]);
                counted = true;
            }
            "--out" => {
                let d = it.next()?;
                out.extend(["--out".into(), tmp.join(d).display().to_string()]);
            }
            _ => out.push(w.clone()),
        }
    }
    if !counted && ["simulate", "compare", "tournament"].contains(&sub) {
        out.extend(["--deals".into(), "300".into()]);
    }
    Some(out)
}

#[test]
fn the_readme_tour_and_the_cli_page_commands_run() {
    let tmp = common::tmp("docs-run");
    let mut ran = 0;
    for page in ["README.md", "docs/cli.md", "docs/bot-protocol.md"] {
        let text = std::fs::read_to_string(repo().join(page)).unwrap();
        for cmd in commands(&text) {
            let Some(args) = quick(&cmd, &tmp) else {
                continue;
            };
            let out = Command::new(env!("CARGO_BIN_EXE_cardsim"))
                .args(&args)
                .current_dir(repo())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{page}: `cardsim {}` failed: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(ran >= 20, "only {ran} commands ran");
}

/// Masks the timing of a table's first line (`0.15 s (131428 deals/s)`).
fn untimed(line: &str) -> String {
    match line.rfind(", ") {
        Some(i) if line.ends_with("/s)") => line[..i].to_string(),
        _ => line.to_string(),
    }
}

#[test]
fn shown_output_is_what_the_command_prints() {
    let mut checked = 0;
    for (page, text) in pages() {
        for b in blocks(&text) {
            let Some(i) = b.before.find("What comes out of `cardsim ") else {
                continue;
            };
            let rest = &b.before[i + "What comes out of `".len()..];
            let cmd = words(&rest[..rest.find('`').unwrap()]);
            let out = Command::new(env!("CARGO_BIN_EXE_cardsim"))
                .args(&cmd[1..])
                .current_dir(repo())
                .output()
                .unwrap();
            assert!(out.status.success(), "{page}: {cmd:?}");
            let got = String::from_utf8(out.stdout).unwrap();
            let got: Vec<&str> = got.lines().collect();
            assert!(got.len() >= b.lines.len(), "{page}: {got:?}");
            for (shown, printed) in b.lines.iter().zip(&got) {
                assert_eq!(untimed(shown), untimed(printed), "{page}: {cmd:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 1, "no shown output found");
}

#[test]
fn a_block_naming_a_shipped_file_shows_it_exactly() {
    let mut checked = 0;
    for (page, text) in pages() {
        for b in blocks(&text) {
            let Some(name) = b.lines.first().and_then(|l| l.strip_prefix("# ")) else {
                continue;
            };
            let path = repo().join(name.trim());
            if !name.contains('/') || !path.is_file() {
                continue;
            }
            let file = std::fs::read_to_string(&path).unwrap();
            let shown = b.lines[1..].join("\n") + "\n";
            assert_eq!(shown, file, "{page} shows {name} differently from the file");
            checked += 1;
        }
    }
    assert!(checked >= 1, "no block names a shipped file");
}

#[test]
fn every_relative_link_resolves() {
    for (page, text) in pages() {
        let base = repo().join(&page);
        let base = base.parent().unwrap();
        for part in text.split("](").skip(1) {
            let target = &part[..part.find(')').unwrap_or(part.len())];
            let target = target.split('#').next().unwrap();
            if target.is_empty() || target.contains("://") {
                continue;
            }
            assert!(
                base.join(target).exists(),
                "{page}: link to {target}, which is missing"
            );
        }
        for word in text.split(|c: char| c == '`' || c.is_whitespace()) {
            if word.starts_with("shared/") || word.starts_with("../shared/") {
                panic!("{page} names {word}, a file outside the repository");
            }
        }
    }
}

#[test]
fn the_hello_example_shows_the_values_cardsim_sends() {
    let text = std::fs::read_to_string(repo().join("docs/bot-protocol.md")).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("\"rules\":{"))
        .expect("a hello example");
    let rules = &line[line.find("\"rules\":{").unwrap() + 9..];
    let rules = &rules[..rules.find('}').unwrap()];
    let out = common::cardsim(&["rules", "golf", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut shown = 0;
    for pair in rules.split(',') {
        let Some((k, val)) = pair.split_once(':') else {
            continue;
        };
        let (k, val) = (k.trim().trim_matches('"'), val.trim().trim_matches('"'));
        let sw = v["switches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["key"] == k)
            .unwrap_or_else(|| panic!("hello shows {k}, which golf lacks"));
        assert_eq!(sw["default"], val, "hello shows {k}={val}");
        shown += 1;
    }
    assert!(shown >= 2);
}

#[test]
fn pages_users_read_speak_of_no_issues_or_sessions() {
    for (page, text) in pages() {
        let lower = text.to_lowercase();
        for bad in [
            "this session",
            "session that",
            "issue 1",
            "issue 2",
            "issue 3",
        ] {
            assert!(!lower.contains(bad), "{page} says '{bad}'");
        }
        for (i, w) in lower
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
            .enumerate()
        {
            let number = w[1].trim_matches(|c: char| !c.is_ascii_alphanumeric());
            assert!(
                !(w[0] == "issue" && number.parse::<u32>().is_ok()),
                "{page}: 'issue {number}' (word {i})"
            );
        }
    }
}

#[test]
fn the_readme_is_a_front_door() {
    let text = std::fs::read_to_string(repo().join("README.md")).unwrap();
    assert!(
        text.lines().count() <= 160,
        "README.md is {} lines",
        text.lines().count()
    );
    assert!(text.contains("cargo install --path . --locked"));
    for (page, text) in pages() {
        for l in text.lines() {
            if l.contains("cargo install --path .") {
                assert!(l.contains("--locked"), "{page}: {l}");
            }
        }
    }
}

#[test]
fn the_shell_splitter_reads_quotes_and_drops_comments_and_pipes() {
    assert_eq!(
        words("cardsim simulate golf --strategy 'exec:python3 b.py' # note"),
        [
            "cardsim",
            "simulate",
            "golf",
            "--strategy",
            "exec:python3 b.py"
        ]
    );
    assert_eq!(words("cardsim man | man -l -"), ["cardsim", "man"]);
    assert_eq!(
        words("cardsim completions bash > f"),
        ["cardsim", "completions", "bash"]
    );
    assert_eq!(words("a '' b"), ["a", "", "b"]);
}

#[test]
fn the_rules_pages_name_the_games_not_their_sources_in_this_project() {
    let dir = repo().join("src/games");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let page = entry.path().join("rules.md");
        let Ok(text) = std::fs::read_to_string(&page) else {
            continue;
        };
        seen += 1;
        for bad in ["seed 00", "RULES.md", "shared/", "issue "] {
            assert!(!text.contains(bad), "{}: says '{bad}'", page.display());
        }
    }
    assert_eq!(seen, 5, "one rules page per game");
}
