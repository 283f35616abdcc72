//! Every legal set is offered (a hand with more sets than one list holds chooses in two
//! steps), greedy never undoes its own exchanges, and every knob value in range plays a deal
//! in bounded time.

use super::greedy_bot::position;
use super::*;
use crate::games::lasso::scoring::each_set;
use crate::sim::Observer;
use crate::strategy::Params;
use std::time::{Duration, Instant};

/// Every set the legal lists offer from `g` (in its set phase), `SetLow` steps followed.
fn offered(g: &Lasso) -> Vec<CardSet> {
    let mut out = Vec::new();
    let l = legal(g);
    assert!(l.len() <= crate::game::ACTION_CAP);
    for a in l {
        match a {
            Action::Lay(s) => out.push(s),
            Action::SetLow(c) => {
                let mut h = g.clone();
                h.apply(a);
                assert_eq!(h.phase, Phase::SetLow(c));
                check_state(&h, h.players as usize).unwrap();
                let l2 = legal(&h);
                assert!(!l2.is_empty() && l2.len() <= crate::game::ACTION_CAP);
                for b in l2 {
                    let Action::Lay(s) = b else {
                        panic!("{b:?} after choosing a lowest card")
                    };
                    assert_eq!(s.first(), Some(c));
                    out.push(s);
                }
            }
            Action::Pass => {}
            _ => panic!("{a:?} in the set phase"),
        }
    }
    out
}

/// The issue's hand (22.3): 211 sets, more than the old cap of 200 listed in card order, so
/// the straight flush 9C-QC (78 points, the best) and the only spade set were not offered.
fn big_hand() -> Lasso {
    let mut g = position(
        &[
            "2H 2D",
            "AC 3C 4C 5C 6C 7C 9C TC JC QC 5D 6D 7H 3S 4S 6S KS",
        ],
        ["8H", "", "", ""],
        "",
        1,
    );
    g.phase = Phase::Set;
    check_state(&g, 2).unwrap();
    g
}

#[test]
fn every_legal_set_of_the_issue_hand_is_offered() {
    let g = big_hand();
    let mut all = Vec::new();
    each_set(g.hands[1], None, |s| all.push(s));
    assert_eq!(all.len(), 211);
    let mut got = offered(&g);
    assert!(got.contains(&cs("9C TC JC QC")), "the best set is offered");
    assert!(got.contains(&cs("3S 4S 6S KS")), "the spade set is offered");
    got.sort_by_key(|s| s.0);
    all.sort_by_key(|s| s.0);
    assert_eq!(got, all, "each set exactly once");
}

#[test]
fn greedy_lays_the_best_set_of_a_big_hand() {
    let mut g = big_hand();
    let mut bot = Greedy::default();
    let mut rng = GameRng::new(3, 3);
    while g.to_act() == Some(1) && matches!(g.phase, Phase::Set | Phase::SetLow(_)) {
        let a = bot.act(&g.view(1), &legal(&g), &mut rng);
        play(&mut g, a);
    }
    assert_eq!(g.sets[0].cards, cs("9C TC JC QC"), "{}", g.render());
}

#[test]
fn sets_offered_match_the_enumeration_for_random_hands() {
    let mut rng = GameRng::new(7, 7);
    for i in 0..300 {
        let mut g = big_hand();
        let mut deck: Vec<Card> = Card::all52().collect();
        rng.shuffle(&mut deck);
        // give seat 1 a random hand of 8 to 36 cards (the rest to the stock)
        let n = 8 + rng.index(29);
        let hand: CardSet = deck[..n].iter().copied().collect();
        g.hands = [CardSet::EMPTY; 4];
        g.piles = [crate::cards::Pile::new(); 4];
        g.piles[0] = crate::cards::Pile::from_slice(&deck[n..n + 1]);
        g.hands[0] = deck[n + 1..n + 3].iter().copied().collect();
        g.hands[1] = hand;
        g.stock = crate::cards::Pile::from_slice(&deck[n + 3..]);
        if !scoring::has_set(hand) {
            continue;
        }
        // every other round owes a set with one of its cards
        let owe = (i % 2 == 1).then(|| hand.into_iter().find(|&d| scoring::can_set_with(hand, d)));
        g.owed = owe.flatten();
        check_state(&g, 2).unwrap();
        let mut all = Vec::new();
        each_set(hand, g.owed, |s| all.push(s));
        assert_eq!(legal::count_sets(hand, g.owed), all.len());
        let mut got = offered(&g);
        got.sort_by_key(|s| s.0);
        all.sort_by_key(|s| s.0);
        assert_eq!(got, all, "{hand} owing {:?}", g.owed);
    }
}

/// Counts, per seat, turns that end with the hand the seat held at the start of its turn
/// before (after a pile pick-up): undoing its own last exchange.
#[derive(Default)]
struct Undos {
    starts: [Vec<CardSet>; 4],
    took_pile: [Vec<bool>; 4],
    count: u32,
}

impl Observer<Lasso> for Undos {
    fn chose(&mut self, g: &Lasso, seat: usize, a: Action) {
        if g.phase != Phase::Pickup {
            return;
        }
        let (starts, took) = (&mut self.starts[seat], &mut self.took_pile[seat]);
        let n = starts.len();
        // the hand now ends the turn before: it undid the one before that
        if n >= 2 && took[n - 1] && starts[n - 2] == g.hands[seat] {
            self.count += 1;
        }
        starts.push(g.hands[seat]);
        took.push(matches!(a, Action::Take(..)));
    }
}

/// Plays `deals` 2-player greedy deals of seed `seed` with these knobs; returns the undos and
/// the deals reaching 60 turns.
fn greedy_deals(p: &Params, seed: u64, deals: u64) -> (u32, u32) {
    let mut seats: Vec<Box<dyn Strategy<Lasso>>> = (0..2)
        .map(|_| Box::new(Greedy::new(p)) as Box<dyn Strategy<Lasso>>)
        .collect();
    let mut buf = ActionList::new();
    let (mut undos, mut long) = (0, 0);
    for d in 0..deals {
        let mut obs = Undos::default();
        let (r, _) = play_deal(
            &LassoRules::default(),
            &Table::first(2),
            &mut deal_rngs(seed, d, 0),
            &mut seats,
            &mut buf,
            &mut obs,
        );
        undos += obs.count;
        long += u32::from(r.turns >= 60);
    }
    (undos, long)
}

#[test]
fn greedy_never_undoes_its_own_last_exchange() {
    // seed 9, deal 2 (`cardsim trace lasso --players 2 --seed 9 --deal 2`): the previous
    // greedy swaps AC/4C and 4D/5D back and forth for 25 rounds
    // the shipped `greedy-prev` knob file, which turns every later rule off
    let prev = crate::strategy::resolve::<Lasso>("greedy-prev")
        .unwrap()
        .params;
    let (undos, long) = greedy_deals(&prev, 9, 3);
    assert!(
        undos >= 20 && long >= 1,
        "greedy-prev: {undos} undos, {long} long"
    );
    let (undos, long) = greedy_deals(&Params::default(), 9, 3);
    assert_eq!((undos, long), (0, 0));
    let (undos, _) = greedy_deals(&Params::default(), 1, 100);
    assert_eq!(undos, 0);
}

#[test]
fn extreme_knobs_play_a_deal_in_bounded_time() {
    // issue 23.10: these took 20 s a deal (release build)
    let mut rules = LassoRules::default();
    rules.set("lasso", "off").unwrap();
    rules.set("sets_per_turn", "4").unwrap();
    let limit = crate::strategy::KNOB_LIMIT;
    let knobs: [&[(&str, f64)]; 3] = [
        &[
            ("patience", 0.0),
            ("set_weight", limit),
            ("progress", 100.0),
        ],
        &[
            ("patience", 0.0),
            ("set_weight", -limit),
            ("progress", limit),
        ],
        &[
            ("patience", limit),
            ("penalty_weight", -limit),
            ("tempo", -limit),
        ],
    ];
    for k in knobs {
        let p = Params::new(k.iter().map(|&(k, v)| (k.to_string(), v)).collect());
        let mut seats: Vec<Box<dyn Strategy<Lasso>>> = (0..3)
            .map(|_| Box::new(Greedy::new(&p)) as Box<dyn Strategy<Lasso>>)
            .collect();
        let mut buf = ActionList::new();
        let t = Instant::now();
        for d in 0..2 {
            play_deal(
                &rules,
                &Table::first(3),
                &mut deal_rngs(1, d, 0),
                &mut seats,
                &mut buf,
                &mut Quiet,
            );
        }
        let took = t.elapsed();
        eprintln!("{k:?}: 2 deals in {took:?}");
        assert!(took < Duration::from_secs(20), "{k:?}: {took:?}");
    }
}

#[test]
fn setup_partners_from_masks_match_the_plain_double_loop() {
    use crate::games::lasso::legal::{legal_setup, setup_partners};
    use crate::games::lasso::state::pair_ok;
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for n in 0..5_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // hands of every density, from a few cards to the whole deck
        let bits = match n % 3 {
            0 => x & x >> 7 & x >> 19,
            1 => x & x >> 11,
            _ => x,
        };
        let hand = CardSet(bits & ((1u64 << 52) - 1));
        let mut plain = Vec::new();
        for a in hand {
            for b in hand {
                if a != b && pair_ok(a, b) {
                    plain.push(Action::Setup(a, b));
                }
            }
            let want: CardSet = hand
                .into_iter()
                .filter(|&b| b != a && pair_ok(a, b))
                .collect();
            assert_eq!(setup_partners(hand, a), want, "{hand:?} {a:?}");
        }
        let mut fast = Vec::new();
        legal_setup(hand, |a| fast.push(a));
        assert_eq!(fast, plain, "{hand:?}");
    }
}
