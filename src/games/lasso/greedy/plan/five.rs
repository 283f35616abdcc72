//! The set step of a hand whose only sets are the five 4-card subsets of five cards of one
//! suit (a set in hand plus a fifth card of its suit: the commonest hand with several sets).
//! Laying one leaves the fifth card and the other cards, which hold no set, so each choice
//! is valued from the numbers of the other cards and the card left, without listing the
//! sets and working out each rest's set step in full. The memo and the work counted are
//! those of the general step (`Plan::sets_now`), so the budget is spent as before.

use super::{Hand, Plan};
use crate::cards::CardSet;
use crate::games::lasso::greedy::eval::{pairs, rank_count};
use crate::games::lasso::scoring::{face, face_sum, hand_penalty, is_straight, pop13};

/// The suit holding five cards of `cards`, when that suit is the hand's only source of
/// sets: every other suit holds at most 3 cards and no rank is complete. `None` otherwise.
#[inline]
pub(super) fn five_of_a_suit(cards: CardSet) -> Option<usize> {
    let x = cards.0;
    if x & x >> 13 & x >> 26 & x >> 39 & 0x1fff != 0 {
        return None;
    }
    let mut five = None;
    for s in 0..4 {
        match pop13((x >> (13 * s)) as u16) {
            0..=3 => {}
            5 if five.is_none() => five = Some(s),
            _ => return None,
        }
    }
    five
}

/// The points of four cards of one suit, given as their 13-bit rank field (as `classify`
/// scores them: a straight flush twice its face sum with the ace at 11 in it, else the
/// face sum).
#[inline]
pub(super) fn suit_points(bits: u16) -> i32 {
    if is_straight(bits) {
        let ace = if bits & 1 == 1 { 10 } else { 0 };
        2 * (face_sum(bits) + ace)
    } else {
        face_sum(bits)
    }
}

impl Plan<'_> {
    /// The rest of `sets_now` for hand `h` (nothing owed, one set left to lay) whose sets
    /// are the 4-subsets of the five cards of suit `s` (`five_of_a_suit`), `best` being the
    /// step that lays none: each set laid in the order `each_set` lists them (the one
    /// leaving out the highest card first), its rest's step taken through the memo as
    /// `sets` takes it. The rest is the other cards `q` and the card left out `u`: its pairs
    /// are those of `q` and the cards of `q` of the rank of `u` (no other card of its suit
    /// is left), its penalty that of `q` and `u`'s.
    pub(super) fn five_step(&self, h: Hand, mut best: (f32, bool), s: usize) -> (f32, bool) {
        let base = 13 * s as u32;
        let bits = (h.cards.0 >> base & 0x1fff) as u16;
        let q = h.cards - CardSet((bits as u64) << base);
        let (pq, qq) = (pairs(q), hand_penalty(q, self.ace));
        let mut todo = bits;
        while todo != 0 {
            let r = 15 - todo.leading_zeros();
            let u = 1u16 << r;
            todo &= !u;
            let set = bits & !u;
            self.spend(1);
            let pts = suit_points(set) as f32;
            let rest = Hand {
                cards: h.cards - CardSet((set as u64) << base),
                owed: None,
                ..h
            };
            let pen = qq + if r == 0 { self.ace } else { face(r as u8) };
            let (v, out) = self.sets_flat(rest, 0, pq + rank_count(q, r as u8), pen);
            if pts + v > best.0 {
                best = (pts + v, out);
            }
        }
        best
    }
}
