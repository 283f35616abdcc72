//! What one Golf seat may see: every face-up grid card, the discard pile (all of it went down
//! face up, in public), the stock's size, the card it holds, and who went out.
//!
//! The view is a borrowed window on the state whose field is private to this file: strategies
//! (even the ones in this folder) reach the deal only through the methods below, which never
//! return a face-down card or the stock. Building it costs nothing, so even `random` pays
//! nothing for the privacy.

use super::rules::GolfRules;
use super::state::{Golf, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatView};

/// One seat's view of a Golf deal. Its `Debug` output shows only what the seat may see.
#[derive(Clone, Copy)]
pub struct GolfView<'a> {
    g: &'a Golf,
    seat: Seat,
}

impl<'a> GolfView<'a> {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn players(&self) -> usize {
        self.g.players as usize
    }

    pub fn phase(&self) -> Phase {
        self.g.phase
    }

    pub fn rules(&self) -> &'a GolfRules {
        &self.g.rules
    }

    /// The card at `pos` of `seat`'s grid when face up.
    #[inline]
    pub fn card(&self, seat: Seat, pos: usize) -> Option<Card> {
        (self.g.up[seat] >> pos & 1 == 1).then(|| self.g.grids[seat][pos])
    }

    /// Scoring keys of a seat's grid, [`UNKNOWN`](super::scoring::UNKNOWN) for face-down
    /// cards.
    #[inline]
    pub fn keys(&self, seat: Seat) -> [u8; 6] {
        std::array::from_fn(|p| self.g.shown[seat][p])
    }

    /// The same keys packed into one word, position p in byte p (bytes 6 and 7 are 0).
    #[inline]
    pub fn packed_keys(&self, seat: Seat) -> u64 {
        u64::from_le_bytes(self.g.shown[seat])
    }

    /// Face-down positions of a seat, as a bit mask.
    #[inline]
    pub fn face_down(&self, seat: Seat) -> u8 {
        !self.g.up[seat] & super::state::ALL_UP
    }

    /// The discard pile, bottom first (the top is last).
    pub fn discard(&self) -> &'a [Card] {
        self.g.discard.as_slice()
    }

    pub fn stock_len(&self) -> usize {
        self.g.stock.len()
    }

    /// The card this seat holds (drawn, not yet placed).
    pub fn held(&self) -> Option<Card> {
        if self.g.seat as usize == self.seat {
            self.g.held
        } else {
            None
        }
    }

    /// The seat that went out, if any (the others are on their final turns).
    pub fn ender(&self) -> Option<Seat> {
        self.g.ender.map(|e| e as usize)
    }

    pub fn turns(&self) -> u32 {
        self.g.turns
    }
}

impl std::fmt::Debug for GolfView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let grids: Vec<Vec<Option<Card>>> = (0..self.players())
            .map(|s| (0..6).map(|p| self.card(s, p)).collect())
            .collect();
        f.debug_struct("GolfView")
            .field("seat", &self.seat)
            .field("phase", &self.phase())
            .field("grids", &grids)
            .field("discard", &self.discard())
            .field("stock_len", &self.stock_len())
            .field("held", &self.held())
            .field("ender", &self.ender())
            .field("turns", &self.turns())
            .finish()
    }
}

impl SeatView for GolfView<'_> {
    fn to_json(&self) -> serde_json::Value {
        todo!("view json")
    }

    fn shown(&self) -> CardCounts {
        let mut c: CardCounts = self.discard().iter().copied().collect();
        for s in 0..self.players() {
            c.add_cards((0..6).filter_map(|p| self.card(s, p)));
        }
        if let Some(h) = self.held() {
            c.insert(h);
        }
        c
    }
}

impl Golf {
    pub(super) fn seat_view(&self, seat: Seat) -> GolfView<'_> {
        GolfView { g: self, seat }
    }
}
