//! `cardsim check GAME`: the soak. Plays deals through the invariant harness
//! ([`crate::game::check::soak`]) on every core, in chunks of [`CHUNK`] deals whose verdicts
//! merge in index order, and says what it found: one line, or with `--json` the verdict as
//! one JSON document. `--shard K/N` checks the K-th of N shares of the deal indices; `cardsim
//! check --merge FILE...` merges the JSON verdicts of all N shards (a Slurm array's, say)
//! into the verdict of the whole run, refusing a missing, repeated or foreign shard.

use super::setup::{parse_count, table};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::check::{SoakVerdict, soak};
use crate::games::{GameVisitor, with_game};
use crate::strategy::build;
use clap::Args;
use std::path::PathBuf;

/// Deals per chunk: the unit of work a thread takes.
pub const CHUNK: u64 = 1024;

/// `cardsim check`'s arguments.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The game: lasso, golf, broken-ladder, hand-and-foot, chinchon (not with --merge).
    #[arg(required_unless_present = "merge")]
    pub game: Option<String>,
    /// Players at the table (default: the game's usual table).
    #[arg(long)]
    pub players: Option<usize>,
    /// Strategy name or knob file, assigned to seats in order, cycling (default: greedy).
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    pub strategies: Vec<String>,
    /// A rule switch, KEY=VALUE (see `cardsim rules <game>`).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Master seed: the same seed checks the same deals.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Deals to check (all shards together with --shard).
    #[arg(long, default_value = "10000", value_parser = parse_count)]
    pub deals: u64,
    /// Check only shard K of N (K = 1..N) of the deal indices; merge with --merge.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Worker threads (default: one per core). The verdict does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Print the verdict as one JSON document (what --merge reads).
    #[arg(long)]
    pub json: bool,
    /// Merge these JSON verdicts of one sharded check instead of checking.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with_all = ["game", "shard"])]
    pub merge: Vec<PathBuf>,
}

/// What a check was: everything its shards must share, and its share.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Checked {
    game: String,
    players: usize,
    rules: String,
    strategies: Vec<String>,
    seed: u64,
    deals: u64,
    /// `[K, N]`; `[1, 1]` for a whole run.
    shard: [u64; 2],
    /// The deal indices checked.
    range: [u64; 2],
}

/// A verdict document: `--json`'s output and `--merge`'s input.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    check: Checked,
    verdict: SoakVerdict,
    /// SHA-256 of the compact JSON of `check` and `verdict` ([`digest`]): `--merge` refuses
    /// a verdict whose counts or description were edited after it was written.
    #[serde(default)]
    sha256: String,
}

/// The digest a verdict document carries: SHA-256 (hex) of `[check, verdict]` as compact
/// JSON.
fn digest(check: &Checked, verdict: &SoakVerdict) -> String {
    crate::output::sha256_hex(&serde_json::to_vec(&(check, verdict)).unwrap_or_default())
}

impl Document {
    /// A document with its digest.
    fn new(check: Checked, verdict: SoakVerdict) -> Document {
        let sha256 = digest(&check, &verdict);
        Document {
            check,
            verdict,
            sha256,
        }
    }
}

struct Check<'a>(&'a CheckArgs, &'a str);

impl GameVisitor for Check<'_> {
    type Out = Result<Document>;
    fn visit<G: Game>(self) -> Result<Document> {
        let a = self.0;
        let t = table::<G>(&super::args::TableArgs {
            game: self.1.to_string(),
            players: a.players,
            strategies: a.strategies.clone(),
            rules: a.rules.clone(),
            seed: a.seed,
        })?;
        let threads = crate::sim::resolve_threads(a.threads)?;
        if a.deals == 0 {
            return Err(Error::input(
                "--deals must be at least 1: no deal, no verdict",
            ));
        }
        let (k, n) = match &a.shard {
            Some(s) => super::simulate::parse_shard(s)?,
            None => (1, 1),
        };
        let range = crate::sim::shard_units(a.deals, k, n);
        let (lo, hi) = (range.start, range.end);
        // `random` picks by its place in the legal list, which may follow seat numbers:
        // seat symmetry is a promise of the other bots only.
        let symmetry = t.seats.iter().all(|s| s.base != "random");
        let chunks = (hi - lo).div_ceil(CHUNK);
        // Verdicts merge in any order (counts add, the first failure is the lowest deal).
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::Other(format!("cannot start {threads} threads: {e}")))?;
        let verdict = pool.install(|| {
            use rayon::prelude::*;
            (0..chunks)
                .into_par_iter()
                .map(|j| {
                    let start = lo + j * CHUNK;
                    let make = |s: usize| build::<G>(&t.seats[s]);
                    soak::<G>(
                        &t.rules,
                        t.players,
                        t.seed,
                        start..(start + CHUNK).min(hi),
                        &make,
                        symmetry,
                    )
                })
                .reduce(SoakVerdict::default, |mut a, b| {
                    a.merge(&b);
                    a
                })
        });
        let names = if a.strategies.is_empty() {
            vec![super::setup::default_strategy::<G>().to_string()]
        } else {
            a.strategies.clone()
        };
        let check = Checked {
            game: G::NAME.to_string(),
            players: t.players,
            rules: super::simulate::changed_switches::<G>(&t.rules),
            strategies: names,
            seed: t.seed,
            deals: a.deals,
            shard: [k, n],
            range: [lo, hi],
        };
        Ok(Document::new(check, verdict))
    }
}

/// Reads and merges the verdicts of all shards of one check.
fn merge(files: &[PathBuf]) -> Result<Document> {
    let mut docs = Vec::new();
    for f in files {
        let text = super::replay::read_input(f)?;
        let d: Document = serde_json::from_str(&text).map_err(|e| {
            Error::input(format!("{}: not a cardsim check verdict: {e}", f.display()))
        })?;
        if d.sha256.is_empty() {
            return Err(Error::input(format!(
                "{}: the verdict carries no sha256 (written by an older cardsim?)",
                f.display()
            )));
        }
        if d.sha256 != digest(&d.check, &d.verdict) {
            return Err(Error::input(format!(
                "{}: the verdict was changed after it was written (its sha256 does not match)",
                f.display()
            )));
        }
        docs.push((f, d));
    }
    let first = docs[0].1.check.clone();
    let n = first.shard[1];
    let mut seen = vec![false; docs.len()];
    let mut total = SoakVerdict::default();
    for (f, d) in &docs {
        let c = &d.check;
        let same = Checked {
            shard: first.shard,
            range: first.range,
            ..c.clone()
        };
        if same != first || c.shard[1] != n {
            return Err(Error::input(format!(
                "{}: a verdict of another check (game, table, rules, strategies, seed, deals or shard count differ from {})",
                f.display(),
                docs[0].0.display()
            )));
        }
        let k = c.shard[0];
        let want = (k >= 1 && k <= n).then(|| crate::sim::shard_units(c.deals, k, n));
        if want.is_none_or(|r| [r.start, r.end] != c.range || d.verdict.deals != r.end - r.start) {
            return Err(Error::input(format!(
                "{}: shard {k}/{n} does not hold its share of the deals",
                f.display()
            )));
        }
        let slot = seen.get_mut(k as usize - 1);
        match slot {
            Some(s) if !*s => *s = true,
            _ => {
                return Err(Error::input(format!(
                    "{}: shard {k}/{n} is given twice or there are more than {n} files",
                    f.display()
                )));
            }
        }
        total.merge(&d.verdict);
    }
    if docs.len() as u64 != n {
        return Err(Error::input(format!(
            "{} verdicts for {n} shards: every shard must be given once",
            docs.len()
        )));
    }
    let check = Checked {
        shard: [1, 1],
        range: [0, first.deals],
        ..first
    };
    Ok(Document::new(check, total))
}

/// The one line that says what a check found.
fn summary(d: &Document) -> String {
    let (c, v) = (&d.check, &d.verdict);
    let rules = if c.rules.is_empty() {
        String::new()
    } else {
        format!(", rules {}", c.rules)
    };
    let found = match &v.first_failure {
        None => "no failure".to_string(),
        Some(f) => format!(
            "{} failing deal(s); the first: {}",
            v.failures,
            f.error.lines().next().unwrap_or("")
        ),
    };
    format!(
        "{} with {} players ({}{rules}), seed {}, deals {}..{}: {} deals, {} decisions (longest {}), {} view JSONs, {} determinized samples, {} deals at every rotation: {found}",
        c.game,
        c.players,
        c.strategies.join(", "),
        c.seed,
        c.range[0],
        c.range[1],
        v.deals,
        v.actions,
        v.longest,
        v.json_views,
        v.samples,
        v.symmetric
    )
}

/// `cardsim check`.
pub fn run(a: &CheckArgs) -> Result<()> {
    let start = std::time::Instant::now();
    let doc = match &a.game {
        _ if !a.merge.is_empty() => merge(&a.merge)?,
        Some(game) => {
            with_game(game, Check(a, game)).unwrap_or_else(|| Err(super::unknown_game(game)))?
        }
        None => return Err(Error::input("give a game, or --merge FILE...")),
    };
    if a.json {
        let text = serde_json::to_string_pretty(&doc).map_err(|e| Error::Other(e.to_string()))?;
        crate::outln!("{text}");
    } else {
        crate::outln!("{}", summary(&doc));
    }
    if a.merge.is_empty() {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "cardsim: checked {} deals in {secs:.1} s ({:.0} deals/s)",
            doc.verdict.deals,
            doc.verdict.deals as f64 / secs.max(1e-9)
        );
    }
    match &doc.verdict.first_failure {
        None => Ok(()),
        Some(f) => Err(Error::Other(format!(
            "{} deal(s) failed the checks; the first, deal {}: {}",
            doc.verdict.failures,
            f.deal,
            f.error.lines().next().unwrap_or("")
        ))),
    }
}
