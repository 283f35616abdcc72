//! Every parser of user text in one place, each answering bad input with an error (one
//! line, exit 2) and never a panic: card text and `score` arguments per game, knob files,
//! study files and `shard.json`. The fuzz targets (`fuzz/`) and the property tests call these.

use crate::error::Result;
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
    super::merge::parse_shard(text, "shard.json").map(|_| ())
}

/// A command-line usage error from clap as one line (without the `cardsim: error: ` prefix
/// `main` puts before every error): clap's message, a list it spreads over several lines
/// joined into it, its tips in brackets, and the help to read, e.g. `unexpected argument
/// '--bogus' found (tip: to pass '--bogus' as a value, use '-- --bogus'); try 'cardsim
/// simulate --help'`.
pub fn usage_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let (mut msg, mut tips, mut path) = (String::new(), Vec::new(), None);
    let mut in_usage = false;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            in_usage = false;
            continue;
        }
        if let Some(u) = t.strip_prefix("Usage:") {
            in_usage = true;
            let words: Vec<&str> = u
                .split_whitespace()
                .take_while(|w| !w.starts_with(['<', '[', '-']))
                .collect();
            path.get_or_insert(words.join(" "));
            continue;
        }
        if in_usage || t.starts_with("For more information") {
            continue;
        }
        if let Some(tip) = t.strip_prefix("tip:") {
            tips.push(tip.trim().to_string());
        } else if msg.is_empty() {
            let t = t.strip_prefix("error:").unwrap_or(t).trim();
            msg.push_str(t.strip_prefix("cardsim:").unwrap_or(t).trim());
        } else {
            msg.push_str(if msg.ends_with(':') { " " } else { ", " });
            msg.push_str(t);
        }
    }
    if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let cmd = <super::Cli as clap::CommandFactory>::command();
        let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
        msg = format!("no command given; commands: {}", names.join(", "));
    }
    if !tips.is_empty() {
        msg.push_str(&format!(" ({})", tips.join("; ")));
    }
    let path = path
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "cardsim".into());
    format!("{msg}; try '{path} --help'")
}
