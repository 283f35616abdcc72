//! `cardsim rules <game>` and `cardsim list`: what the games are, as implemented.

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
        s += "\n## Strategies\n\n- `random`: uniform over the legal actions\n";
        for b in crate::strategy::all_bots::<G>() {
            s += &format!("- `{}`: {}\n", b.name, b.about);
            for k in b.knobs {
                s += &format!(
                    "    - knob `{}` (default {}): {}\n",
                    k.name, k.default, k.doc
                );
            }
        }
        s
    }
}

pub fn rules(game: &str) -> Result<()> {
    let text = with_game(game, RulesText).ok_or_else(|| super::unknown_game(game))?;
    crate::out!("{text}");
    Ok(())
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

pub fn list() -> Result<()> {
    for g in NAMES {
        if let Some(s) = with_game(g, ListEntry) {
            crate::outln!("{s}");
        }
    }
    Ok(())
}
