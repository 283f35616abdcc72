//! The command line, as clap derive definitions. Validation into typed specs happens in each
//! subcommand's module, so this file is only the surface.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// cardsim: Monte Carlo strategy simulator and analytics for card games.
#[derive(Parser, Debug)]
#[command(name = "cardsim", version = super::VERSION, about, propagate_version = true)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
    /// How long work shows progress on stderr: `auto` (a bar on a terminal, a line every
    /// 30 s elsewhere, e.g. in a Slurm log), `lines` (a line every 30 s), `none`.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "HOW")]
    pub progress: crate::progress::ProgressMode,
}

/// The subcommands, one variant each.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many self-play deals (or matches) and report win rates, scores and lengths.
    Simulate(SimulateArgs),
    /// Print the rules as implemented, with every switch, its default and allowed values.
    Rules {
        /// The game: lasso, golf, broken-ladder, hand-and-foot, chinchon.
        game: String,
        /// The rules page, switches and strategies as one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// Replay one deal of a simulation step by step.
    Trace(TraceArgs),
    /// Score a position given as cards (each game's form is below and in `cardsim rules <game>`).
    #[command(after_help = super::info::score_syntax_help())]
    Score {
        /// The game: lasso, golf, broken-ladder, hand-and-foot, chinchon.
        game: String,
        /// Cards and options for the game's scorer; `--rule KEY=VALUE` may appear anywhere.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// List games, their strategies and rule switches; with a game, its strategies' knobs and
    /// its switches in full.
    List {
        /// Only this game, in detail.
        game: Option<String>,
        /// The same as JSON: an array of games (one object with a game).
        #[arg(long)]
        json: bool,
    },
    /// Quick throughput table per game and strategy, one thread and all threads.
    Bench(BenchArgs),
    /// Rule variants on the same deals: paired differences against the first variant.
    Compare(CompareArgs),
    /// Duplicate-deal tournament between strategies, with ratings.
    Tournament(TournamentArgs),
    /// Search rule switches for the fairest game: race every combination on common deals,
    /// then re-test the winner against the base rules on fresh deals.
    Balance(super::balance::BalanceArgs),
    /// Tune a bot's knobs for the best score rate against a panel on duplicate deals (the
    /// balance lab's race, NTBEA for large spaces), then re-test the best on fresh deals.
    Tune(super::tune::TuneArgs),
    /// Run a study described in a file (see experiments/ and the format below).
    #[command(after_help = super::experiment::FORMAT)]
    Run(StudyArgs),
    /// Play one seat yourself, in the terminal, against bots.
    Play(PlayArgs),
    /// Play deals through the invariant harness (the soak): every state of every deal checked,
    /// on every core; `--shard K/N` and `--merge` split a long soak over machines.
    Check(super::soak::CheckArgs),
    /// Combine the outputs of `simulate --shard K/N` runs into the files one run writes.
    Merge(MergeArgs),
    /// Replay an output folder from its run.json into a new folder (the same files, byte
    /// for byte).
    Rerun(RerunArgs),
    /// Write DIR/report.html: one page with charts and tables of an output folder
    /// (simulate, compare, tournament, merge, or a study folder from `run`).
    Report(ReportArgs),
    /// Print a shell completion script, e.g. `cardsim completions bash > ~/.local/share/bash-completion/completions/cardsim`.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `cardsim man | man -l -`.
    Man,
}

/// Where results go and how much is said: shared by every command that writes results.
#[derive(Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Write the CSV files and run.json into this folder. A run owns its folder: cardsim's
    /// files of an earlier run there are replaced or removed, other files are left alone.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// No progress bar and no table (warnings and errors still go to stderr).
    #[arg(long, short)]
    pub quiet: bool,
    /// Print the results as one JSON document on stdout instead of a table: `run` (what
    /// run.json says) and one array of rows per CSV file, named by the file.
    #[arg(long)]
    pub json: bool,
    /// Also write report.html into the --out folder: charts and tables of the results on
    /// one self-contained page (the same as `cardsim report DIR` afterwards).
    #[arg(long)]
    pub report: bool,
}

/// The options every command that plays deals takes, with the same meaning everywhere.
#[derive(Args, Debug, Clone, Default)]
pub struct CommonArgs {
    /// Worker threads (default: one per core). The output does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Where results go and how much is said.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `cardsim run`'s arguments.
#[derive(Args, Debug)]
pub struct StudyArgs {
    /// The study file, e.g. experiments/golf-switches.toml.
    pub file: PathBuf,
    /// Only the run of this name.
    #[arg(long)]
    pub only: Option<String>,
    /// The default seed of every run that names none (overrides the file's `seed`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Threads, and the folder under which each run writes into a subfolder of its name.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `cardsim merge`'s arguments.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' output folders (each holding shard.json).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Where the combined results go.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `cardsim report DIR...`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Output folders: each gets its own report.html (a study folder one page for all its
    /// runs).
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Do not print the path of each report written.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `cardsim rerun`'s arguments.
#[derive(Args, Debug)]
pub struct RerunArgs {
    /// The output folder to replay (holding run.json).
    pub dir: PathBuf,
    /// Run the `exec:` bot commands the run.json names (each is printed first); without it
    /// rerun refuses them: a folder someone sent you must not run programs.
    #[arg(long)]
    pub allow_exec: bool,
    /// Threads and where the replayed results go.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// What every run of deals shares: game, table, strategies, rules, seed.
#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    /// The game: lasso, golf, broken-ladder, hand-and-foot, chinchon.
    pub game: String,
    /// Players at the table (default: the game's usual table, 4 for most).
    #[arg(long)]
    pub players: Option<usize>,
    /// Strategy name or knob file, assigned to seats in order, cycling (default: greedy).
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    pub strategies: Vec<String>,
    /// A rule switch, KEY=VALUE (see `cardsim rules <game>`).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Master seed: the same seed gives the same deals and the same output.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
}

/// How much to play: shared by simulate, compare and tournament.
#[derive(Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// Deals to play (simulate and compare: 100000; tournament: 10000 per seating).
    #[arg(long, conflicts_with = "matches", value_parser = super::setup::parse_count)]
    pub deals: Option<u64>,
    /// Whole matches to play instead of deals.
    #[arg(long, value_parser = super::setup::parse_count)]
    pub matches: Option<u64>,
    /// Keep playing, in doubling rounds (reproducibly), until every reported win-rate
    /// interval is narrower than this width; --deals/--matches then caps the count.
    #[arg(long, value_name = "WIDTH")]
    pub precision: Option<f64>,
}

impl RunArgs {
    /// Deals or matches, and how many (`default_deals` when neither is given).
    pub fn units(&self, default_deals: u64) -> (crate::sim::Mode, u64) {
        match self.matches {
            Some(m) => (crate::sim::Mode::Matches, m),
            None => (crate::sim::Mode::Deals, self.deals.unwrap_or(default_deals)),
        }
    }

    /// The count the user fixed for `mode`, if any (the cap under --precision).
    pub fn fixed(&self, mode: crate::sim::Mode) -> Option<u64> {
        match mode {
            crate::sim::Mode::Deals => self.deals,
            crate::sim::Mode::Matches => self.matches,
        }
    }
}

/// `cardsim simulate`'s arguments.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Game, table, strategies, rules and seed.
    #[command(flatten)]
    pub table: TableArgs,
    /// How much to play.
    #[command(flatten)]
    pub run: RunArgs,
    /// Threads and output.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Play only shard K of N (K = 1..N) of the deal indices and write mergeable results
    /// (needs --out); combine shards with `cardsim merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
}

/// `cardsim compare`'s arguments.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Game, table, strategies, the base rules every variant starts from, and seed.
    #[command(flatten)]
    pub table: TableArgs,
    /// A variant, NAME:KEY=VAL,KEY=VAL (NAME: alone = the defaults); the first is the baseline.
    #[arg(long = "variant", value_name = "NAME:SWITCHES")]
    pub variants: Vec<String>,
    /// How much to play, per variant.
    #[command(flatten)]
    pub run: RunArgs,
    /// Also play every variant under each of these strategies' self-play line-ups and flag
    /// every metric conclusion whose sign or significance differs between them; adds the
    /// panel's skill_gap and upset_share (panel.csv).
    #[arg(long, value_delimiter = ',', value_name = "S1,S2")]
    pub panel: Vec<String>,
    /// Threads and output.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `cardsim tournament`'s arguments.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Game, table, the strategies of the pool, rules and seed.
    #[command(flatten)]
    pub table: TableArgs,
    /// How much to play, per seating.
    #[command(flatten)]
    pub run: RunArgs,
    /// Threads and output.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `cardsim trace`'s arguments.
#[derive(Args, Debug)]
pub struct TraceArgs {
    /// Game, table, strategies, rules and seed of the simulation the deal comes from.
    #[command(flatten)]
    pub table: TableArgs,
    /// The deal index within the simulation (0-based); with --matches, the match's index.
    #[arg(long, default_value_t = 0)]
    pub deal: u64,
    /// Trace the whole match --deal names, as `simulate --matches` plays it: every deal with
    /// its dealer (rotating) and the match totals after it.
    #[arg(long)]
    pub matches: bool,
    /// JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `cardsim bench`'s arguments.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game (default: all).
    pub game: Option<String>,
    /// Seconds to spend on each measurement (roughly): above 0, at most 3600.
    #[arg(long, default_value_t = 1.0, value_parser = bench_seconds)]
    pub seconds: f64,
    /// Players at the table.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Timed runs per measurement; the fastest is reported (on a shared machine other work
    /// only ever slows a run down).
    #[arg(long, default_value_t = 3)]
    pub repeat: u32,
    /// Master seed of the timed deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `--threads N` sets the threads of the "all" columns (default: one per core);
    /// `--out DIR` writes bench.csv and run.json.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `cardsim play`'s arguments.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: lasso, golf, broken-ladder, hand-and-foot, chinchon.
    pub game: String,
    /// Players at the table (default: the game's usual table).
    #[arg(long)]
    pub players: Option<usize>,
    /// Your seat (0 = the first deal's dealer; seats go clockwise).
    #[arg(long, default_value_t = 0)]
    pub seat: usize,
    /// The bots' strategies, given to the other seats in order, cycling (default: greedy).
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    pub strategies: Vec<String>,
    /// A rule switch, KEY=VALUE (see `cardsim rules <game>`).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Seed of the deals (default: from the clock; the first line shows it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Matches to play.
    #[arg(long, default_value_t = 1)]
    pub matches: u64,
}

/// `bench --seconds`: a finite number of seconds above 0, at most an hour.
fn bench_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 3600.0 => Ok(x),
        Ok(_) => Err("seconds must be above 0 and at most 3600".into()),
        Err(_) => Err(format!("'{text}' is not a number of seconds")),
    }
}
