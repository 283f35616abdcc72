//! What one seat may see: its own cards in play, every meld, the discard pile (squared, but
//! each of its cards was seen when discarded: perfect recall), the cards known to be in
//! each hand (a pile taken, the upcard, melds taken back), and counts of everything hidden.
//! The foot is face down until picked up. The view holds the deal privately (for the
//! determinizer); its `Debug` and JSON show only what its seat sees.

use super::melds::Melds;
use super::rules::HfRules;
use super::state::{HandAndFoot, MAX_PLAYERS, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatView};
use serde_json::{Value, json};

/// One seat's view of a deal: the seat and the deal it looks at, every fact read through
/// the accessors below (nothing is copied when a view is made; the accessors return only
/// what the seat may see, besides the private `deal` kept for the determinizer).
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// The seat whose view this is.
    pub seat: Seat,
    pub(super) deal: &'a HandAndFoot,
}

impl<'a> View<'a> {
    /// Players at the table (4 or 6); seats are numbered 0..players.
    #[inline]
    pub fn players(&self) -> usize {
        self.deal.players
    }

    /// Where the deal is.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.deal.phase
    }

    /// The rules of the deal.
    #[inline]
    pub fn rules(&self) -> &'a HfRules {
        &self.deal.rules
    }

    /// The seat that dealt.
    #[inline]
    pub fn dealer(&self) -> Seat {
        self.deal.dealer
    }

    /// The seat to act (`None` once the deal is over).
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        (self.deal.phase != Phase::Over).then_some(self.deal.seat)
    }

    /// Player turns so far.
    #[inline]
    pub fn turns(&self) -> u32 {
        self.deal.turns
    }

    /// The cards this seat plays from (hand, or foot once picked up); during the pass and
    /// the choice, its first packet.
    #[inline]
    pub fn hand(&self) -> &'a CardCounts {
        &self.deal.hands[self.seat]
    }

    /// During the pass: the seat's second packet; during the choice: the packet received.
    #[inline]
    pub fn other_packet(&self) -> Option<&'a CardCounts> {
        self.deal.other_packet(self.seat)
    }

    /// After the pass: the seat's own foot (it chose it; empty once picked up).
    #[inline]
    pub fn foot(&self) -> Option<&'a CardCounts> {
        (self.deal.phase != Phase::Pass).then_some(&self.deal.feet[self.seat])
    }

    /// Per seat, true once it has picked up its foot.
    #[inline]
    pub fn in_foot(&self) -> &'a [bool; MAX_PLAYERS] {
        &self.deal.in_foot
    }

    /// Both partnerships' melds (the seat's partnership is `seat % 2`).
    #[inline]
    pub fn melds(&self) -> &'a [Melds; 2] {
        &self.deal.melds
    }

    /// The player turn ([`View::turns`]) on which partnership `t`'s open meld of rank `r`
    /// was started (meaningful only while that meld is open).
    #[inline]
    pub fn open_turn(&self, t: usize, r: u8) -> u32 {
        self.deal.open_turn[t][r as usize]
    }

    /// Per partnership, true once it has met its opening minimum.
    #[inline]
    pub fn opened(&self) -> &'a [bool; 2] {
        &self.deal.opened
    }

    /// Opening minimum per partnership.
    #[inline]
    pub fn minimum(&self) -> &'a [i32; 2] {
        &self.deal.minimum
    }

    /// Match totals per partnership before this deal.
    #[inline]
    pub fn totals(&self) -> &'a [i64; 2] {
        &self.deal.totals
    }

    /// The top card of the discard pile (`None` when it is empty).
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.deal.discard.top()
    }

    /// Cards in the discard pile, the top included.
    #[inline]
    pub fn pile_len(&self) -> usize {
        self.deal.discard.len()
    }

    /// The discard pile, bottom first (its top last): every card was seen when discarded.
    #[inline]
    pub fn pile(&self) -> &'a [Card] {
        self.deal.discard.as_slice()
    }

    /// Per seat, cards every seat knows it holds in hand (the pile it took, the upcard,
    /// melds it took back, less what it has melded or discarded since): a lower bound.
    #[inline]
    pub fn known(&self) -> &'a [CardCounts; MAX_PLAYERS] {
        &self.deal.known
    }

    /// Cards left in the stock.
    #[inline]
    pub fn stock_len(&self) -> usize {
        self.deal.stock.len()
    }

    /// True when the pile was taken this turn.
    #[inline]
    pub fn picked(&self) -> bool {
        self.deal.picked
    }

    /// True when an opening was retracted this turn.
    #[inline]
    pub fn retracted(&self) -> bool {
        self.deal.retracted
    }
}

impl std::fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "View {}", self.to_json())
    }
}

/// A card in this game's JSON notation: French (`QH`, `TS`), the two jokers of a deck
/// `JK` and `JK2` (identical in play, told apart so that every card has one name).
pub(super) fn card_text(c: Card) -> String {
    if c == Card::JOKER2 {
        "JK2".into()
    } else {
        c.to_string()
    }
}

/// Reads [`card_text`]'s notation back.
pub(super) fn card_from_text(s: &str) -> Option<Card> {
    if s.trim().eq_ignore_ascii_case("JK2") {
        Some(Card::JOKER2)
    } else {
        s.parse().ok()
    }
}

pub(super) fn cards_json(h: &CardCounts) -> Value {
    let mut v = Vec::with_capacity(h.len() as usize);
    for (c, n) in h.iter() {
        for _ in 0..n {
            v.push(Value::String(card_text(c)));
        }
    }
    Value::Array(v)
}

fn rank_letter(r: usize) -> String {
    crate::cards::Rank::new(r as u8).letter().to_string()
}

/// One partnership's melds as JSON: open melds by rank (naturals, wilds and the player turn
/// each was started on), natural books by rank, every melded card and their points.
pub(super) fn melds_json(m: &Melds, turn: &[u32; 13]) -> Value {
    let open: Vec<Value> = (0..13)
        .filter(|&i| m.nat[i] > 0)
        .map(|i| {
            json!({"rank": rank_letter(i), "naturals": m.nat[i], "wilds": m.wild[i], "turn": turn[i]})
        })
        .collect();
    let books: Vec<Value> = (0..13)
        .filter(|&i| m.nat_books[i] > 0)
        .map(|i| json!({"rank": rank_letter(i), "count": m.nat_books[i]}))
        .collect();
    json!({
        "open": open,
        "natural_books": books,
        "unnatural_books": m.unnatural_books(),
        "cards": cards_json(&m.cards),
        "points": m.points,
    })
}

/// The phase as a JSON name.
pub(super) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Pass => "pass",
        Phase::Choose => "choose",
        Phase::Draw => "draw",
        Phase::Meld => "meld",
        Phase::Over => "over",
    }
}

impl View<'_> {
    /// Cards in play per seat (hand or foot); 0 beyond `players`. Counted when asked (the
    /// bots do not read it), not with every view.
    pub fn hand_lens(&self) -> [u32; MAX_PLAYERS] {
        std::array::from_fn(|s| {
            if s < self.players() {
                self.deal.hands[s].len()
            } else {
                0
            }
        })
    }

    /// Cards in each seat's foot not yet picked up (13 or 0; public).
    pub fn foot_lens(&self) -> [u32; MAX_PLAYERS] {
        std::array::from_fn(|s| self.deal.feet[s].len())
    }
}

impl SeatView for View<'_> {
    fn to_json(&self) -> Value {
        let n = self.players();
        let teams: Vec<Value> = (0..2)
            .map(|t| {
                json!({
                    "melds": melds_json(&self.melds()[t], &self.deal.open_turn[t]),
                    "opened": self.opened()[t],
                    "minimum": self.minimum()[t],
                    "match_total": self.totals()[t],
                })
            })
            .collect();
        json!({
            "seat": self.seat,
            "players": n,
            "dealer": self.dealer(),
            "phase": phase_name(self.phase()),
            "to_act": self.to_act(),
            "turns": self.turns(),
            "hand": cards_json(self.hand()),
            "other_packet": self.other_packet().map(cards_json),
            "foot": self.foot().map(cards_json),
            "hand_sizes": &self.hand_lens()[..n],
            "foot_sizes": &self.foot_lens()[..n],
            "received_sizes": (0..n).map(|s| self.deal.recv[s].len()).collect::<Vec<_>>(),
            "in_foot": &self.in_foot()[..n],
            "partnerships": teams,
            "top": self.top().map(card_text),
            "pile_size": self.pile_len(),
            "pile_under": self.pile()[..self.pile().len().saturating_sub(1)]
                .iter()
                .map(|&c| card_text(c))
                .collect::<Vec<_>>(),
            "known": (0..n)
                .map(|s| if s == self.seat { json!([]) } else { cards_json(&self.known()[s]) })
                .collect::<Vec<_>>(),
            "stock_size": self.stock_len(),
            "first_turn": self.deal.first_turn,
            "picked": self.picked(),
            "retracted": self.retracted(),
        })
    }

    fn shown(&self) -> CardCounts {
        let mut c = *self.hand();
        if let Some(p) = self.other_packet() {
            c.add(p);
        }
        if let Some(f) = self.foot() {
            c.add(f);
        }
        c.add(&self.melds()[0].cards);
        c.add(&self.melds()[1].cards);
        c.add_cards(self.pile().iter().copied());
        for s in (0..self.players()).filter(|&s| s != self.seat) {
            c.add(&self.known()[s]);
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
}

impl<'a> View<'a> {
    /// `seat`'s view of `g` (the one way to make a view).
    #[inline]
    pub(super) fn new(g: &'a HandAndFoot, seat: Seat) -> View<'a> {
        View { seat, deal: g }
    }
}
