//! Lasso tests: scripted deals on a stacked deck (every rule and switch), the invariant
//! harness over random deals and matches, and greedy against random.

use super::*;
use crate::cards::{Card, CardSet, GameRng};
use crate::game::check::{check_state, deals_with, random_deals, random_matches};
use crate::game::{ActionList, Game, Rules, SeatView, Table};
use crate::sim::{Quiet, deal_rngs, play_deal};
use crate::strategy::{Random, Strategy};

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cs(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

/// A deal with the given hands (7 cards each, by seat) and stock top cards (top first); the
/// other cards lie below them in the stock.
fn stacked(rules: &LassoRules, dealer: usize, hands: &[&str], stock_top: &str) -> Lasso {
    let n = hands.len();
    let hs: Vec<Vec<Card>> = hands
        .iter()
        .map(|h| h.split_whitespace().map(c).collect())
        .collect();
    let mut deck = Vec::new();
    for i in 0..7 * n {
        deck.push(hs[(dealer + 1 + i) % n][i / n]);
    }
    let top: Vec<Card> = stock_top.split_whitespace().map(c).collect();
    let used: CardSet = deck.iter().chain(top.iter()).copied().collect();
    deck.extend(Card::all52().filter(|x| !used.contains(*x)));
    deck.extend(top.iter().rev());
    assert_eq!(deck.len(), 52);
    let mut table = Table::first(n);
    table.dealer = dealer;
    Lasso::from_deck(rules, &table, &deck, GameRng::new(1, 1))
}

fn legal(g: &Lasso) -> Vec<Action> {
    let mut buf = ActionList::new();
    g.legal_actions(&mut buf);
    buf.to_vec()
}

/// Plays `a` after checking it is legal and the state is sound.
fn play(g: &mut Lasso, a: Action) {
    check_state(g, g.players as usize).unwrap();
    assert!(
        legal(g).contains(&a),
        "{a:?} not legal in\n{}\nlegal: {:?}",
        g.render(),
        legal(g)
    );
    g.apply(a);
    check_state(g, g.players as usize).unwrap();
}

const H2: [&str; 2] = ["2H 5H 9C KC AS 3D 8D", "4H 4S 7C JD QD 6S TH"];

/// Two players, dealer 0: seat 1 sets up 4H/4S, seat 0 sets up 9C/KC.
fn after_setup(rules: &LassoRules, stock: &str) -> Lasso {
    let mut g = stacked(rules, 0, &H2, stock);
    assert_eq!(g.to_act(), Some(1));
    play(&mut g, Action::Setup(c("4H"), c("4S")));
    // seat 0 cannot see seat 1's pair yet
    assert!(g.view(0).shown().count(c("4H")) == 0 && g.view(1).pending == cs("4H 4S"));
    play(&mut g, Action::Setup(c("9C"), c("KC")));
    g
}

#[test]
fn setup_places_piles_with_dealer_open() {
    let g = after_setup(&LassoRules::default(), "");
    assert_eq!(g.piles[1].as_slice(), &[c("4H"), c("4S")]);
    assert_eq!(g.piles[0].as_slice(), &[c("9C"), c("KC")]);
    assert_eq!((g.down[0], g.down[1], g.piles[2].len()), (false, true, 0));
    assert_eq!((g.phase, g.to_act(), g.turns), (Phase::Reveal, Some(1), 1));
    // seat 0 sees 4H under the face-down top, not the 4S; seat 1 knows its own top
    assert_eq!(g.view(0).piles[1].up, &[c("4H")]);
    assert_eq!(g.view(0).piles[1].known_top, None);
    assert_eq!(g.view(1).piles[1].known_top, Some(c("4S")));
    assert!(g.hidden_from(0).contains(c("4S")) && !g.hidden_from(1).contains(c("4S")));
    assert_eq!(legal(&g), vec![Action::Reveal(1)]);
    let setups = legal(&stacked(&LassoRules::default(), 0, &H2, ""));
    assert!(
        setups.contains(&Action::Setup(c("4S"), c("6S")))
            && setups.contains(&Action::Setup(c("4H"), c("4S")))
            && setups.contains(&Action::Setup(c("4S"), c("4H")))
            && setups.len() == 5,
        "{setups:?}"
    );
}

/// Seat 1 reveals, takes KC, bluffs 7C... onto pile 1 (4S): a mismatch for seat 0 to reveal.
fn bluff_then_reveal(rules: &LassoRules) -> Lasso {
    let mut g = after_setup(rules, "");
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(0, 1));
    play(&mut g, Action::Discard(c("JD"), 1)); // JD on 4S: neither rank nor suit
    assert_eq!((g.phase, g.to_act()), (Phase::Reveal, Some(0)));
    assert!(
        g.view(0).piles[1].known_top.is_none() && g.view(1).piles[1].known_top == Some(c("JD"))
    );
    play(&mut g, Action::Reveal(1));
    g
}

#[test]
fn mismatch_penalties_follow_the_switch() {
    let g = bluff_then_reveal(&LassoRules::default());
    assert_eq!(&g.penalties[..2], &[0, 10]);
    let mut r = LassoRules::default();
    r.set("mismatch_penalty", "everyone").unwrap();
    r.set("mismatch_points", "15").unwrap();
    assert_eq!(&bluff_then_reveal(&r).penalties[..2], &[15, 15]);
    r.set("mismatch_penalty", "off").unwrap();
    assert_eq!(&bluff_then_reveal(&r).penalties[..2], &[0, 0]);
    // a matching reveal costs nothing: seat 1's own setup 4S on 4H
    let mut g = after_setup(&LassoRules::default(), "");
    play(&mut g, Action::Reveal(1));
    assert_eq!(g.penalties[1], 0);
}

#[test]
fn multi_pickup_obliges_a_set_with_the_deepest_card() {
    let mut g = stacked(&LassoRules::default(), 0, &H2, "");
    play(&mut g, Action::Setup(c("4H"), c("4S")));
    play(&mut g, Action::Setup(c("9C"), c("KC")));
    // give seat 1 two more clubs so that 9C + KC complete four clubs with 7C + 2C
    let stock_2c = g
        .stock
        .as_slice()
        .iter()
        .position(|&x| x == c("2C"))
        .unwrap();
    let two = g.stock.remove_at(stock_2c);
    g.hands[1].insert(two);
    play(&mut g, Action::Reveal(1));
    let l = legal(&g);
    assert!(l.contains(&Action::Take(0, 2)), "{l:?}");
    assert!(
        !l.contains(&Action::Take(1, 2)),
        "4H 4S cannot make a set: {l:?}"
    );
    // the trace names the owed card (the deepest taken)
    assert_eq!(
        g.describe(Action::Take(0, 2)),
        "seat 1 takes 2 cards 9C KC from pile 0 (owes a set with 9C)"
    );
    play(&mut g, Action::Take(0, 2));
    assert_eq!(g.owed, Some(c("9C")));
    let l = legal(&g);
    assert!(!l.iter().any(
        |a| matches!(a, Action::Discard(x, _) if [c("9C"), c("KC"), c("7C"), c("2C")].contains(x))
    ));
    play(&mut g, Action::Discard(c("QD"), 1));
    let l = legal(&g);
    assert!(
        !l.contains(&Action::Pass) && l == vec![Action::Lay(cs("2C 7C 9C KC"))],
        "{l:?}"
    );
    play(&mut g, Action::Lay(cs("2C 7C 9C KC")));
    // seat 0 holds no ace of clubs (AS only): no lasso; the turn passes
    assert_eq!(
        (g.to_act(), g.sets[0].points, g.sets[0].owner),
        (Some(0), 2 + 7 + 9 + 10, 1)
    );
}

#[test]
fn blind_draw_until_and_refill() {
    let mut g = after_setup(&LassoRules::default(), "AH 3C 8S 2S");
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Stock); // AH
    assert!(g.hands[1].contains(c("AH")));
    play(&mut g, Action::Blind(0)); // 3C onto KC, nobody saw it
    assert_eq!(g.knower[0], state::NOBODY);
    assert!(g.hidden_from(1).contains(c("3C")) && g.hidden_from(0).contains(c("3C")));
    play(&mut g, Action::Reveal(0)); // 3C on KC: clubs, no mismatch
    assert_eq!(g.penalties[1], 0);
    play(&mut g, Action::Take(0, 1)); // seat 0 takes 3C
    // draw until a match: 8S matches nothing open (3C gone: KC open, 4S open) -> 8S matches 4S
    play(&mut g, Action::DrawUntil);
    assert_eq!(g.phase, Phase::Drawn(c("8S")));
    assert_eq!(legal(&g), vec![Action::Discard(c("8S"), 1)]);
    play(&mut g, Action::Discard(c("8S"), 1));
    // seat 1: refill empty slot 2 with 5? seat 1 holds 7C JD QD 6S TH AH
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(1, 1));
    // the first card lies face up: QD first cannot take JD (lower) face down on it
    let mut h = g.clone();
    play(&mut h, Action::Refill(2, c("QD")));
    assert_eq!(legal(&h), vec![Action::RefillStock]);
    play(&mut g, Action::Refill(2, c("JD")));
    let l = legal(&g);
    assert!(
        l.contains(&Action::RefillWith(c("QD"))) && l.contains(&Action::RefillStock),
        "{l:?}"
    );
    play(&mut g, Action::RefillWith(c("QD")));
    assert_eq!(g.piles[2].as_slice(), &[c("JD"), c("QD")]);
    assert!(g.down[2] && g.knower[2] == 1 && g.down_by[2] == 1);
}

/// Four players, dealer 3: seat 0 lays 2H 5H 7H 9H; seat 1 lassos with AH, seat 2 answers
/// KH, seat 3 QH, seat 0 (the owner) JH: three answers, seat 0 owns the set again.
#[test]
fn lasso_chain_with_three_answers() {
    let hands = [
        "2H 5H 7H 9H JH 3C 4C",
        "AH 2D 3D 4D 5D 6D 7D",
        "KH 2S 3S 4S 5S 6S 7S",
        "QH 8C 9C TC JC QC KC",
    ];
    let mut g = stacked(&LassoRules::default(), 3, &hands, "");
    for (up, down) in [("3C", "4C"), ("2D", "3D"), ("2S", "3S"), ("8C", "9C")] {
        play(&mut g, Action::Setup(c(up), c(down)));
    }
    assert_eq!(g.to_act(), Some(0));
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(3, 1)); // 9C from the dealer's open pile
    play(&mut g, Action::Discard(c("9C"), 3));
    let ts = g
        .stock
        .as_slice()
        .iter()
        .position(|&x| x == c("TS"))
        .unwrap();
    let ts = g.stock.remove_at(ts);
    g.hands[0].insert(ts); // seat 0 keeps a card beside JH, so answering does not end the round
    play(&mut g, Action::Lay(cs("2H 5H 7H 9H")));
    assert_eq!((g.phase, g.to_act()), (Phase::Lasso, Some(1)));
    assert_eq!(legal(&g), vec![Action::Pass, Action::Lasso(c("AH"))]);
    play(&mut g, Action::Lasso(c("AH")));
    assert_eq!(
        (g.phase, g.to_act(), g.sets[0].owner),
        (Phase::Answer(c("KH")), Some(2), 1)
    );
    play(&mut g, Action::Answer(c("KH")));
    play(&mut g, Action::Answer(c("QH")));
    assert_eq!((g.phase, g.to_act()), (Phase::Answer(c("JH")), Some(0)));
    play(&mut g, Action::Answer(c("JH")));
    // nobody holds TH (it is in the stock), yet every other seat is asked in turn (a skipped
    // seat would tell the table it lacks TH): three passes end the chain
    for s in [1, 2, 3] {
        assert_eq!((g.phase, g.to_act()), (Phase::Answer(c("TH")), Some(s)));
        assert_eq!(legal(&g), vec![Action::Pass]);
        play(&mut g, Action::Pass);
    }
    // seat 0 owns the set again
    assert_eq!(g.sets[0].owner, 0);
    assert_eq!(g.aside, cs("AH KH QH JH"));
    assert_eq!((g.to_act(), g.turn), (Some(1), 1));
    assert_eq!(g.sets[0].points, 2 + 5 + 7 + 9);
}

#[test]
fn a_lasso_card_can_end_the_round() {
    let mut g = lasso_ready();
    let rest = g.hands[1].without(c("AH"));
    g.hands[1] = cs("AH");
    g.aside |= rest; // park seat 1's other cards (conservation holds)
    play(&mut g, Action::Lasso(c("AH")));
    assert_eq!((g.to_act(), g.out), (None, 1));
    let r = g.result();
    assert_eq!(r.scores[1], 23 + 100);
    assert_eq!(r.winners, crate::game::SeatMask::one(1));
}

fn lasso_ready() -> Lasso {
    let hands = [
        "2H 5H 7H 9H JH 3C 4C",
        "AH 2D 3D 4D 5D 6D 7D",
        "KH 2S 3S 4S 5S 6S 7S",
        "QH 8C 9C TC JC QC KC",
    ];
    let mut g = stacked(&LassoRules::default(), 3, &hands, "");
    for (up, down) in [("3C", "4C"), ("2D", "3D"), ("2S", "3S"), ("8C", "9C")] {
        play(&mut g, Action::Setup(c(up), c(down)));
    }
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(3, 1));
    play(&mut g, Action::Discard(c("9C"), 3));
    play(&mut g, Action::Lay(cs("2H 5H 7H 9H")));
    g
}

#[test]
fn lasso_off_and_going_out_and_scores() {
    let mut r = LassoRules::default();
    r.set("lasso", "off").unwrap();
    let hands = [
        "2H 5H 7H 9H JH 3C 4C",
        "AH 2D 3D 4D 5D 6D 7D",
        "KH 2S 3S 4S 5S 6S 7S",
        "QH 8C 9C TC JC QC KC",
    ];
    let mut g = stacked(&r, 3, &hands, "");
    for (up, down) in [("3C", "4C"), ("2D", "3D"), ("2S", "3S"), ("8C", "9C")] {
        play(&mut g, Action::Setup(c(up), c(down)));
    }
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(3, 1));
    play(&mut g, Action::Discard(c("9C"), 3));
    play(&mut g, Action::Lay(cs("2H 5H 7H 9H")));
    assert_eq!((g.to_act(), g.turn), (Some(1), 1)); // nobody is asked
    // seat 0 keeps JH; force an end: empty its hand by a discard later
    g.hands[0] = cs("JH");
    g.turn = 0;
    g.actor = 0;
    g.phase = Phase::Discard;
    let open = (0..4).find(|&p| g.open_top(p).is_some()).unwrap() as u8;
    play(&mut g, Action::Discard(c("JH"), open));
    assert_eq!(g.out, 0);
    let r = g.result();
    // seat 0: set 23 + 100; seat 1: AH(22) 4D..7D (22) = -44; seat 2: KH 4S..7S = -(10+22) = -32
    assert_eq!(&r.scores[..4], &[123, -44, -32, -(10 + 10 + 10 + 10 + 10)]);
}

/// Moves every stock card aside (scripted: the stock has run dry), keeping `keep` on top.
fn dry_stock(g: &mut Lasso, keep: &str) {
    while let Some(x) = g.stock.pop() {
        g.aside.insert(x);
    }
    for x in keep.split_whitespace().map(c) {
        g.aside.remove(x);
        g.stock.push(x);
    }
}

#[test]
fn empty_stock_ends_the_round() {
    let mut g = after_setup(&LassoRules::default(), "");
    dry_stock(&mut g, "");
    play(&mut g, Action::Reveal(1));
    // the empty stock is offered only when nothing else is legal (open tops can be taken)
    assert!(!legal(&g).contains(&Action::Stock));
    g.down = [true, true, false, false]; // pretend no top is open: the stock is needed
    assert_eq!(legal(&g), vec![Action::Stock]);
    play(&mut g, Action::Stock);
    assert_eq!((g.to_act(), g.out), (None, state::NOBODY));
    // draw-until-match that runs dry: 2D matches neither KC nor 4S... nor 9C
    let mut g = after_setup(&LassoRules::default(), "");
    dry_stock(&mut g, "2D");
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(0, 1));
    play(&mut g, Action::DrawUntil);
    assert!(g.to_act().is_none() && g.hands[1].contains(c("2D")));
    assert_eq!(g.result().scores[1], -(7 + 10 + 10 + 6 + 10 + 10 + 2));
}

#[test]
fn score_command() {
    let r = LassoRules::default();
    let a = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let v = Lasso::score_cli(&r, &a("JD QD KD AD")).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"set": "straight_flush", "points": 82})
    );
    let v = Lasso::score_cli(&r, &a("7C 7D 7H 7S")).unwrap();
    assert_eq!(v, serde_json::json!({"set": "kind", "points": 84}));
    let v = Lasso::score_cli(&r, &a("2H 5H 9H 10H")).unwrap();
    assert_eq!(v, serde_json::json!({"set": "suit", "points": 26}));
    let v = Lasso::score_cli(&r, &a("2H 5H 9H TS")).unwrap();
    assert_eq!(v, serde_json::json!({"set": null, "points": 0}));
    let v = Lasso::score_cli(&r, &a("--hand AS KD 5C")).unwrap();
    assert_eq!(v, serde_json::json!({"penalty": 37}));
    assert!(
        Lasso::score_cli(&r, &a("AS KD"))
            .unwrap_err()
            .contains("4 cards")
    );
    assert!(
        Lasso::score_cli(&r, &a("AS AS KD 2C"))
            .unwrap_err()
            .contains("twice")
    );
    assert!(
        Lasso::score_cli(&r, &a("--hand 2C 5H 2C"))
            .unwrap_err()
            .contains("twice")
    );
    assert!(
        Lasso::score_cli(&r, &a("--hand 2C JK"))
            .unwrap_err()
            .contains("without jokers")
    );
    // a whole deck in one hand is impossible: some card is always elsewhere
    let deck: Vec<String> = Card::all52().map(|x| x.to_string()).collect();
    let mut whole = vec!["--hand".to_string()];
    whole.extend(deck.iter().cloned());
    assert!(
        Lasso::score_cli(&r, &whole)
            .unwrap_err()
            .contains("at most 51")
    );
    whole.pop();
    assert!(Lasso::score_cli(&r, &whole).is_ok());
    assert!(
        Lasso::score_cli(&r, &a("ZZ AS KD 2C"))
            .unwrap_err()
            .contains("bad card")
    );
}

fn variants() -> Vec<LassoRules> {
    let mut out = vec![LassoRules::default()];
    for (k, v) in [
        ("empty_stock", "reshuffle"),
        ("lasso", "off"),
        ("sets_per_turn", "3"),
        ("mismatch_penalty", "everyone"),
        ("ace_in_hand", "2"),
    ] {
        let mut r = LassoRules::default();
        r.set(k, v).unwrap();
        out.push(r);
    }
    out
}

#[test]
fn invariant_harness_over_random_deals() {
    let mut total = 0;
    for (i, r) in variants().iter().enumerate() {
        for players in 2..=4 {
            let rep = random_deals::<Lasso>(r, players, 150, 7 + i as u64).unwrap();
            total += rep.deals;
        }
    }
    assert_eq!(total, 6 * 3 * 150);
}

#[test]
fn random_matches_end() {
    for players in 2..=4 {
        random_matches::<Lasso>(&LassoRules::default(), players, 4, 11).unwrap();
    }
}

/// Moves `cards` into `seat`'s hand from the stock or another hand (scripted positions).
fn give(g: &mut Lasso, seat: usize, cards: &str) {
    for x in cards.split_whitespace().map(c) {
        if let Some(i) = g.stock.as_slice().iter().position(|&y| y == x) {
            g.stock.remove_at(i);
        } else {
            let from = (0..4)
                .find(|&s| g.hands[s].contains(x))
                .expect("card in a hand");
            g.hands[from].remove(x);
        }
        g.hands[seat].insert(x);
    }
}

#[test]
fn sets_per_turn_allows_a_second_set() {
    for per_turn in [1, 2] {
        let mut r = LassoRules::default();
        r.set("lasso", "off").unwrap();
        r.sets_per_turn = per_turn;
        let mut g = after_setup(&r, "");
        give(&mut g, 1, "2C 3C 5C 6C 7S 7D 7H");
        play(&mut g, Action::Reveal(1));
        play(&mut g, Action::Take(0, 1));
        play(&mut g, Action::Discard(c("TH"), 1));
        assert!(legal(&g).contains(&Action::Pass));
        play(&mut g, Action::Lay(cs("2C 3C 5C 6C")));
        if per_turn == 1 {
            assert_eq!(g.to_act(), Some(0));
        } else {
            assert_eq!((g.phase, g.to_act()), (Phase::Set, Some(1)));
            play(&mut g, Action::Lay(cs("7C 7D 7H 7S")));
            assert_eq!((g.nsets, g.sets[1].points, g.to_act()), (2, 84, Some(0)));
        }
    }
}

#[test]
fn ace_in_hand_switch_scores_the_hand() {
    for (ace, want) in [("22", 22), ("11", 11), ("2", 2)] {
        let mut r = LassoRules::default();
        r.set("ace_in_hand", ace).unwrap();
        let g = after_setup(&r, "");
        // seat 0 holds 2H 5H AS 3D 8D
        assert_eq!(g.result().scores[0], -(2 + 5 + want + 3 + 8));
    }
}

#[test]
fn refill_from_the_stock_hides_an_unseen_top() {
    let mut g = after_setup(&LassoRules::default(), "KS");
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(1, 1)); // 4S
    play(&mut g, Action::Refill(2, c("4S")));
    play(&mut g, Action::RefillStock); // KS lands face down on 4S, unseen by all
    assert_eq!(g.piles[2].as_slice(), &[c("4S"), c("KS")]);
    assert_eq!(
        (g.down[2], g.knower[2], g.down_by[2]),
        (true, state::NOBODY, 1)
    );
    assert!(g.hidden_from(1).contains(c("KS")) && g.view(1).piles[2].known_top.is_none());
}

#[test]
fn trace_text_is_readable() {
    let g = after_setup(&LassoRules::default(), "");
    assert_eq!(
        g.describe(Action::Reveal(1)),
        "seat 1 reveals pile 1: 4S on 4H"
    );
    assert_eq!(
        g.describe(Action::Take(0, 1)),
        "seat 1 takes KC from pile 0"
    );
    let pic = g.render();
    assert!(
        pic.contains("pile 1: 4H [down]4S") && pic.contains("pile 2: (empty)"),
        "{pic}"
    );
}

/// The empty-stock rules, with this module's helpers.
#[path = "tests_stock.rs"]
mod stock;

/// The greedy bot: its plays in scripted positions and over whole deals.
#[path = "tests_greedy.rs"]
mod greedy_bot;

/// The set list (every legal set offered), greedy's undo rule and bounded decisions.
#[path = "tests_sets.rs"]
mod sets;

/// `any_discard` (whether the round can go on into the discard step) says what listing the
/// discards says, in every position of random deals.
#[test]
fn any_discard_matches_the_listed_discards() {
    let (mut positions, mut none) = (0, 0);
    let mut list = ActionList::new();
    for (i, r) in variants().iter().enumerate() {
        for players in 2..=4 {
            for seed in 0..40 {
                let mut rng = GameRng::new(900 + seed, (10 * i + players) as u64);
                let mut g = Lasso::deal(r, &Table::first(players), &mut rng);
                while g.to_act().is_some() {
                    let mut listed = false;
                    g.legal_discard(|_| listed = true);
                    assert_eq!(g.any_discard(), listed, "{}", g.render());
                    positions += 1;
                    none += usize::from(!listed);
                    g.legal_actions(&mut list);
                    let a = list[rng.index(list.len())];
                    g.apply(a);
                }
            }
        }
    }
    assert!(positions > 10_000, "{positions} {none}");
}
