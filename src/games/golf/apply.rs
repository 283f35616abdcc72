//! Playing actions: each step of a turn, the end of a turn (going out, final turns, an
//! empty stock, the turn cap) and the end of the deal. `Game::apply` in `mod.rs`
//! dispatches each (phase, action) pair to one of these.

use super::rules::FlipAfter;
use super::scoring::key;
use super::state::{ALL_UP, Golf, MAX_TURNS, Phase, STOCK_EXHAUSTED, TURN_CAP, WENT_OUT, nibble};
use crate::cards::Card;

impl Golf {
    /// `DrawStock`: the stock's top to hand.
    #[inline]
    pub(super) fn apply_draw_stock(&mut self) {
        self.held = self.stock.pop();
        self.phase = Phase::PlaceStock;
    }

    /// `DrawDiscard`: the discard's top to hand.
    #[inline]
    pub(super) fn apply_draw_discard(&mut self) {
        self.held = self.discard.pop();
        self.phase = Phase::PlaceDiscard;
    }

    /// `Swap(p)`: the held card to position `p`, face up; the old card to the discards.
    #[inline]
    pub(super) fn apply_swap(&mut self, p: u8) {
        let held = self.held.take().expect("holding a card");
        self.place(held, p, self.phase == Phase::PlaceStock);
    }

    /// Puts the drawn card `c` at position `p`, face up, the old card on the discards, and
    /// ends the turn. `from_stock`: `c` came from the stock (it becomes public now; a
    /// discard taken was public already).
    #[inline]
    pub(super) fn place(&mut self, c: Card, p: u8, from_stock: bool) {
        let s = self.seat as usize;
        let old = std::mem::replace(&mut self.grids[s][p as usize], c);
        let was_down = self.up[s] >> p & 1 == 0;
        let k = self.turn_up(s, p);
        // A stock card becomes public; so does a face-down card going to the discards.
        let new = u64::from(from_stock) << (4 * k as u32);
        self.public += new + (u64::from(was_down) << (4 * (key(old) as u32 & 15)));
        self.discard.push(old);
        self.end_turn();
    }

    /// `Discard`: the held stock card to the discards, then the flip the rules ask for.
    #[inline]
    pub(super) fn apply_discard(&mut self) {
        let held = self.held.take().expect("holding a card");
        self.discard_drawn(held);
    }

    /// Discards the stock card `c` just drawn, then the flip the rules ask for (the seat
    /// holds nothing after it).
    #[inline]
    pub(super) fn discard_drawn(&mut self, c: Card) {
        let s = self.seat as usize;
        self.public += nibble(c);
        self.discard.push(c);
        let has_down = self.up[s] != ALL_UP;
        if self.rules.flip_after_discard != FlipAfter::No && has_down {
            self.phase = Phase::FlipAfter;
        } else {
            self.end_turn();
        }
    }

    /// `Flip(p)` after a discard.
    pub(super) fn apply_flip_after(&mut self, p: u8) {
        let s = self.seat as usize;
        let k = self.turn_up(s, p);
        self.public += 1 << (4 * k as u32);
        self.end_turn();
    }

    /// Turns up position `p` of seat `s` (or shows the card just put there); its key.
    #[inline]
    fn turn_up(&mut self, s: usize, p: u8) -> u8 {
        let k = key(self.grids[s][p as usize]);
        self.up[s] |= 1 << p;
        self.shown[s][p as usize] = k;
        k & 15
    }

    /// `Flip(p)` in the opening: after its second card the next seat opens, and after the
    /// last seat the first turn begins.
    #[inline]
    pub(super) fn apply_opening_flip(&mut self, p: u8) {
        let s = self.seat as usize;
        let k = self.turn_up(s, p);
        self.public += 1 << (4 * k as u32);
        if self.up[s].count_ones() == 2 {
            self.seat = self.next(self.seat);
            if self.seat == self.first_player() {
                self.phase = Phase::Draw;
            }
        }
    }

    /// After a turn: going out, the final turns, an empty stock, the turn cap, or the next
    /// seat's draw.
    #[inline]
    pub(super) fn end_turn(&mut self) {
        self.turns += 1;
        let s = self.seat;
        if self.ender.is_some() {
            self.finals_left -= 1;
            if self.finals_left == 0 {
                return self.finish(WENT_OUT);
            }
        } else if self.up[s as usize] == ALL_UP {
            self.ender = Some(s);
            if !self.rules.final_turns || self.players < 2 {
                return self.finish(WENT_OUT);
            }
            self.finals_left = self.players - 1;
        }
        if self.stock.is_empty() && !self.refill_stock() {
            return self.finish(STOCK_EXHAUSTED);
        }
        if self.turns >= MAX_TURNS {
            return self.finish(TURN_CAP);
        }
        self.seat = self.next(s);
        self.phase = Phase::Draw;
    }

    /// With `empty_stock=reshuffle`, turns the discards but the top into a new stock.
    #[cold]
    fn refill_stock(&mut self) -> bool {
        if !self.rules.reshuffle || self.discard.len() < 2 {
            return false;
        }
        let top = self.discard.pop().expect("non-empty");
        std::mem::swap(&mut self.stock, &mut self.discard);
        for &c in self.stock.as_slice() {
            self.public -= nibble(c);
        }
        self.stock.shuffle(&mut self.chance);
        self.discard.push(top);
        self.reshuffled = true;
        true
    }

    /// Ends the deal: every card turned up (only the face-down ones change: a face-up card
    /// is shown and public already).
    #[inline(never)]
    fn finish(&mut self, end: u8) {
        self.phase = Phase::Over;
        self.end = end;
        for s in 0..self.players as usize {
            let mut down = !self.up[s] & ALL_UP;
            while down != 0 {
                let p = down.trailing_zeros() as usize;
                down &= down - 1;
                let k = key(self.grids[s][p]);
                self.public += 1 << (4 * (k as u32 & 15));
                self.shown[s][p] = k;
            }
            self.up[s] = ALL_UP;
        }
    }
}
