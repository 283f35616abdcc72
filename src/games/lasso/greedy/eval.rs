//! Fast hand arithmetic for `greedy`: the pairs of a hand and its best set, by table
//! look-ups and bit counts (`popcnt`: the build targets x86-64-v2), as the planner values
//! hundreds of hands per decision. Each function returns exactly what the plain
//! enumeration it replaces returns (the tests compare them over random hands), so play does
//! not change.

use super::SET_SCAN;
use crate::cards::{Card, CardSet, Rank};
use crate::games::lasso::scoring::{
    classify, each_set, face, face_sum, hand_penalty, has_set, is_straight, pop13,
};

/// Same-suit pairs of `n` cards of one suit, the suit capped at 4 cards: C(min(n, 4), 2).
const SUIT_PAIRS: [u8; 14] = [0, 0, 1, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6];

/// 4-card subsets of `n` cards: C(n, 4).
const C4: [u16; 14] = [0, 0, 0, 0, 1, 5, 15, 35, 70, 126, 210, 330, 495, 715];

/// The 13-bit rank field of each suit of `hand`, clubs first.
#[inline]
fn suits(hand: CardSet) -> [u16; 4] {
    let x = hand.0;
    [
        (x & 0x1fff) as u16,
        (x >> 13 & 0x1fff) as u16,
        (x >> 26 & 0x1fff) as u16,
        (x >> 39 & 0x1fff) as u16,
    ]
}

/// Same-suit pairs (suits capped at 4 cards) plus same-rank pairs of `hand`.
#[inline]
pub(crate) fn pairs(hand: CardSet) -> u32 {
    let [a, b, c, d] = suits(hand);
    let suited = SUIT_PAIRS[pop13(a) as usize]
        + SUIT_PAIRS[pop13(b) as usize]
        + SUIT_PAIRS[pop13(c) as usize]
        + SUIT_PAIRS[pop13(d) as usize];
    suited as u32
        + pop13(a & b)
        + pop13(a & c)
        + pop13(a & d)
        + pop13(b & c)
        + pop13(b & d)
        + pop13(c & d)
}

/// How many cards of rank `r` (0 = ace) `hand` holds.
#[inline]
pub(crate) fn rank_count(hand: CardSet, r: u8) -> u32 {
    (hand.0 >> r & ACES).count_ones()
}

/// The four aces' bits: a rank's four cards shifted down to rank 0.
const ACES: u64 = CardSet::rank(Rank::ACE).0;

/// J Q K A of one suit: the best straight flush (82 points).
const JQKA: u16 = 0b1_1100_0000_0001;

/// The best straight flush in one suit's rank field: its points and ranks ((0, 0) for
/// none). Straight flushes of one suit never tie (A234 40, 2345 28, 3456 36, then 44, 52,
/// 60, 68, 74, 78, 80, JQKA 82).
#[inline]
fn best_straight(bits: u16) -> (i32, u16) {
    if bits & JQKA == JQKA {
        return (82, JQKA);
    }
    let runs = bits & bits >> 1 & bits >> 2 & bits >> 3 & 0x3ff;
    if runs == 0 {
        return (0, 0);
    }
    let w = 15 - runs.leading_zeros();
    if w == 0 {
        return (40, 0b1111); // A234, the ace at 11
    }
    let hi = (2 * face_sum(0b1111 << w), 0b1111 << w);
    if runs & 1 == 1 && hi.0 < 40 {
        (40, 0b1111)
    } else {
        hi
    }
}

/// The 4 highest-valued ranks of a field of at least 4 (the ace lowest): the one subset
/// with the most face points.
#[inline]
fn top4(bits: u16) -> u16 {
    let mut b = bits;
    while pop13(b) > 4 {
        b &= b - 1;
    }
    b
}

/// The best set of one suit's rank field (at least 4 ranks) and, among sets of those
/// points, the first that `each_set` lists (4-subsets in lexicographic order of their
/// ranks). The best is the best straight flush or the four highest cards (the only subset
/// with the most face points); when these two tie, the first listed is the one holding the
/// lowest rank of the two that differ.
#[inline]
fn suit_best(bits: u16) -> (i32, u16) {
    let top = top4(bits);
    let straight = best_straight(bits);
    if is_straight(top) {
        return straight; // at least the top four's points
    }
    let pts = face_sum(top);
    if straight.0 > pts {
        return straight;
    }
    if pts > straight.0 {
        return (pts, top);
    }
    let d = top ^ straight.1;
    let low = d & d.wrapping_neg();
    if top & low != 0 { (pts, top) } else { straight }
}

/// The best complete set by points in `hand`, known to hold one, among the first
/// `SET_SCAN` sets in `each_set` order (ties to the first listed): its points and its
/// cards. When the hand holds at most `SET_SCAN` sets (all but hoarded hands) it is found
/// without enumerating; otherwise by `best_set_listed`.
pub(crate) fn best_set_scan(hand: CardSet) -> (i32, CardSet) {
    let s = suits(hand);
    let x = hand.0;
    let all4 = (x & x >> 13 & x >> 26 & x >> 39 & 0x1fff) as u16;
    let count: u32 = s.iter().map(|&b| C4[pop13(b) as usize] as u32).sum::<u32>() + pop13(all4);
    if count as usize > SET_SCAN {
        return best_set_listed(hand);
    }
    let mut best = (0, CardSet::EMPTY);
    for (i, &bits) in s.iter().enumerate() {
        if pop13(bits) >= 4 {
            let (pts, b) = suit_best(bits);
            if pts > best.0 {
                best = (pts, CardSet((b as u64) << (13 * i)));
            }
        }
    }
    let mut k = all4;
    while k != 0 {
        let r = k.trailing_zeros() as u8;
        let pts = 12 * face(r);
        if pts > best.0 {
            best = (pts, CardSet::rank(Rank::new(r)));
        }
        k &= k - 1;
    }
    best
}

/// How many sets a hand holds, as far as the set step cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sole {
    /// None.
    No,
    /// Exactly one: these cards.
    One(CardSet),
    /// Two or more.
    Many,
}

/// Whether `hand` holds no set, exactly one (which), or more.
#[inline]
pub(crate) fn sole_set(hand: CardSet) -> Sole {
    let s = suits(hand);
    let x = hand.0;
    let all4 = (x & x >> 13 & x >> 26 & x >> 39 & 0x1fff) as u16;
    let mut one = None;
    let mut count = pop13(all4);
    if count == 1 {
        one = Some(CardSet::rank(Rank::new(all4.trailing_zeros() as u8)));
    }
    for (i, &bits) in s.iter().enumerate() {
        let n = pop13(bits);
        if n >= 4 {
            count += C4[n as usize] as u32;
            one = Some(CardSet((bits as u64) << (13 * i)));
        }
    }
    match count {
        0 => Sole::No,
        1 => Sole::One(one.expect("the one set")),
        _ => Sole::Many,
    }
}

/// `best_set_scan` by enumeration: the first `SET_SCAN` sets in `each_set` order.
pub(crate) fn best_set_listed(hand: CardSet) -> (i32, CardSet) {
    let mut best = (0, CardSet::EMPTY);
    let mut n = 0;
    each_set(hand, None, |s| {
        if n < SET_SCAN {
            n += 1;
            let pts = classify(s).map_or(0, |k| k.1);
            if pts > best.0 {
                best = (pts, s);
            }
        }
    });
    best
}

/// A non-empty hand holding no set: its suit counts (at most 3 each), pairs and penalty.
#[derive(Clone, Copy)]
pub(crate) struct Flat {
    pub(crate) cards: CardSet,
    pub(crate) pairs: u32,
    pub(crate) pen: i32,
    ace: i32,
}

impl Flat {
    /// The hand's numbers, `None` when it is empty or holds a set (`ace`: an ace's penalty).
    pub(crate) fn of(cards: CardSet, ace: i32) -> Option<Flat> {
        if cards.is_empty() || has_set(cards) {
            return None;
        }
        Some(Flat {
            cards,
            pairs: pairs(cards),
            pen: hand_penalty(cards, ace),
            ace,
        })
    }

    /// The pairs and penalty of the hand less `gone` (cards of the hand). With at most 3
    /// cards of a suit and of a rank, a card leaving a suit of `n` takes `n - 1` same-suit
    /// pairs with it, and one leaving a rank of `k` takes `k - 1` same-rank pairs.
    #[inline]
    pub(crate) fn less(&self, gone: CardSet) -> (u32, i32) {
        let (mut p, mut q) = (self.pairs, self.pen);
        let mut left = self.cards;
        for c in gone {
            let r = c.rank().index();
            let n = pop13((left.0 >> (13 * u32::from(c.suit().index()))) as u16);
            p -= n - 1 + rank_count(left, r) - 1;
            q -= if r == 0 { self.ace } else { face(r) };
            left = left.without(c);
        }
        (p, q)
    }

    /// The pairs and penalty of the hand plus `c` (not in it), when it then holds no set.
    #[inline]
    pub(crate) fn plus(&self, c: Card) -> Option<(u32, i32)> {
        let r = c.rank().index();
        let n = pop13((self.cards.0 >> (13 * u32::from(c.suit().index()))) as u16);
        let k = rank_count(self.cards, r);
        if n >= 3 || k >= 3 || self.cards.contains(c) {
            return None;
        }
        Some((
            self.pairs + n + k,
            self.pen + if r == 0 { self.ace } else { face(r) },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, GameRng, Suit};
    use crate::games::lasso::scoring::has_set;

    /// The plain counts `pairs` replaces.
    fn pairs_plain(hand: CardSet) -> u32 {
        let s = Suit::ALL.map(|s| hand.suit_bits(s));
        let mut pairs = 0;
        for i in 0..4 {
            let n = s[i].count_ones().min(4);
            pairs += n * n.saturating_sub(1) / 2;
            for j in i + 1..4 {
                pairs += (s[i] & s[j]).count_ones();
            }
        }
        pairs
    }

    #[test]
    fn fast_hand_arithmetic_matches_enumeration() {
        let mut rng = GameRng::new(22, 3);
        let mut with_sets = 0;
        for i in 0..20_000 {
            let mut deck: Vec<Card> = Card::all52().collect();
            rng.shuffle(&mut deck);
            // mostly hands of 4-14 cards, some of one or two suits (many sets, straights)
            let n = 4 + rng.index(if i % 4 == 0 { 24 } else { 11 });
            let hand: CardSet = if i % 3 == 0 {
                let suit = CardSet::suit(Suit::ALL[rng.index(4)]);
                let two = suit | CardSet::suit(Suit::ALL[rng.index(4)]);
                deck.iter()
                    .copied()
                    .filter(|&c| two.contains(c))
                    .take(n)
                    .collect()
            } else {
                deck[..n].iter().copied().collect()
            };
            assert_eq!(pairs(hand), pairs_plain(hand), "{hand}");
            for r in 0..13 {
                assert_eq!(
                    rank_count(hand, r),
                    (hand & CardSet::rank(Rank::new(r))).len()
                );
            }
            let mut listed = Vec::new();
            each_set(hand, None, |s| listed.push(s));
            let sole = match listed[..] {
                [] => Sole::No,
                [one] => Sole::One(one),
                _ => Sole::Many,
            };
            assert_eq!(sole_set(hand), sole, "{hand}");
            if has_set(hand) {
                with_sets += 1;
                assert_eq!(best_set_scan(hand), best_set_listed(hand), "{hand}");
            }
        }
        assert!(with_sets > 5_000, "{with_sets}");
    }

    #[test]
    fn ties_go_to_the_first_set_listed() {
        let set = |s: &str| -> CardSet {
            s.split_whitespace()
                .map(|c| c.parse::<Card>().unwrap())
                .collect()
        };
        // a straight flush tying the four highest cards: 2345 (28) and 4 5 9 T (28), 3456
        // (36) and 6 J Q K (36); the straight is listed first (it holds the lower card)
        assert_eq!(
            best_set_scan(set("2C 3C 4C 5C 9C TC")),
            (28, set("2C 3C 4C 5C"))
        );
        assert_eq!(
            best_set_scan(set("3D 4D 5D 6D JD QD KD")),
            (36, set("3D 4D 5D 6D"))
        );
        for h in [
            "AC 2C 3C 4C 8C 9C TC",
            "2C 3C 4C 5C 7C 8C",
            "TC JC QC KC AC",
        ] {
            assert_eq!(best_set_scan(set(h)), best_set_listed(set(h)), "{h}");
        }
        // four of a kind in tens and courts tie at 120: the lowest rank is listed first
        let h = set("TC TD TH TS KC KD KH KS");
        assert_eq!(best_set_scan(h), (120, set("TC TD TH TS")));
    }
}
