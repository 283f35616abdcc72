//! The progress bar every long command shows on stderr: count, rate in plain units
//! (`292,421 deals/s`), and ETA; hidden with `--quiet` or when stderr is not a terminal.
//! A run estimated (from its first batch) to take over ten minutes says so on stderr once,
//! with the estimate, whether or not the bar is drawn.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Runs estimated to take longer than this are announced.
pub const LONG_RUN: Duration = Duration::from_secs(600);

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

/// A progress bar over `total` units of `unit` (`deals`, `matches`), labelled `label`.
pub struct Progress {
    bar: ProgressBar,
    total: u64,
    done: AtomicU64,
    start: Instant,
    show: bool,
    warned: AtomicBool,
    label: String,
}

impl Progress {
    /// A bar that draws only when `show` and stderr is a terminal.
    pub fn new(label: &str, unit: &str, total: u64, show: bool) -> Progress {
        let bar = if show {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        let unit = unit.to_string();
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
        }
    }

    /// Counts `n` more units done; after the first batch, announces a long run once.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        if self.show && done > 0 && !self.warned.swap(true, Ordering::Relaxed) {
            let estimate = self
                .start
                .elapsed()
                .mul_f64(self.total as f64 / done as f64);
            if estimate > LONG_RUN {
                self.bar.suspend(|| {
                    eprintln!(
                        "cardsim: {}: this run will take about {} (estimated from its first batch)",
                        self.label,
                        human_duration(estimate)
                    )
                });
            }
        }
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
}
