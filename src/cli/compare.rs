//! `cardsim compare <game> --variant NAME:KEY=VAL,... ...`: rule variants on the same deals
//! (common random numbers), paired differences against the first variant, Holm-corrected.

use super::args::CompareArgs;
use super::emit::{emit, print_csv};
use super::runinfo::{Precision, RunInfo, count_words, table_words};
use super::setup::{apply_rules, parse_rules, table};
use crate::error::{Error, Result};
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, with_game};
use crate::output::{OutFile, num, p_text};
use crate::sim::Mode;
use crate::sim::compare::{CompareSpec, CompareTally, compare, metrics};
use crate::stats::{Merge, PairedDiff, WIN_UNITS, holm};
use serde_json::json;

/// One row of `compare.csv`.
struct Row {
    variant: String,
    switches: String,
    metric: String,
    value: f64,
    diff: f64,
    ci: Option<PairedDiff>,
}

/// Parses `NAME:KEY=VAL,KEY=VAL` (or `NAME:` for the defaults) on top of `base` switches.
fn parse_variant<G: Game>(text: &str, base: &[String]) -> Result<(String, String, G::Rules)> {
    let (name, sw) = text.split_once(':').ok_or_else(|| {
        Error::input(format!(
            "bad --variant '{text}': expected NAME:KEY=VAL,KEY=VAL (or NAME:)"
        ))
    })?;
    if name.is_empty() {
        return Err(Error::input(format!(
            "bad --variant '{text}': the name is empty"
        )));
    }
    let pairs: Vec<String> = sw
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    // The variant's own switches override the shared --rule ones; within each, once.
    let mut rules = parse_rules::<G>(base)?;
    apply_rules::<G>(&mut rules, &pairs, &format!("--variant {name}"))?;
    let changed = super::simulate::changed_switches::<G>(&rules);
    Ok((name.to_string(), changed, rules))
}

/// A variant's name and changed switches, and the variant's name and rules.
type Variants<G> = (Vec<(String, String)>, Vec<(String, <G as Game>::Rules)>);

/// Parses and checks every `--variant` on top of the `base` switches for a table of
/// `players`: at least two, each name once, each rule set valid and able to seat them (a
/// study checks its compare runs with this before the first run starts).
pub(super) fn parse_variants<G: Game>(
    texts: &[String],
    base: &[String],
    players: usize,
) -> Result<Variants<G>> {
    if texts.len() < 2 {
        return Err(Error::input(
            "compare needs at least two --variant (the first is the baseline)",
        ));
    }
    let mut variants = Vec::new();
    let mut names = Vec::new();
    for v in texts {
        let (name, sw, rules) = parse_variant::<G>(v, base)?;
        G::check_players(&rules, players)
            .map_err(|e| Error::input(format!("variant {name}: {e}")))?;
        if names.iter().any(|(n, _): &(String, String)| *n == name) {
            return Err(Error::input(format!("two variants are called '{name}'")));
        }
        names.push((name.clone(), sw));
        variants.push((name, rules));
    }
    Ok((names, variants))
}

fn rows<G: Game>(
    t: &CompareTally,
    names: &[(String, String)],
    players: usize,
    mode: Mode,
) -> Vec<Row> {
    let ms = metrics::<G>(players, mode);
    let mut out = Vec::new();
    for (v, (name, sw)) in names.iter().enumerate() {
        for (m, metric) in ms.iter().enumerate() {
            let value = t.x[v][m].mean() / metric.scale;
            let ci = (v > 0).then(|| PairedDiff::from_moments(&t.d[v][m], metric.scale));
            out.push(Row {
                variant: name.clone(),
                switches: sw.clone(),
                metric: metric.name.clone(),
                value,
                diff: ci.map_or(0.0, |c| c.mean),
                ci,
            });
        }
        out.push(Row {
            variant: name.clone(),
            switches: sw.clone(),
            metric: "sd_score".into(),
            value: t.scores[v].sd(),
            diff: t.scores[v].sd() - t.scores[0].sd(),
            ci: None,
        });
    }
    out
}

fn csv_text(game: &str, players: usize, mode: Mode, n: u64, rows: &[Row]) -> Result<String> {
    let ps: Vec<f64> = rows
        .iter()
        .map(|r| r.ci.map_or(f64::NAN, |c| c.p))
        .collect();
    let adj = holm(&ps);
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    w.write_record([
        "game", "players", "unit", "played", "variant", "switches", "metric", "value", "diff",
        "diff_lo", "diff_hi", "p_value", "p_holm",
    ])
    .map_err(err)?;
    for (r, h) in rows.iter().zip(adj) {
        let c = |f: fn(&PairedDiff) -> f64| r.ci.as_ref().map_or(String::new(), |c| num(f(c), 6));
        w.write_record([
            game.to_string(),
            players.to_string(),
            mode.unit().to_string(),
            n.to_string(),
            r.variant.clone(),
            r.switches.clone(),
            r.metric.clone(),
            num(r.value, 6),
            num(r.diff, 6),
            c(|c| c.lo),
            c(|c| c.hi),
            r.ci.as_ref().map_or(String::new(), |c| p_text(c.p)),
            p_text(h),
        ])
        .map_err(err)?;
    }
    String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))
}

/// The widest seat win-rate interval over all variants.
fn widest(t: &CompareTally, players: usize) -> f64 {
    let n = t.deals as f64;
    let wins = |v: usize, s: usize| t.x[v][s].sum as f64 / WIN_UNITS as f64;
    (0..t.x.len())
        .flat_map(|v| (0..players).map(move |s| (v, s)))
        .map(|(v, s)| super::precision::width(wins(v, s), n))
        .fold(0.0, f64::max)
}

struct Compare<'a>(&'a CompareArgs);

impl GameVisitor for Compare<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        let t = table::<G>(&a.table)?;
        let (names, variants) = parse_variants::<G>(&a.variants, &a.table.rules, t.players)?;
        let (mode, n) = a.run.units(super::simulate::DEFAULT_DEALS);
        if n < 2 {
            return Err(Error::input(
                "--deals or --matches must be at least 2 for a comparison",
            ));
        }
        let c = &a.common;
        super::simulate::check_threads(c.threads)?;
        if let Some(dir) = &c.output.out {
            super::simulate::check_out_dir(dir)?;
        }
        let spec = CompareSpec::<G> {
            variants,
            players: t.players,
            seats: t.seats.clone(),
            seed: t.seed,
            units: 0..n,
            mode,
            threads: c.threads,
            progress: !c.output.quiet,
        };
        let asked = n;
        let ((tally, elapsed, threads), n) = match a.run.precision {
            None => {
                // Ctrl-C may stop the comparison with the units played so far (a prefix);
                // not with a panel, whose line-ups are played after it.
                if a.panel.is_empty() {
                    crate::cleanup::allow_stop();
                }
                let out = compare(&spec)?;
                let played = out.0.x.first().and_then(|m| m.first()).map_or(0, |m| m.n);
                if played < 2 {
                    return Err(Error::Interrupted(format!(
                        "fewer than 2 {} finished before the stop; nothing written",
                        mode.unit()
                    )));
                }
                (out, played)
            }
            Some(w) => {
                let cap = super::precision::check(w, mode, a.run.fixed(mode))?;
                super::precision::until_precise(
                    mode,
                    w,
                    cap,
                    |r| {
                        compare(&CompareSpec {
                            units: r,
                            ..spec.clone()
                        })
                    },
                    |acc, o| {
                        acc.0.merge(&o.0);
                        acc.1 += o.1;
                    },
                    |o| widest(&o.0, t.players),
                )?
            }
        };
        let precision = a.run.precision.map(|target| Precision {
            target,
            widest: widest(&tally, t.players),
        });
        if let Some(p) = precision {
            p.warn(n, mode.unit());
        }
        let rows = rows::<G>(&tally, &names, t.players, mode);
        let text = csv_text(G::NAME, t.players, mode, n, &rows)?;
        let mut command = vec!["compare".to_string()];
        command.extend(table_words::<G>(&a.table, t.players, &t.seats));
        for v in &a.variants {
            command.extend(["--variant".to_string(), v.clone()]);
        }
        if !a.panel.is_empty() {
            command.extend(["--panel".to_string(), a.panel.join(",")]);
        }
        command.extend(count_words(
            mode.unit(),
            a.run.fixed(mode),
            n,
            a.run.precision,
        ));
        let info = RunInfo {
            command,
            game: G::NAME,
            players: t.players,
            rules: parse_rules::<G>(&a.table.rules)?.values(),
            strategies: super::simulate::seat_strategies::<G>(&t.seats),
            seed: t.seed,
            unit: mode.unit(),
            count: n,
            precision,
            threads,
            elapsed_s: elapsed.as_secs_f64(),
        };
        let variants: Vec<serde_json::Value> = names
            .iter()
            .zip(&a.variants)
            .map(|((name, sw), text)| json!({"name": name, "given": text, "switches": sw}))
            .collect();
        let lab_in: Vec<(String, &[crate::lab::counts::Counts])> = names
            .iter()
            .zip(&tally.lab)
            .map(|((name, _), c)| (name.clone(), c.as_slice()))
            .collect();
        let lab = crate::lab::table::rows(&lab_in, t.players, mode);
        let metrics = crate::lab::table::json(&lab);
        let panel = if a.panel.is_empty() {
            None
        } else {
            Some(panel_run::<G>(&a.panel, &spec, &names, n)?)
        };
        let mut extra = json!({ "variants": variants, "metrics": metrics });
        if n < asked && a.run.precision.is_none() {
            extra["interrupted"] = json!({ "asked": asked, "played": n });
        }
        if let Some(p) = &panel {
            extra["panel"] = json!({
                "members": a.panel,
                "weakest": p.weak,
                "strongest": p.strong,
                "disagreements": p.flags,
            });
        }
        let mut files = vec![
            OutFile::new("compare.csv", text),
            OutFile::new(
                "metrics.csv",
                crate::lab::table::csv_text(G::NAME, t.players, &lab, true)?,
            ),
            OutFile::new("run.json", info.json(extra)),
        ];
        if let Some(p) = &panel {
            files.push(OutFile::new("panel.csv", p.csv.clone()));
        }
        emit(&c.output, &files, || {
            crate::outln!(
                "{}: {} {} with {} players, seed {}; baseline {}; diff = variant - baseline, p_holm = Holm-adjusted p-value",
                G::NAME,
                n,
                mode.unit(),
                t.players,
                t.seed,
                names[0].0
            );
            crate::outln!(
                "win_rate_seat<k>: seat k's win rate (seat 0 deals the first deal); first_seat_win_rate: seat {}'s, the seat that plays first; a win shared by k seats counts 1/k",
                G::first_to_play(t.players, 0)
            );
            let _ = print_csv(
                &files[0].bytes,
                &[
                    ("variant", "variant"),
                    ("metric", "metric"),
                    ("value", "value"),
                    ("diff", "diff"),
                    ("diff 95% lo", "diff_lo"),
                    ("diff 95% hi", "diff_hi"),
                    ("p_holm", "p_holm"),
                ],
            );
            if let Some(p) = &panel {
                crate::outln!(
                    "panel {}: weakest {}, strongest {}; {} conclusion(s) differ between members (panel.csv)",
                    a.panel.join(","),
                    p.weak,
                    p.strong,
                    p.flags.len()
                );
                for f in &p.flags {
                    crate::outln!("  differs: {f}");
                }
            }
        })?;
        if n < asked && a.run.precision.is_none() {
            let unit = mode.unit();
            return Err(Error::Interrupted(format!(
                "wrote the results of the first {n} of {asked} {unit} (the same as --{unit} {n})"
            )));
        }
        Ok(())
    }
}

/// What `--panel` adds.
struct Panel {
    csv: String,
    weak: String,
    strong: String,
    /// `variant metric` of every conclusion the members disagree on.
    flags: Vec<String>,
}

/// The head-to-head blocks of an arena (candidate 0 against its panel), on worker threads,
/// folded in block order.
fn skill_blocks<G: Game>(
    arena: &crate::lab::tune::TuneArena<G>,
    threads: Option<usize>,
) -> Result<Vec<crate::lab::tune::Score>> {
    use crate::lab::race::Arena;
    let (v, _) = crate::sim::fold_batches(
        threads,
        &(0..crate::lab::panel::SKILL_BLOCKS),
        1,
        Vec::new(),
        |r| arena.play(0, r.start),
        |acc: &mut Vec<_>, x| acc.push(x),
    )?;
    arena.check()?;
    Ok(v)
}

/// Plays every variant under each panel member's line-up, and the weakest member against
/// the strongest under each variant; returns `panel.csv` and the disagreements.
fn panel_run<G: Game>(
    panel: &[String],
    spec: &CompareSpec<G>,
    names: &[(String, String)],
    n: u64,
) -> Result<Panel> {
    use crate::lab::panel::{agree, head_to_head, holm_of, skill};
    let members: Vec<crate::strategy::StrategySpec> = panel
        .iter()
        .map(|s| crate::strategy::resolve::<G>(s.trim()))
        .collect::<Result<_>>()?;
    if members.len() < 2 {
        return Err(Error::input("--panel needs at least two strategies"));
    }
    let mut per = Vec::new();
    for m in &members {
        let (tally, _, _) = compare(&CompareSpec {
            seats: vec![m.clone(); spec.players],
            ..spec.clone()
        })?;
        let lab_in: Vec<(String, &[crate::lab::counts::Counts])> = names
            .iter()
            .zip(&tally.lab)
            .map(|((name, _), c)| (name.clone(), c.as_slice()))
            .collect();
        let rows = crate::lab::table::rows(&lab_in, spec.players, spec.mode);
        let ps = holm_of(&rows);
        per.push((rows, ps));
    }
    // Strength under the baseline rules: each member's score rate against the others.
    let mut rates = Vec::new();
    for (i, m) in members.iter().enumerate() {
        let mut arena = head_to_head::<G>(&spec.variants[0].1, spec.players, spec.seed, n, m, m);
        arena.panel = members
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, s)| s.clone())
            .collect();
        let b = skill_blocks(&arena, spec.threads)?;
        let all = crate::lab::race::merged(&b).and_then(|s| s.rate());
        rates.push(all.unwrap_or(0.5));
    }
    let order = |a: &usize, b: &usize| rates[*a].total_cmp(&rates[*b]).then(a.cmp(b));
    let weak = (0..members.len()).min_by(order).expect("members");
    let strong = (0..members.len()).max_by(order).expect("members");
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let f = |x: Option<f64>| x.map_or(String::new(), |x| num(x + 0.0, 6));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "game", "players", "panel", "variant", "metric", "value", "lo", "hi", "diff", "diff_lo",
        "diff_hi", "p_holm", "agree",
    ])
    .map_err(err)?;
    let mut flags = Vec::new();
    for (k, (rows, ps)) in per.iter().enumerate() {
        for (i, r) in rows.iter().enumerate() {
            let ag = agree(&per, i);
            if k == 0 && ag == Some(false) {
                flags.push(format!("{} {}", r.variant, r.metric));
            }
            w.write_record([
                G::NAME.to_string(),
                spec.players.to_string(),
                members[k].label.clone(),
                r.variant.clone(),
                r.metric.to_string(),
                f(r.est.map(|e| e.value)),
                f(r.est.map(|e| e.lo)),
                f(r.est.map(|e| e.hi)),
                f(r.diff.map(|d| d.value)),
                f(r.diff.map(|d| d.lo)),
                f(r.diff.map(|d| d.hi)),
                if r.diff.is_some() {
                    p_text(ps[i])
                } else {
                    String::new()
                },
                ag.map_or(String::new(), |a| if a { "yes" } else { "no" }.to_string()),
            ])
            .map_err(err)?;
        }
    }
    let pair = format!("{}<{}", members[weak].label, members[strong].label);
    for (name, rules) in &spec.variants {
        let arena = head_to_head::<G>(
            rules,
            spec.players,
            spec.seed,
            n,
            &members[weak],
            &members[strong],
        );
        let (gap, upset) = skill(&skill_blocks(&arena, spec.threads)?);
        for (metric, e) in [("skill_gap", gap), ("upset_share", upset)] {
            w.write_record([
                G::NAME.to_string(),
                spec.players.to_string(),
                pair.clone(),
                name.clone(),
                metric.to_string(),
                f(e.map(|e| e.value)),
                f(e.map(|e| e.lo)),
                f(e.map(|e| e.hi)),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ])
            .map_err(err)?;
        }
    }
    let csv = String::from_utf8(w.into_inner().map_err(|e| Error::Other(e.to_string()))?)
        .map_err(|e| Error::Other(e.to_string()))?;
    Ok(Panel {
        csv,
        weak: members[weak].label.clone(),
        strong: members[strong].label.clone(),
        flags,
    })
}

pub fn run(a: &CompareArgs) -> Result<()> {
    with_game(&a.table.game, Compare(a)).unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_are_written_in_full() {
        assert_eq!(p_text(0.5), "0.500000");
        assert_eq!(p_text(1.0), "1.000000");
        assert_eq!(p_text(0.00012), "0.000120");
        assert_eq!(p_text(1.2e-9), "1.20e-09");
        assert_eq!(p_text(3.456e-123), "3.46e-123");
        assert_eq!(p_text(0.0), "0.000000");
        assert_eq!(p_text(f64::NAN), "");
        for p in [1.2e-9, 4.4e-5, 7.77e-300] {
            let back: f64 = p_text(p).parse().unwrap();
            assert!((back - p).abs() <= p * 0.01, "{p}");
        }
    }
}
