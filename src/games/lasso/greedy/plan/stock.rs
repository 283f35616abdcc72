//! The stock pick-up of `greedy`'s planner: the mean, over the cards a stock card may be, of
//! the best turn it leaves, worked out incrementally (each hand less one card is valued once,
//! and each drawn card added to it).

use super::{Hand, Plan};
use crate::cards::{Card, CardSet};
use crate::games::lasso::greedy::pairs;
use crate::games::lasso::scoring::{face, hand_penalty, has_set};

impl Plan<'_> {
    /// The mean over the cards a stock card may be of the best turn that card leaves.
    pub(super) fn stock_ev(&self, h: Hand) -> f32 {
        let h = Hand { pile: false, ..h };
        if self.unseen.is_empty() {
            return self.best_discard(Hand { extra: true, ..h }, &self.tops) + self.g.stock_value;
        }
        if h.owed.is_some() {
            let mut sum = 0.0;
            for x in self.unseen {
                let hx = Hand {
                    cards: h.cards.with(x),
                    ..h
                };
                sum += self.best_discard(hx, &self.tops);
            }
            return sum / self.unseen.len() as f32;
        }
        // Incremental: each drawn card `x` is added to the hand less one card, whose pairs,
        // penalty and sets are worked out once; a hand without a set is valued from them
        // (the same numbers `value` computes), the others go the long way.
        let ace = self.g.ace(self.v);
        let mut less = [Less::default(); 52];
        let mut n = 0;
        for c in h.cards {
            less[n] = Less::of(h.cards.without(c), ace, c);
            n += 1;
        }
        let less = &less[..n];
        let all = Less::of(h.cards, ace, Card::from_index(0));
        let mut sum = 0.0;
        for x in self.unseen {
            let hx = Hand {
                cards: h.cards.with(x),
                ..h
            };
            let minus = |one: CardSet| {
                let Some(l) = less.iter().find(|l| CardSet::from_card(l.gone) == one) else {
                    return self.sets(hx.less(one), self.left); // `x` itself: the hand as it was
                };
                match l.plus(x, ace) {
                    Some((pairs, pen)) => {
                        self.spend(1);
                        (self.g.combine(0, pairs, pen), false)
                    }
                    None => self.sets(hx.less(one), self.left),
                }
            };
            let whole = || match all.plus(x, ace) {
                Some((pairs, pen)) => {
                    self.spend(1);
                    let v = self.g.combine(0, pairs, pen);
                    ((v, false), v)
                }
                None => (self.sets(hx, self.left), self.g.value(hx.cards, ace)),
            };
            sum += self.best_discard_with(hx, &self.tops, minus, whole);
        }
        sum / self.unseen.len() as f32
    }
}

/// A hand less one card, for `stock_ev`: what valuing it with one more card needs.
#[derive(Clone, Copy)]
struct Less {
    cards: CardSet,
    /// The card taken out.
    gone: Card,
    has: bool,
    pairs: u32,
    pen: i32,
}

impl Default for Less {
    fn default() -> Self {
        Less {
            cards: CardSet::EMPTY,
            gone: Card::from_index(0),
            has: false,
            pairs: 0,
            pen: 0,
        }
    }
}

impl Less {
    fn of(cards: CardSet, ace: i32, gone: Card) -> Less {
        Less {
            cards,
            gone,
            has: has_set(cards),
            pairs: pairs(cards),
            pen: hand_penalty(cards, ace),
        }
    }

    /// The pairs and penalty of the hand with `x` added, when it then holds no set.
    #[inline]
    fn plus(&self, x: Card, ace: i32) -> Option<(u32, i32)> {
        let n = self.cards.suit_bits(x.suit()).count_ones();
        let k = (self.cards & CardSet::rank(x.rank())).len();
        if self.has || n >= 3 || k >= 3 {
            return None;
        }
        let c2 = |m: u32| m * m.saturating_sub(1) / 2;
        let pairs = self.pairs + c2((n + 1).min(4)) - c2(n.min(4)) + k;
        let r = x.rank().index();
        let pen = self.pen + if r == 0 { ace } else { face(r) };
        Some((pairs, pen))
    }
}
