//! The stock pick-up of `greedy`'s planner: the mean, over the cards a stock card may be, of
//! the best turn it leaves, worked out incrementally: each hand less one card (and, for
//! refills, less two) is valued once, and each drawn card added to it.

use super::quick::One;
use super::{Flat, Hand, NONE, Plan, Stay};
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
    ///
    /// A hand plus `x` that holds no set is valued from integers (its pairs: the table's
    /// plus what `x` adds, read off the suit and rank counts of the whole hand); the others
    /// go through `one_set` or the set step, in the order `best_discard_with` would meet them,
    /// so that the work counted and the memo see the same calls.
    fn stock_fast(&self, h: Hand) -> f32 {
        let ace = self.g.ace(self.v);
        let t = &self.tops;
        let any_open = t.top.iter().any(Option::is_some);
        let any_empty = t.empty.iter().any(|&e| e);
        // the hand's numbers, when it holds no set: those of the hand less a card or two
        // follow from them
        let flat = Flat::of(h.cards, ace);
        let flat = flat.as_ref();
        let of = |gone: CardSet, c: Card| match flat {
            Some(f) => {
                let (pairs, pen) = f.less(gone);
                Less {
                    cards: h.cards - gone,
                    gone: c,
                    has: false,
                    pairs,
                    pen,
                    one: None,
                }
            }
            None => Less::of(h.cards - gone, ace, c),
        };
        let mut cards = [Card::from_index(0); FAST];
        let mut less = [Less::default(); FAST];
        let mut n = 0;
        for c in h.cards {
            cards[n] = c;
            less[n] = of(CardSet::from_card(c), c);
            n += 1;
        }
        let (cards, less) = (&cards[..n], &less[..n]);
        let all = of(CardSet::EMPTY, Card::from_index(0));
        // `x` put straight back: the hand as it was
        let kept = self.sets_less(h, flat, CardSet::EMPTY);
        // refills: a pair of hand cards (the hand less both, plus `x`), or `x` with a hand
        // card `c` (the hand less `c`): the best of the latter by suit and by rank of `x`
        let mut two = [(Less::default(), 0u8, 0u8); PAIRS];
        let mut m = 0;
        let mut by_suit = [NONE; 4];
        let mut by_rank = [NONE; 13];
        if any_empty {
            for i in 0..n {
                for j in i + 1..n {
                    if same(cards[i], cards[j]) {
                        let gone = CardSet::from_card(cards[i]).with(cards[j]);
                        two[m] = (of(gone, cards[i]), i as u8, j as u8);
                        m += 1;
                    }
                }
                let w = self.sets_less(h, flat, CardSet::from_card(cards[i])).0;
                let (s, r) = (suit_of(cards[i]), cards[i].rank().index() as usize);
                by_suit[s] = by_suit[s].max(w);
                by_rank[r] = by_rank[r].max(w);
            }
        }
        let two = &two[..m];
        // each hand card's suit and rank, and what putting it down costs where it costs
        // least (`INFINITY`: nowhere, as with no revealed top and no empty slot)
        let mut suit = [0u8; FAST];
        let mut rank = [0u8; FAST];
        let mut down = [f32::INFINITY; FAST];
        for (i, &c) in cards.iter().enumerate() {
            suit[i] = suit_of(c) as u8;
            rank[i] = c.rank().index();
            down[i] = self.down_cost(c, any_open, any_empty);
        }
        let mut counts = [0u32; 4];
        for (s, k) in counts.iter_mut().enumerate() {
            *k = pop13((h.cards.0 >> (13 * s)) as u16);
        }
        let stay = any_open.then(|| self.stay(t));
        let pen_all = hand_penalty(h.cards, self.v.rules.ace_in_hand);
        let race = 100.0 / self.v.players as f32;
        let (open_or_empty, draw_cost) = (any_open || any_empty, self.g.draw_cost);
        // work counted for hands valued from integers, not yet added (added before any call
        // that reads the count, and at the end)
        let mut owed = 0u32;
        let mut sum = 0.0;
        for x in self.unseen {
            let at = At::of(x, ace);
            let (sx, rx) = (at.suit as u8, at.rank);
            let ns = counts[at.suit];
            let kr = rank_count(h.cards, rx);
            let mut best = NONE;
            if open_or_empty {
                best = best.max(if kept.1 {
                    kept.0
                } else {
                    kept.0 - self.down_cost(x, any_open, any_empty)
                });
            }
            for (i, l) in less.iter().enumerate() {
                let ds = u32::from(suit[i] == sx);
                let dr = u32::from(rank[i] == rx);
                let (v, out) = self.valued(h, l, x, at, ns - ds, kr - dr, &mut owed);
                if out {
                    if open_or_empty {
                        best = best.max(v);
                    }
                } else {
                    best = best.max(v - down[i]);
                }
            }
            if any_empty {
                for (l, i, j) in two {
                    let (i, j) = (*i as usize, *j as usize);
                    let ds = u32::from(suit[i] == sx) + u32::from(suit[j] == sx);
                    let dr = u32::from(rank[i] == rx) + u32::from(rank[j] == rx);
                    best = best.max(self.valued(h, l, x, at, ns - ds, kr - dr, &mut owed).0);
                }
                best = best.max(by_suit[at.suit]).max(by_rank[rx as usize]);
            }
            let hx = Hand {
                cards: h.cards.with(x),
                ..h
            };
            if let Some(Stay { miss, dry }) = stay {
                // the hand stays as it is: a blind card, or draw-until-match
                let ((v, out), value) = if !all.has && ns < 3 && kr < 3 {
                    owed += 1;
                    let v = self.g.combine(0, all.pairs + ns + kr, all.pen + at.pen);
                    ((v, false), v)
                } else if let Some(o) = &all.one
                    && let Some((p, q)) = o.plus(ns, kr, at.suit, rx, at.pen)
                {
                    self.spend(std::mem::take(&mut owed));
                    let step = self.sets_one(hx, self.left, o, p, q);
                    (step, self.g.combine(o.pts, p, q))
                } else {
                    self.spend(std::mem::take(&mut owed));
                    match self.one_set(&all, x, at, ace) {
                        Some(both) => both,
                        None => (self.sets(hx, self.left), self.g.value(hx.cards, ace)),
                    }
                };
                best = best.max(if out { v } else { v - miss * self.mismatch });
                let on = v - draw_cost;
                let full = -((pen_all + real_pen(rx, self.v.rules.ace_in_hand)) as f32);
                best = best.max((1.0 - dry) * on + dry * (full.min(value) - race));
            }
            sum += if best == NONE {
                self.spend(std::mem::take(&mut owed));
                self.dead_end(hx)
            } else {
                best
            };
        }
        self.spend(owed);
        sum / self.unseen.len() as f32
    }

    /// The set step of the hand of `l` plus `x` (from hand `h`), which holds `n` cards of the
    /// suit of `x` and `k` of its rank: from integers when it then holds no set (the work
    /// this counts is added to `owed`), else through `sets_one`, `one_set` or `sets` (the
    /// work owed is counted first, so that the count they read is the same).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn valued(
        &self,
        h: Hand,
        l: &Less,
        x: Card,
        at: At,
        n: u32,
        k: u32,
        owed: &mut u32,
    ) -> (f32, bool) {
        if !l.has && n < 3 && k < 3 {
            *owed += 1;
            return (self.g.combine(0, l.pairs + n + k, l.pen + at.pen), false);
        }
        self.spend(std::mem::take(owed));
        let lx = Hand {
            cards: l.cards.with(x),
            ..h
        };
        // a hand that holds one set and still holds only it with `x`
        if let Some(o) = &l.one
            && let Some((p, q)) = o.plus(n, k, at.suit, at.rank, at.pen)
        {
            return self.sets_one(lx, self.left, o, p, q);
        }
        match self.one_set(l, x, at, self.g.ace(self.v)) {
            Some((step, _)) => step,
            None => self.sets(lx, self.left),
        }
    }

    /// The least cost of putting hand card `c` down when the round goes on: onto the pile
    /// where it costs least, or face up into an empty slot with the stock top on it (the
    /// stock is live); `INFINITY` when neither is open. The larger of `v - a` and `v - b` is
    /// `v` less the smaller of `a` and `b` (rounding keeps order), so one subtraction does.
    fn down_cost(&self, c: Card, any_open: bool, any_empty: bool) -> f32 {
        let mut e = f32::INFINITY;
        if any_open {
            e = self.least_cost(&self.costs, c);
        }
        if any_empty {
            e = e.min(self.miss_one(c) * self.mismatch);
        }
        e
    }
}

/// The index of a card's suit.
#[inline]
fn suit_of(c: Card) -> usize {
    c.suit().index() as usize
}

/// The penalty of a card of rank `r` in hand, an ace counting `ace`.
#[inline]
fn real_pen(r: u8, ace: i32) -> i32 {
    if r == 0 { ace } else { face(r) }
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
        let (p, q) = (pairs(rest), hand_penalty(rest, ace));
        let keep = self.g.combine(pts, p, q);
        let mut best = (keep, false);
        if self.left > 0 {
            let (v, out) = if rest.is_empty() {
                (self.out, true)
            } else {
                (self.g.combine(0, p, q), false)
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
    /// The hand's one set, when it holds exactly one.
    one: Option<One>,
}

impl Default for Less {
    fn default() -> Self {
        Less {
            cards: CardSet::EMPTY,
            gone: Card::from_index(0),
            has: false,
            pairs: 0,
            pen: 0,
            one: None,
        }
    }
}

impl Less {
    fn of(cards: CardSet, ace: i32, gone: Card) -> Less {
        let has = has_set(cards);
        Less {
            cards,
            gone,
            has,
            pairs: pairs(cards),
            pen: hand_penalty(cards, ace),
            one: if has { One::of(cards, ace) } else { None },
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
