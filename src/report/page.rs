//! The page around the charts: the HTML skeleton with its inline style sheet (system fonts,
//! no network), the header from `run.json`, and tables whose cells carry the CSV text they
//! show (`data-v`), so the page can be checked against the files it was made from.

use super::data::RunInfo;
use super::fmt::{dec, esc, int};
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};

/// What the report needs to know about a game beyond `run.json`.
pub struct GameInfo {
    /// A title for people ("Broken Ladder").
    pub title: String,
    /// The game's one-line description.
    pub about: &'static str,
    /// The seat that plays first when seat 0 deals.
    pub first_seat: usize,
    /// Whether a lower score is better.
    pub lower_is_better: bool,
    /// The ways a deal ends: name and one line.
    pub ends: Vec<(&'static str, &'static str)>,
    /// Every switch's default value and documentation.
    pub switches: Vec<(String, String, &'static str)>,
}

struct Info(usize);

impl GameVisitor for Info {
    type Out = GameInfo;
    fn visit<G: Game>(self) -> GameInfo {
        let defaults = G::Rules::default().values();
        let docs = <G::Rules as Rules>::switches();
        GameInfo {
            title: title(G::NAME, G::ABOUT),
            about: G::ABOUT,
            first_seat: G::first_to_play(self.0.max(1), 0),
            lower_is_better: G::LOWER_SCORE_IS_BETTER,
            ends: G::END_REASONS.iter().map(|r| (r.name, r.about)).collect(),
            switches: defaults
                .into_iter()
                .map(|(k, v)| {
                    let doc = docs.iter().find(|s| s.key == k).map_or("", |s| s.doc);
                    (k.to_string(), v, doc)
                })
                .collect(),
        }
    }
}

/// The game of a run, or an input error for a name cardsim does not know.
pub fn game_info(run: &RunInfo) -> Result<GameInfo> {
    with_game(&run.game, Info(run.players)).ok_or_else(|| {
        Error::input(format!(
            "run.json names game '{}', which this cardsim does not know",
            run.game
        ))
    })
}

/// The game's name as its description writes it when the description starts with it
/// (`Chinchón`, `Hand and Foot`), else `broken-ladder` -> `Broken Ladder`.
fn title(name: &str, about: &str) -> String {
    let parts = name.split('-').count();
    let lead: Vec<&str> = about.split_whitespace().take(parts).collect();
    let lead = lead.join(" ");
    let lead = lead.trim_end_matches(|c: char| !c.is_alphanumeric());
    let fold: String = lead
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' => 'a',
            'é' | 'è' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' | 'ü' => 'u',
            'ñ' => 'n',
            ' ' => '-',
            c => c,
        })
        .collect();
    if fold == name {
        return lead.to_string();
    }
    let words: Vec<String> = name
        .split('-')
        .enumerate()
        .map(|(i, w)| match (i, w) {
            (i, "and" | "of" | "the") if i > 0 => w.to_string(),
            _ => {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                    .unwrap_or_default()
            }
        })
        .collect();
    words.join(" ")
}

/// One table cell: what it shows, the CSV text it came from, and whether it is a number.
pub struct Cell {
    text: String,
    raw: Option<String>,
    num: bool,
}

/// A text cell.
pub fn txt(s: &str) -> Cell {
    Cell {
        text: esc(s),
        raw: None,
        num: false,
    }
}

/// A cell of raw HTML (already escaped).
pub fn html(s: String) -> Cell {
    Cell {
        text: s,
        raw: None,
        num: false,
    }
}

/// A number cell showing `shown`, made from the CSV text `raw`.
pub fn val(shown: String, raw: &str) -> Cell {
    Cell {
        text: esc(&shown),
        raw: Some(raw.to_string()),
        num: true,
    }
}

/// A number cell of HTML `shown` (already escaped), made from the CSV text `raw`.
pub fn val_html(shown: String, raw: &str) -> Cell {
    Cell {
        text: shown,
        raw: Some(raw.to_string()),
        num: true,
    }
}

/// A number cell with no CSV source (a derived figure).
pub fn derived(shown: String) -> Cell {
    Cell {
        text: esc(&shown),
        raw: None,
        num: true,
    }
}

/// An HTML table: its header, its rows, and the CSV file its numbers come from. A column
/// is right-aligned when its first row holds a number.
pub fn table(src: &str, head: &[&str], rows: Vec<Vec<Cell>>) -> String {
    let mut s = format!("<table data-src=\"{}\">\n<thead><tr>", esc(src));
    for (i, h) in head.iter().enumerate() {
        let num = rows.first().and_then(|r| r.get(i)).is_some_and(|c| c.num);
        let class = if num { " class=\"n\"" } else { "" };
        s += &format!("<th{class}>{}</th>", esc(h));
    }
    s += "</tr></thead>\n<tbody>\n";
    for row in rows {
        s += "<tr>";
        for c in row {
            let class = if c.num { " class=\"n\"" } else { "" };
            let raw = c
                .raw
                .map_or(String::new(), |r| format!(" data-v=\"{}\"", esc(&r)));
            s += &format!("<td{class}{raw}>{}</td>", c.text);
        }
        s += "</tr>\n";
    }
    s + "</tbody>\n</table>\n"
}

/// A table that scrolls sideways on a narrow screen.
pub fn wrap(table: String) -> String {
    format!("<div class=\"table-wrap\">\n{table}</div>\n")
}

/// A table inside a closed "The numbers" disclosure.
pub fn numbers(summary: &str, table: String) -> String {
    format!(
        "<details class=\"numbers\"><summary>{}</summary>\n{table}</details>\n",
        esc(summary)
    )
}

/// A facts list (`<dl>`) from label/value pairs (values are HTML).
fn facts(items: &[(&str, String)]) -> String {
    let mut s = String::from("<dl class=\"facts\">\n");
    for (k, v) in items {
        s += &format!("<div><dt>{}</dt><dd>{v}</dd></div>\n", esc(k));
    }
    s + "</dl>\n"
}

/// How the strategies read in a header: `greedy at every seat`, or seat by seat.
fn strategies_text(run: &RunInfo, pool: bool) -> String {
    let name = |s: &super::data::StrategyInfo| match (&s.bot, &s.file) {
        (Some(b), _) => format!(
            "{} <span class=\"dim\">({} bot)</span>",
            esc(&s.label),
            esc(b)
        ),
        _ => esc(&s.label),
    };
    let list = &run.strategies;
    if list.is_empty() {
        return "<span class=\"dim\">not recorded</span>".into();
    }
    if pool {
        return list.iter().map(name).collect::<Vec<_>>().join(", ");
    }
    if list.iter().all(|s| s.label == list[0].label) {
        return format!("{} at every seat", name(&list[0]));
    }
    let seats: Vec<String> = list
        .iter()
        .enumerate()
        .map(|(i, s)| format!("seat {i}: {}", name(s)))
        .collect();
    seats.join(" · ")
}

/// The rules as chips, the switches that differ from the game's defaults highlighted.
fn rules_html(run: &RunInfo, game: &GameInfo) -> String {
    if run.rules.is_empty() {
        return "<p class=\"dim\">The rules are not recorded in run.json (an older cardsim).</p>\n"
            .into();
    }
    let mut changed = 0;
    let chips: Vec<String> = run
        .rules
        .iter()
        .map(|(k, v)| {
            let known = game.switches.iter().find(|(key, _, _)| key == k);
            let (class, tip) = match known {
                Some((_, d, doc)) if d != v => {
                    changed += 1;
                    (" changed", format!("{doc} (default {d})"))
                }
                Some((_, _, doc)) => ("", format!("{doc} (the default)")),
                None => ("", String::new()),
            };
            format!(
                "<span class=\"chip{class}\" title=\"{}\">{} = {}</span>",
                esc(&tip),
                esc(k),
                esc(v)
            )
        })
        .collect();
    let note = match changed {
        0 => "all at their defaults".to_string(),
        1 => "1 changed from its default, highlighted".to_string(),
        n => format!("{n} changed from their defaults, highlighted"),
    };
    format!(
        "<div class=\"rules\"><span class=\"rules-label\">Rules ({note}; hover for what each does)</span>{}</div>\n",
        chips.join(" ")
    )
}

/// What a run is, for the header's first line.
pub fn unit_text(run: &RunInfo, kind: &str) -> String {
    let n = int(run.count as i64);
    match kind {
        "tournament" => format!("{n} {} per seating", run.unit),
        _ => format!("{n} {}", run.unit),
    }
}

/// The header of one run: what run.json says (`level`: 1 for a page, 2 inside a study).
pub fn header(run: &RunInfo, game: &GameInfo, kind: &str, name: Option<&str>) -> String {
    let what = match kind {
        "compare" => "Rule variants compared on the same deals",
        "tournament" => "Duplicate tournament between strategies",
        "balance" => "Balance search over rule variants",
        _ if run.shards.is_some() => "Simulation, merged from shards",
        _ => "Self-play simulation",
    };
    let headline = format!(
        "{} · {} players · {}",
        game.title,
        run.players,
        unit_text(run, kind)
    );
    let mut s = match name {
        None => format!(
            "<header>\n<div class=\"eyebrow\">cardsim report · {what}</div>\n<h1>{}</h1>\n",
            esc(&headline)
        ),
        Some(n) => format!(
            "<header class=\"run-header\">\n<div class=\"eyebrow\">{what}</div>\n<h2 id=\"{}\">{}: {}</h2>\n",
            esc(n),
            esc(n),
            esc(&headline)
        ),
    };
    s += &format!("<p class=\"about\">{}</p>\n", esc(game.about));
    s += &facts(&header_facts(run, kind));
    s += &rules_html(run, game);
    if let Some(c) = &run.command {
        s += &format!(
            "<details class=\"command\"><summary>The command that reproduces these numbers</summary><pre>{}</pre></details>\n",
            esc(c)
        );
    }
    s + "</header>\n"
}

fn header_facts(run: &RunInfo, kind: &str) -> Vec<(&'static str, String)> {
    let mut f = vec![
        ("Game", format!("<code>{}</code>", esc(&run.game))),
        ("Players", run.players.to_string()),
        (
            if run.unit == "matches" {
                "Matches"
            } else {
                "Deals"
            },
            esc(&unit_text(run, kind)),
        ),
        (
            "Seed",
            run.seed
                .map_or("<span class=\"dim\">–</span>".into(), |s| s.to_string()),
        ),
        ("Strategies", strategies_text(run, kind == "tournament")),
    ];
    let version = match (&run.version, &run.commit) {
        (Some(v), Some(c)) => format!("{} <span class=\"dim\">({})</span>", esc(v), esc(&short(c))),
        (Some(v), None) => esc(v),
        _ => "<span class=\"dim\">not recorded</span>".into(),
    };
    f.push(("cardsim", version));
    if let Some(e) = run.elapsed_s {
        let threads = match (run.shards, run.threads) {
            (Some(n), _) => format!(" across {n} shards"),
            (None, Some(1)) => " on 1 thread".to_string(),
            (None, Some(t)) => format!(" on {t} threads"),
            _ => String::new(),
        };
        f.push(("Run time", format!("{} s{threads}", dec(e, 1))));
    }
    f
}

/// A commit hash shortened to 10 characters (keeping a `+dirty` mark).
fn short(c: &str) -> String {
    let (hash, mark) = c.split_once('+').unwrap_or((c, ""));
    let hash: String = hash.chars().take(10).collect();
    if mark.is_empty() {
        hash
    } else {
        format!("{hash}+{mark}")
    }
}

/// A section with a heading (`h2` on a page, `h3` inside a study's run).
pub fn section(level: usize, title: &str, intro: &str, body: &str) -> String {
    format!(
        "<section>\n<h{level}>{}</h{level}>\n{}{body}</section>\n",
        esc(title),
        if intro.is_empty() {
            String::new()
        } else {
            format!("<p class=\"intro\">{intro}</p>\n")
        }
    )
}

/// The whole page.
pub fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"cardsim {}\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n\
         <body>\n<main>\n{body}<footer>Made by <code>cardsim report</code> from the CSV files and run.json in this folder. \
         Intervals are 95%. A win shared by k players counts 1/k to each.</footer>\n</main>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION"),
        esc(title),
        CSS
    )
}

const CSS: &str = include_str!("style.css");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_read_as_titles() {
        assert_eq!(
            title("broken-ladder", "Broken Ladder (pagat): x"),
            "Broken Ladder"
        );
        assert_eq!(title("hand-and-foot", "x"), "Hand and Foot");
        assert_eq!(title("golf", "six-card Golf"), "Golf");
        assert_eq!(title("chinchon", "Chinchón with WILD"), "Chinchón");
        assert_eq!(short("0123456789abcdef"), "0123456789");
        assert_eq!(short("0123456789abcdef+dirty"), "0123456789+dirty");
    }

    #[test]
    fn table_cells_carry_their_csv_text() {
        let t = table(
            "x.csv",
            &["a", "b"],
            vec![vec![txt("s<"), val("27.7%".into(), "0.277")]],
        );
        assert!(t.contains("<td>s&lt;</td><td class=\"n\" data-v=\"0.277\">27.7%</td>"));
    }
}
