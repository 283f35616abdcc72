//! What one seat may see: its own hand, the Head, every Starter, the whole discard pile (each
//! discard was laid face up), the cards other seats took from that pile and still hold, the
//! stock's size and the turn state, and after a reshuffle which cards may still be in the
//! stock (perfect recall: every card turned over, less those the seat drew since). The rest of other hands and the stock's cards are not in
//! the type.

use super::scoring::Hand;
use super::state::{BrokenLadder, Phase, ValueCounts};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatView};

/// The deal behind a view, reachable only from this folder's determinizer (through
/// [`View::known_state`], which wipes what the seat cannot see). Its `Debug` prints nothing.
#[derive(Clone, Copy)]
pub(super) struct Deal<'a>(&'a BrokenLadder);

impl std::fmt::Debug for Deal<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

/// Stands for a card hidden from the seat in [`View::known_state`].
const PLACEHOLDER: Card = Card::from_index(0);

/// A seat's view of a deal.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Players at the table; seats are numbered 0..players.
    pub players: usize,
    /// 52-card packs in the shoe.
    pub packs: u8,
    /// The Head (face up): the target of every hand.
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
    /// Cards left in the stock.
    pub stock_len: usize,
    /// Where the turn stands.
    pub phase: Phase,
    /// The card this seat took from the discard pile this turn, if any.
    pub taken: Option<Card>,
    /// Per seat (`players` entries), the cards everyone knows it holds: taken from the
    /// discard pile and not discarded since.
    pub known: &'a [Hand],
    /// The rank limit in force (`None`: off).
    pub rank_limit: Option<u8>,
    /// After a reshuffle, the cards this seat knows may still be in the stock: those turned
    /// over at the last reshuffle, less those it drew since (the stock holds only such
    /// cards; the ones the others drew sit unseen in their hands). `None` before any
    /// reshuffle (the stock is then any unseen card).
    pub stock_memory: Option<&'a CardCounts>,
    /// The seat that dealt (the first to play sits at its left).
    pub dealer: Seat,
    /// The seat to act (`None` when the deal is over).
    pub to_act: Option<Seat>,
    /// Player turns completed.
    pub turns: u32,
    pub(super) deal: Deal<'a>,
}

impl View<'_> {
    /// Whether the card just taken from the discard pile may be discarded again this turn
    /// (the rule `rediscard`, known to every seat).
    pub fn rediscard(&self) -> bool {
        self.deal.0.rules.rediscard
    }

    /// A copy of the deal holding only what this seat knows: the stock's cards and every
    /// card of another hand not known to sit there are replaced by a placeholder (sizes,
    /// phases and public cards kept), for the determinizer to fill.
    pub(super) fn known_state(&self) -> BrokenLadder {
        let mut g = self.deal.0.clone();
        g.stock.as_mut_slice().fill(PLACEHOLDER);
        for s in (0..self.players).filter(|&s| s != self.seat) {
            let n = g.hands[s].len();
            g.hands[s] = g.known[s];
            (g.hands[s].len()..n).for_each(|_| g.hands[s].push(PLACEHOLDER));
        }
        g
    }
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        let text = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let phase = match self.phase {
            Phase::Start => "start",
            Phase::Discard => "discard",
            Phase::Over => "over",
        };
        serde_json::json!({
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "packs": self.packs,
            "phase": phase,
            "to_act": self.to_act,
            "turns": self.turns,
            "head": self.head.to_string(),
            "starters": text(self.starters),
            "hand": text(self.hand.as_slice()),
            "hand_sizes": (0..self.players).map(|s| self.deal.0.hands[s].len()).collect::<Vec<_>>(),
            "known": (0..self.players)
                .map(|s| if s == self.seat { Vec::new() } else { text(self.known[s].as_slice()) })
                .collect::<Vec<_>>(),
            "discard": text(self.discard),
            "stock": self.stock_len,
            "took_discard": self.taken.is_some(),
            "stock_memory": self.stock_memory.map(|m| {
                m.iter()
                    .map(|(c, n)| (c.to_string(), serde_json::Value::from(n)))
                    .collect::<serde_json::Map<_, _>>()
            }),
            "rank_limit": self.rank_limit,
        })
    }

    fn remembered(&self) -> CardCounts {
        self.stock_memory.copied().unwrap_or_default()
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

impl<'a> View<'a> {
    /// `seat`'s view of `self` (the one way to make a view).
    pub(super) fn new(g: &'a BrokenLadder, seat: Seat) -> View<'a> {
        View {
            seat,
            players: g.players,
            packs: g.packs,
            head: g.head,
            starters: &g.starters[..g.players],
            hand: &g.hands[seat],
            discard: g.discard.as_slice(),
            public_values: &g.public_values,
            stock_len: g.stock.len(),
            phase: g.phase,
            taken: if seat == g.to_act { g.taken } else { None },
            rank_limit: g.rules.rank_limit,
            known: &g.known[..g.players],
            stock_memory: g.reshuffled.then_some(&g.stock_memory[seat]),
            dealer: g.dealer,
            to_act: (g.phase != Phase::Over).then_some(g.to_act),
            turns: g.turns,
            deal: Deal(g),
        }
    }
}
