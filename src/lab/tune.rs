//! Tuning a bot's knobs (`cardsim tune`): each candidate is the bot with one setting of its
//! knobs, and a block measures its *score rate* against a panel of strategies on duplicate
//! deals. For each panel member `p`, the table is the candidate at one seat and `p` at every
//! other; each deal of the block is played once with the candidate at each seat (the same
//! cards: the deal generator depends only on the seed and the deal index; rotation r's play
//! generator is the deal's forked r times, as for the lab's duplicate deals). The candidate
//! scores half-points against every opponent seat (not a partner): 2 for a win where the
//! opponent did not win, 0 the other way round, and otherwise by the better score in the
//! game's direction, 1 for equal (the tournament's pairwise rule). The score rate is
//! half-points / (2 × meetings): 0.5 is par with the panel.

use super::race::Arena;
use crate::error::Result;
use crate::game::{ActionList, DealResult, Game, Table};
use crate::sim::{Quiet, deal_rngs, play_deal};
use crate::stats::Merge;
use crate::strategy::{Strategy, StrategySpec, build, check_failures};

/// A candidate's half-points and meetings with opponent seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Half-points won (2 a win, 1 a tie).
    pub half_points: u64,
    /// Meetings with an opponent seat.
    pub meetings: u64,
    /// Meetings won outright (2 half-points).
    pub wins: u64,
}

impl Merge for Score {
    fn merge(&mut self, o: &Score) {
        self.half_points += o.half_points;
        self.meetings += o.meetings;
        self.wins += o.wins;
    }
}

impl Score {
    /// The score rate (None without meetings).
    pub fn rate(&self) -> Option<f64> {
        (self.meetings > 0).then(|| self.half_points as f64 / (2.0 * self.meetings as f64))
    }
}

/// Knob settings of one bot against a panel.
#[derive(Clone, Debug)]
pub struct TuneArena<G: Game> {
    /// The rules of every deal.
    pub rules: G::Rules,
    /// Players at the table.
    pub players: usize,
    /// The master seed.
    pub seed: u64,
    /// Deal indices per block.
    pub block: u64,
    /// The candidates: the bot with each knob setting.
    pub candidates: Vec<StrategySpec>,
    /// The panel the candidates play against.
    pub panel: Vec<StrategySpec>,
}

/// Half-points seat `a` scores against seat `b` in a deal.
pub fn half_points<G: Game>(r: &DealResult, a: usize, b: usize) -> u64 {
    match (r.winners.contains(a), r.winners.contains(b)) {
        (true, false) => 2,
        (false, true) => 0,
        _ => {
            let (x, y) = (r.scores[a], r.scores[b]);
            let better = if G::LOWER_SCORE_IS_BETTER {
                x < y
            } else {
                x > y
            };
            if x == y {
                1
            } else if better {
                2
            } else {
                0
            }
        }
    }
}

/// Plays block `b` of strategy `cand` against every panel member.
pub fn play_against<G: Game>(arena: &TuneArena<G>, cand: &StrategySpec, b: u64) -> Score {
    let n = arena.players;
    let mut s = Score::default();
    let mut buf = ActionList::new();
    let table = Table::first(n);
    for p in &arena.panel {
        let mut seats: Vec<Box<dyn Strategy<G>>> = std::iter::once(build::<G>(cand))
            .chain((1..n).map(|_| build::<G>(p)))
            .collect();
        for i in b * arena.block..(b + 1) * arena.block {
            for r in 0..n {
                let mut rngs = deal_rngs(arena.seed, i, 0);
                for _ in 0..r {
                    rngs.play = rngs.play.fork();
                }
                let (res, _) = play_deal(
                    &arena.rules,
                    &table,
                    &mut rngs,
                    &mut seats,
                    &mut buf,
                    &mut Quiet,
                );
                // After r left rotations the candidate sits at seat (n - r) % n.
                let c = (n - r) % n;
                for o in (0..n).filter(|&o| G::team_of(n, o) != G::team_of(n, c)) {
                    let h = half_points::<G>(&res, c, o);
                    s.half_points += h;
                    s.wins += u64::from(h == 2);
                    s.meetings += 1;
                }
                seats.rotate_left(1);
            }
        }
    }
    s
}

impl<G: Game> Arena for TuneArena<G> {
    type Block = Score;
    fn candidates(&self) -> usize {
        self.candidates.len()
    }
    fn play(&self, v: usize, b: u64) -> Score {
        play_against(self, &self.candidates[v], b)
    }
    fn deals_per_block(&self) -> u64 {
        self.block * self.panel.len() as u64 * self.players as u64
    }
    fn used(&self, b: &Score) -> bool {
        b.meetings > 0
    }
    /// Minus the score rate (the race minimises).
    fn objective(&self, b: &Score) -> Option<f64> {
        b.rate().map(|r| -r)
    }
    fn requirement(&self, _r: usize, _b: &Score) -> Option<f64> {
        None
    }
    fn check(&self) -> Result<()> {
        check_failures::<G>(&self.candidates)?;
        check_failures::<G>(&self.panel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeatMask;

    fn result(players: usize, winners: &[usize], scores: &[i32]) -> DealResult {
        let mut r = DealResult {
            players,
            scores: [0; crate::game::MAX_SEATS],
            winners: SeatMask::default(),
            turns: 1,
            end: 0,
        };
        for &w in winners {
            r.winners.insert(w);
        }
        r.scores[..scores.len()].copy_from_slice(scores);
        r
    }

    #[test]
    fn half_points_follow_wins_then_scores() {
        type G = crate::games::golf::Golf;
        // Golf: lower is better.
        let r = result(3, &[1], &[10, 3, 10]);
        assert_eq!(half_points::<G>(&r, 1, 0), 2);
        assert_eq!(half_points::<G>(&r, 0, 1), 0);
        assert_eq!(half_points::<G>(&r, 0, 2), 1);
        let r = result(3, &[], &[4, 9, 4]);
        assert_eq!(half_points::<G>(&r, 0, 1), 2);
        assert_eq!(half_points::<G>(&r, 1, 0), 0);
    }

    #[test]
    fn a_bot_against_itself_scores_par_exactly() {
        type G = crate::games::golf::Golf;
        let g = crate::strategy::resolve::<G>("greedy").unwrap();
        let arena = TuneArena::<G> {
            rules: Default::default(),
            players: 3,
            seed: 4,
            block: 30,
            candidates: vec![g.clone()],
            panel: vec![g],
        };
        // The same deterministic bot at every seat of every rotation: every pairing is
        // seen from both sides on the same cards, so the half-points are exactly half.
        let s = arena.play(0, 0);
        assert_eq!(s.meetings, 30 * 3 * 2);
        assert_eq!(s.rate(), Some(0.5));
    }

    #[test]
    fn greedy_beats_random() {
        type G = crate::games::golf::Golf;
        let arena = TuneArena::<G> {
            rules: Default::default(),
            players: 2,
            seed: 4,
            block: 40,
            candidates: vec![crate::strategy::resolve::<G>("greedy").unwrap()],
            panel: vec![crate::strategy::resolve::<G>("random").unwrap()],
        };
        assert!(arena.play(0, 0).rate().unwrap() > 0.8);
    }
}
