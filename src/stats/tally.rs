//! `Tally`: what a run reports, from exact integers. Shared wins are counted in units of
//! 1/840 of a win (840 = lcm(1..=8)), so a k-way tie adds exactly 840/k units per winner.

use super::{Histogram, Merge, Moments};
use crate::game::{DealResult, MAX_SEATS, MatchResult};

/// Units per whole win.
pub const WIN_UNITS: u64 = 840;

/// One seat's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatTally {
    /// Wins in units of 1/840.
    pub win_units: u64,
    /// Scores (deal scores, or match totals).
    pub scores: Moments,
    pub score_hist: Histogram,
}

impl SeatTally {
    /// Wins as a number (fractional with shared ties).
    pub fn wins(&self) -> f64 {
        self.win_units as f64 / WIN_UNITS as f64
    }
}

impl Merge for SeatTally {
    fn merge(&mut self, o: &SeatTally) {
        self.win_units += o.win_units;
        self.scores.merge(&o.scores);
        self.score_hist.merge(&o.score_hist);
    }
}

/// Everything a run counts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub players: usize,
    /// Deals (or matches) tallied.
    pub units: u64,
    /// Units that ended with no winner.
    pub no_winner: u64,
    /// Matches that hit the game's deal cap (always 0 for deals).
    pub capped: u64,
    pub seats: Vec<SeatTally>,
    /// Deal lengths in player turns (deals), or match lengths in deals (matches).
    pub lengths: Histogram,
    /// Player turns per unit.
    pub turns: Moments,
    /// Decisions taken by strategies (for throughput figures).
    pub actions: u64,
}

impl Tally {
    pub fn new(players: usize) -> Tally {
        Tally {
            players,
            units: 0,
            no_winner: 0,
            capped: 0,
            seats: vec![SeatTally::default(); players],
            lengths: Histogram::new(),
            turns: Moments::default(),
            actions: 0,
        }
    }

    fn add_winners(&mut self, winners: crate::game::SeatMask) {
        let k = winners.len() as u64;
        if k == 0 {
            self.no_winner += 1;
            return;
        }
        for s in winners.iter() {
            self.seats[s].win_units += WIN_UNITS / k;
        }
    }

    /// Counts one finished deal that took `actions` decisions.
    #[inline]
    pub fn add_deal(&mut self, r: &DealResult, actions: u32) {
        self.units += 1;
        self.actions += actions as u64;
        self.add_winners(r.winners);
        for (s, t) in self.seats.iter_mut().enumerate() {
            t.scores.add(r.scores[s] as i64);
            t.score_hist.add(r.scores[s] as i64);
        }
        self.lengths.add(r.turns as i64);
        self.turns.add(r.turns as i64);
    }

    /// Counts one finished match that took `actions` decisions.
    pub fn add_match(&mut self, r: &MatchResult, actions: u64) {
        self.units += 1;
        self.actions += actions;
        self.capped += r.capped as u64;
        self.add_winners(r.winners);
        for (s, t) in self.seats.iter_mut().enumerate() {
            t.scores.add(r.totals[s]);
            t.score_hist.add(r.totals[s]);
        }
        self.lengths.add(r.deals as i64);
        self.turns.add(r.turns as i64);
    }

    /// The mean length (turns per deal, or deals per match).
    pub fn lengths_mean(&self) -> f64 {
        let (mut n, mut sum) = (0u64, 0i128);
        for (v, c) in self.lengths.iter() {
            n += c;
            sum += v as i128 * c as i128;
        }
        sum as f64 / n as f64
    }

    /// Seat wins as a fraction of units.
    pub fn win_rate(&self, seat: usize) -> f64 {
        self.seats[seat].wins() / self.units as f64
    }
}

impl Merge for Tally {
    fn merge(&mut self, o: &Tally) {
        assert_eq!(
            self.players, o.players,
            "merging tallies of different tables"
        );
        self.units += o.units;
        self.no_winner += o.no_winner;
        self.capped += o.capped;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.merge(b);
        }
        self.lengths.merge(&o.lengths);
        self.turns.merge(&o.turns);
        self.actions += o.actions;
    }
}

const _: () = assert!(MAX_SEATS <= 8, "WIN_UNITS covers ties of up to 8 seats");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeatMask;

    fn deal(scores: [i32; 3], winners: u16, turns: u32) -> DealResult {
        let mut s = [0; MAX_SEATS];
        s[..3].copy_from_slice(&scores);
        DealResult {
            end: 0,
            players: 3,
            scores: s,
            winners: SeatMask(winners),
            turns,
        }
    }

    #[test]
    fn shared_ties_split_a_win_exactly() {
        let mut t = Tally::new(3);
        t.add_deal(&deal([1, 1, 1], 0b111, 5), 9);
        t.add_deal(&deal([0, 2, 2], 0b001, 3), 4);
        t.add_deal(&deal([0, 0, 0], 0, 3), 4);
        assert_eq!(t.seats[0].win_units, 840 / 3 + 840);
        assert!((t.seats[1].wins() - 1.0 / 3.0).abs() < 1e-12);
        let total: u64 = t.seats.iter().map(|s| s.win_units).sum();
        assert_eq!(total, 2 * WIN_UNITS);
        assert_eq!(t.no_winner, 1);
        assert_eq!(t.lengths.iter().collect::<Vec<_>>(), vec![(3, 2), (5, 1)]);
        assert_eq!(t.actions, 17);
    }

    #[test]
    fn merge_equals_the_whole_at_every_split() {
        let ds = [
            deal([1, 5, 2], 0b001, 4),
            deal([7, 5, 2], 0b100, 6),
            deal([3, 3, 9], 0b011, 2),
            deal([0, 1, 2], 0b001, 9),
        ];
        let mut whole = Tally::new(3);
        ds.iter().for_each(|d| whole.add_deal(d, 1));
        for cut in 0..=ds.len() {
            let (mut a, mut b) = (Tally::new(3), Tally::new(3));
            ds[..cut].iter().for_each(|d| a.add_deal(d, 1));
            ds[cut..].iter().for_each(|d| b.add_deal(d, 1));
            a.merge(&b);
            assert_eq!(a, whole);
        }
    }
}
