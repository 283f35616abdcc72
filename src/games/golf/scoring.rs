//! Golf scoring: card values, column pairs, rows, boxes. Pure functions over *keys* (a rank
//! index 0..=12, 13 for a joker, [`UNKNOWN`] for a card a bot has not seen), in tenths of a
//! point so that a bot can score grids holding unknown cards at a fractional estimate.

use super::rules::GolfRules;
use crate::cards::Card;

/// The key of a joker.
pub const JOKER: u8 = 13;
/// The key of a face-down card in a bot's estimate: never matches anything.
pub const UNKNOWN: u8 = 15;
const TWO: u8 = 1;

/// Scoring keys by card index (a table lookup instead of a division in the hot loop).
const KEYS: [u8; 64] = {
    let mut t = [JOKER; 64];
    let mut i = 0;
    while i < 52 {
        t[i] = (i % 13) as u8;
        i += 1;
    }
    t
};

/// A card's scoring key.
#[inline]
pub fn key(c: Card) -> u8 {
    KEYS[c.index() as usize & 63]
}

/// Card values in tenths by key, with 2s worth -2 (no jokers) or 2 (jokers, which are -2).
const fn values(jokers: bool) -> [i32; 16] {
    let mut v = [0; 16];
    let mut r = 0;
    while r < 13 {
        v[r] = 10
            * match r {
                0 => 1,
                1 if jokers => 2,
                1 => -2,
                2..=9 => r as i32 + 1,
                10 | 11 => 10,
                _ => 0,
            };
        r += 1;
    }
    v[JOKER as usize] = -20;
    v
}

const VALUES: [[i32; 16]; 2] = [values(false), values(true)];

/// A column of two known keys on its own, in points, at index `top << 4 | bottom`: 0 for a
/// pair (a pair of 2s is added apart: `pair_of_twos`), else the two values; per `jokers`.
const fn columns(jokers: bool) -> [i8; 256] {
    let v = values(jokers);
    let mut t = [0i8; 256];
    let mut i = 0;
    while i < 256 {
        let (top, bottom) = (i >> 4, i & 15);
        if top != bottom {
            t[i] = ((v[top] + v[bottom]) / 10) as i8;
        }
        i += 1;
    }
    t
}

const COLUMNS: [[i8; 256]; 2] = [columns(false), columns(true)];

/// Card values in tenths by key under `rules`; the [`UNKNOWN`] entry is `unknown_tenths`.
pub fn value_table(rules: &GolfRules, unknown_tenths: i32) -> [i32; 16] {
    let mut v = VALUES[rules.jokers as usize];
    v[UNKNOWN as usize] = unknown_tenths;
    v
}

/// The score of a grid (row-major keys) in tenths of a point. Straight-line, branch-light
/// code over masks: this is the inner loop of the greedy bot.
#[inline(always)]
pub fn score_tenths(k: &[u8; 6], vals: &[i32; 16], rules: &GolfRules) -> i32 {
    let zero = matched(k, rules);
    let (c0, c1, c2) = (
        (zero & 1 != 0) & (k[0] == k[3]),
        (zero & 2 != 0) & (k[1] == k[4]),
        (zero & 4 != 0) & (k[2] == k[5]),
    );
    let mut total = 0;
    for (i, &x) in k.iter().enumerate() {
        total += vals[(x & 15) as usize] * ((zero >> i) & 1 ^ 1) as i32;
    }
    // Rare structures, counted without branches (nothing is added without a column pair):
    // at most one box (its columns score the box value together), and the value of a
    // column pair of 2s outside a box.
    let (box_on, b) = (rules.box_score.is_some(), rules.box_score.unwrap_or(0));
    let left = c0 & c1 & (k[0] == k[1]);
    let right = c1 & c2 & (k[1] == k[2]) & !left;
    let boxed = u8::from(box_on) * ((u8::from(left) * 0b011) | (u8::from(right) * 0b110));
    total += i32::from(boxed != 0) * b * 10;
    for (c, t) in [c0, c1, c2].into_iter().enumerate() {
        let twos = t & (k[c] == TWO) & (boxed >> c & 1 == 0);
        total += i32::from(twos) * rules.pair_of_twos * 10;
    }
    total
}

/// The positions that score 0 because they are in a matching column or row (boxes are made
/// of column pairs, so they are included).
#[inline(always)]
pub fn matched(k: &[u8; 6], rules: &GolfRules) -> u8 {
    let known = |i: usize| k[i] != UNKNOWN;
    let c0 = k[0] == k[3] && known(0);
    let c1 = k[1] == k[4] && known(1);
    let c2 = k[2] == k[5] && known(2);
    let mut zero = ((c0 as u8) * 0b001_001) | ((c1 as u8) * 0b010_010) | ((c2 as u8) * 0b100_100);
    if rules.row_rule {
        let top = k[0] == k[1] && k[1] == k[2] && known(0);
        let bottom = k[3] == k[4] && k[4] == k[5] && known(3);
        zero |= ((top as u8) * 0b000_111) | ((bottom as u8) * 0b111_000);
    }
    zero
}

/// Whether a grid's score needs more than its three columns: a matching row (`row_rule`) or
/// a box. Without either, the score is the sum of [`column_table`] entries.
#[inline(always)]
pub fn has_rows_or_boxes(k: &[u8; 6], rules: &GolfRules) -> bool {
    packed_rows_or_boxes(pack(k), rules.row_rule, rules.box_score.is_some())
}

/// Six keys packed into one word, position p in byte p (bytes 6 and 7 are 0).
#[inline(always)]
pub fn pack(k: &[u8; 6]) -> u64 {
    u64::from(u32::from_le_bytes([k[0], k[1], k[2], k[3]]))
        | u64::from(u16::from_le_bytes([k[4], k[5]])) << 32
}

/// [`has_rows_or_boxes`] of packed keys ([`pack`]) with `rows` (`row_rule`) and `boxes`
/// (boxes score): equal neighbours and column partners read off two xors of the word.
#[inline(always)]
pub fn packed_rows_or_boxes(p: u64, rows: bool, boxes: bool) -> bool {
    // Byte i of `e`: key i xor key i + 1; byte c of `c3`: key c xor key c + 3 (c < 3).
    let e = p ^ (p >> 8);
    let c3 = p ^ (p >> 24);
    let known = |i: u32| (p >> (8 * i)) as u8 != UNKNOWN;
    // Bitwise `&`/`|` on bools: no branches to mispredict in the bot's inner loop.
    let top = (e & 0xffff == 0) & known(0);
    let bottom = (e >> 24 & 0xffff == 0) & known(3);
    // Two column pairs side by side of one key: columns 0 and 1, or 1 and 2.
    let left = (c3 & 0xffff == 0) & (e & 0xff == 0) & known(0);
    let right = (c3 >> 8 & 0xffff == 0) & (e >> 8 & 0xff == 0) & known(1);
    (rows & (top | bottom)) | (boxes & (left | right))
}

/// The score in tenths of a column (top key, bottom key) at index `top << 4 | bottom`, on its
/// own: 0 for a known pair (`pair_of_twos` for a pair of 2s), the two values otherwise.
pub fn column_table(rules: &GolfRules, vals: &[i32; 16]) -> [i32; 256] {
    std::array::from_fn(|i| {
        let (t, b) = ((i >> 4) as u8, (i & 15) as u8);
        if t == b && t != UNKNOWN {
            if t == TWO { rules.pair_of_twos * 10 } else { 0 }
        } else {
            vals[t as usize] + vals[b as usize]
        }
    })
}

/// The index of a column in [`column_table`].
#[inline(always)]
pub fn col_index(top: u8, bottom: u8) -> usize {
    ((top as usize) << 4 | bottom as usize) & 255
}

/// The score of six cards, all face up, in points.
pub fn score_cards(cards: &[Card; 6], rules: &GolfRules) -> i32 {
    score_packed(pack(&cards.map(key)), rules)
}

/// [`score_cards`] of a grid's keys, all known, packed ([`pack`]).
#[inline]
pub fn score_packed(p: u64, rules: &GolfRules) -> i32 {
    if packed_rows_or_boxes(p, rules.row_rule, rules.box_score.is_some()) {
        // `value_table(rules, 0)`, read in place (its unknown entry is 0 already).
        let vals = &VALUES[rules.jokers as usize];
        let keys: [u8; 6] = std::array::from_fn(|i| (p >> (8 * i)) as u8);
        return score_tenths(&keys, vals, rules) / 10;
    }
    // Most grids: three columns on their own, each a pair or its two values.
    let cols = &COLUMNS[rules.jokers as usize];
    let column = |c: u32| {
        let (t, b) = ((p >> (8 * c)) as u8 & 15, (p >> (8 * c + 24)) as u8 & 15);
        i32::from(cols[(t << 4 | b) as usize])
    };
    let mut total = column(0) + column(1) + column(2);
    if rules.pair_of_twos != 0 {
        // Byte c of `pairs` is 0 for a column pair; `twos` for a column whose top is a 2.
        let pairs = p ^ (p >> 24);
        let twos = p ^ 0x0001_0101;
        for c in 0..3 {
            let pair_of_twos = (pairs >> (8 * c)) as u8 == 0 && (twos >> (8 * c)) as u8 == 0;
            total += i32::from(pair_of_twos) * rules.pair_of_twos;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    fn score(s: &str, rules: &GolfRules) -> i32 {
        let v: Vec<Card> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
        score_cards(&v.try_into().unwrap(), rules)
    }

    fn with(kv: &[(&str, &str)]) -> GolfRules {
        let mut r = GolfRules::default();
        for (k, v) in kv {
            r.set(k, v).unwrap();
        }
        r
    }

    #[test]
    fn card_values() {
        let r = GolfRules::default();
        // A 2 3 / 9 T J  -> 1 - 2 + 3 + 9 + 10 + 10
        assert_eq!(score("AS 2S 3S 9H TH JH", &r), 31);
        // Q K 4 / 5 6 7 -> 10 + 0 + 4 + 5 + 6 + 7
        assert_eq!(score("QS KS 4S 5H 6H 7H", &r), 32);
    }

    #[test]
    fn column_pairs_score_zero_and_twos_switch() {
        let r = GolfRules::default();
        // columns 0 (9s) and 1 (aces) are pairs: only 3 + 4 count
        assert_eq!(score("9S AS 3S 9H AH 4H", &r), 3 + 4);
        assert_eq!(score("9S AS 3S 9H 2H 4H", &r), 1 - 2 + 3 + 4);
        assert_eq!(score("2S 5S 3S 2H 6H 4H", &r), 5 + 3 + 6 + 4);
        assert_eq!(
            score("2S 5S 3S 2H 6H 4H", &with(&[("pair_of_twos", "-4")])),
            5 + 3 + 6 + 4 - 4
        );
    }

    #[test]
    fn rows_and_the_row_switch() {
        let r = GolfRules::default();
        assert_eq!(score("7S 7H 7D 5H 6H 4H", &r), 15);
        assert_eq!(
            score("7S 7H 7D 5H 6H 4H", &with(&[("row_rule", "off")])),
            21 + 15
        );
    }

    #[test]
    fn boxes_and_the_box_switch() {
        let r = GolfRules::default();
        // 8s fill columns 1 and 2: -20, plus column 0: 3 + 4
        assert_eq!(score("3S 8S 8H 4S 8D 8C", &r), -20 + 7);
        assert_eq!(
            score("3S 8S 8H 4S 8D 8C", &with(&[("box", "-40")])),
            -40 + 7
        );
        assert_eq!(score("3S 8S 8H 4S 8D 8C", &with(&[("box", "off")])), 7);
        // six equal cards (two decks): one box plus one pair
        assert_eq!(score("5S 5S 5H 5H 5D 5C", &r), -20);
    }

    #[test]
    fn jokers_switch_flips_the_twos() {
        let r = with(&[("jokers", "on")]);
        assert_eq!(score("JK 2S 3S 4H 5H 6H", &r), 18); // -2 + 2 + 3 + 4 + 5 + 6
        assert_eq!(score("JK 2S 3S JK 5H 6H", &r), 2 + 3 + 5 + 6);
    }

    #[test]
    fn column_table_sums_equal_the_full_score_without_rows_or_boxes() {
        use crate::cards::GameRng;
        let mut rng = GameRng::new(5, 5);
        let variants = [
            GolfRules::default(),
            with(&[("pair_of_twos", "-4"), ("box", "off")]),
            with(&[("row_rule", "off"), ("jokers", "on")]),
        ];
        let (mut plain, mut special) = (0, 0);
        for r in &variants {
            let vals = value_table(r, 47);
            let cols = column_table(r, &vals);
            for _ in 0..20_000 {
                // Few distinct keys, so that pairs, rows and boxes all turn up.
                let k: [u8; 6] = std::array::from_fn(|_| [1, 4, 13, UNKNOWN][rng.index(4)]);
                let full = score_tenths(&k, &vals, r);
                if has_rows_or_boxes(&k, r) {
                    special += 1;
                    continue;
                }
                plain += 1;
                let sum: i32 = (0..3).map(|c| cols[col_index(k[c], k[c + 3])]).sum();
                assert_eq!(sum, full, "{k:?} under {r:?}");
            }
        }
        assert!(plain > 10_000 && special > 1_000, "{plain} {special}");
    }

    #[test]
    fn score_cards_equals_the_full_score_on_every_path() {
        use crate::cards::GameRng;
        let mut rng = GameRng::new(9, 2);
        let variants = [
            GolfRules::default(),
            with(&[("pair_of_twos", "-4"), ("box", "off")]),
            with(&[("row_rule", "off"), ("jokers", "on")]),
            with(&[("pair_of_twos", "-4"), ("jokers", "on"), ("box", "-40")]),
        ];
        let (mut plain, mut special) = (0, 0);
        for r in &variants {
            for i in 0..40_000 {
                // Cards of few ranks (2s, 5s, jokers), so that pairs, rows and boxes turn up;
                // then cards of every rank, so that every column of two keys turns up.
                let pool = [1, 4, 14, 17, 27, 53];
                let cards: [Card; 6] = std::array::from_fn(|_| {
                    Card::from_index(if i < 20_000 {
                        pool[rng.index(6)]
                    } else {
                        rng.index(54) as u8
                    })
                });
                let keys = cards.map(key);
                let full = score_tenths(&keys, &VALUES[r.jokers as usize], r) / 10;
                if has_rows_or_boxes(&keys, r) {
                    special += 1;
                } else {
                    plain += 1;
                }
                assert_eq!(score_cards(&cards, r), full, "{cards:?} under {r:?}");
            }
        }
        assert!(plain > 100_000 && special > 5_000, "{plain} {special}");
    }

    #[test]
    fn packed_rows_or_boxes_equals_the_key_by_key_rule() {
        // The rule spelt out key by key, as it reads in the rules.
        fn reference(k: &[u8; 6], rows_on: bool, boxes_on: bool) -> bool {
            let known = |i: usize| k[i] != UNKNOWN;
            let row = |a: usize| k[a] == k[a + 1] && k[a + 1] == k[a + 2] && known(a);
            let pair = |c: usize| k[c] == k[c + 3] && known(c);
            let rows = rows_on && (row(0) || row(3));
            let boxes = boxes_on
                && ((pair(0) && pair(1) && k[0] == k[1]) || (pair(1) && pair(2) && k[1] == k[2]));
            rows || boxes
        }
        // Every grid over three keys (two ranks and a face-down card), and random grids.
        let few = [1u8, 4, UNKNOWN];
        let mut rng = crate::cards::GameRng::new(3, 7);
        let mut found = 0;
        for i in 0..729 + 20_000 {
            let k: [u8; 6] = if i < 729 {
                std::array::from_fn(|p| few[i / 3usize.pow(p as u32) % 3])
            } else {
                std::array::from_fn(|_| [0, 1, 12, 13, UNKNOWN][rng.index(5)])
            };
            for (r, b) in [(false, false), (true, false), (false, true), (true, true)] {
                let want = reference(&k, r, b);
                assert_eq!(packed_rows_or_boxes(pack(&k), r, b), want, "{k:?} {r} {b}");
                found += usize::from(want);
            }
        }
        assert!(found > 1_000, "{found}");
    }

    #[test]
    fn keys_are_ranks_and_jokers() {
        for i in 0..54 {
            let c = Card::from_index(i);
            let want = if c.is_joker() {
                JOKER
            } else {
                c.rank().index()
            };
            assert_eq!(key(c), want, "{c}");
        }
    }

    #[test]
    fn unknown_cards_never_match() {
        let r = GolfRules::default();
        let vals = value_table(&r, 55);
        let k = [UNKNOWN, 4, 4, UNKNOWN, 4, 4];
        assert_eq!(score_tenths(&k, &vals, &r), 110 - 200);
    }
}
