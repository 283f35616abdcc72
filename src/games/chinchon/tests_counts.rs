//! Chinchón: what the deal and `greedy` keep up to date instead of working it out at each
//! decision, against the plain computation: the public card counts (and the stock odds read
//! from them) over whole deals, and the values `greedy` derives for a hand with a dead card
//! added or taken away.

use super::super::arrange::HAND_CAP;
use super::super::cards::{ordered_shoe, point_table};
use super::super::combos::ComboList;
use super::super::hand_memo::{HandMemo, Key, with_dead};
use super::super::odds::{Odds, outs_by_kind};
use super::*;
use crate::cards::{Card, GameRng};
use crate::game::{ActionList, Table};
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{build, resolve};

/// At every decision: the kept public counts are those counted afresh, and every seat's
/// stock odds from them are those of the card-by-card scan; at every 16th, the tabled outs
/// of every pair of cards under the acting seat's odds are those worked out by kind.
struct Counts(u32);

impl Observer<Chinchon> for Counts {
    fn before(&mut self, g: &Chinchon, _seat: usize, _legal: &[Action]) {
        let mut fresh = g.clone();
        fresh.recount();
        assert_eq!(g.public, fresh.public, "turn {}", g.turns);
        for p in 0..g.players {
            let v = g.view(p);
            assert_eq!(Odds::of(&v), Odds::scan(&v), "seat {p} turn {}", g.turns);
        }
        if self.0.is_multiple_of(16) {
            let odds = Odds::of(&g.view(g.turn));
            for a in (0..53).map(Card::from_index) {
                for b in (0..53).map(Card::from_index) {
                    let kind = outs_by_kind(&odds, a, b);
                    assert_eq!(odds.outs(a, b), kind, "{a:?} {b:?} {odds:?}");
                }
            }
        }
        self.0 += 1;
    }
}

#[test]
fn public_counts_and_odds_match_the_scan_over_whole_deals() {
    let rich = Rules {
        wild: 4,
        circ: 6,
        draw: 4,
        skip: 3,
        reverse: 3,
        ..Rules::default()
    };
    let mut obs = Counts(0);
    let mut buf = ActionList::new();
    for (r, players, bots) in [
        (Rules::default(), 2, &["greedy"][..]),
        (Rules::default(), 4, &["greedy", "random"][..]),
        (rich, 3, &["greedy"][..]),
        (rich, 6, &["greedy", "greedy-prev"][..]),
        (Rules::classic(), 2, &["greedy"][..]),
    ] {
        let mut seats: Vec<_> = (0..players)
            .map(|s| build::<Chinchon>(&resolve::<Chinchon>(bots[s % bots.len()]).unwrap()))
            .collect();
        for i in 0..120 {
            let t = Table::first(players);
            play_deal(
                &r,
                &t,
                &mut deal_rngs(9, i, 0),
                &mut seats,
                &mut buf,
                &mut obs,
            );
        }
    }
    assert!(obs.0 > 15_000, "{} checks", obs.0);
}

/// The least points of a hand and without each card, searched.
fn searched(hand: &[Card], pts: &[u16]) -> ([u16; HAND_CAP], u16) {
    let mut w = [0u16; HAND_CAP];
    let best = best_and_without(hand, pts, &mut w);
    (w, best)
}

/// A card added to a hand that joins none of its combinations, or a card of no combination
/// taken out: the values `greedy` derives are those searched afresh.
#[test]
fn values_with_a_dead_card_added_or_removed_are_derived_exactly() {
    let r = Rules {
        wild: 3,
        circ: 5,
        ..Rules::default()
    };
    let pt = point_table(&r);
    let mut deck = ordered_shoe(&r, 8);
    let mut rng = GameRng::new(31, 4);
    let (mut added, mut removed) = (0, 0);
    for round in 0..4000 {
        deck.shuffle(&mut rng);
        let n = 6 + round % 6;
        let hand = &deck.as_slice()[..=n];
        let pts: Vec<u16> = hand.iter().map(|c| pt[c.index() as usize]).collect();
        let (w, _) = searched(hand, &pts);
        let key = Key::of(hand, &pt);
        assert_eq!(Key::of(&hand[..n], &pt).with(hand[n]), key);
        assert_eq!(key.less_last(), Key::of(&hand[..n], &pt));
        let list = ComboList::of(hand);
        let Some(list) = list.list() else { continue };
        let live = list.iter().fold(0u16, |a, &c| a | c);
        // The last card added to the rest.
        if live >> n & 1 == 0 {
            let (rest, best) = searched(&hand[..n], &pts[..n]);
            let derived = with_dead(&rest, best, n, pts[n]);
            assert_eq!(derived[..=n], w[..=n], "{hand:?}");
            added += 1;
        }
        // Each dead card taken out.
        for d in (0..=n).filter(|&d| live >> d & 1 == 0) {
            let mut memo = HandMemo::NONE;
            memo.discarded_dead(Key::of(hand, &pt), &w, d, pts[d]);
            let (mut left, mut lpts) = (hand.to_vec(), pts.clone());
            left.remove(d);
            lpts.remove(d);
            let (want, best) = searched(&left, &lpts);
            let got = memo
                .rest_if(Key::of(&left, &pt))
                .expect("the hand left is remembered");
            assert_eq!(
                (&got.0[..n], got.1),
                (&want[..n], best),
                "{hand:?} less {d}"
            );
            removed += 1;
        }
    }
    assert!(added > 1000 && removed > 5000, "{added} {removed}");
}
