//! Chinchón: exact lay-offs at the close (the best target and order for each loose card) and
//! the choice, among a non-closer's equally good arrangements, of the one that lays off best.

use super::*;

/// Seed 2049 deal 0 (greedy and random): seat 0 closes with [3O 3E WILD] [CIRC 1B 2B]; seat
/// 3 holds 3B and 4B. 3B on the 3s (then 4B fits nowhere) leaves 42; 3B then 4B on the run
/// leaves 38.
#[test]
fn a_loose_card_goes_where_the_lay_off_sheds_most() {
    let r = Rules::default();
    let hands = [
        "1E 7B DRAW 4B 10C REV 3B",
        "10E CIRC 6E WILD 12E 9O 4C",
        "4O 8O 5C 9C 2C 7O 2E",
        "CIRC 3O 5B 1B 3E WILD 2B",
    ];
    let mut g = game(&r, &hands, "9E", "12O");
    assert_eq!(g.to_act(), Some(3));
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("12O")));
    let res = g.result();
    assert_eq!(res.scores[0], 1 + 7 + 10 + 10 + 10, "{:?}", g.close);
    assert_eq!(g.close.laid_off[0], 2);
}

/// Seat 0 may lay down the 6s (loose 5C 7C, 12 points) or the run 5C 6C 7C (loose 6E 6B,
/// 12 points): only the second lays off (6E onto 3E 4E 5E, 6B onto 7B 8B 9B).
#[test]
fn a_non_closer_lays_down_the_arrangement_that_lays_off_best() {
    let r = Rules::default();
    let hands = [
        "5C 6C 7C 6E 6B 12C 11E",
        "1C 2C 3C 10O 10B 11B 12B",
        "3E 4E 5E 7B 8B 9B 1O",
    ];
    let mut g = game(&r, &hands, "9O", "12O");
    assert_eq!(g.to_act(), Some(2));
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("12O")));
    let res = g.result();
    assert_eq!(res.scores[2], 1);
    assert_eq!(res.scores[0], 12 + 11, "{:?}", g.close);
    assert_eq!(g.close.laid_off[0], 2);
}

/// Two loose cards that only fit one after the other (12B needs 11B first on 8B 9B 10B: the run
/// grows outwards) are both laid off, though the hand lists 12B first.
#[test]
fn lay_offs_that_need_an_order_are_found() {
    let r = Rules::default();
    let hands = [
        "12B 11B 9E 9C 1E 5O 1C",
        "1O 2O 3O 10O 10C 12C 12E",
        "8B 9B 10B 4E 5E 6E 2C",
    ];
    let mut g = game(&r, &hands, "9O", "3C");
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("3C")));
    let res = g.result();
    assert_eq!(res.scores[2], 2);
    // Seat 1 (next from the closer) lays off nothing; seat 0 lays 11B then 12B.
    assert_eq!(res.scores[0], 9 + 9 + 1 + 5 + 1, "{:?}", g.close);
}
