//! `greedy`'s last turns, played for the chance to win rather than the expected score
//! (knob `final_for_win`):
//! - a final turn after a player went out, once its usual choice would be a certain loss;
//! - the stock's last turns (knob `stock_end`, with `empty_stock=end`): the deal ends at
//!   the end of the turn that leaves the stock empty, so a turn that leaves `r` cards in it
//!   (`r` at most `stock_end`, and no more than the other players) is followed by at most
//!   `r` turns that draw from it. Such a turn counts the next `r` seats as each playing one
//!   more turn (a card from the unseen ones, as on a final turn) and the rest as done.
//!
//! Where the next seat still plays before the deal ends, a last turn's placement weighs the
//! card it throws (with `gift`): that seat takes it when it gains at least what a stock card
//! is expected to ([`WinTable::build`]'s `taken`).
//!
//! In a match (`match_play`) only the last hole plays these turns for the chance to win, and
//! for the match's: each other seat's score counts with its `shift` (its total less the
//! bot's); a hole with holes to come plays them for the expected score.

use super::Greedy;
use super::chance::{self, Pool, Unseen, WinTable};
use super::grid::{downs, unpack_max};
use crate::cards::Card;
use crate::games::golf::scoring::{UNKNOWN, key};
use crate::games::golf::state::{Action, Phase};
use crate::games::golf::view::View;

impl Greedy {
    /// Whether putting `card` at position `p` (6: thrown) on a final turn leaves this seat
    /// all face up on a score some other seat, all face up with no turn to come, beats: a
    /// certain loss (on a match's last hole, each seat's score shifted by its total: see
    /// `Greedy::shift`). Only then is the chance to win worked out (it is costly).
    ///
    /// Read off packed grids ([`downs`] finds the face-down cards): a few words, not arrays
    /// of keys, on a path that runs on final turns only.
    pub(super) fn certain_loss(&self, v: &View, card: Card, p: usize) -> bool {
        let mut packed = v.packed_keys(v.seat());
        if p < 6 {
            let shift = 8 * p as u32;
            packed = packed & !(0xff << shift) | u64::from(key(card)) << shift;
        }
        if downs(packed) != 0 {
            return false;
        }
        let mine = self.standing_packed(v.rules(), packed);
        (0..v.players()).any(|s| {
            let k = v.packed_keys(s);
            s != v.seat()
                && !Self::still_to_play(v, s)
                && downs(k) == 0
                && self.standing_packed(v.rules(), k) + 10 * self.shift[s] < mine
        })
    }

    /// Whether `s` still plays a final turn after this seat's.
    pub(super) fn still_to_play(v: &View, s: usize) -> bool {
        Self::plays_within(v, s, v.finals_left())
    }

    /// Whether `s` is one of the next `turns - 1` seats after this one (those that play
    /// before the deal ends, when `turns` are left counting this seat's).
    fn plays_within(v: &View, s: usize, turns: u32) -> bool {
        let d = (s + v.players() - v.seat()) % v.players();
        d >= 1 && (d as u32) < turns
    }

    /// The turns left counting this one when the stock's end is in sight (see the module
    /// docs) and `r` cards stay in the stock after this seat's turn: `r + 1`, or `None`
    /// when not in sight (`stock_end` below `r`, `r` past the other players, cards to
    /// reshuffle, a player out: its final turns rule).
    pub(super) fn stock_end_turns(&self, v: &View, r: usize) -> Option<u32> {
        let near = v.ender().is_none()
            && !v.rules().reshuffle
            && r as i32 <= self.stock_end
            && r < v.players();
        near.then_some(r as u32 + 1)
    }

    /// Builds the chance table for this seat's last turn, with `turns` left counting this
    /// one (the next `turns - 1` seats improve once) and `top` the key of the card the
    /// next seat finds on the discard ([`UNKNOWN`]: none it would take), into
    /// `self.final_wt` (once per count, `turns` and `top`), with the unseen cards in
    /// `self.count`.
    fn final_table(&mut self, v: &View, turns: u32, top: u8) {
        self.counted(v);
        self.pools();
        if self.final_at != (self.count_at, turns, top) {
            let u = &self.count;
            let next = (v.seat() + 1) % v.players();
            let taken = (top != UNKNOWN).then_some((next, top));
            if (self.final_at.0, self.final_at.1) == (self.count_at, turns) {
                // Only the card the next seat finds differs: its factor alone changes.
                let plays = Self::plays_within(v, next, turns);
                let top = taken.map(|(_, k)| k);
                self.final_wt
                    .retake(v, &self.tables, u, next, plays, (top, &self.shift));
            } else {
                let plays = |s| Self::plays_within(v, s, turns);
                self.final_wt
                    .build(v, &self.tables, u, plays, (taken, &self.shift));
            }
            self.final_at = (self.count_at, turns, top);
        }
    }

    /// The table [`Greedy::final_table`] built, and the unseen cards.
    fn final_parts(&self) -> (&WinTable, &Unseen) {
        debug_assert_eq!(self.final_at.0, self.count_at, "built by final_table");
        (&self.final_wt, &self.count)
    }

    /// The best chance to win (and position) putting key `ck` into the grid; `throw`: the
    /// chance when the card is thrown away instead (position 6).
    fn best_final(&self, v: &View, wt: &WinTable, down: &Pool, ck: u8, throw: f64) -> (f64, u8) {
        let packed = v.packed_keys(v.seat());
        let mut best = (throw, 6u8);
        for p in 0..6 {
            let k = put(packed, p, ck);
            let w = wt.p_win_packed(&self.tables, k, down, v.rules());
            if w > best.0 + 1e-9 {
                best = (w, p as u8);
            }
        }
        best
    }

    /// A last turn's draw: the discard when its best place gives a better chance to win
    /// than a stock card is expected to; `None` when both are equal (the previous rule
    /// then decides). `turns`: the turns left counting this one after taking the discard
    /// and after drawing from the stock (they differ at the stock's end).
    pub(super) fn final_draw(&mut self, v: &View, top: Card, turns: (u32, u32)) -> Option<Action> {
        let take = match turns.0 == turns.1 {
            true => None,
            false => {
                self.final_table(v, turns.0, UNKNOWN);
                let (wt, u) = self.final_parts();
                Some(self.best_final(v, wt, &u.down, key(top), -1.0))
            }
        };
        self.final_table(v, turns.1, UNKNOWN);
        self.gains_of(v, 0);
        let (wt, u) = self.final_parts();
        if wt.flat() && take.is_none() {
            return None;
        }
        let packed = v.packed_keys(v.seat());
        let now = wt.p_win_packed(&self.tables, packed, &u.down, v.rules());
        let take = take.unwrap_or_else(|| self.best_final(v, wt, &u.down, key(top), -1.0));
        // A stock card: thrown, put where it gains most, or on the first face-down card.
        let keys = v.keys(v.seat());
        let q = keys.iter().position(|&k| k == UNKNOWN);
        let mut ev = 0.0;
        for x in 0..14u8 {
            if u.stock.n[x as usize] > 0 {
                let (_, p) = unpack_max(&self.own.gains(&self.tables, x as usize));
                let mut b = now;
                // The first face-down position again when it is the best one: the same chance.
                let q = q.filter(|&q| q != p as usize);
                for p in [Some(p as usize), q].into_iter().flatten() {
                    let k = put(packed, p, x);
                    b = b.max(wt.p_win_packed(&self.tables, k, &u.down, v.rules()));
                }
                ev += u.stock.n[x as usize] as f64 * b;
            }
        }
        let ev = ev / u.stock.total.max(1) as f64;
        if (take.0 - ev).abs() < 1e-9 {
            return None;
        }
        self.draw_plan = Some((v.turns(), top, (0, take.1)));
        self.final_plan_at = v.turns();
        Some(self.take_if(take.0 > ev))
    }

    /// A last turn's placement of `held` (`turns` left counting this one): where the
    /// chance to win is highest, unless the previous choice `old` is as good. With `gift`,
    /// when the next seat plays before the deal ends, each choice is weighed with the card
    /// it throws on the discard, which that seat takes when it beats a stock card (a
    /// face-down card thrown is unknown: the next seat is counted as drawing from the
    /// stock). A table is built per card taken; every other choice reads the one without.
    pub(super) fn final_place(&mut self, v: &View, held: Card, old: Action, turns: u32) -> Action {
        let next = (v.seat() + 1) % v.players();
        let gives = self.gift > 0.0 && Self::plays_within(v, next, turns);
        self.final_table(v, turns, UNKNOWN);
        if !gives && self.final_parts().0.flat() {
            return old;
        }
        let taken = match gives {
            true => chance::taken_keys(&self.tables, v, next, &self.count),
            false => 0,
        };
        // Choice i < 6: a swap at i; 6: the card thrown (placing a stock card only).
        let keys = v.keys(v.seat());
        let n = if v.phase() == Phase::PlaceStock { 7 } else { 6 };
        let top: [u8; 7] = std::array::from_fn(|i| {
            let k = if i < 6 { keys[i] } else { key(held) };
            if k < 14 && taken >> k & 1 == 1 {
                k
            } else {
                UNKNOWN
            }
        });
        let mut chance = [-1.0f64; 7];
        let packed = v.packed_keys(v.seat());
        let mut done = 0u8;
        for i in 0..n {
            if done >> i & 1 == 1 {
                continue;
            }
            self.final_table(v, turns, top[i]);
            let (wt, u) = self.final_parts();
            for j in (i..n).filter(|&j| top[j] == top[i]) {
                let k = if j < 6 {
                    put(packed, j, key(held))
                } else {
                    packed
                };
                chance[j] = wt.p_win_packed(&self.tables, k, &u.down, v.rules());
                done |= 1 << j;
            }
        }
        let mut best = (chance[6], 6u8);
        for p in 0..6u8 {
            if chance[p as usize] > best.0 + 1e-9 {
                best = (chance[p as usize], p);
            }
        }
        let was = match old {
            Action::Swap(p) => chance[p as usize % 6],
            _ => chance[6],
        };
        if best.0 > was + 1e-9 {
            match best.1 {
                6 => Action::Discard,
                p => Action::Swap(p),
            }
        } else {
            old
        }
    }
}

/// Packed grid `packed` with key `k` at position `p` (below 6).
#[inline(always)]
fn put(packed: u64, p: usize, k: u8) -> u64 {
    let shift = 8 * (p as u32 % 6);
    packed & !(0xff << shift) | u64::from(k) << shift
}
