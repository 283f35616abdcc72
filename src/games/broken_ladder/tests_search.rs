//! The search hooks (`search.rs`) on stacked positions computed by hand: the race reading of a
//! cut-off position, and the weight a sample gets from the last discard of the seat before.

use super::*;
use crate::cards::Card;
use crate::game::{Game, MAX_SEATS, Table};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

/// Two players, one pack, dealt as `head`, the Starters (seat 1's first: seat 0 deals),
/// then the hands one card at a time (seat 1's first), then the upcard.
fn deal(head_starters: &str, seat1: &str, seat0: &str, up: &str) -> BrokenLadder {
    let mut deck = cards(head_starters);
    for (a, b) in cards(seat1).into_iter().zip(cards(seat0)) {
        deck.extend([a, b]);
    }
    deck.extend(cards(up));
    BrokenLadder::from_deck(&Rules::default(), &Table::first(2), &deck)
}

/// The position of `tests_lead`: seat 1 (to act) has 5 outs in the 38-card stock, seat 0
/// has 4. Race chances per turn 6/38 and 5/38; seat 1 first: 6/38 / (1 - 32/38 * 33/38).
#[test]
fn the_race_reading_counts_outs_and_turn_order() {
    let g = deal("5S 3D 7D", "AC 3S 3C 4H 9D", "KC QD QH 9S 8C", "2H");
    let mut out = [0.0; MAX_SEATS];
    assert!(g.win_chances(&mut out));
    let (p1, p0) = (6.0 / 38.0, 5.0 / 38.0);
    let none = (1.0 - p1) * (1.0 - p0);
    assert!((out[1] - p1 / (1.0 - none)).abs() < 1e-12, "{out:?}");
    assert!((out[0] - (1.0 - p1) * p0 / (1.0 - none)).abs() < 1e-12);
    assert!((out[0] + out[1] - 1.0).abs() < 1e-12);
    // A valid hand wins outright: seat 1 takes the upcard 4S into 2H 3H 4C 5D KC and keeps
    // 2H 3H 4C 5D 4S (target 2).
    let mut g = deal("5S 3D 7D", "2H 3H 4C 5D KC", "KD QD JD 9S 8C", "4S");
    g.apply(Action::DrawDiscard);
    g.apply(Action::Discard("KC".parse().unwrap()));
    assert!(g.valid(1));
    assert!(!g.valid(0), "{:?}", g.hand(0));
    assert!(g.win_chances(&mut out));
    assert_eq!((out[0], out[1]), (0.0, 1.0));
}

/// Seat 1 (target 2) took the upcard 4S into 2H 3H 4C 5D KC and threw KC, keeping the valid
/// 2H 3H 4C 5D 4S (2 + 3 - 4 + 5 - 4). Seat 0's sample with that five explains the discard
/// (greedy keeps a valid five: weight near 1); a sample where seat 1 holds QH 3H AH AC 7C,
/// which KC would have made valid (-13 + 12 + 3 + 1 - 1 = 2), does not (weight near 0); a
/// sample with five where KC fits nothing lies between.
#[test]
fn a_sample_is_weighed_by_the_last_discard() {
    let mut g = deal("5S 3D 7D", "2H 3H 4C 5D KC", "KD QD JD 9S 8C", "4S");
    g.apply(Action::DrawDiscard);
    g.apply(Action::Discard("KC".parse().unwrap()));
    let v = g.view(0);
    let real = BrokenLadder::explain(&v, &g);
    assert!(real > 0.99, "{real}");
    let mut a = g.clone();
    a.hands[1] = Hand::from_slice(&cards("QH 3H AH AC 7C"));
    let wa = BrokenLadder::explain(&v, &a);
    assert!(wa < 1e-9, "{wa}");
    let mut b = g.clone();
    b.hands[1] = Hand::from_slice(&cards("6H 6C 10D 10S 8D"));
    let wb = BrokenLadder::explain(&v, &b);
    assert!(wb > 1e-3 && wb < 0.99, "{wb}");
    // Before anyone has played there is nothing to explain.
    let g = deal("5S 3D 7D", "2H 3H 4C 5D KC", "KD QD JD 9S 8C", "4S");
    assert_eq!(BrokenLadder::explain(&g.view(1), &g), 1.0);
}
