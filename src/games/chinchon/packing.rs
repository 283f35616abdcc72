//! The arrangement of [`arrange`](super::arrange::arrange) for a hand whose combinations are
//! listed, found from its packings (sets of disjoint combinations) without the recurrence:
//! the best packing when it is the only one, or the one the recurrence would lay down among a
//! few that tie, picked by walking its order of trial.

use super::arrange::{HAND_CAP, positions, sorted_order};
use super::cards::{Kind, kind};
use super::combos::{LIST_CAP, Masks};
use crate::cards::Card;

/// Most packings tied for the most points that are settled here; with more, the recurrence
/// decides.
const TIES: usize = 8;

/// The arrangement of [`arrange`](super::arrange::arrange) from the packings of the listed
/// combinations `list` of the hand (`m` its masks): the packings of combinations worth
/// points that cover the most points. The recurrence lays down one of them (it never takes
/// a combination worth 0 points: leaving such a card unmatched is never worse): the only one,
/// or among several the first in its order of trial ([`first_in_trial_order`]); either is
/// written in the order the recurrence walks them, by each combination's lowest card in the
/// sorted hand (card index, then position). `None` when more than [`TIES`] packings tie.
pub(super) fn packed_optimum(
    cards: &[Card],
    points: &[u16],
    list: &[u16],
    m: &Masks,
    out: &mut [u16; HAND_CAP / 3],
) -> Option<(u16, usize)> {
    optimum_and_ties(cards, points, list, m, out).0
}

/// [`packed_optimum`], and how many packings tie for the most points.
fn optimum_and_ties(
    cards: &[Card],
    points: &[u16],
    list: &[u16],
    m: &Masks,
    out: &mut [u16; HAND_CAP / 3],
) -> (Option<(u16, usize)>, u32) {
    let mut combos = [0u16; LIST_CAP];
    let mut worth = [0u16; LIST_CAP];
    let mut k = 0;
    for &c in list {
        let w: u16 = positions(c).map(|p| points[p]).sum();
        if w > 0 {
            (combos[k], worth[k]) = (c, w);
            k += 1;
        }
    }
    // The packings, depth first: the most points covered, the first packings that cover
    // them (bits of `combos`), and how many packings do.
    let mut best = Best {
        covered: 0,
        ties: 1, // the empty packing
        tied: [0; TIES],
    };
    if cards.len() <= 8 {
        // Combinations hold 3 cards or more: a packing of 8 cards holds at most two, visited
        // in the depth-first order.
        for i in 0..k {
            best.record(worth[i], 1 << i);
            for j in i + 1..k {
                if combos[i] & combos[j] == 0 {
                    best.record(worth[i] + worth[j], 1 << i | 1 << j);
                }
            }
        }
    } else {
        for i in 0..k {
            best.visit(&combos[..k], &worth[..k], i, 0, 0, 0);
        }
    }
    let combos = &combos[..k];
    let used = match best.ties as usize {
        1 => in_anchor_order(cards, combos, best.tied[0], out),
        t if t <= TIES => first_in_trial_order(cards, m, combos, &best.tied[..t], out),
        _ => return (None, best.ties),
    };
    let total: u16 = points[..cards.len()].iter().sum();
    (Some((total - best.covered, used)), best.ties)
}

/// Writes the combinations `picked` (bits of `combos`) into `out` by each one's anchor, its
/// lowest (card index, position), and returns how many there are.
fn in_anchor_order(
    cards: &[Card],
    combos: &[u16],
    picked: u32,
    out: &mut [u16; HAND_CAP / 3],
) -> usize {
    let mut anchored = [(0u32, 0u16); HAND_CAP / 3];
    let mut m = 0;
    let mut bits = picked;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let c = combos[i];
        let anchor = positions(c)
            .map(|p| (cards[p].index() as u32) << 8 | p as u32)
            .min()
            .expect("a combination has cards");
        anchored[m] = (anchor, c);
        m += 1;
    }
    anchored[..m].sort_unstable_by_key(|&(a, _)| a);
    for (o, &(_, c)) in out.iter_mut().zip(&anchored[..m]) {
        *o = c;
    }
    m
}

/// Among the packings `tied` (bits of `combos`) that cover the most points, the one the
/// recurrence of [`arrange`](super::arrange::arrange) lays down, written into `out` in its
/// order; returns how many combinations it holds. The recurrence takes, at the lowest card
/// of the cards left (sorted by card index, then position), the first option that reaches
/// the least points: leaving the card unmatched, then each combination anchored at it,
/// groups before runs, each by decreasing mask of sorted positions. Among optimal packings
/// that is: keep those leaving the card loose if any, else those whose combination holding
/// it comes first in that order; then go on with the next card left.
fn first_in_trial_order(
    cards: &[Card],
    m: &Masks,
    combos: &[u16],
    tied: &[u32],
    out: &mut [u16; HAND_CAP / 3],
) -> usize {
    let n = cards.len();
    // The positions in sorted order (stable), and each position's rank in it.
    let order = sorted_order(cards);
    let mut rank = [0u8; HAND_CAP];
    for (k, &p) in order[..n].iter().enumerate() {
        rank[p as usize] = k as u8;
    }
    let mut covers = [0u16; TIES];
    for (cover, &t) in covers.iter_mut().zip(tied) {
        let mut bits = t;
        while bits != 0 {
            *cover |= combos[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
    }
    // The combination of packing `t` holding position bit `bit`.
    let holding = |t: u32, bit: u16| -> u16 {
        let mut bits = t;
        while bits != 0 {
            let c = combos[bits.trailing_zeros() as usize];
            if c & bit != 0 {
                return c;
            }
            bits &= bits - 1;
        }
        0
    };
    let mut alive = (1u32 << tied.len()) - 1;
    let mut left = ((1u32 << n) - 1) as u16;
    let mut k = 0;
    for &p in &order[..n] {
        let bit = 1u16 << p;
        if left & bit == 0 {
            continue;
        }
        left &= !bit;
        let loose = each(alive).filter(|&t| covers[t] & bit == 0);
        let loose = loose.fold(0u32, |a, t| a | 1 << t);
        if loose != 0 {
            alive = loose;
            continue;
        }
        // A group when all its numbers are the anchor's (or it has none).
        let group = match kind(cards[p as usize]) {
            Kind::Num { num, .. } => m.num[num as usize - 1] | m.wild,
            _ => u16::MAX,
        };
        let key = |c: u16| {
            let sorted = positions(c).fold(0u32, |a, q| a | 1 << rank[q]);
            ((c & !group != 0) as u32) << 16 | (0xffff - sorted)
        };
        let first = each(alive)
            .map(|t| holding(tied[t], bit))
            .min_by_key(|&c| key(c))
            .expect("a packing left");
        alive = each(alive)
            .filter(|&t| holding(tied[t], bit) == first)
            .fold(0u32, |a, t| a | 1 << t);
        out[k] = first;
        k += 1;
        left &= !first;
    }
    k
}

/// The bits of a mask, as indices.
fn each(mask: u32) -> impl Iterator<Item = usize> {
    positions(mask as u16)
}

/// The best packings found so far by [`packed_optimum`].
struct Best {
    covered: u16,
    /// How many packings cover `covered` points.
    ties: u32,
    /// The first [`TIES`] of them (bits of the combinations).
    tied: [u32; TIES],
}

impl Best {
    /// Counts the packing of combinations `picked` covering `covered` points.
    #[inline]
    fn record(&mut self, covered: u16, picked: u32) {
        if covered > self.covered {
            (self.covered, self.ties, self.tied[0]) = (covered, 1, picked);
        } else if covered == self.covered {
            if let Some(t) = self.tied.get_mut(self.ties as usize) {
                *t = picked;
            }
            self.ties += 1;
        }
    }

    /// Visits the packings that add combination `i` to `used` (positions; `picked` its
    /// combinations, `covered` their points) and then any later ones.
    fn visit(
        &mut self,
        combos: &[u16],
        worth: &[u16],
        i: usize,
        used: u16,
        picked: u32,
        covered: u16,
    ) {
        let (used, picked, covered) = (used | combos[i], picked | 1 << i, covered + worth[i]);
        self.record(covered, picked);
        for j in i + 1..combos.len() {
            if combos[j] & used == 0 {
                self.visit(combos, worth, j, used, picked, covered);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;
    use crate::games::chinchon::ComboList;
    use crate::games::chinchon::arrange::arrange;
    use crate::games::chinchon::cards::{ordered_shoe, point_table, rich_rules};

    /// Among tied best packings, the one picked by walking the recurrence's order of trial
    /// is the recurrence's arrangement, in its order: on random hands of 7 to 12 cards of
    /// two suits and the specials, with special cards worth points and worth none.
    #[test]
    fn tied_packings_settle_as_the_recurrence() {
        let (mut tied, mut many) = (0, 0);
        for (seed, free) in [(41, false), (42, true)] {
            let r = rich_rules(free);
            let pt = point_table(&r);
            let mut deck = ordered_shoe(&r, 8);
            let mut rng = GameRng::new(seed, 6);
            for round in 0..6000 {
                deck.shuffle(&mut rng);
                let hand: Vec<Card> = deck
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|c| c.index() >= 24)
                    .take(7 + round % 6)
                    .collect();
                let p: Vec<u16> = hand.iter().map(|c| pt[c.index() as usize]).collect();
                let listed = ComboList::of(&hand);
                let Some(list) = listed.list() else {
                    continue;
                };
                let (mut fast, mut slow) = ([0u16; 4], [0u16; 4]);
                let (got, ties) = optimum_and_ties(&hand, &p, list, listed.hand_masks(), &mut fast);
                let (su, sk) = arrange(&hand, &p, &mut slow);
                match got {
                    Some((u, k)) => assert_eq!((u, &fast[..k]), (su, &slow[..sk]), "{hand:?}"),
                    None => many += 1,
                }
                tied += (ties > 1 && got.is_some()) as u32;
            }
        }
        assert!(
            tied > 300,
            "{tied} settled ties, {many} left to the recurrence"
        );
    }
}
