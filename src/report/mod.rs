//! `report.html`: one self-contained page (inline CSS and SVG, no script, nothing fetched)
//! that shows an output folder to people. It reads only what the commands wrote: `run.json`
//! for the header, and the CSV files for the rest, so a report can be made again at any time
//! with `cardsim report DIR`.
//!
//! A folder is one of: a simulation (`summary.csv`, `scores.csv`, `lengths.csv`, `ends.csv`,
//! `teams.csv`; a merged folder is one too), a comparison (`compare.csv`), a tournament
//! (`tournament.csv`, `pairwise.csv`), or a study folder written by `cardsim run`, whose
//! subfolders are runs (its page shows them all, in the study file's order when the study
//! file lies beside the folder).
//!
//! Modules: `data` reads and checks the files; `page` is the HTML around the charts and
//! the header; `seats`, `dists`, `compare` and `tournament` are the sections;
//! `dotplot`, `histogram` and `heatmap` draw the charts with plotters' SVG backend on
//! the shared canvas of `chart`; `fmt` writes numbers for people.

mod chart;
mod compare;
mod data;
mod dists;
mod dotplot;
mod fmt;
mod heatmap;
mod histogram;
mod lab;
mod lab_panel;
mod page;
mod scatter;
mod seats;
mod tournament;

use crate::error::{Error, Result};
use crate::output::{OutFile, write_files};
use data::{read_csv, read_csv_opt, read_run};
use fmt::esc;
use page::section;
use std::path::{Path, PathBuf};

/// The report's file name inside the folder it shows.
pub const FILE: &str = "report.html";

/// What a run folder holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Simulate,
    Compare,
    Tournament,
    Balance,
}

impl Kind {
    fn of(dir: &Path) -> Option<Kind> {
        if dir.join("compare.csv").is_file() {
            Some(Kind::Compare)
        } else if dir.join("tournament.csv").is_file() {
            Some(Kind::Tournament)
        } else if dir.join("summary.csv").is_file() {
            Some(Kind::Simulate)
        } else if dir.join("variants.csv").is_file() {
            Some(Kind::Balance)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Simulate => "simulate",
            Kind::Compare => "compare",
            Kind::Tournament => "tournament",
            Kind::Balance => "balance",
        }
    }
}

/// Writes `dir/report.html` (atomically: a temporary file renamed into place) and returns
/// its path. A folder that is not a cardsim output, or whose files do not read, is an input
/// error naming the file, and nothing is written.
pub fn write(dir: &Path) -> Result<PathBuf> {
    let html = render(dir)?;
    write_files(dir, &[OutFile::new(FILE, html)])?;
    Ok(dir.join(FILE))
}

/// The report page of an output folder: one run's, or a study folder's.
pub fn render(dir: &Path) -> Result<String> {
    if !dir.is_dir() {
        return Err(Error::input(format!("{}: no such folder", dir.display())));
    }
    if dir.join("run.json").exists() {
        let (title, body) = run_page(dir, None)?;
        return Ok(page::page(&title, &body));
    }
    study_page(dir)
}

/// One run's header and sections; `name` is the run's name inside a study.
fn run_page(dir: &Path, name: Option<&str>) -> Result<(String, String)> {
    let kind = Kind::of(dir).ok_or_else(|| {
        Error::input(format!(
            "{}: holds run.json but no summary.csv, compare.csv, tournament.csv or variants.csv (a simulate, compare, tournament or balance output)",
            dir.display()
        ))
    })?;
    let run = read_run(dir)?;
    let game = page::game_info(&run)?;
    let level = if name.is_some() { 3 } else { 2 };
    let mut body = page::header(&run, &game, kind.name(), name);
    body += &match kind {
        Kind::Simulate => simulation(dir, &run, &game, level)?,
        Kind::Compare => {
            compare::render(&compare::load(dir)?, &run, &game, level)? + &lab::metrics(dir, level)?
        }
        Kind::Tournament => tournament::render(&tournament::load(dir)?, &run, level)?,
        Kind::Balance => lab::balance(dir, level)?,
    };
    let title = format!(
        "{} · {} players · {}",
        game.title,
        run.players,
        page::unit_text(&run, kind.name())
    );
    Ok((title, body))
}

fn simulation(
    dir: &Path,
    run: &data::RunInfo,
    game: &page::GameInfo,
    level: usize,
) -> Result<String> {
    let summary = read_csv(dir, "summary.csv")?;
    let mut wins = seats::seats(&summary, run, game)?;
    if let Some(t) = read_csv_opt(dir, "teams.csv")? {
        wins += &seats::teams(&t)?;
    }
    let mut s = section(level, "Who wins", "", &wins);
    let scores = dists::scores(&read_csv(dir, "scores.csv")?, run, game)?;
    s += &section(level, "Scores", "", &scores);
    let lengths = dists::lengths(&read_csv(dir, "lengths.csv")?, run)?;
    let title = if run.unit == "matches" {
        "How long a match lasts"
    } else {
        "How long a deal lasts"
    };
    s += &section(level, title, "", &lengths);
    if let Some(e) = read_csv_opt(dir, "ends.csv")? {
        s += &section(level, "How deals end", "", &dists::ends(&e, run, game)?);
    }
    s += &lab::metrics(dir, level)?;
    if run.capped_matches > 0 {
        s += &format!(
            "<p class=\"note\">{} matches reached the deal cap and ended with the leaders winning.</p>\n",
            fmt::int(run.capped_matches as i64)
        );
    }
    Ok(s)
}

/// The runs of a study folder: its subfolders holding `run.json`, in the study file's order
/// when it is found beside the folder, else by name.
fn study_runs(dir: &Path) -> Result<(Vec<String>, Option<String>)> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Error::input(format!("cannot read {}: {e}", dir.display())))?;
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().join("run.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let (order, about) = study_file(dir).unwrap_or_default();
    let rank = |n: &String| order.iter().position(|o| o == n).unwrap_or(usize::MAX);
    names.sort_by_key(rank);
    Ok((names, about))
}

/// The study file beside `dir` whose `out` is `dir`: its runs' names in order, and `about`.
fn study_file(dir: &Path) -> Option<(Vec<String>, Option<String>)> {
    let me = std::fs::canonicalize(dir).ok()?;
    let parent = me.parent()?;
    for e in std::fs::read_dir(parent).ok()?.flatten() {
        let p = e.path();
        if p.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let Ok(v) = std::fs::read_to_string(&p).map(|t| t.parse::<toml::Table>()) else {
            continue;
        };
        let Ok(v) = v else { continue };
        let out = v.get("out").and_then(|o| o.as_str());
        if out.and_then(|o| std::fs::canonicalize(parent.join(o)).ok()) != Some(me.clone()) {
            continue;
        }
        let runs = v.get("run").and_then(|r| r.as_array());
        let names = runs
            .into_iter()
            .flatten()
            .filter_map(|r| r.get("name")?.as_str().map(String::from))
            .collect();
        let about = v.get("about").and_then(|a| a.as_str()).map(String::from);
        return Some((names, about));
    }
    None
}

fn study_page(dir: &Path) -> Result<String> {
    let (names, about) = study_runs(dir)?;
    if names.is_empty() {
        return Err(Error::input(format!(
            "{}: not a cardsim output folder (no run.json in it or in any folder inside it)",
            dir.display()
        )));
    }
    let folder = std::fs::canonicalize(dir)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| dir.display().to_string());
    let mut toc = String::new();
    let mut runs = String::new();
    for n in &names {
        let sub = dir.join(n);
        let (title, body) = run_page(&sub, Some(n))?;
        toc += &format!(
            "<li><a href=\"#{0}\">{0}</a> <span class=\"dim\">· {1}</span></li>\n",
            esc(n),
            esc(&title)
        );
        runs += &format!("<section class=\"run\">\n{body}</section>\n");
    }
    // Titled by the study: the first clause of its `about`, else its folder's name.
    let title = about
        .as_deref()
        .map(headline)
        .unwrap_or_else(|| folder.clone());
    let mut body = format!(
        "<header>\n<div class=\"eyebrow\">cardsim report · study {}</div>\n<h1>{}</h1>\n",
        esc(&folder),
        esc(&title)
    );
    if let Some(a) = about {
        body += &format!("<p class=\"about\">{}</p>\n", esc(&a));
    }
    body += &format!(
        "<nav class=\"toc\"><b>{} run{}</b>, each a folder here with its own files and run.json:\n<ol>\n{toc}</ol>\n</nav>\n</header>\n",
        names.len(),
        if names.len() == 1 { "" } else { "s" }
    );
    Ok(page::page(&title, &(body + &runs)))
}

/// A study's title from its `about`: the text before the first `: ` or `. ` (the whole
/// text when it has neither), without a closing full stop, cut at a word within 90
/// characters.
fn headline(about: &str) -> String {
    let a = about.trim();
    let end = [a.find(": "), a.find(". ")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(a.len());
    let mut t = a[..end].trim_end_matches('.').to_string();
    if t.chars().count() > 90 {
        let cut: String = t.chars().take(90).collect();
        t = match cut.rfind(' ') {
            Some(i) => format!("{}…", &cut[..i]),
            None => cut,
        };
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_study_is_titled_by_the_first_clause_of_its_about() {
        assert_eq!(
            headline("The effect of each Golf switch on seat balance: every variant plays."),
            "The effect of each Golf switch on seat balance"
        );
        assert_eq!(
            headline("Seat advantage in every game."),
            "Seat advantage in every game"
        );
        assert_eq!(headline("Short"), "Short");
        let long = "word ".repeat(40);
        let h = headline(&long);
        assert!(h.ends_with('…') && h.chars().count() <= 91, "{h}");
    }
}
