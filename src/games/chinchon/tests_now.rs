//! Chinchón: who leads mid-deal (`Game::result_now`), on positions worked out by hand.

use super::*;

/// Seat 0 holds 1O 2O 3O / 7C 7E 7B and a `DRAW` (10 points); seat 1 holds 1C 2C 3C / 5E 5O
/// 5B and 12E (12 points). Seat 1 starts: it leads only once it holds a card that lets it
/// drop the 12E.
#[test]
fn the_least_unmatched_points_lead_and_the_discarding_seat_counts_its_best_discard() {
    let r = Rules::default();
    let hands = ["1O 2O 3O 7C 7E 7B DRAW", "1C 2C 3C 5E 5O 5B 12E"];
    let mut g = game(&r, &hands, "9E", "1E 11B");
    assert_eq!(g.to_act(), Some(1));
    let now = g.result_now();
    assert_eq!(now.scores[..2], [10, 12]);
    assert_eq!(now.winners.iter().collect::<Vec<_>>(), [0]);
    // Seat 1 draws 1E: 8 cards, of which its best discard (12E) keeps 1 point.
    g.apply(Action::DrawStock);
    let now = g.result_now();
    assert_eq!(now.scores[..2], [10, 1]);
    assert_eq!(now.winners.iter().collect::<Vec<_>>(), [1]);
    assert_eq!(now.turns, 0);
    // It discards the 1E instead: 12 points again, and seat 0 leads.
    g.apply(Action::Discard(c("1E")));
    let now = g.result_now();
    assert_eq!(now.scores[..2], [10, 12]);
    assert_eq!(now.winners.iter().collect::<Vec<_>>(), [0]);
    assert_eq!(now.turns, 1);
    // Seat 0 draws 11B: dropping the DRAW or the 11B leaves 10 or 11; the best is 10.
    g.apply(Action::DrawStock);
    assert_eq!(g.result_now().scores[..2], [10, 12]);
}

/// Equal points share the lead; a hand with nothing matched counts every card; a seat out
/// of the match neither scores nor leads.
#[test]
fn ties_share_the_lead_and_sitting_out_seats_do_not_count() {
    let r = Rules::default();
    let hands = [
        "1O 2O 3O 7C 7E 7B 12B",
        "1C 2C 3C 5E 5O 5B 12E",
        "1B 4E 9B 10O 11C 6C 2E",
    ];
    let g = game(&r, &hands, "9E", "1E");
    let now = g.result_now();
    assert_eq!(now.scores[..3], [12, 12, 1 + 4 + 9 + 10 + 11 + 6 + 2]);
    assert_eq!(now.winners.iter().collect::<Vec<_>>(), [0, 1]);

    // Seat 0 out of the match: its empty hand would read 0, the lowest, but it does not
    // lead (the deal goes to seats 2 and 1 only).
    let mut t = Table::first(3);
    t.active = crate::game::SeatMask(0b110);
    let deck = stacked(&r, &hands[1..], "9E", "1E");
    let g = Chinchon::from_deck(&r, &t, &deck, GameRng::new(1, 1));
    assert_eq!(g.hands[1].len(), 7);
    let now = g.result_now();
    assert_eq!(now.scores[..3], [0, 12, 43]);
    assert_eq!(now.winners.iter().collect::<Vec<_>>(), [1]);
}

/// Once the deal is over the reading is the result itself.
#[test]
fn after_the_close_the_reading_is_the_result() {
    let r = Rules::default();
    let hands = ["1O 2O 3O 7C 7E 7B DRAW", "1C 2C 3C 5E 5O 5B 12E"];
    let mut g = game(&r, &hands, "9E", "2E");
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("12E")));
    assert_eq!(g.result_now(), g.result());
    assert_eq!(g.result().scores[..2], [10, 2]);
}
