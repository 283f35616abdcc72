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

/// A hand (cards and their points) with its least unmatched points and those without each
/// card; `n == 0` for none.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seen {
    n: usize,
    cards: [Card; HAND_CAP],
    pts: [u16; HAND_CAP],
    without: [u16; HAND_CAP],
    best: u16,
}

impl Seen {
    pub(super) const NONE: Seen = Seen {
        n: 0,
        cards: [Card::from_index(0); HAND_CAP],
        pts: [0; HAND_CAP],
        without: [0; HAND_CAP],
        best: 0,
    };

    /// The values of `cards` with points `pts` (as long as `cards`).
    fn new(cards: &[Card], pts: &[u16], without: &[u16; HAND_CAP], best: u16) -> Seen {
        let n = cards.len();
        let mut s = Seen {
            n,
            without: *without,
            best,
            ..Seen::NONE
        };
        s.cards[..n].copy_from_slice(cards);
        s.pts[..n].copy_from_slice(pts);
        s
    }

    /// Whether these are the values of exactly this hand with these points.
    #[inline]
    fn is(&self, cards: &[Card], pts: &[u16]) -> bool {
        let n = self.n;
        n != 0 && n == cards.len() && self.cards[..n] == *cards && self.pts[..n] == *pts
    }
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

    /// The least points without each card of `cards` and the least points of all of them
    /// (searched from `listed`, the hand's combinations, unless remembered); remembered as
    /// the hand between turns.
    pub(super) fn rest(
        &mut self,
        cards: &[Card],
        pts: &[u16],
        listed: Option<&[u16]>,
    ) -> ([u16; HAND_CAP], u16) {
        if !self.rest.is(cards, pts) {
            let mut without = [0u16; HAND_CAP];
            let best = best_and_without_listed(cards, pts, listed, &mut without);
            self.rest = Seen::new(cards, pts, &without, best);
        }
        (self.rest.without, self.rest.best)
    }

    /// The values of the hand between turns (as [`HandMemo::rest`]) if it is `cards` with
    /// `pts`.
    pub(super) fn rest_if(&self, cards: &[Card], pts: &[u16]) -> Option<(&[u16; HAND_CAP], u16)> {
        self.rest
            .is(cards, pts)
            .then_some((&self.rest.without, self.rest.best))
    }

    /// Remembers the values of the hand with the discard top.
    pub(super) fn set_taken(&mut self, cards: &[Card], pts: &[u16], without: &[u16; HAND_CAP]) {
        self.taken = Seen::new(cards, pts, without, 0);
    }

    /// The values of the hand with the discard top, if it is `cards` with `pts`.
    pub(super) fn taken(&self, cards: &[Card], pts: &[u16]) -> Option<[u16; HAND_CAP]> {
        self.taken.is(cards, pts).then_some(self.taken.without)
    }

    /// After discarding position `d` of `cards` (with `without`), a card in no combination
    /// of them: remembers the hand left as the hand between turns.
    pub(super) fn discarded_dead(
        &mut self,
        cards: &[Card],
        pts: &[u16],
        without: &[u16],
        d: usize,
    ) {
        let n = cards.len();
        let mut s = Seen {
            n: n - 1,
            best: without[d],
            ..Seen::NONE
        };
        let mut k = 0;
        for i in (0..n).filter(|&i| i != d) {
            s.cards[k] = cards[i];
            s.pts[k] = pts[i];
            s.without[k] = without[i] - pts[d];
            k += 1;
        }
        self.rest = s;
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
