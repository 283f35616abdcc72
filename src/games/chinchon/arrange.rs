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
//! anchored at it. Only the subsets reached are solved, and one table answers "best of the
//! whole hand" and "best after discarding card i" for every i (`best[full - bit i]`). Tables
//! are fixed arrays sized to the hand (128 entries for 7 cards .. 4096 for 12).

use super::cards::{Kind, kind};
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

/// True when `cards` form one combination: a group of 3-4 equal numbers, a group of 3-4
/// `CIRC`s, or a run of 3+ in one suit (a `CIRC` may stand between 12 and 1, at most one), with
/// at most one `WILD` standing for any missing card.
#[inline]
pub fn is_combination(cards: impl Iterator<Item = Card>) -> bool {
    let (mut wild, mut circ, mut nats) = (0u32, 0u32, 0u32);
    let (mut suits, mut nums, mut dup) = (0u8, 0u16, false);
    for c in cards {
        match kind(c) {
            Kind::Action => return false,
            Kind::Wild => wild += 1,
            Kind::Circ => circ += 1,
            Kind::Num { suit, num } => {
                nats += 1;
                suits |= 1 << suit;
                let b = 1u16 << (num - 1);
                dup |= nums & b != 0;
                nums |= b;
            }
        }
    }
    let len = wild + circ + nats;
    if wild > 1 || len < 3 {
        return false;
    }
    if len <= 4 && ((circ == 0 && nums.count_ones() == 1) || nats == 0) {
        return true;
    }
    if suits.count_ones() != 1 || dup || circ > 1 {
        return false;
    }
    let pattern = nums | (circ as u16) << 12;
    ARC[pattern as usize] as u32 <= len
}

/// May cards `a` and `b` share some combination?
#[inline]
fn compatible(a: Kind, b: Kind) -> bool {
    match (a, b) {
        (Kind::Action, _) | (_, Kind::Action) => false,
        (Kind::Wild, _) | (_, Kind::Wild) => true,
        (Kind::Circ, _) | (_, Kind::Circ) => true,
        (Kind::Num { suit: s, num: n }, Kind::Num { suit: t, num: m }) => s == t || n == m,
    }
}

/// Position masks of a hand, for checking candidate subsets without looking at cards.
struct Masks {
    wild: u16,
    circ: u16,
    suit: [u16; 4],
    num: [u16; 12],
    /// The ring slot of each position (bit `num - 1`, or bit 12 for a `CIRC`).
    slot: [u16; HAND_CAP],
}

impl Masks {
    fn new(kinds: &[Kind]) -> Masks {
        let mut m = Masks {
            wild: 0,
            circ: 0,
            suit: [0; 4],
            num: [0; 12],
            slot: [0; HAND_CAP],
        };
        for (i, k) in kinds.iter().enumerate() {
            let b = 1u16 << i;
            match *k {
                Kind::Num { suit, num } => {
                    m.suit[suit as usize] |= b;
                    m.num[num as usize - 1] |= b;
                    m.slot[i] = 1 << (num - 1);
                }
                Kind::Wild => m.wild |= b,
                Kind::Circ => {
                    m.circ |= b;
                    m.slot[i] = 1 << 12;
                }
                Kind::Action => {}
            }
        }
        m
    }

    /// A group of one number (the subset is within that number's cards and the wilds).
    #[inline]
    fn group_ok(&self, set: u16) -> bool {
        let len = set.count_ones();
        (3..=4).contains(&len) && (set & self.wild).count_ones() <= 1
    }

    /// A run (the subset is within one suit's cards, the wilds and the `CIRC`s).
    #[inline]
    fn run_ok(&self, set: u16) -> bool {
        let len = set.count_ones();
        if len < 3 || (set & self.wild).count_ones() > 1 || (set & self.circ).count_ones() > 1 {
            return false;
        }
        let cards = set & !self.wild;
        let pattern = positions(cards).fold(0u16, |a, p| a | self.slot[p]);
        pattern.count_ones() == cards.count_ones() && ARC[pattern as usize] as u32 <= len
    }
}

/// Calls `f` with every submask of `m`, `m` itself first.
#[inline]
fn submasks(m: u16, mut f: impl FnMut(u16)) {
    let mut sub = m;
    while sub != 0 {
        f(sub);
        sub = (sub - 1) & m;
    }
}

/// Writes every combination of the hand, grouped by anchor (`start[i]..start[i+1]`). A number
/// anchors groups (subsets of its number's cards and the wilds) and runs (subsets of its
/// suit's cards, the wilds and the `CIRC`s), checked on masks; a special anchor (only special
/// cards above it in a sorted hand) tries every compatible subset with [`is_combination`].
fn find_combinations(cards: &[Card], combos: &mut [u16], start: &mut [u16; HAND_CAP + 1]) {
    let n = cards.len();
    let mut kinds = [Kind::Action; HAND_CAP];
    for (k, &c) in kinds.iter_mut().zip(cards) {
        *k = kind(c);
    }
    let m = Masks::new(&kinds[..n]);
    let mut count = 0;
    for i in 0..n {
        start[i] = count as u16;
        let above = !((2u32 << i) - 1) as u16;
        let b = 1u16 << i;
        let mut push = |set: u16| {
            combos[count] = set;
            count += 1;
        };
        if let Kind::Num { suit, num } = kinds[i] {
            submasks((m.num[num as usize - 1] | m.wild) & above, |sub| {
                if m.group_ok(sub | b) {
                    push(sub | b)
                }
            });
            submasks((m.suit[suit as usize] | m.wild | m.circ) & above, |sub| {
                if m.run_ok(sub | b) {
                    push(sub | b)
                }
            });
            continue;
        }
        let compat = (i + 1..n)
            .filter(|&j| compatible(kinds[i], kinds[j]))
            .fold(0u16, |a, j| a | 1 << j);
        submasks(compat, |sub| {
            let set = sub | b;
            if sub.count_ones() >= 2 && is_combination(positions(set).map(|p| cards[p])) {
                push(set)
            }
        });
    }
    start[n] = count as u16;
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

/// The least unmatched points of the hand and, for each position, of the hand without it.
/// `without[i]` is valid for `i < cards.len()`.
pub fn best_and_without(cards: &[Card], points: &[u16], without: &mut [u16; HAND_CAP]) -> u16 {
    // The table is sized to the hand: a hand grown by DRAW cards costs no more than it must.
    match cards.len() {
        0..=7 => fill::<128>(cards, points, without),
        8 => fill::<256>(cards, points, without),
        9 => fill::<512>(cards, points, without),
        10 => fill::<1024>(cards, points, without),
        _ => fill::<{ 1 << HAND_CAP }>(cards, points, without),
    }
}

fn fill<const M: usize>(cards: &[Card], points: &[u16], without: &mut [u16; HAND_CAP]) -> u16 {
    let h = Sorted::new(cards, points);
    let mut combos = [0u16; M];
    let mut start = [0u16; HAND_CAP + 1];
    find_combinations(&h.cards[..h.n], &mut combos, &mut start);
    let mut memo = Memo::<M>::new(&combos, &start, &h.points);
    let full = ((1u32 << h.n) - 1) as u16;
    for k in 0..h.n {
        without[h.order[k] as usize] = memo.get(full & !(1 << k));
    }
    memo.get(full)
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
        let mut h = Sorted {
            cards: [Card::from_index(0); HAND_CAP],
            points: [0; HAND_CAP],
            order: [0; HAND_CAP],
            n,
        };
        for i in 0..n {
            let mut k = i;
            while k > 0 && h.cards[k - 1].index() > cards[i].index() {
                h.cards[k] = h.cards[k - 1];
                h.points[k] = h.points[k - 1];
                h.order[k] = h.order[k - 1];
                k -= 1;
            }
            h.cards[k] = cards[i];
            h.points[k] = points[i];
            h.order[k] = i as u8;
        }
        h
    }

    /// A mask of sorted positions as the caller's positions.
    fn unsort(&self, mask: u16) -> u16 {
        positions(mask).fold(0, |a, k| a | 1 << self.order[k])
    }
}

/// The recurrence of the module docs, evaluated only on the subsets it reaches (memoised):
/// with few candidate combinations that is a small fraction of all subsets.
struct Memo<'a, const M: usize> {
    combos: &'a [u16; M],
    start: &'a [u16; HAND_CAP + 1],
    points: &'a [u16],
    best: [u16; M],
    /// The combination covering the lowest card of a solved mask in an optimum, 0 when
    /// that card is unmatched.
    choice: [u16; M],
}

impl<'a, const M: usize> Memo<'a, M> {
    fn new(combos: &'a [u16; M], start: &'a [u16; HAND_CAP + 1], points: &'a [u16]) -> Self {
        Memo {
            combos,
            start,
            points,
            best: [u16::MAX; M],
            choice: [0; M],
        }
    }

    fn get(&mut self, mask: u16) -> u16 {
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

fn solved<const M: usize>(h: &Sorted, out: &mut [u16; HAND_CAP / 3]) -> (u16, usize) {
    let mut combos = [0u16; M];
    let mut start = [0u16; HAND_CAP + 1];
    find_combinations(&h.cards[..h.n], &mut combos, &mut start);
    let mut memo = Memo::<M>::new(&combos, &start, &h.points);
    let full = ((1u32 << h.n) - 1) as u16;
    let best = memo.get(full);
    (best, memo.combinations(full, out))
}

/// The least unmatched points and one optimal set of combinations (position masks).
pub fn arrange(cards: &[Card], points: &[u16], out: &mut [u16; HAND_CAP / 3]) -> (u16, usize) {
    let h = Sorted::new(cards, points);
    let (best, k) = match h.n {
        0..=7 => solved::<128>(&h, out),
        8 => solved::<256>(&h, out),
        9 => solved::<512>(&h, out),
        _ => solved::<{ 1 << HAND_CAP }>(&h, out),
    };
    for m in out[..k].iter_mut() {
        *m = h.unsort(*m);
    }
    (best, k)
}
