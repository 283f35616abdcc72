//! The stock pick-up of `greedy`'s planner: the mean, over the cards a stock card may be, of
//! the best turn it leaves, worked out incrementally: each hand less one card (and, for
//! refills, less two) is valued once, and each drawn card added to it.

use super::{Hand, NONE, Plan, Stay};
use crate::cards::{Card, CardSet};
use crate::games::lasso::greedy::eval::{pairs, rank_count};
use crate::games::lasso::scoring::{classify, face, hand_penalty, has_set, pop13};
use crate::games::lasso::state::same;

/// Hands of at most this many cards take `stock_fast` (its tables hold every hand less one
/// card and every same-suit or same-rank pair); bigger (hoarded) hands the general path.
const FAST: usize = 16;

/// Same-suit or same-rank pairs among `FAST` cards: at most C(16, 2).
const PAIRS: usize = FAST * (FAST - 1) / 2;

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
        if h.cards.len() as usize <= FAST {
            return self.stock_fast(h);
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
                match l.plus(At::of(x, ace)) {
                    Some((pairs, pen)) => {
                        self.spend(1);
                        (self.g.combine(0, pairs, pen), false)
                    }
                    None => self.sets(hx.less(one), self.left),
                }
            };
            let whole = || match all.plus(At::of(x, ace)) {
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

impl Plan<'_> {
    /// `stock_ev` for a hand of at most `FAST` cards with no set owed: for each card `x`
    /// the stock may give, the best of `best_discard_with` over the same options (each
    /// discard onto its cheapest pile or into an empty slot, each refill pair, a blind card,
    /// draw-until-match), each hand valued from a table made once: the hand less one card
    /// or less a refill pair, plus `x`. A refill pairing `x` with a hand card `c` leaves the
    /// hand less `c`, the same for every `x`. Options are taken in another order than
    /// `best_discard_with` takes them; a maximum does not depend on it.
    fn stock_fast(&self, h: Hand) -> f32 {
        let ace = self.g.ace(self.v);
        let t = &self.tops;
        let any_open = t.top.iter().any(Option::is_some);
        let any_empty = t.empty.iter().any(|&e| e);
        let mut cards = [Card::from_index(0); FAST];
        let mut less = [Less::default(); FAST];
        let mut n = 0;
        for c in h.cards {
            cards[n] = c;
            less[n] = Less::of(h.cards.without(c), ace, c);
            n += 1;
        }
        let (cards, less) = (&cards[..n], &less[..n]);
        let all = Less::of(h.cards, ace, Card::from_index(0));
        // `x` put straight back: the hand as it was
        let kept = self.sets(h, self.left);
        // refills: a pair of hand cards (the hand less both, plus `x`), or `x` with a hand
        // card `c` (the hand less `c`)
        let mut two = [Less::default(); PAIRS];
        let mut m = 0;
        let mut with_x = [0.0f32; FAST];
        if any_empty {
            for i in 0..n {
                for j in i + 1..n {
                    if same(cards[i], cards[j]) {
                        let gone = CardSet::from_card(cards[i]).with(cards[j]);
                        two[m] = Less::of(h.cards - gone, ace, cards[i]);
                        m += 1;
                    }
                }
                with_x[i] = self.sets(h.less(CardSet::from_card(cards[i])), self.left).0;
            }
        }
        let two = &two[..m];
        let mut sum = 0.0;
        for x in self.unseen {
            let at = At::of(x, ace);
            let valued = |l: &Less| match l.plus(at) {
                Some((pairs, pen)) => {
                    self.spend(1);
                    (self.g.combine(0, pairs, pen), false)
                }
                None => match self.one_set(l, x, at, ace) {
                    Some((step, _)) => step,
                    None => self.sets(
                        Hand {
                            cards: l.cards.with(x),
                            ..h
                        },
                        self.left,
                    ),
                },
            };
            let mut best = NONE;
            let mut discard = |c: Card, (v, out): (f32, bool)| {
                if any_open {
                    // onto the pile where it costs least
                    let cost = self.least_cost(t, c);
                    best = best.max(if out { v } else { v - cost });
                }
                if any_empty {
                    // face up in an empty slot with the stock top on it (the stock is live)
                    let miss = if out {
                        0.0
                    } else {
                        self.miss_one(c) * self.mismatch
                    };
                    best = best.max(v - miss);
                }
            };
            discard(x, kept);
            for (i, l) in less.iter().enumerate() {
                discard(cards[i], valued(l));
            }
            if any_empty {
                for l in two {
                    best = best.max(valued(l).0);
                }
                for (i, &c) in cards.iter().enumerate() {
                    if same(c, x) {
                        best = best.max(with_x[i]);
                    }
                }
            }
            let hx = Hand {
                cards: h.cards.with(x),
                ..h
            };
            if any_open {
                // the hand stays as it is: a blind card, or draw-until-match
                let ((v, out), value) = match all.plus(at) {
                    Some((pairs, pen)) => {
                        self.spend(1);
                        let v = self.g.combine(0, pairs, pen);
                        ((v, false), v)
                    }
                    None => match self.one_set(&all, x, at, ace) {
                        Some(both) => both,
                        None => (self.sets(hx, self.left), self.g.value(hx.cards, ace)),
                    },
                };
                let Stay { miss, dry } = self.stay(t);
                best = best.max(if out { v } else { v - miss * self.mismatch });
                let on = v - self.g.draw_cost;
                best = best.max((1.0 - dry) * on + dry * self.dead_end_valued(hx, value));
            }
            sum += if best == NONE {
                self.dead_end(hx)
            } else {
                best
            };
        }
        sum / self.unseen.len() as f32
    }
}

impl Plan<'_> {
    /// The set step (as `sets` gives it) and the value (as `Greedy::value` gives it) of the
    /// hand of `l` plus `x`, when `x` completes exactly one set there (the hand less one
    /// card holds no set and three cards of `x`'s suit or of its rank, not both): that set
    /// is the hand's best, kept or laid, and what is left holds none. `None` otherwise.
    fn one_set(&self, l: &Less, x: Card, at: At, ace: i32) -> Option<((f32, bool), f32)> {
        if l.has {
            return None;
        }
        let base = 13 * at.suit as u32;
        let suited = l.cards.0 >> base & 0x1fff;
        let set = match (pop13(suited as u16) >= 3, rank_count(l.cards, at.rank) >= 3) {
            (true, false) => CardSet(suited << base).with(x),
            (false, true) => CardSet::rank(x.rank()),
            _ => return None,
        };
        self.spend(17); // a hand with a set valued, and one set looked at
        let pts = classify(set).map_or(0, |k| k.1);
        let rest = l.cards.with(x) - set;
        let keep = self.g.combine(pts, pairs(rest), hand_penalty(rest, ace));
        let mut best = (keep, false);
        if self.left > 0 {
            let (v, out) = if rest.is_empty() {
                (self.out, true)
            } else {
                (
                    self.g.combine(0, pairs(rest), hand_penalty(rest, ace)),
                    false,
                )
            };
            let laid = pts as f32 + v;
            if laid > best.0 {
                best = (laid, out);
            }
        }
        Some((best, keep))
    }
}

/// A drawn card, as `Less::plus` reads it: its suit's index, its rank and its penalty.
#[derive(Clone, Copy)]
struct At {
    suit: usize,
    rank: u8,
    pen: i32,
}

impl At {
    fn of(x: Card, ace: i32) -> At {
        let r = x.rank().index();
        At {
            suit: x.suit().index() as usize,
            rank: r,
            pen: if r == 0 { ace } else { face(r) },
        }
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
    fn plus(&self, x: At) -> Option<(u32, i32)> {
        let n = pop13((self.cards.0 >> (13 * x.suit)) as u16);
        let k = rank_count(self.cards, x.rank);
        if self.has || n >= 3 || k >= 3 {
            return None;
        }
        let c2 = |m: u32| m * m.saturating_sub(1) / 2;
        let pairs = self.pairs + c2((n + 1).min(4)) - c2(n.min(4)) + k;
        Some((pairs, self.pen + x.pen))
    }
}
