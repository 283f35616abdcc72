//! Playing an action: the draws (a stock card, the reshuffle of the discards when the stock
//! is empty, the discard top), the discard with its action card's effect, and the close with
//! its scoring; then the next turn, or the end of the deal.

use super::arrange::HAND_CAP;
use super::cards::{DRAW, REV, SKIP, is_special};
use super::combos;
use super::scoring;
use super::state::{Chinchon, Effect, End, MAX_TURNS, Phase};
use super::unmatched::best_and_without_listed;
use crate::cards::Card;
use crate::game::Seat;

impl Chinchon {
    /// The seat to act draws the stock top (the discards but the top first become the stock
    /// when it is empty).
    pub(crate) fn apply_draw_stock(&mut self) {
        assert!(self.draw_stock(self.turn), "draw from an empty stock");
        self.after_draw();
    }

    /// The seat to act takes the discard top, in view of all.
    pub(crate) fn apply_draw_discard(&mut self) {
        let seat = self.turn;
        let c = self.discard.pop().expect("draw from an empty discard pile");
        assert!(!is_special(c), "a special card taken from the discards");
        self.give(seat, c);
        self.known[seat].push(c); // from the discards to the known cards: `public` stays
        self.after_draw();
    }

    /// The seat to act discards `c` face up; an action card acts, and the next turn starts.
    pub(crate) fn apply_discard(&mut self, c: Card) {
        self.take_from_hand(self.turn, c);
        self.discard.push(c);
        self.public[c.index() as usize & 63] += 1;
        self.turns += 1;
        self.pass_turn(c);
    }

    /// The seat to act closes with `c` face down; the deal is scored.
    pub(crate) fn apply_close(&mut self, c: Card) {
        let seat = self.turn;
        self.take_from_hand(seat, c);
        self.face_down = Some(c);
        self.turns += 1;
        self.finish(End::Closed(seat));
        // The scoring arranged the cards left: their unmatched points are within the limit
        // exactly when discarding `c` face down was a legal close.
        let s = &self.close;
        assert!(
            s.minus_ten || s.scores[seat] <= self.rules.close_limit as i32,
            "close over the limit"
        );
    }

    /// Turns the discards but the top into a new stock when the stock is empty.
    fn refill_stock(&mut self) {
        if !self.stock.is_empty() || self.discard.len() < 2 {
            return;
        }
        let top = self.discard.pop().expect("non-empty");
        for &c in self.discard.as_slice() {
            self.stock.push(c);
        }
        self.discard.clear();
        self.discard.push(top);
        self.stock.shuffle(&mut self.rng);
        self.reshuffles += 1;
        self.restocked = self.stock.counts();
        self.recount();
    }

    /// `seat` draws a stock card (after a reshuffle if need be); false when there is none.
    fn draw_stock(&mut self, seat: Seat) -> bool {
        self.refill_stock();
        match self.stock.pop() {
            Some(c) => {
                self.give(seat, c);
                true
            }
            None => false,
        }
    }

    /// Starts `self.turn`'s turn, or ends the deal when no draw is possible or at the cap.
    pub(super) fn begin_turn(&mut self) {
        self.phase = Phase::Draw;
        if self.turns >= MAX_TURNS {
            self.finish(End::Capped);
        } else if !self.stock_available() && !self.discard_takeable() {
            self.finish(End::Blocked);
        }
    }

    /// Ends the deal (scoring it when a player closed).
    pub(crate) fn finish(&mut self, end: End) {
        self.end = end;
        self.phase = Phase::Over;
        if let End::Closed(closer) = end {
            self.close = scoring::score_close(self, closer);
        }
    }

    /// The seat to act now discards.
    fn after_draw(&mut self) {
        self.phase = Phase::Discard;
    }

    /// For the seat to act: the least unmatched points of its hand without each position
    /// (its first `hand.len()` entries). Computed when asked, not after every draw: only a
    /// close (its legality) and a bot weighing its discards need it, and a bound
    /// ([`Chinchon::no_close`]) settles most legality questions without it.
    pub(crate) fn without_now(&self) -> [u16; HAND_CAP] {
        let seat = self.turn;
        let pts = self.hand_points(seat);
        let hand = self.hands[seat].as_slice();
        let listed = self.combos[seat].list();
        let mut without = [0u16; HAND_CAP];
        best_and_without_listed(hand, &pts[..hand.len()], listed, &mut without);
        without
    }

    /// True when no card of the hand of the seat to act can close, by a bound: a card in
    /// none of the hand's combinations (a *dead* card) stays unmatched in the hand less any
    /// other card, so the hand less card `i` leaves at least the points of the dead cards
    /// other than `i`. When even the least of these exceeds `close_limit`, no discard
    /// closes. False when the bound does not settle it.
    pub(crate) fn no_close(&self) -> bool {
        let seat = self.turn;
        let combos = &self.combos[seat];
        let live = match combos.list() {
            Some(list) => list.iter().fold(0u16, |a, &c| a | c),
            None => combos::live(combos.hand_masks()), // crowded: not listed
        };
        let (mut dead, mut top) = (0u16, 0u16);
        for (i, &c) in self.hands[seat].as_slice().iter().enumerate() {
            if live >> i & 1 == 0 {
                let p = self.card_points[c.index() as usize & 63];
                dead += p;
                top = top.max(p);
            }
        }
        dead - top > self.rules.close_limit
    }

    /// Adds `c` to the end of `seat`'s hand (and its combinations to the list).
    fn give(&mut self, seat: Seat, c: Card) {
        self.hands[seat].push(c);
        self.combos[seat].added(self.hands[seat].as_slice());
    }

    /// Removes one copy of `c` from the hand and returns the position it had.
    fn take_from_hand(&mut self, seat: Seat, c: Card) -> usize {
        let hand = &mut self.hands[seat];
        let i = hand
            .as_slice()
            .iter()
            .position(|&x| x == c)
            .expect("card not in hand");
        hand.remove_at(i);
        self.combos[seat].removed(hand.as_slice(), i, c);
        // Others saw a copy taken; once one copy goes, none is known to stay.
        let known = &mut self.known[seat];
        if let Some(k) = known.as_slice().iter().position(|&x| x == c) {
            known.remove_at(k);
            self.public[c.index() as usize & 63] -= 1;
        }
        i
    }

    /// Applies the discarded card's effect and starts the next turn.
    fn pass_turn(&mut self, c: Card) {
        let me = self.turn;
        self.effect = Effect::None;
        let next = if c == DRAW {
            let victim = self.next(me);
            let drew = self.hands[victim].len() < HAND_CAP - 1 && self.draw_stock(victim);
            self.effect = Effect::Drew(victim, drew);
            self.next(victim)
        } else if c == SKIP {
            let victim = self.next(me);
            self.effect = Effect::Skipped(victim);
            self.next(victim)
        } else if c == REV && self.active.len() > 2 {
            self.clockwise = !self.clockwise;
            self.effect = Effect::Reversed;
            self.next(me)
        } else if c == REV && self.rules.reverse_skips_two {
            self.effect = Effect::Skipped(self.next(me));
            me
        } else {
            self.next(me)
        };
        self.turn = next;
        self.begin_turn();
    }
}
