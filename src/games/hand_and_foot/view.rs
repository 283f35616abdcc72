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

/// One seat's view of a deal.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Players at the table (4 or 6); seats are numbered 0..players.
    pub players: usize,
    /// Where the deal is.
    pub phase: Phase,
    /// The rules of the deal.
    pub rules: &'a HfRules,
    /// The seat that dealt.
    pub dealer: Seat,
    /// The seat to act (`None` once the deal is over).
    pub to_act: Option<Seat>,
    /// Player turns so far.
    pub turns: u32,
    /// The cards this seat plays from (hand, or foot once picked up); during the pass and
    /// the choice, its first packet.
    pub hand: &'a CardCounts,
    /// During the pass: the seat's second packet; during the choice: the packet received.
    pub other_packet: Option<&'a CardCounts>,
    /// After the pass: the seat's own foot (it chose it; empty once picked up).
    pub foot: Option<&'a CardCounts>,
    /// Per seat, true once it has picked up its foot.
    pub in_foot: [bool; MAX_PLAYERS],
    /// Both partnerships' melds (the seat's partnership is `seat % 2`).
    pub melds: &'a [Melds; 2],
    /// Per partnership, true once it has met its opening minimum.
    pub opened: [bool; 2],
    /// Opening minimum per partnership.
    pub minimum: [i32; 2],
    /// Match totals per partnership before this deal.
    pub totals: [i64; 2],
    /// The top card of the discard pile (`None` when it is empty).
    pub top: Option<Card>,
    /// Cards in the discard pile, the top included.
    pub pile_len: usize,
    /// The discard pile, bottom first (its top last): every card was seen when discarded.
    pub pile: &'a [Card],
    /// Per seat, cards every seat knows it holds in hand (the pile it took, the upcard,
    /// melds it took back, less what it has melded or discarded since): a lower bound.
    pub known: &'a [CardCounts; MAX_PLAYERS],
    /// Cards left in the stock.
    pub stock_len: usize,
    /// True when the pile was taken this turn.
    pub picked: bool,
    /// True when an opening was retracted this turn.
    pub retracted: bool,
    pub(super) deal: &'a HandAndFoot,
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

/// One partnership's melds as JSON: open melds by rank (naturals and wilds), natural books
/// by rank, every melded card and their points.
pub(super) fn melds_json(m: &Melds) -> Value {
    let open: Vec<Value> = (0..13)
        .filter(|&i| m.nat[i] > 0)
        .map(|i| json!({"rank": rank_letter(i), "naturals": m.nat[i], "wilds": m.wild[i]}))
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
            if s < self.players {
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
        let n = self.players;
        let teams: Vec<Value> = (0..2)
            .map(|t| {
                json!({
                    "melds": melds_json(&self.melds[t]),
                    "opened": self.opened[t],
                    "minimum": self.minimum[t],
                    "match_total": self.totals[t],
                })
            })
            .collect();
        json!({
            "seat": self.seat,
            "players": n,
            "dealer": self.dealer,
            "phase": phase_name(self.phase),
            "to_act": self.to_act,
            "turns": self.turns,
            "hand": cards_json(self.hand),
            "other_packet": self.other_packet.map(cards_json),
            "foot": self.foot.map(cards_json),
            "hand_sizes": &self.hand_lens()[..n],
            "foot_sizes": &self.foot_lens()[..n],
            "received_sizes": (0..n).map(|s| self.deal.recv[s].len()).collect::<Vec<_>>(),
            "in_foot": &self.in_foot[..n],
            "partnerships": teams,
            "top": self.top.map(card_text),
            "pile_size": self.pile_len,
            "pile_under": self.pile[..self.pile.len().saturating_sub(1)]
                .iter()
                .map(|&c| card_text(c))
                .collect::<Vec<_>>(),
            "known": (0..n)
                .map(|s| if s == self.seat { json!([]) } else { cards_json(&self.known[s]) })
                .collect::<Vec<_>>(),
            "stock_size": self.stock_len,
            "first_turn": self.deal.first_turn,
            "picked": self.picked,
            "retracted": self.retracted,
        })
    }

    fn shown(&self) -> CardCounts {
        let mut c = *self.hand;
        if let Some(p) = self.other_packet {
            c.add(p);
        }
        if let Some(f) = self.foot {
            c.add(f);
        }
        c.add(&self.melds[0].cards);
        c.add(&self.melds[1].cards);
        c.add_cards(self.pile.iter().copied());
        for s in (0..self.players).filter(|&s| s != self.seat) {
            c.add(&self.known[s]);
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
    pub(super) fn new(g: &'a HandAndFoot, seat: Seat) -> View<'a> {
        View {
            seat,
            players: g.players,
            phase: g.phase,
            rules: &g.rules,
            dealer: g.dealer,
            to_act: (g.phase != Phase::Over).then_some(g.seat),
            turns: g.turns,
            hand: &g.hands[seat],
            other_packet: g.other_packet(seat),
            foot: (g.phase != Phase::Pass).then_some(&g.feet[seat]),
            in_foot: g.in_foot,
            melds: &g.melds,
            opened: g.opened,
            minimum: g.minimum,
            totals: g.totals,
            top: g.discard.top(),
            pile_len: g.discard.len(),
            pile: g.discard.as_slice(),
            known: &g.known,
            stock_len: g.stock.len(),
            picked: g.picked,
            retracted: g.retracted,
            deal: g,
        }
    }
}
