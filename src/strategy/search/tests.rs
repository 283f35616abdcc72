//! Knob checks and the tree arena (the bots' play is tested per game in `tests/search.rs`).

use super::tree::{NONE, ROOT, Tree};
use super::*;

fn params(kv: &[(&str, f64)]) -> Params {
    Params::new(kv.iter().map(|(k, v)| (k.to_string(), *v)).collect())
}

#[test]
fn count_knobs_take_one_to_ten_million() {
    let ok = |kv: &[(&str, f64)]| check("ismcts", ISMCTS_KNOBS, &params(kv));
    assert!(ok(&[("iterations", 1.0)]).is_ok());
    assert!(ok(&[("iterations", 10_000_000.0)]).is_ok());
    assert!(ok(&[("depth", 0.0)]).is_ok());
    for bad in [0.0, 10_000_001.0, 2.5, -3.0, f64::NAN] {
        let e = ok(&[("iterations", bad)]).unwrap_err();
        assert!(e.contains("iterations") && !e.contains('\n'), "{e}");
    }
    let pimc = |kv: &[(&str, f64)]| check("pimc", PIMC_KNOBS, &params(kv));
    assert!(pimc(&[("determinizations", 0.0)]).is_err());
    assert!(pimc(&[("rollouts", 0.0)]).is_err());
    assert!(pimc(&[("determinizations", 64.0), ("rollouts", 2.0)]).is_ok());
    // A count knob of the other bot is unknown here.
    assert!(
        pimc(&[("iterations", 10.0)])
            .unwrap_err()
            .contains("no knob")
    );
}

#[test]
fn other_knobs_are_checked_too() {
    let ok = |kv: &[(&str, f64)]| check("ismcts", ISMCTS_KNOBS, &params(kv));
    assert!(ok(&[("policy", 1.0), ("exploration", 0.0), ("margin", 0.0)]).is_ok());
    assert!(ok(&[("policy", 2.0)]).is_err());
    assert!(ok(&[("exploration", -1.0)]).is_err());
    assert!(ok(&[("margin_scale", 0.0)]).is_err());
    assert!(ok(&[("margin", 2e6)]).is_err());
    assert!(ok(&[("speed", 1.0)]).unwrap_err().contains("no knob"));
    // Other bots keep the general rule (no count ranges).
    assert!(check("greedy", &[], &params(&[("x", 1.0)])).is_err());
}

#[test]
fn tree_links_edges_and_outcomes() {
    let mut t: Tree<u8> = Tree::new();
    t.reset();
    let a = t.add_edge(ROOT, 0, 7);
    let b = t.add_edge(ROOT, 1, 9);
    assert_eq!(t.first_child(ROOT), b);
    assert_eq!(t.node(b).next_sibling, a);
    assert_eq!(t.node(a).next_sibling, NONE);
    assert_eq!(t.node(a).avail, 1);
    let (x, fresh) = t.outcome(a, 42);
    assert!(fresh);
    assert_eq!(t.outcome(a, 42), (x, false));
    let (y, fresh) = t.outcome(a, 43);
    assert!(fresh && y != x);
    assert_eq!(t.len(), 5);
    t.reset();
    assert_eq!((t.len(), t.first_child(ROOT)), (1, NONE));
}

#[test]
fn paired_standard_error_matches_the_textbook_formula() {
    // Differences 0.2, -0.1, 0.4, 0.3: mean 0.2, sample variance 0.04667, SE sqrt(v / 4).
    let d = [0.2f64, -0.1, 0.4, 0.3];
    let mean = d.iter().sum::<f64>() / 4.0;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 3.0;
    let se = paired_se(d.iter().sum(), d.iter().map(|x| x * x).sum(), 4.0);
    assert!((se - (var / 4.0).sqrt()).abs() < 1e-12, "{se}");
    assert_eq!(paired_se(0.3, 0.09, 1.0), f64::INFINITY);
    // The gate: past the prior and past two standard errors.
    assert!(beats_prior(0.3, 0.1, 0.15));
    assert!(!beats_prior(0.3, 0.2, 0.15));
    assert!(!beats_prior(0.1, 0.01, 0.15));
    assert!(!beats_prior(1.0, f64::INFINITY, 0.0));
}

#[test]
fn the_opponents_knob_takes_zero_or_one() {
    let ok = |kv: &[(&str, f64)]| check("ismcts", ISMCTS_KNOBS, &params(kv));
    assert!(ok(&[("opponents", 1.0)]).is_ok());
    assert!(ok(&[("opponents", 0.5)]).unwrap_err().contains("opponents"));
    assert!(ok(&[("prior", -0.1)]).is_err());
}

#[test]
fn the_fading_bonus_starts_at_the_prior_and_fades() {
    assert_eq!(fading_bonus(0.15, 100.0, 0.0), 0.15);
    assert!((fading_bonus(0.15, 100.0, 100.0) - 0.075).abs() < 1e-15);
    assert!(fading_bonus(0.15, 100.0, 10_000.0) < 0.0015);
    assert_eq!(fading_bonus(0.15, 0.0, 0.0), 0.0);
    // As m virtual visits worth `prior` more than the mean: (n * q + m * (q + p)) / (n + m).
    let (q, p, m, n) = (0.4, 0.15, 30.0, 70.0);
    let shrunk = (n * q + m * (q + p)) / (n + m);
    assert!((shrunk - q - fading_bonus(p, m, n)).abs() < 1e-12);
    let ok = |kv: &[(&str, f64)]| check("pimc", PIMC_KNOBS, &params(kv));
    assert!(ok(&[("prior_visits", 0.0), ("gate", 1.0)]).is_ok());
    assert!(ok(&[("prior_visits", -1.0)]).is_err());
    assert!(ok(&[("gate", 0.5)]).unwrap_err().contains("gate"));
}

mod golf_final_turn {
    //! A stacked Golf position where greedy's move is provably worse than another by less
    //! than the prior: the old gate keeps greedy's at any budget, the fading prior lets a
    //! large search play the better move.

    use super::*;
    use crate::cards::{Card, GameRng};
    use crate::game::{ActionList, SeatView, Table};
    use crate::games::golf::{Action, Golf, GolfRules, score_cards};
    use Action::{DrawStock, Flip, Swap};

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    /// Seat 0's final turn, AD just drawn. Seat 0 (face up) `4H 3C KS / 2D KH` and position 5
    /// face down; seat 1 went out on `2S 2H AS / KC KD 8S` = 5. AD on the face-down card ends
    /// on 6, a certain loss (today's greedy plays it: it counts a face-down card as 5, so that
    /// swap gains 4 and AD for the 4H gains 3); AD for the 4H keeps 2 + the hidden card, a
    /// win when it is AH, AC or 2C and a tie on 3S or 3H (4 of 32).
    fn position() -> Golf {
        let mut deck = cards("4H 3C 5C 6H 6D 9C  2S 2H 5H 4D 5D 6C  3D  AS KS KC 2D KD KH 8S AD");
        let rest: Vec<Card> = Card::DECK[..52]
            .iter()
            .copied()
            .filter(|c| !deck.contains(c))
            .collect();
        deck.extend(rest);
        let mut g = Golf::from_deck(
            &GolfRules::default(),
            &Table::first(2),
            &deck,
            GameRng::new(1, 1),
        );
        for a in [Flip(0), Flip(1), Flip(0), Flip(1)] {
            g.apply(a);
        }
        // Each turn draws from the stock and covers a face-down card; seat 1 goes out.
        for p in [2, 2, 3, 3, 4, 4, 5] {
            g.apply(DrawStock);
            g.apply(Swap(p));
        }
        g.apply(DrawStock);
        assert_eq!(
            (g.to_act(), g.view(0).held()),
            (Some(0), Some(cards("AD")[0]))
        );
        g
    }

    /// Each legal action's chance to win, by enumerating the 32 cards position 5 may hold.
    fn exact(g: &Golf, legal: &[Action]) -> Vec<f64> {
        let rules = GolfRules::default();
        let seen = g.view(0).shown();
        let unseen: Vec<Card> = Card::DECK[..52]
            .iter()
            .copied()
            .filter(|&c| seen.count(c) == 0)
            .collect();
        assert_eq!(unseen.len(), 32);
        let them = score_cards(&cards("2S 2H AS KC KD 8S").try_into().unwrap(), &rules);
        assert_eq!(them, 5);
        let held = cards("AD")[0];
        legal
            .iter()
            .map(|&a| {
                let wins: f64 = unseen
                    .iter()
                    .map(|&h| {
                        let mut grid: [Card; 6] = cards("4H 3C KS 2D KH 9C").try_into().unwrap();
                        grid[5] = h;
                        if let Swap(p) = a {
                            grid[p as usize] = held;
                        }
                        let me = score_cards(&grid, &rules);
                        if me < them {
                            1.0
                        } else if me == them {
                            0.5
                        } else {
                            0.0
                        }
                    })
                    .sum();
                wins / unseen.len() as f64
            })
            .collect()
    }

    fn decide(base: &str, kv: &[(&str, f64)], g: &Golf, legal: &[Action]) -> Action {
        let b = bots::<Golf>().into_iter().find(|b| b.name == base).unwrap();
        let mut bot = (b.build)(&params(kv));
        bot.begin_deal(0);
        bot.act(&g.view(0), legal, &mut GameRng::new(7, 3))
    }

    #[test]
    fn a_large_search_plays_the_better_move_the_old_gate_hides() {
        let g = position();
        let mut buf = ActionList::new();
        g.legal_actions(&mut buf);
        let legal = buf.to_vec();
        let p = exact(&g, &legal);
        let best = (0..legal.len())
            .max_by(|&i, &j| p[i].total_cmp(&p[j]))
            .unwrap();
        assert_eq!((legal[best], p[best]), (Swap(0), 4.0 / 32.0));
        assert_eq!(p[legal.iter().position(|&a| a == Swap(5)).unwrap()], 0.0);
        // The gain (0.125 less the margin term) is below the prior (0.15): the hard gate never lets
        // it through.
        for (base, budget) in [
            ("pimc", ("determinizations", 3000.0)),
            ("ismcts", ("iterations", 30000.0)),
        ] {
            assert_eq!(
                decide(base, &[budget], &g, &legal),
                Swap(0),
                "{base}, fading prior"
            );
            let gated = decide(base, &[budget, ("gate", 1.0)], &g, &legal);
            let greedy = decide(base, &[budget, ("prior", 1e9)], &g, &legal);
            assert_eq!(gated, greedy, "{base}: the gate keeps greedy's move");
        }
    }

    #[test]
    fn a_small_search_keeps_greedys_move() {
        let g = position();
        let mut buf = ActionList::new();
        g.legal_actions(&mut buf);
        let legal = buf.to_vec();
        for (base, budget) in [
            ("pimc", ("determinizations", 8.0)),
            ("ismcts", ("iterations", 40.0)),
        ] {
            let greedy = decide(base, &[budget, ("prior", 1e9)], &g, &legal);
            assert_eq!(decide(base, &[budget], &g, &legal), greedy, "{base}");
        }
    }

    /// The paired root (`paired = 1`) on the same position: a large budget finds the better
    /// move (each round plays every move on one sample of the hidden card, so the final
    /// turn's values are exact per round); with the hard gate it keeps greedy's.
    #[test]
    fn the_paired_root_finds_the_better_move_the_gate_hides() {
        let g = position();
        let mut buf = ActionList::new();
        g.legal_actions(&mut buf);
        let legal = buf.to_vec();
        let paired = ("paired", 1.0);
        let large = ("iterations", 30000.0);
        assert_eq!(decide("ismcts", &[large, paired], &g, &legal), Swap(0));
        let greedy = decide("ismcts", &[large, ("prior", 1e9)], &g, &legal);
        let gated = decide("ismcts", &[large, paired, ("gate", 1.0)], &g, &legal);
        assert_eq!(gated, greedy, "the gate keeps greedy's move");
    }
}
