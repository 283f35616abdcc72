//! What one seat may see: its own hand, the face-up discard pile (every card in it was
//! discarded face up in view of all), the cards others took from it and still hold, the sizes
//! of the stock and of the other hands, the direction, whose turn it is and the last action
//! card's effect; its JSON form (documented in `rules.md`, "View JSON"). Nothing else of the
//! state is reachable from a `View`.

use super::arrange::HAND_CAP;
use super::cards::names_json;
use super::combos::ComboList;
use super::rules::Rules;
use super::state::{Chinchon, Effect, End, Phase};
use crate::cards::{Card, CardCounts};
use crate::game::{Seat, SeatMask, SeatView};
use serde_json::{Value, json};

/// One seat's view of a deal. Its `Debug` output shows only what the seat may see.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Seats at the table (active or not).
    pub players: usize,
    /// The rules of the deal.
    pub rules: &'a Rules,
    /// This seat's cards.
    pub hand: &'a [Card],
    /// The discard pile, bottom first (the top is the last card).
    pub discard: &'a [Card],
    /// Cards in the stock.
    pub stock_len: usize,
    /// The deal, private to the game's module: the methods below read only public facts from it
    /// (hand sizes, what may be drawn, whether a discard closes), so building a view costs
    /// no work for facts a strategy never asks.
    pub(super) g: &'a Chinchon,
    /// The seats still in the match.
    pub active: SeatMask,
    /// The seat to act.
    pub turn: Seat,
    /// The direction of play (counter-clockwise until a `REV`).
    pub clockwise: bool,
    /// Where the turn stands.
    pub phase: Phase,
    /// How the deal stands (running, or how it ended).
    pub end: End,
    /// Player turns played so far (the deal ends at [`super::MAX_TURNS`]).
    pub turns: u32,
    /// The last action card's effect.
    pub effect: Effect,
    /// The points of each card index under the rules.
    pub card_points: &'a [u16; 64],
    /// The combinations of this seat's hand (a function of its own hand only).
    pub combos: &'a ComboList,
    /// How many times the discards were shuffled into a new stock this deal.
    pub reshuffles: u32,
    /// The cards the last reshuffle put into the stock (all had been face up), empty before
    /// any: whatever is in the stock now is among them (public memory, in the JSON too).
    pub restocked: &'a CardCounts,
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
            .field("end", &self.end)
            .field("turns", &self.turns)
            .field("effect", &self.effect)
            .field(
                "known",
                &(0..self.players).map(|s| self.known(s)).collect::<Vec<_>>(),
            )
            .field("without", &self.without_list())
            .field("reshuffles", &self.reshuffles)
            .field("restocked", &self.restocked)
            .finish_non_exhaustive()
    }
}

impl<'a> View<'a> {
    /// How many cards `seat` holds.
    #[inline]
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.g.hands[seat].len()
    }

    /// The cards `seat` took from the discard pile in view of all and still holds.
    #[inline]
    pub fn known(&self, seat: Seat) -> &'a [Card] {
        self.g.known[seat].as_slice()
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

    /// When this seat is discarding: the least unmatched points of its hand without each
    /// position (the first `hand.len()` entries; a function of its own hand only). Computed
    /// on each call: ask once per decision.
    pub fn without(&self) -> Option<[u16; HAND_CAP]> {
        (self.turn == self.seat && self.phase == Phase::Discard).then(|| self.g.without_now())
    }

    /// [`View::without`] as a list as long as the hand.
    fn without_list(&self) -> Option<Vec<u16>> {
        self.without().map(|w| w[..self.hand.len()].to_vec())
    }

    /// When this seat is discarding: whether discarding position `i` face down closes
    /// (computes [`View::without`]).
    pub fn may_close_with(&self, i: usize) -> bool {
        self.without()
            .is_some_and(|w| w[i] <= self.rules.close_limit)
    }

    /// The active seat that plays after `seat` in the present direction (it may take what
    /// `seat` discards, unless an action card stops it).
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        self.g.next(seat)
    }

    /// The points `c` counts when unmatched.
    #[inline]
    pub fn points(&self, c: Card) -> u16 {
        self.card_points[c.index() as usize & 63]
    }

    /// For each number card (index `suit * 12 + number - 1`), the copies that may still come
    /// to this seat: those in the discard pile, and those that may be in the stock. Before any
    /// reshuffle that is every copy the seat cannot see; after one, only copies among
    /// [`View::restocked`] (the others sit in hands).
    pub fn live(&self) -> [u8; 48] {
        let hidden = self.unseen_numbers();
        let mut live = [0u8; 48];
        for &c in self.discard {
            if let Some(l) = live.get_mut(c.index() as usize) {
                *l += 1;
            }
        }
        for (i, (l, &h)) in live.iter_mut().zip(&hidden).enumerate() {
            *l += h.min(self.may_be_in_stock(i));
        }
        live
    }

    /// The copies of number card `i` the stock may hold, as far as this seat can tell.
    fn may_be_in_stock(&self, i: usize) -> u8 {
        if self.reshuffles > 0 {
            self.restocked.count(Card::from_index(i as u8))
        } else {
            u8::MAX
        }
    }

    /// For each number card, the copies out of this seat's sight (not in its hand, the discard
    /// pile, or among the cards others are known to hold).
    fn unseen_numbers(&self) -> [u8; 48] {
        let mut hidden = [super::cards::decks(self.players); 48];
        let mut seen = |c: Card| {
            if let Some(h) = hidden.get_mut(c.index() as usize) {
                *h = h.saturating_sub(1);
            }
        };
        self.hand.iter().chain(self.discard).for_each(|&c| seen(c));
        (0..self.players)
            .filter(|&s| s != self.seat)
            .for_each(|s| self.known(s).iter().for_each(|&c| seen(c)));
        hidden
    }
}

impl SeatView for View<'_> {
    fn to_json(&self) -> Value {
        let players = 0..self.players;
        json!({
            "seat": self.seat,
            "players": self.players,
            "active": self.active.iter().collect::<Vec<_>>(),
            "turn": self.turn,
            "phase": phase_name(self.phase),
            "direction": if self.clockwise { "clockwise" } else { "counter-clockwise" },
            "turns": self.turns,
            "hand": names_json(self.hand),
            "discard": names_json(self.discard),
            "stock": self.stock_len,
            "hand_sizes": players.clone().map(|s| self.hand_size(s)).collect::<Vec<_>>(),
            "known": players.map(|s| names_json(if s == self.seat { &[] } else { self.known(s) })).collect::<Vec<_>>(),
            "can_draw_stock": self.can_draw_stock(),
            "can_take_discard": self.can_take_discard(),
            "unmatched_without": self.without_list(),
            "last_effect": effect_json(self.effect),
            "end": end_json(self.end),
            "reshuffles": self.reshuffles,
            "restocked": counts_by_name(self.restocked),
        })
    }

    fn remembered(&self) -> CardCounts {
        *self.restocked
    }

    fn shown(&self) -> CardCounts {
        let mut c: CardCounts = self.hand.iter().copied().collect();
        c.add_cards(self.discard.iter().copied());
        for s in (0..self.players).filter(|&s| s != self.seat) {
            c.add_cards(self.known(s).iter().copied());
        }
        c
    }
}

/// Cards as a JSON array of names, copies repeated, in index order.
pub(crate) fn counts_json(c: &CardCounts) -> Value {
    c.iter()
        .flat_map(|(x, n)| std::iter::repeat_n(super::cards::name(x), n as usize))
        .collect()
}

/// Cards as a JSON object from each card's name to its copies, in card order: a memory of
/// cards out of sight (the view's cards in sight are arrays of names).
fn counts_by_name(c: &CardCounts) -> Value {
    Value::Object(
        c.iter()
            .map(|(x, n)| (super::cards::name(x), json!(n)))
            .collect(),
    )
}

/// The phase as JSON text.
pub(crate) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Draw => "draw",
        Phase::Discard => "discard",
        Phase::Over => "over",
    }
}

/// The last action card's effect as JSON (`null` when the last discard had none).
pub(crate) fn effect_json(e: Effect) -> Value {
    match e {
        Effect::None => Value::Null,
        Effect::Drew(s, drew) => json!({"effect": "drew", "seat": s, "card_drawn": drew}),
        Effect::Skipped(s) => json!({"effect": "skipped", "seat": s}),
        Effect::Reversed => json!({"effect": "reversed"}),
    }
}

/// How the deal stands, as JSON.
pub(crate) fn end_json(e: End) -> Value {
    match e {
        End::Running => json!("running"),
        End::Closed(s) => json!({"closed_by": s}),
        End::Blocked => json!("blocked"),
        End::Capped => json!("turn-cap"),
    }
}
