//! Duplicate tournaments: every table (each set of `players` strategies; with fewer strategies
//! than seats, the line-up cycled round the seats, and where the seats do not divide evenly
//! among the strategies, that line-up shifted by each strategy in turn, so that over the
//! tournament every strategy holds as many seats as each other) plays the same deals once per
//! distinct rotation of its seats, so every strategy sits in every seat on the same cards. In
//! a partnership game a table is a set of one strategy per team, and partners always play the
//! same strategy (each team is one entrant). A rotation that repeats an earlier seating is skipped: it would
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

/// The line-ups: strategy indices per seat before rotation. With fewer strategies than seats
/// the strategies are cycled round the seats; where `players` is not a multiple of `k` one
/// strategy would hold more seats than another at every table (two strategies at three seats:
/// A B A), so the line-up is played shifted by each strategy in turn (A B A and B A B).
pub fn tables(k: usize, players: usize) -> Vec<Vec<usize>> {
    if k < players {
        let shifts = if players.is_multiple_of(k) { 1 } else { k };
        return (0..shifts)
            .map(|j| (0..players).map(|s| (s + j) % k).collect())
            .collect();
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

/// The most seatings a tournament plays (each one plays every deal): a pool with more is
/// refused with one line (200 strategies at 4 seats would be 258 million seatings; 60 make
/// 2.1 million).
pub const MAX_SEATINGS: u64 = 10_000_000;

/// The seatings of a tournament of `k` strategies at `players` seats, generated one at a time
/// (nothing is built up front): for each table (a combination of strategies, one per team,
/// or with fewer strategies than teams the cycled line-up and its shifts, see [`tables`]),
/// each distinct rotation of its seats. Partners of game `G` share a strategy.
///
/// Rotations repeat a seating only when the line-up is periodic, and then exactly from its
/// smallest period on; two tables never share a seating (their strategies, or how many seats
/// each holds, differ).
/// So a repeat is known in constant time, without a list of the seatings so far.
pub struct Seatings {
    k: usize,
    players: usize,
    /// Entrants per table: teams in a partnership game, else players.
    n: usize,
    /// Each seat's entrant index (its team, or itself).
    team_of: Vec<usize>,
    /// The current table's strategies, one per entrant.
    comb: Vec<usize>,
    /// The current table's line-up per seat, and its smallest rotation period.
    lineup: Vec<usize>,
    period: usize,
    rot: usize,
    /// With fewer strategies than entrants: the shift of the cycled line-up (see [`tables`]).
    shift: usize,
    done: bool,
}

impl Seatings {
    /// The seatings of `k` strategies at `players` seats of game `G`.
    pub fn new<G: Game>(k: usize, players: usize) -> Seatings {
        let n = G::teams(players).min(players);
        let team_of = (0..players)
            .map(|s| {
                if n < players {
                    G::team_of(players, s)
                } else {
                    s
                }
            })
            .collect();
        let comb = if k < n {
            (0..n).map(|i| i % k).collect()
        } else {
            (0..n).collect()
        };
        let mut s = Seatings {
            k,
            players,
            n,
            team_of,
            comb,
            lineup: Vec::new(),
            period: 0,
            rot: 0,
            shift: 0,
            done: k == 0 || players == 0,
        };
        s.set_lineup();
        s
    }

    fn set_lineup(&mut self) {
        self.lineup = self.team_of.iter().map(|&t| self.comb[t]).collect();
        let p = self.players;
        self.period = (1..=p)
            .find(|&d| (0..p).all(|i| self.lineup[i] == self.lineup[(i + d) % p]))
            .unwrap_or(p);
    }

    /// Moves to the next table; false after the last.
    fn next_table(&mut self) -> bool {
        let (k, n) = (self.k, self.n);
        if k < n {
            // The cycled line-up shifted by the next strategy, where the entrants do not
            // divide evenly among the strategies.
            if n.is_multiple_of(k) || self.shift + 1 >= k {
                return false;
            }
            self.shift += 1;
            self.comb = (0..n).map(|i| (i + self.shift) % k).collect();
            self.set_lineup();
            return true;
        }
        let Some(i) = (0..n).rev().find(|&i| self.comb[i] < k - n + i) else {
            return false;
        };
        self.comb[i] += 1;
        for j in i + 1..n {
            self.comb[j] = self.comb[j - 1] + 1;
        }
        self.set_lineup();
        true
    }

    /// How many seatings there are, without listing them (None beyond u64).
    pub fn count<G: Game>(k: usize, players: usize) -> Option<u64> {
        let s = Seatings::new::<G>(k, players);
        if s.done {
            return Some(0);
        }
        if k < s.n {
            // At most a shift per strategy, each at most `players` rotations.
            return Some(Iterator::count(s) as u64);
        }
        let mut c: u128 = 1;
        for i in 0..s.n as u128 {
            c = c * (k as u128 - i) / (i + 1);
        }
        u64::try_from(c * s.period as u128).ok()
    }
}

impl Iterator for Seatings {
    type Item = Vec<usize>;
    fn next(&mut self) -> Option<Vec<usize>> {
        if self.done {
            return None;
        }
        let p = self.players;
        let who = (0..p).map(|s| self.lineup[(s + self.rot) % p]).collect();
        self.rot += 1;
        if self.rot == self.period {
            self.rot = 0;
            self.done = !self.next_table();
        }
        Some(who)
    }
}

/// Every seating (see [`Seatings`]), as a list.
pub fn seatings<G: Game>(k: usize, players: usize) -> Vec<Vec<usize>> {
    Seatings::new::<G>(k, players).collect()
}

/// Per strategy and per pair. A strategy may hold several seats of a deal (fewer strategies
/// than seats): its headline counts each deal once, and the share of the deal's win its seats
/// took (`deals`, `deal_win_units`); the per-seat figures count each seat (`games`,
/// `win_units`). With one seat per strategy the two agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentTally {
    /// Deals played per strategy (a deal where it held one seat or more, counted once).
    pub deals: Vec<u64>,
    /// Wins per strategy, its seats' share of each deal's win, in units of 1/[`WIN_UNITS`].
    pub deal_win_units: Vec<u64>,
    /// Seats played per strategy (a deal at one seat).
    pub games: Vec<u64>,
    /// Wins per strategy per seat, in units of 1/[`WIN_UNITS`] of a win.
    pub win_units: Vec<u64>,
    /// Scores per strategy (deal scores, or match totals), over every seating.
    pub scores: Vec<Moments>,
    /// `pair[a][b]`: half-points a scored against b on deals where both sat, each deal once
    /// (2 = a placed above b: a seat of a won and none of b did, or neither or both won and
    /// a's best seat scored better than b's best; 1 each for a tie).
    pub pair: Vec<Vec<u64>>,
    /// Deals where a and b both sat, each deal once.
    pub met: Vec<Vec<u64>>,
}

impl TournamentTally {
    fn new(k: usize) -> Self {
        TournamentTally {
            deals: vec![0; k],
            deal_win_units: vec![0; k],
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
        add(&mut self.deals, &o.deals);
        add(&mut self.deal_win_units, &o.deal_win_units);
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

/// One strategy's result in a deal: how many of its seats won, and its best seat's score.
#[derive(Clone, Copy)]
struct Side {
    won: u64,
    best: i64,
}

/// Half-points side `x` scores against side `y` in a deal: a side with a winning seat beats
/// one without; otherwise the better best score (in the game's direction) wins; equal is a
/// tie.
fn beats<G: Game>(x: Side, y: Side) -> u64 {
    match (x.won > 0, y.won > 0) {
        (true, false) => 2,
        (false, true) => 0,
        _ => {
            let (a, b) = (x.best, y.best);
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

/// The strategies of a seating, each once, with the bit mask of its seats.
fn sides(who: &[usize]) -> Vec<(usize, u32)> {
    let mut v: Vec<(usize, u32)> = Vec::new();
    for (s, &a) in who.iter().enumerate() {
        match v.iter_mut().find(|(b, _)| *b == a) {
            Some((_, m)) => *m |= 1 << s,
            None => v.push((a, 1 << s)),
        }
    }
    v
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
    for who in Seatings::new::<G>(k, p) {
        let groups = sides(&who);
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
                for (s, &a) in who.iter().enumerate() {
                    t.games[a] += 1;
                    if r.winners.contains(s) {
                        t.win_units[a] += WIN_UNITS / kw;
                    }
                    t.scores[a].add(r.scores[s]);
                }
                let mut side = [Side { won: 0, best: 0 }; MAX_SEATS];
                for (g, &(a, mask)) in groups.iter().enumerate() {
                    let seats = (0..p).filter(|s| mask >> s & 1 == 1);
                    let won = seats.clone().filter(|&s| r.winners.contains(s)).count() as u64;
                    let scores = seats.map(|s| r.scores[s]);
                    let best = match G::LOWER_SCORE_IS_BETTER {
                        true => scores.min(),
                        false => scores.max(),
                    };
                    side[g] = Side {
                        won,
                        best: best.unwrap_or(0),
                    };
                    t.deals[a] += 1;
                    if won > 0 {
                        t.deal_win_units[a] += won * (WIN_UNITS / kw);
                    }
                }
                for (g, &(a, _)) in groups.iter().enumerate() {
                    for (h, &(b, _)) in groups.iter().enumerate() {
                        if g != h {
                            t.met[a][b] += 1;
                            t.pair[a][b] += beats::<G>(side[g], side[h]);
                        }
                    }
                }
            }
        }
    }
    t
}

/// The units of one batch: at most 1,024 deals (or [`super::BATCH_MATCHES`] matches), and
/// at least 64 batches where there are that many units, so that a tournament of few deals
/// between costly bots (a search ladder: 100 deals a seating) keeps every worker busy. The
/// tallies are exact counts, so the output does not depend on the batch size.
fn batch_units(mode: Mode, units: u64) -> u64 {
    let most = match mode {
        Mode::Deals => 1024,
        Mode::Matches => super::BATCH_MATCHES,
    };
    units.div_ceil(64).clamp(1, most)
}

/// Runs the tournament on worker threads, merging batches in order as they finish; returns
/// the tally and the worker count.
pub fn tournament<G: Game>(spec: &TournamentSpec<G>) -> Result<(TournamentTally, usize)> {
    let (k, p) = (spec.strategies.len(), spec.players);
    match Seatings::count::<G>(k, p) {
        Some(n) if n <= MAX_SEATINGS => {}
        n => {
            return Err(crate::Error::input(format!(
                "{k} strategies at {p} seats make {} seatings, each playing every deal; at most {MAX_SEATINGS} (a smaller pool, or fewer seats)",
                n.map_or("more than 2^64".to_string(), |n| n.to_string())
            )));
        }
    }
    let bar = crate::progress::Progress::new(
        "tournament",
        spec.mode.unit(),
        spec.deals.end - spec.deals.start,
        spec.progress,
    );
    let out = super::runner::fold_batches(
        spec.threads,
        &spec.deals,
        batch_units(spec.mode, spec.deals.end - spec.deals.start),
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

    /// Batches of any size fold to the same tally (exact counts): a tournament in one batch
    /// equals the same deals split at an odd place, so the batch size, which follows the
    /// number of deals, never shows in the output.
    #[test]
    fn a_tally_split_anywhere_merges_to_the_whole() {
        use crate::games::golf::{Golf, GolfRules};
        use crate::strategy::resolve;
        let spec = TournamentSpec::<Golf> {
            rules: GolfRules::default(),
            players: 2,
            strategies: ["greedy", "random", "greedy-prev"]
                .map(|s| resolve::<Golf>(s).unwrap())
                .to_vec(),
            seed: 9,
            deals: 0..40,
            threads: Some(1),
            progress: false,
            mode: Mode::Deals,
        };
        let mut parts = batch(&spec, 0..13);
        parts.merge(&batch(&spec, 13..40));
        assert_eq!(parts, batch(&spec, 0..40));
        assert_eq!(batch_units(Mode::Deals, 100), 2);
        assert_eq!(batch_units(Mode::Deals, 10), 1);
        assert_eq!(batch_units(Mode::Deals, 1_000_000), 1024);
        assert_eq!(batch_units(Mode::Matches, 100), 2);
        assert_eq!(
            batch_units(Mode::Matches, 100_000),
            super::super::BATCH_MATCHES
        );
    }

    #[test]
    fn tables_are_all_combinations_or_one_cycled_lineup() {
        assert_eq!(tables(4, 2).len(), 6);
        assert_eq!(tables(5, 3).len(), 10);
        assert_eq!(tables(3, 3), vec![vec![0, 1, 2]]);
        assert_eq!(tables(2, 4), vec![vec![0, 1, 0, 1]]);
    }

    #[test]
    fn lazy_seatings_equal_the_listed_ones_and_are_counted_exactly() {
        use crate::games::golf::Golf;
        use crate::games::hand_and_foot::HandAndFoot;
        /// The former construction: every rotation, a repeat found by scanning the list.
        fn listed<G: Game>(k: usize, players: usize) -> Vec<Vec<usize>> {
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
        for k in 1..8 {
            for p in 2..=6 {
                assert_eq!(seatings::<Golf>(k, p), listed::<Golf>(k, p), "{k} at {p}");
                let n = Seatings::count::<Golf>(k, p).unwrap();
                assert_eq!(n as usize, listed::<Golf>(k, p).len());
            }
            for p in [4, 6] {
                assert_eq!(seatings::<HandAndFoot>(k, p), listed::<HandAndFoot>(k, p));
                let n = Seatings::count::<HandAndFoot>(k, p).unwrap();
                assert_eq!(n as usize, listed::<HandAndFoot>(k, p).len());
            }
        }
        assert_eq!(Seatings::count::<Golf>(200, 4), Some(64_684_950 * 4));
    }

    /// With fewer strategies than seats, every strategy holds as many seats over the
    /// tournament as each other (two strategies at three seats held 2 and 1 seats at every
    /// table before, and identical bots were rated 120 Elo apart).
    #[test]
    fn every_strategy_holds_as_many_seats_as_each_other() {
        use crate::games::golf::Golf;
        use crate::games::hand_and_foot::HandAndFoot;
        fn held(all: &[Vec<usize>], k: usize) -> Vec<usize> {
            (0..k)
                .map(|s| all.iter().flatten().filter(|&&x| x == s).count())
                .collect()
        }
        for k in 1..8 {
            for p in 2..=6 {
                let h = held(&seatings::<Golf>(k, p), k);
                assert!(h.iter().all(|&x| x == h[0]), "{k} at {p}: {h:?}");
            }
            let h = held(&seatings::<HandAndFoot>(k, 6), k);
            assert!(h.iter().all(|&x| x == h[0]), "{k} at 6, partners: {h:?}");
        }
        assert_eq!(
            seatings::<Golf>(2, 3),
            vec![
                vec![0, 1, 0],
                vec![1, 0, 0],
                vec![0, 0, 1],
                vec![1, 0, 1],
                vec![0, 1, 1],
                vec![1, 1, 0]
            ]
        );
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
