//! The state of one Lasso deal (`Lasso`, `Phase`, `Action`), the deal from a deck, and the
//! small queries every other file uses. Applying actions is `apply.rs`, legal lists `legal.rs`.

use super::rules::LassoRules;
use super::scoring::{SetKind, can_set_with};
use crate::cards::{Card, CardSet, GameRng, Pile};
use crate::game::Table;

/// Hard cap on player turns in one deal; a deal reaching it ends as an empty stock does.
pub const MAX_TURNS: u32 = 400;
/// Seats, piles and sets are small fixed arrays.
pub(crate) const SLOTS: usize = 4;
/// No seat (a blind card nobody has seen; nobody went out).
pub(crate) const NOBODY: u8 = u8::MAX;
/// A face-down top every seat has seen (the match of a draw-until, drawn in view of all).
pub(crate) const PUBLIC: u8 = u8::MAX - 1;
/// At most 13 sets of 4 cards out of 52.
pub(crate) const MAX_SETS: usize = 13;

/// One decision. A turn is several of them; lasso and answer decisions belong to other seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Decline: no (further) set this turn, no lasso, no answer.
    #[default]
    Pass,
    /// Setup pile: (face-up lower card, face-down card).
    Setup(Card, Card),
    /// Turn up the face-down top of a pile.
    Reveal(u8),
    /// Take the top `n` cards of a pile (`n > 1` obliges a set with the deepest one).
    Take(u8, u8),
    /// Take the top card of the stock.
    Stock,
    /// Discard a hand card face down onto a pile.
    Discard(Card, u8),
    /// Discard the stock top, unseen, onto a pile.
    Blind(u8),
    /// Draw stock cards until one matches a revealed top, then discard it.
    DrawUntil,
    /// Refill an empty slot, starting with this hand card.
    Refill(u8, Card),
    /// Complete a refill with a second hand card.
    RefillWith(Card),
    /// Complete a refill with the stock top.
    RefillStock,
    /// Lay a 4-card set.
    Lay(CardSet),
    /// Choose the lowest card (by card index) of the set to lay, when the hand holds more
    /// sets than one list can offer; the next decision lists the sets with that lowest card.
    SetLow(Card),
    /// Lasso the set just laid with an ace.
    Lasso(Card),
    /// Answer a lasso chain with the next card down.
    Answer(Card),
}

/// Where the deal stands; the seat deciding is `Lasso::actor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Each seat chooses its setup pair, from the dealer's left.
    Setup,
    /// The turn's player turns up a face-down top.
    Reveal,
    /// The turn's player picks up.
    Pickup,
    /// The turn's player discards.
    Discard,
    /// Draw-until-match drew this card: discard it onto a matching pile.
    Drawn(Card),
    /// Refilling this slot, first card chosen (still in hand).
    Refill(u8, Card),
    /// The turn's player may lay a set (must, when it owes one).
    Set,
    /// The turn's player lays a set whose lowest card (by index) is this one.
    SetLow(Card),
    /// Seat `actor` may lasso the set just laid.
    Lasso,
    /// Seat `actor` holds the next card of the chain.
    Answer(Card),
    /// The round is over.
    Over,
}

/// A set on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaidSet {
    /// Its four cards.
    pub cards: CardSet,
    /// The best type it qualifies for.
    pub kind: SetKind,
    /// What it scores.
    pub points: i32,
    /// The seat that owns it now (a lasso chain moves it).
    pub owner: u8,
}

impl Default for LaidSet {
    fn default() -> Self {
        LaidSet {
            cards: CardSet::EMPTY,
            kind: SetKind::Suit,
            points: 0,
            owner: NOBODY,
        }
    }
}

/// A whole Lasso deal.
#[derive(Clone, Debug)]
pub struct Lasso {
    pub(crate) rules: LassoRules,
    pub(crate) players: u8,
    pub(crate) dealer: u8,
    pub(crate) phase: Phase,
    /// Whose turn it is.
    pub(crate) turn: u8,
    /// Who decides now.
    pub(crate) actor: u8,
    pub(crate) hands: [CardSet; SLOTS],
    /// Setup pairs chosen but not yet placed (setup is simultaneous).
    pub(crate) pending: [CardSet; SLOTS],
    pub(crate) stock: Pile<52>,
    pub(crate) piles: [Pile<52>; SLOTS],
    /// The pile's top is face down.
    pub(crate) down: [bool; SLOTS],
    /// Who put the face-down top there (pays a mismatch).
    pub(crate) down_by: [u8; SLOTS],
    /// Who has seen the face-down top (`NOBODY` for a blind discard).
    pub(crate) knower: [u8; SLOTS],
    pub(crate) sets: [LaidSet; MAX_SETS],
    pub(crate) nsets: u8,
    /// Lasso aces and answer cards, set aside for the round.
    pub(crate) aside: CardSet,
    pub(crate) penalties: [i32; SLOTS],
    /// The seat that went out (+100), or `NOBODY`.
    pub(crate) out: u8,
    /// Deepest card of a multi-card pickup: the set laid this turn must hold it.
    pub(crate) owed: Option<Card>,
    pub(crate) laid: u8,
    /// Lasso chain: the set, its current claimant, how far round the lasso question went.
    pub(crate) chain_set: u8,
    pub(crate) claimant: u8,
    pub(crate) asked: u8,
    pub(crate) turns: u32,
    pub(crate) capped: bool,
    /// The round ended because the turn's player had no legal discard.
    pub(crate) stuck: bool,
    /// The face-up card of each pending setup pair (the player's choice for a pair).
    pub(crate) pending_up: [Card; SLOTS],
    /// Public knowledge: cards each seat took in view of all (pile pick-ups, draw-until
    /// draws) and has not shown since; each is in that seat's hand or on a face-down top it
    /// discarded from its hand.
    pub(crate) known: [CardSet; SLOTS],
    /// For a face-down top discarded from a hand: the discarder's `known` cards then (the
    /// top may be one of them) and its hand size then (the card included).
    pub(crate) pool: [CardSet; SLOTS],
    pub(crate) hand_at: [u8; SLOTS],
    /// The face-down top is the second card of a pair (setup or refill from hand): it shares
    /// the rank of the card under it, or its suit with a higher rank.
    pub(crate) paired: [bool; SLOTS],
    /// The cards the latest reshuffle put into the stock, in view of all (empty before one):
    /// the stock holds only cards of it from then on.
    pub(crate) restock: CardSet,
    pub(crate) rng: GameRng,
}

impl Lasso {
    /// A deal from a fixed deck order (deck[0] is dealt first; the rest is the stock, its
    /// last card on top). `deal` shuffles and calls this; tests stack the deck.
    pub(crate) fn from_deck(
        rules: &LassoRules,
        table: &Table,
        deck: &[Card],
        rng: GameRng,
    ) -> Lasso {
        let n = table.players;
        let mut hands = [CardSet::EMPTY; SLOTS];
        for (i, &c) in deck[..7 * n].iter().enumerate() {
            hands[(table.dealer + 1 + i) % n].insert(c);
        }
        let mut g = Lasso {
            rules: *rules,
            players: n as u8,
            dealer: table.dealer as u8,
            phase: Phase::Setup,
            turn: table.dealer as u8,
            actor: ((table.dealer + 1) % n) as u8,
            hands,
            pending: [CardSet::EMPTY; SLOTS],
            stock: Pile::from_slice(&deck[7 * n..]),
            piles: [Pile::new(); SLOTS],
            down: [false; SLOTS],
            down_by: [NOBODY; SLOTS],
            knower: [NOBODY; SLOTS],
            sets: [LaidSet::default(); MAX_SETS],
            nsets: 0,
            aside: CardSet::EMPTY,
            penalties: [0; SLOTS],
            out: NOBODY,
            owed: None,
            laid: 0,
            chain_set: 0,
            claimant: NOBODY,
            asked: 0,
            turns: 0,
            capped: false,
            stuck: false,
            pending_up: [Card::from_index(0); SLOTS],
            known: [CardSet::EMPTY; SLOTS],
            pool: [CardSet::EMPTY; SLOTS],
            hand_at: [0; SLOTS],
            paired: [false; SLOTS],
            restock: CardSet::EMPTY,
            rng,
        };
        g.rules.sets_per_turn = g.rules.sets_per_turn.max(1);
        g
    }

    /// The pile slots in the order every list and the reshuffle walk them: the slots of the
    /// seats clockwise from `from` (its own first), then the slots no seat owns (fewer than
    /// 4 players). So lists depend on positions relative to a seat, never on seat numbers.
    pub(crate) fn slots_from(&self, from: u8) -> impl Iterator<Item = usize> + Clone + use<> {
        slots_from(self.players as usize, from as usize)
    }

    pub(crate) fn next_seat(&self, s: u8) -> u8 {
        (s + 1) % self.players
    }

    /// True when the stock can give a card: it holds one, or `empty_stock=reshuffle` has
    /// revealed pile cards below the tops to shuffle into a new one.
    pub(crate) fn stock_live(&self) -> bool {
        !self.stock.is_empty()
            || (self.rules.empty_stock == super::rules::EmptyStock::Reshuffle
                && (0..SLOTS).any(|p| self.piles[p].len() > if self.down[p] { 2 } else { 1 }))
    }

    /// The revealed top of pile `p`, if any.
    #[inline]
    pub(crate) fn open_top(&self, p: usize) -> Option<Card> {
        if self.down[p] {
            None
        } else {
            self.piles[p].top()
        }
    }

    /// True when `c` matches some revealed top in rank or suit.
    pub(crate) fn matches_any(&self, c: Card) -> bool {
        (0..SLOTS).any(|p| self.open_top(p).is_some_and(|t| same(t, c)))
    }

    /// True when the set obligation still holds after `hand` loses `gone`.
    #[inline]
    pub(crate) fn keeps_owed(&self, hand: CardSet, gone: CardSet) -> bool {
        keeps_owed(self.owed, hand, gone)
    }
}

/// The pile slots at a table of `players`, clockwise from seat `from` (its own first), then
/// the slots no seat owns ([`Lasso::slots_from`]; views list in the same order).
pub(crate) fn slots_from(players: usize, from: usize) -> impl Iterator<Item = usize> + Clone {
    (0..players)
        .map(move |i| (from + i) % players)
        .chain(players..SLOTS)
}

/// True when the set obligation `owed` still holds after `hand` loses `gone`.
#[inline]
pub(crate) fn keeps_owed(owed: Option<Card>, hand: CardSet, gone: CardSet) -> bool {
    owed.is_none_or(|d| !gone.contains(d) && can_set_with(hand - gone, d))
}

/// Same rank or same suit.
#[inline]
pub(crate) fn same(a: Card, b: Card) -> bool {
    a.rank() == b.rank() || a.suit() == b.suit()
}

/// True when `down` may lie face down on `up` in a pair: the same rank, or the same suit
/// and a higher rank (the lower card lies face up; ace low).
#[inline]
pub(crate) fn pair_ok(up: Card, down: Card) -> bool {
    up.rank() == down.rank() || (up.suit() == down.suit() && down.rank() > up.rank())
}
