//! `cardsim bench`: a quick throughput table, per game and strategy, on one thread and on all
//! threads, through the real runner. The criterion benches under `benches/` are the careful
//! measurements; this is the one-minute answer on any machine. A second table gives the search
//! bots' speed: determinize + rollout from mid-deal positions, and `ismcts` decisions.

use super::args::BenchArgs;
use super::setup::default_strategy;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::{GameVisitor, NAMES, with_game};
use crate::sim::{Mode, RunSpec, run as run_sim};
use crate::strategy::{resolve, search::speed as search};

struct Bench<'a>(&'a BenchArgs);

/// Deals per second and actions per second for one strategy everywhere, on `threads`: the
/// deal count grows until a run takes `--seconds`, then `--repeat` runs of that count are
/// timed and the fastest is kept.
fn measure<G: Game>(
    a: &BenchArgs,
    strategy: &str,
    threads: Option<usize>,
) -> Result<(f64, f64, usize)> {
    let spec0 = resolve::<G>(strategy)?;
    let run = |n: u64| {
        let spec = RunSpec::<G> {
            rules: Default::default(),
            players: a.players,
            seats: vec![spec0.clone(); a.players],
            mode: Mode::Deals,
            seed: 1,
            units: 0..n,
            threads,
            progress: false,
        };
        run_sim(&spec).map(|o| (o.elapsed.as_secs_f64(), o.tally.actions, o.threads))
    };
    let mut n = 4096u64;
    let mut first = run(n)?;
    while first.0 < a.seconds && n < 1 << 26 {
        let grow = (a.seconds / first.0.max(1e-3) * 1.2).clamp(2.0, 16.0);
        n = (n as f64 * grow) as u64;
        first = run(n)?;
    }
    let mut best = first;
    for _ in 1..a.repeat {
        let r = run(n)?;
        if r.0 < best.0 {
            best = r;
        }
    }
    let (secs, actions, threads) = best;
    Ok((n as f64 / secs, actions as f64 / secs, threads))
}

/// The search bots' row: determinize + greedy rollout from mid-deal positions, and `ismcts`
/// decisions at its default budget, both per second on one thread (the fastest of
/// `--repeat` runs).
fn search_row<G: Game>(a: &BenchArgs) -> String {
    let rules = Default::default();
    let best = |f: &dyn Fn() -> f64| (0..a.repeat).map(|_| f()).fold(0.0, f64::max);
    let r = best(&|| search::rollouts_per_second::<G>(&rules, a.players, a.seconds));
    let d = best(&|| search::decisions_per_second::<G>(&rules, a.players, a.seconds));
    format!("{:<14} {:>16.0} {:>22.1}", G::NAME, r, d)
}

impl GameVisitor for Bench<'_> {
    type Out = Result<(Vec<String>, String)>;
    fn visit<G: Game>(self) -> Result<(Vec<String>, String)> {
        let a = self.0;
        G::check_players(&Default::default(), a.players).map_err(Error::Input)?;
        let mut rows = Vec::new();
        let mut names = vec!["random"];
        if default_strategy::<G>() != "random" {
            names.push(default_strategy::<G>());
        }
        for s in names {
            let (d1, a1, _) = measure::<G>(a, s, Some(1))?;
            let (dn, an, t) = measure::<G>(a, s, None)?;
            rows.push(format!(
                "{:<14} {:<8} {:>12.0} {:>14.0} {:>12.0} {:>14.0} {:>3} {:>7.2}x",
                G::NAME,
                s,
                d1,
                a1,
                dn,
                an,
                t,
                dn / d1
            ));
        }
        Ok((rows, search_row::<G>(a)))
    }
}

pub fn run(a: &BenchArgs) -> Result<()> {
    if a.seconds <= 0.0 || !a.seconds.is_finite() {
        return Err(Error::input("--seconds must be positive"));
    }
    if a.repeat == 0 {
        return Err(Error::input("--repeat must be at least 1"));
    }
    let games: Vec<&str> = match &a.game {
        Some(g) => vec![g.as_str()],
        None => NAMES.to_vec(),
    };
    crate::outln!(
        "{:<14} {:<8} {:>12} {:>14} {:>12} {:>14} {:>3} {:>8}",
        "game",
        "strategy",
        "deals/s 1t",
        "actions/s 1t",
        "deals/s all",
        "actions/s all",
        "t",
        "speedup"
    );
    let mut search_rows = Vec::new();
    for g in games {
        let (rows, search) = with_game(g, Bench(a)).ok_or_else(|| super::unknown_game(g))??;
        for r in rows {
            crate::outln!("{r}");
        }
        search_rows.push(search);
    }
    crate::outln!(
        "\n{:<14} {:>16} {:>22}",
        "game",
        "rollouts/s 1t",
        "ismcts decisions/s 1t"
    );
    for r in search_rows {
        crate::outln!("{r}");
    }
    Ok(())
}
