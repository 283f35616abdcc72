//! `cardsim tournament <game> --strategy A --strategy B ...`: duplicate deals with rotated
//! seats, per-strategy win rates, pairwise results, and Bradley–Terry ratings (Elo scale).

use super::args::TournamentArgs;
use super::emit::{emit, print_csv};
use super::runinfo::{Precision, RunInfo, count_words, strategy_json, table_words};
use super::setup::pool_table;
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};
use crate::output::{OutFile, num};
use crate::sim::tournament::{TournamentSpec, TournamentTally, tournament};
use crate::stats::{Merge, WIN_UNITS, Z95, bradley_terry_rated, wilson};
use serde_json::json;

fn csv_err(e: csv::Error) -> Error {
    Error::Other(format!("csv: {e}"))
}

fn finish(w: csv::Writer<Vec<u8>>) -> Result<String> {
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

/// Pairwise wins (ties half) for the rating fit.
fn wins_matrix(t: &TournamentTally) -> Vec<Vec<f64>> {
    t.pair
        .iter()
        .map(|r| r.iter().map(|&h| h as f64 / 2.0).collect())
        .collect()
}

fn tables(
    game: &str,
    unit: &str,
    players: usize,
    names: &[String],
    t: &TournamentTally,
) -> Result<(String, String)> {
    let ratings = bradley_terry_rated(&wins_matrix(t));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "unit",
        "strategy",
        "played",
        "wins",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "mean_score",
        "rating",
        "rating_lo",
        "rating_hi",
        "seat_games",
        "seat_win_rate",
    ])
    .map_err(csv_err)?;
    for (i, name) in names.iter().enumerate() {
        // The headline: deals (each once) and the share of their wins its seats took.
        let wins = t.deal_win_units[i] as f64 / WIN_UNITS as f64;
        let n = t.deals[i] as f64;
        let seat_rate = t.win_units[i] as f64 / WIN_UNITS as f64 / t.games[i] as f64;
        let (lo, hi) = wilson(wins, n);
        let r = ratings[i];
        let rf = |f: fn(f64, f64) -> f64| r.map_or(String::new(), |r| num(f(r.elo, r.se), 1));
        w.write_record([
            game.to_string(),
            players.to_string(),
            unit.to_string(),
            name.clone(),
            t.deals[i].to_string(),
            num(wins, 4),
            num(wins / n, 6),
            num(lo, 6),
            num(hi, 6),
            num(t.scores[i].mean(), 4),
            rf(|e, _| e),
            rf(|e, s| e - Z95 * s),
            rf(|e, s| e + Z95 * s),
            t.games[i].to_string(),
            num(seat_rate, 6),
        ])
        .map_err(csv_err)?;
    }
    let strategies = finish(w)?;
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game",
        "players",
        "unit",
        "strategy",
        "opponent",
        "played",
        "score",
        "score_rate",
    ])
    .map_err(csv_err)?;
    for (a, na) in names.iter().enumerate() {
        for (b, nb) in names.iter().enumerate() {
            if a != b && t.met[a][b] > 0 {
                let s = t.pair[a][b] as f64 / 2.0;
                w.write_record([
                    game.to_string(),
                    players.to_string(),
                    unit.to_string(),
                    na.clone(),
                    nb.clone(),
                    t.met[a][b].to_string(),
                    num(s, 1),
                    num(s / t.met[a][b] as f64, 6),
                ])
                .map_err(csv_err)?;
            }
        }
    }
    Ok((strategies, finish(w)?))
}

struct Tournament<'a>(&'a TournamentArgs);

impl GameVisitor for Tournament<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        if a.table.strategies.len() < 2 {
            return Err(Error::input("a tournament needs at least two --strategy"));
        }
        let t = pool_table::<G>(&a.table)?;
        let mut specs = Vec::new();
        for n in &a.table.strategies {
            let s = crate::strategy::resolve::<G>(n)?;
            if specs
                .iter()
                .any(|x: &crate::strategy::StrategySpec| x.label == s.label)
            {
                return Err(Error::input(format!(
                    "strategy '{}' is given twice",
                    s.label
                )));
            }
            specs.push(s);
        }
        let (mode, n) = a.run.units(10_000);
        if n == 0 {
            return Err(Error::input("--deals or --matches must be at least 1"));
        }
        let c = &a.common;
        super::simulate::check_threads(c.threads)?;
        if let Some(dir) = &c.output.out {
            super::simulate::check_out_dir(dir)?;
        }
        let names: Vec<String> = specs.iter().map(|s| s.label.clone()).collect();
        let spec = TournamentSpec::<G> {
            rules: t.rules.clone(),
            players: t.players,
            strategies: specs.clone(),
            seed: t.seed,
            deals: 0..n,
            threads: c.threads,
            mode,
            progress: !c.output.quiet,
        };
        let start = std::time::Instant::now();
        let ((tally, threads), n) = match a.run.precision {
            None => (tournament(&spec)?, n),
            Some(w) => {
                let cap = super::precision::check(w, mode, a.run.fixed(mode))?;
                super::precision::until_precise(
                    mode,
                    w,
                    cap,
                    |r| {
                        tournament(&TournamentSpec {
                            deals: r,
                            ..spec.clone()
                        })
                    },
                    |acc, o| acc.0.merge(&o.0),
                    |o| widest(&o.0),
                )?
            }
        };
        let precision = a.run.precision.map(|target| Precision {
            target,
            widest: widest(&tally),
        });
        if let Some(p) = precision {
            p.warn(n, mode.unit());
        }
        let (strategies, pairs) = tables(G::NAME, mode.unit(), t.players, &names, &tally)?;
        // The reference of the rating intervals: the first strategy with a rating.
        let rated = bradley_terry_rated(&wins_matrix(&tally));
        let reference = rated
            .iter()
            .position(Option::is_some)
            .map(|i| names[i].as_str());
        let mut command = vec!["tournament".to_string()];
        command.extend(table_words::<G>(&a.table, t.players, &specs));
        command.extend(count_words(
            mode.unit(),
            a.run.fixed(mode),
            n,
            a.run.precision,
        ));
        let info = RunInfo {
            command,
            game: G::NAME,
            players: t.players,
            rules: t.rules.values(),
            strategies: specs.iter().map(strategy_json::<G>).collect(),
            seed: t.seed,
            unit: mode.unit(),
            count: n,
            precision,
            threads,
            elapsed_s: start.elapsed().as_secs_f64(),
        };
        let files = [
            OutFile::new("tournament.csv", strategies),
            OutFile::new("pairwise.csv", pairs),
            OutFile::new(
                "run.json",
                info.json(json!({"count_is": format!("{} per seating", mode.unit()),
                    "rating": "Bradley-Terry MLE on pairwise results (ties half), Elo scale, mean 1500 over the rated strategies; interval 95% relative to the first rated strategy; a strategy that never wins or never loses has none"})),
            ),
        ];
        emit(&c.output, &files, || {
            let ratings = match reference {
                Some(r) => {
                    format!("ratings on the Elo scale (mean 1500), intervals relative to {r}")
                }
                None => {
                    "no ratings (each strategy won all its games or lost all of them)".to_string()
                }
            };
            crate::outln!(
                "{}: {} {} per seating with {} players, seed {}; {ratings}",
                G::NAME,
                n,
                mode.unit(),
                t.players,
                t.seed,
            );
            let _ = print_csv(
                &files[0].bytes,
                &[
                    ("strategy", "strategy"),
                    ("games", "played"),
                    ("win rate", "win_rate"),
                    ("95% lo", "win_rate_lo"),
                    ("95% hi", "win_rate_hi"),
                    ("per seat", "seat_win_rate"),
                    ("mean score", "mean_score"),
                    ("rating", "rating"),
                    ("rating lo", "rating_lo"),
                    ("rating hi", "rating_hi"),
                ],
            );
            let intervals = match reference {
                Some(r) => format!(
                    "{r} is the reference of the rating intervals (its own has width 0), each other interval is for the difference from it; "
                ),
                None => String::new(),
            };
            crate::outln!(
                "win rate: a win shared by k seats counts 1/k to each, so a partnership of two that wins every deal shows 0.5; {intervals}a strategy that never wins or never loses has no rating"
            );
            crate::outln!();
            crate::outln!(
                "pairwise: the strategy's share of the points against the opponent (wins 1, ties 1/2)"
            );
            let _ = print_csv(
                &files[1].bytes,
                &[
                    ("strategy", "strategy"),
                    ("opponent", "opponent"),
                    (mode.unit(), "played"),
                    ("score rate", "score_rate"),
                ],
            );
        })
    }
}

/// The widest win-rate interval over the strategies.
fn widest(t: &TournamentTally) -> f64 {
    (0..t.games.len())
        .map(|i| {
            super::precision::width(
                t.deal_win_units[i] as f64 / WIN_UNITS as f64,
                t.deals[i] as f64,
            )
        })
        .fold(0.0, f64::max)
}

pub fn run(a: &TournamentArgs) -> Result<()> {
    with_game(&a.table.game, Tournament(a))
        .unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}
