//! Chinchón: the deal ends that are not a close (the turn cap, a blocked stock), a DRAW at a
//! table of two, on stacked decks; what a view prints; greedy without the legal list.

use super::*;
use crate::game::check::skipping_the_legal_list;
use crate::strategy::{Strategy, build, resolve};

#[test]
fn the_turn_cap_ends_the_deal_with_no_winner() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B 11B");
    g.turns = MAX_TURNS - 1;
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(c("9B")));
    assert_eq!((g.end, g.to_act()), (End::Capped, None));
    let res = g.result();
    assert_eq!(Chinchon::END_REASONS[res.end as usize].name, "turn-cap");
    assert!(res.winners.is_empty(), "{res:?}");
    assert_eq!(res.scores[..3], [0, 0, 0]);
}

#[test]
fn a_draw_card_at_a_table_of_two_gives_the_player_another_turn() {
    let r = Rules::default();
    let hands = ["1C 2C 3C 4C 5C 6C 7C", "1O 2O 3O DRAW SKIP REV 9B"];
    let mut g = game(&r, &hands, "8B", "10B 11B");
    assert_eq!(
        g.to_act(),
        Some(1),
        "with two players the dealer's right is seat 1"
    );
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(DRAW));
    assert_eq!(
        g.hands[0].len(),
        8,
        "seat 0 drew one card and lost its turn"
    );
    assert_eq!(g.to_act(), Some(1));
    // Everyone sees the hand sizes, and only its own hand.
    let v = g.view(1);
    assert_eq!((v.hand_size(0), v.hand_size(1), v.hand.len()), (8, 7, 7));
}

#[test]
fn an_empty_stock_under_a_special_card_blocks_the_deal() {
    let r = Rules::default();
    let hands = [
        "1C 2C 3C 4C 5C 6C 7C",
        "1E 2E 3E 4E 5E 6E 7E",
        "1O 2O 3O WILD SKIP REV 9B",
    ];
    let mut g = game(&r, &hands, "8B", "10B");
    // Leave one stock card and no discards: nothing to reshuffle once it is drawn.
    let last = g.stock.pop().unwrap();
    g.stock.clear();
    g.stock.push(last);
    g.discard.clear();
    assert_eq!(g.to_act(), Some(2));
    g.apply(Action::DrawStock);
    assert_eq!(g.hands[2].len(), 8);
    g.apply(Action::Discard(WILD));
    // The next player can neither draw (no stock, one discard) nor take the WILD.
    assert_eq!((g.end, g.to_act()), (End::Blocked, None));
    let res = g.result();
    assert_eq!(Chinchon::END_REASONS[res.end as usize].name, "blocked");
    assert!(res.winners.is_empty(), "{res:?}");
}

#[test]
fn a_view_prints_only_what_its_seat_sees() {
    let r = Rules::default();
    let other = [H3[0], "1E 2E 3E 4E 5E 6E 8E", H3[2]];
    let (a, b) = (
        game(&r, &H3, "8B", "10B 11B"),
        game(&r, &other, "8B", "10B 11B"),
    );
    // Seat 1's hand differs; seats 0 and 2 see the same table.
    for seat in [0, 2] {
        let (x, y) = (format!("{:?}", a.view(seat)), format!("{:?}", b.view(seat)));
        assert_eq!(x, y);
        assert!(x.contains("hand_sizes: [7, 7, 7]"), "{x}");
    }
    assert_ne!(format!("{:?}", a.view(1)), format!("{:?}", b.view(1)));
}

/// `greedy` and `patient` decide from the view alone: skipping the legal list, they play
/// the same deals as when they read it, at two to six seats, with and without action cards.
#[test]
fn greedy_plays_the_same_without_the_legal_list() {
    let classic = Rules::classic();
    for bot in ["greedy", "patient"] {
        let spec = resolve::<Chinchon>(bot).unwrap();
        let make = || build::<Chinchon>(&spec) as Box<dyn Strategy<Chinchon>>;
        for (r, players) in [(Rules::default(), 4), (Rules::default(), 2), (classic, 3)] {
            let rep = skipping_the_legal_list(&r, players, 150, 6, &make).unwrap();
            assert!(rep.asked_reading > 2_000, "{bot} at {players}: {rep:?}");
        }
        let rep = skipping_the_legal_list(&Rules::default(), 6, 60, 6, &make).unwrap();
        assert!(rep.asked_reading > 1_000, "{bot} at 6: {rep:?}");
    }
}

/// The text trace gives the stock left after each draw (the count a player sees next), says
/// when the discards became the stock, and what each action card did (issue 13 item 13).
#[test]
fn trace_lines_count_the_stock_after_the_draw_and_show_action_cards() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B 11B 12B");
    let stock = g.stock.len();
    let step = |g: &mut Chinchon, a: Action| {
        let line = g.describe(a);
        g.apply(a);
        line
    };
    let left = |n: usize| format!("({n} left)");
    assert_eq!(
        step(&mut g, Action::DrawStock),
        format!("seat 2 draws from the stock {}", left(stock - 1))
    );
    assert_eq!(
        step(&mut g, Action::Discard(DRAW)),
        format!(
            "seat 2 discards DRAW: seat 1 draws a card {} and loses its turn",
            left(stock - 2)
        )
    );
    assert_eq!(
        step(&mut g, Action::DrawStock),
        format!("seat 0 draws from the stock {}", left(stock - 3))
    );
    assert_eq!(step(&mut g, Action::Discard(c("7C"))), "seat 0 discards 7C");
    step(&mut g, Action::DrawStock);
    assert_eq!(
        step(&mut g, Action::Discard(REV)),
        "seat 2 discards REV: play turns clockwise"
    );
    assert!(
        g.render()
            .contains("last action card: play turns clockwise")
    );
    step(&mut g, Action::DrawStock);
    step(&mut g, Action::Discard(c("6C")));
    step(&mut g, Action::DrawStock);
    step(&mut g, Action::Discard(c("7E")));
    step(&mut g, Action::DrawStock);
    assert_eq!(
        step(&mut g, Action::Discard(SKIP)),
        "seat 2 discards SKIP: seat 0 loses its turn"
    );
    // An empty stock: the next draw reshuffles the discards but the top.
    while let Some(x) = g.stock.pop() {
        g.discard.push(x);
    }
    let n = g.discard.len();
    assert_eq!(
        step(&mut g, Action::DrawStock),
        format!(
            "seat 1 draws from the stock, made of the discards but the top {}",
            left(n - 2)
        )
    );
}
