//! The soak: many deals of every game through the invariant harness
//! (`cardsim::game::check`: every state checked for every seat, every action against the
//! legal list, every view's JSON against what it shows, every deal replayed), with random
//! bots and with greedy bots, at every player count each game allows, on all cores.
//!
//! ```sh
//! cargo run --release --example soak                      # 10^7 random + 10^7 greedy per game
//! cargo run --release --example soak -- 1000000 golf      # 10^6 each, Golf only
//! cargo run --release --example soak -- 10000000 golf 30   # at most 30 minutes per kind
//! ```
//!
//! With a time budget (minutes, third argument) no chunk starts after the budget is spent,
//! so a cut-short soak has checked chunks `0..k` in full and says how many deals that is.
//!
//! Deals are split into chunks of 1,000; chunk `c` plays harness deals `0..1,000` from seed
//! `2026 + c` at the `c mod k`-th allowed player count. The test suite keeps its smaller soak
//! (each game's `random_deals` tests).

use cardsim::game::check::{CheckReport, deals_with, random_deals};
use cardsim::game::{Game, MAX_SEATS};
use cardsim::games::{GameVisitor, NAMES, with_game};
use cardsim::strategy::{build, resolve};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const CHUNK: u64 = 1_000;

struct Soak {
    deals: u64,
    threads: usize,
    /// No chunk starts after this much time per kind of bot.
    budget: Option<Duration>,
}

/// Plays chunk `c` (of `deals` deals) of one kind of bot; returns its report.
fn chunk<G: Game>(
    greedy: bool,
    c: u64,
    deals: u64,
    counts: &[usize],
) -> Result<CheckReport, String> {
    let rules = G::Rules::default();
    let players = counts[(c % counts.len() as u64) as usize];
    let seed = 2026 + c;
    if !greedy {
        return random_deals::<G>(&rules, players, deals, seed);
    }
    let spec = resolve::<G>("greedy").map_err(|e| e.to_string())?;
    let mut seats: Vec<_> = (0..players).map(|_| build::<G>(&spec)).collect();
    deals_with::<G>(&rules, players, deals, seed, &mut seats)
}

impl GameVisitor for Soak {
    type Out = Result<(), String>;
    fn visit<G: Game>(self) -> Result<(), String> {
        let rules = G::Rules::default();
        let counts: Vec<usize> = (2..=MAX_SEATS)
            .filter(|&p| G::check_players(&rules, p).is_ok())
            .collect();
        let has_greedy = G::bots().iter().any(|b| b.name == "greedy");
        for greedy in [false, true] {
            if greedy && !has_greedy {
                continue;
            }
            let start = Instant::now();
            let chunks = self.deals.div_ceil(CHUNK);
            let next = AtomicU64::new(0);
            let total = Mutex::new(Ok(CheckReport::default()));
            std::thread::scope(|s| {
                for _ in 0..self.threads {
                    s.spawn(|| {
                        loop {
                            // Checked before a chunk is claimed, so claimed chunks are 0..k.
                            if self.budget.is_some_and(|b| start.elapsed() > b) {
                                return;
                            }
                            let c = next.fetch_add(1, Ordering::Relaxed);
                            if c >= chunks || total.lock().unwrap().is_err() {
                                return;
                            }
                            let n = CHUNK.min(self.deals - c * CHUNK);
                            let r = chunk::<G>(greedy, c, n, &counts);
                            let mut t = total.lock().unwrap();
                            match (r, t.as_mut()) {
                                (Ok(r), Ok(t)) => {
                                    t.deals += r.deals;
                                    t.actions += r.actions;
                                    t.longest = t.longest.max(r.longest);
                                }
                                (Err(e), Ok(_)) => *t = Err(e),
                                (_, Err(_)) => {}
                            }
                        }
                    });
                }
            });
            let t = total.into_inner().unwrap()?;
            let cut = if t.deals < self.deals {
                " (time budget spent)"
            } else {
                ""
            };
            println!(
                "{:<14} {:<7} players {:?}: {} deals{cut}, {} actions, longest deal {} actions, {:.1} s: ok",
                G::NAME,
                if greedy { "greedy" } else { "random" },
                counts,
                t.deals,
                t.actions,
                t.longest,
                start.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals = args
        .first()
        .map(|a| a.parse::<u64>().expect("deals: a number"))
        .unwrap_or(10_000_000);
    let games: Vec<&str> = match args.get(1) {
        Some(g) => vec![g.as_str()],
        None => NAMES.to_vec(),
    };
    let budget = args
        .get(2)
        .map(|m| Duration::from_secs_f64(60.0 * m.parse::<f64>().expect("minutes: a number")));
    let threads = cardsim::sim::default_threads();
    println!("soak: {deals} random and {deals} greedy deals per game, {threads} threads");
    for g in games {
        let soak = Soak {
            deals,
            threads,
            budget,
        };
        let r = with_game(g, soak).unwrap_or_else(|| Err(format!("no game {g}")));
        if let Err(e) = r {
            eprintln!("soak failed: {e}");
            std::process::exit(1);
        }
    }
}
