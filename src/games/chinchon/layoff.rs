//! Exact lay-offs for a non-closer: the combinations it lays down and the cards it lays off
//! chosen together for the fewest points left (it may leave a combination of its own
//! unlaid, or lay down a worse arrangement, when laying its cards off sheds more), and for a
//! set of loose cards the lay-off that sheds the most points over every choice of target
//! combination and order.
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
/// none) and the points laid off. (Scoring asks [`best_choice`], which searches the loose
/// cards of each way to lay down combinations the same way; this is the search alone, for
/// tests.)
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

/// The closer's combinations on the table, growing as the others lay off onto them in turn,
/// with their shapes kept beside them, and who put each card there.
pub struct Table<'a> {
    melds: &'a mut [Meld],
    shapes: [Shape; MELDS],
    /// The seat that put each card of each combination (`u8::MAX` for the closer's own cards
    /// and for lay-offs by no seat in particular).
    pub by: [[u8; 16]; MELDS],
}

impl<'a> Table<'a> {
    /// The table of the closer's combinations `melds`.
    pub fn new(melds: &'a mut [Meld]) -> Table<'a> {
        let shapes = shapes_of(melds);
        Table {
            melds,
            shapes,
            by: [[u8::MAX; 16]; MELDS],
        }
    }

    /// Seat `seat` (not the closer) lays down combinations of `hand` (its combinations
    /// listed in `combos`) and lays off loose cards onto the table's combinations, the two
    /// chosen together for the fewest unmatched points left ([`best_choice`]); the cards go
    /// onto the combinations, recorded in [`Table::by`], and it returns the points it keeps
    /// and how many cards it laid off.
    pub fn lay_off_by(
        &mut self,
        seat: u8,
        hand: &[Card],
        pts: &[u16],
        combos: &ComboList,
    ) -> (u16, u8) {
        let (left, targets) = best_choice(&self.shapes[..self.melds.len()], hand, pts, combos);
        let mut laid = 0;
        for (&c, &t) in hand.iter().zip(&targets) {
            if let Some(m) = self.melds.get_mut(t as usize) {
                self.by[t as usize][m.len()] = seat;
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

/// Exact: the fewest unmatched points `hand` can keep by laying down some of its
/// combinations (any set of disjoint ones, not only a best arrangement) and laying off its
/// other cards onto the combinations `shapes`, and where each card goes (a combination's
/// index, or [`STAY`] in the hand or in a combination of its own).
///
/// Among equally good choices the hand's fixed best arrangement (see
/// [`arrange`](super::arrange::arrange)) with its best lay-off comes first, then the others
/// in the order found; only a strictly better one replaces it. Work is spared where it
/// cannot change the answer: with nothing that fits anywhere only the points are needed;
/// when no card that fits is in a combination of the hand, those cards are loose in every
/// arrangement and are searched alone; otherwise each distinct set of covered cards (the
/// union of disjoint combinations, reached by a walk over the hand's combinations) is
/// searched once, skipped when even laying off every card that fits could not beat the best
/// found.
pub(super) fn best_choice(
    shapes: &[Shape],
    hand: &[Card],
    pts: &[u16],
    combos: &ComboList,
) -> (u16, [u8; HAND_CAP]) {
    let takes = takes_of(shapes, &Pool::of(hand));
    let able = able_of(hand, shapes, &takes);
    let listed = combos.list();
    let live = listed.map_or(u16::MAX, |l| l.iter().fold(0, |a, &c| a | c));
    let mut targets = [STAY; HAND_CAP];
    // The cards in `loose` (a position mask) searched for their best lay-off: the points laid
    // off, their targets written into `out`.
    let search = |loose: u16, out: &mut [u8; HAND_CAP]| -> u16 {
        let (mut cards, mut cp) = ([Card::from_index(0); HAND_CAP], [0u16; HAND_CAP]);
        for (k, i) in positions(loose).enumerate() {
            (cards[k], cp[k]) = (hand[i], pts[i]);
        }
        let k = loose.count_ones() as usize;
        let (t, laid) = Search::new(shapes, &takes, &cards[..k], &cp[..k]).run();
        *out = [STAY; HAND_CAP];
        for (i, &x) in positions(loose).zip(&t) {
            out[i] = x;
        }
        laid
    };
    if able & live == 0 {
        let mut without = [0u16; HAND_CAP];
        let best = best_and_without_listed(hand, pts, listed, &mut without);
        let laid = if able == 0 {
            0
        } else {
            search(able, &mut targets)
        };
        return (best - laid, targets);
    }
    let n = hand.len();
    let full = ((1u32 << n) - 1) as u16;
    let sum = |m: u16| -> u16 { positions(m).map(|i| pts[i]).sum() };
    let mut fixed = [0u16; MELDS];
    let (best, k) = arrange_listed(hand, pts, Some(combos), &mut fixed);
    let cover = fixed[..k].iter().fold(0, |a, &m| a | m);
    let mut left = best - search(full & !cover & able, &mut targets);
    // Every other cover: the combinations of the hand, all of them (none left out).
    let crowded: ([u16; 1 << HAND_CAP], usize);
    let found: &[u16] = match listed {
        Some(l) => l,
        None => {
            let mut all = [0u16; 1 << HAND_CAP];
            let count = combinations(&Masks::new(hand), &mut all);
            crowded = (all, count);
            &crowded.0[..crowded.1]
        }
    };
    // A sweep over the distinct covers in increasing order: a cover grown by a disjoint
    // combination is a larger number, so every cover is reached before it is swept.
    let mut seen = [0u64; (1 << HAND_CAP) / 64];
    let mut trial = [STAY; HAND_CAP];
    seen[0] = 1;
    for w in 0..(1usize << n).div_ceil(64) {
        while seen[w] != 0 {
            let b = seen[w].trailing_zeros() as usize;
            seen[w] &= seen[w] - 1;
            let covered = (w * 64 + b) as u16;
            let loose = full & !covered;
            let lp = sum(loose);
            if lp - sum(loose & able) < left && covered != cover {
                let laid = search(loose & able, &mut trial);
                if lp - laid < left {
                    (left, targets) = (lp - laid, trial);
                }
            }
            for &c in found {
                let next = (covered | c) as usize;
                if c & covered == 0 {
                    seen[next / 64] |= 1 << (next % 64);
                }
            }
        }
    }
    (left, targets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;
    use crate::games::chinchon::arrange::arrange;
    use crate::games::chinchon::cards::{crowded_rules, test_deck};

    /// A combination's mask of the cards it takes is what `fits` says card by card.
    #[test]
    fn masks_agree_with_fits() {
        let r = crowded_rules();
        let (pt, mut deck) = test_deck(&r);
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
