//! Inference for paired comparisons: the normal distribution, two-sided p-values, the 95%
//! interval of a mean difference, and Holm's step-down correction across a table.

use super::{Moments, Z95};

/// The standard normal CDF, via the complementary error function (W. J. Cody's rational
/// approximation as given in Numerical Recipes' `erfc`, relative error below 1.2e-7).
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Two-sided p-value of a z statistic.
pub fn two_sided_p(z: f64) -> f64 {
    if z.is_nan() {
        return f64::NAN;
    }
    (2.0 * (1.0 - normal_cdf(z.abs()))).clamp(0.0, 1.0)
}

/// A paired mean difference: mean, standard error, 95% interval and p-value (normal
/// approximation, fine at simulation sample sizes). `scale` divides the integer observations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedDiff {
    /// The mean difference, in the metric's unit.
    pub mean: f64,
    /// Standard error of the mean difference.
    pub se: f64,
    /// Low end of the 95% interval.
    pub lo: f64,
    /// High end of the 95% interval.
    pub hi: f64,
    /// Two-sided p-value against no difference (before any correction for multiple tests).
    pub p: f64,
}

impl PairedDiff {
    /// The difference whose observations (in integers) are `d`, divided by `scale`.
    pub fn from_moments(d: &Moments, scale: f64) -> PairedDiff {
        let mean = d.mean() / scale;
        let se = d.se() / scale;
        let (lo, hi) = (mean - Z95 * se, mean + Z95 * se);
        let p = if se > 0.0 {
            two_sided_p(mean / se)
        } else if mean == 0.0 {
            1.0
        } else {
            0.0
        };
        PairedDiff {
            mean,
            se,
            lo,
            hi,
            p,
        }
    }
}

/// Holm's step-down adjusted p-values, in the input order (NaN entries are left out and stay
/// NaN).
pub fn holm(p: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..p.len()).filter(|&i| !p[i].is_nan()).collect();
    idx.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let m = idx.len();
    let mut out = vec![f64::NAN; p.len()];
    let mut running: f64 = 0.0;
    for (rank, &i) in idx.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        out[i] = running;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_cdf_matches_tables() {
        for (x, want) in [
            (0.0, 0.5),
            (1.0, 0.841_344_746),
            (1.959_964, 0.975),
            (-2.5, 0.006_209_665),
            (3.0, 0.998_650_102),
        ] {
            assert!(
                (normal_cdf(x) - want).abs() < 2e-7,
                "{x}: {}",
                normal_cdf(x)
            );
        }
        assert!((two_sided_p(1.959_964) - 0.05).abs() < 1e-6);
    }

    #[test]
    fn holm_matches_a_worked_example() {
        // p = (0.01, 0.04, 0.03, 0.005): sorted 0.005, 0.01, 0.03, 0.04 -> times 4, 3, 2, 1:
        // 0.02, 0.03, 0.06, 0.04 -> running max: 0.02, 0.03, 0.06, 0.06.
        let adj = holm(&[0.01, 0.04, 0.03, 0.005]);
        let want = [0.03, 0.06, 0.06, 0.02];
        for (a, w) in adj.iter().zip(want) {
            assert!((a - w).abs() < 1e-12, "{adj:?}");
        }
        let adj = holm(&[f64::NAN, 0.5]);
        assert!(adj[0].is_nan() && adj[1] == 0.5);
    }

    #[test]
    fn paired_difference_agrees_with_direct_formulas() {
        let diffs = [3i64, -1, 4, 1, -5, 9, 2, 6];
        let mut m = Moments::default();
        diffs.iter().for_each(|&d| m.add(d));
        let pd = PairedDiff::from_moments(&m, 2.0);
        let n = diffs.len() as f64;
        let mean = diffs.iter().sum::<i64>() as f64 / n;
        let sd = (diffs
            .iter()
            .map(|&d| (d as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0))
            .sqrt();
        assert!((pd.mean - mean / 2.0).abs() < 1e-12);
        assert!((pd.se - sd / n.sqrt() / 2.0).abs() < 1e-12);
        assert!((pd.hi - pd.lo - 2.0 * Z95 * pd.se).abs() < 1e-12);
        let z: f64 = pd.mean / pd.se;
        assert!((pd.p - 2.0 * (1.0 - normal_cdf(z.abs()))).abs() < 1e-12);
    }
}
