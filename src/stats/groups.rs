//! Intervals for statistics that are not a plain mean: Student's t distribution, the
//! delete-a-group jackknife over a fixed number of deal groups, an order-statistic interval
//! for a quantile read from a [`Histogram`], and the one-way random-effects ANOVA behind the
//! intraclass correlation (the share of variance between groups).
//!
//! The balance lab keeps its counts in [`GROUPS`] groups of units (unit index modulo
//! `GROUPS`), so any smooth statistic of the counts, and any paired difference of two
//! variants' statistics on the same deals, gets a standard error from the spread of its
//! leave-one-group-out values, with `GROUPS - 1` degrees of freedom.

use super::{Histogram, Merge, Z95, normal_cdf};

/// Groups of units the lab's jackknife uses (odd, so a probe every 2^k units still visits
/// every group).
pub const GROUPS: usize = 17;

/// t(0.975; 16), the jackknife's quantile over the lab's 17 groups (a test checks it
/// against the bisection).
const T975_16: f64 = 2.119_905_299;

/// The density of Student's t with `df` degrees of freedom, up to its constant.
fn t_kernel(x: f64, df: f64) -> f64 {
    (1.0 + x * x / df).powf(-(df + 1.0) / 2.0)
}

/// ln Γ(x) (Lanczos, g = 7, 9 terms; relative error about 1e-15 for x > 0.5).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + 7.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The CDF of Student's t with `df` degrees of freedom: Simpson's rule on the density from 0
/// to |x| (256 panels; absolute error below 1e-6 for df >= 1 and |x| <= 60), and beyond
/// |x| = 60, where panels that wide would miss the density's peak, the tail from the
/// regularized incomplete beta function ([`t_tail`]). Beyond df = 1000 the normal CDF.
pub fn t_cdf(x: f64, df: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if df > 1000.0 {
        return normal_cdf(x);
    }
    if x.abs() > 60.0 {
        let tail = t_tail(x.abs(), df);
        return if x >= 0.0 { 1.0 - tail } else { tail };
    }
    let c = (ln_gamma((df + 1.0) / 2.0) - ln_gamma(df / 2.0)).exp()
        / (df * std::f64::consts::PI).sqrt();
    let z = x.abs();
    let n = 256;
    let h = z / n as f64;
    let mut s = t_kernel(0.0, df) + t_kernel(z, df);
    for i in 1..n {
        let w = if i % 2 == 1 { 4.0 } else { 2.0 };
        s += w * t_kernel(i as f64 * h, df);
    }
    let half = (c * s * h / 3.0).min(0.5);
    if x >= 0.0 { 0.5 + half } else { 0.5 - half }
}

/// P(T > t) for Student's t with `df` degrees of freedom and `t >= 0`:
/// `I_w(df / 2, 1 / 2) / 2` with `w = df / (df + t^2)`.
fn t_tail(t: f64, df: f64) -> f64 {
    0.5 * beta_reg(df / (df + t * t), df / 2.0, 0.5)
}

/// The regularized incomplete beta function `I_w(a, b)` for `0 <= w <= 1`: its continued
/// fraction (evaluated by the modified Lentz method), on the side of `w` where it converges
/// fast, and the symmetry `I_w(a, b) = 1 - I_{1-w}(b, a)` on the other.
fn beta_reg(w: f64, a: f64, b: f64) -> f64 {
    if w <= 0.0 {
        return 0.0;
    }
    if w >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * w.ln() + b * (1.0 - w).ln()).exp();
    if w < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(w, a, b) / a
    } else {
        1.0 - front * beta_fraction(1.0 - w, b, a) / b
    }
}

/// The continued fraction of `I_w(a, b)`: `1 / (1 + d1 / (1 + d2 / (1 + ...)))`, where
/// `d(2m+1) = -(a + m)(a + b + m) w / ((a + 2m)(a + 2m + 1))` and
/// `d(2m) = m (b - m) w / ((a + 2m - 1)(a + 2m))`.
fn beta_fraction(w: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let guard = |v: f64| if v.abs() < TINY { TINY } else { v };
    let mut c = 1.0;
    let mut d = 1.0 / guard(1.0 - (a + b) * w / (a + 1.0));
    let mut f = d;
    for m in 1..=500 {
        let m = f64::from(m);
        let even = m * (b - m) * w / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        d = 1.0 / guard(1.0 + even * d);
        c = guard(1.0 + even / c);
        f *= d * c;
        let odd = -(a + m) * (a + b + m) * w / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        d = 1.0 / guard(1.0 + odd * d);
        c = guard(1.0 + odd / c);
        let step = d * c;
        f *= step;
        if (step - 1.0).abs() < 1e-15 {
            break;
        }
    }
    f
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom (bisection on [`t_cdf`],
/// to 1e-6; the lab's usual 16 df is a constant).
pub fn t975(df: f64) -> f64 {
    if df > 1000.0 {
        return Z95;
    }
    if df == 16.0 {
        return T975_16;
    }
    let (mut lo, mut hi) = (Z95, 20.0);
    for _ in 0..25 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < 0.975 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// An estimate with its jackknife standard error and 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The statistic on all groups.
    pub value: f64,
    /// Its standard error (NaN with fewer than two usable groups).
    pub se: f64,
    /// Low end of the 95% interval.
    pub lo: f64,
    /// High end of the 95% interval.
    pub hi: f64,
    /// Two-sided p-value of `value = 0` (t with groups - 1 df).
    pub p: f64,
}

impl Estimate {
    /// A value with no interval.
    pub fn bare(value: f64) -> Estimate {
        Estimate {
            value,
            se: f64::NAN,
            lo: f64::NAN,
            hi: f64::NAN,
            p: f64::NAN,
        }
    }
}

/// The delete-a-group jackknife of `stat` over `groups` (each a summary that merges):
/// `stat` of all groups, and the spread of `stat` with each non-empty group left out. Groups
/// for which `used` is false are not left out (they hold no data). `stat` returning `None`
/// on all the data gives `None`; a leave-one-out `None` drops that replicate.
pub fn jackknife<T: Merge + Clone>(
    groups: &[T],
    used: impl Fn(&T) -> bool,
    stat: impl Fn(&T) -> Option<f64>,
) -> Option<Estimate> {
    let mut all = groups.first()?.clone();
    for g in &groups[1..] {
        all.merge(g);
    }
    let value = stat(&all)?;
    let live: Vec<usize> = (0..groups.len()).filter(|&i| used(&groups[i])).collect();
    let mut reps = Vec::with_capacity(live.len());
    for &out in &live {
        let mut rest: Option<T> = None;
        for (i, g) in groups.iter().enumerate() {
            if i == out {
                continue;
            }
            match &mut rest {
                None => rest = Some(g.clone()),
                Some(r) => r.merge(g),
            }
        }
        if let Some(v) = rest.as_ref().and_then(&stat) {
            reps.push(v);
        }
    }
    Some(jackknife_from(value, &reps))
}

/// The jackknife estimate of `value` from its leave-one-group-out replicates `reps`.
pub fn jackknife_from(value: f64, reps: &[f64]) -> Estimate {
    let g = reps.len() as f64;
    if reps.len() < 2 {
        return Estimate::bare(value);
    }
    let mean = reps.iter().sum::<f64>() / g;
    let se = ((g - 1.0) / g * reps.iter().map(|r| (r - mean).powi(2)).sum::<f64>()).sqrt();
    let t = t975(g - 1.0);
    let p = if se > 0.0 {
        2.0 * (1.0 - t_cdf((value / se).abs(), g - 1.0))
    } else if value == 0.0 {
        1.0
    } else {
        0.0
    };
    Estimate {
        value,
        se,
        lo: value - t * se,
        hi: value + t * se,
        p: p.clamp(0.0, 1.0),
    }
}

/// The `q` quantile of `h` with a distribution-free 95% interval: the order statistics at
/// ranks `nq -/+ 1.96 sqrt(nq(1-q))` (normal approximation to the binomial count below the
/// quantile). `None` when `h` is empty.
pub fn quantile_interval(h: &Histogram, q: f64) -> Option<(i64, i64, i64)> {
    let n = h.total();
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let half = Z95 * (nf * q * (1.0 - q)).sqrt();
    let rank = |r: f64| ((r.ceil() as i64).clamp(1, n as i64)) as u64;
    let at = |k: u64| {
        let mut acc = 0;
        for (v, c) in h.iter() {
            acc += c;
            if acc >= k {
                return v;
            }
        }
        unreachable!("rank within the total")
    };
    let v = h.quantile(q)?;
    Some((v, at(rank(nf * q - half)), at(rank(nf * q + half + 1.0))))
}

/// One-way random-effects ANOVA with `k` observations per group, in exact integers: enough
/// for the intraclass correlation ICC(1) = (MSB - MSW) / (MSB + (k - 1) MSW), the share of
/// the variance that lies between groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Anova {
    /// Groups added.
    pub groups: u64,
    /// Observations per group (0 until the first group).
    pub k: u64,
    /// Σ y over every observation.
    #[serde(with = "super::moments::i128_text")]
    pub sum: i128,
    /// Σ y².
    #[serde(with = "super::moments::i128_text")]
    pub sum_sq: i128,
    /// Σ over groups of (Σ y in the group)².
    #[serde(with = "super::moments::i128_text")]
    pub group_sq: i128,
}

impl Anova {
    /// Adds one group of observations (every group must have the same size).
    pub fn add_group(&mut self, ys: &[i64]) {
        assert!(
            self.k == 0 || self.k == ys.len() as u64,
            "ANOVA groups of unequal size"
        );
        self.k = ys.len() as u64;
        self.groups += 1;
        let s: i128 = ys.iter().map(|&y| y as i128).sum();
        self.sum += s;
        self.sum_sq += ys.iter().map(|&y| (y as i128) * (y as i128)).sum::<i128>();
        self.group_sq += s * s;
    }

    /// ICC(1): the share of variance between groups (None with under two groups, one
    /// observation per group, or no variance at all). May be negative in small samples.
    pub fn icc(&self) -> Option<f64> {
        let (g, k) = (self.groups as f64, self.k as f64);
        if self.groups < 2 || self.k < 2 {
            return None;
        }
        let n = g * k;
        let ssb = self.group_sq as f64 / k - (self.sum as f64).powi(2) / n;
        let ssw = self.sum_sq as f64 - self.group_sq as f64 / k;
        let msb = ssb / (g - 1.0);
        let msw = ssw / (g * (k - 1.0));
        let den = msb + (k - 1.0) * msw;
        (den > 0.0).then(|| (msb - msw) / den)
    }
}

impl Merge for Anova {
    fn merge(&mut self, o: &Anova) {
        if o.groups == 0 {
            return;
        }
        assert!(self.k == 0 || self.k == o.k, "ANOVA groups of unequal size");
        self.k = o.k;
        self.groups += o.groups;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
        self.group_sq += o.group_sq;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;
    use crate::stats::Moments;

    #[test]
    fn t_quantiles_match_the_printed_table() {
        // Student's table: t(0.975; 1) = 12.706, (4) 2.776, (16) 2.120, (30) 2.042.
        for (df, want) in [(1.0, 12.706), (4.0, 2.776), (16.0, 2.120), (30.0, 2.042)] {
            let got = t975(df);
            assert!((got - want).abs() < 2e-3, "df {df}: {got}");
        }
        assert!((t_cdf(0.0, 5.0) - 0.5).abs() < 1e-12);
        assert!((t_cdf(T975_16, 16.0) - 0.975).abs() < 1e-6);
        // t(1) is Cauchy: P(T <= 1) = 3/4.
        assert!((t_cdf(1.0, 1.0) - 0.75).abs() < 1e-6);
        assert!((t_cdf(-1.0, 1.0) - 0.25).abs() < 1e-6);
    }

    /// Against the closed forms for 1, 2 and 3 degrees of freedom, at every size of |x|
    /// (Simpson's panels below 60, the incomplete beta beyond), and the tail's own
    /// continued fraction on both sides of its switch.
    #[test]
    fn t_cdf_matches_the_closed_forms_far_into_the_tails() {
        use std::f64::consts::PI;
        let exact = |x: f64, df: f64| match df as u32 {
            1 => 0.5 + x.atan() / PI,
            2 => 0.5 + x / (2.0 * (2.0 + x * x).sqrt()),
            _ => {
                let r = x / 3f64.sqrt();
                0.5 + (r / (1.0 + r * r) + r.atan()) / PI
            }
        };
        for df in [1.0, 2.0, 3.0] {
            for x in [0.3, 2.0, 10.0, 59.0, 61.0, 100.0, 500.0, 1e4, 1e7] {
                for x in [x, -x] {
                    let (got, want) = (t_cdf(x, df), exact(x, df));
                    assert!((got - want).abs() < 1e-6, "df {df}, x {x}: {got} vs {want}");
                    // Far out, the tail itself to a relative 1e-9, against the tails of 1
                    // and 2 degrees of freedom written without cancellation.
                    if x > 60.0 && df < 3.0 {
                        let tail = match df as u32 {
                            1 => (1.0 / x).atan() / PI,
                            _ => 1.0 / (((2.0 + x * x).sqrt() + x) * (2.0 + x * x).sqrt()),
                        };
                        let rel = (t_tail(x, df) - tail).abs() / tail;
                        assert!(rel < 1e-9, "df {df}, x {x}: tail off by {rel}");
                    }
                }
            }
        }
        // I_w(a, 1) = w^a and I_w(1, b) = 1 - (1 - w)^b, on both sides of the switch.
        for w in [0.01, 0.3, 0.5, 0.7, 0.99] {
            assert!((beta_reg(w, 2.5, 1.0) - w.powf(2.5)).abs() < 1e-12, "{w}");
            assert!((beta_reg(w, 1.0, 3.5) - (1.0 - (1.0 - w).powf(3.5))).abs() < 1e-12);
        }
    }

    /// A difference of 1e-6 with a standard error of 1e-6 lies far inside ±5e-4: the two
    /// one-sided tests pass (the t statistic, about 500, was integrated with panels too wide
    /// to see the density's peak, so such a switch was never called equivalent).
    #[test]
    fn a_tiny_difference_with_a_tiny_error_is_far_in_the_tail() {
        let x = (5e-4 - 1e-6) / 1e-6;
        assert!(1.0 - t_cdf(x, 16.0) < 1e-12);
        assert!(t_cdf(-x, 16.0) < 1e-12);
    }

    #[test]
    fn the_jackknife_of_a_mean_is_the_textbook_standard_error() {
        // For a mean of equal-size groups the jackknife SE equals sd(group means)/sqrt(G).
        let mut rng = GameRng::new(7, 1);
        let groups: Vec<Moments> = (0..GROUPS)
            .map(|_| {
                let mut m = Moments::default();
                for _ in 0..50 {
                    m.add(rng.below(100) as i64);
                }
                m
            })
            .collect();
        let e = jackknife(&groups, |m| m.n > 0, |m| Some(m.mean())).unwrap();
        let means: Vec<f64> = groups.iter().map(|m| m.mean()).collect();
        let mu = means.iter().sum::<f64>() / GROUPS as f64;
        let sd =
            (means.iter().map(|x| (x - mu).powi(2)).sum::<f64>() / (GROUPS as f64 - 1.0)).sqrt();
        let want = sd / (GROUPS as f64).sqrt();
        assert!(
            (e.se - want).abs() < 1e-9 * want.max(1.0),
            "{} vs {want}",
            e.se
        );
        assert!((e.value - mu).abs() < 1e-9);
    }

    #[test]
    fn the_quantile_interval_brackets_the_quantile_at_the_binomial_ranks() {
        let mut h = Histogram::new();
        for v in 1..=100 {
            h.add(v);
        }
        // n = 100, q = 0.5: ranks 50 -/+ 1.96*5 = 40.2 .. 60.8 (+1): values 41 and 61.
        assert_eq!(quantile_interval(&h, 0.5), Some((50, 41, 61)));
        assert_eq!(quantile_interval(&Histogram::new(), 0.5), None);
    }

    #[test]
    fn the_icc_recovers_a_known_variance_split() {
        // y = deal effect (sd 3, variance 9) + play noise (sd 1.5 -> variance 2.25 on a
        // uniform grid): ICC = 9 / (9 + var(noise)).
        let mut rng = GameRng::new(11, 3);
        let mut a = Anova::default();
        let (k, groups) = (4, 20_000);
        let noise = [-2i64, -1, 0, 1, 2]; // variance 2
        let deal = [-3i64, 3]; // variance 9
        for _ in 0..groups {
            let d = deal[rng.index(2)];
            let ys: Vec<i64> = (0..k).map(|_| d + noise[rng.index(5)]).collect();
            a.add_group(&ys);
        }
        let icc = a.icc().unwrap();
        assert!((icc - 9.0 / 11.0).abs() < 0.01, "{icc}");
        // Merging two halves gives the same counts as one accumulator.
        let mut b = Anova::default();
        let mut c = Anova::default();
        b.add_group(&[1, 2]);
        c.add_group(&[5, 9]);
        b.merge(&c);
        let mut whole = Anova::default();
        whole.add_group(&[1, 2]);
        whole.add_group(&[5, 9]);
        assert_eq!(b, whole);
        // No between-group variance at all: every group the same.
        let mut flat = Anova::default();
        for _ in 0..10 {
            flat.add_group(&[0, 1]);
        }
        assert!(flat.icc().unwrap() < 0.0 + 1e-12);
    }
}
