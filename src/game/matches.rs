//! The match layer's bookkeeping: running totals, dealer rotation, active seats, and the
//! result of a finished match. The loop that plays the deals lives in `sim`, so a match is
//! played by the very code that plays single deals.

use super::seats::{MAX_SEATS, Seat, SeatMask};
use super::{DealResult, Table};

/// A match in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchProgress {
    /// Seats at the table; seats are numbered 0..players.
    pub players: usize,
    /// Running totals per seat.
    pub totals: [i64; MAX_SEATS],
    /// Deals played so far.
    pub deals: u32,
    /// Seats still playing (an elimination game removes seats).
    pub active: SeatMask,
    /// The dealer of the next deal.
    pub dealer: Seat,
    /// Player turns over all deals so far.
    pub turns: u64,
}

impl MatchProgress {
    /// A match about to start: no deal played, seat 0 deals first, every seat active.
    pub fn new(players: usize) -> MatchProgress {
        MatchProgress {
            players,
            totals: [0; MAX_SEATS],
            deals: 0,
            active: SeatMask::all(players),
            dealer: 0,
            turns: 0,
        }
    }

    /// The table for the next deal.
    pub fn table(&self) -> Table {
        Table {
            players: self.players,
            dealer: self.dealer,
            active: self.active,
            totals: self.totals,
            played: Some(self.deals),
        }
    }

    /// Adds each seat's deal score to its total.
    pub fn add_scores(&mut self, r: &DealResult) {
        for s in 0..self.players {
            self.totals[s] += r.scores[s] as i64;
        }
    }

    /// Counts the deal and passes the deal to the next active seat clockwise.
    pub fn advance(&mut self, r: &DealResult) {
        self.deals += 1;
        self.turns += r.turns as u64;
        let mut d = self.dealer;
        for _ in 0..self.players {
            d = (d + 1) % self.players;
            if self.active.contains(d) {
                break;
            }
        }
        self.dealer = d;
    }
}

/// The outcome of one finished match, in the same shape as a deal's for the tallies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// Seats at the table; seats are numbered 0..players.
    pub players: usize,
    /// Final totals per seat (the sums of the deal scores, unless the game adds its own way).
    pub totals: [i64; MAX_SEATS],
    /// The match winners (a shared win when several).
    pub winners: SeatMask,
    /// Deals played.
    pub deals: u32,
    /// Player turns over all deals.
    pub turns: u64,
    /// True when the match hit the game's deal cap instead of its own end rule.
    pub capped: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealer_skips_eliminated_seats() {
        let mut m = MatchProgress::new(4);
        let r = DealResult {
            end: 0,
            players: 4,
            scores: [1, 2, 3, 4, 0, 0, 0, 0],
            winners: SeatMask::one(3),
            turns: 7,
        };
        m.add_scores(&r);
        m.active.remove(1);
        m.advance(&r);
        assert_eq!(m.dealer, 2);
        m.dealer = 0;
        m.advance(&r);
        assert_eq!(m.dealer, 2);
        assert_eq!(m.totals[..4], [1, 2, 3, 4]);
        assert_eq!((m.deals, m.turns), (2, 14));
    }
}
