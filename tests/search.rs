//! The search bots (`pimc`, `ismcts`) on every game: legal, replayable play through the
//! invariant harness, strength against `random`, the same CSV bytes at 1 and 2 threads,
//! listing, and bad knob values (one line, exit 2).

mod common;

use cardsim::game::{Game, check};
use cardsim::games::{GameVisitor, NAMES, with_game};
use cardsim::strategy::{Params, Strategy, build, resolve, search};
use common::{cardsim, read, tmp};

/// Players for the search checks: 2, or 4 where the game seats partners.
fn players<G: Game>() -> usize {
    if G::check_players(&Default::default(), 2).is_ok() {
        2
    } else {
        4
    }
}

fn bot<G: Game>(name: &str, kv: &[(&str, f64)]) -> Box<dyn Strategy<G>> {
    let p = Params::new(kv.iter().map(|(k, v)| (k.to_string(), *v)).collect());
    let b = search::bots::<G>().into_iter().find(|b| b.name == name);
    (b.expect("a search bot").build)(&p)
}

struct Harness;

impl GameVisitor for Harness {
    type Out = ();
    fn visit<G: Game>(self) {
        let n = players::<G>();
        let greedy = resolve::<G>("greedy").unwrap_or_else(|_| resolve::<G>("random").unwrap());
        let mut seats: Vec<Box<dyn Strategy<G>>> = (0..n)
            .map(|s| match s {
                0 => bot::<G>("ismcts", &[("iterations", 24.0)]),
                1 => bot::<G>("pimc", &[("determinizations", 2.0)]),
                _ => build(&greedy),
            })
            .collect();
        let r = check::deals_with(&Default::default(), n, 3, 11, &mut seats);
        assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

#[test]
fn search_bots_play_legal_replayable_deals_in_every_game() {
    for g in NAMES {
        with_game(g, Harness).unwrap();
    }
}

/// Seats 0 (and its partner) play `ismcts` at a small budget against `random`.
struct VsRandom;

impl GameVisitor for VsRandom {
    type Out = (u32, u32);
    fn visit<G: Game>(self) -> (u32, u32) {
        let n = players::<G>();
        let random = resolve::<G>("random").unwrap();
        let mut seats: Vec<Box<dyn Strategy<G>>> = (0..n)
            .map(|s| {
                if G::team_of(n, s) == G::team_of(n, 0) {
                    bot::<G>("ismcts", &[("iterations", 40.0)])
                } else {
                    build(&random)
                }
            })
            .collect();
        let mut buf = cardsim::game::ActionList::new();
        let (mut won, mut lost) = (0, 0);
        for i in 0..8u64 {
            let table = cardsim::game::Table::first(n);
            let (r, _) = cardsim::sim::play_deal(
                &Default::default(),
                &table,
                &mut cardsim::sim::deal_rngs(5, i, 0),
                &mut seats,
                &mut buf,
                &mut cardsim::sim::Quiet,
            );
            let us = r
                .winners
                .iter()
                .any(|s| G::team_of(n, s) == G::team_of(n, 0));
            let them = r
                .winners
                .iter()
                .any(|s| G::team_of(n, s) != G::team_of(n, 0));
            won += u32::from(us && !them);
            lost += u32::from(them && !us);
        }
        (won, lost)
    }
}

#[test]
fn ismcts_beats_random_in_every_game() {
    for g in NAMES {
        let (won, lost) = with_game(g, VsRandom).unwrap();
        assert!(
            won >= 5 && won > 2 * lost,
            "{g}: ismcts won {won}, lost {lost} of 8"
        );
    }
}

#[test]
fn search_bots_write_identical_csv_for_any_thread_count() {
    let knobs = tmp("search-knobs");
    std::fs::create_dir_all(&knobs).unwrap();
    let tiny = knobs.join("tiny.toml");
    std::fs::write(&tiny, "base = \"ismcts\"\n[knobs]\niterations = 16\n").unwrap();
    let quick = knobs.join("quick.toml");
    std::fs::write(&quick, "base = \"pimc\"\n[knobs]\ndeterminizations = 2\n").unwrap();
    for game in NAMES {
        let (a, b) = (tmp(&format!("s-{game}-1")), tmp(&format!("s-{game}-2")));
        for (dir, t) in [(&a, "1"), (&b, "2")] {
            let o = cardsim(&[
                "simulate",
                game,
                "--deals",
                "6",
                "--strategy",
                tiny.to_str().unwrap(),
                "--strategy",
                quick.to_str().unwrap(),
                "--threads",
                t,
                "--quiet",
                "--out",
                dir.to_str().unwrap(),
            ]);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(o.status.success(), "{game}: {err}");
        }
        for f in ["summary.csv", "scores.csv", "lengths.csv"] {
            assert_eq!(
                read(&a, f),
                read(&b, f),
                "{game} {f}: 1 and 2 threads differ"
            );
        }
        assert!(read(&a, "summary.csv").contains(",tiny,"));
        for d in [a, b] {
            std::fs::remove_dir_all(d).unwrap();
        }
    }
    std::fs::remove_dir_all(knobs).unwrap();
}

#[test]
fn search_bots_and_presets_are_listed_for_every_game() {
    let o = cardsim(&["list"]);
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("strategies:")).collect();
    assert_eq!(lines.len(), NAMES.len(), "{text}");
    for l in lines {
        for s in ["pimc", "ismcts", "ismcts-fast", "ismcts-strong"] {
            assert!(l.split([' ', ',']).any(|w| w == s), "{s} missing: {l}");
        }
    }
    let o = cardsim(&["rules", "golf"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("knob `iterations` (default 1000)"));
}

#[test]
fn bad_search_knobs_give_one_line_and_exit_2() {
    let d = tmp("bad-search");
    std::fs::create_dir_all(&d).unwrap();
    for (i, body) in [
        "base = \"ismcts\"\n[knobs]\niterations = 0\n",
        "base = \"ismcts\"\n[knobs]\niterations = 10000001\n",
        "base = \"pimc\"\n[knobs]\ndeterminizations = 0\n",
        "base = \"pimc\"\n[knobs]\npolicy = 3\n",
        "base = \"ismcts\"\n[knobs]\nexploration = -1\n",
        "base = \"ismcts\"\n[knobs]\ngate = 2\n",
        "base = \"ismcts\"\n[knobs]\ntree_prior = 0.5\n",
        "base = \"ismcts\"\n[knobs]\nwidening = -1\n",
        "base = \"pimc\"\n[knobs]\nprior_visits = -5\n",
        "base = \"pimc\"\n[knobs]\nwidening = 1\n",
    ]
    .iter()
    .enumerate()
    {
        let f = d.join(format!("bad{i}.toml"));
        std::fs::write(&f, body).unwrap();
        let out = d.join("out");
        let o = cardsim(&[
            "simulate",
            "golf",
            "--deals",
            "2",
            "--strategy",
            f.to_str().unwrap(),
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{body}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(!out.exists());
    }
    std::fs::remove_dir_all(d).unwrap();
}

/// With a `prior` no value difference can overcome, both search bots play greedy's every
/// move: the same Golf scores as greedy itself (Golf's greedy draws nothing from the rng, so
/// the search's draws do not change its play). With `prior = 0` they play their own moves.
#[test]
fn a_large_prior_plays_greedys_moves() {
    let knobs = tmp("prior-knobs");
    std::fs::create_dir_all(&knobs).unwrap();
    let run = |strategy: &str, name: &str| {
        let dir = tmp(name);
        let o = cardsim(&[
            "simulate",
            "golf",
            "--deals",
            "20",
            "--players",
            "2",
            "--strategy",
            strategy,
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // The score counts by seat, without the strategy's name.
        let scores: Vec<String> = read(&dir, "scores.csv")
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                format!("{},{}", f[4], f[6..].join(","))
            })
            .collect();
        std::fs::remove_dir_all(dir).unwrap();
        scores
    };
    let greedy = run("greedy", "prior-greedy");
    for base in ["ismcts", "pimc"] {
        let budget = if base == "ismcts" {
            "iterations = 30"
        } else {
            "determinizations = 2"
        };
        for (prior, same) in [(1000, true), (0, false)] {
            let f = knobs.join(format!("{base}-{prior}.toml"));
            let text = format!("base = \"{base}\"\n[knobs]\n{budget}\nprior = {prior}\n");
            std::fs::write(&f, text).unwrap();
            let scores = run(f.to_str().unwrap(), &format!("prior-{base}-{prior}"));
            assert_eq!(scores == greedy, same, "{base} with prior {prior}");
        }
    }
    std::fs::remove_dir_all(knobs).unwrap();
}

/// Rollout noise: at 0 a rollout move is exactly the policy's (same generator state, same
/// move); at 1 it is uniform over the legal actions (every action's share within five
/// standard errors of 1/k over 3,000 draws), in every game.
struct Noise;

impl GameVisitor for Noise {
    type Out = ();
    fn visit<G: Game>(self) {
        use search::rollout::{Policy, Rollout};
        let n = players::<G>();
        let table = cardsim::game::Table::first(n);
        let mut rng = cardsim::cards::GameRng::new(3, 1);
        let mut state = G::deal(&Default::default(), &table, &mut rng);
        let mut legal = cardsim::game::ActionList::new();
        // The first decision with a choice.
        let seat = loop {
            let seat = state.to_act().expect("a deal with a choice");
            legal.clear();
            state.legal_actions(&mut legal);
            if legal.len() > 1 {
                break seat;
            }
            state.apply(legal[0]);
        };
        let mut plain = Rollout::<G>::new(Policy::Greedy, 0);
        let mut quiet = Rollout::<G>::new(Policy::Greedy, 0).with_noise(0.0);
        for s in 0..40 {
            let mut a = cardsim::cards::GameRng::new(s, 2);
            let mut b = a.clone();
            assert!(plain.act(&state, seat, &mut a) == quiet.act_noisy(&state, seat, &mut b));
        }
        let mut loud = Rollout::<G>::new(Policy::Greedy, 0).with_noise(1.0);
        let k = legal.len();
        let mut counts = vec![0u32; k];
        let draws = 3000.0;
        let mut r = cardsim::cards::GameRng::new(9, 4);
        for _ in 0..draws as usize {
            let a = loud.act_noisy(&state, seat, &mut r);
            counts[legal.iter().position(|&x| x == a).expect("a legal move")] += 1;
        }
        let p = 1.0 / k as f64;
        let sd = (draws * p * (1.0 - p)).sqrt();
        for (i, c) in counts.iter().enumerate() {
            let off = (f64::from(*c) - draws * p).abs();
            assert!(
                off < 5.0 * sd,
                "{}: action {i} drawn {c} of {draws}, k {k}",
                G::NAME
            );
        }
    }
}

#[test]
fn rollout_noise_is_the_policy_at_zero_and_uniform_at_one() {
    for g in NAMES {
        with_game(g, Noise).unwrap();
    }
}
