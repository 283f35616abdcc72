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
    /// Exact counts per score.
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
    /// Players at the table.
    pub players: usize,
    /// Deals (or matches) tallied.
    pub units: u64,
    /// Units that ended with no winner.
    pub no_winner: u64,
    /// Matches that hit the game's deal cap (always 0 for deals).
    pub capped: u64,
    /// One record per seat, `players` entries.
    pub seats: Vec<SeatTally>,
    /// Deal lengths in player turns (deals), or match lengths in deals (matches).
    pub lengths: Histogram,
    /// Player turns per unit.
    pub turns: Moments,
    /// Decisions taken by strategies (for throughput figures).
    pub actions: u64,
    /// Deals per end reason, indexed like the game's `END_REASONS` (in matches mode: every
    /// deal of every match).
    pub ends: Vec<u64>,
}

impl Tally {
    /// An empty tally for `players` seats and a game with `reasons` end reasons.
    pub fn new(players: usize, reasons: usize) -> Tally {
        Tally {
            players,
            units: 0,
            no_winner: 0,
            capped: 0,
            seats: vec![SeatTally::default(); players],
            lengths: Histogram::new(),
            turns: Moments::default(),
            actions: 0,
            ends: vec![0; reasons],
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
        self.ends[r.end as usize] += 1;
    }

    /// Counts one finished match (its deals' end reasons are counted into `ends` by the
    /// runner as they finish) that took `actions` decisions.
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

    /// For a tally read from a file: every count agrees with every other, as counting deals
    /// leaves them (`matches`: the units are matches). The first disagreement is the error.
    pub fn check(&self, matches: bool) -> Result<(), String> {
        let units = self.units;
        let fail = |what: &str| Err(what.to_string());
        if self.seats.len() != self.players {
            return fail("the number of seat records differs from the players");
        }
        if self.no_winner > units || self.capped > units || (!matches && self.capped > 0) {
            return fail("no-winner or capped counts exceed the units");
        }
        let wins: u128 = self.seats.iter().map(|s| s.win_units as u128).sum();
        if wins != (units - self.no_winner) as u128 * WIN_UNITS as u128 {
            return fail("the seats' wins do not add up to one per unit with a winner");
        }
        for (s, t) in self.seats.iter().enumerate() {
            t.score_hist
                .check()
                .map_err(|e| format!("seat {s} scores: {e}"))?;
            if t.scores.n != units || t.score_hist.total() != units {
                return Err(format!("seat {s}: score counts differ from the units"));
            }
            if t.score_hist.sums() != (t.scores.sum, t.scores.sum_sq) {
                return Err(format!("seat {s}: score sums differ from the histogram"));
            }
        }
        self.lengths.check().map_err(|e| format!("lengths: {e}"))?;
        if self.lengths.total() != units || self.turns.n != units {
            return fail("length counts differ from the units");
        }
        if !matches && self.lengths.sums() != (self.turns.sum, self.turns.sum_sq) {
            return fail("turn sums differ from the length histogram");
        }
        let deals = if matches {
            self.lengths.sums().0
        } else {
            units as i128
        };
        let ends: u128 = self.ends.iter().map(|&e| e as u128).sum();
        if ends as i128 != deals {
            return fail("the end reasons do not add up to the deals played");
        }
        Ok(())
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
        assert_eq!(
            self.ends.len(),
            o.ends.len(),
            "merging tallies of different games"
        );
        for (a, b) in self.ends.iter_mut().zip(&o.ends) {
            *a += b;
        }
    }
}

const _: () = assert!(MAX_SEATS <= 8, "WIN_UNITS covers ties of up to 8 seats");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeatMask;

    fn deal(scores: [i32; 3], winners: u16, turns: u32) -> DealResult {
        let end = (turns % 2) as u8;
        let mut s = [0; MAX_SEATS];
        s[..3].copy_from_slice(&scores);
        DealResult {
            end,
            players: 3,
            scores: s,
            winners: SeatMask(winners),
            turns,
        }
    }

    #[test]
    fn shared_ties_split_a_win_exactly() {
        let mut t = Tally::new(3, 2);
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
        assert_eq!(
            t.ends,
            [0, 3],
            "odd turn counts end with reason 1 in this fake game"
        );
    }

    #[test]
    fn merge_equals_the_whole_at_every_split() {
        let ds = [
            deal([1, 5, 2], 0b001, 4),
            deal([7, 5, 2], 0b100, 6),
            deal([3, 3, 9], 0b011, 2),
            deal([0, 1, 2], 0b001, 9),
        ];
        let mut whole = Tally::new(3, 2);
        ds.iter().for_each(|d| whole.add_deal(d, 1));
        for cut in 0..=ds.len() {
            let (mut a, mut b) = (Tally::new(3, 2), Tally::new(3, 2));
            ds[..cut].iter().for_each(|d| a.add_deal(d, 1));
            ds[cut..].iter().for_each(|d| b.add_deal(d, 1));
            a.merge(&b);
            assert_eq!(a, whole);
        }
        assert_eq!(whole.check(false), Ok(()));
    }

    #[test]
    fn the_check_finds_every_forged_count() {
        let mut t = Tally::new(3, 2);
        t.add_deal(&deal([1, 5, 2], 0b001, 4), 1);
        t.add_deal(&deal([3, 3, 9], 0b011, 3), 1);
        t.add_deal(&deal([0, 0, 0], 0, 3), 1);
        assert_eq!(t.check(false), Ok(()));
        let forgeries: [fn(&mut Tally); 12] = [
            |t| t.units += 1,
            |t| t.players = 4,
            |t| t.seats[1].win_units += 1,
            |t| t.seats[0].scores.sum += 1,
            |t| t.seats[2].score_hist.add(7),
            |t| t.seats[2].scores.n -= 1,
            |t| t.lengths.add(3),
            |t| t.turns.sum_sq += 1,
            |t| t.ends[0] += 1,
            |t| t.no_winner = 0,
            |t| t.capped = 1,
            |t| t.no_winner = 5,
        ];
        for (i, forge) in forgeries.iter().enumerate() {
            let mut f = t.clone();
            forge(&mut f);
            assert!(f.check(false).is_err(), "forgery {i} passed");
        }
    }
}
