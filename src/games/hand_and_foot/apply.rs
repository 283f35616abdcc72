//! Applying actions: the pass and the choice, the draw, meld steps, the discard, and the
//! start and end of turns.

use super::melds;
use super::state::{End, HandAndFoot, Phase, TURN_CAP};
use crate::cards::CardCounts;

impl HandAndFoot {
    /// `Draw`: two cards from the stock.
    pub(super) fn apply_draw(&mut self) {
        for _ in 0..2 {
            let c = self.stock.pop().expect("two stock cards");
            self.hands[self.seat].insert(c);
        }
        self.after_draw();
    }

    /// `TakeUpcard` (the first turn): the discard's top card.
    pub(super) fn apply_take_upcard(&mut self) {
        let c = self.discard.pop().expect("the upcard");
        self.hands[self.seat].insert(c);
        self.known[self.seat].insert(c);
        self.after_draw();
    }

    /// `New { rank, wild }`: a new meld of three (two naturals and a wild, or three naturals).
    pub(super) fn apply_new(&mut self, rank: u8, wild: u8) {
        let n = if wild == 0 { 3 } else { 2 };
        self.open_turn[self.team()][rank as usize] = self.turns;
        for _ in 0..n {
            self.meld_natural(rank);
        }
        if wild != 0 {
            self.meld_wild(rank, wild);
        }
        self.after_meld();
    }

    /// `Add { rank, wild }`: one card onto the partnership's meld of `rank`.
    pub(super) fn apply_add(&mut self, rank: u8, wild: u8) {
        if wild == 0 {
            self.meld_natural(rank);
        } else {
            self.meld_wild(rank, wild);
        }
        self.after_meld();
    }

    pub(super) fn apply_pass(&mut self, k: u8) {
        let s = self.seat;
        if k == 0 {
            std::mem::swap(&mut self.hands[s], &mut self.feet[s]);
        }
        let next = (s + 1) % self.players;
        self.recv[next] = self.feet[s];
        self.feet[s] = CardCounts::EMPTY;
        self.seat = next;
        if next == self.first_seat() {
            self.phase = Phase::Choose;
        }
    }

    pub(super) fn apply_keep(&mut self, own: bool) {
        let s = self.seat;
        self.feet[s] = self.recv[s];
        self.recv[s] = CardCounts::EMPTY;
        if !own {
            std::mem::swap(&mut self.hands[s], &mut self.feet[s]);
        }
        let next = (s + 1) % self.players;
        if next == self.first_seat() {
            self.begin_turn(self.start);
        } else {
            self.seat = next;
        }
    }

    fn after_draw(&mut self) {
        self.first_turn = false;
        self.phase = Phase::Meld;
    }

    pub(super) fn apply_take_pile(&mut self) {
        let top = self.discard.pop().expect("a top card");
        let r = top.rank().index();
        let s = self.seat;
        let mut pair = [top; 2];
        for p in &mut pair {
            *p = melds::first_of_rank(&self.hands[s], r).expect("a natural pair");
            self.hands[s].remove(*p);
            self.known[s].remove(*p);
        }
        for &c in self.discard.as_slice() {
            self.hands[s].insert(c);
            self.known[s].insert(c);
        }
        self.discard.clear();
        let t = self.team();
        if !self.melds[t].is_open(r) {
            self.open_turn[t][r as usize] = self.turns;
        }
        for c in [top, pair[0], pair[1]] {
            self.melds[t].add(r, c);
        }
        self.picked = true;
        self.after_draw();
        self.after_meld();
    }

    fn meld_natural(&mut self, r: u8) {
        let c = melds::first_of_rank(&self.hands[self.seat], r).expect("a natural to meld");
        self.hands[self.seat].remove(c);
        self.known[self.seat].remove(c);
        let t = self.team();
        self.melds[t].add(r, c);
    }

    fn meld_wild(&mut self, r: u8, w: u8) {
        let c = melds::first_wild(&self.hands[self.seat], w).expect("a wild to meld");
        self.hands[self.seat].remove(c);
        self.known[self.seat].remove(c);
        let t = self.team();
        self.melds[t].add(r, c);
    }

    /// Commits the opening once it reaches the minimum; picks up the foot or goes out when
    /// the cards in hand run out.
    fn after_meld(&mut self) {
        let (s, t) = (self.seat, self.team());
        if !self.opened[t] && self.melds[t].points >= self.minimum[t] {
            self.opened[t] = true;
        }
        if !self.hands[s].is_empty() {
            return;
        }
        if self.in_foot[s] {
            self.finish(End::Out(t));
        } else {
            self.pick_up_foot(s);
        }
    }

    fn pick_up_foot(&mut self, s: usize) {
        self.hands[s] = self.feet[s];
        self.feet[s] = CardCounts::EMPTY;
        self.in_foot[s] = true;
        self.foot_due[s] = false;
    }

    pub(super) fn apply_retract(&mut self) {
        let t = self.team();
        self.hands[self.seat].add(&self.melds[t].cards);
        self.known[self.seat].add(&self.melds[t].cards);
        self.melds[t] = Default::default();
        self.retracted = true;
    }

    pub(super) fn apply_discard(&mut self, c: crate::cards::Card) {
        let s = self.seat;
        self.hands[s].remove(c);
        self.known[s].remove(c);
        self.discard.push(c);
        if self.hands[s].is_empty() {
            if self.in_foot[s] {
                return self.finish(End::Out(self.team()));
            }
            self.foot_due[s] = true;
        }
        self.begin_turn((s + 1) % self.players);
    }

    /// Starts `s`'s turn: the foot due after a discard, the stock-out and turn-cap ends.
    fn begin_turn(&mut self, s: usize) {
        self.seat = s;
        if self.foot_due[s] {
            self.pick_up_foot(s);
        }
        if self.turns >= TURN_CAP {
            return self.finish(End::Capped);
        }
        if self.stock.len() < 2 {
            return self.finish(End::StockOut);
        }
        self.turns += 1;
        self.picked = false;
        self.retracted = false;
        self.phase = Phase::Draw;
    }

    fn finish(&mut self, e: End) {
        self.end = e;
        self.phase = Phase::Over;
    }
}
