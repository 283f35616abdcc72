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
pub(super) const FAST: usize = 16;

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
        let ace = self.ace;
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
        let mut p = Prep::<PAIRS>::new();
        self.stock_prep(h, &mut p);
        self.stock_sum(h, &p)
    }

    /// Fills `p` with the tables `stock_fast` makes once for hand `h`, before its loop over
    /// the drawn cards (the set steps it works out here are counted as work, as before the
    /// loop). `K` must hold the hand's refill pairs.
    pub(super) fn stock_prep<const K: usize>(&self, h: Hand, p: &mut Prep<K>) {
        let ace = self.ace;
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
        p.ace = ace;
        p.flat = flat.is_some();
        p.any_open = any_open;
        p.any_empty = any_empty;
        p.all = of(CardSet::EMPTY, Card::from_index(0));
        // `x` put straight back: the hand as it was
        p.kept = self.sets_less(h, flat, CardSet::EMPTY);
        for c in h.cards {
            p.cards[p.n] = c;
            p.less[p.n] = of(CardSet::from_card(c), c);
            p.n += 1;
        }
        let n = p.n;
        // refills: a pair of hand cards (the hand less both, plus `x`), or `x` with a hand
        // card `c` (the hand less `c`): the best of the latter by suit and by rank of `x`
        if any_empty {
            for i in 0..n {
                for j in i + 1..n {
                    if same(p.cards[i], p.cards[j]) {
                        let gone = CardSet::from_card(p.cards[i]).with(p.cards[j]);
                        p.two[p.m] = (of(gone, p.cards[i]), i as u8, j as u8);
                        p.m += 1;
                    }
                }
                let w = self.sets_less(h, flat, CardSet::from_card(p.cards[i])).0;
                let (s, r) = (suit_of(p.cards[i]), p.cards[i].rank().index() as usize);
                p.by_suit[s] = p.by_suit[s].max(w);
                p.by_rank[r] = p.by_rank[r].max(w);
            }
        }
        // each hand card's suit and rank, and what putting it down costs where it costs
        // least (`INFINITY`: nowhere, as with no revealed top and no empty slot)
        for i in 0..n {
            let c = p.cards[i];
            p.suit[i] = suit_of(c) as u8;
            p.rank[i] = c.rank().index();
            p.down[i] = self.down_cost(c, any_open, any_empty);
        }
        for (s, k) in p.counts.iter_mut().enumerate() {
            *k = pop13((h.cards.0 >> (13 * s)) as u16);
        }
        p.stay = any_open.then(|| self.stay(t));
        p.pen_all = hand_penalty(h.cards, self.v.rules.ace_in_hand);
        p.race = 100.0 / self.v.players as f32;
    }

    /// The mean over the unseen cards of `stock_x`, the work owed counted at the end.
    pub(super) fn stock_sum<const K: usize>(&self, h: Hand, p: &Prep<K>) -> f32 {
        // work counted for hands valued from integers, not yet added (added before any call
        // that reads the count, and at the end)
        let mut owed = 0u32;
        let mut sum = 0.0;
        for x in self.unseen {
            sum += self.stock_x(h, p, x, &mut owed);
        }
        self.spend(owed);
        sum / self.unseen.len() as f32
    }

    /// The best turn after drawing `x` into hand `h` (tables `p`): each option of
    /// `best_discard_with`, each hand valued from the tables.
    pub(super) fn stock_x<const K: usize>(
        &self,
        h: Hand,
        p: &Prep<K>,
        x: Card,
        owed: &mut u32,
    ) -> f32 {
        let ace = p.ace;
        let (any_open, any_empty) = (p.any_open, p.any_empty);
        let open_or_empty = any_open || any_empty;
        let (less, two) = (&p.less[..p.n], &p.two[..p.m]);
        let (suit, rank, down) = (&p.suit, &p.rank, &p.down);
        let at = At::of(x, ace);
        let (sx, rx) = (at.suit as u8, at.rank);
        let ns = p.counts[at.suit];
        let kr = rank_count(h.cards, rx);
        let kept = p.kept;
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
            let (v, out) = self.valued(h, l, x, at, ns - ds, kr - dr, owed);
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
                best = best.max(self.valued(h, l, x, at, ns - ds, kr - dr, owed).0);
            }
            best = best.max(p.by_suit[at.suit]).max(p.by_rank[rx as usize]);
        }
        let hx = Hand {
            cards: h.cards.with(x),
            ..h
        };
        if let Some(stay) = p.stay {
            // the hand stays as it is: a blind card, or draw-until-match
            let all = &p.all;
            let ((v, out), value) = if !all.has && ns < 3 && kr < 3 {
                *owed += 1;
                let v = self.g.combine(0, all.pairs + ns + kr, all.pen + at.pen);
                ((v, false), v)
            } else if let Some(o) = &all.one
                && let Some((q, r)) = o.plus(ns, kr, at.suit, rx, at.pen)
            {
                self.spend(std::mem::take(owed));
                let step = self.sets_one(hx, self.left, o, q, r);
                (step, self.g.combine(o.pts, q, r))
            } else {
                self.spend(std::mem::take(owed));
                match self.one_set(all, x, at, ace) {
                    Some(both) => both,
                    None => (self.sets(hx, self.left), self.g.value(hx.cards, ace)),
                }
            };
            best = best.max(self.stay_value(p, stay, (v, out), value, rx));
        }
        if best == NONE {
            self.spend(std::mem::take(owed));
            self.dead_end(hx)
        } else {
            best
        }
    }

    /// The best of a blind card and draw-until-match when the hand plus `x` (of rank `rx`)
    /// has set step `(v, out)` and value `value`.
    #[inline(always)]
    pub(super) fn stay_value<const K: usize>(
        &self,
        p: &Prep<K>,
        stay: Stay,
        (v, out): (f32, bool),
        value: f32,
        rx: u8,
    ) -> f32 {
        self.stay_parts(p.pen_all, p.race, stay, (v, out), value, rx)
    }

    /// `stay_value` from the hand's full penalty `pen_all` and the share `race` of the +100
    /// lost to a dead end (see `Prep`).
    #[inline(always)]
    pub(super) fn stay_parts(
        &self,
        pen_all: i32,
        race: f32,
        stay: Stay,
        (v, out): (f32, bool),
        value: f32,
        rx: u8,
    ) -> f32 {
        let Stay { miss, dry } = stay;
        let blind = if out { v } else { v - miss * self.mismatch };
        let on = v - self.g.draw_cost;
        let full = -((pen_all + real_pen(rx, self.v.rules.ace_in_hand)) as f32);
        blind.max((1.0 - dry) * on + dry * (full.min(value) - race))
    }

    /// The set step of the hand of `l` plus `x` (from hand `h`), which holds `n` cards of the
    /// suit of `x` and `k` of its rank: from integers when it then holds no set (the work
    /// this counts is added to `owed`), else through `sets_one`, `one_set` or `sets` (the
    /// work owed is counted first, so that the count they read is the same).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn valued(
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
        match self.one_set(l, x, at, self.ace) {
            Some((step, _)) => step,
            None => self.sets(lx, self.left),
        }
    }

    /// The least cost of putting hand card `c` down when the round goes on: onto the pile
    /// where it costs least, or face up into an empty slot with the stock top on it (the
    /// stock is live); `INFINITY` when neither is open. The larger of `v - a` and `v - b` is
    /// `v` less the smaller of `a` and `b` (rounding keeps order), so one subtraction does.
    pub(super) fn down_cost(&self, c: Card, any_open: bool, any_empty: bool) -> f32 {
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
pub(super) fn suit_of(c: Card) -> usize {
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
        Some(self.set_parts(pts, p, q, rest.is_empty()))
    }

    /// The set step and the value of a hand holding exactly one set, of `pts` points, the
    /// other cards having `pairs` pairs and penalty `pen` (`empty`: there are none).
    #[inline]
    pub(super) fn set_parts(
        &self,
        pts: i32,
        pairs: u32,
        pen: i32,
        empty: bool,
    ) -> ((f32, bool), f32) {
        let keep = self.g.combine(pts, pairs, pen);
        let mut best = (keep, false);
        if self.left > 0 {
            let (v, out) = if empty {
                (self.out, true)
            } else {
                (self.g.combine(0, pairs, pen), false)
            };
            let laid = pts as f32 + v;
            if laid > best.0 {
                best = (laid, out);
            }
        }
        (best, keep)
    }
}

/// What `stock_fast` works out once per hand, for every card the stock may give (room for
/// `K` refill pairs of hand cards).
pub(super) struct Prep<const K: usize> {
    /// An ace's penalty in the hand evaluation.
    pub(super) ace: i32,
    /// The hand holds no set.
    pub(super) flat: bool,
    pub(super) any_open: bool,
    pub(super) any_empty: bool,
    /// The hand's cards, and the hand less each of them.
    pub(super) n: usize,
    pub(super) cards: [Card; FAST],
    pub(super) less: [Less; FAST],
    /// The whole hand, and its set step (the drawn card put straight back).
    pub(super) all: Less,
    pub(super) kept: (f32, bool),
    /// The hand less each refill pair of hand cards (by their indices in `cards`).
    pub(super) two: [(Less, u8, u8); K],
    pub(super) m: usize,
    /// The best refill of the drawn card with a hand card, by the drawn card's suit and rank.
    pub(super) by_suit: [f32; 4],
    pub(super) by_rank: [f32; 13],
    /// Each hand card's suit, rank and least cost of putting it down.
    pub(super) suit: [u8; FAST],
    pub(super) rank: [u8; FAST],
    pub(super) down: [f32; FAST],
    /// The hand's cards of each suit.
    pub(super) counts: [u32; 4],
    pub(super) stay: Option<Stay>,
    /// The hand's full penalty, and the share of the +100 lost to a dead end.
    pub(super) pen_all: i32,
    pub(super) race: f32,
}

impl<const K: usize> Prep<K> {
    /// Empty tables, to be filled by `stock_prep`: a constant, so that making them is one
    /// copy (of a couple of KB) rather than as many stores, whose code would crowd the
    /// instruction cache on every pick-up decision.
    const EMPTY: Self = Prep {
        ace: 0,
        flat: false,
        any_open: false,
        any_empty: false,
        n: 0,
        cards: [Card::from_index(0); FAST],
        less: [Less::EMPTY; FAST],
        all: Less::EMPTY,
        kept: (NONE, false),
        two: [(Less::EMPTY, 0u8, 0u8); K],
        m: 0,
        by_suit: [NONE; 4],
        by_rank: [NONE; 13],
        suit: [0u8; FAST],
        rank: [0u8; FAST],
        down: [f32::INFINITY; FAST],
        counts: [0u32; 4],
        stay: None,
        pen_all: 0,
        race: 0.0,
    };

    /// Empty tables, to be filled by `stock_prep`.
    #[inline(always)]
    pub(super) fn new() -> Self {
        Self::EMPTY
    }
}

/// A drawn card, as `Less::plus` reads it: its suit's index, its rank and its penalty.
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) suit: usize,
    pub(super) rank: u8,
    pub(super) pen: i32,
}

impl At {
    pub(super) fn of(x: Card, ace: i32) -> At {
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
pub(super) struct Less {
    cards: CardSet,
    /// The card taken out.
    gone: Card,
    pub(super) has: bool,
    pub(super) pairs: u32,
    pub(super) pen: i32,
    /// The hand's one set, when it holds exactly one.
    pub(super) one: Option<One>,
}

impl Default for Less {
    fn default() -> Self {
        Less::EMPTY
    }
}

impl Less {
    /// The empty hand less nothing.
    const EMPTY: Less = Less {
        cards: CardSet::EMPTY,
        gone: Card::from_index(0),
        has: false,
        pairs: 0,
        pen: 0,
        one: None,
    };

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
