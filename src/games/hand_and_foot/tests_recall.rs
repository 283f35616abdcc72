//! Perfect recall (issue 21): the view lists the discard pile and the cards known to be in
//! each hand (a pile taken, the upcard, melds taken back), the JSON carries them, the
//! determinizer keeps them where they are, and greedy weighs the pile's 3s.

use super::state::{Action, HandAndFoot};
use super::tests::*;
use super::{Greedy, HfRules};
use crate::cards::GameRng;
use crate::game::{Game, SeatView};
use crate::strategy::{Params, Strategy};

#[test]
fn view_shows_the_pile_not_the_foot() {
    let g = position("KS KH KD", "9H 4D 7H", STOCK, HfRules::default());
    let v = g.view(0);
    assert_eq!(
        v.shown(),
        counts("KS KH KD 9H 4D 7H 9C 9D 4S 4H 5C"),
        "its own foot and the whole pile are known"
    );
    assert_eq!((v.pile_len(), v.stock_len(), v.hand_lens()[0]), (3, 10, 3));
    assert_eq!(g.hidden_from(0), counts(STOCK));
    let j = v.to_json();
    assert_eq!(j["pile_under"], serde_json::json!(["9H", "4D"]));
    assert_eq!(j["top"], "7H");
}

#[test]
fn a_taken_pile_is_known_until_melded_or_discarded() {
    let mut g = position(
        "7S 7C KS QH JD",
        "9H 4D 4C 3S 7H",
        STOCK,
        HfRules::default(),
    );
    g.opened[0] = true;
    g.apply(Action::TakePile);
    assert_eq!(g.known[0], counts("9H 4D 4C 3S"));
    let v1 = g.view(1);
    assert_eq!(
        v1.to_json()["known"][0],
        serde_json::json!(["4C", "4D", "9H", "3S"])
    );
    assert!(v1.shown().is_subset(&g.shoe()));
    assert_eq!(v1.shown().count("4D".parse().unwrap()), 1);
    // Seat 1 does not see seat 0's own cards (KS QH JD), only the pile it took.
    assert_eq!(
        g.hidden_zones(1)[1],
        counts("KS QH JD"),
        "the unknown part of seat 0's hand"
    );
    g.apply(Action::Discard("3S".parse().unwrap()));
    assert_eq!(g.known[0], counts("9H 4D 4C"));
    let v2 = g.view(2);
    let mut rng = GameRng::new(3, 1);
    let mut varied = false;
    for _ in 0..30 {
        let s = HandAndFoot::determinize(&v2, &mut rng);
        assert!(
            counts("9H 4D 4C").is_subset(&s.hands[0]),
            "known cards stay"
        );
        assert_eq!(s.hands[0].len(), g.hands[0].len());
        assert_eq!(
            s.discard.as_slice(),
            g.discard.as_slice(),
            "the pile is known"
        );
        varied |= s.hands[0] != g.hands[0];
    }
    assert!(varied, "the rest of seat 0's hand is resampled");
}

#[test]
fn a_retracted_opening_returns_known_cards() {
    let mut g = position("7S 7C 7D KS QH JD", "9H", STOCK, HfRules::default());
    g.apply(Action::Draw);
    g.apply(Action::New { rank: 6, wild: 0 });
    assert!(super::tests::legal(&g).contains(&Action::Retract));
    g.apply(Action::Retract);
    assert_eq!(g.known[0], counts("7S 7C 7D"));
}

/// Seat 0 holds a pair of tens late in the deal (the stock nearly gone, the opponents on
/// the foot with their books made); the pile of tens holds six 3s.
fn late_pile(pile: &str) -> HandAndFoot {
    let mut g = position("TS TH KS QH JD", pile, STOCK, HfRules::default());
    g.opened[0] = true;
    g.in_foot[1] = true;
    g.melds[1].nat_books[4] = 2;
    g.melds[1].nat[10] = 5;
    g.melds[1].wild[10] = 2;
    g
}

fn draw_choice(g: &HandAndFoot, knobs: &Params) -> Action {
    let mut bot = Greedy::new(knobs);
    bot.act(&g.view(0), &legal(g), &mut GameRng::new(0, 0))
}

#[test]
fn greedy_leaves_a_pile_of_threes_late() {
    // Issue 21, s1 d0 step 220: greedy took a 36-card pile holding 14 threes late in the
    // deal and its partnership lost with more books. Six 3s (1,400 points) with about two
    // turns left cannot all be shed; a pair of tens and two lone cards do not pay for them.
    let g = late_pile("3H 3D 5C 3S 3H 3D 7D 3C TC");
    assert!(legal(&g).contains(&Action::TakePile));
    assert_eq!(draw_choice(&g, &Params::default()), Action::Draw);
    let prev = crate::strategy::resolve::<HandAndFoot>("greedy-prev").unwrap();
    assert_eq!(
        draw_choice(&g, &prev.params),
        Action::TakePile,
        "the previous greedy"
    );
    // Early in the deal the same pile's 3s can be shed one a turn: greedy takes it.
    let mut early = g.clone();
    early.in_foot[1] = false;
    early.stock = crate::cards::Pile::from_slice(&cards(&format!("{STOCK} {STOCK} {STOCK}")));
    early
        .stock
        .extend_from_slice(&cards(&format!("{STOCK} {STOCK} {STOCK}")));
    early.melds[1] = Default::default();
    assert_eq!(draw_choice(&early, &Params::default()), Action::TakePile);
    // Late, a pile without 3s still pays.
    let clean = late_pile("5C 9D 7D 9H TC");
    assert_eq!(draw_choice(&clean, &Params::default()), Action::TakePile);
}

/// Pile takes in `n` greedy deals (seed 1, 4 players) with the knobs of `name`: all of
/// them, those carrying 3s worth 600 points or more, and how many of those the taker's
/// partnership won. Run with `--ignored --nocapture` (`HF_PROFILE=a,b`: these strategies,
/// names or knob files).
fn pile_takes(name: &str, n: u64) -> (u32, u32, u32) {
    let spec = crate::strategy::resolve::<HandAndFoot>(name).unwrap();
    let mut bots: Vec<Greedy> = (0..4).map(|_| Greedy::new(&spec.params)).collect();
    let mut buf = crate::game::ActionList::new();
    let (mut takes, mut heavy, mut won) = (0, 0, 0);
    for i in 0..n {
        let t = crate::game::Table::first(4);
        let mut rngs = crate::sim::deal_rngs(1, i, 0);
        let mut g = HandAndFoot::deal(&HfRules::default(), &t, &mut rngs.deal);
        let mut heavy_teams = Vec::new();
        while let Some(seat) = g.to_act() {
            g.legal_actions(&mut buf);
            let a = bots[seat].act(&g.view(seat), &buf, &mut rngs.play);
            if a == Action::TakePile {
                takes += 1;
                let threes: i32 = g
                    .discard
                    .as_slice()
                    .iter()
                    .filter(|c| c.rank().index() == 2)
                    .map(|&c| super::melds::card_value(c))
                    .sum();
                if threes >= 600 {
                    heavy += 1;
                    heavy_teams.push(seat % 2);
                }
            }
            g.apply(a);
        }
        let r = g.result();
        for t in heavy_teams {
            won += u32::from(r.winners.contains(t));
        }
    }
    (takes, heavy, won)
}

#[test]
#[ignore]
fn pile_take_profile() {
    let names = std::env::var("HF_PROFILE").unwrap_or("greedy-prev,greedy".into());
    for name in names.split(',') {
        let (takes, heavy, won) = pile_takes(name, 200);
        println!(
            "{name}: {takes} pile takes in 200 deals, {heavy} carrying >= 600 points of 3s, taker's team won {won} of those"
        );
    }
}

/// Each open meld's `turn` in the view (and its JSON) is the player turn on which it was
/// started, checked against the turn at which the meld was first seen open, replaying
/// greedy deals at 4 and 6 players step by step.
#[test]
fn the_view_remembers_when_each_meld_was_started() {
    let mut buf = crate::game::ActionList::new();
    let mut checked = 0;
    for (players, deals) in [(4, 12u64), (6, 6)] {
        let mut bots: Vec<Greedy> = (0..players)
            .map(|_| Greedy::new(&Params::default()))
            .collect();
        for i in 0..deals {
            let t = crate::game::Table::first(players);
            let mut rngs = crate::sim::deal_rngs(7, i, 0);
            let mut g = HandAndFoot::deal(&HfRules::default(), &t, &mut rngs.deal);
            // Per partnership and rank: the turn the meld was first seen open, if it is.
            let mut seen: [[Option<u32>; 13]; 2] = [[None; 13]; 2];
            while let Some(seat) = g.to_act() {
                g.legal_actions(&mut buf);
                let a = bots[seat].act(&g.view(seat), &buf, &mut rngs.play);
                let turn = g.turns;
                g.apply(a);
                for (t, row) in seen.iter_mut().enumerate() {
                    for (r, s) in row.iter_mut().enumerate() {
                        let open = g.melds[t].is_open(r as u8);
                        *s = match (open, *s) {
                            (false, _) => None,
                            (true, None) => Some(turn),
                            (true, kept) => kept,
                        };
                    }
                }
                let v = g.view((seat + 1) % players);
                let j = v.to_json();
                for (t, row) in seen.iter().enumerate() {
                    let open = j["partnerships"][t]["melds"]["open"].as_array().unwrap();
                    assert_eq!(open.len(), row.iter().flatten().count());
                    for (r, s) in row.iter().enumerate() {
                        if let Some(turn) = *s {
                            assert_eq!(v.open_turn(t, r as u8), turn, "deal {i}, rank {r}");
                            let letter = crate::cards::Rank::new(r as u8).letter().to_string();
                            let m = open.iter().find(|m| m["rank"] == letter.as_str()).unwrap();
                            assert_eq!(m["turn"], turn);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} open melds checked");
}
