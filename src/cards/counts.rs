//! `CardCounts`: a multiset of card kinds for multi-deck shoes (several identical copies of a
//! card). One byte per kind index (64 kinds, counts up to 255), `Copy`, no heap; the method
//! names follow [`super::CardSet`] so game code reads the same with one deck or several.

use super::card::Card;
use super::set::CardSet;
use std::fmt;

/// How many copies of each card kind (index 0..64) a collection holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardCounts([u8; 64]);

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts::EMPTY
    }
}

impl CardCounts {
    /// No card at all.
    pub const EMPTY: CardCounts = CardCounts([0; 64]);

    /// One copy of every card in `set`.
    pub fn from_set(set: CardSet) -> CardCounts {
        let mut c = CardCounts::EMPTY;
        for card in set {
            c.insert(card);
        }
        c
    }

    /// `copies` copies of every card in `set`.
    pub fn from_set_times(set: CardSet, copies: u8) -> CardCounts {
        let mut c = CardCounts::EMPTY;
        for card in set {
            c.0[card.index() as usize] = copies;
        }
        c
    }

    /// How many copies of `c` there are.
    #[inline]
    pub fn count(&self, c: Card) -> u8 {
        self.0[c.index() as usize]
    }

    /// True when there is at least one copy of `c`.
    #[inline]
    pub fn contains(&self, c: Card) -> bool {
        self.count(c) > 0
    }

    /// Adds one copy of `c`.
    #[inline]
    pub fn insert(&mut self, c: Card) {
        self.0[c.index() as usize] += 1;
    }

    /// Adds `n` copies of `c`.
    pub fn insert_n(&mut self, c: Card, n: u8) {
        self.0[c.index() as usize] += n;
    }

    /// Removes one copy of `c`; returns false (and changes nothing) when there is none.
    #[inline]
    pub fn remove(&mut self, c: Card) -> bool {
        let slot = &mut self.0[c.index() as usize];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    /// The counts as eight little-endian words of eight kinds each.
    #[inline]
    fn words(&self) -> [u64; 8] {
        std::array::from_fn(|i| {
            u64::from_le_bytes(self.0[8 * i..8 * i + 8].try_into().expect("8 bytes"))
        })
    }

    /// Total number of cards (summed eight kinds at a time in 16-bit lanes: at most
    /// 64 × 255 = 16,320, so no lane overflows).
    #[inline]
    pub fn len(&self) -> u32 {
        const LO: u64 = 0x00FF_00FF_00FF_00FF;
        let lanes = self
            .words()
            .iter()
            .fold(0u64, |acc, &w| acc + (w & LO) + ((w >> 8) & LO));
        (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }

    /// True when there is no card at all.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words().iter().fold(0, |acc, &w| acc | w) == 0
    }

    /// Copies of each rank index (0..13) over the four suits (card index `13 * suit +
    /// rank`), jokers apart. Four overlapping 16-byte loads added bytewise: exact while
    /// every rank's total is under 256 (checked in debug builds).
    #[inline]
    pub fn rank_totals(&self) -> [u8; 13] {
        let at = |o: usize| u128::from_le_bytes(self.0[o..o + 16].try_into().expect("16 bytes"));
        let sum = at(0) + at(13) + at(26) + at(39);
        let mut out = [0u8; 13];
        out.copy_from_slice(&sum.to_le_bytes()[..13]);
        debug_assert!(
            (0..13)
                .all(|r| (0..4).map(|s| self.0[13 * s + r] as u32).sum::<u32>() == out[r] as u32),
            "a rank total over 255"
        );
        out
    }

    /// True when every kind has at most as many copies here as in `other`.
    pub fn is_subset(&self, other: &CardCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a <= b)
    }

    /// The kinds present (at least one copy), as a set.
    pub fn support(&self) -> CardSet {
        let mut s = CardSet::EMPTY;
        for (i, &n) in self.0.iter().enumerate() {
            if n > 0 {
                s.insert(Card::from_index(i as u8));
            }
        }
        s
    }

    /// Each kind with its count, in index order, kinds with no copy skipped.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, &n)| (Card::from_index(i as u8), n))
    }

    /// Adds every copy of `other`; saturates at 255 so checks on impossible states stay total.
    pub fn add(&mut self, other: &CardCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Adds one copy of each card in `set`.
    pub fn add_set(&mut self, set: CardSet) {
        for c in set {
            self.0[c.index() as usize] = self.0[c.index() as usize].saturating_add(1);
        }
    }

    /// Adds one copy of each card yielded.
    pub fn add_cards<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        for c in cards {
            self.0[c.index() as usize] = self.0[c.index() as usize].saturating_add(1);
        }
    }
}

impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardCounts {
        let mut c = CardCounts::EMPTY;
        c.add_cards(it);
        c
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CardCounts[")?;
        for (i, (c, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}x{}", n, c.index())?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_behave_like_a_multiset() {
        let qh: Card = "QH".parse().unwrap();
        let two: Card = "2C".parse().unwrap();
        let mut m = CardCounts::from_set_times(CardSet::DECK52, 2);
        assert_eq!(m.len(), 104);
        assert!(m.remove(qh) && m.remove(qh) && !m.remove(qh));
        assert_eq!(m.count(qh), 0);
        assert_eq!(m.len(), 102);
        let mut small = CardCounts::EMPTY;
        small.insert(two);
        small.insert(two);
        assert!(small.is_subset(&m));
        small.insert(two);
        assert!(!small.is_subset(&m));
        assert_eq!(small.support(), CardSet::from_card(two));
        assert_eq!(small.iter().collect::<Vec<_>>(), vec![(two, 3)]);
    }

    /// `len`, `is_empty` and `rank_totals` (word-at-a-time) against plain loops over the
    /// bytes, on random multisets up to 6 decks and on extreme counts.
    #[test]
    fn word_sums_match_the_byte_loops() {
        let mut rng = crate::cards::GameRng::new(7, 0);
        for case in 0..20_000u32 {
            let mut c = CardCounts::EMPTY;
            let kinds = rng.below(65) as usize;
            for _ in 0..kinds {
                let i = rng.below(54) as usize;
                c.0[i] = c.0[i].saturating_add(rng.below(7) as u8);
            }
            if case % 100 == 0 {
                c.0 = [if case % 200 == 0 { 255 } else { 63 }; 64];
            }
            assert_eq!(c.len(), c.0.iter().map(|&n| n as u32).sum::<u32>());
            assert_eq!(c.is_empty(), c.0.iter().all(|&n| n == 0));
            if c.0.iter().all(|&n| n < 64) {
                let want: [u8; 13] = std::array::from_fn(|r| (0..4).map(|s| c.0[13 * s + r]).sum());
                assert_eq!(c.rank_totals(), want);
            }
        }
    }
}
