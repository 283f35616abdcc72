//! `Pile<N>`: a fixed-capacity ordered stack of cards (a stock, a discard pile, a shoe), stored
//! inline so that a deal never touches the heap. The top of the pile is the last element.

use super::card::Card;
use super::counts::CardCounts;
use super::rng::GameRng;
use std::fmt;

/// An ordered stack of at most `N` cards; `top` is the last pushed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Pile<const N: usize> {
    cards: [Card; N],
    len: u16,
}

impl<const N: usize> Default for Pile<N> {
    fn default() -> Self {
        Pile::new()
    }
}

impl<const N: usize> Pile<N> {
    pub const fn new() -> Self {
        Pile {
            cards: [Card::from_index(0); N],
            len: 0,
        }
    }

    /// A pile holding `cards` bottom first. Panics if they do not fit (a programming error:
    /// capacities are fixed by each game's maximum shoe).
    pub fn from_slice(cards: &[Card]) -> Self {
        let mut p = Pile::new();
        for &c in cards {
            p.push(c);
        }
        p
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn push(&mut self, c: Card) {
        assert!(self.len() < N, "pile over capacity {N}");
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }

    /// The card `depth` below the top (0 = the top).
    pub fn peek(&self, depth: usize) -> Option<Card> {
        self.len().checked_sub(depth + 1).map(|i| self.cards[i])
    }

    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Removes the card at `index` (0 = bottom), keeping the order of the rest.
    pub fn remove_at(&mut self, index: usize) -> Card {
        let n = self.len();
        assert!(index < n);
        let c = self.cards[index];
        self.cards.copy_within(index + 1..n, index);
        self.len -= 1;
        c
    }

    /// Keeps only the bottom `n` cards.
    pub fn truncate(&mut self, n: usize) {
        if n < self.len() {
            self.len = n as u16;
        }
    }

    /// Shuffles the whole pile in place with `rng`.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(self.as_mut_slice());
    }

    /// The pile's cards as a multiset.
    pub fn counts(&self) -> CardCounts {
        self.as_slice().iter().copied().collect()
    }
}

impl<const N: usize> fmt::Debug for Pile<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, c) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_peek_remove() {
        let cards: Vec<Card> = ["AS", "2S", "3S", "4S"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut p: Pile<8> = Pile::from_slice(&cards);
        assert_eq!(p.top(), Some(cards[3]));
        assert_eq!(p.peek(1), Some(cards[2]));
        assert_eq!(p.peek(4), None);
        assert_eq!(p.remove_at(1), cards[1]);
        assert_eq!(p.as_slice(), &[cards[0], cards[2], cards[3]]);
        assert_eq!(p.pop(), Some(cards[3]));
        p.truncate(1);
        assert_eq!(p.as_slice(), &[cards[0]]);
        assert_eq!(p.counts().len(), 1);
    }

    #[test]
    #[should_panic(expected = "over capacity")]
    fn overflow_is_a_bug_not_silent() {
        let mut p: Pile<1> = Pile::new();
        p.push(Card::JOKER);
        p.push(Card::JOKER);
    }
}
