//! The state of one deal: the Head, the Starters, the hands, the stock and the discard pile,
//! with the `Phase` that drives legal actions (`legal.rs`) and their application
//! (`apply.rs`).

use super::rules::Rules;
use super::scoring::{Hand, is_valid, signed};
use crate::cards::{Card, CardCounts, GameRng, Pile};
use crate::game::{EndReason, MAX_SEATS, Seat, Table};
use std::sync::OnceLock;

/// The largest shoe: 8 players at one and a half packs per two players = 6 packs.
pub const SHOE_MAX: usize = 6 * 52;
/// Six packs in index order (a shoe is a prefix of it).
const SHOE: [Card; SHOE_MAX] = {
    let mut a = [Card::from_index(0); SHOE_MAX];
    let mut i = 0;
    while i < SHOE_MAX {
        a[i] = Card::from_index((i % 52) as u8);
        i += 1;
    }
    a
};
/// An unshuffled shoe of `packs` packs (1..=6), copied from piles built once: filling a pile
/// card by card costs more than the shuffle.
pub(super) fn fresh_shoe(packs: u8) -> Pile<SHOE_MAX> {
    static SHOES: OnceLock<[Pile<SHOE_MAX>; 7]> = OnceLock::new();
    let shoes = SHOES.get_or_init(|| std::array::from_fn(|p| Pile::from_slice(&SHOE[..52 * p])));
    shoes[packs as usize]
}

/// Hard cap on player turns in a deal; a deal reaching it ends with no winner.
pub const TURN_CAP: u32 = 1000;

/// One decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay the five hand cards down (start of a turn, valid hands only): ends the deal.
    #[default]
    LayDown,
    /// Take the top card of the stock.
    DrawStock,
    /// Take the top card of the discard pile.
    DrawDiscard,
    /// Discard this card (after a draw), ending the turn.
    Discard(Card),
}

/// How a deal of Broken Ladder ends ([`crate::game::Game::END_REASONS`]), in the order of
/// [`Outcome`]'s ends.
pub const END_REASONS: &[EndReason] = &[
    EndReason {
        name: "laid-down",
        about: "a player laid down a valid hand",
    },
    EndReason {
        name: "stock-exhausted",
        about: "the stock ran out with only the top discard left to rebuild it (no winner)",
    },
    EndReason {
        name: "turn-cap",
        about: "the deal reached 1000 player turns (no winner)",
    },
];

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Start of a turn: lay down, or draw.
    Start,
    /// Drew; must discard.
    Discard,
    /// The deal is over.
    Over,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The deal is still being played.
    Running,
    /// This seat laid down a valid hand.
    LaidDown(Seat),
    /// The stock was empty and could not be rebuilt.
    StockExhausted,
    /// [`TURN_CAP`] turns passed.
    TurnCap,
}

/// Counts of cards by signed value (index `value + 13`, so 0..27; 13 and 27.. stay 0).
pub type ValueCounts = [u8; 32];

/// The whole state of a Broken Ladder deal.
#[derive(Clone, Debug)]
pub struct BrokenLadder {
    pub(crate) rules: Rules,
    pub(crate) players: usize,
    pub(crate) dealer: Seat,
    pub(crate) packs: u8,
    pub(crate) head: Card,
    pub(crate) starters: [Card; MAX_SEATS],
    pub(crate) hands: [Hand; MAX_SEATS],
    pub(crate) stock: Pile<SHOE_MAX>,
    pub(crate) discard: Pile<SHOE_MAX>,
    /// Every face-up card (Head, Starters, the whole discard pile) by signed value.
    pub(crate) public_values: ValueCounts,
    pub(crate) to_act: Seat,
    pub(crate) phase: Phase,
    /// The card taken from the discard pile this turn, if any.
    pub(crate) taken: Option<Card>,
    /// Per seat, the cards everyone knows it holds: taken from the discard pile in view of
    /// all, and not discarded since.
    pub(crate) known: [Hand; MAX_SEATS],
    pub(crate) turns: u32,
    /// Per seat, after a reshuffle: the cards that may still be in the stock as that seat
    /// remembers them (every card turned over at the last reshuffle, less those it drew
    /// since); empty before any reshuffle.
    pub(crate) stock_memory: [CardCounts; MAX_SEATS],
    /// True once the stock has been rebuilt from the discards.
    pub(crate) reshuffled: bool,
    pub(crate) outcome: Outcome,
    /// The game's own chance (reshuffles), forked from the deal rng.
    pub(crate) rng: GameRng,
}

impl BrokenLadder {
    /// Deals with `top` as the first cards off the deck (the rest of the shoe follows in
    /// index order), for scripted tests. Panics when `top` is not part of the shoe.
    #[cfg(test)]
    pub(crate) fn from_deck(rules: &Rules, table: &Table, top: &[Card]) -> BrokenLadder {
        let packs = rules.packs(table.players);
        let mut rest =
            crate::cards::CardCounts::from_set_times(crate::cards::CardSet::DECK52, packs);
        for &c in top {
            assert!(rest.remove(c), "{c} is not in a {packs}-pack shoe");
        }
        let mut stock: Pile<SHOE_MAX> = Pile::new();
        for (c, n) in rest.iter().collect::<Vec<_>>().into_iter().rev() {
            (0..n).for_each(|_| stock.push(c));
        }
        top.iter().rev().for_each(|&c| stock.push(c));
        Self::from_stock(rules, table, stock, GameRng::new(0, 0))
    }

    /// Deals off the top of `stock`: the Head, a Starter per seat from the dealer's left,
    /// five cards each one at a time, the discard upcard; the rest stays the stock.
    pub(super) fn from_stock(
        rules: &Rules,
        table: &Table,
        mut stock: Pile<SHOE_MAX>,
        rng: GameRng,
    ) -> BrokenLadder {
        let players = table.players;
        let mut take = || stock.pop().expect("shoe too small");
        let head = take();
        let mut starters = [head; MAX_SEATS];
        let mut hands = [Hand::default(); MAX_SEATS];
        let seat = |k: usize| (table.dealer + 1 + k) % players;
        (0..players).for_each(|k| starters[seat(k)] = take());
        for _ in 0..5 {
            (0..players).for_each(|k| hands[seat(k)].push(take()));
        }
        let up = take();
        let mut s = BrokenLadder {
            rules: *rules,
            players,
            dealer: table.dealer,
            packs: rules.packs(players),
            head,
            starters,
            hands,
            stock,
            discard: Pile::new(),
            public_values: [0; 32],
            to_act: seat(0),
            phase: Phase::Start,
            taken: None,
            known: [Hand::default(); MAX_SEATS],
            turns: 0,
            stock_memory: [CardCounts::EMPTY; MAX_SEATS],
            reshuffled: false,
            outcome: Outcome::Running,
            rng,
        };
        s.push_discard(up);
        s.public_values[(signed(head) + 13) as usize] += 1;
        for &c in &starters[..players] {
            s.public_values[(signed(c) + 13) as usize] += 1;
        }
        s
    }

    pub(super) fn push_discard(&mut self, c: Card) {
        self.discard.push(c);
        self.public_values[(signed(c) + 13) as usize] += 1;
    }

    pub(super) fn pop_discard(&mut self) -> Card {
        let c = self.discard.pop().expect("discard pile empty");
        self.public_values[(signed(c) + 13) as usize] -= 1;
        c
    }

    /// True when `seat`'s hand is valid now.
    pub fn valid(&self, seat: Seat) -> bool {
        is_valid(
            self.head,
            self.starters[seat],
            &self.hands[seat],
            self.rules.rank_limit,
        )
    }

    /// How the deal ended, or [`Outcome::Running`].
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat]
    }

    pub(super) fn end(&mut self, o: Outcome) {
        self.outcome = o;
        self.phase = Phase::Over;
    }
}
