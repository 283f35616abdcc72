//! Golf: scripted deals (stacked decks), every switch, the invariant harness, matches, and
//! greedy against random.

use super::*;
use crate::cards::{Card, GameRng};
use crate::game::check::{deals_with, random_deals, random_matches, skipping_the_legal_list};
use crate::game::{ActionList, Game, Rules, Table};
use crate::strategy::{Params, Strategy, build, resolve};

pub(super) fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

pub(super) fn rules(kv: &[(&str, &str)]) -> GolfRules {
    let mut r = GolfRules::default();
    for (k, v) in kv {
        r.set(k, v).unwrap();
    }
    r
}

/// Two players, dealer 0: seat 0's grid, seat 1's grid, the discard, then the stock from the top.
pub(super) fn two_player(r: &GolfRules, stock: &str) -> Golf {
    let deck = cards(&format!("KS KH 5C 5D 9C 9D  3S 3H 7C 8D QC QD  4H {stock}"));
    Golf::from_deck(r, &Table::first(2), &deck, GameRng::new(1, 1))
}

/// As [`two_player`] with the rest of the shoe below the given stock cards.
pub(super) fn two_player_full(r: &GolfRules, stock: &str) -> Golf {
    two_player_custom(r, "KS KH 5C 5D 9C 9D", "3S 3H 7C 8D QC QD", "4H", stock)
}

/// Two players, dealer 0: the given grids, discard and top of the stock, the rest of the
/// shoe below.
pub(super) fn two_player_custom(r: &GolfRules, g0: &str, g1: &str, up: &str, stock: &str) -> Golf {
    let mut deck = cards(&format!("{g0} {g1} {up} {stock}"));
    let mut rest = state::fresh_shoe(r, 2).counts();
    deck.iter()
        .for_each(|&c| assert!(rest.remove(c), "{c} twice"));
    deck.extend(rest.iter().flat_map(|(c, n)| (0..n).map(move |_| c)));
    Golf::from_deck(r, &Table::first(2), &deck, GameRng::new(1, 1))
}

fn legal(g: &Golf) -> Vec<Action> {
    let mut b = ActionList::new();
    g.legal_actions(&mut b);
    b.to_vec()
}

pub(super) fn open_all(g: &mut Golf) {
    // Seat 1 (after the dealer) opens first, then seat 0.
    assert_eq!(g.to_act(), Some(1));
    for a in [
        Action::Flip(0),
        Action::Flip(1),
        Action::Flip(0),
        Action::Flip(3),
    ] {
        g.apply(a);
    }
    assert_eq!(g.phase, Phase::Draw);
    assert_eq!(g.to_act(), Some(1));
}

#[test]
fn opening_then_draw_and_swap_moves_the_old_card_to_the_discard() {
    let mut g = two_player(&GolfRules::default(), "2C 6C 6D");
    open_all(&mut g);
    assert_eq!(legal(&g), vec![Action::DrawStock, Action::DrawDiscard]);
    g.apply(Action::DrawDiscard);
    assert_eq!(legal(&g).len(), 6, "a discard must be swapped in");
    g.apply(Action::Swap(2)); // 4H replaces 7C
    assert_eq!(g.grids[1][2].to_string(), "4H");
    assert_eq!(g.discard.top().unwrap().to_string(), "7C");
    assert_eq!(g.up[1], 0b111);
    assert_eq!((g.to_act(), g.turns), (Some(0), 1));
    g.apply(Action::DrawStock);
    assert!(legal(&g).contains(&Action::Discard));
    g.apply(Action::Discard);
    assert_eq!(g.discard.top().unwrap().to_string(), "2C");
    assert_eq!(g.to_act(), Some(1));
}

#[test]
fn going_out_gives_every_other_player_one_final_turn() {
    let mut g = two_player(&GolfRules::default(), "2C 6C 6D 6H 6S 7S 7H 8S 8H");
    open_all(&mut g);
    // Seat 1 turns up positions 2..5 with stock cards (4 turns), seat 0 discards meanwhile.
    for p in 2..6 {
        g.apply(Action::DrawStock);
        g.apply(Action::Swap(p));
        if p < 5 {
            g.apply(Action::DrawStock);
            g.apply(Action::Discard);
        }
    }
    assert_eq!(g.ender, Some(1));
    assert_eq!(g.to_act(), Some(0), "seat 0 gets its final turn");
    g.apply(Action::DrawDiscard);
    g.apply(Action::Swap(1));
    assert_eq!(g.to_act(), None);
    let r = g.result();
    assert_eq!(r.turns, 8);
    // Seat 1: 3S 3H 2C / 6D 6S 7H (stock cards alternate with seat 0's discards) = 23.
    assert_eq!(r.scores[1], 23);
    // Seat 0 took the discard into position 1; its score is the grid scored by the rules.
    assert_eq!(r.scores[0], super::score_cards(&g.grids[0], &g.rules));
    assert_eq!(
        r.winners,
        crate::game::SeatMask::extreme_of(crate::game::SeatMask::all(2), &r.scores, true)
    );
}

#[test]
fn without_final_turns_the_round_ends_at_once() {
    let mut g = two_player(&rules(&[("final_turns", "no")]), "2C 6C 6D 6H 6S 7S 7H");
    open_all(&mut g);
    for p in 2..6 {
        g.apply(Action::DrawStock);
        g.apply(Action::Swap(p));
        if p < 5 {
            g.apply(Action::DrawStock);
            g.apply(Action::Discard);
        }
    }
    assert_eq!(g.to_act(), None);
    assert_eq!(g.result().turns, 7);
}

#[test]
fn empty_stock_ends_the_round_or_reshuffles() {
    let mut g = two_player(&GolfRules::default(), "2C 6C");
    open_all(&mut g);
    g.apply(Action::DrawStock);
    g.apply(Action::Discard);
    g.apply(Action::DrawStock);
    g.apply(Action::Discard);
    assert_eq!(g.to_act(), None, "the stock ran out");
    assert_eq!(g.up[0], ALL, "all cards are turned up at the end");

    let mut g = two_player(&rules(&[("empty_stock", "reshuffle")]), "2C 6C");
    open_all(&mut g);
    for _ in 0..2 {
        g.apply(Action::DrawStock);
        g.apply(Action::Discard);
    }
    assert_eq!(g.to_act(), Some(1), "play goes on");
    assert_eq!(g.discard.as_slice(), &cards("6C")[..], "only the top stays");
    let mut s: Vec<String> = g.stock.as_slice().iter().map(|c| c.to_string()).collect();
    s.sort();
    assert_eq!(s, ["2C", "4H"]);
}

const ALL: u8 = state_all();
const fn state_all() -> u8 {
    0b11_1111
}

#[test]
fn flip_after_discard_switch() {
    for (v, expect_noflip, flips) in [("optional", true, 4), ("required", false, 4)] {
        let mut g = two_player(&rules(&[("flip_after_discard", v)]), "2C 6C 6D");
        open_all(&mut g);
        g.apply(Action::DrawStock);
        g.apply(Action::Discard);
        let l = legal(&g);
        assert_eq!(l.contains(&Action::NoFlip), expect_noflip, "{v}");
        assert_eq!(
            l.iter().filter(|a| matches!(a, Action::Flip(_))).count(),
            flips
        );
        g.apply(Action::Flip(5));
        assert_eq!(g.up[1], 0b10_0011);
        assert_eq!(g.to_act(), Some(0));
    }
    let mut g = two_player(&GolfRules::default(), "2C 6C 6D");
    open_all(&mut g);
    g.apply(Action::DrawStock);
    g.apply(Action::Discard);
    assert_eq!(g.to_act(), Some(0), "default: no flip after a discard");
}

#[test]
fn decks_and_jokers_size_the_shoe() {
    let mut rng = GameRng::new(3, 0);
    let g = Golf::deal(&GolfRules::default(), &Table::first(4), &mut rng);
    assert_eq!(g.shoe().len(), 52);
    let g = Golf::deal(&GolfRules::default(), &Table::first(5), &mut rng);
    assert_eq!(g.shoe().len(), 104);
    let g = Golf::deal(
        &rules(&[("jokers", "on"), ("decks", "2")]),
        &Table::first(3),
        &mut rng,
    );
    assert_eq!(g.shoe().len(), 108);
    assert!(Golf::check_players(&GolfRules::default(), 9).is_err());
    assert!(Golf::check_players(&GolfRules::default(), 1).is_err());
    assert!(
        Golf::check_players(&rules(&[("decks", "1")]), 8).is_ok(),
        "49 of 52 cards: a short stock, but playable"
    );
}

#[test]
fn invariants_hold_in_random_play_for_every_table_and_switch() {
    let combos: &[&[(&str, &str)]] = &[
        &[],
        &[("flip_after_discard", "optional"), ("final_turns", "no")],
        &[
            ("flip_after_discard", "required"),
            ("empty_stock", "reshuffle"),
        ],
        &[
            ("jokers", "on"),
            ("box", "off"),
            ("row_rule", "off"),
            ("pair_of_twos", "-4"),
        ],
        &[("empty_stock", "reshuffle"), ("decks", "2")],
    ];
    for (i, kv) in combos.iter().enumerate() {
        let r = rules(kv);
        for players in 2..=8 {
            let n = if players <= 4 { 300 } else { 60 };
            random_deals::<Golf>(&r, players, n, 11 + i as u64).unwrap();
        }
    }
}

#[test]
fn greedy_passes_the_harness_too() {
    let spec = resolve::<Golf>("greedy").unwrap();
    let mut seats: Vec<Box<dyn Strategy<Golf>>> = (0..4).map(|_| build::<Golf>(&spec)).collect();
    deals_with(
        &rules(&[("flip_after_discard", "optional")]),
        4,
        300,
        5,
        &mut seats,
    )
    .unwrap();
}

#[test]
fn matches_end_after_the_holes() {
    random_matches::<Golf>(&rules(&[("holes", "3")]), 3, 20, 8).unwrap();
    let mut seats: Vec<Box<dyn Strategy<Golf>>> = (0..2)
        .map(|_| Box::new(crate::strategy::Random) as _)
        .collect();
    let (m, _) = crate::sim::play_match(
        &rules(&[("holes", "4")]),
        2,
        1,
        0,
        &mut seats,
        &mut ActionList::new(),
        &mut crate::sim::Quiet,
    );
    assert_eq!(m.deals, 4);
    assert!(!m.capped);
}

#[test]
fn greedy_beats_random_by_a_wide_margin() {
    let g = resolve::<Golf>("greedy").unwrap();
    let r = resolve::<Golf>("random").unwrap();
    let mut seats = vec![build::<Golf>(&g), build::<Golf>(&r)];
    let (mut wins, n) = (0.0, 400);
    for i in 0..n {
        let mut rngs = crate::sim::deal_rngs(99, i, 0);
        let (res, _) = crate::sim::play_deal(
            &GolfRules::default(),
            &Table::first(2),
            &mut rngs,
            &mut seats,
            &mut ActionList::new(),
            &mut crate::sim::Quiet,
        );
        if res.winners.contains(0) {
            wins += 1.0 / res.winners.len() as f64;
        }
    }
    assert!(wins / n as f64 > 0.8, "greedy won {wins} of {n}");
}

#[test]
fn score_command_parses_six_cards() {
    let args: Vec<String> = "KS KH 5C 5D 9C 9D".split(' ').map(String::from).collect();
    let v = Golf::score_cli(&GolfRules::default(), &args).unwrap();
    assert_eq!(v, serde_json::json!({"score": 28}));
    assert!(Golf::score_cli(&GolfRules::default(), &args[..5]).is_err());
    let bad: Vec<String> = "KS KH 5C 5D 9C ZZ".split(' ').map(String::from).collect();
    assert!(
        Golf::score_cli(&GolfRules::default(), &bad)
            .unwrap_err()
            .contains("bad card")
    );
}

/// Checks at every decision that each seat's view of every grid shows exactly the face-up
/// cards' keys (the keys are kept up to date by the state, not derived per read).
struct ShownKeys(u32);

impl crate::sim::Observer<Golf> for ShownKeys {
    fn before(&mut self, g: &Golf, _seat: usize, _legal: &[Action]) {
        let n = g.view(0).players();
        for viewer in 0..n {
            let v = g.view(viewer);
            for s in 0..n {
                let want: [u8; 6] =
                    std::array::from_fn(|p| v.card(s, p).map_or(scoring::UNKNOWN, scoring::key));
                assert_eq!(v.keys(s), want, "seat {viewer} looking at seat {s}");
            }
        }
        self.0 += 1;
    }
}

#[test]
fn views_show_the_keys_of_exactly_the_face_up_cards() {
    let r = rules(&[("flip_after_discard", "optional"), ("jokers", "on")]);
    let spec = resolve::<Golf>("random").unwrap();
    let mut seats: Vec<Box<dyn Strategy<Golf>>> = (0..3).map(|_| build::<Golf>(&spec)).collect();
    let mut buf = ActionList::new();
    let mut obs = ShownKeys(0);
    for i in 0..200 {
        let mut rngs = crate::sim::deal_rngs(3, i, 0);
        crate::sim::play_deal(
            &r,
            &Table::first(3),
            &mut rngs,
            &mut seats,
            &mut buf,
            &mut obs,
        );
    }
    assert!(obs.0 > 5_000, "only {} decisions checked", obs.0);
}

/// Skipping the legal list changes nothing: the same deals, action for action, also
/// under the rule where forced moves arise (a required flip with one card face down),
/// which only the bot that skips the list is asked about.
#[test]
fn greedy_plays_the_same_without_the_legal_list() {
    for flip in ["no", "optional", "required"] {
        let r = rules(&[("flip_after_discard", flip)]);
        let make = || Box::new(Greedy::new(&Params::default())) as Box<dyn Strategy<Golf>>;
        let rep = skipping_the_legal_list(&r, 3, 300, 4, &make).unwrap();
        assert!(rep.asked_reading > 10_000, "{rep:?}");
        if flip == "required" {
            assert!(
                rep.asked_skipping > rep.asked_reading,
                "forced flips: {rep:?}"
            );
        } else {
            assert_eq!(rep.asked_skipping, rep.asked_reading, "{flip}: {rep:?}");
        }
    }
}

#[test]
fn a_view_prints_only_what_its_seat_sees() {
    let r = GolfRules::default();
    // Seat 1's face-down 8D and the stock's 6C trade places: seat 0 sees the same table.
    let deck = |a: &str, b: &str| {
        cards(&format!(
            "KS KH 5C 5D 9C 9D  3S 3H 7C {a} QC QD  4H 2S {b} 7H"
        ))
    };
    let mut g = [("8D", "6C"), ("6C", "8D")]
        .map(|(a, b)| Golf::from_deck(&r, &Table::first(2), &deck(a, b), GameRng::new(1, 1)));
    for x in g.iter_mut() {
        for p in [0, 1, 3, 4] {
            x.apply(Action::Flip(p)); // seat 1 opens first (not position 3), then seat 0
        }
    }
    let shown = g.each_ref().map(|x| format!("{:?}", x.view(0)));
    assert_eq!(shown[0], shown[1]);
    // It does print the face-up cards.
    let up = format!("{:?}", Some(g[0].grids[0][3]));
    assert!(
        shown[0].contains(&up) && shown[0].contains("None"),
        "{}",
        shown[0]
    );
}

#[test]
fn greedy_does_not_discard_into_a_forced_flip_that_goes_out_behind() {
    let r = rules(&[("flip_after_discard", "required")]);
    let mut g = two_player_full(&r, "QS 2C JH 6C JD 8H TC");
    open_all(&mut g);
    for (p, flip) in [(2, 1), (3, 4), (4, 2)] {
        g.apply(Action::DrawStock);
        g.apply(Action::Swap(p));
        g.apply(Action::DrawStock);
        g.apply(Action::Discard);
        g.apply(Action::Flip(flip));
    }
    // Seat 1: 3S 3H QS / JH JD (QD), about 41; seat 0 about 24. It draws TC, worth nothing.
    g.apply(Action::DrawStock);
    assert_eq!((g.to_act(), g.held), (Some(1), Some(cards("TC")[0])));
    let spec = resolve::<Golf>("greedy").unwrap();
    let mut bot = build::<Golf>(&spec);
    bot.begin_deal(1);
    let a = bot.act(&g.view(1), &legal(&g), &mut GameRng::new(1, 1));
    assert!(
        matches!(a, Action::Swap(p) if g.up[1] >> p & 1 == 1),
        "{a:?}"
    );
}
