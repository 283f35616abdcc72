//! What `greedy` remembers of its own hand's least unmatched points between decisions, so
//! that most decisions need no search of the hand.
//!
//! The least points of a hand less each card ([`best_and_without`](super::unmatched)) depend
//! on the hand's cards and points alone. Two facts let one search serve several decisions:
//! - a card in no combination of a hand (a *dead* card) is unmatched in every arrangement of
//!   every part of it, so adding a dead card `x` to a hand `h` gives
//!   `without(h + x)[i] = without(h)[i] + points(x)` and `without(h + x)[x] = best(h)`;
//! - removing a dead card `d` the other way round: `without(h - d)[i] = without(h)[i] -
//!   points(d)` and `best(h - d) = without(h)[d]`.
//!
//! So the bot keeps the hand it holds between turns (`rest`: after discarding a dead card it
//! follows from the discard's values), and the draw and the discard that follow derive the
//! values of the hand with the discard top or the stock card from it whenever that card joins
//! no combination (most draws). It also keeps the hand with the discard top that the draw
//! weighed (`taken`): when the bot takes the top, its discard reads them there.

use super::arrange::HAND_CAP;
use super::unmatched::best_and_without_listed;
use crate::cards::Card;

/// A hand as a key: its number of cards, then its cards' indices, a byte each (the rest
/// zero), and the points of the special cards under the rules (the numbers' points never
/// change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    cards: [u8; 16],
    special: [u16; 5],
}

impl Key {
    const NONE: Key = Key {
        cards: [0; 16],
        special: [0; 5],
    };

    /// The key of `cards` under the card points `points`.
    #[inline]
    pub(super) fn of(cards: &[Card], points: &[u16; 64]) -> Key {
        let mut k = Key::NONE;
        k.cards[0] = cards.len() as u8;
        for (b, c) in k.cards[1..].iter_mut().zip(cards) {
            *b = c.index();
        }
        k.special.copy_from_slice(&points[48..53]);
        k
    }

    /// The hand with `c` added at its end.
    #[inline]
    pub(super) fn with(mut self, c: Card) -> Key {
        let n = self.cards[0] as usize;
        self.cards[n + 1] = c.index();
        self.cards[0] += 1;
        self
    }

    /// The hand less its last card.
    #[inline]
    pub(super) fn less_last(mut self) -> Key {
        let n = self.cards[0] as usize;
        self.cards[n] = 0;
        self.cards[0] -= 1;
        self
    }

    /// The hand less position `d` (the cards above it move down one).
    #[inline]
    fn less(mut self, d: usize) -> Key {
        let n = self.cards[0] as usize;
        self.cards.copy_within(d + 2..=n, d + 1);
        self.less_last()
    }
}

/// A hand's least unmatched points (`best`) and those without each card; `key` is
/// [`Key::NONE`] for none.
#[derive(Clone, Copy, Debug)]
struct Seen {
    key: Key,
    without: [u16; HAND_CAP],
    best: u16,
}

impl Seen {
    const NONE: Seen = Seen {
        key: Key::NONE,
        without: [0; HAND_CAP],
        best: 0,
    };
}

/// The hands `greedy` remembers (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct HandMemo {
    /// The hand between turns.
    rest: Seen,
    /// The hand with the discard top, as the draw weighed it.
    taken: Seen,
}

impl HandMemo {
    pub(super) const NONE: HandMemo = HandMemo {
        rest: Seen::NONE,
        taken: Seen::NONE,
    };

    /// The least points without each card of `cards` (points `pts`, key `key`) and the
    /// least points of all of them (searched from `listed`, the hand's combinations, unless
    /// remembered); remembered as the hand between turns.
    pub(super) fn rest(
        &mut self,
        key: Key,
        cards: &[Card],
        pts: &[u16],
        listed: Option<&[u16]>,
    ) -> ([u16; HAND_CAP], u16) {
        if self.rest.key != key {
            let mut without = [0u16; HAND_CAP];
            let best = best_and_without_listed(cards, pts, listed, &mut without);
            self.rest = Seen { key, without, best };
        }
        (self.rest.without, self.rest.best)
    }

    /// The values of the hand between turns (as [`HandMemo::rest`]) if it is `key`'s.
    #[inline]
    pub(super) fn rest_if(&self, key: Key) -> Option<(&[u16; HAND_CAP], u16)> {
        (self.rest.key == key).then_some((&self.rest.without, self.rest.best))
    }

    /// Remembers the values of the hand with the discard top.
    #[inline]
    pub(super) fn set_taken(&mut self, key: Key, without: &[u16; HAND_CAP]) {
        self.taken = Seen {
            key,
            without: *without,
            best: 0,
        };
    }

    /// The values of the hand with the discard top, if it is `key`'s.
    #[inline]
    pub(super) fn taken(&self, key: Key) -> Option<&[u16; HAND_CAP]> {
        (self.taken.key == key).then_some(&self.taken.without)
    }

    /// After discarding position `d` (of `d_pts` points) of the hand `key` with `without`, a
    /// card in no combination of it: remembers the hand left as the hand between turns.
    pub(super) fn discarded_dead(
        &mut self,
        key: Key,
        without: &[u16; HAND_CAP],
        d: usize,
        d_pts: u16,
    ) {
        let r = &mut self.rest;
        r.key = key.less(d);
        r.best = without[d];
        for (o, &w) in r.without.iter_mut().zip(without) {
            *o = w.wrapping_sub(d_pts);
        }
        r.without.copy_within(d + 1.., d);
    }
}

/// The values of a hand with a dead card of `x_pts` points added at its end, from those of
/// the hand (`n` cards, least points `best`).
#[inline]
pub(super) fn with_dead(
    without: &[u16; HAND_CAP],
    best: u16,
    n: usize,
    x_pts: u16,
) -> [u16; HAND_CAP] {
    let mut w = [0u16; HAND_CAP];
    for (o, &x) in w[..n].iter_mut().zip(&without[..n]) {
        *o = x + x_pts;
    }
    w[n] = best;
    w
}
