//! Exact lay-offs for a non-closer: among its best arrangements (fewest unmatched points), the
//! one whose loose cards can be laid off for the most points, and for a set of loose cards the
//! lay-off that sheds the most points over every choice of target combination and order.
//!
//! Cards are laid off one at a time, but a set of cards added to one combination can always be
//! laid in some order when the combination with all of them is valid (a group grows to 4 in
//! any order; a run grows outwards from its ends, a `WILD` taking its gap when reached), so the
//! search assigns each loose card to a combination or to the hand and checks the final shapes.
//!
//! The search is pruned without giving up exactness: each closer's combination is read once
//! ([`Takes`]: a group takes its number, a `CIRC` group `CIRC`s, a run its suit within the ring
//! slots the loose cards could reach, each a `WILD` while it has none), so a card is only tried
//! where it could end up; a branch stops as soon as a group is over 4 cards, a run repeats a
//! number or cannot close its gaps with the cards still to come, or the points still to lay
//! off cannot beat the best found; a hand with nothing that fits anywhere is answered at once.

use super::arrange::{HAND_CAP, Shape, arc, arrange_listed, positions};
use super::cards::{CIRC, Kind, WILD, kind};
use super::combos::{ComboList, Masks, combinations, rot};
use super::scoring::Meld;
use super::unmatched::best_and_without_listed;
use crate::cards::Card;

/// Most combinations one player lays down.
const MELDS: usize = HAND_CAP / 3;

/// Most combinations a hand may have for its arrangements to be enumerated; a hand with more
/// (rare: several wilds in a long hand) keeps the one arrangement the search fixes.
const ENUM_CAP: usize = 40;

/// No target: the card stays in the hand.
pub const STAY: u8 = u8::MAX;

/// The ring slot of the `CIRC` (after the numbers 1..12).
const CIRC_SLOT: u16 = 1 << 12;

/// What a set of cards that may be laid off holds: enough to bound how far runs can grow.
#[derive(Clone, Copy, Debug, Default)]
struct Pool {
    /// The numbers of each suit (bit `num - 1`).
    suit_nums: [u16; 4],
    circ: bool,
    wild: bool,
}

impl Pool {
    fn of(cards: &[Card]) -> Pool {
        let mut p = Pool::default();
        for &c in cards {
            match kind(c) {
                Kind::Num { suit, num } => p.suit_nums[suit as usize] |= 1 << (num - 1),
                Kind::Circ => p.circ = true,
                Kind::Wild => p.wild = true,
                Kind::Action => {}
            }
        }
        p
    }
}

/// What one of the closer's combinations can take (read once per search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takes {
    /// More cards of this number (bit `num - 1`) and a `WILD` while it has none; 4 at most.
    Number(u16),
    /// More `CIRC`s and a `WILD` while it has none; 4 at most.
    Circs,
    /// Numbers of `suit` and a `CIRC` whose ring slots are in `open` (the slots the pool's
    /// cards could reach from the run, its own left out), a `WILD` while it has none.
    Run { suit: u8, open: u16 },
}

impl Takes {
    /// What the combination `m` can take when the loose cards are among `pool`. A group of
    /// one number has two cards of it (a run never repeats a number); a `CIRC` group has no
    /// number; anything else is a run of its one suit.
    fn of(m: &Shape, pool: &Pool) -> Takes {
        if m.nats == 0 {
            return Takes::Circs;
        }
        if m.circ == 0 && m.nums.count_ones() == 1 {
            return Takes::Number(m.nums);
        }
        let suit = m.suits.trailing_zeros() as u8;
        let own = m.nums | if m.circ > 0 { CIRC_SLOT } else { 0 };
        let circ = if m.circ == 0 && pool.circ {
            CIRC_SLOT
        } else {
            0
        };
        let avail = (pool.suit_nums[suit as usize & 3] | circ) & !own;
        let open = reach(own, avail, m.wild > 0 || pool.wild) & !own;
        Takes::Run { suit, open }
    }

    /// The cards (a bit per card index) that [`Takes::fits`] lets go on the combination
    /// whose cards are `m`, in one mask.
    fn mask(self, m: &Shape) -> u64 {
        let wild = if m.wild == 0 { 1u64 << WILD.index() } else { 0 };
        match self {
            Takes::Number(_) | Takes::Circs if m.size() >= 4 => 0,
            Takes::Number(n) => {
                let k = n.trailing_zeros();
                (0..4).fold(wild, |a, s| a | 1 << (s * 12 + k))
            }
            Takes::Circs => wild | 1 << CIRC.index(),
            Takes::Run { suit, open } => {
                let nums = (open & 0xfff & !m.nums) as u64;
                let circ = if open & CIRC_SLOT != 0 && m.circ == 0 {
                    1u64 << CIRC.index()
                } else {
                    0
                };
                wild | circ | nums << (suit as u32 * 12)
            }
        }
    }

    /// Whether `c` may go on the combination, whose cards are now `m`: a necessary condition
    /// (the search checks the final shape of a run exactly).
    fn fits(self, c: Card, m: &Shape) -> bool {
        let bit = |x: u16, num: u8| x >> (num - 1) & 1 == 1;
        match (self, kind(c)) {
            (_, Kind::Action) => false,
            (Takes::Number(_) | Takes::Circs, _) if m.size() >= 4 => false,
            (_, Kind::Wild) => m.wild == 0,
            (Takes::Number(n), Kind::Num { num, .. }) => bit(n, num),
            (Takes::Circs, Kind::Circ) => true,
            (Takes::Run { suit: s, open }, Kind::Num { suit, num }) => {
                s == suit && bit(open, num) && !bit(m.nums, num)
            }
            (Takes::Run { open, .. }, Kind::Circ) => open & CIRC_SLOT != 0 && m.circ == 0,
            _ => false,
        }
    }
}

/// The ring slots a run holding `own` could grow over with cards in the slots `avail`, one
/// empty slot bridged by a `WILD` when `jump` (the run's own wild, which may move to an end,
/// or a loose one). A final run is an arc with at most one empty slot, so every slot of it is
/// reached from `own` through held slots and at most one jump.
fn reach(own: u16, avail: u16, jump: bool) -> u16 {
    let grow = |mut r: u16| loop {
        let next = r | (rot(r, 1) | rot(r, 12)) & avail;
        if next == r {
            return r;
        }
        r = next;
    };
    let r = grow(own);
    if jump {
        grow(r | (rot(r, 2) | rot(r, 11)) & avail)
    } else {
        r
    }
}

/// The shapes of the closer's combinations.
fn shapes_of(melds: &[Meld]) -> [Shape; MELDS] {
    let mut shapes = [Shape::default(); MELDS];
    for (s, m) in shapes.iter_mut().zip(melds) {
        m.as_slice().iter().for_each(|&c| s.add(c));
    }
    shapes
}

/// What each combination takes when the loose cards are among `pool`.
fn takes_of(shapes: &[Shape], pool: &Pool) -> [Takes; MELDS] {
    let mut t = [Takes::Circs; MELDS];
    for (x, s) in t.iter_mut().zip(shapes) {
        *x = Takes::of(s, pool);
    }
    t
}

/// The best lay-off of `loose` onto `melds`: the target of each loose card ([`STAY`] for
/// none) and the points laid off. (Scoring asks [`best_arrangement`], which searches each
/// arrangement's loose cards the same way; this is the search alone, for tests.)
#[cfg(test)]
pub fn best_layoff(melds: &[Meld], loose: &[Card], pts: &[u16]) -> ([u8; HAND_CAP], u16) {
    let shapes = shapes_of(melds);
    let shapes = &shapes[..melds.len()];
    let takes = takes_of(shapes, &Pool::of(loose));
    Search::new(shapes, &takes, loose, pts).run()
}

/// The exact search over targets (see the module docs).
struct Search<'a> {
    /// Each combination's cards with those assigned so far.
    shapes: [Shape; MELDS],
    /// Each combination's size before any lay-off.
    base: [u32; MELDS],
    takes: &'a [Takes; MELDS],
    melds: usize,
    /// The combinations each loose card may go on (bit per combination).
    fit: [u8; HAND_CAP],
    /// The loose cards each combination may take (bit per loose card).
    cands: [u16; MELDS],
    loose: &'a [Card],
    pts: &'a [u16],
    /// The points of the loose cards from each one on that fit somewhere: a bound.
    rest: [u16; HAND_CAP + 1],
    cur: [u8; HAND_CAP],
    best: ([u8; HAND_CAP], u16),
}

impl<'a> Search<'a> {
    fn new(shapes: &[Shape], takes: &'a [Takes; MELDS], loose: &'a [Card], pts: &'a [u16]) -> Self {
        let mut s = Search {
            shapes: [Shape::default(); MELDS],
            base: [0; MELDS],
            takes,
            melds: shapes.len(),
            fit: [0; HAND_CAP],
            cands: [0; MELDS],
            loose,
            pts,
            rest: [0; HAND_CAP + 1],
            cur: [STAY; HAND_CAP],
            best: ([STAY; HAND_CAP], 0),
        };
        s.shapes[..shapes.len()].copy_from_slice(shapes);
        for (m, sh) in shapes.iter().enumerate() {
            s.base[m] = sh.size();
        }
        let mut masks = [0u64; MELDS];
        for (m, sh) in shapes.iter().enumerate() {
            masks[m] = takes[m].mask(sh);
        }
        for i in (0..loose.len()).rev() {
            let bit = loose[i].index() & 63;
            for (m, mask) in masks[..shapes.len()].iter().enumerate() {
                if mask >> bit & 1 == 1 {
                    s.fit[i] |= 1 << m;
                    s.cands[m] |= 1 << i;
                }
            }
            s.rest[i] = s.rest[i + 1] + if s.fit[i] != 0 { pts[i] } else { 0 };
        }
        s
    }

    /// The best lay-off; with nothing that fits anywhere, no search at all.
    fn run(mut self) -> ([u8; HAND_CAP], u16) {
        if self.rest[0] > 0 {
            self.go(0, 0);
        }
        self.best
    }

    /// Tries targets for loose cards `i..`, `laid` points laid so far; only a strictly better
    /// lay-off replaces the best (the first found among equals is kept: combinations in
    /// order, then the hand, card by card).
    fn go(&mut self, i: usize, laid: u16) {
        if laid + self.rest[i] <= self.best.1 {
            return;
        }
        if i == self.loose.len() {
            if self.valid() {
                self.best = (self.cur, laid);
            }
            return;
        }
        let c = self.loose[i];
        let mut fit = self.fit[i];
        while fit != 0 {
            let m = fit.trailing_zeros() as usize;
            fit &= fit - 1;
            let before = self.shapes[m];
            if !self.takes[m].fits(c, &before) {
                continue;
            }
            self.shapes[m].add(c);
            if self.may_close_gaps(m, i) {
                self.cur[i] = m as u8;
                self.go(i + 1, laid + self.pts[i]);
            }
            self.shapes[m] = before;
        }
        self.cur[i] = STAY;
        self.go(i + 1, laid);
    }

    /// After loose card `i` went on run `m`: whether the cards still to come could close the
    /// arc it spans (a run's arc is never longer than its cards).
    fn may_close_gaps(&self, m: usize, i: usize) -> bool {
        let s = &self.shapes[m];
        let Takes::Run { .. } = self.takes[m] else {
            return true;
        };
        let later = (self.cands[m] >> (i + 1)).count_ones();
        arc(s.nums | (s.circ.min(1) as u16) << 12) <= s.size() + later
    }

    /// Every combination that took cards is still a combination (and fits its pile).
    fn valid(&self) -> bool {
        (0..self.melds).all(|m| {
            let s = &self.shapes[m];
            s.size() == self.base[m] || (s.size() <= 16 && s.is_combination())
        })
    }
}

/// A non-closer's choice: the combinations it lays down, where its loose cards go, and the
/// points they shed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layoff {
    /// The combinations laid down, as hand position masks.
    pub masks: [u16; MELDS],
    /// How many of `masks` are used.
    pub k: usize,
    /// For each loose card (the hand's cards outside `masks`, in hand order) the closer's
    /// combination it goes on, [`STAY`] for none.
    pub targets: [u8; HAND_CAP],
    /// The points laid off.
    pub laid: u16,
}

/// The closer's combinations on the table, growing as the others lay off onto them in turn,
/// with their shapes kept beside them.
pub struct Table<'a> {
    melds: &'a mut [Meld],
    shapes: [Shape; MELDS],
}

impl<'a> Table<'a> {
    /// The table of the closer's combinations `melds`.
    pub fn new(melds: &'a mut [Meld]) -> Table<'a> {
        let shapes = shapes_of(melds);
        Table { melds, shapes }
    }

    /// A non-closer lays off the cards of `hand` (its combinations listed in `combos`): the
    /// cards go onto the combinations, and it returns the unmatched points it keeps and how
    /// many cards it laid off. Among the hand's best arrangements it takes the one whose loose
    /// cards lay off best ([`best_arrangement`]), sparing the work where it can: with nothing
    /// that fits anywhere only the points are needed, and when no card that fits is in a
    /// combination of the hand, those cards are loose in every arrangement and are searched
    /// alone.
    pub fn lay_off(&mut self, hand: &[Card], pts: &[u16], combos: &ComboList) -> (u16, u8) {
        let shapes = &self.shapes[..self.melds.len()];
        let takes = takes_of(shapes, &Pool::of(hand));
        let able = able_of(hand, shapes, &takes);
        let listed = combos.list();
        let live = listed.map_or(u16::MAX, |l| l.iter().fold(0, |a, &c| a | c));
        let mut targets = [STAY; HAND_CAP];
        let left = if able & live == 0 {
            let mut without = [0u16; HAND_CAP];
            let best = best_and_without_listed(hand, pts, listed, &mut without);
            let (mut cards, mut cp) = ([Card::from_index(0); HAND_CAP], [0u16; HAND_CAP]);
            for (k, i) in positions(able).enumerate() {
                (cards[k], cp[k]) = (hand[i], pts[i]);
            }
            let k = able.count_ones() as usize;
            let (t, laid) = Search::new(shapes, &takes, &cards[..k], &cp[..k]).run();
            for (i, &x) in positions(able).zip(&t) {
                targets[i] = x;
            }
            best - laid
        } else {
            let mut masks = [0u16; MELDS];
            let (best, k) = arrange_listed(hand, pts, Some(combos), &mut masks);
            let lay = search_arrangements(hand, pts, best, &masks[..k], shapes, &takes, live);
            let covered = lay.masks[..lay.k].iter().fold(0u16, |a, &m| a | m);
            let loose = (0..hand.len()).filter(|&i| covered >> i & 1 == 0);
            for (i, &t) in loose.zip(&lay.targets) {
                targets[i] = t;
            }
            best - lay.laid
        };
        let mut laid = 0;
        for (&c, &t) in hand.iter().zip(&targets) {
            if let Some(m) = self.melds.get_mut(t as usize) {
                m.push(c);
                self.shapes[t as usize].add(c);
                laid += 1;
            }
        }
        (left, laid)
    }
}

/// The hand positions that could go on some combination in some lay-off.
fn able_of(hand: &[Card], shapes: &[Shape], takes: &[Takes; MELDS]) -> u16 {
    let any = (0..shapes.len()).fold(0u64, |a, m| a | takes[m].mask(&shapes[m]));
    (0..hand.len())
        .filter(|&i| any >> (hand[i].index() & 63) & 1 == 1)
        .fold(0u16, |a, i| a | 1 << i)
}

/// The arrangement of `hand` (its unmatched points `best`) whose loose cards lay off best onto
/// `melds`, with that lay-off. `fixed` is the arrangement search's own optimum, kept when the
/// hand has too many combinations to enumerate, and when no card that could be laid off is in
/// `live` (a mask holding every card in some combination of the hand): then every arrangement
/// leaves the same cards that fit, and lays them off the same way. (Scoring goes through
/// [`Table::lay_off`]; this is the search alone, for tests.)
#[cfg(test)]
pub fn best_arrangement(
    hand: &[Card],
    pts: &[u16],
    best: u16,
    fixed: &[u16],
    melds: &[Meld],
    live: u16,
) -> Layoff {
    let shapes = shapes_of(melds);
    let shapes = &shapes[..melds.len()];
    let takes = takes_of(shapes, &Pool::of(hand));
    search_arrangements(hand, pts, best, fixed, shapes, &takes, live)
}

/// [`best_arrangement`] on the combinations' shapes and what they take.
fn search_arrangements(
    hand: &[Card],
    pts: &[u16],
    best: u16,
    fixed: &[u16],
    shapes: &[Shape],
    takes: &[Takes; MELDS],
    live: u16,
) -> Layoff {
    let mut top = Layoff {
        masks: [0; MELDS],
        k: fixed.len(),
        targets: [STAY; HAND_CAP],
        laid: 0,
    };
    top.masks[..fixed.len()].copy_from_slice(fixed);
    let able = able_of(hand, shapes, takes);
    if able == 0 {
        return top;
    }
    let mut found = [0u16; ENUM_CAP];
    let n = if able & live == 0 {
        ENUM_CAP + 1 // one arrangement is as good as any: the fixed one
    } else {
        combinations(&Masks::new(hand), &mut found)
    };
    let total: u16 = pts.iter().sum();
    let mut seen = false;
    let sum = |m: u16| -> u16 { positions(m).map(|i| pts[i]).sum() };
    let mut visit = |used: &[u16], covered: u16| {
        let free = !covered & ((1u32 << hand.len()) - 1) as u16;
        if seen && sum(free & able) <= top.laid {
            return; // it cannot lay off more than one found
        }
        let (mut loose, mut lp) = ([Card::from_index(0); HAND_CAP], [0u16; HAND_CAP]);
        let mut k = 0;
        for i in positions(free) {
            (loose[k], lp[k]) = (hand[i], pts[i]);
            k += 1;
        }
        let (targets, laid) = Search::new(shapes, takes, &loose[..k], &lp[..k]).run();
        if !seen || laid > top.laid {
            seen = true;
            top = Layoff {
                masks: [0; MELDS],
                k: used.len(),
                targets,
                laid,
            };
            top.masks[..used.len()].copy_from_slice(used);
        }
    };
    if n > ENUM_CAP || total == best {
        visit(fixed, fixed.iter().fold(0, |a, &m| a | m));
    } else {
        let mut worth = [0u16; ENUM_CAP];
        for (w, &m) in worth.iter_mut().zip(&found[..n]) {
            *w = sum(m);
        }
        let mut p = Packings {
            found: &found[..n],
            worth: &worth[..n],
            want: total - best,
            stack: [0; MELDS],
        };
        p.go(0, 0, 0, 0, &mut visit);
    }
    top
}

/// The best arrangements among the packings (sets of pairwise disjoint combinations) of a
/// hand's combinations `found`: those covering `want` points (`worth`: each combination's).
struct Packings<'a> {
    found: &'a [u16],
    worth: &'a [u16],
    want: u16,
    stack: [u16; MELDS],
}

impl Packings<'_> {
    /// Calls `visit(combinations, covered positions)` for each best packing that adds
    /// combinations from `found[k..]` to `stack[..depth]` (the empty addition included), in
    /// depth-first order.
    fn go(
        &mut self,
        k: usize,
        used: u16,
        covered: u16,
        depth: usize,
        visit: &mut impl FnMut(&[u16], u16),
    ) {
        if covered == self.want {
            visit(&self.stack[..depth], used);
        }
        for j in k..self.found.len() {
            let c = self.found[j];
            if c & used == 0 && depth < MELDS && covered + self.worth[j] <= self.want {
                self.stack[depth] = c;
                self.go(j + 1, used | c, covered + self.worth[j], depth + 1, visit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;
    use crate::games::chinchon::Rules;
    use crate::games::chinchon::arrange::arrange;
    use crate::games::chinchon::cards::{ordered_shoe, point_table};

    /// A combination's mask of the cards it takes is what `fits` says card by card.
    #[test]
    fn masks_agree_with_fits() {
        let r = Rules {
            wild: 4,
            circ: 6,
            ..Rules::default()
        };
        let pt = point_table(&r);
        let mut deck = ordered_shoe(&r, 8);
        let mut rng = GameRng::new(5, 5);
        let mut checked = 0;
        for _ in 0..500 {
            deck.shuffle(&mut rng);
            let hand = &deck.as_slice()[..10];
            let pts: Vec<u16> = hand.iter().map(|c| pt[c.index() as usize]).collect();
            let mut masks = [0u16; MELDS];
            let (_, k) = arrange(hand, &pts, &mut masks);
            let pool = Pool::of(&deck.as_slice()[10..20]);
            for &m in &masks[..k] {
                let mut shape = Shape::default();
                positions(m).for_each(|p| shape.add(hand[p]));
                let t = Takes::of(&shape, &pool);
                for i in 0..53 {
                    let c = Card::from_index(i);
                    assert_eq!(
                        t.mask(&shape) >> i & 1 == 1,
                        t.fits(c, &shape),
                        "{t:?} {c:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }
}
