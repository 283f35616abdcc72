//! The readable terminal summary of a run.

use super::report::{Report, num};
use crate::stats::wilson;

/// Prints the summary table, the score and length distributions in brief, to stdout.
pub fn print_table(r: &Report) {
    let t = &r.tally;
    crate::outln!(
        "{}: {} {} with {} players, seed {}, {} thread{}, {:.2} s ({:.0} {}/s)",
        r.game,
        t.units,
        r.unit,
        r.players,
        r.seed,
        r.threads,
        if r.threads == 1 { "" } else { "s" },
        r.elapsed_s,
        t.units as f64 / r.elapsed_s.max(1e-9),
        r.unit
    );
    let changed: Vec<String> = r.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    crate::outln!("rules: {}", changed.join(" "));
    crate::outln!();
    crate::outln!(
        "{:>4}  {:<14} {:>9}  {:>19}  {:>10} {:>9} {:>8}",
        "seat",
        "strategy",
        "win rate",
        "95% interval",
        "mean score",
        "sd",
        "se"
    );
    for l in r.seat_lines() {
        crate::outln!(
            "{:>4}  {:<14} {:>8.2}%  [{:>6.2}%, {:>6.2}%]  {:>10} {:>9} {:>8}",
            l.seat,
            l.strategy,
            100.0 * l.win_rate,
            100.0 * l.lo,
            100.0 * l.hi,
            num(l.mean, 2),
            num(l.sd, 2),
            num(l.se, 3)
        );
    }
    if r.teams < r.players {
        crate::outln!();
        for team in 0..r.teams {
            let units: u64 = (0..r.players)
                .filter(|&s| r.team_of[s] == team)
                .map(|s| t.seats[s].win_units)
                .sum();
            let wins = units as f64 / crate::stats::WIN_UNITS as f64;
            let (lo, hi) = wilson(wins, t.units as f64);
            crate::outln!(
                "team {team}: win rate {:.2}% [{:.2}%, {:.2}%]",
                100.0 * wins / t.units as f64,
                100.0 * lo,
                100.0 * hi
            );
        }
    }
    if t.no_winner > 0 {
        crate::outln!(
            "{} of {} {} ended with no winner",
            t.no_winner,
            t.units,
            r.unit
        );
    }
    if t.capped > 0 {
        crate::outln!("{} matches hit the deal cap", t.capped);
    }
    crate::outln!();
    let all = {
        let mut h = crate::stats::Histogram::new();
        for s in &t.seats {
            crate::stats::Merge::merge(&mut h, &s.score_hist);
        }
        h
    };
    let q =
        |h: &crate::stats::Histogram, p| h.quantile(p).map_or("-".to_string(), |v| v.to_string());
    crate::outln!(
        "scores (all seats): min {} | 10% {} | median {} | 90% {} | max {}",
        q(&all, 0.0),
        q(&all, 0.1),
        q(&all, 0.5),
        q(&all, 0.9),
        q(&all, 1.0)
    );
    let len_name = if r.unit == "deals" {
        "turns per deal"
    } else {
        "deals per match"
    };
    crate::outln!(
        "{len_name}: mean {} | min {} | 10% {} | median {} | 90% {} | max {}",
        num(t.lengths_mean(), 2),
        q(&t.lengths, 0.0),
        q(&t.lengths, 0.1),
        q(&t.lengths, 0.5),
        q(&t.lengths, 0.9),
        q(&t.lengths, 1.0)
    );
}
