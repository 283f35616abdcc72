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
            assert_eq!(g.combos[p].hand, fresh.hand, "seat {p}");
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
    let rich = Rules {
        wild: 3,
        circ: 4,
        ..Rules::default()
    };
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
