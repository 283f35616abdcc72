//! What one seat may see: its own hand, the face-up discard pile (every card in it was
//! discarded face up in view of all), the sizes of the stock and of the other hands, the
//! direction and whose turn it is. Nothing else of the state is reachable from a `View`.

use super::arrange::HAND_CAP;
use super::combos::ComboList;
use super::rules::Rules;
use super::state::{Chinchon, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatMask, SeatView};

/// One seat's view of a deal. Its `Debug` output shows only what the seat may see.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub seat: Seat,
    pub rules: &'a Rules,
    pub hand: &'a [Card],
    /// The discard pile, bottom first (the top is the last card).
    pub discard: &'a [Card],
    pub stock_len: usize,
    /// The deal, private to this file: the methods below read only public facts from it
    /// (hand sizes, what may be drawn, whether a discard closes), so building a view costs
    /// no work for facts a strategy never asks.
    g: &'a Chinchon,
    pub active: SeatMask,
    pub turn: Seat,
    pub clockwise: bool,
    pub phase: Phase,
    /// When this seat is discarding: the least unmatched points of its hand without each
    /// position (a function of its own hand only).
    pub without: Option<&'a [u16]>,
    /// The points of each card index under the rules.
    pub card_points: &'a [u16; 64],
    /// The combinations of this seat's hand (a function of its own hand only).
    pub combos: &'a ComboList,
}

impl std::fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes: Vec<usize> = (0..self.g.players).map(|s| self.hand_size(s)).collect();
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("hand", &self.hand)
            .field("discard", &self.discard)
            .field("stock_len", &self.stock_len)
            .field("hand_sizes", &sizes)
            .field("active", &self.active)
            .field("turn", &self.turn)
            .field("clockwise", &self.clockwise)
            .field("phase", &self.phase)
            .field("without", &self.without)
            .finish_non_exhaustive()
    }
}

impl View<'_> {
    /// How many cards `seat` holds.
    #[inline]
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.g.hands[seat].len()
    }

    /// Whether a card can be drawn from the stock (or the discards reshuffled into one).
    #[inline]
    pub fn can_draw_stock(&self) -> bool {
        self.g.stock_available()
    }

    /// Whether the discard top may be taken (there is one and it is not a special card).
    #[inline]
    pub fn can_take_discard(&self) -> bool {
        self.g.discard_takeable()
    }

    /// When this seat is discarding: whether discarding position `i` face down closes.
    #[inline]
    pub fn may_close_with(&self, i: usize) -> bool {
        self.without.is_some() && self.g.may_close_with(i)
    }

    /// The points `c` counts when unmatched.
    #[inline]
    pub fn points(&self, c: Card) -> u16 {
        self.card_points[c.index() as usize & 63]
    }
}

impl Chinchon {
    pub(crate) fn view_of(&self, seat: Seat) -> View<'_> {
        let hand = self.hands[seat].as_slice();
        let mine = self.turn == seat && self.phase == Phase::Discard;
        View {
            seat,
            rules: &self.rules,
            hand,
            discard: self.discard.as_slice(),
            stock_len: self.stock.len(),
            g: self,
            active: self.active,
            turn: self.turn,
            clockwise: self.clockwise,
            phase: self.phase,
            without: mine.then(|| &self.without[..hand.len().min(HAND_CAP)]),
            card_points: &self.card_points,
            combos: &self.combos[seat],
        }
    }

    /// The cards `seat` cannot see: the stock, the other hands, the face-down closing card.
    pub(crate) fn hidden(&self, seat: Seat) -> CardCounts {
        let mut h = self.stock.counts();
        for (s, hand) in self.hands.iter().enumerate().take(self.players) {
            if s != seat {
                h.add_cards(hand.as_slice().iter().copied());
            }
        }
        h.add_cards(self.face_down);
        h
    }

    /// Every card in every zone.
    pub(crate) fn every_card(&self) -> CardCounts {
        let mut all = self.hidden(usize::MAX);
        all.add_cards(self.discard.as_slice().iter().copied());
        all
    }
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        todo!("view json")
    }

    fn shown(&self) -> CardCounts {
        let mut c: CardCounts = self.hand.iter().copied().collect();
        c.add_cards(self.discard.iter().copied());
        c
    }
}
