//! `result_now` (`lead.rs`) on stacked positions computed by hand: the most outs in the
//! stock lead, the rank limit removes outs, a valid hand leads in turn order, and a deal
//! that has ended reads as its result.

use super::*;
use crate::cards::Card;
use crate::game::{Game, SeatMask, Table};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

/// Two players, one pack, dealt as `head`, the Starters (seat 1's first: seat 0 deals),
/// then the hands one card at a time (seat 1's first), then the upcard.
fn deal(rules: &Rules, head_starters: &str, seat1: &str, seat0: &str, up: &str) -> BrokenLadder {
    let mut deck = cards(head_starters);
    for (a, b) in cards(seat1).into_iter().zip(cards(seat0)) {
        deck.extend([a, b]);
    }
    deck.extend(cards(up));
    let g = BrokenLadder::from_deck(rules, &Table::first(2), &deck);
    assert_eq!(g.hand(1).as_slice(), cards(seat1).as_slice());
    g
}

/// Head 5S, Starters 3D (seat 1: target 5 - 3 = 2) and 7D (seat 0: target -2).
/// Seat 1, AC 3S 3C 4H 9D (sum +6, need -4): AC by a -5 (5C; 5S is the Head), a 3 by a -7
/// (7C, 7S; the two 3s need the same card: once), 4H by 0 (none), 9D by a +5 (5D, 5H):
/// 5 outs, all in the stock. Seat 0, KC QD QH 9S 8C (sum -6, need +4): KC by a -9 (9C;
/// 9S is its own), a Q by +16 (none), 9S by a -5 (5C), 8C by a -4 (4C, 4S): 4 outs.
#[test]
fn the_most_outs_in_the_stock_lead() {
    let g = deal(
        &Rules::default(),
        "5S 3D 7D",
        "AC 3S 3C 4H 9D",
        "KC QD QH 9S 8C",
        "2H",
    );
    let stock = g.stock_values();
    assert_eq!(stock.iter().map(|&n| n as usize).sum::<usize>(), 52 - 14);
    assert_eq!(
        (g.best_outs(1, &stock), g.best_outs(0, &stock)),
        ((5, -4), (4, -4))
    );
    let r = g.result_now();
    assert_eq!(
        (r.winners, r.scores[..2].to_vec()),
        (SeatMask::one(1), vec![0, 0])
    );
    // After a stock draw seat 1 holds six cards and counts the best five it could keep:
    // at least the five it held (5 outs, gap 4), still ahead of seat 0.
    let mut g = g;
    g.apply(Action::DrawStock);
    assert_eq!(g.hand(1).len(), 6);
    assert!(g.best_outs(1, &g.stock_values()) >= (5, -4));
    assert_eq!(g.result_now().winners, SeatMask::one(1));
}

/// Head 5H, Starters 3D (seat 1: target 2) and KC (seat 0: target -8). Seat 1, 5C 5S 2H 4H
/// 3H (sum -1, need +3): a 5 by -2 (2C, 2S: 2, counted once), 2H by +5 (5D; the Head is 5H:
/// 1, but a third 5 breaks the rank limit: 0 with it), 4H by +7 (7D, 7H: 2), 3H by +6 (6D,
/// 6H: 2): 6 outs with the limit, 7 without. Seat 0, QC QS JC JS TC (need +48): none.
#[test]
fn the_rank_limit_removes_outs() {
    let hands = ("5H 3D KC", "5C 5S 2H 4H 3H", "QC QS JC JS TC", "9S");
    for (limit, outs) in [(Some(2), 6), (None, 7)] {
        let rules = Rules {
            rank_limit: limit,
            ..Rules::default()
        };
        let g = deal(&rules, hands.0, hands.1, hands.2, hands.3);
        let stock = g.stock_values();
        assert_eq!(g.best_outs(1, &stock), (outs, -3), "{limit:?}");
        assert_eq!(g.best_outs(0, &stock), (0, -48));
        assert_eq!(g.result_now().winners, SeatMask::one(1));
    }
}

/// Head 5H, Starters 3D (seat 1: target 2) and 7D (seat 0: target -2). Both hands are
/// valid: seat 1 AH 2H 6H 4C 3S (1 + 2 + 6 - 4 - 3 = 2), seat 0 AC 2C 6C 4H 3H
/// (-1 - 2 - 6 + 4 + 3 = -2). Seat 1 acts first and lays down first: it leads alone, scored 10 x 16
/// against seat 0's 16. Once it has drawn (six cards) seat 0 lays down before it.
#[test]
fn a_valid_hand_leads_in_turn_order() {
    let g = deal(
        &Rules::default(),
        "5H 3D 7D",
        "AH 2H 6H 4C 3S",
        "AC 2C 6C 4H 3H",
        "KS",
    );
    assert!(g.valid(0) && g.valid(1));
    assert_eq!(g.to_act(), Some(1));
    let r = g.result_now();
    assert_eq!(
        (r.winners, r.scores[..2].to_vec()),
        (SeatMask::one(1), vec![16, 160])
    );
    let mut g = g;
    g.apply(Action::DrawStock);
    let r = g.result_now();
    assert_eq!(r.winners, SeatMask::one(0));
    // Seat 1 holds six cards: scored on its five lowest (the least it can keep).
    let six = g.hand(1).points();
    let high = g
        .hand(1)
        .as_slice()
        .iter()
        .map(|&c| number(c))
        .max()
        .unwrap();
    assert_eq!(r.scores[..2].to_vec(), vec![160, six - high]);
    // Laid down: the reading is the result.
    g.apply(Action::Discard(*g.hand(1).as_slice().last().unwrap()));
    g.apply(Action::LayDown);
    assert_eq!(g.result_now(), g.result());
    assert_eq!(g.result().winners, SeatMask::one(0));
}
