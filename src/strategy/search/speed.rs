//! Speed figures of the search bots, shared by `cardsim bench` and the criterion bench
//! `benches/search.rs`: mid-deal positions, determinize-and-rollout throughput, and ISMCTS
//! decisions at its default budget. Timing here only measures; the bots' budgets are counts.

use super::ismcts::Ismcts;
use super::rollout::{Policy, Rollout};
use crate::cards::GameRng;
use crate::game::{ActionList, Game, Table};
use crate::sim::{Quiet, deal_rngs, play_deal};
use crate::strategy::{Params, Strategy, build, resolve};
use std::time::Instant;

/// Deal `seed` at `players` seats, played by the game's default bot (`greedy`, else
/// `random`) halfway: as many actions as half the whole deal takes with that bot.
pub fn mid_deal<G: Game>(rules: &G::Rules, players: usize, seed: u64) -> G {
    let name = if G::bots().iter().any(|b| b.name == "greedy") {
        "greedy"
    } else {
        "random"
    };
    let spec = resolve::<G>(name).expect("a built-in bot");
    let mut seats: Vec<Box<dyn Strategy<G>>> = (0..players).map(|_| build(&spec)).collect();
    let mut buf = ActionList::new();
    let table = Table::first(players);
    let (_, total) = play_deal(
        rules,
        &table,
        &mut deal_rngs(seed, 0, 0),
        &mut seats,
        &mut buf,
        &mut Quiet,
    );
    let mut rngs = deal_rngs(seed, 0, 0);
    let mut state = G::deal(rules, &table, &mut rngs.deal);
    for (s, b) in seats.iter_mut().enumerate() {
        b.begin_deal(s);
    }
    for _ in 0..total / 2 {
        let Some(seat) = state.to_act() else { break };
        state.legal_actions(&mut buf);
        let a = seats[seat].act(&state.view(seat), &buf, &mut rngs.play);
        state.apply(a);
    }
    state
}

/// `count` mid-deal positions (seeds 1..) that still have a seat to act.
pub fn positions<G: Game>(rules: &G::Rules, players: usize, count: usize) -> Vec<G> {
    (1..)
        .map(|s| mid_deal::<G>(rules, players, s))
        .filter(|g| g.to_act().is_some())
        .take(count)
        .collect()
}

/// One determinization of `pos` for the seat to act, then a greedy rollout to the end.
pub fn sample_and_roll<G: Game>(pos: &G, rollout: &mut Rollout<G>, rng: &mut GameRng) -> u32 {
    let seat = pos.to_act().expect("a running position");
    let mut s = G::determinize(&pos.view(seat), rng);
    rollout.play(&mut s, rng).turns
}

/// Determinize-and-rollout runs per second on this thread, over `seconds`.
pub fn rollouts_per_second<G: Game>(rules: &G::Rules, players: usize, seconds: f64) -> f64 {
    let pos = positions::<G>(rules, players, 16);
    let mut rollout = Rollout::<G>::new(Policy::Greedy, 0);
    let mut rng = GameRng::new(1, 1);
    rate(seconds, |i| {
        std::hint::black_box(sample_and_roll(&pos[i % pos.len()], &mut rollout, &mut rng));
    })
}

/// `ismcts` decisions (default knobs) per second on this thread, over `seconds`.
pub fn decisions_per_second<G: Game>(rules: &G::Rules, players: usize, seconds: f64) -> f64 {
    let pos = positions::<G>(rules, players, 16);
    let mut bot = Ismcts::<G>::new(&Params::default());
    let mut rng = GameRng::new(1, 2);
    let mut buf = ActionList::new();
    rate(seconds, |i| {
        let p = &pos[i % pos.len()];
        let seat = p.to_act().expect("a running position");
        Strategy::<G>::begin_deal(&mut bot, seat);
        p.legal_actions(&mut buf);
        std::hint::black_box(bot.act(&p.view(seat), &buf, &mut rng));
    })
}

/// Runs `f(0), f(1), ...` in growing batches until `seconds` pass; calls per second.
fn rate(seconds: f64, mut f: impl FnMut(usize)) -> f64 {
    let start = Instant::now();
    let (mut done, mut batch) = (0usize, 1usize);
    loop {
        for i in done..done + batch {
            f(i);
        }
        done += batch;
        let t = start.elapsed().as_secs_f64();
        if t >= seconds {
            return done as f64 / t;
        }
        batch = (batch * 2).min(1 << 16);
    }
}
