//! `cardsim balance`'s arguments checked before anything is played: the `--space` values
//! (each variant's rules), the metric minimised (or the `--front`'s two), the requirements
//! and the `--panel` members. The run starts from
//! what [`check`] builds, and a study checks every balance run with [`check_args`] before any
//! run starts.

use super::balance::{BalanceArgs, DEFAULT_MINIMIZE, DEFAULT_REQUIRE, MAX_VARIANTS};
use super::setup::{apply_rules, parse_rules, table};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::{GameVisitor, with_game};
use crate::lab::front::Axis;
use crate::lab::metrics::metrics;
use crate::lab::race::{Goal, Require};
use crate::sim::Mode;
use crate::strategy::StrategySpec;

/// Parses one `--space`: the key and its values as text.
fn parse_space(text: &str) -> Result<(String, Vec<String>)> {
    let bad = |why: &str| Error::input(format!("bad --space '{text}': {why}"));
    let (k, v) = text
        .split_once('=')
        .ok_or_else(|| bad("expected KEY=V1,V2 or KEY=LO..HI"))?;
    let values: Vec<String> = if let Some((lo, hi)) = v.split_once("..") {
        let lo: i64 = lo.trim().parse().map_err(|_| bad("LO is not an integer"))?;
        let hi: i64 = hi.trim().parse().map_err(|_| bad("HI is not an integer"))?;
        if hi < lo || hi - lo >= MAX_VARIANTS as i64 {
            return Err(bad("expected LO <= HI, at most 512 values"));
        }
        (lo..=hi).map(|x| x.to_string()).collect()
    } else {
        v.split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    if values.is_empty() {
        return Err(bad("no values"));
    }
    Ok((k.trim().to_string(), values))
}

/// Every combination of the spaces, first key slowest.
fn product(spaces: &[(String, Vec<String>)]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    for (k, vs) in spaces {
        out = out
            .into_iter()
            .flat_map(|pre| {
                vs.iter().map(move |v| {
                    let mut p = pre.clone();
                    p.push(format!("{k}={v}"));
                    p
                })
            })
            .collect();
    }
    out
}

/// What [`check`] makes of a balance command's arguments, before anything is played.
pub struct Checked<G: Game> {
    /// Each `--space`: the switch and its values.
    pub spaces: Vec<(String, Vec<String>)>,
    /// How many variants the spaces make (None: more than a `usize` counts).
    pub count: Option<usize>,
    /// Every variant (name, switches, rules) when the race takes them all; empty for NTBEA.
    pub variants: Vec<(String, String, G::Rules)>,
    /// Whether the space is searched with NTBEA first.
    pub use_ntbea: bool,
    /// The requirements as written (the default when none is given).
    pub req_text: Vec<String>,
    /// The objective and the parsed requirements.
    pub goal: Goal,
    /// `--front`'s two axes (None: one objective).
    pub front: Option<Vec<Axis>>,
    /// `--panel`'s members (empty: the `--strategy` line-up).
    pub panel: Vec<StrategySpec>,
}

/// Checks everything a balance command says (block, spaces and each variant's rules, the
/// metric minimised, the requirements) and builds the race's variants and goal: the run
/// starts from this, and a study checks every balance run with it before any run starts.
pub fn check<G: Game>(a: &BalanceArgs) -> Result<Checked<G>> {
    let t = table::<G>(&a.table)?;
    if a.block == 0 {
        return Err(Error::input("--block must be at least 1"));
    }
    let spaces: Vec<(String, Vec<String>)> = a
        .space
        .iter()
        .map(|s| parse_space(s))
        .collect::<Result<_>>()?;
    let count: Option<usize> = spaces
        .iter()
        .map(|(_, v)| v.len())
        .try_fold(1usize, |n, k| n.checked_mul(k));
    let use_ntbea = a.search.use_ntbea(count)?;
    if a.front.is_some() && a.minimize.is_some() {
        return Err(Error::input(
            "--front and --minimize do not go together: --front races two metrics, --minimize one",
        ));
    }
    if a.front.is_some() && !a.panel.is_empty() {
        return Err(Error::input(
            "--front with --panel is not built: race the front under one line-up (--strategy)",
        ));
    }
    if a.front.is_some() && use_ntbea {
        return Err(Error::input(format!(
            "--front races every variant (at most {MAX_VARIANTS}, no NTBEA): narrow the --space values"
        )));
    }
    let panel: Vec<StrategySpec> = a
        .panel
        .iter()
        .map(|s| crate::strategy::resolve::<G>(s.trim()))
        .collect::<Result<_>>()?;
    if !a.panel.is_empty() {
        if panel.len() < 2 {
            return Err(Error::input("--panel needs at least two strategies"));
        }
        if !a.table.strategies.is_empty() {
            return Err(Error::input(
                "--panel gives the line-ups (each member in self-play): drop --strategy",
            ));
        }
    }
    let mut variants = Vec::new();
    if !use_ntbea {
        for (i, sw) in product(&spaces).into_iter().enumerate() {
            let mut rules = parse_rules::<G>(&a.table.rules)?;
            apply_rules::<G>(&mut rules, &sw, "--space")?;
            G::check_players(&rules, t.players)
                .map_err(|e| Error::input(format!("--space {}: {e}", sw.join(";"))))?;
            variants.push((format!("v{i}"), sw.join(";"), rules));
        }
    } else {
        // Every value must be a valid setting of its switch on its own.
        for (k, vs) in &spaces {
            for v in vs {
                let mut rules = parse_rules::<G>(&a.table.rules)?;
                apply_rules::<G>(&mut rules, &[format!("{k}={v}")], "--space")?;
            }
        }
    }
    let names: Vec<&str> = metrics(t.players, Mode::Deals)
        .iter()
        .map(|m| m.name)
        .collect();
    let front = a
        .front
        .as_deref()
        .map(|f| crate::lab::front::parse(f, &names))
        .transpose()?;
    let minimize = match (&front, &a.minimize) {
        (Some(axes), _) => axes[0].metric.clone(),
        (None, Some(m)) => m.clone(),
        (None, None) => DEFAULT_MINIMIZE.to_string(),
    };
    if !names.contains(&minimize.as_str()) {
        return Err(Error::input(format!(
            "unknown --minimize metric '{}'; metrics: {}",
            minimize,
            names.join(", ")
        )));
    }
    let req_text = if a.require.is_empty() {
        vec![DEFAULT_REQUIRE.to_string()]
    } else {
        a.require.clone()
    };
    let require = req_text
        .iter()
        .map(|r| Require::parse(r, &names))
        .collect::<Result<Vec<_>>>()?;
    let goal = Goal {
        minimize,
        require,
        delta: a.delta,
    };
    Ok(Checked {
        spaces,
        count,
        variants,
        use_ntbea,
        req_text,
        goal,
        front,
        panel,
    })
}

/// Checks a balance command's arguments without playing (a study checks all its runs first).
pub fn check_args(a: &BalanceArgs) -> Result<()> {
    struct C<'a>(&'a BalanceArgs);
    impl GameVisitor for C<'_> {
        type Out = Result<()>;
        fn visit<G: Game>(self) -> Result<()> {
            check::<G>(self.0).map(|_| ())
        }
    }
    with_game(&a.table.game, C(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}
