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
    /// An empty pile.
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
        p.extend_from_slice(cards);
        p
    }

    /// Puts `cards` on top, the first of them lowest (one copy, not a push per card).
    #[inline]
    pub fn extend_from_slice(&mut self, cards: &[Card]) {
        let (at, end) = self.room_for(cards.len());
        self.cards[at..end].copy_from_slice(cards);
    }

    /// Puts `cards` on top in reverse order, so that `cards[0]` becomes the top: dealing a
    /// stock from a shuffled deck whose next card is `cards[0]`.
    #[inline]
    pub fn extend_reversed(&mut self, cards: &[Card]) {
        let (at, end) = self.room_for(cards.len());
        for (d, &c) in self.cards[at..end].iter_mut().zip(cards.iter().rev()) {
            *d = c;
        }
    }

    /// Puts the cards of an iterator on top in order (the length is kept in a register, not
    /// re-read from the pile per card).
    #[inline]
    pub fn extend<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        let mut n = self.len();
        for c in cards {
            assert!(n < N, "pile over capacity {N}");
            self.cards[n] = c;
            n += 1;
        }
        self.len = n as u16;
    }

    /// Grows the pile by `k` cards and returns the range they occupy.
    #[inline]
    fn room_for(&mut self, k: usize) -> (usize, usize) {
        let at = self.len();
        assert!(k <= N - at, "pile over capacity {N}");
        self.len = (at + k) as u16;
        (at, at + k)
    }

    /// The number of cards in the pile.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the pile holds no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts `c` on top; panics when the pile is full (a bug: capacities are fixed per game).
    #[inline]
    pub fn push(&mut self, c: Card) {
        assert!(self.len() < N, "pile over capacity {N}");
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    /// Takes the top card off, or `None` when the pile is empty.
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    /// The top card (the last pushed), or `None` when the pile is empty.
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }

    /// The card `depth` below the top (0 = the top).
    pub fn peek(&self, depth: usize) -> Option<Card> {
        self.len().checked_sub(depth + 1).map(|i| self.cards[i])
    }

    /// The cards, bottom first (the top is the last).
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards, bottom first, to change in place.
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }

    /// Empties the pile.
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
    fn bulk_extensions_match_pushes() {
        let cards: Vec<Card> = (0..10).map(Card::from_index).collect();
        let mut pushed: Pile<32> = Pile::new();
        cards.iter().for_each(|&c| pushed.push(c));
        cards.iter().rev().for_each(|&c| pushed.push(c));
        cards.iter().for_each(|&c| pushed.push(c));
        let mut bulk: Pile<32> = Pile::new();
        bulk.extend_from_slice(&cards);
        bulk.extend_reversed(&cards);
        bulk.extend(cards.iter().copied());
        assert_eq!(bulk, pushed);
        assert_eq!(bulk.top(), Some(cards[9]));
    }

    #[test]
    #[should_panic(expected = "over capacity")]
    fn bulk_overflow_is_a_bug_too() {
        let mut p: Pile<4> = Pile::new();
        p.extend_from_slice(&[Card::JOKER; 5]);
    }

    #[test]
    #[should_panic(expected = "over capacity")]
    fn overflow_is_a_bug_not_silent() {
        let mut p: Pile<1> = Pile::new();
        p.push(Card::JOKER);
        p.push(Card::JOKER);
    }
}
