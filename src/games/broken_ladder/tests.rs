//! Scripted deals on stacked decks, every rule and switch, the invariant harness over random
//! and greedy play, matches, the exact dealt-hand probability against sampling, and greedy
//! against random.

use super::prob::dealt_valid_probability;
use super::*;
use crate::cards::{Card, GameRng};
use crate::game::check::{deals_with, random_deals, random_matches};
use crate::game::{ActionList, Game, MatchProgress, Rules as _, SeatView, Table};
use crate::sim::{Observer, Quiet, deal_rngs, play_deal};
use crate::strategy::{Random, Strategy, build, resolve};

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cs(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

/// A deck in dealing order for a table dealt by `dealer`: `starters` and `hands` by seat.
fn deck(
    dealer: usize,
    head: &str,
    starters: &[&str],
    hands: &[&str],
    up: &str,
    stock: &str,
) -> Vec<Card> {
    let n = starters.len();
    let order: Vec<usize> = (0..n).map(|k| (dealer + 1 + k) % n).collect();
    let mut d = vec![c(head)];
    d.extend(order.iter().map(|&s| c(starters[s])));
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cs(h)).collect();
    (0..5).for_each(|i| d.extend(order.iter().map(|&s| hands[s][i])));
    d.push(c(up));
    d.extend(cs(stock));
    d
}

fn table(players: usize, dealer: usize) -> Table {
    Table {
        dealer,
        ..Table::first(players)
    }
}

fn legal(s: &BrokenLadder) -> Vec<Action> {
    let mut out = ActionList::new();
    s.legal_actions(&mut out);
    out.to_vec()
}

pub(super) fn rules(kv: &[(&str, &str)]) -> Rules {
    let mut r = Rules::default();
    for (k, v) in kv {
        r.set(k, v).unwrap();
    }
    r
}

/// Seat 1 (left of dealer 0) holds the seed's example hand: Starter 3, Head 5.
pub(super) fn example_deal(r: &Rules) -> BrokenLadder {
    let d = deck(
        0,
        "5S",
        &["7D", "3D"],
        &["KC QD QH 9S 8C", "AC 3S 3C 4H 5D"],
        "2H",
        "6D 6C",
    );
    BrokenLadder::from_deck(r, &table(2, 0), &d)
}

#[test]
fn the_deal_follows_the_dealing_order() {
    let s = example_deal(&Rules::default());
    assert_eq!(s.head, c("5S"));
    assert_eq!((s.starters[0], s.starters[1]), (c("7D"), c("3D")));
    assert_eq!(s.hand(1).as_slice(), &cs("AC 3S 3C 4H 5D")[..]);
    assert_eq!(s.hand(0).as_slice(), &cs("KC QD QH 9S 8C")[..]);
    assert_eq!(s.discard.as_slice(), &[c("2H")]);
    assert_eq!(s.stock.top(), Some(c("6D")));
    assert_eq!(s.stock.len(), 52 - 14);
    assert_eq!(s.to_act(), Some(1));
    assert_eq!(s.all_cards(), s.shoe());
}

#[test]
fn a_valid_dealt_hand_is_laid_on_the_first_turn_and_scored() {
    let mut s = example_deal(&Rules::default());
    assert_eq!(
        legal(&s),
        vec![Action::LayDown, Action::DrawStock, Action::DrawDiscard]
    );
    assert!(
        s.describe(Action::LayDown)
            .contains("lays down AC 3S 3C 4H 5D")
    );
    s.apply(Action::LayDown);
    assert_eq!(s.to_act(), None);
    let r = s.result();
    assert_eq!(r.scores[..2], [54, 160]);
    assert_eq!(r.winners.iter().collect::<Vec<_>>(), vec![1]);
    assert_eq!(r.turns, 1);
    assert_eq!(s.outcome(), Outcome::LaidDown(1));
}

#[test]
fn an_invalid_hand_cannot_be_laid_and_draws_go_to_hand() {
    let mut s = example_deal(&Rules::default());
    s.to_act = 0;
    assert_eq!(legal(&s), vec![Action::DrawStock, Action::DrawDiscard]);
    s.apply(Action::DrawStock);
    assert_eq!(s.hand(0).len(), 6);
    assert!(s.hand(0).as_slice().contains(&c("6D")));
    // One discard per card in hand, the drawn card included.
    assert_eq!(legal(&s).len(), 6);
    s.apply(Action::Discard(c("KC")));
    assert_eq!(s.discard.top(), Some(c("KC")));
    assert_eq!((s.to_act(), s.turns, s.phase()), (Some(1), 1, Phase::Start));
}

#[test]
fn a_hand_made_valid_by_a_discard_waits_for_the_next_turn() {
    // Seat 1: Starter 3, Head 5, hand sums to +2 with the 2H from the discard pile.
    let d = deck(
        0,
        "5S",
        &["7D", "3D"],
        &["KC QD QH 9S 8C", "AC 3S 3C 4H 9D"],
        "5H",
        "6D 6C 7C",
    );
    let mut s = BrokenLadder::from_deck(&Rules::default(), &table(2, 0), &d);
    assert!(!legal(&s).contains(&Action::LayDown));
    s.apply(Action::DrawDiscard);
    s.apply(Action::Discard(c("9D")));
    assert!(s.valid(1));
    assert_eq!(s.to_act(), Some(0));
    assert!(!legal(&s).contains(&Action::LayDown));
    s.apply(Action::DrawStock);
    s.apply(Action::Discard(c("6D")));
    assert_eq!(legal(&s)[0], Action::LayDown);
    s.apply(Action::LayDown);
    assert_eq!(s.result().turns, 3);
    assert_eq!(s.result().scores[1], 160);
}

#[test]
fn rediscard_switch_controls_putting_the_taken_card_back() {
    // Three players: two packs, so the AC upcard is a second copy of seat 1's AC.
    let d = deck(
        0,
        "5S",
        &["7D", "3D", "8H"],
        &["KC QD QH 9S 8C", "AC 3S 3C 4H 9D", "2C 3C 4C 5C 6C"],
        "AC",
        "6D",
    );
    for (on, expect) in [("on", 5), ("off", 4)] {
        let mut s = BrokenLadder::from_deck(&rules(&[("rediscard", on)]), &table(3, 0), &d);
        s.apply(Action::DrawDiscard);
        // Hand AC AC 3S 3C 4H 9D: five distinct cards; with `off` no AC may go.
        let l = legal(&s);
        assert_eq!(l.len(), expect, "{on}: {l:?}");
        assert_eq!(l.contains(&Action::Discard(c("AC"))), on == "on");
    }
}

#[test]
fn rank_limit_switch_decides_three_of_a_rank() {
    // Seat 1: Starter 3H, Head 5H, hand 2D 2D 2H AC 3S sums to +2: valid only without the limit.
    // Three players (two packs): the two 2D are identical cards of different packs.
    let d = deck(
        0,
        "5H",
        &["7D", "3H", "8H"],
        &["KC QD QH 9S 8C", "2D 2D 2H AC 3S", "2C 3C 4C 5C 6C"],
        "4C",
        "",
    );
    let s = BrokenLadder::from_deck(&Rules::default(), &table(3, 0), &d);
    assert!(!legal(&s).contains(&Action::LayDown));
    let mut s = BrokenLadder::from_deck(&rules(&[("rank_limit", "off")]), &table(3, 0), &d);
    s.apply(Action::LayDown);
    assert_eq!(s.result().scores[..3], [54, 100, 20]);
}

#[test]
fn packs_per_two_sets_the_shoe() {
    let mut g = GameRng::new(1, 1);
    for (players, one, one_half) in [
        (2, 1, 2),
        (3, 2, 3),
        (4, 2, 3),
        (5, 3, 4),
        (7, 4, 6),
        (8, 4, 6),
    ] {
        let s = BrokenLadder::deal(&Rules::default(), &Table::first(players), &mut g);
        assert_eq!(s.shoe().len(), 52 * one);
        let s = BrokenLadder::deal(
            &rules(&[("packs_per_two", "1.5")]),
            &Table::first(players),
            &mut g,
        );
        assert_eq!(s.shoe().len(), 52 * one_half);
        assert_eq!(s.stock.len() as u32, 52 * one_half - 2 - 6 * players as u32);
    }
    assert!(BrokenLadder::check_players(&Rules::default(), 1).is_err());
    assert!(BrokenLadder::check_players(&Rules::default(), 9).is_err());
}

#[test]
fn an_empty_stock_is_rebuilt_from_the_discards_but_the_top() {
    let mut s = example_deal(&Rules::default());
    s.to_act = 0;
    let mut turns = 0;
    while s.stock.len() > 1 {
        s.apply(Action::DrawStock);
        let drawn = *s.hand(s.to_act).as_slice().last().unwrap();
        s.apply(Action::Discard(drawn));
        turns += 1;
    }
    s.apply(Action::DrawStock);
    let last = *s.hand(s.to_act).as_slice().last().unwrap();
    let before = s.discard.len();
    s.apply(Action::Discard(last));
    assert_eq!(s.discard.as_slice(), &[last]);
    assert_eq!(s.stock.len(), before);
    assert_eq!(s.all_cards(), s.shoe());
    assert_eq!(s.turns, turns + 1);
    assert_eq!(s.outcome(), Outcome::Running);
    // Head, two Starters and the discard top are face up.
    assert_eq!(s.public_values.iter().map(|&n| n as u32).sum::<u32>(), 4);
}

#[test]
fn a_stock_that_cannot_be_rebuilt_ends_the_deal_with_no_winner() {
    let mut s = example_deal(&Rules::default());
    s.to_act = 0;
    s.stock.clear();
    s.apply(Action::DrawDiscard);
    s.apply(Action::Discard(c("KC")));
    assert_eq!(s.outcome(), Outcome::StockExhausted);
    let r = s.result();
    assert!(r.winners.is_empty());
    assert_eq!(r.scores, [0; 8]);
}

#[test]
fn the_turn_cap_ends_the_deal_with_no_winner() {
    let mut s = example_deal(&Rules::default());
    s.to_act = 0;
    s.turns = TURN_CAP - 1;
    s.apply(Action::DrawStock);
    s.apply(Action::Discard(c("KC")));
    assert_eq!((s.outcome(), s.to_act()), (Outcome::TurnCap, None));
    assert!(s.result().winners.is_empty());
    assert_eq!(s.result().turns, TURN_CAP);
}

#[test]
fn the_view_shows_own_hand_and_public_cards_only() {
    let mut s = example_deal(&Rules::default());
    s.to_act = 0;
    s.apply(Action::DrawDiscard);
    let v = s.view(0);
    assert_eq!(v.hand.len(), 6);
    assert_eq!(v.taken, Some(c("2H")));
    assert_eq!(s.view(1).taken, None);
    let shown = s.view(1).shown();
    // Seat 1 sees its hand, the Head, both Starters, and the 2H it watched seat 0 take: 9
    // cards; the discard pile is empty now.
    assert_eq!(s.view(1).known[0].as_slice(), &[c("2H")]);
    assert_eq!(shown.len(), 9);
    assert!(!shown.contains(c("KC")) && shown.contains(c("AC")) && shown.contains(c("2H")));
    assert_eq!(s.hidden_from(1).len(), 38 + 6 - 1);
    // Once it is discarded again, nobody knows anything of seat 0's hand.
    s.apply(Action::Discard(c("2H")));
    assert!(s.view(1).known[0].is_empty());
    assert_eq!(s.hidden_from(1).len(), 38 + 5);
}

#[test]
fn describe_and_render_are_readable() {
    let s = example_deal(&Rules::default());
    assert_eq!(
        s.describe(Action::DrawStock),
        "seat 1 draws 6D from the stock"
    );
    assert_eq!(
        s.describe(Action::DrawDiscard),
        "seat 1 takes 2H from the discard pile"
    );
    assert_eq!(s.describe(Action::Discard(c("AC"))), "seat 1 discards AC");
    let r = s.render();
    assert!(
        r.contains("Head 5S") && r.contains("seat 1: Starter 3D hand [AC 3S 3C 4H 5D] needs +0"),
        "{r}"
    );
}

#[test]
fn match_rules_deals_and_target() {
    let r = Rules::default();
    let mut m = MatchProgress::new(3);
    m.deals = 2;
    assert!(!BrokenLadder::match_over(&r, &m));
    m.deals = 3;
    assert!(BrokenLadder::match_over(&r, &m));
    let r5 = rules(&[("deals", "5")]);
    assert!(!BrokenLadder::match_over(&r5, &m));
    let t = rules(&[("target", "300")]);
    m.totals[..3].copy_from_slice(&[120, 299, 40]);
    assert!(!BrokenLadder::match_over(&t, &m));
    m.totals[2] = 300;
    assert!(BrokenLadder::match_over(&t, &m));
    assert_eq!(
        BrokenLadder::match_winners(&t, &m)
            .iter()
            .collect::<Vec<_>>(),
        vec![2]
    );
    m.totals[1] = 300;
    assert_eq!(BrokenLadder::match_winners(&t, &m).len(), 2);
}

#[test]
fn harness_random_deals_every_player_count_and_switch() {
    let combos: [&[(&str, &str)]; 4] = [
        &[],
        &[("packs_per_two", "1.5")],
        &[("rank_limit", "off"), ("rediscard", "off")],
        &[("packs_per_two", "1.5"), ("rank_limit", "off")],
    ];
    let mut total = 0;
    for (i, kv) in combos.iter().enumerate() {
        for players in 2..=8 {
            let n = if i == 0 { 150 } else { 60 };
            let rep =
                random_deals::<BrokenLadder>(&rules(kv), players, n, 11 + players as u64).unwrap();
            total += rep.deals;
            assert!(rep.longest <= 2 * TURN_CAP);
        }
    }
    assert_eq!(total, 7 * 150 + 3 * 7 * 60);
}

#[test]
fn harness_greedy_deals_and_random_matches() {
    let spec = resolve::<BrokenLadder>("greedy").unwrap();
    for players in [2, 4, 8] {
        let mut seats: Vec<Box<dyn Strategy<BrokenLadder>>> =
            (0..players).map(|_| build(&spec)).collect();
        deals_with(&Rules::default(), players, 300, 5, &mut seats).unwrap();
    }
    let strict = rules(&[("rediscard", "off"), ("packs_per_two", "1.5")]);
    let mut seats: Vec<Box<dyn Strategy<BrokenLadder>>> = (0..3).map(|_| build(&spec)).collect();
    deals_with(&strict, 3, 300, 6, &mut seats).unwrap();
    for players in [2, 5] {
        random_matches::<BrokenLadder>(&Rules::default(), players, 12, 3).unwrap();
        random_matches::<BrokenLadder>(&rules(&[("target", "400")]), players, 6, 4).unwrap();
    }
}

/// Plays `n` deals with `seats` and returns (wins per seat, no-winner deals, turns).
fn play(
    players: usize,
    seats: &mut [Box<dyn Strategy<BrokenLadder>>],
    n: u64,
    seed: u64,
) -> ([f64; 8], u64, u64) {
    let mut wins = [0.0; 8];
    let (mut none, mut turns) = (0, 0);
    let mut buf = ActionList::new();
    for i in 0..n {
        let t = table(players, i as usize % players);
        let (r, _) = play_deal(
            &Rules::default(),
            &t,
            &mut deal_rngs(seed, i, 0),
            seats,
            &mut buf,
            &mut Quiet,
        );
        for w in r.winners.iter() {
            wins[w] += 1.0;
        }
        none += r.winners.is_empty() as u64;
        turns += r.turns as u64;
    }
    (wins, none, turns)
}

#[test]
fn greedy_beats_random_clearly() {
    let g = resolve::<BrokenLadder>("greedy").unwrap();
    let mut seats: Vec<Box<dyn Strategy<BrokenLadder>>> = vec![build(&g), Box::new(Random)];
    let (wins, none, _) = play(2, &mut seats, 400, 21);
    assert!(
        wins[0] > 300.0 && wins[1] < 80.0,
        "greedy {} random {} none {none}",
        wins[0],
        wins[1]
    );
}

#[test]
fn greedy_deals_are_short_and_knob_files_load() {
    let g = resolve::<BrokenLadder>("greedy").unwrap();
    let mut seats: Vec<Box<dyn Strategy<BrokenLadder>>> = (0..4).map(|_| build(&g)).collect();
    let (_, none, turns) = play(4, &mut seats, 200, 8);
    assert_eq!(none, 0);
    eprintln!("greedy 4p turns/deal {}", turns as f64 / 200.0);
    assert!(turns < 200 * 60, "{turns}");
    let spec = resolve::<BrokenLadder>("collector").unwrap();
    assert_eq!(spec.base, "greedy");
    assert!(!spec.params.entries().is_empty());
}

#[test]
fn greedy_takes_a_completing_discard_and_lays_down() {
    // Seat 1 needs +2 more: 9D in hand, the 2H... take 5H (replaces 9D -> need 0 after discard).
    let d = deck(
        0,
        "5S",
        &["7D", "3D"],
        &["KC QD QH 9S 8C", "AC 3S 3C 4H 9D"],
        "5H",
        "6D 6C 7C",
    );
    let mut s = BrokenLadder::from_deck(&Rules::default(), &table(2, 0), &d);
    let mut g = Greedy::default();
    let mut rng = GameRng::new(0, 0);
    let mut act = |s: &BrokenLadder| {
        let l = legal(s);
        g.act(&s.view(s.to_act), &l, &mut rng)
    };
    assert_eq!(act(&s), Action::DrawDiscard);
    s.apply(Action::DrawDiscard);
    assert_eq!(act(&s), Action::Discard(c("9D")));
    s.apply(Action::Discard(c("9D")));
    s.apply(Action::DrawStock);
    s.apply(Action::Discard(c("6D")));
    assert_eq!(act(&s), Action::LayDown);
}

#[test]
fn exact_dealt_valid_probability_agrees_with_sampled_deals() {
    for (players, kv) in [(4, &[][..]), (3, &[("rank_limit", "off")][..])] {
        let r = rules(kv);
        let p = dealt_valid_probability(&r, players);
        let n = 30_000u64;
        let mut hits = 0;
        for i in 0..n {
            let mut rngs = deal_rngs(99, i, 0);
            let s = BrokenLadder::deal(&r, &Table::first(players), &mut rngs.deal);
            hits += s.valid(0) as u64;
        }
        let (lo, hi) = crate::stats::wilson(hits as f64, n as f64);
        assert!(
            lo <= p && p <= hi,
            "{players} players {kv:?}: exact {p}, sampled {hits}/{n} ({lo}, {hi})"
        );
    }
}

#[test]
fn deals_replay_identically_from_a_seed() {
    let g = resolve::<BrokenLadder>("greedy").unwrap();
    let mut seats: Vec<Box<dyn Strategy<BrokenLadder>>> = (0..3).map(|_| build(&g)).collect();
    let a = play(3, &mut seats, 50, 77);
    let b = play(3, &mut seats, 50, 77);
    assert_eq!(a, b);
}

/// Collects the trace lines of a deal, as `trace` prints them.
struct Lines(Vec<String>);

impl Observer<BrokenLadder> for Lines {
    fn chose(&mut self, state: &BrokenLadder, _seat: usize, action: Action) {
        assert!(!state.render().is_empty());
        self.0.push(state.describe(action));
    }
}

/// The previous greedy's trace of s1 d0 (step 7 is the take issue 21 fixed in `greedy`:
/// see `tests_counting.rs`).
#[test]
fn seeded_greedy_trace_is_stable() {
    let g = resolve::<BrokenLadder>("greedy-prev").unwrap();
    let mut seats: Vec<Box<dyn Strategy<BrokenLadder>>> = (0..2).map(|_| build(&g)).collect();
    let mut lines = Lines(Vec::new());
    let mut buf = ActionList::new();
    let (r, _) = play_deal(
        &Rules::default(),
        &table(2, 0),
        &mut deal_rngs(1, 0, 0),
        &mut seats,
        &mut buf,
        &mut lines,
    );
    let text = lines.0.join("\n");
    let golden = [
        "seat 1 takes 7S from the discard pile",
        "seat 1 discards KH",
        "seat 0 takes KH from the discard pile",
        "seat 0 discards 3S",
        "seat 1 takes 3S from the discard pile",
        "seat 1 discards 6H",
        "seat 0 takes 6H from the discard pile",
        "seat 0 discards KH",
        "seat 1 lays down 3S 7S 5H 2D TH (Starter 4H + 7 = Head JS) for 270",
    ];
    assert_eq!(text, golden.join("\n"));
    assert_eq!(lines.0.len() as u32, 2 * r.turns - 1);
    assert_eq!(
        (r.scores[..2].to_vec(), r.winners.len(), r.turns),
        (vec![32, 270], 1, 5)
    );
}

#[test]
#[should_panic(expected = "rediscarding AC is off")]
fn putting_back_the_taken_card_is_refused_when_off() {
    let d = deck(
        0,
        "5S",
        &["7D", "3D"],
        &["KC QD QH 9S 8C", "AD 3S 3C 4H 9D"],
        "AC",
        "6D",
    );
    let mut s = BrokenLadder::from_deck(&rules(&[("rediscard", "off")]), &table(2, 0), &d);
    s.apply(Action::DrawDiscard);
    s.apply(Action::Discard(c("AC")));
}
