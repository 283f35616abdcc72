//! Exact lay-offs for a non-closer: among its best arrangements (fewest unmatched points), the
//! one whose loose cards can be laid off for the most points, and for a set of loose cards the
//! lay-off that sheds the most points over every choice of target combination and order.
//!
//! Cards are laid off one at a time, but a set of cards added to one combination can always be
//! laid in some order when the combination with all of them is valid (a group grows to 4 in
//! any order; a run grows outwards from its ends, a `WILD` taking its gap when reached), so the
//! search assigns each loose card to a combination or to the hand and checks the final shapes.

use super::arrange::{HAND_CAP, Shape};
use super::cards::{Kind, kind};
use super::combos::{Masks, combinations};
use super::scoring::Meld;
use crate::cards::Card;

/// Most combinations a hand may have for its arrangements to be enumerated; a hand with more
/// (rare: several wilds in a long hand) keeps the one arrangement the search fixes.
const ENUM_CAP: usize = 40;

/// No target: the card stays in the hand.
const STAY: u8 = u8::MAX;

/// The best lay-off of `loose` onto `melds`: the target of each loose card ([`STAY`] for
/// none) and the points laid off.
pub fn best_layoff(melds: &[Meld], loose: &[Card], pts: &[u16]) -> ([u8; HAND_CAP], u16) {
    let mut shapes = [Shape::default(); HAND_CAP / 3];
    for (s, m) in shapes.iter_mut().zip(melds) {
        m.as_slice().iter().for_each(|&c| s.add(c));
    }
    let shapes = &shapes[..melds.len()];
    // Points still to lay off from each loose card on: a bound that prunes the search.
    let mut rest = [0u16; HAND_CAP + 1];
    for i in (0..loose.len()).rev() {
        let fits = shapes.iter().any(|m| may_join(loose[i], m));
        rest[i] = rest[i + 1] + if fits { pts[i] } else { 0 };
    }
    let mut search = Search {
        melds: shapes,
        lens: std::array::from_fn(|i| melds.get(i).map_or(0, |m| m.len())),
        loose,
        pts,
        rest,
        cur: [STAY; HAND_CAP],
        best: ([STAY; HAND_CAP], 0),
    };
    search.go(0, 0);
    search.best
}

struct Search<'a> {
    melds: &'a [Shape],
    lens: [usize; HAND_CAP / 3],
    loose: &'a [Card],
    pts: &'a [u16],
    rest: [u16; HAND_CAP + 1],
    cur: [u8; HAND_CAP],
    best: ([u8; HAND_CAP], u16),
}

impl Search<'_> {
    /// Tries targets for loose cards `i..`, `laid` points laid so far; only a strictly better
    /// lay-off replaces the best (the first found among equals is kept).
    fn go(&mut self, i: usize, laid: u16) {
        if laid + self.rest[i] <= self.best.1 {
            return;
        }
        if i == self.loose.len() {
            if self.valid() {
                self.best = (self.cur, laid);
            }
            return;
        }
        let c = self.loose[i];
        for m in 0..self.melds.len() {
            if may_join(c, &self.melds[m]) {
                self.cur[i] = m as u8;
                self.go(i + 1, laid + self.pts[i]);
            }
        }
        self.cur[i] = STAY;
        self.go(i + 1, laid);
    }

    /// Every combination with the cards assigned to it is still a combination (and fits).
    fn valid(&self) -> bool {
        self.melds.iter().enumerate().all(|(m, &shape)| {
            let mut s = shape;
            let mut n = self.lens[m];
            for (i, &t) in self.cur[..self.loose.len()].iter().enumerate() {
                if t as usize == m {
                    s.add(self.loose[i]);
                    n += 1;
                }
            }
            n == self.lens[m] || (n <= 16 && s.is_combination())
        })
    }
}

/// Whether `c` could ever be part of growing the combination `m`: a `WILD` or `CIRC`, or a
/// number of its suit or of its number (the final check is exact).
fn may_join(c: Card, m: &Shape) -> bool {
    match kind(c) {
        Kind::Wild | Kind::Circ => true,
        Kind::Num { suit, num } => m.has_suit(suit) || m.has_num(num),
        Kind::Action => false,
    }
}

/// The arrangement of `hand` (its unmatched points `best`, combinations as position masks in
/// `chosen`, the count returned) whose loose cards lay off best onto `melds`. `fixed` is the
/// search's own optimum, kept when the hand has too many combinations to enumerate.
pub fn best_arrangement(
    hand: &[Card],
    pts: &[u16],
    best: u16,
    fixed: &[u16],
    melds: &[Meld],
    chosen: &mut [u16; HAND_CAP / 3],
) -> usize {
    let mut found = [0u16; ENUM_CAP];
    let n = combinations(&Masks::new(hand), &mut found);
    let total: u16 = pts.iter().sum();
    let mut top = (None, [0u16; HAND_CAP / 3], 0usize);
    let mut visit = |used: &[u16]| {
        let covered = used.iter().fold(0u16, |a, &m| a | m);
        let left: u16 = (0..hand.len())
            .filter(|&i| covered >> i & 1 == 0)
            .map(|i| pts[i])
            .sum();
        if left != best {
            return;
        }
        let (mut loose, mut lp) = ([Card::from_index(0); HAND_CAP], [0u16; HAND_CAP]);
        let mut k = 0;
        for i in (0..hand.len()).filter(|&i| covered >> i & 1 == 0) {
            (loose[k], lp[k]) = (hand[i], pts[i]);
            k += 1;
        }
        let (_, laid) = best_layoff(melds, &loose[..k], &lp[..k]);
        if top.0.is_none_or(|t| laid > t) {
            top.0 = Some(laid);
            top.1[..used.len()].copy_from_slice(used);
            top.2 = used.len();
        }
    };
    if n > ENUM_CAP || total == best {
        visit(fixed);
    } else {
        let mut stack = [0u16; HAND_CAP / 3];
        each_packing(&found[..n], 0, 0, &mut stack, 0, &mut visit);
    }
    chosen[..top.2].copy_from_slice(&top.1[..top.2]);
    top.2
}

/// Calls `visit` with every set of pairwise disjoint combinations from `found[k..]` added to
/// `stack[..depth]` (the empty addition included).
fn each_packing(
    found: &[u16],
    k: usize,
    used: u16,
    stack: &mut [u16; HAND_CAP / 3],
    depth: usize,
    visit: &mut impl FnMut(&[u16]),
) {
    visit(&stack[..depth]);
    for j in k..found.len() {
        if found[j] & used == 0 && depth < stack.len() {
            stack[depth] = found[j];
            each_packing(found, j + 1, used | found[j], stack, depth + 1, visit);
        }
    }
}
