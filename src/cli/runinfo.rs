//! The `run.json` every command writes: enough to reproduce the run exactly. Version and git
//! commit, the full argv, the canonical `command` (what `cardsim rerun` replays: the command
//! line with every strategy file as an absolute path), game, players, every rule, every
//! strategy with all knob values (defaults included) and the SHA-256 of its knob file, seed,
//! unit, count, the precision target and whether it was reached, threads and elapsed time.

use super::args::TableArgs;
use crate::game::Game;
use crate::strategy::StrategySpec;
use serde_json::{Map, Value, json};
use std::path::Path;

/// The SHA-256 of a file's bytes, as hex (None when it cannot be read).
pub fn file_digest(path: &Path) -> Option<String> {
    // A regular file of sane size only: a FIFO or a device could block or never end.
    let m = std::fs::metadata(path).ok()?;
    if !m.is_file() || m.len() > 64 << 20 {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some(crate::output::sha256_hex(&bytes))
}

/// A `--precision` run's target, and whether every interval got narrower than it.
#[derive(Clone, Copy, Debug)]
pub struct Precision {
    /// The `--precision` width asked for.
    pub target: f64,
    /// The widest reported win-rate interval at the end of the run.
    pub widest: f64,
}

impl Precision {
    /// True when every interval got narrower than the target.
    pub fn reached(&self) -> bool {
        self.widest < self.target
    }

    /// Warns on stderr when the cap stopped the run before the target was reached.
    pub fn warn(&self, played: u64, unit: &str) {
        if !self.reached() {
            eprintln!(
                "cardsim: warning: --precision {} not reached: the widest interval is {:.6} after {played} {unit} (the cap); raise --deals/--matches to go further",
                short(self.target),
                self.widest
            );
        }
    }
}

/// One strategy: label, bot, every knob value (defaults included), knob file and digest.
pub fn strategy_json<G: Game>(sp: &StrategySpec) -> Value {
    let knobs: Map<String, Value> = crate::strategy::all_bots::<G>()
        .find(|b| b.name == sp.base)
        .map(|b| b.knobs)
        .unwrap_or(&[])
        .iter()
        .map(|k| (k.name.to_string(), json!(sp.params.get(k))))
        .collect();
    let file = sp.file.as_ref().map(|p| absolute(p));
    let mut v = json!({"strategy": sp.label, "bot": sp.base, "knobs": knobs,
           "file": file, "file_sha256": sp.file.as_deref().and_then(file_digest)});
    if let Some(command) = sp.base.strip_prefix("exec:") {
        // Where the command starts, and the files it names: rerun replays from there and
        // refuses a changed bot.
        let named: Map<String, Value> = crate::strategy::named_files(command)
            .into_iter()
            .map(|(p, d)| (p, json!(d)))
            .collect();
        v["exec_dir"] = json!(crate::strategy::exec_dir().display().to_string());
        v["exec_files_sha256"] = Value::Object(named);
    }
    v
}

/// A path made absolute (so a rerun from another folder finds the same file).
fn absolute(p: &Path) -> String {
    std::fs::canonicalize(p)
        .unwrap_or_else(|_| p.to_path_buf())
        .display()
        .to_string()
}

/// The canonical words for the table arguments: game, players, seed, each strategy (files
/// as absolute paths), each `--rule` as given.
pub fn table_words<G: Game>(a: &TableArgs, players: usize, specs: &[StrategySpec]) -> Vec<String> {
    let mut w = vec![
        a.game.clone(),
        "--players".into(),
        players.to_string(),
        "--seed".into(),
        a.seed.to_string(),
    ];
    for (text, sp) in a.strategies.iter().zip(specs) {
        w.push("--strategy".into());
        w.push(sp.file.as_deref().map_or(text.clone(), absolute));
    }
    for r in &a.rules {
        w.push("--rule".into());
        w.push(r.clone());
    }
    w
}

/// A number as short text that reads back to the same value: `1e-300`, not 300 digits.
pub fn short(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

/// The canonical words for how much to play.
pub fn count_words(
    unit: &str,
    fixed: Option<u64>,
    played: u64,
    precision: Option<f64>,
) -> Vec<String> {
    match precision {
        Some(p) => {
            let mut w = vec!["--precision".to_string(), short(p)];
            if let Some(n) = fixed {
                w.extend([format!("--{unit}"), n.to_string()]);
            }
            w
        }
        None => vec![format!("--{unit}"), played.to_string()],
    }
}

/// What every command's run.json holds; `extra` adds or overrides command-specific fields.
pub struct RunInfo<'a> {
    /// The canonical command line, as `cardsim rerun` replays it (see [`table_words`]).
    pub command: Vec<String>,
    /// The game's command-line name.
    pub game: &'a str,
    /// Players at the table.
    pub players: usize,
    /// Every rule switch with its value, defaults included.
    pub rules: Vec<(&'static str, String)>,
    /// The strategies as [`strategy_json`] writes them: one per seat, or a tournament's pool.
    pub strategies: Vec<Value>,
    /// The master seed.
    pub seed: u64,
    /// What was counted: `deals` or `matches`.
    pub unit: &'a str,
    /// How many units were played.
    pub count: u64,
    /// The `--precision` target and its outcome, when one was given.
    pub precision: Option<Precision>,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock time of the run, in seconds.
    pub elapsed_s: f64,
}

impl RunInfo<'_> {
    /// The run.json text: these fields, then those of `extra` that these do not name.
    pub fn json(&self, extra: Value) -> String {
        let commit = env!("CARDSIM_GIT_COMMIT");
        let rules: Map<String, Value> = self
            .rules
            .iter()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect();
        let mut v = json!({
            "cardsim_version": env!("CARGO_PKG_VERSION"),
            "git_commit": (!commit.is_empty()).then_some(commit),
            "argv": std::env::args().collect::<Vec<_>>(),
            "command": self.command,
            "game": self.game,
            "players": self.players,
            "rules": rules,
            "strategies": self.strategies,
            "seed": self.seed,
            "unit": self.unit,
            "count": self.count,
            "precision": self.precision.map(|p| json!({"target": p.target, "reached": p.reached(), "widest_interval": p.widest})),
            "threads": self.threads,
            "elapsed_s": self.elapsed_s,
        });
        if let (Some(m), Value::Object(x)) = (v.as_object_mut(), extra) {
            for (k, x) in x {
                m.entry(k).or_insert(x);
            }
        }
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    }
}
