//! `CardSet`: a set of distinct cards as a `u64` bitset, in the manner of shakmaty's
//! `Bitboard`: operators, `len` by popcount, iteration by `trailing_zeros`, `const` masks.

use super::card::{Card, Rank, Suit};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

/// A set of cards, one bit per card index (bit `i` is `Card::from_index(i)`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

const SUIT_MASK: u64 = (1 << 13) - 1;

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 French cards.
    pub const DECK52: CardSet = CardSet((1 << 52) - 1);
    /// The 52 French cards and both jokers.
    pub const DECK54: CardSet = CardSet((1 << 54) - 1);
    /// The two jokers.
    pub const JOKERS: CardSet = CardSet(0b11 << 52);

    /// The set holding only `c`.
    pub const fn from_card(c: Card) -> CardSet {
        CardSet(1 << c.index())
    }

    /// All 13 cards of a suit.
    pub const fn suit(s: Suit) -> CardSet {
        CardSet(SUIT_MASK << (s.index() * 13))
    }

    /// The four cards of a rank.
    pub const fn rank(r: Rank) -> CardSet {
        let b = 1u64 << r.index();
        CardSet(b | b << 13 | b << 26 | b << 39)
    }

    /// The number of cards in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `c` is in the set.
    pub const fn contains(self, c: Card) -> bool {
        self.0 >> c.index() & 1 == 1
    }

    /// True when every card here is also in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// This set with `c` added.
    pub const fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | 1 << c.index())
    }

    /// This set with `c` taken out.
    pub const fn without(self, c: Card) -> CardSet {
        CardSet(self.0 & !(1 << c.index()))
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }

    /// Takes `c` out (nothing happens when it is absent).
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.index());
    }

    /// The lowest-index card.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index(self.0.trailing_zeros() as u8))
        }
    }

    /// The 13-bit rank field of one suit (bit r = rank r present).
    pub const fn suit_bits(self, s: Suit) -> u16 {
        (self.0 >> (s.index() * 13) & SUIT_MASK) as u16
    }

    /// Ranks present in any suit, as a 13-bit field.
    pub const fn rank_bits(self) -> u16 {
        let x = self.0;
        ((x | x >> 13 | x >> 26 | x >> 39) & SUIT_MASK) as u16
    }

    /// The cards in index order (clubs first, jokers last).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterates a [`CardSet`] in index order by clearing the lowest bit.
#[derive(Clone, Copy)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card::from_index(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline]
            fn $f(self, o: CardSet) -> CardSet {
                CardSet(self.0 $op o.0)
            }
        }
        impl $tra for CardSet {
            #[inline]
            fn $fa(&mut self, o: CardSet) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);
bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, o: CardSet) -> CardSet {
        CardSet(self.0 ^ o.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, o: CardSet) {
        self.0 &= !o.0;
    }
}

/// The complement within the 54-card deck (jokers included), so `!` never yields indices
/// that are no card.
impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::DECK54.0)
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|t| t.parse::<Card>().unwrap())
            .collect()
    }

    #[test]
    fn operators_agree_with_a_naive_model() {
        let a = set("AS 2S 3H KD");
        let b = set("2S KD QC");
        assert_eq!(a | b, set("AS 2S 3H KD QC"));
        assert_eq!(a & b, set("2S KD"));
        assert_eq!(a - b, set("AS 3H"));
        assert_eq!(a ^ b, set("AS 3H QC"));
        assert_eq!((!a).len(), 54 - 4);
        assert!(set("2S").is_subset(a) && !b.is_subset(a));
    }

    #[test]
    fn iteration_is_in_index_order_and_counts_match() {
        let a = set("KS AC 5D JK");
        let v: Vec<String> = a.iter().map(|c| c.to_string()).collect();
        assert_eq!(v, ["AC", "5D", "KS", "JK"]);
        assert_eq!(a.len(), 4);
        assert_eq!(a.iter().len(), 4);
        assert_eq!(a.first().unwrap().to_string(), "AC");
    }

    #[test]
    fn suit_and_rank_masks() {
        assert_eq!(CardSet::suit(Suit::Hearts).len(), 13);
        assert_eq!(CardSet::rank(Rank::QUEEN), set("QC QD QH QS"));
        let a = set("AH 3H KH 3S");
        assert_eq!(a.suit_bits(Suit::Hearts), 1 | 1 << 2 | 1 << 12);
        assert_eq!(a.rank_bits(), 1 | 1 << 2 | 1 << 12);
        let all: CardSet = Suit::ALL
            .iter()
            .map(|&s| CardSet::suit(s))
            .fold(CardSet::EMPTY, |x, y| x | y);
        assert_eq!(all, CardSet::DECK52);
    }
}
