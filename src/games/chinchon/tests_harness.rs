//! Chinchón: the generic invariant harness over every player count and the switches that
//! matter (random and greedy seats), random matches, and the shipped knob file.

use super::*;
use crate::game::check::{random_deals, random_matches};
use crate::strategy::{Strategy, resolve};

fn variants() -> Vec<(&'static str, Rules)> {
    let mut v = vec![("default", Rules::default())];
    let mut classic = Rules::default();
    for k in ["wild", "circ", "draw", "skip", "reverse"] {
        classic.set(k, "0").unwrap();
    }
    v.push(("classic", classic));
    let mut heavy = Rules::default();
    for (k, x) in [
        ("wild", "8"),
        ("circ", "8"),
        ("draw", "8"),
        ("skip", "4"),
        ("reverse", "6"),
        ("close_limit", "0"),
    ] {
        heavy.set(k, x).unwrap();
    }
    v.push(("heavy", heavy));
    let mut other = Rules::default();
    for (k, x) in [
        ("reverse_two_players", "skip"),
        ("chinchon", "win"),
        ("close_limit", "25"),
    ] {
        other.set(k, x).unwrap();
    }
    v.push(("other", other));
    v
}

/// Random seats rarely get under the close limit, so most of their deals run to the turn cap:
/// a few such deals per case, and many more with `close_limit=25`, where deals are short.
#[test]
fn invariant_harness_every_player_count_and_variant() {
    let mut total = 0;
    for (name, r) in variants() {
        let mut loose = r;
        loose.set("close_limit", "25").unwrap();
        for players in 2..=8 {
            let seed = 7 + players as u64;
            for (rules, n) in [(r, 6), (loose, 80)] {
                let rep = random_deals::<Chinchon>(&rules, players, n, seed)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                total += rep.deals;
            }
        }
    }
    assert!(total >= 2000);
}

#[test]
fn invariant_harness_with_greedy_seats() {
    let spec = resolve::<Chinchon>("greedy").unwrap();
    for (name, r) in variants() {
        for players in [2, 4, 6, 8] {
            let mut seats: Vec<Box<dyn Strategy<Chinchon>>> = (0..players)
                .map(|_| crate::strategy::build::<Chinchon>(&spec))
                .collect();
            let rep = crate::game::check::deals_with(&r, players, 60, 9, &mut seats)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(rep.deals, 60);
        }
    }
}

#[test]
fn random_matches_end() {
    for (name, r) in variants() {
        for players in [2, 3, 5] {
            random_matches::<Chinchon>(&r, players, 2, 3).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn knob_file_resolves_and_greedy_is_listed() {
    let spec = resolve::<Chinchon>("patient").unwrap();
    assert_eq!(spec.base, "greedy");
    assert!(Chinchon::bots().iter().any(|b| b.name == "greedy"));
}

/// The dead-card bound that spares working out the closes is sound: whenever it says no
/// discard closes, none does (the least points without each card, worked out, are all over
/// `close_limit`); and it does spare most of the work for random seats. Over random and
/// greedy seats, in a shoe crowded with `WILD`s and `CIRC`s (crowded hands too) and at
/// close limits 5 and 25.
#[test]
fn the_no_close_bound_never_hides_a_close() {
    use crate::game::ActionList;
    use crate::sim::Observer;
    use crate::strategy::build;
    struct Sound {
        spared: u32,
        asked: u32,
    }
    impl Observer<Chinchon> for Sound {
        fn before(&mut self, g: &Chinchon, _seat: usize, _legal: &[Action]) {
            if g.phase != Phase::Discard {
                return;
            }
            self.asked += 1;
            if g.no_close() {
                self.spared += 1;
                let w = g.without_now();
                let n = g.hands[g.turn].len();
                assert!(
                    w[..n].iter().all(|&x| x > g.rules.close_limit),
                    "{:?} {:?}",
                    g.hands[g.turn].as_slice(),
                    &w[..n]
                );
            }
        }
    }
    let mut obs = Sound {
        spared: 0,
        asked: 0,
    };
    let mut buf = ActionList::new();
    for limit in ["5", "25"] {
        let mut r = Rules::default();
        for (k, x) in [
            ("wild", "4"),
            ("circ", "6"),
            ("draw", "4"),
            ("close_limit", limit),
        ] {
            r.set(k, x).unwrap();
        }
        for (players, bot) in [(5, "random"), (3, "greedy"), (2, "random")] {
            let spec = resolve::<Chinchon>(bot).unwrap();
            let mut seats: Vec<_> = (0..players).map(|_| build::<Chinchon>(&spec)).collect();
            for i in 0..20 {
                let t = Table::first(players);
                play_deal(
                    &r,
                    &t,
                    &mut deal_rngs(6, i, 0),
                    &mut seats,
                    &mut buf,
                    &mut obs,
                );
            }
        }
    }
    assert!(
        obs.spared > 5_000 && obs.spared < obs.asked,
        "{} of {}",
        obs.spared,
        obs.asked
    );
}
