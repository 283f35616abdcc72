//! `cardsim bench`: a quick throughput table, per game and strategy, on one thread and on all
//! threads, through the real runner. The criterion benches under `benches/` are the careful
//! measurements; this is the one-minute answer on any machine. `search.csv` (a second table)
//! gives the search bots' speed: determinize + rollout from mid-deal positions, and `ismcts`
//! decisions at its default budget.

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
            seed: a.seed,
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

/// The search bots' row (search.csv): determinize + greedy rollout from mid-deal positions,
/// and `ismcts` decisions at its default budget, both per second on one thread (the fastest
/// of `--repeat` runs).
fn search_row<G: Game>(a: &BenchArgs) -> Vec<String> {
    let rules = Default::default();
    let best = |f: &dyn Fn() -> f64| (0..a.repeat).map(|_| f()).fold(0.0, f64::max);
    let r = best(&|| search::rollouts_per_second::<G>(&rules, a.players, a.seconds));
    let d = best(&|| search::decisions_per_second::<G>(&rules, a.players, a.seconds));
    vec![
        G::NAME.to_string(),
        a.players.to_string(),
        format!("{r:.0}"),
        format!("{d:.1}"),
    ]
}

impl GameVisitor for Bench<'_> {
    type Out = Result<(Vec<Vec<String>>, Vec<String>)>;
    fn visit<G: Game>(self) -> Result<(Vec<Vec<String>>, Vec<String>)> {
        let a = self.0;
        G::check_players(&Default::default(), a.players).map_err(Error::Input)?;
        let mut rows = Vec::new();
        let mut names = vec!["random"];
        if default_strategy::<G>() != "random" {
            names.push(default_strategy::<G>());
        }
        for s in names {
            let (d1, a1, _) = measure::<G>(a, s, Some(1))?;
            let (dn, an, t) = measure::<G>(a, s, a.common.threads)?;
            rows.push(vec![
                G::NAME.to_string(),
                a.players.to_string(),
                s.to_string(),
                format!("{d1:.0}"),
                format!("{a1:.0}"),
                format!("{dn:.0}"),
                format!("{an:.0}"),
                t.to_string(),
                format!("{:.2}", dn / d1),
            ]);
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
    super::simulate::check_threads(a.common.threads)?;
    if let Some(dir) = &a.common.output.out {
        super::simulate::check_out_dir(dir)?;
    }
    let games: Vec<&str> = match &a.game {
        Some(g) => vec![g.as_str()],
        None => NAMES.to_vec(),
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    w.write_record(COLUMNS.map(|c| c.1)).map_err(err)?;
    let start = std::time::Instant::now();
    let mut ws = csv::Writer::from_writer(Vec::new());
    ws.write_record(SEARCH_COLUMNS.map(|c| c.1)).map_err(err)?;
    for g in games {
        let (rows, search) = with_game(g, Bench(a)).ok_or_else(|| super::unknown_game(g))??;
        for r in rows {
            w.write_record(&r).map_err(err)?;
        }
        ws.write_record(&search).map_err(err)?;
    }
    let csv = w.into_inner().map_err(|e| Error::Other(e.to_string()))?;
    let search_csv = ws.into_inner().map_err(|e| Error::Other(e.to_string()))?;
    let commit = env!("CARDSIM_GIT_COMMIT");
    let run = serde_json::json!({
        "cardsim_version": env!("CARGO_PKG_VERSION"),
        "git_commit": (!commit.is_empty()).then_some(commit),
        "argv": std::env::args().collect::<Vec<_>>(),
        "game": a.game, "players": a.players, "seed": a.seed, "seconds": a.seconds,
        "repeat": a.repeat, "threads": a.common.threads,
        "elapsed_s": start.elapsed().as_secs_f64(),
    });
    let files = [
        crate::output::OutFile::new("bench.csv", csv),
        crate::output::OutFile::new("search.csv", search_csv),
        crate::output::OutFile::new(
            "run.json",
            serde_json::to_string_pretty(&run).unwrap_or_default() + "\n",
        ),
    ];
    super::emit::emit(&a.common.output, &files, || {
        let _ = super::emit::print_csv(&files[0].bytes, &COLUMNS);
        crate::outln!();
        let _ = super::emit::print_csv(&files[1].bytes, &SEARCH_COLUMNS);
    })
}

/// The table's (header, bench.csv column) pairs.
const COLUMNS: [(&str, &str); 9] = [
    ("game", "game"),
    ("players", "players"),
    ("strategy", "strategy"),
    ("deals/s 1t", "deals_per_s_1t"),
    ("actions/s 1t", "actions_per_s_1t"),
    ("deals/s all", "deals_per_s_all"),
    ("actions/s all", "actions_per_s_all"),
    ("threads", "threads"),
    ("speedup", "speedup"),
];

/// The search table's (header, search.csv column) pairs.
const SEARCH_COLUMNS: [(&str, &str); 4] = [
    ("game", "game"),
    ("players", "players"),
    ("rollouts/s 1t", "rollouts_per_s_1t"),
    ("ismcts decisions/s 1t", "ismcts_decisions_per_s_1t"),
];
