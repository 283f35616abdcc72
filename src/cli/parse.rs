//! Every parser of user text in one place, each answering bad input with an error (one
//! line, exit 2) and never a panic: card text and `score` arguments per game, knob files,
//! study files and `shard.json`. The fuzz targets (`fuzz/`) and the property tests call these.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::{GameVisitor, NAMES, with_game};

struct Cards<'a>(&'a str);

impl GameVisitor for Cards<'_> {
    type Out = bool;
    fn visit<G: Game>(self) -> bool {
        G::card_from_text(self.0).is_some()
    }
}

/// Reads `text` as a card of every game; how many games accept it.
pub fn card_text(text: &str) -> usize {
    NAMES
        .iter()
        .filter(|g| with_game(g, Cards(text)).unwrap_or(false))
        .count()
}

/// `cardsim score GAME ARGS...` without printing.
pub fn score(game: &str, args: &[String]) -> Result<serde_json::Value> {
    super::score::evaluate(game, args)
}

struct Knobs<'a>(&'a std::path::Path);

impl GameVisitor for Knobs<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        crate::strategy::load_file::<G>(self.0).map(|_| ())
    }
}

/// Reads the knob file at `path` for `game`.
pub fn knob_file(game: &str, path: &std::path::Path) -> Result<()> {
    with_game(game, Knobs(path)).unwrap_or_else(|| Err(super::unknown_game(game)))
}

/// Parses and checks a study file's text.
pub fn study(text: &str) -> Result<()> {
    super::experiment::parse_study(text)
}

/// Parses a `shard.json` text and checks it as a one-shard merge would.
pub fn shard(text: &str) -> Result<()> {
    let r: crate::output::Report =
        serde_json::from_str(text).map_err(|e| Error::input(format!("bad shard.json: {e}")))?;
    super::merge::merge_reports(vec![r]).map(|_| ())
}
