//! The least unmatched points of a hand, and of the hand less each one of its cards: the hot
//! path of Chinchón (the state asks it after every draw, `greedy` before every draw).
//!
//! Values only, exact and allocation-free. The combinations come from
//! [`combos`](super::combos). A card in none of them (a *dead* card) is unmatched in every
//! arrangement, so only the *live* cards are searched, and usually there are few:
//! - **Packings.** With few combinations (nearly always), every packing (a set of pairwise
//!   disjoint combinations) is listed. The hand less card `i` keeps exactly the packings that
//!   avoid `i`, so one pass gives the best cover of the hand and of every hand less one card.
//! - **Recurrence.** A crowded hand (many wilds and `CIRC`s, or one grown by `DRAW` cards)
//!   uses the memoised recurrence of [`arrange`](super::arrange) on its live cards, renumbered
//!   `0..k` so that the tables have `2^k` entries.

use super::arrange::{HAND_CAP, Live, positions};
use super::combos::{LIST_CAP, Masks, combinations};
use crate::cards::Card;

/// Hands with at most this many combinations (nearly all) are solved by listing packings.
const FEW: usize = LIST_CAP;

/// The least unmatched points of the hand, and in `without[i]` those of the hand less card
/// `i` (for `i < cards.len()`).
pub fn best_and_without(cards: &[Card], points: &[u16], without: &mut [u16; HAND_CAP]) -> u16 {
    let n = cards.len();
    assert!(n <= HAND_CAP, "a hand holds at most {HAND_CAP} cards");
    let m = Masks::new(cards);
    let mut found = [0u16; FEW];
    let count = combinations(&m, &mut found);
    if count <= FEW {
        return by_packings(&found[..count], &points[..n], without);
    }
    // Crowded hands (many wilds and CIRCs, or a hand grown by DRAW cards): the memoised
    // recurrence, with tables sized to the hand.
    match n {
        0..=9 => by_recurrence::<512>(&m, points, without),
        10 => by_recurrence::<1024>(&m, points, without),
        _ => by_recurrence::<{ 1 << HAND_CAP }>(&m, points, without),
    }
}

/// As [`best_and_without`], for a hand whose combinations are already listed (`None` for a
/// crowded hand, which is searched from scratch).
pub fn best_and_without_listed(
    cards: &[Card],
    points: &[u16],
    listed: Option<&[u16]>,
    without: &mut [u16; HAND_CAP],
) -> u16 {
    match listed {
        Some(found) => by_packings(found, &points[..cards.len()], without),
        _ => best_and_without(cards, points, without),
    }
}

/// Lists every packing (a set of pairwise disjoint combinations) by depth-first search. A
/// hand less card `i` keeps exactly the packings that avoid `i`, so `without[i]` is the total
/// less card `i`'s points less the most points covered by a packing avoiding `i`.
fn by_packings(found: &[u16], points: &[u16], without: &mut [u16; HAND_CAP]) -> u16 {
    let n = points.len();
    let total: u16 = points.iter().sum();
    let mut covered_avoiding = [0u16; HAND_CAP];
    let mut best = 0u16;
    let worth_of = |c: u16| -> u16 { positions(c).map(|p| points[p]).sum() };
    if let [c] = *found {
        // One combination: the only packing; a card outside it avoids it.
        best = worth_of(c);
        for p in positions(!c & (((1u32 << n) - 1) as u16)) {
            covered_avoiding[p] = best;
        }
    } else if let [a, b] = *found {
        // Two: each alone, and both when they are disjoint.
        let (wa, wb) = (worth_of(a), worth_of(b));
        let both = if a & b == 0 { wa + wb } else { 0 };
        best = wa.max(wb).max(both);
        for (p, x) in covered_avoiding[..n].iter_mut().enumerate() {
            let (in_a, in_b) = (a >> p & 1 == 1, b >> p & 1 == 1);
            *x = match (in_a, in_b) {
                (false, false) => best,
                (true, false) => wb,
                (false, true) => wa,
                (true, true) => 0,
            };
        }
    } else if !found.is_empty() {
        let mut worth = [0u16; FEW];
        for (w, &c) in worth.iter_mut().zip(found) {
            *w = positions(c).map(|p| points[p]).sum();
        }
        // Each packing raises the cover avoiding every card outside it: all sixteen lanes
        // at once (a dead card is avoided by every packing, so it gets the best cover of
        // all; lanes past the hand are ignored).
        let mut avoiding = [0u16; 16];
        let mut visit = |used: u16, covered: u16| {
            best = best.max(covered);
            for (p, x) in avoiding.iter_mut().enumerate() {
                let outside = ((used >> p) & 1).wrapping_sub(1);
                *x = (*x).max(covered & outside);
            }
        };
        let worth = &worth[..found.len()];
        if n <= 8 {
            // Combinations hold 3 cards or more: a packing of 8 cards holds at most two.
            for (i, (&a, &wa)) in found.iter().zip(worth).enumerate() {
                visit(a, wa);
                for (&b, &wb) in found[i + 1..].iter().zip(&worth[i + 1..]) {
                    if a & b == 0 {
                        visit(a | b, wa + wb);
                    }
                }
            }
        } else {
            for k in 0..found.len() {
                packings(found, worth, k, 0, 0, &mut visit);
            }
        }
        covered_avoiding.copy_from_slice(&avoiding[..HAND_CAP]);
    }
    for i in 0..n {
        without[i] = total - points[i] - covered_avoiding[i];
    }
    total - best
}

/// Calls `visit(used, covered)` for each packing that adds combination `k` to `used` and
/// then any of the later ones (a packing of 3+ card combinations in 12 cards is at most 4
/// deep). `used` is disjoint from combination `k`.
fn packings(
    found: &[u16],
    worth: &[u16],
    k: usize,
    used: u16,
    covered: u16,
    visit: &mut impl FnMut(u16, u16),
) {
    let (used, covered) = (used | found[k], covered + worth[k]);
    visit(used, covered);
    for j in k + 1..found.len() {
        if found[j] & used == 0 {
            packings(found, worth, j, used, covered, visit);
        }
    }
}

/// The memoised recurrence of [`arrange`](super::arrange) on the live cards only.
fn by_recurrence<const M: usize>(m: &Masks, points: &[u16], without: &mut [u16; HAND_CAP]) -> u16 {
    let n = points.len();
    let mut found = [0u16; M];
    let count = combinations(m, &mut found);
    assert!(count <= M, "more combinations than subsets");
    let live = Live::<M>::new(&found[..count], points);
    let mut memo = live.memo();
    let full = live.full();
    let best_live = memo.get(full);
    for i in 0..n {
        without[i] = if live.mask >> i & 1 == 1 {
            live.dead + memo.get(full & !(1 << live.rank[i]))
        } else {
            live.dead - points[i] + best_live
        };
    }
    live.dead + best_live
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;
    use crate::games::chinchon::cards::{crowded_rules, test_deck};

    /// The two exact searches (packings and the recurrence) agree on every hand, from 7
    /// cards to the cap, in a shoe crowded with wilds and `CIRC`s (two decks).
    #[test]
    fn packings_and_recurrence_agree() {
        let r = crowded_rules();
        let (pt, mut deck) = test_deck(&r);
        let mut rng = GameRng::new(21, 2);
        let (mut crowded, mut with_combos) = (0, 0);
        for round in 0..3000 {
            deck.shuffle(&mut rng);
            let n = 7 + round % (HAND_CAP - 6);
            let hand = &deck.as_slice()[..n];
            let pts: Vec<u16> = hand.iter().map(|c| pt[c.index() as usize]).collect();
            let m = Masks::new(hand);
            let mut found = [0u16; 1 << HAND_CAP];
            let count = combinations(&m, &mut found);
            let (mut a, mut b) = ([0u16; HAND_CAP], [0u16; HAND_CAP]);
            let slow = by_recurrence::<{ 1 << HAND_CAP }>(&m, &pts, &mut b);
            if count <= FEW {
                let fast = by_packings(&found[..count], &pts, &mut a);
                assert_eq!((fast, &a[..n]), (slow, &b[..n]), "{hand:?}");
            } else {
                crowded += 1;
            }
            with_combos += (count > 0) as u32;
            assert_eq!(best_and_without(hand, &pts, &mut a), slow);
            assert_eq!(a[..n], b[..n]);
        }
        assert!(
            crowded > 10 && with_combos > 1500,
            "{crowded} {with_combos}"
        );
    }
}
