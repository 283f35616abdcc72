//! Playing actions: laying down, the draws, the discard that ends a turn, the reshuffle of
//! an empty stock and the end of the deal. `Game::apply` in `mod.rs` dispatches each (phase,
//! action) pair to one of these.

use super::state::{BrokenLadder, Outcome, Phase, TURN_CAP};
use crate::cards::Card;

impl BrokenLadder {
    /// `DrawStock`: the stock's top to hand.
    pub(super) fn apply_draw_stock(&mut self) {
        let c = self.stock.pop().expect("stock empty at a turn's start");
        self.hands[self.to_act].push(c);
        if self.reshuffled {
            self.stock_memory[self.to_act].remove(c);
        }
        self.phase = Phase::Discard;
    }

    /// `DrawDiscard`: the discard's top to hand, known to everyone from now on.
    pub(super) fn apply_draw_discard(&mut self) {
        let c = self.pop_discard();
        self.hands[self.to_act].push(c);
        self.known[self.to_act].push(c);
        self.taken = Some(c);
        self.phase = Phase::Discard;
    }

    /// `LayDown`: the hand is valid; the deal ends.
    pub(super) fn apply_lay_down(&mut self) {
        assert!(self.valid(self.to_act), "laying down an invalid hand");
        self.turns += 1;
        self.outcome = Outcome::LaidDown(self.to_act);
        self.phase = Phase::Over;
    }

    /// `Discard(c)`: ends the turn (and the deal at the turn cap; an empty stock is
    /// reshuffled).
    pub(super) fn apply_discard(&mut self, c: Card) {
        assert!(
            self.rules.rediscard || self.taken != Some(c),
            "rediscarding {c} is off"
        );
        self.hands[self.to_act].remove(c);
        // A known copy goes first: with identical copies, watchers can no longer be sure of
        // one that stays.
        let known = &mut self.known[self.to_act];
        if known.as_slice().contains(&c) {
            known.remove(c);
        }
        self.push_discard(c);
        self.taken = None;
        self.turns += 1;
        self.to_act = (self.to_act + 1) % self.players;
        self.phase = Phase::Start;
        if self.turns >= TURN_CAP {
            self.end(Outcome::TurnCap);
        } else if self.stock.is_empty() {
            self.reshuffle();
        }
    }

    /// Empty stock: the discards but the top, shuffled, become the stock.
    fn reshuffle(&mut self) {
        if self.discard.len() <= 1 {
            return self.end(Outcome::StockExhausted);
        }
        let top = self.pop_discard();
        while !self.discard.is_empty() {
            let c = self.pop_discard();
            self.stock.push(c);
        }
        self.stock.shuffle(&mut self.rng);
        self.push_discard(top);
        // Everyone saw the cards turned over: each seat remembers them as the stock.
        let all = self.stock.counts();
        self.stock_memory[..self.players].fill(all);
        self.reshuffled = true;
    }
}
