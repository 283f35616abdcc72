//! `greedy`'s reveal: the mean gain, over the cards a face-down top can be, of adding it to
//! the hand (see the module docs of `greedy`).

use super::Greedy;
use super::eval::Flat;
use crate::cards::{Card, CardSet};
use crate::games::lasso::state::{pair_ok, same};
use crate::games::lasso::view::View;

impl Greedy {
    /// The estimated gain of revealing pile `p` (see the module docs).
    pub(super) fn reveal_gain(&self, v: &View<'_>, p: usize, flat: Option<&Flat>) -> f32 {
        let pv = &v.piles[p];
        let ace = self.ace(v);
        let base = self.value(v.hand, ace);
        // the hand plus `c`, from the hand's numbers when it holds no set then
        let with = |c: Card| match flat.and_then(|f| f.plus(c)) {
            Some((pairs, pen)) => self.combine(0, pairs, pen),
            None => self.value(v.hand.with(c), ace),
        };
        let gain = |c: Card| (with(c) - base).max(0.0);
        let under = pv.up.last().copied();
        if let Some(t) = pv.known_top {
            let ours = pv.by == Some(v.seat);
            let miss = under.is_some_and(|u| !same(t, u));
            return if ours && miss {
                -self.mismatch_cost(v)
            } else {
                gain(t)
            };
        }
        let unseen = v.unseen() | pv.by.map_or(CardSet::EMPTY, |s| v.known[s]);
        let Some(u) = under else {
            return mean(unseen, gain);
        };
        let fits = unseen & (CardSet::suit(u.suit()) | CardSet::rank(u.rank()));
        if pv.paired {
            let paired: CardSet = fits.into_iter().filter(|&c| pair_ok(u, c)).collect();
            return mean(paired, gain);
        }
        if pv.from_hand {
            mean(fits, gain) // a discard from a hand matches, unless it is a bluff
        } else {
            mean(unseen, gain) // the stock top, unseen
        }
    }
}

/// The mean of `f` over `cards` (0 for none).
fn mean(cards: CardSet, f: impl Fn(Card) -> f32) -> f32 {
    if cards.is_empty() {
        return 0.0;
    }
    cards.into_iter().map(f).sum::<f32>() / cards.len() as f32
}
