//! Reading an output folder back: `run.json` and the CSV files the commands write, checked
//! as they are read. Every failure is an input error naming the file (and row and column),
//! so a missing, truncated or hand-edited file gives one line and exit 2, never a panic.

use crate::error::{Error, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The largest whole number a report reads (far above any count or score cardsim writes).
const MAX_INT: u64 = 1_000_000_000_000;

/// One CSV file: its header and rows, all as text, with typed access that names the file,
/// row and column of anything that does not read.
#[derive(Clone)]
pub struct Csv {
    /// Where it came from, for messages.
    pub path: PathBuf,
    head: Vec<String>,
    /// The rows, in file order.
    pub rows: Vec<Vec<String>>,
}

/// Reads `dir/name`, or None when the file does not exist.
pub fn read_csv_opt(dir: &Path, name: &str) -> Result<Option<Csv>> {
    let path = dir.join(name);
    if !path.exists() {
        return Ok(None);
    }
    let bad = |e: &dyn std::fmt::Display| Error::input(format!("bad {}: {e}", path.display()));
    let mut r = csv::Reader::from_path(&path).map_err(|e| bad(&e))?;
    let head: Vec<String> = r
        .headers()
        .map_err(|e| bad(&e))?
        .iter()
        .map(String::from)
        .collect();
    let mut rows = Vec::new();
    for rec in r.records() {
        let rec = rec.map_err(|e| bad(&e))?;
        rows.push(rec.iter().map(String::from).collect());
    }
    Ok(Some(Csv { path, head, rows }))
}

/// Reads `dir/name`, which must exist.
pub fn read_csv(dir: &Path, name: &str) -> Result<Csv> {
    read_csv_opt(dir, name)?.ok_or_else(|| {
        Error::input(format!(
            "cannot read {}: no such file",
            dir.join(name).display()
        ))
    })
}

impl Csv {
    fn bad(&self, msg: String) -> Error {
        Error::input(format!("bad {}: {msg}", self.path.display()))
    }

    /// The rows whose text in column `c` is `keep`, as a table of their own.
    pub fn only(&self, c: usize, keep: &str) -> Csv {
        Csv {
            path: self.path.clone(),
            head: self.head.clone(),
            rows: (0..self.rows.len())
                .filter(|&r| self.text(r, c) == keep)
                .map(|r| self.rows[r].clone())
                .collect(),
        }
    }

    /// The column names, in file order.
    pub fn columns(&self) -> &[String] {
        &self.head
    }

    /// The index of column `name`, or an error naming the file.
    pub fn col(&self, name: &str) -> Result<usize> {
        self.head
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| self.bad(format!("no column '{name}'")))
    }

    /// The index of the first of `names` the file has (a column renamed since older
    /// releases reads under either name), or an error naming the first.
    pub fn col_of(&self, names: &[&str]) -> Result<usize> {
        names
            .iter()
            .find_map(|n| self.head.iter().position(|h| h == n))
            .ok_or_else(|| self.bad(format!("no column '{}'", names[0])))
    }

    /// Row `r`'s text in column `c`.
    pub fn text(&self, r: usize, c: usize) -> &str {
        self.rows[r].get(c).map_or("", String::as_str)
    }

    /// Row `r`'s value in column `c` as a number; an empty cell is NaN.
    pub fn num(&self, r: usize, c: usize) -> Result<f64> {
        let t = self.text(r, c);
        if t.is_empty() {
            return Ok(f64::NAN);
        }
        t.parse().map_err(|_| {
            self.bad(format!(
                "row {}: '{t}' in column '{}' is not a number",
                r + 2,
                self.head[c]
            ))
        })
    }

    /// Row `r`'s value in column `c` as a finite number (an empty cell is an error).
    pub fn finite(&self, r: usize, c: usize) -> Result<f64> {
        let x = self.num(r, c)?;
        if x.is_finite() {
            Ok(x)
        } else {
            Err(self.bad(format!("row {}: column '{}' is empty", r + 2, self.head[c])))
        }
    }

    /// Row `r`'s value in column `c` as a whole number (within ±10^12, so that sums and
    /// spans of them cannot overflow).
    pub fn int(&self, r: usize, c: usize) -> Result<i64> {
        let t = self.text(r, c);
        t.parse::<i64>()
            .ok()
            .filter(|n| n.unsigned_abs() <= MAX_INT)
            .ok_or_else(|| {
                self.bad(format!(
                    "row {}: '{t}' in column '{}' is not a whole number of at most 13 digits",
                    r + 2,
                    self.head[c]
                ))
            })
    }

    /// Row `r`'s value in column `c` as a count (a whole number, not negative).
    pub fn count(&self, r: usize, c: usize) -> Result<u64> {
        let n = self.int(r, c)?;
        u64::try_from(n).map_err(|_| {
            self.bad(format!(
                "row {}: column '{}' is negative",
                r + 2,
                self.head[c]
            ))
        })
    }

    /// The error for a file with no rows.
    pub fn require_rows(&self) -> Result<()> {
        if self.rows.is_empty() {
            Err(self.bad("no rows".into()))
        } else {
            Ok(())
        }
    }
}

/// One strategy as `run.json` names it.
#[derive(Clone, Debug)]
pub struct StrategyInfo {
    /// Its label (`greedy`, a knob file's name...).
    pub label: String,
    /// The bot it is built on, when recorded and different from the label.
    pub bot: Option<String>,
    /// The knob file, when it came from one.
    pub file: Option<String>,
}

/// What `run.json` says about a run, read leniently: only the game, the player count and the
/// count are required; everything else shows when present (older files hold less).
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// The game's command-line name.
    pub game: String,
    /// Players at the table.
    pub players: usize,
    /// `deals` or `matches`.
    pub unit: String,
    /// Deals or matches played (per seating, for a tournament).
    pub count: u64,
    /// The master seed.
    pub seed: Option<u64>,
    /// The cardsim version that wrote it.
    pub version: Option<String>,
    /// The git commit it was built from.
    pub commit: Option<String>,
    /// Every rule switch and its value, in the file's order.
    pub rules: Vec<(String, String)>,
    /// The strategies: one per seat (simulate, compare) or the pool (tournament).
    pub strategies: Vec<StrategyInfo>,
    /// The canonical command line that replays the run.
    pub command: Option<String>,
    /// Merged runs: how many shards.
    pub shards: Option<u64>,
    /// Wall-clock seconds, when recorded.
    pub elapsed_s: Option<f64>,
    /// Worker threads, when recorded.
    pub threads: Option<u64>,
    /// Matches that hit the deal cap.
    pub capped_matches: u64,
}

/// Reads and checks `dir/run.json`.
pub fn read_run(dir: &Path) -> Result<RunInfo> {
    let path = dir.join("run.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error::input(format!("cannot read {}: {e}", path.display())))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| Error::input(format!("bad {}: {e}", path.display())))?;
    parse_run(&v).map_err(|m| Error::input(format!("bad {}: {m}", path.display())))
}

fn text_of(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(String::from)
}

fn parse_run(v: &Value) -> std::result::Result<RunInfo, String> {
    if !v.is_object() {
        return Err("not a JSON object".into());
    }
    let game = text_of(v, "game").ok_or("no \"game\"")?;
    let players = v
        .get("players")
        .and_then(Value::as_u64)
        .filter(|&p| (1..=crate::game::MAX_SEATS as u64).contains(&p))
        .ok_or("no valid \"players\"")? as usize;
    // Tournaments of older versions wrote `per_seating` for the count.
    let count = v
        .get("count")
        .or_else(|| v.get("per_seating"))
        .and_then(Value::as_u64)
        .ok_or("no valid \"count\"")?;
    let rules = v
        .get("rules")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, x)| (k.clone(), x.as_str().map_or(x.to_string(), String::from)))
                .collect()
        })
        .unwrap_or_default();
    Ok(RunInfo {
        game,
        players,
        unit: text_of(v, "unit").unwrap_or_else(|| "deals".into()),
        count,
        seed: v.get("seed").and_then(Value::as_u64),
        version: text_of(v, "cardsim_version"),
        commit: text_of(v, "git_commit"),
        rules,
        strategies: strategies(v),
        command: command(v),
        shards: v.get("shards").and_then(Value::as_u64),
        elapsed_s: v
            .get("elapsed_s")
            .or_else(|| v.get("shards_wall_span_s"))
            .and_then(Value::as_f64),
        threads: v.get("threads").and_then(Value::as_u64),
        capped_matches: v.get("capped_matches").and_then(Value::as_u64).unwrap_or(0),
    })
}

/// Strategies as objects (`{"strategy": .., "bot": .., "file": ..}`) or plain names.
fn strategies(v: &Value) -> Vec<StrategyInfo> {
    let list = v.get("strategies").and_then(Value::as_array);
    list.into_iter()
        .flatten()
        .filter_map(|s| match s {
            Value::String(name) => Some(StrategyInfo {
                label: name.clone(),
                bot: None,
                file: None,
            }),
            Value::Object(_) => {
                let label = text_of(s, "strategy")?;
                let bot = text_of(s, "bot").filter(|b| *b != label);
                Some(StrategyInfo {
                    label,
                    bot,
                    file: text_of(s, "file"),
                })
            }
            _ => None,
        })
        .collect()
}

/// The canonical command, as one line (`cardsim simulate golf ...`).
fn command(v: &Value) -> Option<String> {
    let words: Vec<&str> = v
        .get("command")?
        .as_array()?
        .iter()
        .map(Value::as_str)
        .collect::<Option<_>>()?;
    let quoted: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
    Some(format!("cardsim {}", quoted.join(" ")))
}

/// A word as a shell would need it (quoted when it holds anything unusual).
fn shell_word(w: &str) -> String {
    let plain = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=:,./+@%".contains(c));
    if plain {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_json_of_any_age_reads() {
        let old = serde_json::json!({"game": "golf", "players": 4, "count": 10,
            "strategies": ["greedy", "random"]});
        let r = parse_run(&old).unwrap();
        assert_eq!(r.strategies[1].label, "random");
        assert_eq!(r.unit, "deals");
        let bad = serde_json::json!({"game": "golf", "players": 0, "count": 10});
        assert!(parse_run(&bad).unwrap_err().contains("players"));
        assert!(parse_run(&serde_json::json!([1])).is_err());
    }

    #[test]
    fn commands_are_quoted_for_a_shell() {
        assert_eq!(shell_word("--rule"), "--rule");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
