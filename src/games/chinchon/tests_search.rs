//! Chinchón's search hook (`search.rs`): the weight a sample gets from the other seat's last
//! discard, on a position worked out by hand.

use super::super::combos::ComboList;
use super::*;
use crate::cards::Pile;

/// Seat 1 starts, draws 1E and throws 12E; seat 0 is to draw. In the real deal seat 1 holds
/// 1C 2C 3C 5E 5O 5B 1E, where 12E fits nothing: weight 1. A sample giving seat 1 10E 11E
/// (with 2C 3C 5E 5O 5B) has it throw the card that made 10E-11E-12E: one combination, weight
/// [`super::super::search::KEPT`]. With 9E 10E 11E: 10E-11E-12E and 9E-10E-11E-12E, two.
#[test]
fn a_sample_is_weighed_by_the_combinations_the_thrown_card_made() {
    let r = Rules::default();
    let hands = ["1O 2O 3O 7C 7E 7B 12B", "1C 2C 3C 5E 5O 5B 12E"];
    let mut g = game(&r, &hands, "9B", "1E 11B");
    assert_eq!(Chinchon::explain(&g.view(1), &g), 1.0);
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(c("12E")));
    assert_eq!(g.to_act(), Some(0));
    let v = g.view(0);
    assert_eq!(Chinchon::explain(&v, &g), 1.0);
    let kept = super::super::search::KEPT;
    for (hand, n) in [("10E 11E 2C 3C 5E 5O 5B", 1), ("9E 10E 11E 3C 5E 5O 5B", 2)] {
        let mut s = g.clone();
        s.hands[1] = Pile::from_slice(&cs(hand));
        s.combos[1] = ComboList::of(s.hands[1].as_slice());
        let w = Chinchon::explain(&v, &s);
        assert!((w - kept.powi(n)).abs() < 1e-12, "{hand}: {w}");
    }
}
