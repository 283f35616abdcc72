//! `cardsim score <game> ARGS`: a position given as cards, scored by the game's own rules.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::{GameVisitor, with_game};

struct Score<'a> {
    rules: Vec<String>,
    args: &'a [String],
}

impl GameVisitor for Score<'_> {
    type Out = Result<serde_json::Value>;
    fn visit<G: Game>(self) -> Result<serde_json::Value> {
        let rules = super::setup::parse_rules::<G>(&self.rules)?;
        G::score_cli(&rules, self.args).map_err(|e| Error::input(format!("{} score: {e}", G::NAME)))
    }
}

/// Separates `--rule KEY=VALUE` (or `--rule=KEY=VALUE`) from the scorer's own words.
fn split_rules(args: &[String]) -> Result<(Vec<String>, Vec<String>)> {
    let (mut rules, mut rest) = (Vec::new(), Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--rule" {
            rules.push(
                it.next()
                    .cloned()
                    .ok_or_else(|| Error::input("--rule needs KEY=VALUE"))?,
            );
        } else if let Some(r) = a.strip_prefix("--rule=") {
            rules.push(r.to_string());
        } else {
            rest.push(a.clone());
        }
    }
    Ok((rules, rest))
}

/// Scores a position given as words, without printing.
pub fn evaluate(game: &str, args: &[String]) -> Result<serde_json::Value> {
    let (rules, rest) = split_rules(args)?;
    with_game(game, Score { rules, args: &rest }).ok_or_else(|| super::unknown_game(game))?
}

pub fn run(game: &str, args: &[String]) -> Result<()> {
    let v = evaluate(game, args)?;
    crate::outln!("{v}");
    Ok(())
}
