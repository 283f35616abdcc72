//! Golf's uniform play ([`Game::play_uniform`], which reads `random`'s choices off the phase
//! and plays a draw and its place in one step) against the listed loop it replaces: the same
//! draws, the same actions and the same state over many deals, rule variants, line-ups with
//! a seat that decides otherwise, and calls cut short by their limit.

use super::scoring::score_cards;
use super::tests::rules;
use super::*;
use crate::cards::GameRng;
use crate::game::{ActionList, Game, SeatMask, Table};

/// The generic loop: list the actions, no draw for a forced move, else `rng.index(len)`.
fn listed(g: &mut Golf, uniform: SeatMask, limit: u32, rng: &mut GameRng) -> u32 {
    let mut buf = ActionList::new();
    let mut n = 0;
    while n < limit {
        match g.to_act() {
            Some(s) if uniform.contains(s) => {}
            _ => break,
        }
        g.legal_actions(&mut buf);
        let a = if buf.len() == 1 {
            buf[0]
        } else {
            buf[rng.index(buf.len())]
        };
        g.apply(a);
        n += 1;
    }
    n
}

/// A seat outside the uniform ones plays its last legal action.
fn other_seat(g: &mut Golf) {
    let mut buf = ActionList::new();
    g.legal_actions(&mut buf);
    g.apply(buf[buf.len() - 1]);
}

#[test]
fn uniform_play_matches_the_listed_loop() {
    let variants = [
        rules(&[]),
        rules(&[("flip_after_discard", "optional")]),
        rules(&[("flip_after_discard", "required")]),
        rules(&[
            ("empty_stock", "reshuffle"),
            ("flip_after_discard", "optional"),
        ]),
        rules(&[("final_turns", "no"), ("row_rule", "off"), ("box", "off")]),
        rules(&[("jokers", "on"), ("decks", "2"), ("pair_of_twos", "-4")]),
    ];
    let mut side = GameRng::new(99, 7);
    let mut buf = ActionList::new();
    let mut decisions = 0u64;
    for (v, r) in variants.iter().enumerate() {
        for players in [2, 3, 4, 6] {
            for deal in 0..60u64 {
                let mut deal_rng = GameRng::new(deal, v as u64);
                let g = Golf::deal(r, &Table::first(players), &mut deal_rng);
                let all = SeatMask::all(players);
                let mut but_one = all;
                but_one.remove(1);
                for uniform in [all, but_one] {
                    let (mut a, mut b) = (g.clone(), g.clone());
                    let (mut ra, mut rb) = (GameRng::new(deal, 100), GameRng::new(deal, 100));
                    let (mut na, mut nb) = (0, 0);
                    // `a` in pieces: fast calls with small limits, and single listed
                    // decisions (so that a fast call may start in the middle of a turn).
                    while let Some(s) = a.to_act() {
                        if !uniform.contains(s) {
                            other_seat(&mut a);
                        } else if side.below(3) == 0 {
                            na += listed(&mut a, uniform, 1, &mut ra);
                        } else {
                            let limit = [1, 2, 5, u32::MAX][side.index(4)];
                            na += a.play_uniform(uniform, limit, &mut ra, &mut buf);
                        }
                    }
                    while b.to_act().is_some() {
                        nb += listed(&mut b, uniform, u32::MAX, &mut rb);
                        if b.to_act().is_some_and(|s| !uniform.contains(s)) {
                            other_seat(&mut b);
                        }
                    }
                    assert_eq!(na, nb, "variant {v}, {players} players, deal {deal}");
                    assert_eq!(format!("{a:?}"), format!("{b:?}"));
                    assert_eq!(ra.next_u64(), rb.next_u64());
                    assert_eq!(a.public, a.public_recount());
                    let scores = a.scores();
                    for (s, grid) in a.grids.iter().enumerate().take(players) {
                        assert_eq!(scores[s], score_cards(grid, r));
                    }
                    decisions += na as u64;
                }
            }
        }
    }
    assert!(decisions > 50_000, "{decisions} decisions");
}
