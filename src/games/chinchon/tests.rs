//! Tests of the whole game: the arrangement search against a brute-force reference, scripted
//! deals from stacked decks (every action card, closing, lay-offs, the chinchón switch), the
//! invariant harness over every player count and the switches that matter, matches, the
//! `score` command, and greedy against random.

use super::cards::{ordered_shoe, shoe};
use super::*;
use crate::cards::{Card, GameRng};
use crate::game::check::{random_deals, random_matches};
use crate::game::{Rules as _, Table};
use crate::sim::{Quiet, deal_rngs, play_deal};
use crate::strategy::{Strategy, resolve};

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

fn brute(cards: &[Card], p: &[u16]) -> u16 {
    if cards.is_empty() {
        return 0;
    }
    let n = cards.len();
    let mut best = p[0] + brute(&cards[1..], &p[1..]);
    for mask in 0u32..1 << (n - 1) {
        let set = (mask << 1) | 1;
        if set.count_ones() < 3 {
            continue;
        }
        let pick: Vec<Card> = (0..n)
            .filter(|i| set >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        if naive_valid(&pick) {
            let (rc, rp): (Vec<Card>, Vec<u16>) = (0..n)
                .filter(|i| set >> i & 1 == 0)
                .map(|i| (cards[i], p[i]))
                .unzip();
            best = best.min(brute(&rc, &rp));
        }
    }
    best
}

#[test]
fn combinations_by_hand() {
    let yes = [
        "1O 2O 3O",
        "7C 7E 7B 7O",
        "7C 7C 7E",
        "CIRC CIRC CIRC",
        "CIRC WILD CIRC",
        "11B 12B CIRC 1B 2B",
        "12O CIRC 1O",
        "CIRC 1O 2O",
        "5E WILD 7E",
        "5E 7E WILD 8E",
        "9C WILD 9E",
        "11O 12O WILD",
        "12C WILD 1C",
    ];
    let no = [
        "1O 2O",
        "1O 2O 4O",
        "7C 7E 7B 7O 7C",
        "12O 1O 2O",
        "CIRC CIRC 1O",
        "5E WILD WILD",
        "3O 4O 5C",
        "1O 2O 3O DRAW",
        "CIRC CIRC CIRC CIRC CIRC",
        "11O 12O CIRC CIRC 1O",
        "5O 5O 6O",
        "5E WILD 8E",
    ];
    for h in yes {
        assert!(is_combination(cs(h).into_iter()), "{h}");
        assert!(naive_valid(&cs(h)), "{h}");
    }
    for h in no {
        assert!(!is_combination(cs(h).into_iter()), "{h}");
        assert!(!naive_valid(&cs(h)), "{h}");
    }
}

#[test]
fn best_arrangement_tables_by_hand() {
    let r = Rules::default();
    let cases = [
        ("1O 2O 3O 7C 7E 7B 12C", 12),
        ("1O 2O 3O 4O 5O 6O 7O", 0),
        ("11B 12B CIRC 1B 2B 5C 6E", 11),
        ("WILD 4O 6O 9C 9E 1B 2B", 13),
        ("WILD WILD 4O 6O 9C 9E 1B", 1),
        ("DRAW SKIP REV 1O 2O 3O 5C", 35),
        ("CIRC CIRC CIRC CIRC 2O 3O 4O", 0),
        ("3O 3C 3E 4O 5O 6C 6E", 18),
    ];
    for (h, want) in cases {
        let hand = cs(h);
        let mut out = [0u16; 4];
        let (u, _) = arrange::arrange(&hand, &pts(&r, &hand), &mut out);
        assert_eq!(u, want, "{h}");
        assert_eq!(brute(&hand, &pts(&r, &hand)), want, "{h}");
    }
}

#[test]
fn arrangement_search_matches_brute_force_on_random_hands() {
    let r = Rules {
        wild: 4,
        circ: 6,
        ..Rules::default()
    };
    let mut deck = ordered_shoe(&r, 8);
    let mut rng = GameRng::new(11, 4);
    for round in 0..1500 {
        deck.shuffle(&mut rng);
        let n = 7 + round % 3;
        let hand = &deck.as_slice()[..n];
        let p = pts(&r, hand);
        let mut without = [0u16; HAND_CAP];
        let best = best_and_without(hand, &p, &mut without);
        assert_eq!(best, brute(hand, &p), "{}", cards::names(hand));
        let i = round % n;
        let rest: Vec<Card> = hand
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        assert_eq!(
            without[i],
            brute(&rest, &pts(&r, &rest)),
            "{} without {i}",
            cards::names(hand)
        );
        let mut out = [0u16; 4];
        let (u, k) = arrange::arrange(hand, &p, &mut out);
        let covered: u16 = out[..k].iter().fold(0, |a, &m| a | m);
        let loose: u16 = (0..n)
            .filter(|&j| covered >> j & 1 == 0)
            .map(|j| p[j])
            .sum();
        assert_eq!((u, loose), (best, best));
        for &m in &out[..k] {
            assert!(is_combination(arrange::positions(m).map(|j| hand[j])));
        }
    }
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

fn variants() -> Vec<(&'static str, Rules)> {
    let mut v = vec![("default", Rules::default())];
    let mut classic = Rules::default();
    for k in ["wild", "circ", "draw", "skip", "reverse"] {
        classic.set(k, "0").unwrap();
    }
    v.push(("classic", classic));
    let mut heavy = Rules::default();
    for (k, x) in [
        ("wild", "8"),
        ("circ", "8"),
        ("draw", "8"),
        ("skip", "4"),
        ("reverse", "6"),
        ("close_limit", "0"),
    ] {
        heavy.set(k, x).unwrap();
    }
    v.push(("heavy", heavy));
    let mut other = Rules::default();
    for (k, x) in [
        ("reverse_two_players", "skip"),
        ("chinchon", "win"),
        ("close_limit", "25"),
    ] {
        other.set(k, x).unwrap();
    }
    v.push(("other", other));
    v
}

/// Random seats rarely get under the close limit, so most of their deals run to the turn cap:
/// a few such deals per case, and many more with `close_limit=25`, where deals are short.
#[test]
fn invariant_harness_every_player_count_and_variant() {
    let mut total = 0;
    for (name, r) in variants() {
        let mut loose = r;
        loose.set("close_limit", "25").unwrap();
        for players in 2..=8 {
            let seed = 7 + players as u64;
            for (rules, n) in [(r, 6), (loose, 80)] {
                let rep = random_deals::<Chinchon>(&rules, players, n, seed)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                total += rep.deals;
            }
        }
    }
    assert!(total >= 2000);
}

#[test]
fn invariant_harness_with_greedy_seats() {
    let spec = resolve::<Chinchon>("greedy").unwrap();
    for (name, r) in variants() {
        for players in [2, 4, 6, 8] {
            let mut seats: Vec<Box<dyn Strategy<Chinchon>>> = (0..players)
                .map(|_| crate::strategy::build::<Chinchon>(&spec))
                .collect();
            let rep = crate::game::check::deals_with(&r, players, 60, 9, &mut seats)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(rep.deals, 60);
        }
    }
}

#[test]
fn random_matches_end() {
    for (name, r) in variants() {
        for players in [2, 3, 5] {
            random_matches::<Chinchon>(&r, players, 2, 3).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn knob_file_resolves_and_greedy_is_listed() {
    let spec = resolve::<Chinchon>("patient").unwrap();
    assert_eq!(spec.base, "greedy");
    assert!(Chinchon::bots().iter().any(|b| b.name == "greedy"));
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

#[path = "tests_ends.rs"]
mod ends;

#[path = "tests_determinize.rs"]
mod determinize;

#[path = "tests_layoff.rs"]
mod layoff;

#[path = "tests_bots.rs"]
mod bots;
