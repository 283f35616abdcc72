//! Broken Ladder's search hooks ([`crate::game::Game::win_chances`] and
//! [`crate::game::Game::explain`]): what the search bots (`src/strategy/search/`) ask of the
//! game beyond its rules.
//!
//! **Win chances** value a position where a rollout was cut off (`depth` with `eval = 1`).
//! The deal is a race to a valid hand, so the reading is a race:
//! 1. a seat holding a valid five lays it down at its next turn: the first such seat in turn
//!    order (as in [`crate::game::Game::result_now`]) wins (chance 1);
//! 2. otherwise each seat completes on a turn with chance `p = (outs + 1) / stock`, its outs
//!    the stock cards that would make its best five valid by one swap (each replacement value
//!    once, the rank limit respected); the `+ 1` stands for the hands that need two swaps
//!    (no outs yet, still a chance to be first). Seats take turns from the seat to act (last
//!    when it has drawn already); the first to complete wins: seat `k` in that order wins
//!    with chance `p_k * prod_{j < k} (1 - p_j) / (1 - prod_j (1 - p_j))`.
//!
//! **Explain** weighs a sample of the hidden cards by the last move of the seat that played
//! just before the searching seat: it discarded `T` (the discard pile's top, or the card the
//! searching seat just took), keeping its five. With the sample's five `H`, the weight is the
//! chance a soft version of `greedy` (softmax with [`BETA`] over greedy's measures of the
//! six fives `H + T` could keep) discards `T`: samples in which `T` was the card to keep (it
//! made the hand valid, or brought it many outs) are unlikely, those in which it was the card
//! to throw likely. The opponent's view is the sample's (the public cards have not changed
//! since that discard, but the searching seat's own take, handled here).

use super::greedy::Greedy;
use super::scoring::signed;
use super::state::{BrokenLadder, Phase};
use super::view::View;
use crate::game::{Game, MAX_SEATS};

/// The softmax's sharpness per unit of greedy's measure (one unit: one out).
pub const BETA: f64 = 1.5;

impl BrokenLadder {
    /// [`crate::game::Game::win_chances`]: see the module docs.
    pub(super) fn race_chances(&self, out: &mut [f64; MAX_SEATS]) -> bool {
        let n = self.players;
        let started = self.phase != Phase::Start;
        // Seats in turn order from the seat to act (itself last once it has drawn).
        let order = |k: usize| {
            if started {
                (self.to_act + 1 + k) % n
            } else {
                (self.to_act + k) % n
            }
        };
        out[..n].fill(0.0);
        if let Some(w) = (0..n).map(order).find(|&s| self.valid_five(s).is_some()) {
            out[w] = 1.0;
            return true;
        }
        let stock = self.stock_values();
        let left = self.stock.len().max(1) as f64;
        let mut p = [0.0; MAX_SEATS];
        let mut none = 1.0;
        for (k, pk) in p.iter_mut().enumerate().take(n) {
            *pk = ((f64::from(self.best_outs(order(k), &stock).0) + 1.0) / left).min(1.0);
            none *= 1.0 - *pk;
        }
        let mut before = 1.0;
        for (k, &pk) in p.iter().enumerate().take(n) {
            let chance = if none >= 1.0 {
                1.0 / n as f64
            } else {
                before * pk / (1.0 - none)
            };
            out[order(k)] = chance;
            before *= 1.0 - pk;
        }
        true
    }
}

/// [`crate::game::Game::explain`]: see the module docs.
pub(super) fn explain(view: &View<'_>, sample: &BrokenLadder) -> f64 {
    let n = view.players;
    if view.turns == 0 {
        return 1.0;
    }
    let o = (view.seat + n - 1) % n;
    let top = match (view.phase, view.taken) {
        (Phase::Discard, Some(t)) => t,
        (Phase::Start | Phase::Discard, _) => match view.discard.last() {
            Some(&t) => t,
            None => return 1.0,
        },
        (Phase::Over, _) => return 1.0,
    };
    let mut six = sample.hands[o];
    if six.len() != 5 {
        return 1.0;
    }
    six.push(top);
    let vo = sample.view(o);
    let mut unseen = super::greedy::unseen(&vo);
    if view.taken == Some(top) {
        // The searching seat took it since: it was face up when `o` decided.
        unseen[(signed(top) + super::greedy::MID) as usize] -= 1;
    }
    let m = Greedy::default().measures(&vo, &unseen, &six);
    let best = m.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = m.iter().map(|&x| (BETA * (x - best)).exp()).sum();
    (BETA * (m[5] - best)).exp() / total
}
