//! Match-level tests of Hand and Foot: greedy matches reach the target, and greedy beats
//! random at six players too.

use super::{Greedy, HandAndFoot, HfRules};
use crate::game::{ActionList, Game, Table};
use crate::sim::{Quiet, deal_rngs, play_deal, play_match};
use crate::strategy::{Params, Random, Strategy};

fn greedy() -> Box<dyn Strategy<HandAndFoot>> {
    Box::new(Greedy::new(&Params::default()))
}

#[test]
fn greedy_matches_reach_the_target() {
    let mut seats: Vec<_> = (0..4).map(|_| greedy()).collect();
    let mut buf = ActionList::new();
    for unit in 0..3 {
        let (r, _) = play_match(
            &HfRules::default(),
            4,
            21,
            unit,
            &mut seats,
            &mut buf,
            &mut Quiet,
        );
        let best = r.totals[0].max(r.totals[1]);
        assert!(!r.capped && best >= 10_000, "match {unit}: {r:?}");
        assert!(
            r.deals >= 3 && r.deals < 40,
            "match {unit}: {} deals",
            r.deals
        );
        assert_eq!(r.totals[0], r.totals[2], "partners share a total");
        assert!(r.winners.contains(0) == (r.totals[0] == best));
    }
}

#[test]
fn greedy_beats_random_at_six() {
    let mut seats: Vec<Box<dyn Strategy<HandAndFoot>>> = (0..6)
        .map(|s| {
            if s % 2 == 0 {
                greedy()
            } else {
                Box::new(Random) as Box<dyn Strategy<HandAndFoot>>
            }
        })
        .collect();
    let mut buf = ActionList::new();
    let mut wins = 0;
    for i in 0..100 {
        let mut t = Table::first(6);
        t.dealer = i as usize % 6;
        let (r, _) = play_deal(
            &HfRules::default(),
            &t,
            &mut deal_rngs(4, i, 0),
            &mut seats,
            &mut buf,
            &mut Quiet,
        );
        assert_eq!(r.scores[0], r.scores[4]);
        wins += u32::from(r.winners.contains(0) && !r.winners.contains(1));
    }
    assert!(
        wins >= 90,
        "greedy team won {wins}/100 deals against random"
    );
    assert_eq!(HandAndFoot::teams(6), 2);
    assert_eq!(HandAndFoot::team_of(6, 5), 1);
}

/// A longer sweep of the invariant harness (`HF_STRESS=deals`, run with `--ignored`).
#[test]
#[ignore]
fn stress_harness() {
    let n: u64 = std::env::var("HF_STRESS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    for (players, rebook) in [(4, true), (6, true), (4, false), (6, false)] {
        let r = HfRules {
            rebook,
            ..Default::default()
        };
        crate::game::check::random_deals::<HandAndFoot>(&r, players, n, 77).unwrap();
        let mut seats: Vec<_> = (0..players).map(|_| greedy()).collect();
        crate::game::check::deals_with::<HandAndFoot>(&r, players, n / 4, 78, &mut seats).unwrap();
    }
}

/// Prints team 0's mean deal-score edge and deal wins for line-ups (`--ignored --nocapture`).
#[test]
#[ignore]
fn lineups() {
    let spec = |s: &str| {
        crate::strategy::build::<HandAndFoot>(&crate::strategy::resolve::<HandAndFoot>(s).unwrap())
    };
    for (a, b) in [
        ("greedy", "random"),
        ("greedy", "greedy-cautious"),
        ("greedy", "greedy"),
    ] {
        let mut seats: Vec<_> = (0..4)
            .map(|s| spec(if s % 2 == 0 { a } else { b }))
            .collect();
        let mut buf = ActionList::new();
        let (mut diff, mut wins, n) = (0i64, 0, 1000u64);
        for i in 0..n {
            let mut t = Table::first(4);
            t.dealer = i as usize % 4;
            let (r, _) = play_deal(
                &HfRules::default(),
                &t,
                &mut deal_rngs(8, i, 0),
                &mut seats,
                &mut buf,
                &mut Quiet,
            );
            diff += (r.scores[0] - r.scores[1]) as i64;
            wins += u32::from(r.winners.contains(0) && !r.winners.contains(1));
        }
        println!(
            "{a} vs {b}: edge {} per deal, team 0 wins {wins}/{n}",
            diff / n as i64
        );
    }
}

#[test]
fn every_switch_is_documented_and_round_trips() {
    use crate::game::Rules;
    for sw in HfRules::switches() {
        assert!(
            HandAndFoot::RULES_DOC.contains(&format!("`{}`", sw.key)),
            "{} undocumented",
            sw.key
        );
        let mut r = HfRules::default();
        assert_eq!(r.get(sw.key), sw.default, "default of {}", sw.key);
        let v = r.get(sw.key);
        r.set(sw.key, &v).unwrap();
        assert_eq!(r, HfRules::default());
    }
    let mut r = HfRules::default();
    r.set("target", "5000").unwrap();
    assert_eq!(r.target, 5000);
    assert!(r.set("out_naturals", "9").is_err());
}
