//! Statistics from exact integers: tallies merge in any order to the same bits, and floats
//! appear only when a figure is printed. [`Merge`] is implemented by every summary.
//!
//! - [`wilson`]: the Wilson 95% score interval for a proportion (fractional successes allowed).
//! - [`Moments`]: count, sum and sum of squares (i128) with mean, sd and standard error.
//! - [`Histogram`]: exact counts of integer values, dense, growing only at new extremes.
//! - [`Tally`]: everything a run reports, per seat and overall.
//! - [`jackknife`], [`t975`], [`quantile_interval`], [`Anova`]: intervals for statistics that
//!   are not plain means (the balance lab's metrics).
//! - [`PairedDiff`], [`holm`]: paired differences with intervals and p-values, and Holm's
//!   correction across a table of them.

mod groups;
mod histogram;
mod inference;
mod moments;
mod rating;
mod tally;

pub use groups::{
    Anova, Estimate, GROUPS, jackknife, jackknife_from, quantile_interval, t_cdf, t975,
};
pub use histogram::{Histogram, MAX_SPAN, MAX_VALUE};
pub use inference::{PairedDiff, holm, normal_cdf, two_sided_p};
pub use moments::Moments;
pub use rating::{Rating, bradley_terry, bradley_terry_rated};
pub use tally::{SeatTally, Tally, WIN_UNITS};

/// Summaries that combine exactly: `a.merge(b)` equals the summary of both inputs.
pub trait Merge {
    /// Adds `other` into `self`.
    fn merge(&mut self, other: &Self);
}

/// The 97.5% standard normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `n` at 95%, as (low, high).
/// `successes` may be fractional (shared wins). With `n = 0` the interval is (0, 1).
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = Z95 * Z95;
    let p = successes / n;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // Wilson (1927) / Newcombe (1998) example values: 81 of 263 -> (0.2553, 0.3662).
        let (lo, hi) = wilson(81.0, 263.0);
        assert!(
            (lo - 0.2553).abs() < 5e-4 && (hi - 0.3662).abs() < 5e-4,
            "{lo} {hi}"
        );
        // 0 of 10 -> (0, 0.2775); 10 of 10 -> (0.7225, 1).
        let (lo, hi) = wilson(0.0, 10.0);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 5e-4);
        let (lo, hi) = wilson(10.0, 10.0);
        assert!((lo - 0.7225).abs() < 5e-4 && (hi - 1.0).abs() < 1e-12);
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn wilson_covers_at_the_nominal_rate() {
        // Coverage by exact binomial summation for p = 0.3, n = 50: Wilson's coverage there is
        // known to be close to 95% (Brown, Cai & DasGupta 2001, fig. 4: between 0.93 and 0.97).
        let (n, p) = (50u32, 0.3f64);
        let mut cover = 0.0;
        for k in 0..=n {
            let (lo, hi) = wilson(k as f64, n as f64);
            if lo <= p && p <= hi {
                cover += binom_pmf(n, k, p);
            }
        }
        assert!((0.93..0.97).contains(&cover), "{cover}");
    }

    fn binom_pmf(n: u32, k: u32, p: f64) -> f64 {
        let ln_choose: f64 = (1..=k).map(|i| ((n - k + i) as f64 / i as f64).ln()).sum();
        (ln_choose + k as f64 * p.ln() + (n - k) as f64 * (1.0 - p).ln()).exp()
    }
}
