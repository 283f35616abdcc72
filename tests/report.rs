//! `report.html` end to end: the numbers in the page's tables are the CSV files' own text,
//! every chart holds one mark per data point (counted in its SVG), the page is
//! self-contained, study folders get one page, and bad folders give one line and exit 2.

mod common;

use common::{cardsim, read, tmp};
use std::path::Path;

/// Runs cardsim and asserts success.
fn ok(args: &[&str]) {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A CSV file as rows of cells (header first).
fn csv_rows(dir: &Path, name: &str) -> Vec<Vec<String>> {
    let text = read(dir, name);
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    r.records()
        .map(|x| x.unwrap().iter().map(String::from).collect())
        .collect()
}

/// The column `name` of CSV rows (header first), as text.
fn column(rows: &[Vec<String>], name: &str) -> Vec<String> {
    let c = rows[0].iter().position(|h| h == name).unwrap();
    rows[1..].iter().map(|r| r[c].clone()).collect()
}

/// Every `<figure>` of chart kind `kind`.
fn figures<'a>(html: &'a str, kind: &str) -> Vec<&'a str> {
    let open = format!("<figure class=\"chart\" data-chart=\"{kind}\"");
    html.match_indices(&open)
        .map(|(i, _)| {
            let end = html[i..].find("</figure>").unwrap();
            &html[i..i + end]
        })
        .collect()
}

/// An attribute's value in the first tag of `s` that has it.
fn attr<'a>(s: &'a str, name: &str) -> &'a str {
    let key = format!("{name}=\"");
    let i = s.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len();
    &s[i..i + s[i..].find('"').unwrap()]
}

/// The tags `<tag ...>` in `s`.
fn tags<'a>(s: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    s.match_indices(&open)
        .map(|(i, _)| &s[i..i + s[i..].find('>').unwrap()])
        .collect()
}

/// Data marks of a chart: shapes that are not white (white shapes are backgrounds).
fn marks(fig: &str, tag: &str) -> usize {
    tags(fig, tag)
        .iter()
        .filter(|t| !t.contains("fill=\"#FFFFFF\""))
        .count()
}

/// The series lines of a chart (2 px wide, in a data colour): their point counts.
fn lines(fig: &str) -> Vec<usize> {
    tags(fig, "polyline")
        .iter()
        .filter(|t| t.contains("stroke-width=\"2\""))
        .map(|t| attr(t, "points").split_whitespace().count())
        .collect()
}

/// The `data-v` cells of the table from `src`, row by row.
fn table_values(html: &str, src: &str) -> Vec<Vec<String>> {
    let open = format!("<table data-src=\"{src}\">");
    let i = html.find(&open).unwrap_or_else(|| panic!("no table {src}"));
    let t = &html[i..i + html[i..].find("</table>").unwrap()];
    t.split("<tr>")
        .skip(2)
        .map(|row| {
            row.match_indices("data-v=\"")
                .map(|(j, m)| {
                    let s = &row[j + m.len()..];
                    s[..s.find('"').unwrap()].to_string()
                })
                .collect()
        })
        .collect()
}

/// The cells' text of the table from `src` (first table of that source), row by row.
fn table_text(html: &str, src: &str) -> Vec<Vec<String>> {
    let open = format!("<table data-src=\"{src}\">");
    let i = html.find(&open).unwrap();
    let t = &html[i..i + html[i..].find("</table>").unwrap()];
    t.split("<tr>")
        .skip(2)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|c| {
                    let c = &c[c.find('>').unwrap() + 1..];
                    c[..c.find("</td>").unwrap()].to_string()
                })
                .collect()
        })
        .collect()
}

/// A table's number as written for people, back to a number (`1,234.5`, `−3`, `27.7%`).
fn shown(s: &str) -> f64 {
    let t: String = s
        .replace('−', "-")
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
        .collect();
    t.parse()
        .unwrap_or_else(|_| panic!("'{s}' is not a number"))
}

fn page_is_self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    for bad in ["<script", "http://", "https://", "<link", "@import", "url("] {
        let hits: Vec<_> = html.match_indices(bad).collect();
        // The SVG namespace is a name, not a fetch.
        let real = hits
            .iter()
            .filter(|(i, _)| !html[*i..].starts_with("http://www.w3.org/2000/svg"))
            .count();
        assert_eq!(real, 0, "the page holds {bad}");
    }
}

#[test]
fn a_simulation_report_shows_the_csv_numbers_and_every_data_point() {
    let d = tmp("report-sim");
    let dir = d.to_str().unwrap();
    ok(&[
        "simulate", "golf", "--deals", "3000", "--out", dir, "--report", "-q",
    ]);
    let html = read(&d, "report.html");
    page_is_self_contained(&html);
    assert!(html.contains("<h1>Golf · 4 players · 3,000 deals</h1>"));
    assert!(html.contains("seed") || html.contains("Seed"));
    // Win rates: the table's cells are summary.csv's text, in order, and each shows it.
    let summary = csv_rows(&d, "summary.csv");
    let cells = table_values(&html, "summary.csv");
    let cols = [
        "seat",
        "wins",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "mean_score",
        "sd_score",
        "se_score",
    ];
    for (k, name) in cols.iter().enumerate() {
        let want = column(&summary, name);
        let got: Vec<String> = cells.iter().map(|r| r[k].clone()).collect();
        assert_eq!(got, want, "{name}");
    }
    for row in table_text(&html, "summary.csv") {
        let rate = shown(&row[3]) / 100.0;
        let lo = shown(&row[4]) / 100.0;
        assert!(rate >= lo, "{row:?}");
    }
    let rate = column(&summary, "win_rate");
    let text = table_text(&html, "summary.csv");
    for (r, t) in rate.iter().zip(&text) {
        let x: f64 = r.parse().unwrap();
        assert!((shown(&t[3]) - 100.0 * x).abs() <= 0.051, "{t:?} vs {r}");
    }
    // One dot per seat.
    let win = figures(&html, "win-rate");
    assert_eq!(win.len(), 1);
    assert_eq!(attr(win[0], "data-points"), "4");
    assert_eq!(marks(win[0], "circle"), 4);
    // Scores: one line per seat, all over the same bins; the bins hold every deal.
    let sc = figures(&html, "scores");
    let pts = lines(sc[0]);
    assert_eq!(pts.len(), 4);
    assert!(pts.iter().all(|&p| p == pts[0] && p > 5), "{pts:?}");
    assert_eq!(attr(sc[0], "data-points"), (4 * pts[0]).to_string());
    let scores = csv_rows(&d, "scores.csv");
    let bins = table_text(&html, "bins");
    for seat in 0..4 {
        let want: u64 = scores[1..]
            .iter()
            .filter(|r| r[4] == seat.to_string())
            .map(|r| r[7].parse::<u64>().unwrap())
            .sum();
        let got: f64 = bins.iter().map(|r| shown(&r[1 + seat])).sum();
        assert_eq!(got as u64, want, "seat {seat}");
    }
    let drawn = bins
        .iter()
        .filter(|r| !r[0].contains("off the chart"))
        .count();
    assert_eq!(drawn, pts[0]);
    // Lengths: one bar per bin; ends: one bar per way a deal ends, counts as in ends.csv.
    let len = figures(&html, "lengths");
    assert_eq!(
        marks(len[0], "rect"),
        shown(attr(len[0], "data-points")) as usize
    );
    let ends = csv_rows(&d, "ends.csv");
    let e = figures(&html, "ends");
    assert_eq!(marks(e[0], "rect"), ends.len() - 1);
    let got: Vec<String> = table_values(&html, "ends.csv").concat();
    assert_eq!(got, column(&ends, "count"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_partnership_match_report_shows_teams() {
    let d = tmp("report-hf");
    let dir = d.to_str().unwrap();
    ok(&[
        "simulate",
        "hand-and-foot",
        "--matches",
        "6",
        "--out",
        dir,
        "-q",
    ]);
    ok(&["report", dir]);
    let html = read(&d, "report.html");
    let teams = csv_rows(&d, "teams.csv");
    let cells = table_values(&html, "teams.csv");
    let got: Vec<String> = cells.iter().map(|r| r[2].clone()).collect();
    assert_eq!(got, column(&teams, "win_rate"));
    let f = figures(&html, "team-win-rate");
    assert_eq!(marks(f[0], "circle"), 2);
    assert!(html.contains("Deals per match"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_compare_report_has_a_forest_plot_per_measure_marking_holm_significance() {
    let d = tmp("report-cmp");
    let dir = d.to_str().unwrap();
    ok(&[
        "compare",
        "golf",
        "--deals",
        "2000",
        "--variant",
        "base:",
        "--variant",
        "nofinal:final_turns=no",
        "--variant",
        "jokers:jokers=on",
        "--out",
        dir,
        "--report",
        "-q",
    ]);
    let html = read(&d, "report.html");
    page_is_self_contained(&html);
    let rows = csv_rows(&d, "compare.csv");
    let cells = table_values(&html, "compare.csv");
    for (k, name) in ["value", "diff", "p_value", "p_holm"].iter().enumerate() {
        let got: Vec<String> = cells.iter().map(|r| r[k].clone()).collect();
        assert_eq!(got, column(&rows, name), "{name}");
    }
    // A panel per measure with intervals (bar the ones no variant changes), a dot per
    // variant; the filled (significant) dots are exactly the rows with p_holm < 0.05.
    let (metric, lo, holm, diff) = (
        column(&rows, "metric"),
        column(&rows, "diff_lo"),
        column(&rows, "p_holm"),
        column(&rows, "diff"),
    );
    let mut shown_metrics = Vec::new();
    for m in &metric {
        let rs: Vec<usize> = (0..metric.len())
            .filter(|&i| metric[i] == *m && !lo[i].is_empty())
            .collect();
        let moves = rs.iter().any(|&i| diff[i].parse::<f64>().unwrap() != 0.0);
        if !rs.is_empty() && moves && !shown_metrics.contains(m) {
            shown_metrics.push(m.clone());
        }
    }
    let forest = figures(&html, "forest");
    assert_eq!(forest.len(), shown_metrics.len());
    for f in &forest {
        assert_eq!(attr(f, "data-points"), "2");
        assert_eq!(marks(f, "circle"), 2);
    }
    let sig = (0..metric.len())
        .filter(|&i| shown_metrics.contains(&metric[i]))
        .filter(|&i| holm[i].parse::<f64>().is_ok_and(|p| p < 0.05))
        .count();
    let filled: usize = forest
        .iter()
        .map(|f| {
            tags(f, "circle")
                .iter()
                .filter(|t| t.contains("fill=\"#0072B2\""))
                .count()
        })
        .sum();
    assert_eq!(filled, sig);
    assert!(sig > 0, "no significant difference to mark");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_tournament_report_rates_and_maps_every_pair() {
    let d = tmp("report-tour");
    let dir = d.to_str().unwrap();
    ok(&[
        "tournament",
        "golf",
        "--players",
        "2",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--strategy",
        "cautious",
        "--deals",
        "100",
        "--out",
        dir,
        "--report",
        "-q",
    ]);
    let html = read(&d, "report.html");
    let t = csv_rows(&d, "tournament.csv");
    let cells = table_values(&html, "tournament.csv");
    // The table is in rating order: compare as sets of rows.
    let mut got: Vec<String> = cells.iter().map(|r| r[6].clone()).collect();
    let mut want = column(&t, "rating");
    got.sort();
    want.sort();
    assert_eq!(got, want);
    let r = figures(&html, "ratings");
    assert_eq!(marks(r[0], "circle"), 3);
    let p = csv_rows(&d, "pairwise.csv");
    let heat = figures(&html, "pairwise");
    assert_eq!(marks(heat[0], "rect"), p.len() - 1);
    assert_eq!(attr(heat[0], "data-points"), (p.len() - 1).to_string());
    let got: Vec<String> = table_values(&html, "pairwise.csv")
        .iter()
        .map(|r| r[2].clone())
        .collect();
    assert_eq!(got, column(&p, "score_rate"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_study_gets_one_page_with_every_run() {
    let d = tmp("report-study");
    std::fs::create_dir_all(&d).unwrap();
    let study = d.join("s.toml");
    std::fs::write(
        &study,
        "about = \"a tiny study\"\nout = \"s\"\n\
         [[run]]\nname = \"sim\"\nkind = \"simulate\"\ngame = \"lasso\"\ndeals = 300\n\
         [[run]]\nname = \"cmp\"\nkind = \"compare\"\ngame = \"golf\"\ndeals = 300\n\
         variants = [\"a:\", \"b:final_turns=no\"]\n",
    )
    .unwrap();
    ok(&["run", study.to_str().unwrap(), "--report", "-q"]);
    let out = d.join("s");
    let html = read(&out, "report.html");
    assert!(html.contains("a tiny study"));
    // In the study file's order, each with its own header.
    let (a, b) = (
        html.find("id=\"sim\"").unwrap(),
        html.find("id=\"cmp\"").unwrap(),
    );
    assert!(a < b);
    assert!(!out.join("sim/report.html").exists() && !out.join("cmp/report.html").exists());
    assert_eq!(figures(&html, "win-rate").len(), 1);
    assert!(!figures(&html, "forest").is_empty());
    // `cardsim report` on the folder writes the same page.
    std::fs::remove_file(out.join("report.html")).unwrap();
    ok(&["report", out.to_str().unwrap()]);
    assert_eq!(read(&out, "report.html"), html);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn merged_shards_report_like_one_run() {
    let d = tmp("report-merge");
    let (a, b, m) = (d.join("a"), d.join("b"), d.join("m"));
    for (k, p) in [("1/2", &a), ("2/2", &b)] {
        let o = p.to_str().unwrap();
        ok(&[
            "simulate", "golf", "--deals", "600", "--shard", k, "--out", o, "-q",
        ]);
    }
    let (a, b, m) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        m.to_str().unwrap(),
    );
    ok(&["merge", a, b, "--out", m, "--report", "-q"]);
    let html = read(Path::new(m), "report.html");
    assert!(html.contains("merged from shards"));
    assert!(html.contains("600 deals"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_run_without_report_removes_an_earlier_report() {
    let d = tmp("report-stale");
    let dir = d.to_str().unwrap();
    ok(&[
        "simulate", "golf", "--deals", "200", "--out", dir, "--report", "-q",
    ]);
    assert!(d.join("report.html").exists());
    ok(&["simulate", "golf", "--deals", "300", "--out", dir, "-q"]);
    assert!(!d.join("report.html").exists(), "a stale report was left");
    let o = cardsim(&["simulate", "golf", "--deals", "10", "--report"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--report needs --out"));
    std::fs::remove_dir_all(&d).unwrap();
}

/// `cardsim report DIR` fails with exit 2 and one line, and writes nothing.
fn refused(dir: &Path, says: &str) {
    let o = cardsim(&["report", dir.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(says), "{err}");
    assert!(!dir.join("report.html").exists());
}

#[test]
fn bad_folders_are_one_line_errors() {
    let d = tmp("report-bad");
    refused(&d, "no such folder");
    std::fs::create_dir_all(&d).unwrap();
    refused(&d, "not a cardsim output folder");
    let dir = d.to_str().unwrap();
    ok(&["simulate", "golf", "--deals", "50", "--out", dir, "-q"]);
    let good = read(&d, "run.json");
    std::fs::write(d.join("run.json"), "{\"game\": ").unwrap();
    refused(&d, "run.json");
    std::fs::write(
        d.join("run.json"),
        "{\"game\": \"poker\", \"players\": 4, \"count\": 5}",
    )
    .unwrap();
    refused(&d, "poker");
    std::fs::write(d.join("run.json"), &good).unwrap();
    let summary = read(&d, "summary.csv");
    std::fs::write(d.join("summary.csv"), summary.replacen("0.2", "x.2", 1)).unwrap();
    refused(&d, "summary.csv");
    std::fs::write(d.join("summary.csv"), "game,players\n").unwrap();
    refused(&d, "summary.csv");
    std::fs::write(d.join("summary.csv"), &summary).unwrap();
    let scores = read(&d, "scores.csv");
    std::fs::write(
        d.join("scores.csv"),
        scores + "0,greedy,99999999999999999999,1\n",
    )
    .unwrap();
    refused(&d, "scores.csv");
    std::fs::remove_file(d.join("scores.csv")).unwrap();
    refused(&d, "scores.csv");
    std::fs::remove_dir_all(&d).unwrap();
}
