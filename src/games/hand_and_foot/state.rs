//! The state of a deal: packets, hands and feet, the stock and discard pile, the two
//! partnerships' melds, and the [`Phase`] that drives listing actions (`legal.rs`) and
//! playing them (`apply.rs`).

use super::melds::{self, Melds};
use super::rules::HfRules;
use crate::cards::{Card, CardCounts, Pile};
use crate::game::{Seat, Table};

/// Most players (6: two partnerships of three).
pub const MAX_PLAYERS: usize = 6;
/// Most cards in the shoe: one 54-card deck per player.
pub const MAX_SHOE: usize = MAX_PLAYERS * 54;
/// Cards in a packet (a hand or a foot).
pub const PACKET: usize = 13;
/// Hard cap on player turns in a deal; a deal reaching it ends as a stock-out (no bonus).
pub const TURN_CAP: u32 = 1000;

/// What the deal waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` chooses which packet to pass to its left.
    Pass,
    /// `seat` chooses which packet is its hand (the other is its foot).
    Choose,
    /// `seat` draws two, takes the pile, or (first turn) the upcard.
    Draw,
    /// `seat` melds step by step, then discards.
    Meld,
    /// The deal is over.
    Over,
}

/// How the deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The deal is still being played.
    Running,
    /// A player of this partnership went out.
    Out(usize),
    /// The stock could not give two cards.
    StockOut,
    /// The turn cap was reached.
    Capped,
}

/// One decision. Meld steps name a rank index and a wild kind (0 natural, 1 two, 2 joker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Action {
    /// Draw two stock cards.
    #[default]
    Draw,
    /// Take the whole discard pile (top card and a natural pair melded at once).
    TakePile,
    /// First turn only: take the upcard instead of drawing.
    TakeUpcard,
    /// Start a meld of `rank`: three naturals (`wild` 0) or two naturals and a wild.
    New {
        /// The rank index of the meld.
        rank: u8,
        /// The wild kind of the third card (0: a natural).
        wild: u8,
    },
    /// Add one natural (`wild` 0) or one wild to the open meld of `rank`.
    Add {
        /// The rank index of the meld.
        rank: u8,
        /// The wild kind of the card (0: a natural).
        wild: u8,
    },
    /// Take back an opening that cannot reach the minimum (melds return to hand).
    Retract,
    /// Discard this card, ending the turn.
    Discard(Card),
    /// Pass packet 0 or 1 to the left.
    Pass(u8),
    /// Keep the own packet as the hand (true) or play the received one (false).
    Keep(bool),
}

/// A deal of Hand and Foot.
#[derive(Clone, Debug)]
pub struct HandAndFoot {
    pub(super) rules: HfRules,
    pub(super) players: usize,
    pub(super) phase: Phase,
    pub(super) end: End,
    pub(super) seat: Seat,
    pub(super) turns: u32,
    /// The cards each seat plays from (the hand, then the foot once picked up).
    pub(super) hands: [CardCounts; MAX_PLAYERS],
    /// Feet not yet picked up (during the pass: the second packet).
    pub(super) feet: [CardCounts; MAX_PLAYERS],
    /// Packets received from the right, before the choice.
    pub(super) recv: [CardCounts; MAX_PLAYERS],
    /// Cards every seat knows to be in each seat's hand (a lower bound of `hands`): the
    /// pile it took (the pile's cards were each seen when discarded), the upcard, melds it
    /// took back; a card leaves when that seat melds or discards a copy of it.
    pub(super) known: [CardCounts; MAX_PLAYERS],
    pub(super) in_foot: [bool; MAX_PLAYERS],
    pub(super) foot_due: [bool; MAX_PLAYERS],
    pub(super) melds: [Melds; 2],
    /// Per partnership and rank, the player turn (`turns`) on which its open meld of that
    /// rank was started (read only while that meld is open).
    pub(super) open_turn: [[u32; 13]; 2],
    pub(super) opened: [bool; 2],
    pub(super) minimum: [i32; 2],
    pub(super) totals: [i64; 2],
    pub(super) stock: Pile<MAX_SHOE>,
    pub(super) discard: Pile<MAX_SHOE>,
    pub(super) first_turn: bool,
    pub(super) picked: bool,
    pub(super) retracted: bool,
    pub(super) start: Seat,
    pub(super) dealer: Seat,
    pub(super) shoe: CardCounts,
}

/// The shoe of `players` decks of 54.
pub fn full_shoe(players: usize) -> CardCounts {
    CardCounts::from_set_times(crate::cards::CardSet::DECK54, players as u8)
}

/// `a - b` for multisets (`b` must be inside `a`).
#[cfg(test)]
pub fn minus(a: &CardCounts, b: &CardCounts) -> CardCounts {
    let mut out = *a;
    for (c, n) in b.iter() {
        for _ in 0..n {
            out.remove(c);
        }
    }
    out
}

impl HandAndFoot {
    /// [`HandAndFoot::from_deck_shoe`] with the deck's cards counted here.
    #[cfg(test)]
    pub(crate) fn from_deck(rules: &HfRules, table: &Table, deck: &[Card], start: Seat) -> Self {
        let mut shoe = CardCounts::EMPTY;
        shoe.add_cards(deck.iter().copied());
        Self::from_deck_shoe(rules, table, deck, start, shoe)
    }

    /// The deal from a fixed order: seat `s` gets `deck[26s..26s+13]` as packet 0 and the
    /// next 13 as packet 1; the rest is the stock, bottom first, its top card the upcard.
    /// The pass begins at the dealer's left. `shoe` counts the deck's cards (the caller
    /// knows them: `deal`'s deck is `players` whole 54-card decks, [`full_shoe`]).
    pub(super) fn from_deck_shoe(
        rules: &HfRules,
        table: &Table,
        deck: &[Card],
        start: Seat,
        shoe: CardCounts,
    ) -> Self {
        let n = table.players;
        let mut g = HandAndFoot {
            rules: *rules,
            players: n,
            phase: Phase::Pass,
            end: End::Running,
            seat: (table.dealer + 1) % n,
            turns: 0,
            hands: [CardCounts::EMPTY; MAX_PLAYERS],
            feet: [CardCounts::EMPTY; MAX_PLAYERS],
            recv: [CardCounts::EMPTY; MAX_PLAYERS],
            known: [CardCounts::EMPTY; MAX_PLAYERS],
            in_foot: [false; MAX_PLAYERS],
            foot_due: [false; MAX_PLAYERS],
            melds: [Melds::default(); 2],
            open_turn: [[0; 13]; 2],
            opened: [false; 2],
            minimum: [
                melds::minimum(table.totals[0]),
                melds::minimum(table.totals[1]),
            ],
            totals: [table.totals[0], table.totals[1]],
            stock: Pile::from_slice(&deck[2 * PACKET * n..]),
            discard: Pile::new(),
            first_turn: true,
            picked: false,
            retracted: false,
            start,
            dealer: table.dealer,
            shoe,
        };
        for s in 0..n {
            let p = &deck[s * 2 * PACKET..(s + 1) * 2 * PACKET];
            g.hands[s].add_cards(p[..PACKET].iter().copied());
            g.feet[s].add_cards(p[PACKET..].iter().copied());
        }
        let up = g.stock.pop().expect("stock holds the upcard");
        g.discard.push(up);
        g
    }

    /// What the deal waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat left of the dealer: first to pass and to choose.
    pub(super) fn first_seat(&self) -> Seat {
        (self.dealer + 1) % self.players
    }

    pub(super) fn team(&self) -> usize {
        self.seat % 2
    }
}
