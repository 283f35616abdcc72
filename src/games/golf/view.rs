//! What one Golf seat may see: every face-up grid card, the discard pile (all of it went down
//! face up, in public), the stock's size, the card it holds, who went out, and in a match
//! the holes played and left and every seat's total.
//!
//! The view is a borrowed window on the state whose field is private to this file: strategies
//! (even the ones in this folder) reach the deal only through the methods below, which never
//! return a face-down card or the stock. Building it costs nothing, so even `random` pays
//! nothing for the privacy.

use super::rules::GolfRules;
use super::state::{Golf, Hole, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatView};

/// Stands for a card hidden from the seat in [`View::known_state`].
const PLACEHOLDER: Card = Card::JOKER;

/// One seat's view of a Golf deal. Its `Debug` output shows only what the seat may see.
#[derive(Clone, Copy)]
pub struct View<'a> {
    g: &'a Golf,
    seat: Seat,
}

impl<'a> View<'a> {
    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Players at the table; seats are numbered 0..players.
    pub fn players(&self) -> usize {
        self.g.players as usize
    }

    /// Where the deal is.
    pub fn phase(&self) -> Phase {
        self.g.phase
    }

    /// The rules of the deal.
    pub fn rules(&self) -> &'a GolfRules {
        &self.g.rules
    }

    /// The card at `pos` of `seat`'s grid when face up.
    #[inline]
    pub fn card(&self, seat: Seat, pos: usize) -> Option<Card> {
        (self.g.up[seat] >> pos & 1 == 1).then(|| self.g.grids[seat][pos])
    }

    /// Scoring keys of a seat's grid, row-major: the rank index 0..=12 of a face-up card, 13
    /// for a joker, 15 for a face-down card.
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

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.g.stock.len()
    }

    /// The card held between drawing and placing it, when this seat may know it: its own
    /// card, or a discard another seat took in view of all (a stock card another seat holds
    /// is hidden).
    pub fn held(&self) -> Option<Card> {
        // `|`, not `||`: one branch, taken for the seat to act.
        if (self.g.seat as usize == self.seat) | (self.g.phase == Phase::PlaceDiscard) {
            self.g.held
        } else {
            None
        }
    }

    /// The seat holding a drawn card (known or not), if any.
    pub fn holder(&self) -> Option<Seat> {
        self.g.held.map(|_| self.g.seat as usize)
    }

    /// The seat that dealt (the first to play sits at its left).
    pub fn dealer(&self) -> Seat {
        self.g.dealer as usize
    }

    /// The seat to act, `None` when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        (self.g.phase != Phase::Over).then_some(self.g.seat as usize)
    }

    /// Final turns still to play after a player went out.
    pub fn finals_left(&self) -> u32 {
        u32::from(self.g.finals_left)
    }

    /// Where the deal sits in its match (holes played and left, every seat's total before
    /// it); `None` for a lone deal.
    pub fn hole(&self) -> Option<Hole> {
        self.g.hole
    }

    /// True once the stock was rebuilt from the discards: everyone then knows which cards
    /// it holds (those turned over, less those drawn since), not their order.
    pub fn stock_known(&self) -> bool {
        self.g.reshuffled
    }

    /// The cards every seat sees (the discard pile, every face-up card, a discard taken
    /// into hand) counted by scoring key, 4 bits per key (key k in bits 4k..4k+4).
    #[inline]
    pub(super) fn public_counts(&self) -> u64 {
        self.g.public
    }

    /// A stock card this seat holds (known only to it), if any.
    #[inline]
    pub(super) fn own_stock_card(&self) -> Option<Card> {
        match self.g.phase {
            Phase::PlaceStock if self.g.seat as usize == self.seat => self.g.held,
            _ => None,
        }
    }

    /// After a reshuffle, the cards of the stock plus a stock card another seat holds (what
    /// this seat remembers of the cards turned over); `None` before any reshuffle.
    pub(super) fn stock_pool(&self) -> Option<CardCounts> {
        self.g.reshuffled.then(|| {
            let mut c = self.g.stock.counts();
            if let (Some(h), None) = (self.g.held, self.held()) {
                c.insert(h);
            }
            c
        })
    }

    /// A copy of the deal with every card hidden from this seat (the stock, face-down
    /// cards, a stock card another seat holds) replaced by a placeholder, for the
    /// determinizer to fill; sizes, phases and everything public are kept.
    pub(super) fn known_state(&self) -> Golf {
        let mut g = self.g.clone();
        g.stock.as_mut_slice().fill(PLACEHOLDER);
        for s in 0..self.players() {
            let down = self.face_down(s);
            for p in (0..6).filter(|p| down >> p & 1 == 1) {
                g.grids[s][p] = PLACEHOLDER;
            }
        }
        if g.held.is_some() && self.held().is_none() {
            g.held = Some(PLACEHOLDER);
        }
        g
    }

    /// The seat that went out, if any (the others are on their final turns).
    pub fn ender(&self) -> Option<Seat> {
        self.g.ender.map(|e| e as usize)
    }

    /// Player turns taken so far.
    pub fn turns(&self) -> u32 {
        self.g.turns
    }
}

impl std::fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let grids: Vec<Vec<Option<Card>>> = (0..self.players())
            .map(|s| (0..6).map(|p| self.card(s, p)).collect())
            .collect();
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("phase", &self.phase())
            .field("grids", &grids)
            .field("discard", &self.discard())
            .field("stock_len", &self.stock_len())
            .field("held", &self.held())
            .field("holder", &self.holder())
            .field("ender", &self.ender())
            .field("finals_left", &self.finals_left())
            .field("stock_known", &self.stock_known())
            .field("stock_pool", &self.stock_pool())
            .field("dealer", &self.dealer())
            .field("turns", &self.turns())
            .finish()
    }
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        let text = |c: Option<Card>| c.map(|c| c.to_string());
        let grids: Vec<Vec<Option<String>>> = (0..self.players())
            .map(|s| (0..6).map(|p| text(self.card(s, p))).collect())
            .collect();
        let discard: Vec<String> = self.discard().iter().map(|c| c.to_string()).collect();
        let mut j = serde_json::json!({
            "seat": self.seat,
            "players": self.players(),
            "dealer": self.dealer(),
            "phase": phase_name(self.phase()),
            "to_act": self.to_act(),
            "turns": self.turns(),
            "grids": grids,
            "discard": discard,
            "stock": self.stock_len(),
            "stock_known": self.stock_known(),
            "stock_cards": self.stock_pool().map(|p| {
                p.iter()
                    .map(|(c, n)| (c.to_string(), serde_json::Value::from(n)))
                    .collect::<serde_json::Map<_, _>>()
            }),
            "held": text(self.held()),
            "holder": self.holder(),
            "ender": self.ender(),
            "finals_left": self.finals_left(),
        });
        if let Some(h) = self.hole() {
            j["match"] = serde_json::json!({
                "played": h.played,
                "left": h.left,
                "totals": &h.totals[..self.players()],
            });
        }
        j
    }

    fn remembered(&self) -> CardCounts {
        self.stock_pool().unwrap_or_default()
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

/// The name of a phase in the view JSON.
pub(super) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Opening => "opening",
        Phase::Draw => "draw",
        Phase::PlaceStock => "place-stock",
        Phase::PlaceDiscard => "place-discard",
        Phase::FlipAfter => "flip-after",
        Phase::Over => "over",
    }
}

impl<'a> View<'a> {
    /// `seat`'s view of `g` (the one way to make a view: its field stays private here).
    pub(super) fn new(g: &'a Golf, seat: Seat) -> View<'a> {
        View { g, seat }
    }
}
