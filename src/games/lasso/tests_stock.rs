//! Lasso: the empty stock (end or reshuffle), on stacked decks.

use super::*;

#[test]
fn empty_stock_reshuffles_the_pile_bottoms() {
    let mut r = LassoRules::default();
    r.set("empty_stock", "reshuffle").unwrap();
    let mut g = after_setup(&r, "");
    dry_stock(&mut g, "");
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Stock);
    // 9C and 4H (below the tops) became the stock; one of them is now in seat 1's hand
    assert_eq!(
        (g.stock.len(), g.piles[0].len(), g.piles[1].len()),
        (1, 1, 1)
    );
    assert!(g.hands[1].contains(c("9C")) || g.hands[1].contains(c("4H")));
    assert_eq!(g.phase, Phase::Discard);
    // nothing left to reshuffle (every pile is a lone top): the round ends
    dry_stock(&mut g, "");
    play(&mut g, Action::Blind(0));
    assert!(g.to_act().is_none());
}

#[test]
fn a_reshuffle_keeps_the_card_under_a_face_down_top() {
    let mut r = LassoRules::default();
    r.set("empty_stock", "reshuffle").unwrap();
    let mut g = after_setup(&r, "");
    dry_stock(&mut g, "");
    play(&mut g, Action::Reveal(1));
    // Pretend pile 0's top went down face down: its reveal must still be able to mismatch.
    g.down[0] = true;
    let under = g.piles[0].as_slice()[0];
    play(&mut g, Action::Stock);
    assert_eq!(
        (g.piles[0].len(), g.piles[1].len(), g.stock.len()),
        (2, 1, 0)
    );
    assert_eq!(g.piles[0].as_slice()[0], under);
}
