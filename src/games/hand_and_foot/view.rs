//! What one seat may see: its own cards in play, every meld, the top of the discard pile,
//! and counts of everything hidden. The foot is face down until picked up, and the rest of
//! the discard pile is squared (only its size shows).

use super::melds::Melds;
use super::rules::HfRules;
use super::state::{HandAndFoot, MAX_PLAYERS, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatView};

/// One seat's view of a deal.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub seat: Seat,
    pub players: usize,
    pub phase: Phase,
    pub rules: &'a HfRules,
    /// The cards this seat plays from (hand, or foot once picked up); during the pass and
    /// the choice, its first packet.
    pub hand: &'a CardCounts,
    /// During the pass: the seat's second packet; during the choice: the packet received.
    pub other_packet: Option<&'a CardCounts>,
    /// Cards in play per seat (hand or foot) and whether each seat is on its foot.
    pub hand_lens: [u32; MAX_PLAYERS],
    pub in_foot: [bool; MAX_PLAYERS],
    /// Both partnerships' melds (the seat's partnership is `seat % 2`).
    pub melds: &'a [Melds; 2],
    pub opened: [bool; 2],
    /// Opening minimum per partnership.
    pub minimum: [i32; 2],
    /// Match totals per partnership before this deal.
    pub totals: [i64; 2],
    pub top: Option<Card>,
    pub pile_len: usize,
    pub stock_len: usize,
    /// This turn: the pile was taken; an opening was retracted.
    pub picked: bool,
    pub retracted: bool,
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        todo!("view json")
    }

    fn shown(&self) -> CardCounts {
        let mut c = *self.hand;
        if let Some(p) = self.other_packet {
            c.add(p);
        }
        c.add(&self.melds[0].cards);
        c.add(&self.melds[1].cards);
        if let Some(t) = self.top {
            c.insert(t);
        }
        c
    }
}

impl HandAndFoot {
    fn other_packet(&self, seat: Seat) -> Option<&CardCounts> {
        match self.phase {
            Phase::Pass => Some(&self.feet[seat]),
            Phase::Choose => Some(&self.recv[seat]),
            _ => None,
        }
    }

    /// The view of `seat`.
    pub(super) fn view_of(&self, seat: Seat) -> View<'_> {
        View {
            seat,
            players: self.players,
            phase: self.phase,
            rules: &self.rules,
            hand: &self.hands[seat],
            other_packet: self.other_packet(seat),
            hand_lens: std::array::from_fn(|s| {
                if s < self.players {
                    self.hands[s].len()
                } else {
                    0
                }
            }),
            in_foot: self.in_foot,
            melds: &self.melds,
            opened: self.opened,
            minimum: self.minimum,
            totals: self.totals,
            top: self.discard.top(),
            pile_len: self.discard.len(),
            stock_len: self.stock.len(),
            picked: self.picked,
            retracted: self.retracted,
        }
    }

    /// Every card `seat` cannot see: stock, the squared pile, other seats' cards, its foot.
    pub(super) fn hidden(&self, seat: Seat) -> CardCounts {
        let mut h = self.stock.counts();
        let pile = self.discard.as_slice();
        h.add_cards(pile[..pile.len().saturating_sub(1)].iter().copied());
        for s in 0..self.players {
            if s != seat {
                h.add(&self.hands[s]);
                h.add(&self.feet[s]);
                h.add(&self.recv[s]);
            }
        }
        match self.phase {
            Phase::Pass => h.add(&self.recv[seat]),
            Phase::Choose => h.add(&self.feet[seat]),
            _ => {
                h.add(&self.feet[seat]);
                h.add(&self.recv[seat]);
            }
        }
        h
    }

    /// Every card in every zone.
    pub(super) fn zones(&self) -> CardCounts {
        let mut z = self.stock.counts();
        z.add(&self.discard.counts());
        for s in 0..self.players {
            z.add(&self.hands[s]);
            z.add(&self.feet[s]);
            z.add(&self.recv[s]);
        }
        z.add(&self.melds[0].cards);
        z.add(&self.melds[1].cards);
        z
    }
}
