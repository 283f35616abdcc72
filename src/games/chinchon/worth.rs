//! What keeping a card is worth to `greedy` beyond the points of the hand, for one decision:
//! a `WILD`'s keep, what its discard may feed the next player, and (once the deal drags) its
//! live partners. See [`greedy`](super::greedy) for the knobs.

use super::cards::{Kind, WILD, kind};
use crate::cards::Card;

/// Costs are kept in quarter points, so that knobs may be fractions.
pub(super) const Q: i32 = 4;

/// What a card's keeping is worth beyond the points of the hand, for one decision.
pub(super) struct Worth {
    pub(super) wild_keep: i32,
    /// The cards the next player is known to hold (taken from the discards), if any.
    pub(super) next_known: Option<Few>,
    pub(super) feed: i32,
    /// The live copies of each number card, when the bot is replanning.
    pub(super) live: Option<[u8; 48]>,
    pub(super) partner_value: i32,
}

impl Worth {
    /// The cost of discarding `c` when `w` unmatched points are left without it: those
    /// points, what keeping `c` is worth, and what its discard may give the next player
    /// (quarter points, action bonus aside).
    #[inline]
    pub(super) fn cost(&self, c: Card, w: u16) -> i32 {
        let mut cost = self.floor(c, w);
        if let Some(k) = &self.next_known {
            cost += self.feed * k.near(c);
        }
        if let Some(l) = &self.live {
            cost += self.partner_value * partners(l, c);
        }
        cost
    }

    /// The part of [`Worth::cost`] that the points and a `WILD`'s keep make: the whole cost
    /// less the `feed` and `partner_value` terms (a bound below it when those knobs are not
    /// negative).
    #[inline]
    pub(super) fn floor(&self, c: Card, w: u16) -> i32 {
        let wild = if c == WILD { self.wild_keep } else { 0 };
        Q * (w as i32 + wild)
    }
}

/// A few cards as the numbers held in each suit (bit `num - 1`), to count a card's
/// partners among them with bit operations, and the suits holding each number.
#[derive(Clone, Copy, Default)]
pub(super) struct Few {
    suits: [u16; 4],
    /// The distinct cards of each number (`num - 1`).
    same: [u8; 12],
}

impl Few {
    pub(super) fn of(cards: &[Card]) -> Few {
        let mut f = Few::default();
        for &c in cards {
            if let Kind::Num { suit, num } = kind(c) {
                let (m, bit) = (&mut f.suits[suit as usize], 1u16 << (num - 1));
                f.same[num as usize - 1] += (*m & bit == 0) as u8;
                *m |= bit;
            }
        }
        f
    }

    /// The distinct cards among these that pair with `c` or stand within two of it in its
    /// suit.
    #[inline]
    fn near(&self, c: Card) -> i32 {
        let Kind::Num { suit, num } = kind(c) else {
            return 0;
        };
        let bit = 1u16 << (num - 1);
        let window = ((bit << 1) | (bit << 2) | (bit >> 1) | (bit >> 2)) & 0xfff;
        let same = self.same[num as usize - 1] as u32;
        (same + (self.suits[suit as usize] & window).count_ones()) as i32
    }
}

/// The cards counted in `live` that would pair with `c` or stand within two of it in its
/// suit.
#[inline(never)]
fn partners(live: &[u8; 48], c: Card) -> i32 {
    let Kind::Num { suit, num } = kind(c) else {
        return 0;
    };
    let (s, n) = (suit as usize * 12, num as usize - 1);
    let same: u8 = (0..4).map(|t| live[t * 12 + n]).sum();
    let near: u8 = (n.saturating_sub(2)..=(n + 2).min(11))
        .filter(|&m| m != n)
        .map(|m| live[s + m])
        .sum();
    same as i32 + near as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Worth::floor`] is the cost less its `feed` and `partner_value` terms: equal to
    /// [`Worth::cost`] without them, and below it with them when those knobs are not
    /// negative (what lets `greedy` turn down a discard top against the floor alone).
    #[test]
    fn floor_is_the_cost_without_its_extra_terms() {
        let known = [
            Card::from_index(3),
            Card::from_index(4),
            Card::from_index(27),
        ];
        let mut live = [0u8; 48];
        for (i, l) in live.iter_mut().enumerate() {
            *l = (i % 3) as u8;
        }
        let bare = Worth {
            wild_keep: 30,
            next_known: None,
            feed: 16,
            live: None,
            partner_value: 6,
        };
        let full = Worth {
            next_known: Some(Few::of(&known)),
            live: Some(live),
            ..bare
        };
        let mut above = 0;
        for c in (0..53).map(Card::from_index) {
            for w in [0u16, 3, 17, 40] {
                assert_eq!(bare.floor(c, w), bare.cost(c, w));
                assert_eq!(full.floor(c, w), bare.cost(c, w));
                assert!(full.floor(c, w) <= full.cost(c, w));
                above += (full.floor(c, w) < full.cost(c, w)) as u32;
            }
        }
        assert!(above > 100, "{above}");
    }
}
