//! Chinchón: the determinizer (harness checks at every state of random deals, uniform
//! placement, cards known to sit in a hand), the view JSON and the card notation it uses.

use super::*;
use crate::game::check::{check_sample, determinizer, determinizer_uniform_random};
use crate::game::{Game, SeatView};

/// Loose closes keep random deals short; classic and two-deck shoes change what is hidden.
fn loose(mut r: Rules) -> Rules {
    r.set("close_limit", "25").unwrap();
    r
}

#[test]
fn samples_match_the_view_at_every_state_for_every_seat() {
    for (name, r) in [("default", Rules::default()), ("classic", Rules::classic())] {
        for players in 2..=8 {
            let deals = if players <= 4 { 12 } else { 5 };
            let n = determinizer::<Chinchon>(&loose(r), players, deals, 40 + players as u64)
                .unwrap_or_else(|e| panic!("{name} at {players}: {e}"));
            assert!(n > 10 * deals, "{name} at {players}: {n} states");
        }
    }
}

#[test]
fn unknown_cards_land_uniformly() {
    for players in [2, 3, 4, 6] {
        determinizer_uniform_random::<Chinchon>(&Rules::default(), players, 4, 400, 5)
            .unwrap_or_else(|e| panic!("{players} players: {e}"));
    }
    determinizer_uniform_random::<Chinchon>(&Rules::classic(), 4, 4, 400, 6).unwrap();
}

#[test]
fn a_card_taken_from_the_discards_stays_in_the_takers_hand_until_discarded() {
    let r = Rules::default();
    let mut g = game(&r, &H3, "8B", "10B 11B 12B");
    // Seat 2 (the dealer's right) takes the 8B upcard in view of all.
    g.apply(Action::DrawDiscard);
    assert_eq!(g.view(0).known(2), &[c("8B")][..]);
    assert!(!g.hidden_from(0).contains(c("8B")));
    let mut rng = GameRng::new(3, 4);
    for _ in 0..50 {
        let s = Chinchon::determinize(&g.view(0), &mut rng);
        check_sample(&g, 0, 3, &s).unwrap();
        assert!(s.hands[2].as_slice().contains(&c("8B")));
        assert_eq!(s.hands[0].as_slice(), g.hands[0].as_slice());
    }
    // Seat 1 sees it too; seat 2 discards 9B, then later 8B: it is no longer known.
    g.apply(Action::Discard(c("9B")));
    assert_eq!(g.view(1).known(2), &[c("8B")][..]);
    let json = g.view(1).to_json();
    assert_eq!(json["known"][2], serde_json::json!(["8B"]));
    assert_eq!(json["hand_sizes"], serde_json::json!([7, 7, 7]));
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(c("7E")));
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(c("7C")));
    g.apply(Action::DrawStock);
    g.apply(Action::Discard(c("8B")));
    assert!(g.view(0).known(2).is_empty());
}

#[test]
fn samples_reseed_the_chance_generator_and_vary() {
    let r = Rules::default();
    let g = game(&r, &H3, "8B", "10B 11B 12B 1B 2B 3B");
    let mut rng = GameRng::new(9, 9);
    let a = Chinchon::determinize(&g.view(0), &mut rng);
    let b = Chinchon::determinize(&g.view(0), &mut rng);
    assert_ne!(
        (a.hands[1].as_slice(), a.stock.as_slice()),
        (b.hands[1].as_slice(), b.stock.as_slice())
    );
}

#[test]
fn view_json_uses_the_chinchon_notation() {
    assert_eq!(Chinchon::card_from_text("12B"), Some(c("12B")));
    assert_eq!(Chinchon::card_from_text("DRAW"), Some(DRAW));
    // Words of the JSON that are not cards in the exact notation.
    for word in ["draw", "12b", "QH", "over", "reversed"] {
        assert_eq!(Chinchon::card_from_text(word), None, "{word}");
    }
    let r = Rules::default();
    let g = game(&r, &H3, "8B", "10B 11B");
    let v = g.view(2).to_json();
    assert_eq!(
        v["hand"],
        serde_json::json!(["1O", "2O", "3O", "DRAW", "SKIP", "REV", "9B"])
    );
    assert_eq!(
        (v["phase"].as_str(), v["turn"].as_u64()),
        (Some("draw"), Some(2))
    );
    assert_eq!(v["discard"], serde_json::json!(["8B"]));
}

/// Perfect recall after reshuffles: at each state after the first reshuffle, for every seat, a
/// sample passes the generic harness and its stock holds only cards the last reshuffle put
/// there (a card the seat can tell is in a hand is never sampled into the stock).
struct AfterReshuffle {
    players: usize,
    rng: GameRng,
    states: u32,
    /// Samples whose stock the old uniform placement would have broken: a hidden card not
    /// among the restocked ones existed.
    constrained: u32,
    error: Option<String>,
}

impl crate::sim::Observer<Chinchon> for AfterReshuffle {
    fn before(&mut self, g: &Chinchon, _seat: usize, _legal: &[Action]) {
        if g.reshuffles == 0 || self.error.is_some() || self.states > 3000 {
            return;
        }
        self.states += 1;
        for seat in 0..self.players {
            let s = Chinchon::determinize(&g.view(seat), &mut self.rng);
            let outside = g
                .hidden_from(seat)
                .iter()
                .any(|(c, n)| n > g.restocked.count(c));
            self.constrained += outside as u32;
            let check = check_sample(g, seat, self.players, &s).and_then(|()| {
                if s.stock.counts().is_subset(&g.restocked) {
                    Ok(())
                } else {
                    Err(format!(
                        "seat {seat}: a sampled stock card was not restocked"
                    ))
                }
            });
            if let Err(e) = check {
                self.error = Some(format!("{e}\n{}", g.render()));
            }
        }
    }
}

#[test]
fn samples_after_a_reshuffle_draw_the_stock_from_the_restocked_cards() {
    let mut buf = ActionList::new();
    for (r, players) in [
        (Rules::default(), 2),
        (Rules::classic(), 4),
        (Rules::default(), 3),
    ] {
        let mut seats: Vec<Box<dyn crate::strategy::Strategy<Chinchon>>> = (0..players)
            .map(|_| Box::new(crate::strategy::Random) as _)
            .collect();
        let mut obs = AfterReshuffle {
            players,
            rng: GameRng::new(4, 4),
            states: 0,
            constrained: 0,
            error: None,
        };
        for i in 0..3 {
            crate::sim::play_deal(
                &r,
                &Table::first(players),
                &mut crate::sim::deal_rngs(9, i, 0),
                &mut seats,
                &mut buf,
                &mut obs,
            );
            assert_eq!(obs.error, None, "{players} players, deal {i}");
        }
        assert!(
            obs.states > 500 && obs.constrained > 500,
            "{} {}",
            obs.states,
            obs.constrained
        );
        let json = Chinchon::determinize(
            &Chinchon::deal(&r, &Table::first(players), &mut GameRng::new(1, 2)).view(0),
            &mut GameRng::new(1, 1),
        )
        .view(0)
        .to_json();
        assert_eq!(json["restocked"], serde_json::json!({}));
    }
}

/// The search bots too: their samples deal the hidden cards relative to the searching seat.
#[test]
fn search_bots_are_seat_symmetric() {
    crate::strategy::search::symmetric::search_bots_are_seat_symmetric::<Chinchon>(
        &Rules::default(),
        &[2, 3, 4],
        2,
        65,
    );
}
