//! Tests of the combination lists: a hand's kept list against a list made from scratch at
//! every decision, and runs found by arcs against runs found by subsets.

use super::*;
use crate::cards::Card;
use crate::game::{ActionList, Game, Table};
use crate::games::chinchon::arrange::{arrange, arrange_listed};
use crate::games::chinchon::{Action, Chinchon, Rules};
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{build, resolve};

/// At every decision, each hand's kept list holds the same combinations as a list made
/// from scratch (in any order), and every one is a combination.
struct Fresh(u32);

impl Observer<Chinchon> for Fresh {
    fn before(&mut self, g: &Chinchon, _seat: usize, _legal: &[Action]) {
        for p in 0..g.players {
            let hand = g.hands[p].as_slice();
            let fresh = ComboList::of(hand);
            let sorted = |l: &ComboList| {
                l.list().map(|x| {
                    let mut v = x.to_vec();
                    v.sort_unstable();
                    v
                })
            };
            assert_eq!(sorted(&g.combos[p]), sorted(&fresh), "seat {p}");
            assert_eq!(g.combos[p].hand_masks(), fresh.hand_masks(), "seat {p}");
            // Arranging from the kept list lays down what arranging from scratch does.
            let pts = g.hand_points(p);
            let (mut a, mut b) = ([0u16; HAND_CAP / 3], [0u16; HAND_CAP / 3]);
            let kept = arrange_listed(hand, &pts[..hand.len()], Some(&g.combos[p]), &mut a);
            let scratch = arrange(hand, &pts[..hand.len()], &mut b);
            assert_eq!((kept, a), (scratch, b), "seat {p}");
            for &c in g.combos[p].list().unwrap_or(&[]) {
                let cards = positions(c).map(|i| hand[i]);
                assert!(super::super::arrange::is_combination(cards));
            }
            self.0 += 1;
        }
    }
}

#[test]
fn runs_by_arcs_are_runs_by_subsets() {
    use crate::cards::GameRng;
    use crate::games::chinchon::cards::ordered_shoe;
    let rich = crate::games::chinchon::cards::rich_rules(false);
    let mut deck = ordered_shoe(&rich, 4);
    let mut rng = GameRng::new(8, 8);
    let mut runs_seen = 0;
    for round in 0..4000 {
        deck.shuffle(&mut rng);
        // Long hands of few suits, so that long runs and gaps turn up.
        let mut hand: Vec<Card> = deck.as_slice()[..24]
            .iter()
            .copied()
            .filter(|c| c.index() >= 24)
            .collect();
        hand.truncate(7 + round % 6);
        let m = Masks::new(&hand);
        for s in 0..4 {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            runs_by_arcs(&m, s, 0, &mut |x| a.push(x));
            runs_by_subsets(&m, s, &mut |x| b.push(x));
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "suit {s} of {hand:?}");
            runs_seen += a.len();
        }
    }
    assert!(runs_seen > 5_000, "{runs_seen}");
}

#[test]
fn kept_lists_match_lists_from_scratch() {
    let rich = Rules {
        wild: 4,
        circ: 6,
        draw: 4,
        ..Rules::default()
    };
    let mut obs = Fresh(0);
    let mut buf = ActionList::new();
    // CIRC groups worth nothing: the arrangement leaves them unmatched.
    let free = Rules {
        circ: 8,
        circ_points: 0,
        wild_points: 0,
        ..rich
    };
    for (r, players, bot) in [
        (rich, 5, "random"),
        (rich, 3, "greedy"),
        (free, 3, "random"),
        (Rules::default(), 4, "greedy"),
    ] {
        let spec = resolve::<Chinchon>(bot).unwrap();
        let mut seats: Vec<_> = (0..players).map(|_| build::<Chinchon>(&spec)).collect();
        for i in 0..150 {
            let t = Table::first(players);
            play_deal(
                &r,
                &t,
                &mut deal_rngs(4, i, 0),
                &mut seats,
                &mut buf,
                &mut obs,
            );
        }
    }
    assert!(obs.0 > 20_000, "{} checks", obs.0);
    let _ = Chinchon::NAME;
}

/// The combinations holding one card, from [`combinations_with`] (runs of small suits by
/// subsets holding it), are those of the whole hand holding it; and the runs by subsets
/// holding a card are those by arcs holding it, on hands of one and of two decks.
#[test]
fn runs_holding_a_card_agree_with_plain_lists() {
    use crate::cards::GameRng;
    use crate::games::chinchon::cards::ordered_shoe;
    let rich = crate::games::chinchon::cards::rich_rules(false);
    let mut rng = GameRng::new(9, 9);
    let (mut checked, mut runs_seen) = (0, 0);
    for (players, narrow) in [(4, false), (8, false), (4, true), (8, true)] {
        let mut deck = ordered_shoe(&rich, players);
        for round in 0..3000 {
            deck.shuffle(&mut rng);
            // Some hands of two suits only, so that long suits turn up.
            let hand: Vec<Card> = deck
                .as_slice()
                .iter()
                .copied()
                .filter(|c| !narrow || c.index() >= 24)
                .take(7 + round % 6)
                .collect();
            let m = Masks::new(&hand);
            let mut all = [0u16; 1 << HAND_CAP];
            let count = combinations(&m, &mut all);
            for i in 0..hand.len() {
                let must = 1u16 << i;
                let mut plain: Vec<u16> = all[..count]
                    .iter()
                    .copied()
                    .filter(|&c| c & must != 0)
                    .collect();
                let mut out = [0u16; 1 << HAND_CAP];
                let n = combinations_with(&m, must, &mut out);
                let mut fast = out[..n].to_vec();
                plain.sort_unstable();
                fast.sort_unstable();
                assert_eq!(fast, plain, "card {i} of {hand:?}");
                checked += 1;
                let Some(s) = (0..4).find(|&s| m.suit[s] & must != 0) else {
                    continue;
                };
                let k = m.suit[s].count_ones();
                if k != m.suit_nums[s].count_ones() || k > FEW_HOLDING {
                    continue; // a number held twice (no arcs), or too many for subsets
                }
                let (mut a, mut b) = (Vec::new(), Vec::new());
                runs_by_arcs(&m, s, must, &mut |x| a.push(x));
                runs_by_subsets_holding(&m, s, must, &mut |x| b.push(x));
                a.retain(|&x| x & must != 0);
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "card {i} of {hand:?}");
                runs_seen += a.len();
            }
        }
    }
    assert!(
        checked > 50_000 && runs_seen > 20_000,
        "{checked} {runs_seen}"
    );
}

/// [`ComboList::may_join`] never turns away a card that some combination of the hand with it
/// would hold (the plain list from scratch), on hands of one and two decks with many
/// specials, with and without wilds; and it turns away most cards that join nothing.
#[test]
fn may_join_never_misses_a_combination() {
    use crate::cards::GameRng;
    use crate::games::chinchon::cards::ordered_shoe;
    let rich = crate::games::chinchon::cards::rich_rules(false);
    let mut rng = GameRng::new(12, 5);
    let (mut joined, mut turned_away, mut let_through) = (0, 0, 0);
    for players in [4, 8] {
        let mut deck = ordered_shoe(&rich, players);
        for round in 0..6000 {
            deck.shuffle(&mut rng);
            let n = 6 + round % 6;
            let mut hand: Vec<Card> = deck.as_slice()[..n + 1].to_vec();
            if round % 2 == 0 {
                // Half the hands without wilds, where runs need two cards beside the new one.
                hand.retain(|&c| c != crate::games::chinchon::WILD);
            }
            let c = hand.pop().expect("a card");
            let list = ComboList::of(&hand);
            hand.push(c);
            let m = Masks::new(&hand);
            let mut all = [0u16; 1 << HAND_CAP];
            let count = combinations(&m, &mut all);
            let holds = all[..count].iter().any(|&x| x >> (hand.len() - 1) & 1 == 1);
            match (list.may_join(c), holds) {
                (false, true) => panic!("{c:?} joins {hand:?}"),
                (false, false) => turned_away += 1,
                (true, false) => let_through += 1,
                (true, true) => joined += 1,
            }
        }
    }
    assert!(
        joined > 1000 && turned_away > 3 * let_through,
        "{joined} {turned_away} {let_through}"
    );
}
