//! The progress every long command shows on stderr: count, rate in plain units
//! (`292,421 deals/s`), and ETA. On a terminal it is a bar; where stderr is not a terminal
//! (a Slurm log, a pipe) it is one line every 30 s (`CARDSIM_PROGRESS_SECS` changes the
//! interval). `--progress` chooses ([`ProgressMode`]); `--quiet` shows none.
//! A run estimated to take over ten minutes says so on stderr once, with the estimate,
//! whether or not progress is shown. The estimate waits until the first wave of batches has
//! finished (all workers start together, so the first batch alone would count one worker's
//! share as the whole rate).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Runs estimated to take longer than this are announced.
pub const LONG_RUN: Duration = Duration::from_secs(600);
/// Seconds between progress lines where stderr is not a terminal (by default).
pub const LINE_SECS: u64 = 30;

/// How progress is shown (`--progress`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    /// A bar on a terminal, a line every 30 s elsewhere.
    #[default]
    Auto,
    /// A line every 30 s, on a terminal too.
    Lines,
    /// Nothing (the long-run estimate and warnings still appear).
    None,
}

static MODE: AtomicU8 = AtomicU8::new(0);

/// Sets how every later [`Progress`] shows itself (the CLI calls it once from `--progress`).
pub fn set_mode(mode: ProgressMode) {
    MODE.store(mode as u8, Ordering::Relaxed);
}

fn mode() -> ProgressMode {
    match MODE.load(Ordering::Relaxed) {
        1 => ProgressMode::Lines,
        2 => ProgressMode::None,
        _ => ProgressMode::Auto,
    }
}

/// The interval between progress lines: `CARDSIM_PROGRESS_SECS` (seconds, may be a
/// fraction) or [`LINE_SECS`].
fn line_interval() -> Duration {
    std::env::var("CARDSIM_PROGRESS_SECS")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .map_or(Duration::from_secs(LINE_SECS), Duration::from_secs_f64)
}

/// The whole run's expected duration from progress so far, once the first wave of batches
/// is behind (elapsed at least twice the time the first batch took): `elapsed * total /
/// done`. None before that, or with nothing done.
pub fn estimate(first: Duration, elapsed: Duration, done: u64, total: u64) -> Option<Duration> {
    (done > 0 && elapsed >= first * 2).then(|| elapsed.mul_f64(total as f64 / done as f64))
}

/// A count with thousands separators: `1234567` -> `1,234,567`.
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A duration as people say it: `45 s`, `12 min`, `3 h 20 min`.
pub fn human_duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min", s.div_ceil(60)),
        _ => format!("{} h {} min", s / 3600, (s % 3600) / 60),
    }
}

/// Progress over `total` units of `unit` (`deals`, `matches`), labelled `label`.
pub struct Progress {
    bar: ProgressBar,
    total: u64,
    done: AtomicU64,
    start: Instant,
    show: bool,
    warned: AtomicBool,
    label: String,
    unit: String,
    /// Microseconds from the start to the first finished batch (0: none yet).
    first_us: AtomicU64,
    /// Lines instead of a bar: the interval, and the microsecond of the last line.
    lines: Option<Duration>,
    last_line_us: AtomicU64,
}

impl Progress {
    /// Progress that shows only when `show` (not `--quiet`), as [`set_mode`] chose.
    pub fn new(label: &str, unit: &str, total: u64, show: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let (bar, lines) = match (show, mode()) {
            (false, _) | (true, ProgressMode::None) => (false, None),
            (true, ProgressMode::Auto) if terminal => (true, None),
            (true, _) => (false, Some(line_interval())),
        };
        let bar = if bar {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        let unit = unit.to_string();
        let unit_name = unit.clone();
        let style = ProgressStyle::with_template(&format!(
            "{label} [{{bar:30}}] {{count}} {unit}, {{rate}}, eta {{eta}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("count", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}/{}", grouped(s.pos()), grouped(s.len().unwrap_or(0)));
        })
        .with_key(
            "rate",
            move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{} {unit}/s", grouped(s.per_sec() as u64));
            },
        )
        .progress_chars("=> ");
        bar.set_style(style);
        Progress {
            bar,
            total,
            done: AtomicU64::new(0),
            start: Instant::now(),
            show,
            warned: AtomicBool::new(false),
            label: label.to_string(),
            unit: unit_name,
            first_us: AtomicU64::new(0),
            lines,
            last_line_us: AtomicU64::new(0),
        }
    }

    /// Counts `n` more units done; announces a long run once (see the module docs) and,
    /// in line mode, writes a line when the interval has passed.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        let elapsed = self.start.elapsed();
        let us = (elapsed.as_micros() as u64).max(1);
        let _ = self
            .first_us
            .compare_exchange(0, us, Ordering::Relaxed, Ordering::Relaxed);
        let first = Duration::from_micros(self.first_us.load(Ordering::Relaxed));
        let due = self.show && !self.warned.load(Ordering::Relaxed);
        if let Some(e) = estimate(first, elapsed, done, self.total).filter(|_| due)
            && !self.warned.swap(true, Ordering::Relaxed)
            && e > LONG_RUN
        {
            self.bar.suspend(|| {
                eprintln!(
                    "cardsim: {}: this run will take about {} in all",
                    self.label,
                    human_duration(e)
                )
            });
        }
        if let Some(every) = self.lines {
            let last = self.last_line_us.load(Ordering::Relaxed);
            let due = us.saturating_sub(last) >= every.as_micros() as u64;
            if due
                && done < self.total
                && self
                    .last_line_us
                    .compare_exchange(last, us, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                eprintln!("{}", self.line(done, elapsed));
            }
        }
    }

    /// One progress line: `cardsim: golf: 1,024 of 10,000 deals (10.2%), 292 deals/s, about
    /// 31 s left`.
    fn line(&self, done: u64, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64().max(1e-9);
        let rate = done as f64 / secs;
        let left = match estimate(
            Duration::from_micros(self.first_us.load(Ordering::Relaxed)),
            elapsed,
            done,
            self.total,
        ) {
            Some(all) => format!(
                ", about {} left",
                human_duration(all.saturating_sub(elapsed))
            ),
            None => String::new(),
        };
        format!(
            "cardsim: {}: {} of {} {} ({:.1}%), {} {}/s{left}",
            self.label,
            grouped(done),
            grouped(self.total),
            self.unit,
            100.0 * done as f64 / self.total.max(1) as f64,
            grouped(rate as u64),
            self.unit,
        )
    }

    /// Removes the bar from the terminal.
    pub fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_durations_read_plainly() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(292_421), "292,421");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(human_duration(Duration::from_secs(45)), "45 s");
        assert_eq!(human_duration(Duration::from_secs(601)), "11 min");
        assert_eq!(human_duration(Duration::from_secs(12_000)), "3 h 20 min");
    }

    #[test]
    fn the_estimate_waits_for_the_first_wave() {
        // Four workers, batches of 100 units, 1 s each, 10,000 units: 25 s in all.
        let s = Duration::from_secs;
        // The first batch alone would say 100 s (one worker's rate taken as the whole).
        assert_eq!(estimate(s(1), s(1), 100, 10_000), None);
        assert_eq!(estimate(s(1), s(1), 400, 10_000), None);
        // After the second wave: 800 units in 2 s.
        assert_eq!(estimate(s(1), s(2), 800, 10_000), Some(s(25)));
        assert_eq!(estimate(s(1), s(3), 0, 10_000), None);
    }
}
