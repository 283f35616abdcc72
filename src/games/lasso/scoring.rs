//! Pure scoring for Lasso: set classification and points, hand penalties, and the bit tricks
//! the legal-move generator and the greedy bot share (sets reachable in a hand).

use super::state::{Lasso, SLOTS};
use crate::cards::{Card, CardSet, Rank, Suit};

/// The kind of a laid 4-card set (the best type it qualifies for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKind {
    /// Four cards of one suit: face values (ace 1), x1.
    Suit,
    /// Four consecutive cards of one suit, ace high or low: face values (ace 11), x2.
    StraightFlush,
    /// Four of a kind: face values (ace 1), x3.
    Kind,
}

impl SetKind {
    /// The name used by `cardsim score lasso`.
    pub fn name(self) -> &'static str {
        match self {
            SetKind::Suit => "suit",
            SetKind::StraightFlush => "straight_flush",
            SetKind::Kind => "kind",
        }
    }
}

/// 13-bit suit field of every card.
const SUIT13: u64 = (1 << 13) - 1;

/// A card's face value in a set: ace 1, 2..10 face value, court cards 10.
#[inline]
pub const fn face(r: u8) -> i32 {
    if r >= 9 { 10 } else { r as i32 + 1 }
}

/// Face sums (ace 1, court 10) of every 13-bit rank field, built at compile time (one
/// look-up instead of a sum over the ranks).
const FACE_SUMS: [u8; 8192] = {
    let mut t = [0u8; 8192];
    let mut i = 0;
    while i < 8192 {
        let mut r = 0;
        while r < 13 {
            if i >> r & 1 == 1 {
                t[i] += face(r as u8) as u8;
            }
            r += 1;
        }
        i += 1;
    }
    t
};

/// Sum of the face values (ace 1) of a 13-bit rank field.
#[inline]
pub fn face_sum(bits: u16) -> i32 {
    FACE_SUMS[(bits & 0x1fff) as usize] as i32
}

/// The number of ranks in a 13-bit rank field: one `popcnt` (the build targets x86-64-v2,
/// see `.cargo/config.toml`), no table to keep in the data cache.
#[inline]
pub fn pop13(bits: u16) -> u32 {
    (bits & 0x1fff).count_ones()
}

/// True when the 4 rank bits of one suit are consecutive (ace low A234 .. ace high JQKA).
#[inline]
pub fn is_straight(bits: u16) -> bool {
    bits == 0b1_1100_0000_0001
        || (bits.trailing_zeros() <= 9 && bits >> bits.trailing_zeros() == 0b1111)
}

/// Classifies 4 distinct cards; `None` when they are not a set.
pub fn classify(set: CardSet) -> Option<(SetKind, i32)> {
    let x = set.0;
    let suits = [
        x & SUIT13,
        x >> 13 & SUIT13,
        x >> 26 & SUIT13,
        x >> 39 & SUIT13,
    ]
    .map(|b| b as u16);
    let mut n: u32 = suits.iter().map(|&b| pop13(b)).sum();
    if x >> 52 != 0 {
        n += (x >> 52).count_ones(); // jokers count as cards, as in `CardSet::len`
    }
    if n != 4 {
        return None;
    }
    for bits in suits {
        if pop13(bits) == 4 {
            if is_straight(bits) {
                let ace = if bits & 1 == 1 { 10 } else { 0 };
                return Some((SetKind::StraightFlush, 2 * (face_sum(bits) + ace)));
            }
            return Some((SetKind::Suit, face_sum(bits)));
        }
    }
    let ranks = suits[0] | suits[1] | suits[2] | suits[3];
    if pop13(ranks) == 1 {
        return Some((SetKind::Kind, 3 * 4 * face(ranks.trailing_zeros() as u8)));
    }
    None
}

/// Penalty of a whole hand.
pub fn hand_penalty(hand: CardSet, ace: i32) -> i32 {
    let mut p = 0;
    for s in Suit::ALL {
        let bits = hand.suit_bits(s);
        p += face_sum(bits & !1) + (bits & 1) as i32 * ace;
    }
    p
}

/// True when `avail` holds a 4-card set containing `d`.
#[inline]
pub fn can_set_with(avail: CardSet, d: Card) -> bool {
    let kind = CardSet::rank(d.rank());
    pop13(avail.suit_bits(d.suit())) >= 4 || avail & kind == kind
}

/// True when `hand` holds any 4-card set.
#[inline]
pub fn has_set(hand: CardSet) -> bool {
    let x = hand.0;
    let all4 = x & x >> 13 & x >> 26 & x >> 39 & SUIT13;
    all4 != 0 || Suit::ALL.iter().any(|&s| pop13(hand.suit_bits(s)) >= 4)
}

/// Calls `f` with every 4-card set in `hand` (containing `must` when given), suits first,
/// then four of a kind by rank.
pub fn each_set(hand: CardSet, must: Option<Card>, mut f: impl FnMut(CardSet)) {
    for s in Suit::ALL {
        if must.is_some_and(|d| d.suit() != s) {
            continue;
        }
        let bits = hand.suit_bits(s);
        if pop13(bits) < 4 {
            continue;
        }
        let base = 13 * s.index() as u32;
        each_4_subset(bits as u64, |sub| {
            let cs = CardSet(sub << base);
            if must.is_none_or(|d| cs.contains(d)) {
                f(cs)
            }
        });
    }
    let x = hand.0;
    let mut kinds = (x & x >> 13 & x >> 26 & x >> 39 & SUIT13) as u16;
    if let Some(d) = must {
        kinds &= 1 << d.rank().index();
    }
    while kinds != 0 {
        f(CardSet::rank(Rank::new(kinds.trailing_zeros() as u8)));
        kinds &= kinds - 1;
    }
}

fn each_4_subset(bits: u64, mut f: impl FnMut(u64)) {
    let mut a = bits;
    while a != 0 {
        let ia = a & a.wrapping_neg();
        a &= a - 1;
        let mut b = a;
        while b != 0 {
            let ib = b & b.wrapping_neg();
            b &= b - 1;
            let mut c = b;
            while c != 0 {
                let ic = c & c.wrapping_neg();
                c &= c - 1;
                let mut d = c;
                while d != 0 {
                    let id = d & d.wrapping_neg();
                    d &= d - 1;
                    f(ia | ib | ic | id);
                }
            }
        }
    }
}

/// The points of the best set in `hand` (0 when none), without enumerating subsets.
#[inline]
pub fn best_set_points(hand: CardSet) -> i32 {
    let x = hand.0;
    let all4 = (x & x >> 13 & x >> 26 & x >> 39 & SUIT13) as u16;
    let mut best = if all4 != 0 {
        12 * face(15 - all4.leading_zeros() as u8)
    } else {
        0
    };
    for s in Suit::ALL {
        let bits = hand.suit_bits(s);
        if pop13(bits) >= 4 {
            best = best.max(best_in_suit(bits));
        }
    }
    best
}

/// The best set among the cards of one suit (at least 4 of them).
fn best_in_suit(bits: u16) -> i32 {
    let mut best = face_sum(top4(bits));
    // starts of 4-card runs: the highest start is the best but for A234 (ace 11: 40 points)
    let runs = bits & bits >> 1 & bits >> 2 & bits >> 3 & 0x3ff;
    if runs != 0 {
        let w = 15 - runs.leading_zeros() as u16;
        best = best.max(2 * face_sum(0b1111 << w));
    }
    if runs & 1 == 1 {
        best = best.max(40); // A234 with the ace at 11
    }
    if bits & 0b1_1100_0000_0001 == 0b1_1100_0000_0001 {
        best = best.max(2 * (30 + 11));
    }
    best
}

/// The best set by points in `hand` (holding `must`, when given), found without enumerating
/// subsets: in each suit the best is its four highest cards (with `must`: it and the three
/// highest others) or a 4-card run; else four of a kind. `None` when the hand holds no set.
pub fn best_set_exact(hand: CardSet, must: Option<Card>) -> Option<(i32, CardSet)> {
    let mut best: Option<(i32, CardSet)> = None;
    let mut consider = |cs: CardSet| {
        if must.is_some_and(|d| !cs.contains(d)) {
            return;
        }
        if let Some((_, pts)) = classify(cs)
            && best.is_none_or(|b| pts > b.0)
        {
            best = Some((pts, cs));
        }
    };
    for s in Suit::ALL {
        let bits = hand.suit_bits(s);
        if pop13(bits) < 4 || must.is_some_and(|d| d.suit() != s) {
            continue;
        }
        let base = 13 * s.index() as u32;
        let top = match must {
            Some(d) => top_n(bits & !(1 << d.rank().index()), 3) | 1 << d.rank().index(),
            None => top4(bits),
        };
        consider(CardSet((top as u64) << base));
        for w in 0..10 {
            if bits >> w & 0b1111 == 0b1111 {
                consider(CardSet((0b1111u64 << w) << base));
            }
        }
        if bits & 0b1_1100_0000_0001 == 0b1_1100_0000_0001 {
            consider(CardSet(0b1_1100_0000_0001u64 << base));
        }
    }
    for r in 0..13u8 {
        let k = CardSet::rank(Rank::new(r));
        if hand & k == k {
            consider(k);
        }
    }
    best
}

/// The `n` highest-valued ranks of a field (court cards first, ace lowest).
fn top_n(bits: u16, n: u32) -> u16 {
    let mut b = bits;
    while pop13(b) > n {
        b &= b - 1;
    }
    b
}

/// The 4 highest-valued ranks of a field (court cards first, ace lowest).
fn top4(bits: u16) -> u16 {
    let mut b = bits;
    while pop13(b) > 4 {
        b &= b - 1;
    }
    b
}

impl Lasso {
    /// Each seat's round score: sets owned, minus hand, minus mismatches, plus the bonus.
    pub(crate) fn scores(&self) -> [i32; SLOTS] {
        let mut sc = [0; SLOTS];
        for set in &self.sets[..self.nsets as usize] {
            sc[set.owner as usize] += set.points;
        }
        for (s, v) in sc.iter_mut().enumerate().take(self.players as usize) {
            *v -= hand_penalty(self.hands[s], self.rules.ace_in_hand) + self.penalties[s];
            if self.out as usize == s {
                *v += 100;
            }
        }
        sc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect()
    }

    #[test]
    fn classify_table_by_hand() {
        // suit: 2+5+9+K = 2+5+9+10 = 26
        assert_eq!(classify(set("2H 5H 9H KH")), Some((SetKind::Suit, 26)));
        // suit with an ace: 1+3+7+Q(10) = 21
        assert_eq!(classify(set("AS 3S 7S QS")), Some((SetKind::Suit, 21)));
        // straight flush low: (11+2+3+4) x2 = 40
        assert_eq!(
            classify(set("AC 2C 3C 4C")),
            Some((SetKind::StraightFlush, 40))
        );
        // straight flush high: (10+10+10+11) x2 = 82
        assert_eq!(
            classify(set("JD QD KD AD")),
            Some((SetKind::StraightFlush, 82))
        );
        // 5-8: (5+6+7+8) x2 = 52
        assert_eq!(
            classify(set("5S 6S 7S 8S")),
            Some((SetKind::StraightFlush, 52))
        );
        // no wrap-around: Q K A 2 is only a suit set: 10+10+1+2 = 23
        assert_eq!(classify(set("QH KH AH 2H")), Some((SetKind::Suit, 23)));
        // kinds: 7 x4 x3 = 84; aces 1 x4 x3 = 12; kings 10 x4 x3 = 120
        assert_eq!(classify(set("7C 7D 7H 7S")), Some((SetKind::Kind, 84)));
        assert_eq!(classify(set("AC AD AH AS")), Some((SetKind::Kind, 12)));
        assert_eq!(classify(set("KC KD KH KS")), Some((SetKind::Kind, 120)));
        assert_eq!(classify(set("7C 7D 7H 8S")), None);
        assert_eq!(classify(set("7C 7D 7H")), None);
    }

    #[test]
    fn penalties_by_hand() {
        assert_eq!(hand_penalty(set("AS KD 5C"), 22), 22 + 10 + 5);
        assert_eq!(hand_penalty(set("AS AD TC"), 11), 11 + 11 + 10);
        assert_eq!(hand_penalty(set("AS 2D"), 2), 2 + 2);
        assert_eq!(hand_penalty(CardSet::EMPTY, 22), 0);
    }

    #[test]
    fn best_points_match_enumeration() {
        let mut rng = crate::cards::GameRng::new(5, 1);
        for _ in 0..3000 {
            let mut deck: Vec<Card> = Card::all52().collect();
            rng.shuffle(&mut deck);
            let n = 4 + rng.index(14);
            let hand: CardSet = deck[..n].iter().copied().collect();
            let mut best = 0;
            let mut any = false;
            each_set(hand, None, |s| {
                any = true;
                best = best.max(classify(s).unwrap().1);
            });
            assert_eq!(best_set_points(hand), best, "{hand}");
            assert_eq!(has_set(hand), any, "{hand}");
            assert_eq!(
                best_set_exact(hand, None).map_or(0, |b| b.0),
                best,
                "{hand}"
            );
            for d in hand {
                let mut with = false;
                let mut best_with = None;
                each_set(hand, Some(d), |s| {
                    with = true;
                    let pts = classify(s).unwrap().1;
                    best_with = best_with.max(Some(pts));
                });
                assert_eq!(can_set_with(hand, d), with);
                let exact = best_set_exact(hand, Some(d));
                assert_eq!(exact.map(|b| b.0), best_with, "{hand} with {d}");
                assert!(exact.is_none_or(|b| b.1.contains(d) && b.1 & hand == b.1));
            }
        }
    }
}
