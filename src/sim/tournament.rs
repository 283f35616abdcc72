//! Duplicate tournaments: every table (each set of `players` strategies, or one line-up cycled
//! when there are fewer strategies than seats) plays the same deals once per distinct rotation
//! of its seats, so every strategy sits in every seat on the same cards. In a partnership game
//! a table is a set of one strategy per team, and partners always play the same strategy
//! (each team is one entrant). A rotation that repeats an earlier seating is skipped: it would
//! replay the very same deals and count them twice. Exact integer tallies.

use super::Mode;
use super::play::{Quiet, deal_rngs, play_deal, play_match};
use crate::error::Result;
use crate::game::{ActionList, Game, MAX_SEATS, SeatMask, Table};
use crate::stats::{Merge, Moments, WIN_UNITS};
use crate::strategy::{Strategy, StrategySpec, any_failed, build, check_failures};
use std::ops::Range;

/// A tournament to run.
#[derive(Clone, Debug)]
pub struct TournamentSpec<G: Game> {
    /// The rules of every deal.
    pub rules: G::Rules,
    /// Players at the table.
    pub players: usize,
    /// The pool of strategies, two at least.
    pub strategies: Vec<StrategySpec>,
    /// The master seed: every seating plays the same deals from it.
    pub seed: u64,
    /// The unit indices every seating plays (deals, or matches).
    pub deals: Range<u64>,
    /// Worker threads (None: the CPUs granted to the process).
    pub threads: Option<usize>,
    /// Show a progress bar on stderr (when it is a terminal).
    pub progress: bool,
    /// Deals, or whole matches.
    pub mode: Mode,
}

/// One unit's outcome: winners and scores (deal scores, or match totals).
struct Outcome {
    winners: SeatMask,
    scores: [i64; MAX_SEATS],
}

/// The line-ups: strategy indices per seat before rotation.
pub fn tables(k: usize, players: usize) -> Vec<Vec<usize>> {
    if k < players {
        return vec![(0..players).map(|s| s % k).collect()];
    }
    let mut out = Vec::new();
    let mut comb: Vec<usize> = (0..players).collect();
    loop {
        out.push(comb.clone());
        let Some(i) = (0..players).rev().find(|&i| comb[i] < k - players + i) else {
            break;
        };
        comb[i] += 1;
        for j in i + 1..players {
            comb[j] = comb[j - 1] + 1;
        }
    }
    out
}

/// Every seating of a tournament of `k` strategies at `players` seats: the strategy index of
/// each seat, for each table and each distinct rotation of its seats (partners of game `G`
/// share a strategy).
pub fn seatings<G: Game>(k: usize, players: usize) -> Vec<Vec<usize>> {
    let teams = G::teams(players);
    let lineups: Vec<Vec<usize>> = if teams < players {
        tables(k, teams)
            .into_iter()
            .map(|t| (0..players).map(|s| t[G::team_of(players, s)]).collect())
            .collect()
    } else {
        tables(k, players)
    };
    let mut out: Vec<Vec<usize>> = Vec::new();
    for l in lineups {
        for rot in 0..players {
            let who: Vec<usize> = (0..players).map(|s| l[(s + rot) % players]).collect();
            if !out.contains(&who) {
                out.push(who);
            }
        }
    }
    out
}

/// Per strategy and per pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentTally {
    /// Seatings played per strategy (a deal at one seat).
    pub games: Vec<u64>,
    /// Wins per strategy, in units of 1/[`WIN_UNITS`] of a win.
    pub win_units: Vec<u64>,
    /// Scores per strategy (deal scores, or match totals), over every seating.
    pub scores: Vec<Moments>,
    /// `pair[a][b]`: half-points a scored against b on deals where both sat (2 = a placed
    /// above b: won when b did not, or neither won and a scored better; 1 each for a tie).
    pub pair: Vec<Vec<u64>>,
    /// Deals where a and b both sat.
    pub met: Vec<Vec<u64>>,
}

impl TournamentTally {
    fn new(k: usize) -> Self {
        TournamentTally {
            games: vec![0; k],
            win_units: vec![0; k],
            scores: vec![Moments::default(); k],
            pair: vec![vec![0; k]; k],
            met: vec![vec![0; k]; k],
        }
    }
}

impl Merge for TournamentTally {
    fn merge(&mut self, o: &Self) {
        let add = |a: &mut Vec<u64>, b: &Vec<u64>| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.games, &o.games);
        add(&mut self.win_units, &o.win_units);
        self.scores
            .iter_mut()
            .zip(&o.scores)
            .for_each(|(a, b)| a.merge(b));
        self.pair
            .iter_mut()
            .zip(&o.pair)
            .for_each(|(a, b)| add(a, b));
        self.met.iter_mut().zip(&o.met).for_each(|(a, b)| add(a, b));
    }
}

/// Half-points seat `s` scores against seat `u` in a deal: a winner beats a non-winner;
/// otherwise the better deal score (in the game's direction) wins; equal is a tie.
fn beats<G: Game>(r: &Outcome, s: usize, u: usize) -> u64 {
    match (r.winners.contains(s), r.winners.contains(u)) {
        (true, false) => 2,
        (false, true) => 0,
        _ => {
            let (a, b) = (r.scores[s], r.scores[u]);
            let better = if G::LOWER_SCORE_IS_BETTER {
                a < b
            } else {
                a > b
            };
            if a == b {
                1
            } else if better {
                2
            } else {
                0
            }
        }
    }
}

fn batch<G: Game>(spec: &TournamentSpec<G>, range: Range<u64>) -> TournamentTally {
    let k = spec.strategies.len();
    let p = spec.players;
    let mut t = TournamentTally::new(k);
    let mut buf = ActionList::new();
    let table = Table::first(p);
    if any_failed::<G>(&spec.strategies) {
        return t; // the run is ending with the strategy's error
    }
    for who in seatings::<G>(k, p) {
        {
            let mut seats: Vec<Box<dyn Strategy<G>>> = who
                .iter()
                .map(|&i| build::<G>(&spec.strategies[i]))
                .collect();
            for i in range.clone() {
                let r = match spec.mode {
                    Mode::Deals => {
                        let mut rngs = deal_rngs(spec.seed, i, 0);
                        let (r, _) = play_deal(
                            &spec.rules,
                            &table,
                            &mut rngs,
                            &mut seats,
                            &mut buf,
                            &mut Quiet,
                        );
                        Outcome {
                            winners: r.winners,
                            scores: r.scores.map(i64::from),
                        }
                    }
                    Mode::Matches => {
                        let (r, _) = play_match(
                            &spec.rules,
                            p,
                            spec.seed,
                            i,
                            &mut seats,
                            &mut buf,
                            &mut Quiet,
                        );
                        Outcome {
                            winners: r.winners,
                            scores: r.totals,
                        }
                    }
                };
                let kw = r.winners.len() as u64;
                for s in 0..p {
                    let a = who[s];
                    t.games[a] += 1;
                    if r.winners.contains(s) {
                        t.win_units[a] += WIN_UNITS / kw;
                    }
                    t.scores[a].add(r.scores[s]);
                    for (u, &b) in who.iter().enumerate() {
                        if u == s || a == b {
                            continue;
                        }
                        t.met[a][b] += 1;
                        t.pair[a][b] += beats::<G>(&r, s, u);
                    }
                }
            }
        }
    }
    t
}

/// Runs the tournament on worker threads, merging batches in order as they finish; returns
/// the tally and the worker count.
pub fn tournament<G: Game>(spec: &TournamentSpec<G>) -> Result<(TournamentTally, usize)> {
    let bar = crate::progress::Progress::new(
        "tournament",
        spec.mode.unit(),
        spec.deals.end - spec.deals.start,
        spec.progress,
    );
    let out = super::runner::fold_batches(
        spec.threads,
        &spec.deals,
        match spec.mode {
            Mode::Deals => 1024,
            Mode::Matches => super::BATCH_MATCHES,
        },
        TournamentTally::new(spec.strategies.len()),
        |r| {
            let n = r.end - r.start;
            let t = batch(spec, r);
            bar.inc(n);
            t
        },
        |acc, t| acc.merge(&t),
    );
    bar.finish_and_clear();
    check_failures::<G>(&spec.strategies)?;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_all_combinations_or_one_cycled_lineup() {
        assert_eq!(tables(4, 2).len(), 6);
        assert_eq!(tables(5, 3).len(), 10);
        assert_eq!(tables(3, 3), vec![vec![0, 1, 2]]);
        assert_eq!(tables(2, 4), vec![vec![0, 1, 0, 1]]);
    }

    #[test]
    fn partners_share_a_strategy_and_no_seating_repeats() {
        use crate::games::golf::Golf;
        use crate::games::hand_and_foot::HandAndFoot;
        // Five strategies, two teams of two: every pair of strategies, each on both teams.
        let s = seatings::<HandAndFoot>(5, 4);
        assert_eq!(s.len(), 10 * 2);
        for who in &s {
            assert_eq!((who[0], who[1]), (who[2], who[3]), "{who:?}");
            assert_ne!(who[0], who[1]);
        }
        // Two strategies cycled round four seats: two distinct seatings, not four.
        assert_eq!(
            seatings::<Golf>(2, 4),
            vec![vec![0, 1, 0, 1], vec![1, 0, 1, 0]]
        );
        assert_eq!(seatings::<HandAndFoot>(2, 4).len(), 2);
        // Distinct strategies at every seat: every rotation is new.
        assert_eq!(seatings::<Golf>(4, 3).len(), 4 * 3);
        let mut all = seatings::<Golf>(5, 3);
        let n = all.len();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
