//! Finding strategies by name: a bot every game has (`random`), a game's built-in bots,
//! `exec:COMMAND` (a bot in another process, see `docs/bot-protocol.md`), or a knob file
//! `<name>.toml` (or any path to such a file):
//!
//! ```toml
//! base = "greedy"                 # the bot whose knobs this file sets
//! about = "takes fewer discards"  # optional, shown by `cardsim list`
//! [knobs]
//! take_discard_gain = 4
//! ```
//!
//! Knob files are looked up, by name, in each folder of `CARDSIM_STRATEGIES` (a list like
//! `PATH`) under `<folder>/<game>/`, then in `./strategies/<game>/`, then among the files
//! shipped in `strategies/` of the source, which are built into the binary.

use super::factory::BuiltIn;
use super::{Bot, Factory, Knob, Params, Random, exec};
use crate::error::Error;
use crate::game::Game;
use std::path::{Path, PathBuf};
use std::sync::Arc;

include!(concat!(env!("OUT_DIR"), "/strategies.rs"));

/// A resolved strategy: its label in outputs, the bot it runs, the knob values, and the
/// factory that builds it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StrategySpec {
    /// The name users gave (`greedy`, `cautious`), used in every output.
    pub label: String,
    /// The bot behind it (`random`, one of the game's bots, `exec:COMMAND`, or a custom
    /// strategy's label).
    pub base: String,
    /// The knob values (defaults for the rest).
    pub params: Params,
    /// The knob file, when it came from one on disk.
    pub file: Option<PathBuf>,
    /// Builds the strategy (not serialized: a spec read back cannot play).
    #[serde(skip)]
    pub factory: Option<Factory>,
}

/// The bots every game has, whatever its rules: `random`, and the search bots (`pimc`,
/// `ismcts`) generic over every game.
/// A game's own bots ([`Game::bots`]) come after these.
pub fn generic_bots<G: Game>() -> Vec<Bot<G>> {
    let mut v = vec![Bot {
        name: "random",
        about: "uniform over the legal actions",
        knobs: &[],
        build: |_| Box::new(Random),
    }];
    v.extend(super::search::bots::<G>());
    v
}

fn find_bot<G: Game>(name: &str) -> Option<Bot<G>> {
    generic_bots::<G>()
        .into_iter()
        .chain(G::bots().iter().copied())
        .find(|b| b.name == name)
}

/// The folders searched for `<game>/<name>.toml`, in order.
fn strategy_dirs(game: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("CARDSIM_STRATEGIES")
        .map(|v| std::env::split_paths(&v).map(|d| d.join(game)).collect())
        .unwrap_or_default();
    dirs.push(Path::new("strategies").join(game));
    dirs
}

fn shipped(game: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    SHIPPED
        .iter()
        .filter(move |(g, _, _)| *g == game)
        .map(|(_, n, t)| (*n, *t))
}

/// The game's own bots, then the generic search bots ([`super::search::bots`]).
pub fn all_bots<G: Game>() -> impl Iterator<Item = Bot<G>> {
    G::bots().iter().copied().chain(super::search::bots::<G>())
}

/// Knob files for the game in every folder searched and among the shipped ones, by stem.
fn file_names<G: Game>() -> Vec<String> {
    let mut v: Vec<String> = shipped(G::NAME).map(|(n, _)| n.to_string()).collect();
    for d in strategy_dirs(G::NAME) {
        if let Ok(rd) = std::fs::read_dir(&d) {
            v.extend(
                rd.filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                    .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned())),
            );
        }
    }
    v.sort();
    v.dedup();
    v
}

/// Every strategy name usable for the game: the generic bots, its bots, then knob files.
pub fn list_names<G: Game>() -> Vec<String> {
    let mut v: Vec<String> = generic_bots::<G>()
        .iter()
        .chain(G::bots())
        .map(|b| b.name.to_string())
        .collect();
    v.extend(file_names::<G>());
    v
}

fn built_in<G: Game>(
    label: &str,
    bot: Bot<G>,
    params: Params,
    file: Option<PathBuf>,
) -> StrategySpec {
    StrategySpec {
        label: label.to_string(),
        base: bot.name.to_string(),
        params: params.clone(),
        file,
        factory: Some(Factory::new::<G>(Arc::new(BuiltIn { bot, params }))),
    }
}

/// Turns a `--strategy` argument into a spec, or a clear error: a bot name, `exec:COMMAND`,
/// a knob file's name, or a path to a knob file. An unknown name is an error, never a
/// fallback.
pub fn resolve<G: Game>(text: &str) -> Result<StrategySpec, Error> {
    if let Some(command) = text.strip_prefix(exec::PREFIX) {
        return exec::spec::<G>(text, command, Params::default(), None);
    }
    if let Some(bot) = find_bot::<G>(text) {
        return Ok(built_in(text, bot, Params::default(), None));
    }
    if text.ends_with(".toml") || text.contains('/') {
        let p = PathBuf::from(text);
        if p.is_file() {
            return load_file::<G>(&p);
        }
    } else if let Some(p) = strategy_dirs(G::NAME)
        .into_iter()
        .map(|d| d.join(format!("{text}.toml")))
        .find(|p| p.is_file())
    {
        return load_file::<G>(&p);
    } else if let Some((name, body)) = shipped(G::NAME).find(|(n, _)| *n == text) {
        let shown = format!("{name}.toml (built in)");
        return load_text::<G>(body, &shown, name, None);
    }
    let names = list_names::<G>();
    Err(Error::input(format!(
        "unknown strategy '{text}' for {}{}; available: {}, or exec:COMMAND",
        G::NAME,
        crate::error::did_you_mean(text, names.iter().map(String::as_str)),
        names.join(", ")
    )))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    base: String,
    #[serde(default)]
    #[allow(dead_code)]
    about: Option<String>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    knobs: toml::Table,
}

/// Reads a knob file and checks it against its bot.
pub fn load_file<G: Game>(path: &Path) -> Result<StrategySpec, Error> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::input(format!("cannot read strategy file {shown}: {e}")))?;
    let label = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    load_text::<G>(&text, &shown, &label, Some(path.to_path_buf()))
}

/// Reads a knob file's text (`shown` names it in errors) into a spec labelled `label`.
fn load_text<G: Game>(
    text: &str,
    shown: &str,
    label: &str,
    file: Option<PathBuf>,
) -> Result<StrategySpec, Error> {
    let spec: FileSpec = toml::from_str(text)
        .map_err(|e| Error::input(format!("bad strategy file {shown}: {}", e.message().trim())))?;
    if let Some(g) = &spec.game
        && g != G::NAME
    {
        return Err(Error::input(format!(
            "strategy file {shown} is for {g}, not {}",
            G::NAME
        )));
    }
    let bot = find_bot::<G>(&spec.base);
    let knobs: &[Knob] = match (&bot, spec.base.starts_with(exec::PREFIX)) {
        (Some(b), _) => b.knobs,
        (None, true) => exec::KNOBS,
        (None, false) => {
            return Err(Error::input(format!(
                "strategy file {shown}: unknown base bot '{}' for {}",
                spec.base,
                G::NAME
            )));
        }
    };
    let mut values = Vec::new();
    for (k, v) in &spec.knobs {
        let x = match v {
            toml::Value::Integer(i) => *i as f64,
            toml::Value::Float(f) => *f,
            toml::Value::Boolean(b) => f64::from(u8::from(*b)),
            _ => {
                return Err(Error::input(format!(
                    "strategy file {shown}: knob '{k}' must be a number"
                )));
            }
        };
        values.push((k.clone(), x));
    }
    let params = Params::new(values);
    super::search::check(&spec.base, knobs, &params)
        .map_err(|e| Error::input(format!("strategy file {shown}: {e}")))?;
    match bot {
        Some(b) => Ok(built_in(label, b, params, file)),
        None => {
            let command = &spec.base[exec::PREFIX.len()..];
            exec::spec::<G>(label, command, params, file)
        }
    }
}

/// The game's built-in bot `base` with knob values `params` (checked like a knob file's),
/// labelled `label`: the candidates of `cardsim tune`.
pub fn with_knobs<G: Game>(base: &str, label: &str, params: Params) -> Result<StrategySpec, Error> {
    let bot = find_bot::<G>(base).ok_or_else(|| {
        Error::input(format!(
            "'{base}' is not a built-in bot of {} with knobs",
            G::NAME
        ))
    })?;
    super::search::check(base, bot.knobs, &params)
        .map_err(|e| Error::input(format!("{label}: {e}")))?;
    Ok(built_in(label, bot, params, None))
}

/// The knobs of the game's built-in bot `base` (None: no such bot).
pub fn knobs_of<G: Game>(base: &str) -> Option<&'static [Knob]> {
    find_bot::<G>(base).map(|b| b.knobs)
}
