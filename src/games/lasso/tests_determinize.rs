//! Lasso's determinizer, view JSON and state JSON: the harness's checks over random deals at
//! every player count and the switches that change hidden information, and scripted
//! positions whose public constraints the samples must honour.

use super::*;
use crate::cards::{CardSet, GameRng};
use crate::game::check::{determinizer, determinizer_uniform};
use crate::game::{Game, Rules};

fn variants() -> Vec<LassoRules> {
    let mut out = vec![LassoRules::default()];
    for (k, v) in [
        ("empty_stock", "reshuffle"),
        ("lasso", "off"),
        ("sets_per_turn", "2"),
    ] {
        let mut r = LassoRules::default();
        r.set(k, v).unwrap();
        out.push(r);
    }
    out
}

#[test]
fn samples_fit_the_view_at_every_state() {
    for rules in variants() {
        for players in 2..=4 {
            let n = determinizer::<Lasso>(&rules, players, 6, 11).unwrap();
            assert!(n > 100, "{n} states");
        }
    }
}

/// The harness's chi-square test where the view holds no constraint on where an unknown
/// card lies (no face-down pair card, no pending setup pair, no owed or shown set): the
/// unknown cards must then be uniform over the hidden zones. (Where a constraint holds, the
/// samples are not uniform by design: `a_setup_top_...` and `cards_taken_...` test those.)
#[test]
fn unknown_cards_are_placed_uniformly() {
    let mut checked = 0;
    for players in 2..=4 {
        for deal in 0..40u64 {
            let mut rng = GameRng::new(deal, players as u64);
            let mut table = crate::game::Table::first(players);
            table.dealer = deal as usize % players;
            let mut g = Lasso::deal(&LassoRules::default(), &table, &mut rng);
            let mut buf = crate::game::ActionList::new();
            for step in 0.. {
                if g.to_act().is_none() {
                    break;
                }
                let free = !g.paired.iter().zip(g.down).any(|(&p, d)| p && d)
                    && g.pending.iter().all(|p| p.is_empty())
                    && matches!(g.phase, Phase::Reveal | Phase::Pickup);
                if free && step % 9 == 0 && checked < 12 {
                    for seat in 0..players {
                        determinizer_uniform(&g, seat, 300, deal).unwrap();
                    }
                    checked += 1;
                }
                g.legal_actions(&mut buf);
                g.apply(buf[rng.index(buf.len())]);
            }
        }
    }
    assert!(checked >= 12, "{checked} positions");
}

#[test]
fn a_setup_top_shares_rank_or_higher_suit_with_its_under_card() {
    let mut rng = GameRng::new(3, 3);
    let table = crate::game::Table::first(4);
    let mut g = Lasso::deal(&LassoRules::default(), &table, &mut rng);
    let mut buf = crate::game::ActionList::new();
    while g.phase == Phase::Setup {
        g.legal_actions(&mut buf);
        g.apply(buf[0]);
    }
    let seat = g.actor as usize;
    for i in 0..200 {
        let s = Lasso::determinize(&g.view(seat), &mut GameRng::new(i, 9));
        for p in (0..4).filter(|&p| g.down[p] && g.knower[p] as usize != seat) {
            let (u, t) = (s.piles[p].peek(1).unwrap(), s.piles[p].top().unwrap());
            assert!(state::pair_ok(u, t), "{t} on {u}");
        }
    }
}

#[test]
fn cards_taken_in_view_stay_with_their_taker() {
    let mut rng = GameRng::new(8, 1);
    let table = crate::game::Table::first(3);
    let mut g = Lasso::deal(&LassoRules::default(), &table, &mut rng);
    let mut buf = crate::game::ActionList::new();
    // play first legal actions until some seat holds a known card
    while g.known.iter().all(|k| k.is_empty()) && g.to_act().is_some() {
        g.legal_actions(&mut buf);
        let a = buf
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Take(..)))
            .unwrap_or(buf[0]);
        g.apply(a);
    }
    let s = (0..3).find(|&s| !g.known[s].is_empty()).unwrap();
    let seat = (s + 1) % 3;
    let mine: CardSet = g.known[s];
    for i in 0..100 {
        let x = Lasso::determinize(&g.view(seat), &mut GameRng::new(i, 2));
        let mut place = x.hands[s];
        for p in (0..4).filter(|&p| x.down[p] && x.down_by[p] as usize == s) {
            place.insert(x.piles[p].top().unwrap());
        }
        assert!(mine.is_subset(place), "{mine} not with seat {s}");
    }
}

#[test]
fn state_json_holds_every_card() {
    let mut rng = GameRng::new(4, 4);
    let g = Lasso::deal(
        &LassoRules::default(),
        &crate::game::Table::first(2),
        &mut rng,
    );
    let j = g.state_json();
    let mut n = j["stock"].as_array().unwrap().len();
    for h in j["hands"].as_array().unwrap() {
        n += h.as_array().unwrap().len();
    }
    assert_eq!(n, 52);
    assert_eq!(j["phase"]["name"], "setup");
}

/// After a multi-card pick-up the turn's player owes a set holding the deepest card taken:
/// every sample from another seat's view keeps that card in its hand (never on a face-down
/// top it discarded: a discard that breaks the owed set is not legal) with a set around it.
#[test]
fn an_owed_card_stays_in_its_owners_hand() {
    let (mut found, mut drawn) = (0, 0);
    for deal in 0..300u64 {
        let mut rng = GameRng::new(deal, 5);
        let mut g = Lasso::deal(
            &LassoRules::default(),
            &crate::game::Table::first(2),
            &mut rng,
        );
        let mut buf = crate::game::ActionList::new();
        while g.to_act().is_some() {
            g.legal_actions(&mut buf);
            // prefer multi-card pick-ups so that owed sets come up often, then draw-until
            let a = buf
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Take(_, k) if *k > 1))
                .or_else(|| buf.iter().copied().find(|a| *a == Action::DrawUntil))
                .unwrap_or(buf[rng.index(buf.len())]);
            g.apply(a);
            let (Some(d), Phase::Discard | Phase::Set | Phase::Drawn(_)) = (g.owed, g.phase) else {
                continue;
            };
            found += 1;
            drawn += matches!(g.phase, Phase::Drawn(_)) as u32;
            let (t, seat) = (g.turn as usize, 1 - g.turn as usize);
            for i in 0..20 {
                let mut s = Lasso::determinize(&g.view(seat), &mut GameRng::new(i, deal));
                assert!(s.hands[t].contains(d), "deal {deal}: owed {d} not in hand");
                s.legal_actions(&mut buf);
                assert!(
                    !buf.is_empty(),
                    "deal {deal}: a sample with no legal action"
                );
                if let Phase::Drawn(_) = s.phase {
                    // the drawn card goes down; the owed set is made without it
                    s.apply(buf[0]);
                    s.legal_actions(&mut buf);
                    assert!(!buf.is_empty(), "deal {deal}: no set after the draw");
                }
            }
        }
    }
    assert!(drawn >= 3, "{drawn} draw-until positions owing a set");
    assert!(found >= 5, "{found} owed positions");
}

/// Builds the bot for the seat a given number of places left of the dealer.
type Make = dyn Fn(usize) -> Box<dyn crate::strategy::Strategy<Lasso>>;

/// Bots decide by positions relative to their seat and the dealer, never by seat numbers:
/// a deal dealt by seat `k` plays as the deal dealt by seat 0, rotated (random too: the
/// legal lists walk the piles from the acting seat's own).
#[test]
fn bots_are_seat_symmetric() {
    use crate::game::check::seat_symmetry;
    use crate::strategy::{Random, Strategy};
    let greedy = |_: usize| Box::new(Greedy::default()) as Box<dyn Strategy<Lasso>>;
    let random = |_: usize| Box::new(Random) as Box<dyn Strategy<Lasso>>;
    let mixed = |p: usize| {
        if p.is_multiple_of(2) {
            Box::new(Greedy::default()) as Box<dyn Strategy<Lasso>>
        } else {
            Box::new(Random)
        }
    };
    let file = |name: &'static str| {
        move |_: usize| {
            let spec = crate::strategy::resolve::<Lasso>(name).unwrap();
            crate::strategy::build::<Lasso>(&spec)
        }
    };
    let (cautious, bluffer) = (file("cautious"), file("bluffer"));
    let mut reshuffle = LassoRules::default();
    reshuffle.set("empty_stock", "reshuffle").unwrap();
    for (i, rules) in variants().iter().chain([&reshuffle]).enumerate() {
        for players in 2..=4 {
            let seed = 40 + i as u64;
            let bots: [(&str, &Make); 5] = [
                ("greedy", &greedy),
                ("random", &random),
                ("mixed", &mixed),
                ("cautious", &cautious),
                ("bluffer", &bluffer),
            ];
            for (name, make) in bots {
                seat_symmetry::<Lasso>(rules, players, 12, seed, make)
                    .unwrap_or_else(|e| panic!("{name}, {players} players: {e}"));
            }
        }
    }
}

/// Perfect recall of a reshuffle: the stock holds only cards the reshuffle put there, and
/// every sample places them so (a sample that ignored it would put other unknown cards, from
/// the hands, into the stock).
#[test]
fn a_reshuffled_stock_holds_only_the_reshuffled_cards() {
    let mut rules = LassoRules::default();
    rules.set("empty_stock", "reshuffle").unwrap();
    let mut seen = 0;
    let mut buf = crate::game::ActionList::new();
    for deal in 0..200u64 {
        let mut rng = GameRng::new(deal, 5);
        let mut g = Lasso::deal(&rules, &crate::game::Table::first(2), &mut rng);
        while g.to_act().is_some() && seen < 40 {
            g.legal_actions(&mut buf);
            let a = buf[rng.index(buf.len())];
            g.apply(a);
            if g.restock.is_empty() || g.stock.is_empty() {
                continue;
            }
            let stock: CardSet = g.stock.as_slice().iter().copied().collect();
            assert!(stock - g.restock == CardSet::EMPTY, "the real stock");
            for seat in 0..2 {
                let v = g.view(seat);
                assert_eq!(v.restock, g.restock);
                for _ in 0..20 {
                    let s = Lasso::determinize(&v, &mut rng);
                    let st: CardSet = s.stock.as_slice().iter().copied().collect();
                    assert_eq!(s.stock.len(), g.stock.len());
                    assert!(st - g.restock == CardSet::EMPTY, "a sampled stock");
                }
            }
            seen += 1;
        }
    }
    assert!(seen >= 40, "{seen} positions after a reshuffle");
}

/// The search bots too: their samples deal the hidden cards relative to the searching seat.
#[test]
fn search_bots_are_seat_symmetric() {
    crate::strategy::search::symmetric::search_bots_are_seat_symmetric::<Lasso>(
        &LassoRules::default(),
        &[2, 3, 4],
        2,
        62,
    );
}
