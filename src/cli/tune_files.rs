//! The files `cardsim tune` writes: `tune.csv` (every raced setting), `retest.csv` (the best
//! setting and the bot as given on fresh deals) and `best.toml` (the best setting as a knob
//! file). The search itself is in `tune.rs`.

use super::tune::{flip, setting_text};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::lab::race::{Arena, Race, objective_of};
use crate::lab::tune::{Score, TuneArena};
use crate::output::{num, p_text};
use crate::stats::Estimate;
use crate::strategy::{Params, StrategySpec};

/// The re-test: score rates (not negated) of the best and the default, and best - default.
pub(super) struct Retest {
    pub(super) best: Option<Estimate>,
    pub(super) default: Option<Estimate>,
    pub(super) diff: Option<Estimate>,
}

impl Retest {
    /// The best is significantly better than the default (its interval above 0).
    pub(super) fn better(&self) -> bool {
        self.diff.is_some_and(|d| d.lo > 0.0)
    }
}

fn csv_err(e: csv::Error) -> Error {
    Error::Other(format!("csv: {e}"))
}

fn finish(w: csv::Writer<Vec<u8>>) -> Result<String> {
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

pub(super) fn tune_text<G: Game>(
    arena: &TuneArena<G>,
    bot: &str,
    r: &Race<Score>,
    knobs: &[(String, Vec<f64>)],
    points: &[Vec<usize>],
) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "strategy",
        "setting",
        "knobs",
        "blocks",
        "deals",
        "score_rate",
        "score_rate_lo",
        "score_rate_hi",
        "status",
        "round_out",
        "reason",
    ])
    .map_err(csv_err)?;
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 6));
    for (v, e) in r.entries.iter().enumerate() {
        let o = objective_of(arena, &e.blocks).map(flip);
        let mut rec = vec![
            G::NAME.to_string(),
            arena.players.to_string(),
            bot.to_string(),
            format!("s{v}"),
            setting_text(knobs, &points[v]),
            e.blocks.len().to_string(),
            (e.blocks.len() as u64 * arena.deals_per_block()).to_string(),
            f(o.map(|o| o.value)),
            f(o.map(|o| o.lo)),
            f(o.map(|o| o.hi)),
        ];
        match &e.out {
            None => rec.extend(["survivor".into(), String::new(), String::new()]),
            Some((round, why)) => rec.extend(["eliminated".into(), round.to_string(), why.clone()]),
        }
        w.write_record(&rec).map_err(csv_err)?;
    }
    finish(w)
}

/// `retest.csv`: the best setting and the default on fresh deals; `keys` are the game, the
/// player count and the tuned strategy (the default's name).
pub(super) fn retest_text(keys: &[String; 3], best: &str, rt: &Retest) -> Result<String> {
    let default = keys[2].as_str();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "strategy",
        "role",
        "knobs",
        "score_rate",
        "lo",
        "hi",
        "diff",
        "diff_lo",
        "diff_hi",
        "p_value",
    ])
    .map_err(csv_err)?;
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 6));
    let e = |x: Option<Estimate>| {
        [
            f(x.map(|e| e.value)),
            f(x.map(|e| e.lo)),
            f(x.map(|e| e.hi)),
        ]
    };
    let [bv, bl, bh] = e(rt.best);
    let [dv, dl, dh] = e(rt.default);
    let [fv, fl, fh] = e(rt.diff);
    let no = String::new;
    w.write_record([
        &keys[0],
        &keys[1],
        &keys[2],
        "best",
        best,
        &bv,
        &bl,
        &bh,
        &fv,
        &fl,
        &fh,
        &rt.diff.map_or(String::new(), |d| p_text(d.p)),
    ])
    .map_err(csv_err)?;
    w.write_record([
        &keys[0],
        &keys[1],
        &keys[2],
        "default",
        default,
        &dv,
        &dl,
        &dh,
        &no(),
        &no(),
        &no(),
        &no(),
    ])
    .map_err(csv_err)?;
    finish(w)
}

/// The best setting as a knob file: every knob the file or the search set.
pub(super) fn best_toml<G: Game>(
    bot: &StrategySpec,
    params: &Params,
    panel: &[&str],
    rt: &Retest,
) -> String {
    let mut s = format!(
        "# Written by `cardsim tune`: the best knob setting of {} against {} (re-test score rate {} vs {} for the bot as given; difference {} [{}, {}]).\n",
        bot.label,
        panel.join(", "),
        rt.best.map_or("?".into(), |e| num(e.value, 4)),
        rt.default.map_or("?".into(), |e| num(e.value, 4)),
        rt.diff.map_or("?".into(), |e| num(e.value, 4)),
        rt.diff.map_or("?".into(), |e| num(e.lo, 4)),
        rt.diff.map_or("?".into(), |e| num(e.hi, 4)),
    );
    s.push_str(&format!(
        "base = \"{}\"\nabout = \"{} tuned by cardsim tune against {}\"\ngame = \"{}\"\n\n[knobs]\n",
        bot.base,
        bot.label,
        panel.join(", "),
        G::NAME
    ));
    for (k, v) in params.entries() {
        s.push_str(&format!("{k} = {v:?}\n"));
    }
    s
}
