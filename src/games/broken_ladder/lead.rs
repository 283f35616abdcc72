//! Who leads a deal that is still being played ([`crate::game::Game::result_now`]): the
//! reading the balance lab takes at every turn (`lead_changes`, `comeback_share`,
//! `decided_at`) and search bots take where a rollout is cut off (`depth`).
//!
//! Nothing is scored before someone lays down, so the reading is about who is nearest to
//! laying down, in this order:
//! 1. **A valid hand.** A seat holding a valid five-card hand lays it down at the start of its
//!    next turn (every bot but `random` does). The first such seat in turn order from the seat
//!    to act (itself first when its turn has not begun; last when it has drawn and holds six
//!    cards, one of which it can discard to leave a valid five) wins unless play departs from
//!    that: it is the only leader, and the scores are those the deal would then end with (a
//!    seat holding six cards mid-turn scored on its five lowest, the least it can keep).
//! 2. **Otherwise the most outs in the stock**: the stock cards that would make the seat's
//!    hand valid by replacing one of its cards (a hand card's replacement value counted once
//!    however many hand cards need it; the rank limit respected). The stock is where every
//!    seat's next card comes from, and the reading is the deal's own, so it counts the real
//!    stock, not a seat's guess at it. A seat that has drawn (six cards) counts the best five
//!    it could keep. Ties: the smaller gap between the hand's sum and the target, then shared.
//!    Scores are 0 (nothing laid down yet).

use super::scoring::{Hand, is_valid, layer_score, number, over_limit, rank_bit, signed};
use super::state::{BrokenLadder, Outcome, Phase};
use crate::game::{DealResult, Game, MAX_SEATS, Seat, SeatMask};

/// Stock cards by signed value (index `value + 13`).
pub(super) type StockValues = [u16; 27];

impl BrokenLadder {
    /// The reading described in the module docs.
    pub(super) fn leading_result(&self) -> DealResult {
        if self.outcome != Outcome::Running {
            return self.result();
        }
        let n = self.players;
        // Turn order from the seat to act: it is first unless it has drawn already.
        let started = self.phase != Phase::Start;
        let order = |s: Seat| {
            let k = (s + n - self.to_act) % n;
            if k == 0 && started { n } else { k }
        };
        let mut first_valid: Option<(usize, Seat, Hand)> = None;
        for s in 0..n {
            if let Some(h) = self.valid_five(s)
                && first_valid.is_none_or(|(k, _, _)| order(s) < k)
            {
                first_valid = Some((order(s), s, h));
            }
        }
        let mut scores = [0; MAX_SEATS];
        let mut winners = SeatMask::EMPTY;
        if let Some((_, w, h)) = first_valid {
            for (s, score) in scores.iter_mut().enumerate().take(n) {
                // Six cards mid-turn: the five lowest (the least it can keep).
                let h = self.hands[s].as_slice();
                let high = if h.len() > 5 {
                    h.iter().map(|&c| number(c)).max()
                } else {
                    None
                };
                *score = self.hands[s].points() - high.unwrap_or(0);
            }
            scores[w] = layer_score(&h);
            winners.insert(w);
        } else {
            let stock = self.stock_values();
            let mut keys = [(i32::MIN, i32::MIN); MAX_SEATS];
            for (s, k) in keys.iter_mut().enumerate().take(n) {
                *k = self.best_outs(s, &stock);
            }
            winners = SeatMask::extreme_of(SeatMask::all(n), &keys[..n], false);
        }
        DealResult {
            end: 0,
            players: n,
            scores,
            winners,
            turns: self.turns,
        }
    }

    /// `seat`'s valid five: its hand when valid (five cards), or with six cards the valid
    /// five left by one of its legal discards.
    pub(super) fn valid_five(&self, seat: Seat) -> Option<Hand> {
        let hand = &self.hands[seat];
        let (head, starter, limit) = (self.head, self.starters[seat], self.rules.rank_limit);
        if hand.len() == 5 {
            return is_valid(head, starter, hand, limit).then_some(*hand);
        }
        let forbidden = |c| seat == self.to_act && !self.rules.rediscard && self.taken == Some(c);
        hand.as_slice()
            .iter()
            .filter(|&&c| !forbidden(c))
            .map(|&c| {
                let mut five = *hand;
                five.remove(c);
                five
            })
            .find(|five| is_valid(head, starter, five, limit))
    }

    /// The stock's cards by signed value.
    pub(super) fn stock_values(&self) -> StockValues {
        let mut v = [0u16; 27];
        for &c in self.stock.as_slice() {
            v[(signed(c) + 13) as usize] += 1;
        }
        v
    }

    /// `seat`'s (outs in the stock, minus the gap to the target): of its five cards, or the
    /// best five of six.
    pub(super) fn best_outs(&self, seat: Seat, stock: &StockValues) -> (i32, i32) {
        let hand = &self.hands[seat];
        if hand.len() == 5 {
            return self.outs_in(seat, hand, stock);
        }
        hand.as_slice()
            .iter()
            .map(|&c| {
                let mut five = *hand;
                five.remove(c);
                self.outs_in(seat, &five, stock)
            })
            .max()
            .unwrap_or((i32::MIN, i32::MIN))
    }

    /// The stock cards that make the five-card `hand` valid by replacing one card (each
    /// replacement value once), and minus the gap between its sum and the target.
    fn outs_in(&self, seat: Seat, hand: &Hand, stock: &StockValues) -> (i32, i32) {
        let need = number(self.head) - number(self.starters[seat]) - hand.signed_sum();
        let cards = hand.as_slice();
        let rc = hand.rank_counts();
        let mut outs = 0;
        for (i, &c) in cards.iter().enumerate() {
            if cards[..i].iter().any(|&d| signed(d) == signed(c)) {
                continue;
            }
            let r = need + signed(c);
            if r == 0 || r.abs() > 13 {
                continue;
            }
            let rest = rc - rank_bit(c) + (1 << (4 * (r.unsigned_abs() - 1)));
            if self.rules.rank_limit.is_some_and(|l| over_limit(rest, l)) {
                continue;
            }
            outs += i32::from(stock[(r + 13) as usize]);
        }
        (outs, -need.abs())
    }
}
