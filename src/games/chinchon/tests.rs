//! Tests of Chinchón: here the shared helpers (card text, a reference validity check, stacked
//! decks) and scripted deals (every action card, closing, the chinchón switch, the empty
//! stock); by topic in the `tests_*.rs` files beside it: the arrangement search, the invariant
//! harness, matches and `score`, deal ends and trace text, the determinizer, lay-offs, bots.

use super::cards::shoe;
use super::*;
use crate::cards::{Card, GameRng};
use crate::game::{Rules as _, Table};
use crate::sim::{Quiet, deal_rngs, play_deal};

fn c(s: &str) -> Card {
    parse_card(s).unwrap()
}

fn cs(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

fn pts(r: &Rules, cards: &[Card]) -> Vec<u16> {
    cards.iter().map(|&x| cards::points(r, x)).collect()
}

/// A reference validity check, written independently: groups by counting, runs by trying
/// every arc of the 13-slot ring and placing each card.
fn naive_valid(cards: &[Card]) -> bool {
    let wilds = cards.iter().filter(|&&x| x == WILD).count();
    let rest: Vec<Card> = cards.iter().copied().filter(|&x| x != WILD).collect();
    if wilds > 1 || cards.len() < 3 || rest.iter().any(|&x| x.index() >= 50) {
        return false;
    }
    let slot = |x: Card| {
        if x == CIRC {
            12
        } else {
            x.index() as usize % 12
        }
    };
    let suit = |x: Card| x.index() / 12;
    let all_circ = rest.iter().all(|&x| x == CIRC);
    let same_num = rest.iter().all(|&x| x != CIRC && slot(x) == slot(rest[0]));
    if cards.len() <= 4 && (all_circ || same_num) {
        return true;
    }
    let nums: Vec<Card> = rest.iter().copied().filter(|&x| x != CIRC).collect();
    if nums.iter().any(|&x| suit(x) != suit(nums[0])) || cards.len() > 13 {
        return false;
    }
    (0..13).any(|start| {
        let arc: Vec<usize> = (0..cards.len()).map(|k| (start + k) % 13).collect();
        let mut used = [false; 13];
        for &x in &rest {
            let s = slot(x);
            if !arc.contains(&s) || used[s] {
                return false;
            }
            used[s] = true;
        }
        true
    })
}

/// A deck that deals `hands` (by seat, dealer 0, counter-clockwise from seat players-1),
/// then `up` as the upcard, then `stock` from the top; the rest of the shoe follows.
fn stacked(r: &Rules, hands: &[&str], up: &str, stock: &str) -> Vec<Card> {
    let n = hands.len();
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cs(h)).collect();
    let mut deck = Vec::new();
    for k in 0..7 {
        deck.extend(hands.iter().rev().map(|h| h[k]));
    }
    deck.push(c(up));
    deck.extend(cs(stock));
    let mut rest = shoe(r, n);
    for &x in &deck {
        assert!(rest.remove(x), "too many {}", name(x));
    }
    for (x, k) in rest.iter() {
        deck.extend(std::iter::repeat_n(x, k as usize));
    }
    deck
}

fn game(r: &Rules, hands: &[&str], up: &str, stock: &str) -> Chinchon {
    let deck = stacked(r, hands, up, stock);
    Chinchon::from_deck(r, &Table::first(hands.len()), &deck, GameRng::new(1, 1))
}

fn legal(g: &Chinchon) -> Vec<Action> {
    let mut out = ActionList::new();
    g.legal_actions(&mut out);
    out.to_vec()
}

const H3: [&str; 3] = [
    "1C 2C 3C 4C 5C 6C 7C",
    "1E 2E 3E 4E 5E 6E 7E",
    "1O 2O 3O DRAW SKIP REV 9B",
];

#[test]
fn draw_card_makes_the_next_player_draw_and_lose_its_turn() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B 11B");
    assert_eq!(g.to_act(), Some(2), "the dealer's right starts");
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(DRAW));
    assert_eq!(g.hands[1].len(), 8);
    assert_eq!(g.hands[1].as_slice()[7], c("11B"));
    assert_eq!((g.to_act(), g.turns), (Some(0), 1));
}

#[test]
fn skip_and_reverse() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B 11B");
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(SKIP));
    assert_eq!((g.to_act(), g.hands[1].len()), (Some(0), 7));
    let mut g = game(&r, &H3, "8B", "10B 11B");
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(REV));
    assert_eq!(g.to_act(), Some(0), "clockwise now");
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(c("7C")));
    assert_eq!(g.to_act(), Some(1));
}

#[test]
fn reverse_with_two_players() {
    let hands = ["1C 2C 3C 4C 5C 6C 7C", "1O 2O 3O DRAW SKIP REV 9B"];
    for (sw, next) in [("nothing", 0), ("skip", 1)] {
        let mut r = Rules::default();
        r.set("reverse_two_players", sw).unwrap();
        let mut g = game(&r, &hands, "8B", "10B");
        assert_eq!(g.to_act(), Some(1));
        g.apply(Action::DrawStock);
        g.apply(Action::Discard(REV));
        assert_eq!(g.to_act(), Some(next), "{sw}");
    }
}

#[test]
fn special_cards_cannot_be_taken_from_the_discards() {
    let r = Rules::default();
    for up in ["WILD", "CIRC", "DRAW"] {
        let g = game(&r, &H3, up, "10B");
        assert_eq!(legal(&g), vec![Action::DrawStock], "{up}");
    }
    let g = game(&r, &H3, "8B", "10B");
    assert_eq!(legal(&g), vec![Action::DrawStock, Action::DrawDiscard]);
}

#[test]
fn closing_scores_and_lay_offs() {
    let r = Rules::default();
    let hands = [
        "3C 8O 9O 12O 1C 10E 12B",
        "4O 5O 7C 7E 7B 10C 11C",
        "1O 2O 3O 4E 5E 6E 9B",
    ];
    let mut g = game(&r, &hands, "8B", "2C");
    g.apply(Action::DrawStock);
    let l = legal(&g);
    assert!(
        l.contains(&Action::Close(c("9B"))) && !l.contains(&Action::Close(c("2C"))),
        "{l:?}"
    );
    g.apply(Action::Close(c("9B")));
    assert_eq!(g.to_act(), None);
    let res = g.result();
    assert_eq!(&res.scores[..3], &[55, 21, 2]);
    assert_eq!(res.winners, SeatMask::one(2));
    assert_eq!(res.turns, 1);
    assert_eq!(g.close.laid_off[1], 2);
}

#[test]
fn minus_ten_close_forbids_lay_offs() {
    let r = Rules::default();
    let hands = [
        "3C 8O 9O 12O 1C 10E 12B",
        "4O 5O 7C 7E 7B 10C 11C",
        "1O 2O 3O 4E 5E 6E 9B",
    ];
    let mut g = game(&r, &hands, "8B", "3E");
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("9B")));
    let res = g.result();
    assert_eq!(&res.scores[..3], &[55, 4 + 5 + 10 + 11, -10]);
    assert!(g.close.minus_ten && !g.close.chinchon);
    assert_eq!(Chinchon::END_REASONS[res.end as usize].name, "closed");
}

#[test]
fn chinchon_switch() {
    let hands = [
        "3C 8O 9O 12O 1C 10E 12B",
        "4E 5E 7C 7E 7B 10C 11C",
        "1O 2O 3O 4O 5O 6O 9B",
    ];
    for (sw, want) in [
        ("none", -10),
        ("-25", -25),
        ("-50", -50),
        ("win", CHINCHON_WIN),
    ] {
        let mut r = Rules::default();
        r.set("chinchon", sw).unwrap();
        let mut g = game(&r, &hands, "8B", "7O");
        g.apply(Action::DrawStock);
        g.apply(Action::Close(c("9B")));
        assert!(g.close.chinchon);
        let res = g.result();
        assert_eq!(res.scores[2], want, "{sw}");
        let mut m = MatchProgress::new(3);
        Chinchon::match_add(&r, &mut m, &res);
        assert_eq!(Chinchon::match_over(&r, &m), sw == "win", "{sw}");
    }
}

#[test]
fn empty_stock_reshuffles_the_discards_but_the_top() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B");
    while let Some(x) = g.stock.pop() {
        g.discard.push(x);
    }
    let top = g.discard.top().unwrap();
    let n = g.discard.len();
    g.apply(Action::DrawStock);
    assert_eq!(
        (g.discard.len(), g.discard.top(), g.stock.len()),
        (1, Some(top), n - 2)
    );
    crate::game::check::check_state(&g, 3).unwrap();
}

#[test]
fn close_limit_and_point_switches() {
    let hands = [
        "3C 8O 9O 12O 1C 10E 12B",
        "4O 5O 7C 7E 7B 10C 11C",
        "1O 2O 3O 4E 5E 6E 9B",
    ];
    let mut r = Rules::default();
    r.set("close_limit", "1").unwrap();
    let mut g = game(&r, &hands, "8B", "2C");
    g.apply(Action::DrawStock);
    assert!(
        !legal(&g).iter().any(|a| matches!(a, Action::Close(_))),
        "2 points left, limit 1"
    );
    let mut r = Rules::default();
    r.set("wild_points", "0").unwrap();
    r.set("action_points", "3").unwrap();
    r.set("circ_points", "7").unwrap();
    let hand = cs("WILD WILD DRAW CIRC 1O 5C 9E");
    let mut out = [0u16; 4];
    assert_eq!(
        arrange::arrange(&hand, &pts(&r, &hand), &mut out).0,
        3 + 5 + 9,
        "WILD CIRC 1O is a run"
    );
}

#[test]
fn draw_against_a_full_hand_only_skips() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B 11B 12B 1B 2B");
    for _ in 0..4 {
        let x = g.stock.pop().unwrap();
        g.hands[1].push(x);
    }
    assert_eq!(g.hands[1].len(), HAND_CAP - 1);
    g.apply(Action::DrawStock);
    let line = g.describe(Action::Discard(DRAW));
    g.apply(Action::Discard(DRAW));
    assert_eq!((g.hands[1].len(), g.to_act()), (HAND_CAP - 1, Some(0)));
    assert_eq!(
        line,
        "seat 2 discards DRAW: seat 1 loses its turn (no card to draw)"
    );
    assert!(
        g.render()
            .contains("last action card: seat 1 loses its turn (no card to draw)"),
        "{}",
        g.render()
    );
    crate::game::check::check_state(&g, 3).unwrap();
}

#[path = "tests_arrange.rs"]
mod arranging;

#[path = "tests_harness.rs"]
mod harness;

#[path = "tests_score.rs"]
mod score;

#[path = "tests_ends.rs"]
mod ends;

#[path = "tests_determinize.rs"]
mod determinize;

#[path = "tests_layoff.rs"]
mod layoff;

#[path = "tests_bots.rs"]
mod bots;

#[path = "tests_prev.rs"]
mod prev;

#[path = "tests_turn.rs"]
mod turn;

#[path = "tests_now.rs"]
mod now;

#[path = "tests_search.rs"]
mod search_hooks;

#[path = "tests_trace.rs"]
mod trace;

#[path = "tests_counts.rs"]
mod counts;
