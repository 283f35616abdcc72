//! Stacked positions for `greedy`'s new knobs (issue 21): where `greedy-prev` (the knobs
//! off) made a move a strong player would not, `greedy` does not. Positions are taken from
//! recorded deals (`cardsim trace broken-ladder --players 2 --seed S --deal D --strategy
//! greedy-prev`) played by `greedy-prev` up to the step named.

use super::*;
use crate::cards::{Card, GameRng};
use crate::game::{ActionList, Game, Table};
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{build, resolve};

/// Captures the state before decision number `at` (the trace's step).
struct Before(u32, u32, Option<BrokenLadder>);

impl Observer<BrokenLadder> for Before {
    fn before(&mut self, g: &BrokenLadder, _seat: usize, _legal: &[Action]) {
        self.1 += 1;
        if self.1 == self.0 {
            self.2 = Some(g.clone());
        }
    }
}

fn position(seed: u64, deal: u64, step: u32) -> BrokenLadder {
    let r = Rules::default();
    let spec = resolve::<BrokenLadder>("greedy-prev").unwrap();
    let mut seats: Vec<_> = (0..2).map(|_| build::<BrokenLadder>(&spec)).collect();
    let mut obs = Before(step, 0, None);
    let mut buf = ActionList::new();
    play_deal(
        &r,
        &Table::first(2),
        &mut deal_rngs(seed, deal, 0),
        &mut seats,
        &mut buf,
        &mut obs,
    );
    obs.2.expect("the deal reaches the step")
}

fn act(name: &str, g: &BrokenLadder) -> Action {
    let mut b = build::<BrokenLadder>(&resolve::<BrokenLadder>(name).unwrap());
    let seat = g.to_act().unwrap();
    b.begin_deal(seat);
    let mut l = ActionList::new();
    g.legal_actions(&mut l);
    b.act(&g.view(seat), &l, &mut GameRng::new(1, 1))
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// s1 d0 step 7: JH TS 2S 3C KH completes from the stock with 7H 7D 5D 8C 8S 9C 9S (and
/// 5H, seen in the other hand: 20% of the unseen cards); the previous greedy took 6H,
/// which completes nothing. Taking gives up that chance: greedy draws.
#[test]
fn a_take_that_completes_nothing_loses_to_the_stocks_chance_now() {
    let g = position(1, 0, 7);
    assert_eq!(g.discard.as_slice().last(), Some(&card("6H")));
    assert_eq!(act("greedy-prev", &g), Action::DrawDiscard);
    assert_eq!(act("greedy", &g), Action::DrawStock);
}

/// s1 d10 step 12: holding TC 2S TH 9D 7H 7D, the previous greedy threw TH and kept both
/// 7s, whose replacements are the same card value (counted twice); greedy counts distinct
/// cards and throws a 7.
#[test]
fn outs_count_distinct_cards() {
    let g = position(1, 10, 12);
    assert_eq!(g.to_act(), Some(0));
    assert_eq!(act("greedy-prev", &g), Action::Discard(card("TH")));
    let a = act("greedy", &g);
    assert!(
        a == Action::Discard(card("7H")) || a == Action::Discard(card("7D")),
        "{a:?}"
    );
}

/// Checks, at every state, each seat's memory of a reshuffled stock and the determinizer.
struct Recall {
    rng: GameRng,
    checked: u32,
}

impl Observer<BrokenLadder> for Recall {
    fn before(&mut self, g: &BrokenLadder, _seat: usize, _legal: &[Action]) {
        for seat in 0..g.players {
            let v = g.view(seat);
            let Some(memory) = v.stock_memory else {
                assert!(!g.reshuffled);
                continue;
            };
            // The memory is right: the stock holds only remembered cards...
            assert!(g.stock.counts().is_subset(memory), "seat {seat}");
            // ...and so does every sample, where the seat remembers the same.
            let sample = BrokenLadder::determinize(&v, &mut self.rng);
            assert!(sample.stock.counts().is_subset(memory), "seat {seat}");
            assert_eq!(sample.view(seat).stock_memory, Some(memory));
            self.checked += 1;
        }
    }
}

/// Perfect recall (RULES.md): after a reshuffle a seat knows which cards the stock can
/// hold. Without the memory a sample's stock held any unseen card (this test failed: the
/// view had no `stock_memory`, and samples put other cards in the stock).
#[test]
fn a_reshuffled_stock_is_remembered_and_sampled_from_memory() {
    let r = Rules::default();
    let spec = resolve::<BrokenLadder>("random").unwrap();
    let mut seats: Vec<_> = (0..2).map(|_| build::<BrokenLadder>(&spec)).collect();
    let mut obs = Recall {
        rng: GameRng::new(5, 5),
        checked: 0,
    };
    let mut buf = ActionList::new();
    for i in 0..40 {
        play_deal(
            &r,
            &Table::first(2),
            &mut deal_rngs(9, i, 0),
            &mut seats,
            &mut buf,
            &mut obs,
        );
    }
    assert!(
        obs.checked > 1000,
        "{} states after a reshuffle",
        obs.checked
    );
}
