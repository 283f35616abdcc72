//! What one seat may see: its hand and setup pair, the fanned (face-up) pile cards, the
//! face-down tops it put there itself, the sets and set-aside cards, and counts.

use super::rules::{EmptyStock, LassoRules};
use super::state::{LaidSet, Phase, SLOTS};
use crate::cards::{Card, CardCounts, CardSet};
use crate::game::SeatView;
use serde_json::json;

/// One discard pile as a seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct PileView<'a> {
    /// The face-up cards, bottom first (the whole pile when its top is revealed).
    pub up: &'a [Card],
    /// The top is face down.
    pub down: bool,
    /// The face-down top, when this seat put it there (or it was drawn in view of all).
    pub known_top: Option<Card>,
    /// Who discarded the face-down top.
    pub by: Option<usize>,
    /// The face-down top came from its discarder's hand (not the stock unseen, not a
    /// draw-until card everyone saw).
    pub from_hand: bool,
    /// The face-down top is the second card of a pair: it shares the rank of the card under
    /// it, or its suit with a higher rank.
    pub paired: bool,
    /// For a top from a hand: the discarder's `known` cards at the time (it may be one of
    /// them) and its hand size then.
    pub pool: CardSet,
    /// The discarder's hand size when it put the top down (the card included).
    pub hand_at: u8,
}

impl PileView<'_> {
    /// The revealed top, if the pile has one.
    pub fn open_top(&self) -> Option<Card> {
        if self.down {
            None
        } else {
            self.up.last().copied()
        }
    }
}

/// A seat's view of a Lasso deal.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The seat this view belongs to.
    pub seat: usize,
    /// Seats at the table.
    pub players: usize,
    /// The dealer of this deal.
    pub dealer: usize,
    /// The deal's rules.
    pub rules: &'a LassoRules,
    /// Whose turn it is.
    pub turn: usize,
    /// Who decides now, and the phase (public: everyone watches the turn).
    pub actor: usize,
    /// The phase of the deal.
    pub phase: Phase,
    /// The phase, when this seat is the one deciding (`None` otherwise).
    pub my_phase: Option<Phase>,
    /// This seat's hand.
    pub hand: CardSet,
    /// This seat's setup pair while setup is under way, and which card of it lies face up.
    pub pending: CardSet,
    /// The face-up card of this seat's pending setup pair.
    pub pending_up: Option<Card>,
    /// The four pile slots, by slot number (a seat's own pile is its slot).
    pub piles: [PileView<'a>; SLOTS],
    /// The sets laid so far.
    pub sets: &'a [LaidSet],
    /// Lasso aces and answer cards set aside for the round.
    pub aside: CardSet,
    /// Cards left in the stock.
    pub stock_len: usize,
    /// Each seat's hand size.
    pub hand_len: [u8; SLOTS],
    /// Each seat's mismatch penalties so far.
    pub penalties: [i32; SLOTS],
    /// Player turns so far in this deal (including the current one).
    pub turns: u32,
    /// The deepest card of this turn's multi-card pickup (public: the pickup was public).
    pub owed: Option<Card>,
    /// The set a lasso chain is about, and its claimant, during a chain.
    pub chain: Option<(usize, usize)>,
    /// Sets laid this turn.
    pub laid: u8,
    /// How far round the current lasso or answer question has gone.
    pub asked: u8,
    /// Each seat's setup pair size (2 while setup is under way once it has chosen).
    pub pending_len: [u8; SLOTS],
    /// Cards each seat took in view of all and has not shown since (see `Lasso::known`).
    pub known: [CardSet; SLOTS],
    /// The cards the latest reshuffle put into the stock (every seat saw them face up in
    /// the piles): the stock holds only cards of it. Empty before a reshuffle.
    pub restock: CardSet,
}

impl View<'_> {
    /// True when the stock can give a card: it holds one, or `empty_stock=reshuffle` has
    /// revealed pile cards below the tops to shuffle into a new one (`Lasso::stock_live`).
    pub fn stock_live(&self) -> bool {
        self.stock_len > 0
            || (self.rules.empty_stock == EmptyStock::Reshuffle
                && self.piles.iter().any(|p| p.up.len() > 1))
    }

    /// The cards whose place this seat cannot tell: the stock, the other hands and setup
    /// pairs, face-down tops it has not seen, less the cards known to sit with another seat.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.pending | self.aside;
        for p in &self.piles {
            seen |= p.up.iter().copied().collect::<CardSet>();
            seen |= p.known_top.map_or(CardSet::EMPTY, CardSet::from_card);
        }
        for s in self.sets {
            seen |= s.cards;
        }
        for k in &self.known[..self.players] {
            seen |= *k;
        }
        CardSet::DECK52 - seen
    }
}

fn card_list(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards.into_iter().map(|c| c.to_string()).collect()
}

/// A phase as JSON: its name and, where it has them, the pile and the card it is about.
/// Such a card sits elsewhere in the JSON already (or is out of the seat's sight, as the
/// card an answer needs), so it is given by index (0-51, suit-major: clubs A..K, diamonds,
/// hearts, spades), never by name.
pub(crate) fn phase_json(p: Phase) -> serde_json::Value {
    let card = |c: Card| c.index();
    match p {
        Phase::Setup => json!({"name": "setup"}),
        Phase::Reveal => json!({"name": "reveal"}),
        Phase::Pickup => json!({"name": "pickup"}),
        Phase::Discard => json!({"name": "discard"}),
        Phase::Drawn(c) => json!({"name": "drawn", "card_index": card(c)}),
        Phase::Refill(p, c) => json!({"name": "refill", "pile": p, "card_index": card(c)}),
        Phase::Set => json!({"name": "set"}),
        Phase::SetLow(c) => json!({"name": "set_low", "card_index": card(c)}),
        Phase::Lasso => json!({"name": "lasso"}),
        Phase::Answer(c) => json!({"name": "answer", "card_index": card(c)}),
        Phase::Over => json!({"name": "over"}),
    }
}

/// A laid set as JSON.
pub(crate) fn set_json(s: &LaidSet) -> serde_json::Value {
    json!({"cards": card_list(s.cards), "kind": s.kind.name(), "points": s.points, "owner": s.owner})
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        let n = self.players;
        let piles: Vec<_> = self
            .piles
            .iter()
            .map(|p| {
                json!({
                    "up": card_list(p.up.iter().copied()),
                    "down": p.down,
                    "known_top": p.known_top.map(|c| c.to_string()),
                    "by": p.by,
                    "from_hand": p.from_hand,
                    "paired": p.paired,
                    "pool": p.by.map_or(0, |s| (p.pool & self.known[s]).0),
                    "hand_at": p.hand_at,
                })
            })
            .collect();
        json!({
            "seat": self.seat,
            "players": n,
            "dealer": self.dealer,
            "turn": self.turn,
            "actor": self.actor,
            "phase": phase_json(self.phase),
            "hand": card_list(self.hand),
            "pending": card_list(self.pending_up.into_iter().chain(self.pending - self.pending_up.map_or(CardSet::EMPTY, CardSet::from_card))),
            "piles": piles,
            "sets": self.sets.iter().map(set_json).collect::<Vec<_>>(),
            "aside": card_list(self.aside),
            "stock": self.stock_len,
            "hand_sizes": &self.hand_len[..n],
            "pending_sizes": &self.pending_len[..n],
            "known": (0..n)
                .map(|s| card_list(if s == self.seat { CardSet::EMPTY } else { self.known[s] }))
                .collect::<Vec<_>>(),
            "penalties": &self.penalties[..n],
            "turns": self.turns,
            "owed_index": self.owed.map(|c| c.index()),
            "chain": self.chain.map(|(set, claimant)| json!({"set": set, "claimant": claimant})),
            "laid": self.laid,
            "asked": self.asked,
            "restock": self.restock.0,
        })
    }

    fn remembered(&self) -> CardCounts {
        CardCounts::from_set(self.restock)
    }

    fn shown(&self) -> CardCounts {
        let mut c = CardCounts::from_set(self.hand | self.pending | self.aside);
        for p in &self.piles {
            c.add_cards(p.up.iter().copied());
            c.add_cards(p.known_top);
        }
        for s in self.sets {
            c.add_set(s.cards);
        }
        for (s, &k) in self.known.iter().enumerate() {
            if s != self.seat {
                c.add_set(k);
            }
        }
        c
    }
}
