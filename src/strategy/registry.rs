//! Finding strategies by name: `random`, a game's built-in bots, or a knob file
//! `strategies/<game>/<name>.toml` (or any path to such a file):
//!
//! ```toml
//! base = "greedy"                 # the bot whose knobs this file sets
//! about = "takes fewer discards"  # optional, shown by `cardsim list`
//! [knobs]
//! take_discard_gain = 4
//! ```

use super::{Bot, Params, Random, Strategy};
use crate::error::Error;
use crate::game::Game;
use std::path::{Path, PathBuf};

/// A resolved strategy: its label in outputs, the bot it runs, and the knob values.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StrategySpec {
    /// The name users gave (`greedy`, `cautious`), used in every output.
    pub label: String,
    /// The bot behind it (`random` or one of the game's bots).
    pub base: String,
    pub params: Params,
    /// The knob file, when it came from one.
    pub file: Option<PathBuf>,
}

fn strategy_dirs(game: &str) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Ok(d) = std::env::var("CARDSIM_STRATEGIES") {
        dirs.push(Path::new(&d).join(game));
    }
    dirs.push(Path::new("strategies").join(game));
    dirs.push(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("strategies")
            .join(game),
    );
    dirs
}

/// The game's own bots, then the generic search bots ([`super::search::bots`]).
pub fn all_bots<G: Game>() -> impl Iterator<Item = Bot<G>> {
    G::bots().iter().copied().chain(super::search::bots::<G>())
}

fn find_bot<G: Game>(name: &str) -> Option<Bot<G>> {
    all_bots::<G>().find(|b| b.name == name)
}

/// Files in the first strategies folder that exists for the game, by stem.
fn file_names<G: Game>() -> Vec<String> {
    for d in strategy_dirs(G::NAME) {
        if let Ok(rd) = std::fs::read_dir(&d) {
            let mut v: Vec<String> = rd
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect();
            v.sort();
            return v;
        }
    }
    Vec::new()
}

/// Every strategy name usable for the game: `random`, its bots, then its knob files.
pub fn list_names<G: Game>() -> Vec<String> {
    let mut v = vec!["random".to_string()];
    v.extend(all_bots::<G>().map(|b| b.name.to_string()));
    v.extend(file_names::<G>());
    v
}

/// Turns a `--strategy` argument into a spec, or a clear error.
pub fn resolve<G: Game>(text: &str) -> Result<StrategySpec, Error> {
    if text == "random" || find_bot::<G>(text).is_some() {
        return Ok(StrategySpec {
            label: text.to_string(),
            base: text.to_string(),
            params: Params::default(),
            file: None,
        });
    }
    let path = if text.ends_with(".toml") || text.contains('/') {
        Some(PathBuf::from(text)).filter(|p| p.is_file())
    } else {
        strategy_dirs(G::NAME)
            .into_iter()
            .map(|d| d.join(format!("{text}.toml")))
            .find(|p| p.is_file())
    };
    match path {
        Some(p) => load_file::<G>(&p),
        None => Err(Error::input(format!(
            "unknown strategy '{text}' for {}; available: {}",
            G::NAME,
            list_names::<G>().join(", ")
        ))),
    }
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
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::input(format!("cannot read strategy file {shown}: {e}")))?;
    let spec: FileSpec = toml::from_str(&text)
        .map_err(|e| Error::input(format!("bad strategy file {shown}: {}", e.message().trim())))?;
    if let Some(g) = &spec.game
        && g != G::NAME
    {
        return Err(Error::input(format!(
            "strategy file {shown} is for {g}, not {}",
            G::NAME
        )));
    }
    let knobs: &[super::Knob] = match (spec.base.as_str(), find_bot::<G>(&spec.base)) {
        ("random", _) => &[],
        (_, Some(b)) => b.knobs,
        (b, None) => {
            return Err(Error::input(format!(
                "strategy file {shown}: unknown base bot '{b}' for {}",
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
    let label = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(StrategySpec {
        label,
        base: spec.base,
        params,
        file: Some(path.to_path_buf()),
    })
}

/// Builds a fresh instance of the strategy a spec names.
pub fn build<G: Game>(spec: &StrategySpec) -> Box<dyn Strategy<G>> {
    match find_bot::<G>(&spec.base) {
        Some(b) => (b.build)(&spec.params),
        None => Box::new(Random),
    }
}
