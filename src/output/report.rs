//! `Report`: a finished run in output form. Every figure comes from the exact tally, so the
//! CSV text is a pure function of the tally: byte-identical for any thread count.

use crate::error::{Error, Result};
use crate::stats::{Tally, WIN_UNITS, wilson};
use crate::strategy::StrategySpec;
use serde_json::json;

/// A finished run with everything needed to describe it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Report {
    /// The game's command-line name.
    pub game: String,
    /// Players at the table.
    pub players: usize,
    /// `deals` or `matches`.
    pub unit: String,
    /// `defaults`, or the rule switches that differ from the game's defaults
    /// (`key=value;key=value`): the `variant` column of every CSV.
    #[serde(default)]
    pub variant: String,
    /// The master seed.
    pub seed: u64,
    /// Every rule switch and its value.
    pub rules: Vec<(String, String)>,
    /// The strategy at each seat.
    pub seats: Vec<StrategySpec>,
    /// The team of each seat (equal to the seat when there are no partnerships).
    pub team_of: Vec<usize>,
    /// Partnerships: the number of teams (equal to `players` when there are none).
    pub teams: usize,
    /// The game's end reasons, in `Game::END_REASONS` order (`tally.ends` counts them).
    pub end_reasons: Vec<String>,
    /// The exact counts every figure comes from.
    pub tally: Tally,
    /// Worker threads (merged shards: the most any shard used).
    pub threads: usize,
    /// Wall-clock seconds of the run (merged shards: from the first shard's start to the
    /// last shard's end).
    pub elapsed_s: f64,
    /// CPU seconds (user + system) of the process (merged shards: the sum over shards).
    pub cpu_s: f64,
    /// When the run started, in seconds since the Unix epoch (merged: the earliest shard).
    pub started_unix_s: f64,
    /// `K/N` when this run is one shard of a larger one.
    pub shard: Option<(u64, u64)>,
    /// How many shards were merged into this report (None: a single process's run).
    #[serde(default)]
    pub merged_shards: Option<u64>,
    /// All the units of the whole run (a shard plays a share of them).
    pub total_units: u64,
    /// SHA-256 of the tally's JSON ([`tally_digest`]), written into `shard.json` and checked
    /// by `merge`.
    #[serde(default)]
    pub tally_sha256: String,
}

/// The SHA-256 of `bytes`, as lower-case hex: the one digest every file check uses.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The SHA-256 (hex) of the tally's compact JSON: any edit of a count changes it.
pub fn tally_digest(t: &Tally) -> String {
    sha256_hex(&serde_json::to_vec(t).unwrap_or_default())
}

/// One seat's figures, as printed.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatLine {
    /// The seat, 0..players.
    pub seat: usize,
    /// The seat's strategy label.
    pub strategy: String,
    /// Wins (fractional with shared wins).
    pub wins: f64,
    /// Wins per unit played, 0..=1.
    pub win_rate: f64,
    /// Low end of the win rate's Wilson 95% interval.
    pub lo: f64,
    /// High end of the win rate's Wilson 95% interval.
    pub hi: f64,
    /// Mean score (deal scores, or match totals).
    pub mean: f64,
    /// Sample standard deviation of the scores.
    pub sd: f64,
    /// Standard error of the mean score.
    pub se: f64,
}

fn csv_err(e: impl std::fmt::Display) -> Error {
    Error::Other(format!("csv: {e}"))
}

/// Fixed-precision text for floats (NaN as empty, for pandas/R).
pub fn num(x: f64, places: usize) -> String {
    if x.is_finite() {
        format!("{x:.places$}")
    } else {
        String::new()
    }
}

/// A p-value in full: six decimals down to 0.0001, below that three significant digits
/// with a two-digit exponent (`1.20e-09`, as pandas and R write it), so a tiny p-value
/// never reads `0.000000`; empty when not finite.
pub fn p_text(p: f64) -> String {
    if !p.is_finite() {
        return String::new();
    }
    if p == 0.0 || p >= 1e-4 {
        return num(p, 6);
    }
    let t = format!("{p:.2e}");
    match t.split_once('e') {
        Some((m, e)) => {
            let (sign, digits) = e.strip_prefix('-').map_or(("+", e), |d| ("-", d));
            format!("{m}e{sign}{digits:0>2}")
        }
        None => t,
    }
}

impl Report {
    /// One line per seat, seat 0 first.
    pub fn seat_lines(&self) -> Vec<SeatLine> {
        let n = self.tally.units as f64;
        self.tally
            .seats
            .iter()
            .enumerate()
            .map(|(s, t)| {
                let (lo, hi) = wilson(t.wins(), n);
                SeatLine {
                    seat: s,
                    strategy: self.seats[s].label.clone(),
                    wins: t.wins(),
                    win_rate: t.wins() / n,
                    lo,
                    hi,
                    mean: t.scores.mean(),
                    sd: t.scores.sd(),
                    se: t.scores.se(),
                }
            })
            .collect()
    }

    /// `summary.csv`: one row per seat.
    pub fn summary_csv(&self) -> Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "game",
            "players",
            "variant",
            "unit",
            "seat",
            "strategy",
            "played",
            "wins",
            "win_rate",
            "win_rate_lo",
            "win_rate_hi",
            "mean_score",
            "sd_score",
            "se_score",
        ])
        .map_err(csv_err)?;
        for l in self.seat_lines() {
            w.write_record([
                self.game.clone(),
                self.players.to_string(),
                self.variant.clone(),
                self.unit.clone(),
                l.seat.to_string(),
                l.strategy,
                self.tally.units.to_string(),
                num(l.wins, 4),
                num(l.win_rate, 6),
                num(l.lo, 6),
                num(l.hi, 6),
                num(l.mean, 4),
                num(l.sd, 4),
                num(l.se, 4),
            ])
            .map_err(csv_err)?;
        }
        finish(w)
    }

    /// `scores.csv`: the full score distribution per seat (deal scores, or match totals).
    pub fn scores_csv(&self) -> Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(self.keys_head(["seat", "strategy", "score", "count"]))
            .map_err(csv_err)?;
        for (s, t) in self.tally.seats.iter().enumerate() {
            for (v, c) in t.score_hist.iter() {
                w.write_record(self.keys([
                    s.to_string(),
                    self.seats[s].label.clone(),
                    v.to_string(),
                    c.to_string(),
                ]))
                .map_err(csv_err)?;
            }
        }
        finish(w)
    }

    /// The key columns every row of summary, scores, lengths, ends and teams starts with:
    /// `game, players, variant, unit`, so files of many runs concatenate.
    fn keys<const N: usize>(&self, rest: [String; N]) -> Vec<String> {
        let mut row = vec![
            self.game.clone(),
            self.players.to_string(),
            self.variant.clone(),
            self.unit.clone(),
        ];
        row.extend(rest);
        row
    }

    /// The header of [`Report::keys`] rows.
    fn keys_head<const N: usize>(&self, rest: [&'static str; N]) -> Vec<&'static str> {
        let mut head = vec!["game", "players", "variant", "unit"];
        head.extend(rest);
        head
    }

    /// `lengths.csv`: the length of each deal in player turns (`unit` deals), or of each
    /// match in deals (`unit` matches).
    pub fn lengths_csv(&self) -> Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(self.keys_head(["length", "count"]))
            .map_err(csv_err)?;
        for (v, c) in self.tally.lengths.iter() {
            w.write_record(self.keys([v.to_string(), c.to_string()]))
                .map_err(csv_err)?;
        }
        finish(w)
    }

    /// `ends.csv`: how many deals ended each way, one row per reason of the game (in its
    /// order, zero rows included). With matches, every deal of every match counts.
    pub fn ends_csv(&self) -> Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(self.keys_head(["reason", "count"]))
            .map_err(csv_err)?;
        for (name, c) in self.end_reasons.iter().zip(&self.tally.ends) {
            w.write_record(self.keys([name.clone(), c.to_string()]))
                .map_err(csv_err)?;
        }
        finish(w)
    }

    /// The end reasons with their counts, as a JSON object in the game's order.
    fn ends_json(&self) -> serde_json::Value {
        let m: serde_json::Map<String, serde_json::Value> = self
            .end_reasons
            .iter()
            .zip(&self.tally.ends)
            .map(|(k, c)| (k.clone(), json!(c)))
            .collect();
        serde_json::Value::Object(m)
    }

    /// How long the run took, named for what it is: one process's wall clock and CPU time,
    /// or for merged shards the wall-clock span they covered and their total CPU time.
    fn timing_json(&self) -> serde_json::Value {
        let rate = |x: f64, s: f64| if s > 0.0 { x / s } else { 0.0 };
        let units = self.tally.units as f64;
        match self.merged_shards {
            None => json!({
                "threads": self.threads,
                "elapsed_s": self.elapsed_s,
                "cpu_s": self.cpu_s,
                "units_per_s": rate(units, self.elapsed_s),
                "units_per_cpu_s": rate(units, self.cpu_s),
                "actions_per_s": rate(self.tally.actions as f64, self.elapsed_s),
            }),
            Some(n) => json!({
                "shards": n,
                "threads_per_shard_max": self.threads,
                "shards_wall_span_s": self.elapsed_s,
                "shards_cpu_s_total": self.cpu_s,
                "units_per_cpu_s": rate(units, self.cpu_s),
            }),
        }
    }

    /// `teams.csv` for partnership games: one row per team.
    pub fn teams_csv(&self) -> Result<Option<String>> {
        if self.teams >= self.players {
            return Ok(None);
        }
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "game",
            "players",
            "variant",
            "unit",
            "team",
            "seats",
            "played",
            "wins",
            "win_rate",
            "win_rate_lo",
            "win_rate_hi",
        ])
        .map_err(csv_err)?;
        let n = self.tally.units as f64;
        for team in 0..self.teams {
            let seats: Vec<usize> = (0..self.players)
                .filter(|&s| self.team_of[s] == team)
                .collect();
            // Partners share each win, so the team's wins are the sum over its seats.
            let units: u64 = seats.iter().map(|&s| self.tally.seats[s].win_units).sum();
            let wins = units as f64 / WIN_UNITS as f64;
            let (lo, hi) = wilson(wins, n);
            let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            w.write_record([
                self.game.clone(),
                self.players.to_string(),
                self.variant.clone(),
                self.unit.clone(),
                team.to_string(),
                names.join(" "),
                self.tally.units.to_string(),
                num(wins, 4),
                num(wins / n, 6),
                num(lo, 6),
                num(hi, 6),
            ])
            .map_err(csv_err)?;
        }
        finish(w).map(Some)
    }

    /// `run.json`: how the run was made (version, seed, rules, strategies, threads, speed).
    pub fn run_json(&self) -> String {
        let rules: serde_json::Map<String, serde_json::Value> = self
            .rules
            .iter()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect();
        let strategies: Vec<serde_json::Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(s, sp)| {
                let knobs: serde_json::Map<String, serde_json::Value> = sp
                    .params
                    .entries()
                    .iter()
                    .map(|(k, v)| (k.clone(), json!(v)))
                    .collect();
                json!({"seat": s, "strategy": sp.label, "bot": sp.base, "knobs": knobs,
                       "file": sp.file.as_ref().map(|p| p.display().to_string())})
            })
            .collect();
        let mut v = json!({
            "cardsim_version": env!("CARGO_PKG_VERSION"),
            "game": self.game,
            "players": self.players,
            "unit": self.unit,
            "count": self.tally.units,
            "seed": self.seed,
            "shard": self.shard.map(|(k, n)| format!("{k}/{n}")),
            "rules": rules,
            "strategies": strategies,
            "capped_matches": self.tally.capped,
            "no_winner": self.tally.no_winner,
            "ends": self.ends_json(),
        });
        if let (Some(o), serde_json::Value::Object(t)) = (v.as_object_mut(), self.timing_json()) {
            o.extend(t);
        }
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    }
}

fn finish(w: csv::Writer<Vec<u8>>) -> Result<String> {
    let bytes = w.into_inner().map_err(csv_err)?;
    String::from_utf8(bytes).map_err(csv_err)
}
