//! Chinchón: the best-arrangement search by hand-picked cases and against a brute-force
//! reference on random hands.

use super::*;
use crate::games::chinchon::cards::{ordered_shoe, rich_rules};

fn brute(cards: &[Card], p: &[u16]) -> u16 {
    if cards.is_empty() {
        return 0;
    }
    let n = cards.len();
    let mut best = p[0] + brute(&cards[1..], &p[1..]);
    for mask in 0u32..1 << (n - 1) {
        let set = (mask << 1) | 1;
        if set.count_ones() < 3 {
            continue;
        }
        let pick: Vec<Card> = (0..n)
            .filter(|i| set >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        if naive_valid(&pick) {
            let (rc, rp): (Vec<Card>, Vec<u16>) = (0..n)
                .filter(|i| set >> i & 1 == 0)
                .map(|i| (cards[i], p[i]))
                .unzip();
            best = best.min(brute(&rc, &rp));
        }
    }
    best
}

#[test]
fn combinations_by_hand() {
    let yes = [
        "1O 2O 3O",
        "7C 7E 7B 7O",
        "7C 7C 7E",
        "CIRC CIRC CIRC",
        "CIRC WILD CIRC",
        "11B 12B CIRC 1B 2B",
        "12O CIRC 1O",
        "CIRC 1O 2O",
        "5E WILD 7E",
        "5E 7E WILD 8E",
        "9C WILD 9E",
        "11O 12O WILD",
        "12C WILD 1C",
    ];
    let no = [
        "1O 2O",
        "1O 2O 4O",
        "7C 7E 7B 7O 7C",
        "12O 1O 2O",
        "CIRC CIRC 1O",
        "5E WILD WILD",
        "3O 4O 5C",
        "1O 2O 3O DRAW",
        "CIRC CIRC CIRC CIRC CIRC",
        "11O 12O CIRC CIRC 1O",
        "5O 5O 6O",
        "5E WILD 8E",
    ];
    for h in yes {
        assert!(is_combination(cs(h).into_iter()), "{h}");
        assert!(naive_valid(&cs(h)), "{h}");
    }
    for h in no {
        assert!(!is_combination(cs(h).into_iter()), "{h}");
        assert!(!naive_valid(&cs(h)), "{h}");
    }
}

#[test]
fn best_arrangement_tables_by_hand() {
    let r = Rules::default();
    let cases = [
        ("1O 2O 3O 7C 7E 7B 12C", 12),
        ("1O 2O 3O 4O 5O 6O 7O", 0),
        ("11B 12B CIRC 1B 2B 5C 6E", 11),
        ("WILD 4O 6O 9C 9E 1B 2B", 13),
        ("WILD WILD 4O 6O 9C 9E 1B", 1),
        ("DRAW SKIP REV 1O 2O 3O 5C", 35),
        ("CIRC CIRC CIRC CIRC 2O 3O 4O", 0),
        ("3O 3C 3E 4O 5O 6C 6E", 18),
    ];
    for (h, want) in cases {
        let hand = cs(h);
        let mut out = [0u16; 4];
        let (u, _) = arrange::arrange(&hand, &pts(&r, &hand), &mut out);
        assert_eq!(u, want, "{h}");
        assert_eq!(brute(&hand, &pts(&r, &hand)), want, "{h}");
    }
}

#[test]
fn arrangement_search_matches_brute_force_on_random_hands() {
    let r = Rules {
        wild: 4,
        circ: 6,
        ..Rules::default()
    };
    let mut deck = ordered_shoe(&r, 8);
    let mut rng = GameRng::new(11, 4);
    for round in 0..1500 {
        deck.shuffle(&mut rng);
        let n = 7 + round % 3;
        let hand = &deck.as_slice()[..n];
        let p = pts(&r, hand);
        let mut without = [0u16; HAND_CAP];
        let best = best_and_without(hand, &p, &mut without);
        assert_eq!(best, brute(hand, &p), "{}", cards::names(hand));
        let i = round % n;
        let rest: Vec<Card> = hand
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        assert_eq!(
            without[i],
            brute(&rest, &pts(&r, &rest)),
            "{} without {i}",
            cards::names(hand)
        );
        let mut out = [0u16; 4];
        let (u, k) = arrange::arrange(hand, &p, &mut out);
        let covered: u16 = out[..k].iter().fold(0, |a, &m| a | m);
        let loose: u16 = (0..n)
            .filter(|&j| covered >> j & 1 == 0)
            .map(|j| p[j])
            .sum();
        assert_eq!((u, loose), (best, best));
        for &m in &out[..k] {
            assert!(is_combination(arrange::positions(m).map(|j| hand[j])));
        }
    }
}

/// The shortcut for a listed hand whose best packing is the only one (or one of a few that
/// tie) lays down what the recurrence lays down, in the same order (the order of the
/// closer's combinations decides lay-off ties): on random hands of 7 to 12 cards from a shoe rich in `WILD`s and `CIRC`s,
/// with special cards worth points and worth none.
#[test]
fn unique_best_packing_is_the_recurrences_arrangement() {
    let (mut hits, mut ties) = (0, 0);
    for (seed, free) in [(31, false), (32, true)] {
        let r = rich_rules(free);
        let mut deck = ordered_shoe(&r, 8);
        let mut rng = GameRng::new(seed, 4);
        for round in 0..4000 {
            deck.shuffle(&mut rng);
            // Few suits, so that runs and groups overlap often.
            let mut hand: Vec<Card> = deck.as_slice()[..40]
                .iter()
                .copied()
                .filter(|c| c.index() >= 24)
                .collect();
            hand.truncate(7 + round % 6);
            let p = pts(&r, &hand);
            let listed = ComboList::of(&hand);
            let Some(list) = listed.list() else {
                continue;
            };
            let (mut fast, mut slow) = ([0u16; 4], [0u16; 4]);
            match packing::packed_optimum(&hand, &p, list, listed.hand_masks(), &mut fast) {
                Some((u, k)) => {
                    let (su, sk) = arrange::arrange(&hand, &p, &mut slow);
                    assert_eq!(
                        (u, &fast[..k]),
                        (su, &slow[..sk]),
                        "{}",
                        cards::names(&hand)
                    );
                    hits += 1;
                }
                None => ties += 1,
            }
        }
    }
    assert!(hits > 7000, "{hits} {ties}");
}
