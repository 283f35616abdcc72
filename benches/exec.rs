//! Decisions per second of an `exec:` bot: the Python random bot (`examples/bots/random_bot.py`)
//! at one Golf seat against three greedy bots, one thread. The bot's decisions are counted by
//! a wrapping strategy (a library user's own factory), so the figure is what the pipe and the
//! bot manage, per decision the bot is asked.
//!
//! `cargo bench --bench exec` (needs `python3`); `-- DEALS` sets the deal count.

use cardsim::cards::GameRng;
use cardsim::game::{DealResult, Game};
use cardsim::games::golf::{Golf, GolfRules};
use cardsim::sim::{Mode, RunSpec, run};
use cardsim::strategy::{DealStart, Strategy, StrategySpec, build, resolve};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Forwards to `inner` and counts the decisions it is asked.
struct Counted<G: Game> {
    inner: Box<dyn Strategy<G>>,
    asked: Arc<AtomicU64>,
}

impl<G: Game> Strategy<G> for Counted<G> {
    fn start_deal(&mut self, d: &DealStart<'_, G>) {
        self.inner.start_deal(d);
    }
    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self.asked.fetch_add(1, Ordering::Relaxed);
        self.inner.act(view, legal, rng)
    }
    fn act_described(
        &mut self,
        view: &G::View<'_>,
        legal: &[G::Action],
        describe: &cardsim::strategy::Describe<'_, G>,
        rng: &mut GameRng,
    ) -> G::Action {
        self.asked.fetch_add(1, Ordering::Relaxed);
        self.inner.act_described(view, legal, describe, rng)
    }
    fn end_deal(&mut self, r: &DealResult) {
        self.inner.end_deal(r);
    }
}

fn main() {
    let deals: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2_000);
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/bots/random_bot.py");
    let exec = resolve::<Golf>(&format!("exec:python3 {bot}")).expect("exec spec");
    let asked = Arc::new(AtomicU64::new(0));
    let counted = {
        let (exec, asked) = (exec.clone(), asked.clone());
        StrategySpec::custom::<Golf>("python-random", move || {
            Box::new(Counted {
                inner: build::<Golf>(&exec),
                asked: asked.clone(),
            }) as Box<dyn Strategy<Golf>>
        })
    };
    let greedy = resolve::<Golf>("greedy").expect("greedy");
    let spec = RunSpec::<Golf> {
        rules: GolfRules::default(),
        players: 4,
        seats: vec![counted, greedy.clone(), greedy.clone(), greedy],
        mode: Mode::Deals,
        seed: 2026,
        units: 0..deals,
        threads: Some(1),
        progress: false,
    };
    let out = run(&spec).expect("the bot plays");
    let n = asked.load(Ordering::Relaxed);
    let s = out.elapsed.as_secs_f64();
    println!(
        "exec python random bot, 1 Golf seat vs 3 greedy, 1 thread: {deals} deals, {n} decisions in {s:.2} s = {:.0} decisions/s ({:.0} deals/s)",
        n as f64 / s,
        deals as f64 / s
    );
}
