//! What one seat may see: its own hand, the Head, every Starter, the whole discard pile (each
//! discard was laid face up), the cards other seats took from that pile and still hold, the
//! stock's size and the turn state. The rest of other hands and the stock's cards are not in
//! the type.

use super::scoring::Hand;
use super::state::{BrokenLadder, Phase, ValueCounts};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatView};

/// A seat's view of a deal.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub seat: Seat,
    pub players: usize,
    /// 52-card packs in the shoe.
    pub packs: u8,
    pub head: Card,
    /// Every seat's Starter (face up), `players` entries.
    pub starters: &'a [Card],
    /// This seat's own hand (five cards, six after a draw).
    pub hand: &'a Hand,
    /// The discard pile, bottom first (the top is the last).
    pub discard: &'a [Card],
    /// Every face-up card (Head, Starters, discard pile) counted by signed value
    /// (index `value + 13`).
    pub public_values: &'a ValueCounts,
    pub stock_len: usize,
    pub phase: Phase,
    /// The card this seat took from the discard pile this turn, if any.
    pub taken: Option<Card>,
    /// Per seat (`players` entries), the cards everyone knows it holds: taken from the
    /// discard pile and not discarded since.
    pub known: &'a [Hand],
    /// The rank limit in force (`None`: off).
    pub rank_limit: Option<u8>,
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        todo!("view json")
    }

    fn shown(&self) -> CardCounts {
        let mut c: CardCounts = self.discard.iter().copied().collect();
        c.insert(self.head);
        c.add_cards(self.starters.iter().copied());
        c.add_cards(self.hand.as_slice().iter().copied());
        for (s, k) in self.known.iter().enumerate() {
            if s != self.seat {
                c.add_cards(k.as_slice().iter().copied());
            }
        }
        c
    }
}

impl BrokenLadder {
    pub(crate) fn seat_view(&self, seat: Seat) -> View<'_> {
        View {
            seat,
            players: self.players,
            packs: self.packs,
            head: self.head,
            starters: &self.starters[..self.players],
            hand: &self.hands[seat],
            discard: self.discard.as_slice(),
            public_values: &self.public_values,
            stock_len: self.stock.len(),
            phase: self.phase,
            taken: if seat == self.to_act {
                self.taken
            } else {
                None
            },
            rank_limit: self.rules.rank_limit,
            known: &self.known[..self.players],
        }
    }
}
