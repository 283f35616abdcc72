//! Golf's deal state: the [`Golf`] struct, its [`Phase`]s and [`Action`]s, the deal from a
//! stacked deck, and the end reasons. Listing actions is in `legal.rs`, playing them in
//! `apply.rs`.

use super::rules::GolfRules;
use super::scoring::{UNKNOWN, key, score_cards, score_packed};
use crate::cards::{Card, GameRng, Pile};
use crate::game::{EndReason, MAX_SEATS, Table};

/// Two decks with jokers.
pub const SHOE_CAP: usize = 108;
/// A deal ends (scored as it stands) after this many player turns.
pub const MAX_TURNS: u32 = 400;
/// The keys of a grid all face down, with the two padding bytes of `Golf::shown`.
const HIDDEN_GRID: [u8; 8] = [UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, 0, 0];
/// All six positions face up.
pub const ALL_UP: u8 = 0b11_1111;

/// How a deal of Golf ends ([`crate::game::Game::END_REASONS`]).
pub const END_REASONS: &[EndReason] = &[
    EndReason {
        name: "went-out",
        about: "a player turned up its sixth card (and the final turns were played)",
    },
    EndReason {
        name: "stock-exhausted",
        about: "the stock ran out (empty_stock=end, or too few discards to reshuffle)",
    },
    EndReason {
        name: "turn-cap",
        about: "the deal reached 400 player turns",
    },
];
pub(super) const WENT_OUT: u8 = 0;
pub(super) const STOCK_EXHAUSTED: u8 = 1;
pub(super) const TURN_CAP: u8 = 2;

/// Where a deal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Players turn up their two opening cards.
    Opening,
    /// Draw from the stock or the discard pile.
    Draw,
    /// Holding a stock card: swap it in or discard it.
    PlaceStock,
    /// Holding the discard: swap it in.
    PlaceDiscard,
    /// After discarding a stock card: turn up a face-down card (rule `flip_after_discard`).
    FlipAfter,
    /// The deal is over.
    Over,
}

/// One decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Turn up grid position 0..6 (opening, or after a discard).
    Flip(u8),
    /// Draw the top stock card.
    #[default]
    DrawStock,
    /// Take the top discard.
    DrawDiscard,
    /// Put the held card at grid position 0..6; the old card goes to the discard pile.
    Swap(u8),
    /// Discard the held stock card.
    Discard,
    /// Decline the optional flip.
    NoFlip,
}

/// A deal of Golf.
#[derive(Clone, Debug)]
pub struct Golf {
    pub(super) rules: GolfRules,
    pub(super) players: u8,
    pub(super) dealer: u8,
    pub(super) grids: [[Card; 6]; MAX_SEATS],
    /// Scoring keys of the grids as everyone sees them: [`UNKNOWN`] where face down (kept
    /// with `grids` and `up`, because bots read them at every decision). Two padding bytes
    /// (always 0) make each row one `u64` load.
    pub(super) shown: [[u8; 8]; MAX_SEATS],
    /// Face-up positions per seat (bit p = position p).
    pub(super) up: [u8; MAX_SEATS],
    /// The cards every seat sees, counted by scoring key (4 bits per key, key k in bits
    /// 4k..4k+4; at most 8 copies with two decks): the discard pile, every face-up card,
    /// and a discard taken into hand. Kept with every move, because the bots count the
    /// unseen cards at every decision.
    pub(super) public: u64,
    pub(super) stock: Pile<SHOE_CAP>,
    pub(super) discard: Pile<SHOE_CAP>,
    pub(super) phase: Phase,
    pub(super) seat: u8,
    /// The card in hand between drawing and placing it.
    pub(super) held: Option<Card>,
    /// The first seat to have all six face up.
    pub(super) ender: Option<u8>,
    pub(super) finals_left: u8,
    pub(super) turns: u32,
    /// True once the stock has been rebuilt from the discards: its cards are then public
    /// (those turned over, less those drawn since), only their order is unknown.
    pub(super) reshuffled: bool,
    /// How the deal ended (an index into [`END_REASONS`]), set when it ends.
    pub(super) end: u8,
    /// For reshuffles: forked from the deal rng, so the deal is fixed at the deal.
    pub(super) chance: GameRng,
    /// Where the deal sits in its match (public): `None` for a lone deal.
    pub(super) hole: Option<Hole>,
}

/// A deal's place in its match: every seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hole {
    /// Holes (deals) of the match played before this one.
    pub played: u32,
    /// Holes still to play after this one (0 on the match's last hole).
    pub left: u32,
    /// Each seat's match total before this hole.
    pub totals: [i64; MAX_SEATS],
}

/// One deck in index order. Golf's two jokers are the same card ([`Card::JOKER`]): they
/// score alike, and the view JSON names both `JK`.
const DECK: [Card; 54] = {
    let mut d = Card::DECK;
    d[53] = Card::JOKER;
    d
};

/// The cards of a fresh shoe for `players` under `rules`, in a fixed order.
pub fn fresh_shoe(rules: &GolfRules, players: usize) -> Pile<SHOE_CAP> {
    let mut p = Pile::new();
    let deck = &DECK[..if rules.jokers { 54 } else { 52 }];
    for _ in 0..rules.decks_for(players) {
        p.extend_from_slice(deck);
    }
    p
}

/// One copy of `c`'s scoring key in the packed counts of [`Golf::public`].
#[inline]
pub(super) fn nibble(c: Card) -> u64 {
    1 << (4 * (key(c) as u32 & 15))
}

impl Golf {
    /// Deals from `deck` in order, relative to the dealer: the seat k places left of the
    /// dealer (the dealer itself first) gets `deck[6k..6k+6]` (positions 0..6), the next
    /// card starts the discard pile, and the card after it is the top of the stock.
    pub(crate) fn from_deck(
        rules: &GolfRules,
        table: &Table,
        deck: &[Card],
        chance: GameRng,
    ) -> Golf {
        let players = table.players;
        let mut grids = [[Card::JOKER; 6]; MAX_SEATS];
        let mut seat = table.dealer;
        for k in 0..players {
            grids[seat].copy_from_slice(&deck[6 * k..6 * k + 6]);
            seat = if seat + 1 == players { 0 } else { seat + 1 };
        }
        let mut discard = Pile::new();
        discard.push(deck[6 * players]);
        let mut stock = Pile::new();
        stock.extend_reversed(&deck[6 * players + 1..]);
        let first = ((table.dealer + 1) % players) as u8;
        Golf {
            public: nibble(deck[6 * players]),
            rules: *rules,
            players: players as u8,
            dealer: table.dealer as u8,
            shown: [HIDDEN_GRID; MAX_SEATS],
            grids,
            up: [0; MAX_SEATS],
            stock,
            discard,
            phase: Phase::Opening,
            seat: first,
            held: None,
            ender: None,
            finals_left: 0,
            turns: 0,
            reshuffled: false,
            end: 0,
            chance,
            hole: table.played.map(|played| Hole {
                played,
                left: rules.holes.saturating_sub(played + 1),
                totals: table.totals,
            }),
        }
    }

    pub(super) fn first_player(&self) -> u8 {
        self.next(self.dealer)
    }

    /// The seat after `s` (a compare instead of a division: this runs every turn).
    #[inline]
    pub(super) fn next(&self, s: u8) -> u8 {
        let n = s + 1;
        if n == self.players { 0 } else { n }
    }

    /// [`Golf::public`] counted afresh from the piles and grids (for tests, and for
    /// fixtures that turn cards up by hand).
    #[cfg(test)]
    pub(crate) fn public_recount(&self) -> u64 {
        let mut n = 0;
        for &c in self.discard.as_slice() {
            n += nibble(c);
        }
        for s in 0..self.players as usize {
            for p in 0..6 {
                if self.up[s] >> p & 1 == 1 {
                    n += nibble(self.grids[s][p]);
                }
            }
        }
        if let (Some(h), Phase::PlaceDiscard) = (self.held, self.phase) {
            n += nibble(h);
        }
        n
    }

    /// Each seat's score with every card counted (as at the end of the deal). A grid all
    /// face up is scored off its shown keys (they are its cards' keys).
    pub fn scores(&self) -> [i32; MAX_SEATS] {
        let mut sc = [0; MAX_SEATS];
        for (s, x) in sc.iter_mut().enumerate().take(self.players as usize) {
            *x = if self.up[s] == ALL_UP {
                score_packed(u64::from_le_bytes(self.shown[s]), &self.rules)
            } else {
                score_cards(&self.grids[s], &self.rules)
            };
        }
        sc
    }
}
