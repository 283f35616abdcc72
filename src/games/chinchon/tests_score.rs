//! Chinchón: matches (elimination, the chinchón win) and the `score` command.

use super::*;

#[test]
fn elimination_and_match_end() {
    let r = Rules::default();
    let mut m = MatchProgress::new(3);
    let deal = |s: [i32; 3]| DealResult {
        end: 0,
        players: 3,
        scores: [s[0], s[1], s[2], 0, 0, 0, 0, 0],
        winners: SeatMask::EMPTY,
        turns: 5,
    };
    Chinchon::match_add(&r, &mut m, &deal([101, 50, 2]));
    assert_eq!(m.active, SeatMask(0b110));
    assert!(!Chinchon::match_over(&r, &m));
    Chinchon::match_add(&r, &mut m, &deal([0, 10, 120]));
    assert_eq!(m.active, SeatMask(0b010));
    assert!(Chinchon::match_over(&r, &m));
    assert_eq!(Chinchon::match_winners(&r, &m), SeatMask::one(1));
    let mut m = MatchProgress::new(2);
    Chinchon::match_add(&r, &mut m, &deal([110, 105, 0]));
    assert_eq!(
        m.active,
        SeatMask(0b11),
        "all over together: nobody eliminated"
    );
    assert!(Chinchon::match_over(&r, &m));
    assert_eq!(Chinchon::match_winners(&r, &m), SeatMask::one(1));
}

#[test]
fn score_command() {
    let r = Rules::default();
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let v = Chinchon::score_cli(&r, &args("1O 2O 3O 7C 7E 7B 4C")).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"unmatched": 4, "can_close": true, "combinations": [["1O", "2O", "3O"], ["7C", "7E", "7B"]]})
    );
    let v = Chinchon::score_cli(&r, &args("11B 12B CIRC 1B WILD 9C 9E 12O")).unwrap();
    assert_eq!(
        (v["unmatched"].as_u64(), v["discard"].as_str()),
        (Some(0), Some("12O"))
    );
    assert_eq!(v["can_close"], serde_json::json!(true));
    let v = Chinchon::score_cli(&r, &args("1O 5O 9O 3C 7C 11E 12B")).unwrap();
    assert_eq!(
        (v["unmatched"].as_u64(), v["can_close"].as_bool()),
        (Some(48), Some(false))
    );
    assert!(Chinchon::score_cli(&r, &args("1O 2O")).is_err());
    assert!(
        Chinchon::score_cli(&r, &args("1O 2O 3O 4O 5O 6O 13O"))
            .unwrap_err()
            .contains("bad card")
    );
    assert!(
        Chinchon::score_cli(&r, &args("1O 1O 1O 4O 5O 6O 7O"))
            .unwrap_err()
            .contains("too many 1O (3)")
    );
}

/// A hand grows past 8 cards only by `DRAW`s: `score` takes up to 12 (issue 13 item 14),
/// gives the best discard and what is left, and the whole hand's arrangement; it refuses
/// positions no shoe holds, in one line.
#[test]
fn score_takes_grown_hands_and_refuses_impossible_ones() {
    let r = Rules::default();
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let v = Chinchon::score_cli(&r, &args("1O 2O 3O 4O 7C 7E 7B 9B 9C 12E 12B")).unwrap();
    assert_eq!(v["discard"], "12E");
    assert_eq!(v["unmatched"], 9 + 9 + 12);
    assert_eq!(v["whole_hand"]["unmatched"], 9 + 9 + 12 + 12);
    assert_eq!(v["combinations"].as_array().unwrap().len(), 2);
    let v = Chinchon::score_cli(&r, &args("1O 2O 3O 4O 5O 6O 7O 8O 9O 10O 11O 12O")).unwrap();
    assert_eq!(
        (v["unmatched"].as_u64(), v["discard"].as_str()),
        (Some(0), Some("12O"))
    );
    let v = Chinchon::score_cli(&r, &args("5O 5C 5E DRAW SKIP 1B 2B 3B 9E")).unwrap();
    assert_eq!(
        (v["unmatched"].as_u64(), v["discard"].as_str()),
        (Some(19), Some("DRAW"))
    );
    for (hand, want) in [
        ("1O 2O 3O 4O 5O 6O", "got 6"),
        ("1O 2O 3O 4O 5O 6O 7O 8O 9O 10O 11O 12O 1C", "got 13"),
        ("WILD WILD WILD WILD WILD 1O 2O", "too many WILD (5)"),
        ("7C 7C 7C 1O 2O 3O 4O", "too many 7C (3)"),
    ] {
        let e = Chinchon::score_cli(&r, &args(hand)).unwrap_err();
        assert!(e.contains(want) && !e.contains('\n'), "{hand}: {e}");
    }
    let e = Chinchon::score_cli(&Rules::classic(), &args("WILD 1O 2O 3O 4O 5O 6O")).unwrap_err();
    assert!(e.contains("holds 0"), "{e}");
}

/// A closer's hand with every card worth points and none left unmatched is arranged alike
/// counting the cards' points or 1 point each (so the close scoring needs one search, not
/// two), from its kept list and from scratch.
#[test]
fn clean_hands_arrange_alike_with_ones() {
    use crate::games::chinchon::arrange::{HAND_CAP, arrange, arrange_listed};
    use crate::games::chinchon::cards::{crowded_rules, test_deck};
    let r = crowded_rules();
    let (pt, mut deck) = test_deck(&r);
    let mut rng = GameRng::new(17, 3);
    let mut clean = 0;
    for round in 0..200_000 {
        deck.shuffle(&mut rng);
        // Hands of two suits and the specials, so that many are all matched.
        let n = 7 + round % 3;
        let narrow: Vec<Card> = deck
            .as_slice()
            .iter()
            .copied()
            .filter(|c| c.index() >= 24)
            .take(n)
            .collect();
        let hand = &narrow[..];
        let pts: Vec<u16> = hand.iter().map(|x| pt[x.index() as usize]).collect();
        if pts.contains(&0) {
            continue;
        }
        let list = ComboList::of(hand);
        let (mut a, mut b) = ([0u16; HAND_CAP / 3], [0u16; HAND_CAP / 3]);
        let (u, k) = arrange_listed(hand, &pts, Some(&list), &mut a);
        if u != 0 {
            continue;
        }
        let ones = [1u16; HAND_CAP];
        assert_eq!(
            arrange_listed(hand, &ones[..n], Some(&list), &mut b),
            (0, k)
        );
        assert_eq!(a, b, "{hand:?}");
        assert_eq!(arrange(hand, &ones[..n], &mut b), (0, k));
        assert_eq!(a, b, "{hand:?}");
        clean += 1;
    }
    assert!(clean > 200, "{clean}");
}
