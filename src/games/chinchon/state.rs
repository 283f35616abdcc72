//! The state of one deal: its types (actions, phases, how it ended, the last action card's
//! effect), the deal from a stacked deck (`Game::deal` shuffles), and the direction of play. What is legal
//! is in `legal.rs`, how actions change the state in `apply.rs`.

use super::arrange::HAND_CAP;
use super::cards::{SHOE_CAP, point_table, shoe, shoe_table};
use super::combos::ComboList;
use super::rules::Rules;
use super::scoring::CloseScore;
use crate::cards::{Card, CardCounts, GameRng, Pile};
use crate::game::{MAX_SEATS, Seat, SeatMask, Table};

/// Cards dealt to each player.
pub const HAND: usize = 7;
/// Hard cap on player turns in one deal; a deal reaching it ends with no winner.
pub const MAX_TURNS: u32 = 1000;

/// One decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Take the top of the stock.
    #[default]
    DrawStock,
    /// Take the top of the discard pile (never a special card).
    DrawDiscard,
    /// Discard this card face up (an action card then acts).
    Discard(Card),
    /// Discard this card face down and close (only when the rest is within `close_limit`).
    Close(Card),
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The seat to act draws.
    Draw,
    /// The seat to act discards or closes.
    Discard,
    /// The deal is over.
    Over,
}

/// How the deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Not over yet.
    Running,
    /// The seat closed.
    Closed(Seat),
    /// Nobody could draw (stock and discards exhausted): no winner.
    Blocked,
    /// [`MAX_TURNS`] reached: no winner.
    Capped,
}

/// The last action card's effect, for traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The last discard had no effect (or nothing was discarded yet).
    None,
    /// The seat drew a card (or could not, `false`) and lost its turn.
    Drew(Seat, bool),
    /// The seat lost its turn (`SKIP`, or `REV` at two with `reverse_two_players=skip`).
    Skipped(Seat),
    /// The direction of play reversed.
    Reversed,
}

/// A deal of Chinchón.
#[derive(Clone, Debug)]
pub struct Chinchon {
    pub(crate) rules: Rules,
    pub(crate) players: usize,
    pub(crate) active: SeatMask,
    pub(crate) hands: [Pile<HAND_CAP>; MAX_SEATS],
    pub(crate) stock: Pile<SHOE_CAP>,
    pub(crate) discard: Pile<SHOE_CAP>,
    /// The closing card, face down.
    pub(crate) face_down: Option<Card>,
    /// The deal's own generator, for reshuffles.
    pub(super) rng: GameRng,
    pub(crate) turn: Seat,
    pub(crate) clockwise: bool,
    pub(crate) phase: Phase,
    pub(crate) end: End,
    pub(crate) turns: u32,
    pub(crate) effect: Effect,
    pub(crate) close: CloseScore,
    /// The points of each card index under the rules (public knowledge, in every view).
    pub(crate) card_points: [u16; 64],
    /// The copies of each card index in the shoe (public knowledge).
    pub(crate) shoe_counts: [u8; 64],
    /// The cards in the shoe.
    pub(crate) shoe_len: u32,
    /// The combinations of each hand, kept up to date with the hands.
    pub(crate) combos: [ComboList; MAX_SEATS],
    /// Cards each seat took from the discard pile in view of all and still holds (public).
    pub(crate) known: [Pile<HAND_CAP>; MAX_SEATS],
    /// The copies of each card index face up in the discard pile or known to be in a hand
    /// (taken from the discards in view of all), kept with them: what every seat sees besides
    /// its own hand ([`Chinchon::recount`] makes it afresh).
    pub(crate) public: [u8; 64],
    /// How many times the discards were shuffled into a new stock.
    pub(crate) reshuffles: u32,
    /// The cards the last reshuffle put into the stock (public: all were face up), empty
    /// before any: the stock holds only cards from it.
    pub(crate) restocked: CardCounts,
}

impl Chinchon {
    /// Deals from `deck` (its first card is the top of the stock): 7 cards to each active
    /// seat one at a time from the first player, then the upcard. `deck` must be the shoe.
    pub(crate) fn from_deck(rules: &Rules, table: &Table, deck: &[Card], rng: GameRng) -> Chinchon {
        let mut s = Chinchon::empty(rules, table.players, table.active, rng);
        s.turn = table.dealer;
        debug_assert_eq!(
            deck.iter().copied().collect::<CardCounts>(),
            shoe(rules, table.players)
        );
        // The deck's first card is the top of the stock: the deal takes cards from the front,
        // one per active seat in turn, then the upcard; the rest is the stock.
        s.turn = s.next(table.dealer);
        let seats = s.active.len() as usize;
        assert!(deck.len() > HAND * seats, "shoe too small for the table");
        // The seats in dealing order, worked out once for the seven rounds.
        let mut order = [0; MAX_SEATS];
        let mut p = s.turn;
        for o in order[..seats].iter_mut() {
            *o = p;
            p = s.next(p);
        }
        // Seat `order[o]` gets every `seats`-th card from the `o`-th (the seats without cards
        // keep the empty hand and list).
        for (o, &p) in order[..seats].iter().enumerate() {
            let mut hand = [Card::from_index(0); HAND];
            for (j, x) in hand.iter_mut().enumerate() {
                *x = deck[j * seats + o];
            }
            s.hands[p] = Pile::from_slice(&hand);
            s.combos[p] = ComboList::of(&hand);
        }
        let k = HAND * seats;
        s.discard.push(deck[k]);
        s.public[deck[k].index() as usize & 63] += 1;
        s.stock.extend_reversed(&deck[k + 1..]);
        s.begin_turn();
        s
    }

    /// A table with no cards anywhere, seat 0 to draw (the deal and the determinizer fill it).
    pub(crate) fn empty(rules: &Rules, players: usize, active: SeatMask, rng: GameRng) -> Chinchon {
        let shoe_counts = shoe_table(rules, players);
        Chinchon {
            rules: *rules,
            players,
            active,
            hands: [Pile::new(); MAX_SEATS],
            stock: Pile::new(),
            discard: Pile::new(),
            face_down: None,
            rng,
            turn: 0,
            clockwise: false,
            phase: Phase::Draw,
            end: End::Running,
            turns: 0,
            effect: Effect::None,
            close: CloseScore::default(),
            card_points: point_table(rules),
            shoe_counts,
            shoe_len: shoe_counts.iter().map(|&k| k as u32).sum(),
            combos: [ComboList::EMPTY; MAX_SEATS],
            known: [Pile::new(); MAX_SEATS],
            public: [0; 64],
            reshuffles: 0,
            restocked: CardCounts::EMPTY,
        }
    }

    /// Makes [`Chinchon::public`] afresh from the discard pile and the known cards (after
    /// they were set other than by playing).
    pub(crate) fn recount(&mut self) {
        self.public = [0; 64];
        let known = self.known[..self.players].iter().flat_map(|k| k.as_slice());
        for &c in self.discard.as_slice().iter().chain(known) {
            self.public[c.index() as usize & 63] += 1;
        }
    }

    /// The next active seat after `seat` in the direction of play.
    pub(crate) fn next(&self, seat: Seat) -> Seat {
        if self.players == 2 && self.active.len() == 2 {
            return seat ^ 1; // two at the table: the other one, either way round
        }
        let mut p = seat;
        loop {
            // Seats wrap round the table (no division: this runs at every turn).
            p = if self.clockwise {
                if p + 1 == self.players { 0 } else { p + 1 }
            } else if p == 0 {
                self.players - 1
            } else {
                p - 1
            };
            if self.active.contains(p) || p == seat {
                return p;
            }
        }
    }

    /// The points of each card of `seat`'s hand.
    pub(crate) fn hand_points(&self, seat: Seat) -> [u16; HAND_CAP] {
        let mut p = [0; HAND_CAP];
        for (x, &c) in p.iter_mut().zip(self.hands[seat].as_slice()) {
            *x = self.card_points[c.index() as usize];
        }
        p
    }
}
