//! What one Golf seat may see: every face-up grid card, the discard pile (all of it went down
//! face up, in public), the stock's size, the card it holds, and who went out.

use super::rules::GolfRules;
use super::scoring::{UNKNOWN, key};
use super::state::{Golf, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{MAX_SEATS, Seat, SeatView};

/// One seat's view of a Golf deal.
#[derive(Clone, Copy, Debug)]
pub struct GolfView<'a> {
    pub seat: Seat,
    pub players: usize,
    pub phase: Phase,
    pub rules: &'a GolfRules,
    /// Face-up cards per seat and position; `None` is face down.
    pub grids: [[Option<Card>; 6]; MAX_SEATS],
    /// The discard pile, bottom first (the top is last).
    pub discard: &'a [Card],
    pub stock_len: usize,
    /// The card this seat holds (drawn, not yet placed).
    pub held: Option<Card>,
    /// The seat that went out, if any (the rest are on their final turns).
    pub ender: Option<Seat>,
    pub turns: u32,
}

impl GolfView<'_> {
    /// Scoring keys of a seat's grid, [`UNKNOWN`] for face-down cards.
    pub fn keys(&self, seat: Seat) -> [u8; 6] {
        self.grids[seat].map(|c| c.map_or(UNKNOWN, key))
    }

    /// Face-down positions of a seat, as a bit mask.
    pub fn face_down(&self, seat: Seat) -> u8 {
        (0..6)
            .filter(|&p| self.grids[seat][p].is_none())
            .fold(0, |m, p| m | 1 << p)
    }
}

impl SeatView for GolfView<'_> {
    fn shown(&self) -> CardCounts {
        let mut c: CardCounts = self.discard.iter().copied().collect();
        for g in self.grids.iter().take(self.players) {
            c.add_cards(g.iter().flatten().copied());
        }
        if let Some(h) = self.held {
            c.insert(h);
        }
        c
    }
}

impl Golf {
    pub(super) fn seat_view(&self, seat: Seat) -> GolfView<'_> {
        let mut grids = [[None; 6]; MAX_SEATS];
        for (s, g) in grids.iter_mut().enumerate().take(self.players as usize) {
            for (p, x) in g.iter_mut().enumerate() {
                if self.up[s] >> p & 1 == 1 {
                    *x = Some(self.grids[s][p]);
                }
            }
        }
        GolfView {
            seat,
            players: self.players as usize,
            phase: self.phase,
            rules: &self.rules,
            grids,
            discard: self.discard.as_slice(),
            stock_len: self.stock.len(),
            held: if self.seat as usize == seat {
                self.held
            } else {
                None
            },
            ender: self.ender.map(|e| e as usize),
            turns: self.turns,
        }
    }
}
