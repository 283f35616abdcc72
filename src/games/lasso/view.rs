//! What one seat may see: its hand and setup pair, the fanned (face-up) pile cards, the
//! face-down tops it put there itself, the sets and set-aside cards, and counts.

use super::rules::LassoRules;
use super::state::{LaidSet, Lasso, Phase, SLOTS};
use crate::cards::{Card, CardCounts, CardSet};
use crate::game::SeatView;

/// One discard pile as a seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct PileView<'a> {
    /// The face-up cards, bottom first (the whole pile when its top is revealed).
    pub up: &'a [Card],
    /// The top is face down.
    pub down: bool,
    /// The face-down top, when this seat put it there.
    pub known_top: Option<Card>,
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
    pub seat: usize,
    pub players: usize,
    pub rules: &'a LassoRules,
    /// Whose turn it is.
    pub turn: usize,
    /// The phase, when this seat is the one deciding (`None` otherwise).
    pub my_phase: Option<Phase>,
    pub hand: CardSet,
    /// This seat's setup pair while setup is under way.
    pub pending: CardSet,
    pub piles: [PileView<'a>; SLOTS],
    pub sets: &'a [LaidSet],
    pub aside: CardSet,
    pub stock_len: usize,
    pub hand_len: [u8; SLOTS],
    pub penalties: [i32; SLOTS],
    /// Player turns so far in this deal (including the current one).
    pub turns: u32,
    /// The deepest card of this turn's multi-card pickup (public: the pickup was public).
    pub owed: Option<Card>,
    /// The set a lasso chain is about, and its claimant, during a chain.
    pub chain: Option<(usize, usize)>,
}

impl Lasso {
    /// Builds `seat`'s view.
    pub(crate) fn seat_view(&self, seat: usize) -> View<'_> {
        let piles = std::array::from_fn(|p| {
            let all = self.piles[p].as_slice();
            let down = self.down[p];
            PileView {
                up: if down { &all[..all.len() - 1] } else { all },
                down,
                known_top: if down && self.knower[p] as usize == seat {
                    all.last().copied()
                } else {
                    None
                },
            }
        });
        let in_chain = matches!(self.phase, Phase::Lasso | Phase::Answer(_));
        View {
            seat,
            players: self.players as usize,
            rules: &self.rules,
            turn: self.turn as usize,
            my_phase: (self.actor as usize == seat && self.phase != Phase::Over)
                .then_some(self.phase),
            hand: self.hands[seat],
            pending: self.pending[seat],
            piles,
            sets: &self.sets[..self.nsets as usize],
            aside: self.aside,
            stock_len: self.stock.len(),
            hand_len: std::array::from_fn(|s| self.hands[s].len() as u8),
            penalties: self.penalties,
            turns: self.turns,
            owed: self.owed,
            chain: in_chain.then_some((self.chain_set as usize, self.claimant as usize)),
        }
    }
}

impl SeatView for View<'_> {
    fn to_json(&self) -> serde_json::Value {
        todo!("view json")
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
        c
    }
}
