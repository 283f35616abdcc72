//! The best arrangement of a hand: the combinations that leave the fewest unmatched points.
//!
//! Exact and allocation-free. Hand positions are bits of a `u16` mask (a hand never holds more
//! than [`HAND_CAP`] cards); the hand is first sorted by card index (numbers, then `WILD`,
//! `CIRC`, action cards). The candidate combinations are found per *anchor* (the lowest
//! position of a combination): a number anchors groups (subsets of its number's cards and the
//! wilds) and runs (subsets of its suit's cards, the wilds and the `CIRC`s), checked on
//! position masks; a special anchor tries the special cards above it. Then a memoised
//! recurrence over subsets gives `best[mask]`, the least unmatched points of the cards in
//! `mask`: the lowest card of `mask` is either left unmatched or covered by a combination
//! anchored at it. Only the subsets reached are solved; tables are fixed arrays sized to the
//! hand (128 entries for 7 cards .. 4096 for 12). This search also returns the combinations
//! of an optimum (for scoring and lay-offs); the values-only hot path is
//! [`unmatched`](super::unmatched), which shares the recurrence ([`Memo`]).

use super::cards::{Kind, kind};
use super::combos::{ComboList, LIST_CAP, Masks, combinations};
use super::packing::packed_optimum;
use crate::cards::Card;

/// Most cards a hand may hold (after drawing).
pub const HAND_CAP: usize = 12;

/// The least cyclic arc of the 13-position ring (numbers 1..12, then the `CIRC` slot) that
/// covers a 13-bit pattern; 0 for the empty pattern.
const fn arc_table() -> [u8; 1 << 13] {
    let mut t = [0u8; 1 << 13];
    let mut p = 1;
    while p < 1 << 13 {
        // The largest run of empty positions, cyclically.
        let mut gap = 0;
        let mut start = 0;
        while start < 13 {
            if p >> start & 1 == 1 {
                let mut g = 0;
                let mut k = (start + 1) % 13;
                while p >> k & 1 == 0 {
                    g += 1;
                    k = (k + 1) % 13;
                }
                if g > gap {
                    gap = g;
                }
            }
            start += 1;
        }
        t[p] = (13 - gap) as u8;
        p += 1;
    }
    t
}

static ARC: [u8; 1 << 13] = arc_table();

/// The least arc of the ring covering a 13-bit pattern (numbers 1..12, then the `CIRC` slot).
#[inline]
pub(super) fn arc(pattern: u16) -> u32 {
    ARC[pattern as usize & 0x1fff] as u32
}

/// True when `cards` form one combination: a group of 3-4 equal numbers, a group of 3-4
/// `CIRC`s, or a run of 3+ in one suit (a `CIRC` may stand between 12 and 1, at most one), with
/// at most one `WILD` standing for any missing card.
#[inline]
pub fn is_combination(cards: impl Iterator<Item = Card>) -> bool {
    let mut shape = Shape::default();
    cards.for_each(|c| shape.add(c));
    shape.is_combination()
}

/// What [`is_combination`] reads of a set of cards, kept as cards are added: one more card
/// is checked without going over the others again (lay-offs try many).
#[derive(Clone, Copy, Debug, Default)]
pub struct Shape {
    /// `WILD`s among the cards.
    pub(super) wild: u32,
    /// `CIRC`s among the cards.
    pub(super) circ: u32,
    /// Number cards among the cards.
    pub(super) nats: u32,
    /// Whether an action card is among them (then nothing is a combination).
    action: bool,
    /// The suits of the number cards (bit per suit).
    pub(super) suits: u8,
    /// The numbers held (bit `num - 1`).
    pub(super) nums: u16,
    /// Whether a number is held twice.
    dup: bool,
}

impl Shape {
    /// Adds one card.
    #[inline]
    pub fn add(&mut self, c: Card) {
        match kind(c) {
            Kind::Action => self.action = true,
            Kind::Wild => self.wild += 1,
            Kind::Circ => self.circ += 1,
            Kind::Num { suit, num } => {
                self.nats += 1;
                self.suits |= 1 << suit;
                let b = 1u16 << (num - 1);
                self.dup |= self.nums & b != 0;
                self.nums |= b;
            }
        }
    }

    /// How many cards there are.
    #[inline]
    pub fn size(&self) -> u32 {
        self.wild + self.circ + self.nats + self.action as u32
    }

    /// Whether the cards form one combination (see [`is_combination`]).
    pub fn is_combination(&self) -> bool {
        let len = self.size();
        if self.action || self.wild > 1 || len < 3 {
            return false;
        }
        if len <= 4 && ((self.circ == 0 && self.nums.count_ones() == 1) || self.nats == 0) {
            return true;
        }
        if self.suits.count_ones() != 1 || self.dup || self.circ > 1 {
            return false;
        }
        let pattern = self.nums | (self.circ as u16) << 12;
        ARC[pattern as usize] as u32 <= len
    }
}

/// The positions in a mask, lowest first.
#[inline]
pub fn positions(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The positions of `cards` in their stable sorted order by card index: `order[k]` is the
/// position of the `k`-th card (equal cards keep their positions' order). Entries past
/// `cards.len()` are 0.
pub(super) fn sorted_order(cards: &[Card]) -> [u8; HAND_CAP] {
    let mut order = [0u8; HAND_CAP];
    for i in 0..cards.len() {
        let mut k = i;
        while k > 0 && cards[order[k - 1] as usize].index() > cards[i].index() {
            order[k] = order[k - 1];
            k -= 1;
        }
        order[k] = i as u8;
    }
    order
}

/// A hand sorted by card index (numbers first, then `WILD`, `CIRC`, action cards), so that
/// the anchor of a combination holding a number is a number, whose compatible cards are few.
struct Sorted {
    cards: [Card; HAND_CAP],
    points: [u16; HAND_CAP],
    /// `order[k]`: the caller's position of sorted position `k`.
    order: [u8; HAND_CAP],
    n: usize,
}

impl Sorted {
    fn new(cards: &[Card], points: &[u16]) -> Sorted {
        let n = cards.len();
        let order = sorted_order(cards);
        let mut h = Sorted {
            cards: [Card::from_index(0); HAND_CAP],
            points: [0; HAND_CAP],
            order,
            n,
        };
        for (k, &p) in order[..n].iter().enumerate() {
            h.cards[k] = cards[p as usize];
            h.points[k] = points[p as usize];
        }
        h
    }

    /// A mask of sorted positions as the caller's positions.
    fn unsort(&self, mask: u16) -> u16 {
        positions(mask).fold(0, |a, k| a | 1 << self.order[k])
    }
}

/// The combinations of a hand renumbered onto its *live* cards (those in some combination)
/// and bucketed by anchor, as [`Memo`] wants them: live card `j` (in position order) is bit
/// `j`. The bucketing is stable, so combinations keep their order within an anchor.
pub(super) struct Live<const M: usize> {
    /// Position → live bit.
    pub(super) rank: [u8; HAND_CAP],
    /// Live bit → position.
    pub(super) back: [u8; HAND_CAP],
    /// Points by live bit.
    points: [u16; HAND_CAP],
    /// The points of the dead cards (unmatched in every arrangement).
    pub(super) dead: u16,
    /// The live cards as positions.
    pub(super) mask: u16,
    k: usize,
    combos: [u16; M],
    start: [u16; HAND_CAP + 1],
}

impl<const M: usize> Live<M> {
    pub(super) fn new(found: &[u16], points: &[u16]) -> Live<M> {
        let mask = found.iter().fold(0u16, |a, &c| a | c);
        let mut l = Live {
            rank: [0; HAND_CAP],
            back: [0; HAND_CAP],
            points: [0; HAND_CAP],
            dead: points.iter().sum(),
            mask,
            k: mask.count_ones() as usize,
            combos: [0; M],
            start: [0; HAND_CAP + 1],
        };
        for (j, p) in positions(mask).enumerate() {
            l.rank[p] = j as u8;
            l.back[j] = p as u8;
            l.points[j] = points[p];
            l.dead -= points[p];
        }
        let anchor = |c: u16| l.rank[c.trailing_zeros() as usize] as usize;
        let mut per = [0u16; HAND_CAP];
        for &c in found {
            per[anchor(c)] += 1;
        }
        for (j, &n) in per.iter().enumerate() {
            l.start[j + 1] = l.start[j] + n;
        }
        let mut next = l.start;
        for &c in found {
            let a = anchor(c);
            l.combos[next[a] as usize] = positions(c).fold(0u16, |acc, p| acc | 1 << l.rank[p]);
            next[a] += 1;
        }
        l
    }

    /// All the live cards, as live bits.
    pub(super) fn full(&self) -> u16 {
        ((1u32 << self.k) - 1) as u16
    }

    pub(super) fn memo(&self) -> Memo<'_, M> {
        Memo::new(&self.combos, &self.start, &self.points)
    }
}

/// The recurrence of the module docs, evaluated only on the subsets it reaches (memoised):
/// with few candidate combinations that is a small fraction of all subsets.
pub(super) struct Memo<'a, const M: usize> {
    combos: &'a [u16; M],
    start: &'a [u16; HAND_CAP + 1],
    points: &'a [u16],
    best: [u16; M],
    /// The combination covering the lowest card of a solved mask in an optimum, 0 when
    /// that card is unmatched.
    choice: [u16; M],
}

impl<'a, const M: usize> Memo<'a, M> {
    pub(super) fn new(
        combos: &'a [u16; M],
        start: &'a [u16; HAND_CAP + 1],
        points: &'a [u16],
    ) -> Self {
        Memo {
            combos,
            start,
            points,
            best: [u16::MAX; M],
            choice: [0; M],
        }
    }

    pub(super) fn get(&mut self, mask: u16) -> u16 {
        if mask == 0 {
            return 0;
        }
        let known = self.best[mask as usize];
        if known != u16::MAX {
            return known;
        }
        let i = mask.trailing_zeros() as usize;
        let mut best = self.points[i] + self.get(mask & (mask - 1));
        let mut choice = 0;
        for k in self.start[i] as usize..self.start[i + 1] as usize {
            let c = self.combos[k];
            if c & !mask == 0 {
                let v = self.get(mask & !c);
                if v < best {
                    best = v;
                    choice = c;
                }
            }
        }
        self.best[mask as usize] = best;
        self.choice[mask as usize] = choice;
        best
    }

    /// The combinations of one optimal arrangement of a solved `mask`.
    fn combinations(&self, mut mask: u16, out: &mut [u16; HAND_CAP / 3]) -> usize {
        let mut k = 0;
        while mask != 0 {
            let c = self.choice[mask as usize];
            if c == 0 {
                mask &= mask - 1;
            } else {
                out[k] = c;
                k += 1;
                mask &= !c;
            }
        }
        k
    }
}

/// The least unmatched points and one optimal set of combinations (position masks).
///
/// The hand is sorted by card index; the recurrence then takes, for the lowest card of each
/// subset, the first strictly better of: leaving it unmatched, or each combination anchored
/// at it, groups before runs, each by decreasing position mask. That order fixes which of
/// several optimal arrangements is returned (it matters for lay-offs), so it is part of the
/// rules as implemented. Dead cards (in no combination) are left out of the search, which
/// changes no choice: the lowest card of a subset, when dead, can only be unmatched.
pub fn arrange(cards: &[Card], points: &[u16], out: &mut [u16; HAND_CAP / 3]) -> (u16, usize) {
    arrange_listed(cards, points, None, out)
}

/// As [`arrange`], for a hand whose combinations are kept in `listed` (skipped when it is
/// crowded or absent: then they are generated).
pub fn arrange_listed(
    cards: &[Card],
    points: &[u16],
    listed: Option<&ComboList>,
    out: &mut [u16; HAND_CAP / 3],
) -> (u16, usize) {
    let listed = listed.and_then(|l| l.list().map(|x| (x, l.hand_masks())));
    if let Some((list @ ([] | [_]), _)) = listed {
        // No choice to make: no combination, or one worth laying down (the recurrence
        // leaves a combination worth 0 points unmatched: see `Memo::get`).
        let total: u16 = points[..cards.len()].iter().sum();
        let covered: u16 = list
            .iter()
            .flat_map(|&c| positions(c))
            .map(|p| points[p])
            .sum();
        if list.is_empty() || covered > 0 {
            out[..list.len()].copy_from_slice(list);
            return (total - covered, list.len());
        }
    }
    if let Some((list, m)) = listed
        && let Some(found) = packed_optimum(cards, points, list, m, out)
    {
        return found;
    }
    let h = Sorted::new(cards, points);
    let (best, k) = match (listed, h.n) {
        (Some(list), _) => solved::<LIST_CAP>(&h, Some(list), out),
        (None, 0..=7) => solved::<128>(&h, None, out),
        (None, 8) => solved::<256>(&h, None, out),
        (None, 9) => solved::<512>(&h, None, out),
        (None, 10) => solved::<1024>(&h, None, out),
        _ => solved::<{ 1 << HAND_CAP }>(&h, None, out),
    };
    for m in out[..k].iter_mut() {
        *m = h.unsort(*m);
    }
    (best, k)
}

/// Orders the combinations as the recurrence tries them (room for `C` of them: a listed
/// hand's list, or every subset of the hand), then solves with tables sized to the live
/// cards.
fn solved<const C: usize>(
    h: &Sorted,
    listed: Option<(&[u16], &Masks)>,
    out: &mut [u16; HAND_CAP / 3],
) -> (u16, usize) {
    let n = h.n;
    // The combinations in sorted positions, each marked when it is a run: the recurrence's
    // order is by anchor (lowest card), groups before runs, masks decreasing. A combination
    // is a group when all its numbers are its anchor's number (or it has none).
    const RUN: u32 = 1 << 16;
    let is_run = |a: usize, c: u16, m: &Masks| {
        let group = match kind(h.cards[a]) {
            Kind::Num { num, .. } => m.num[num as usize - 1] | m.wild,
            _ => u16::MAX,
        };
        c & !group != 0
    };
    let mut marked = [0u32; C];
    let count = match listed {
        Some((list, m)) => {
            let mut sorted_at = [0u8; HAND_CAP];
            for (k, &o) in h.order[..n].iter().enumerate() {
                sorted_at[o as usize] = k as u8;
            }
            for (x, &c) in list.iter().enumerate() {
                let s = positions(c).fold(0u16, |acc, p| acc | 1 << sorted_at[p]);
                let run = is_run(s.trailing_zeros() as usize, c, m);
                marked[x] = s as u32 | if run { RUN } else { 0 };
            }
            list.len()
        }
        None => {
            let m = Masks::new(&h.cards[..n]);
            let mut found = [0u16; C];
            let count = combinations(&m, &mut found);
            assert!(count <= C, "more combinations than subsets");
            for (x, &c) in found[..count].iter().enumerate() {
                let run = is_run(c.trailing_zeros() as usize, c, &m);
                marked[x] = c as u32 | if run { RUN } else { 0 };
            }
            count
        }
    };
    marked[..count].sort_unstable_by_key(|&v| {
        let c = v as u16;
        (c.trailing_zeros(), v & RUN, 0xffff - c as u32)
    });
    let mut found = [0u16; C];
    for (f, &v) in found.iter_mut().zip(&marked[..count]) {
        *f = v as u16;
    }
    let found = &found[..count];
    // k live cards have at most 2^k combinations and 2^k subsets to solve.
    let live = found.iter().fold(0u16, |a, &c| a | c).count_ones();
    match live {
        0..=4 => solved_live::<16>(h, found, out),
        5 => solved_live::<32>(h, found, out),
        6 => solved_live::<64>(h, found, out),
        7 => solved_live::<128>(h, found, out),
        8 => solved_live::<256>(h, found, out),
        9 => solved_live::<512>(h, found, out),
        10 => solved_live::<1024>(h, found, out),
        _ => solved_live::<{ 1 << HAND_CAP }>(h, found, out),
    }
}

/// The recurrence on the live cards of the ordered combinations `found` (sorted positions),
/// with tables of `M` entries (at least 2^live).
fn solved_live<const M: usize>(
    h: &Sorted,
    found: &[u16],
    out: &mut [u16; HAND_CAP / 3],
) -> (u16, usize) {
    let live = Live::<M>::new(found, &h.points[..h.n]);
    let mut memo = live.memo();
    let best = live.dead + memo.get(live.full());
    let used = memo.combinations(live.full(), out);
    for c in out[..used].iter_mut() {
        *c = positions(*c).fold(0u16, |acc, p| acc | 1 << live.back[p]);
    }
    (best, used)
}
