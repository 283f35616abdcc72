//! `cardsim rules <game>`, `cardsim list [game]` and the `score` syntax in `score --help`:
//! what the games are, as implemented.

use crate::error::Result;
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, NAMES, with_game};
use crate::strategy::list_names;

struct RulesText;

impl GameVisitor for RulesText {
    type Out = String;
    fn visit<G: Game>(self) -> String {
        let mut s = format!(
            "# {}\n\n{}\n## Switches (--rule KEY=VALUE)\n\n",
            G::NAME,
            G::RULES_DOC.trim_end()
        );
        for sw in <G::Rules as Rules>::switches() {
            s += &format!(
                "- `{}` (default `{}`; allowed {}): {}\n",
                sw.key, sw.default, sw.allowed, sw.doc
            );
        }
        s += "\n## Strategies\n\n";
        s += &strategies::<G>();
        s
    }
}

/// The strategies of a game, each with its knobs (markdown list).
fn strategies<G: Game>() -> String {
    let mut s = String::from("- `random`: uniform over the legal actions\n");
    for b in crate::strategy::all_bots::<G>() {
        s += &format!("- `{}`: {}\n", b.name, b.about);
        for k in b.knobs {
            s += &format!(
                "    - knob `{}` (default {}): {}\n",
                k.name, k.default, k.doc
            );
        }
    }
    let shipped: Vec<String> = list_names::<G>()
        .into_iter()
        .filter(|n| n != "random" && crate::strategy::all_bots::<G>().all(|b| b.name != n.as_str()))
        .collect();
    if !shipped.is_empty() {
        s += &format!(
            "- knob files (a strategy above with other knob values): {}\n",
            shipped.join(", ")
        );
    }
    s
}

/// `cardsim rules GAME [--json]`.
pub fn rules(game: &str, json: bool) -> Result<()> {
    if json {
        let v =
            with_game(game, GameJson { rules: true }).ok_or_else(|| super::unknown_game(game))?;
        crate::outln!("{v}");
        return Ok(());
    }
    let text = with_game(game, RulesText).ok_or_else(|| super::unknown_game(game))?;
    crate::out!("{text}");
    Ok(())
}

/// One game as JSON, for `list --json` and (with the rules page) `rules --json`: name,
/// about, players (default and every count the default rules seat), strategies with their
/// knobs, switches, end reasons.
struct GameJson {
    /// Also the rules page as markdown, under `rules`.
    rules: bool,
}

impl GameVisitor for GameJson {
    type Out = serde_json::Value;
    fn visit<G: Game>(self) -> serde_json::Value {
        use serde_json::json;
        let defaults = G::Rules::default();
        let allowed: Vec<usize> = (1..=crate::game::MAX_SEATS)
            .filter(|&p| G::check_players(&defaults, p).is_ok())
            .collect();
        let mut strategies =
            vec![json!({"name": "random", "about": "uniform over the legal actions", "knobs": []})];
        for b in crate::strategy::all_bots::<G>() {
            let knobs: Vec<_> = b
                .knobs
                .iter()
                .map(|k| json!({"name": k.name, "default": k.default, "doc": k.doc}))
                .collect();
            strategies.push(json!({"name": b.name, "about": b.about, "knobs": knobs}));
        }
        let files: Vec<String> = list_names::<G>()
            .into_iter()
            .filter(|n| strategies.iter().all(|s| s["name"] != n.as_str()))
            .collect();
        let switches: Vec<_> = <G::Rules as Rules>::switches()
            .iter()
            .map(
                |s| json!({"key": s.key, "default": s.default, "allowed": s.allowed, "doc": s.doc}),
            )
            .collect();
        let ends: Vec<_> = G::END_REASONS
            .iter()
            .map(|e| json!({"name": e.name, "about": e.about}))
            .collect();
        let mut v = json!({
            "game": G::NAME,
            "about": G::ABOUT,
            "players": {"default": G::DEFAULT_PLAYERS, "allowed": allowed},
            "strategies": strategies,
            "knob_files": files,
            "switches": switches,
            "end_reasons": ends,
        });
        if self.rules {
            v["rules"] = G::RULES_DOC.into();
        }
        v
    }
}

struct ListEntry;

impl GameVisitor for ListEntry {
    type Out = String;
    fn visit<G: Game>(self) -> String {
        let switches: Vec<String> = <G::Rules as Rules>::switches()
            .iter()
            .map(|s| format!("{}={}", s.key, s.default))
            .collect();
        format!(
            "{}\n  {}\n  players: default {}\n  strategies: {}\n  switches: {}\n",
            G::NAME,
            G::ABOUT,
            G::DEFAULT_PLAYERS,
            list_names::<G>().join(", "),
            switches.join(" ")
        )
    }
}

/// One game in detail: its strategies with their knobs, and its switches with their values.
struct ListGame;

impl GameVisitor for ListGame {
    type Out = String;
    fn visit<G: Game>(self) -> String {
        let mut s = format!(
            "{}\n  {}\n  players: default {}\n\nStrategies (--strategy NAME or a knob file):\n{}",
            G::NAME,
            G::ABOUT,
            G::DEFAULT_PLAYERS,
            strategies::<G>()
        );
        s += "\nSwitches (--rule KEY=VALUE):\n";
        for sw in <G::Rules as Rules>::switches() {
            s += &format!(
                "- {}={} (allowed {}): {}\n",
                sw.key, sw.default, sw.allowed, sw.doc
            );
        }
        s
    }
}

/// The lines of a game's rules page that give the `cardsim score` syntax: from the first line
/// naming it (a heading's text without its `#`) to the next blank line, heading or bold
/// paragraph; `None` when the page has none.
pub fn score_syntax(rules_doc: &str) -> Option<String> {
    let lines: Vec<&str> = rules_doc.lines().collect();
    let i = lines.iter().position(|l| l.contains("cardsim score"))?;
    let mut text = vec![lines[i].trim_start_matches('#').trim()];
    for l in &lines[i + 1..] {
        if l.trim().is_empty() || l.starts_with('#') || l.starts_with("**") {
            break;
        }
        text.push(l);
    }
    Some(text.join("\n"))
}

struct ScoreSyntax;

impl GameVisitor for ScoreSyntax {
    type Out = String;
    fn visit<G: Game>(self) -> String {
        let text = score_syntax(G::RULES_DOC)
            .unwrap_or_else(|| format!("see `cardsim rules {}`", G::NAME));
        let body: Vec<String> = text.lines().map(|l| format!("  {l}")).collect();
        format!("{}:\n{}\n", G::NAME, body.join("\n"))
    }
}

/// The `after_help` of `cardsim score`: every game's score syntax, from its rules page.
pub fn score_syntax_help() -> String {
    let per_game: Vec<String> = NAMES
        .iter()
        .filter_map(|g| with_game(g, ScoreSyntax))
        .collect();
    format!("Each game's form:\n\n{}", per_game.join("\n"))
}

/// `cardsim list [GAME] [--json]`.
pub fn list(game: Option<&str>, json: bool) -> Result<()> {
    if json {
        let v = match game {
            Some(g) => {
                with_game(g, GameJson { rules: false }).ok_or_else(|| super::unknown_game(g))?
            }
            None => NAMES
                .iter()
                .filter_map(|g| with_game(g, GameJson { rules: false }))
                .collect(),
        };
        crate::outln!("{v}");
        return Ok(());
    }
    if let Some(g) = game {
        let text = with_game(g, ListGame).ok_or_else(|| super::unknown_game(g))?;
        crate::out!("{text}");
        return Ok(());
    }
    for g in NAMES {
        if let Some(s) = with_game(g, ListEntry) {
            crate::outln!("{s}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_syntax_takes_the_lines_from_the_one_naming_it_to_the_next_break() {
        let doc = "# X\n\nIntro.\n`cardsim score x A B` gives N.\nMore.\n## Other\n";
        assert_eq!(
            score_syntax(doc).unwrap(),
            "`cardsim score x A B` gives N.\nMore."
        );
        let doc = "Intro.\n\n## `cardsim score x`\nTakes cards.\n**Aside.** x\n\nLater.";
        assert_eq!(
            score_syntax(doc).unwrap(),
            "`cardsim score x`\nTakes cards."
        );
        assert_eq!(score_syntax("No scorer here."), None);
    }

    #[test]
    fn score_help_names_every_game_with_its_rules_page_form() {
        let help = score_syntax_help();
        for g in NAMES {
            assert!(help.contains(&format!("{g}:\n")), "{g} missing in {help}");
        }
        assert!(help.contains("cardsim score lasso C1 C2 C3 C4"), "{help}");
    }

    struct CheckList;

    impl GameVisitor for CheckList {
        type Out = ();
        fn visit<G: Game>(self) {
            let text = ListGame.visit::<G>();
            for b in G::bots() {
                assert!(
                    text.contains(&format!("`{}`: {}", b.name, b.about)),
                    "{text}"
                );
                for k in b.knobs {
                    assert!(text.contains(&format!("knob `{}`", k.name)), "{text}");
                }
            }
            for sw in <G::Rules as Rules>::switches() {
                assert!(
                    text.contains(&format!("- {}={}", sw.key, sw.default)),
                    "{text}"
                );
                assert!(text.contains(sw.doc), "{text}");
            }
        }
    }

    #[test]
    fn list_json_agrees_with_the_games_own_lists() {
        for g in NAMES {
            let v = with_game(g, GameJson { rules: true }).unwrap();
            assert_eq!(v["game"], *g);
            let text = with_game(g, ListGame).unwrap();
            for s in v["switches"].as_array().unwrap() {
                let line = format!(
                    "- {}={}",
                    s["key"].as_str().unwrap(),
                    s["default"].as_str().unwrap()
                );
                assert!(text.contains(&line), "{g}: {line}");
            }
            let names: Vec<&str> = v["strategies"]
                .as_array()
                .unwrap()
                .iter()
                .chain(v["knob_files"].as_array().unwrap())
                .map(|s| s.get("name").unwrap_or(s).as_str().unwrap())
                .collect();
            assert_eq!(names.len(), list_names_of(g).len(), "{g}: {names:?}");
            for n in list_names_of(g) {
                assert!(names.contains(&n.as_str()), "{g}: {n} missing");
            }
            let allowed = v["players"]["allowed"].as_array().unwrap();
            assert!(allowed.contains(&v["players"]["default"]), "{g}");
            assert!(v["rules"].as_str().unwrap().len() > 100);
        }
    }

    struct Names;
    impl GameVisitor for Names {
        type Out = Vec<String>;
        fn visit<G: Game>(self) -> Vec<String> {
            list_names::<G>()
        }
    }
    fn list_names_of(g: &str) -> Vec<String> {
        with_game(g, Names).unwrap()
    }

    #[test]
    fn list_of_one_game_shows_every_knob_and_switch() {
        for g in NAMES {
            with_game(g, CheckList).unwrap();
        }
    }
}
