//! `Histogram`: exact counts of integer values in a dense array that grows only when a new
//! extreme appears, so steady-state tallying never allocates.

use super::Merge;

/// The largest magnitude a value read from a file may have (scores and lengths are far
/// smaller in every game).
pub const MAX_VALUE: i64 = 1 << 36;
/// The most distinct values a histogram read from a file may span.
pub const MAX_SPAN: u64 = 1 << 22;

/// Counts per integer value.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Histogram {
    lo: i64,
    counts: Vec<u64>,
}

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Histogram {
        Histogram::default()
    }

    /// Counts one `x`: in place when the array covers it (every deal once the extremes
    /// have been seen), else through [`Histogram::add_n`], which grows it.
    #[inline]
    pub fn add(&mut self, x: i64) {
        // Below `lo` the difference wraps to a huge index: no slot, the slow path.
        match self.counts.get_mut(x.wrapping_sub(self.lo) as usize) {
            Some(c) => *c += 1,
            None => self.add_n(x, 1),
        }
    }

    /// Counts `n` copies of `x`.
    pub fn add_n(&mut self, x: i64, n: u64) {
        if n == 0 {
            return;
        }
        if self.counts.is_empty() {
            self.lo = x;
            self.counts.push(0);
        } else if x < self.lo {
            let grow = (self.lo - x) as usize;
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.lo = x;
        } else if x >= self.lo + self.counts.len() as i64 {
            self.counts.resize((x - self.lo) as usize + 1, 0);
        }
        self.counts[(x - self.lo) as usize] += n;
    }

    /// Total observations (saturating: only a forged histogram could overflow).
    pub fn total(&self) -> u64 {
        self.counts.iter().fold(0u64, |a, &c| a.saturating_add(c))
    }

    /// The smallest and largest value the dense array covers (None when empty).
    pub fn range(&self) -> Option<(i64, i64)> {
        let last = i64::try_from(self.counts.len()).ok()?.checked_sub(1)?;
        Some((self.lo, self.lo.checked_add(last)?))
    }

    /// For histograms read from a file: the array covers at most [`MAX_SPAN`] values within
    /// ±[`MAX_VALUE`], and its end values have been seen (as `add` leaves them). Merging
    /// histograms that pass never allocates more than a few MAX_SPAN counts.
    pub fn check(&self) -> Result<(), String> {
        if self.counts.is_empty() {
            return Ok(());
        }
        let (lo, hi) = self
            .range()
            .ok_or_else(|| "histogram range overflows".to_string())?;
        if lo < -MAX_VALUE || hi > MAX_VALUE || self.counts.len() as u64 > MAX_SPAN {
            return Err(format!(
                "histogram range {lo}..={hi} is outside ±{MAX_VALUE} or wider than {MAX_SPAN}"
            ));
        }
        if self.counts[0] == 0 || self.counts[self.counts.len() - 1] == 0 {
            return Err("histogram ends with an empty bin".into());
        }
        Ok(())
    }

    /// The exact sum and sum of squares of the observations.
    pub fn sums(&self) -> (i128, i128) {
        self.iter().fold((0, 0), |(s, q), (v, c)| {
            let (v, c) = (v as i128, c as i128);
            (s + v * c, q + v * v * c)
        })
    }

    /// (value, count) for every value seen at least once, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, &c)| (self.lo + i as i64, c))
    }

    /// The smallest value `v` with at least a fraction `q` of observations at or below it.
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let need = ((q * total as f64).ceil() as u64).max(1);
        let mut acc = 0;
        for (v, c) in self.iter() {
            acc += c;
            if acc >= need {
                return Some(v);
            }
        }
        None
    }
}

impl Merge for Histogram {
    fn merge(&mut self, o: &Histogram) {
        for (v, c) in o.iter() {
            self.add_n(v, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn agrees_with_a_map_and_merges_exactly() {
        let xs = [3i64, -2, 3, 10, -5, 0, 3, 10];
        let mut h = Histogram::new();
        let mut m = BTreeMap::new();
        for &x in &xs {
            h.add(x);
            *m.entry(x).or_insert(0u64) += 1;
        }
        assert_eq!(
            h.iter().collect::<Vec<_>>(),
            m.into_iter().collect::<Vec<_>>()
        );
        for cut in 0..=xs.len() {
            let (mut a, mut b) = (Histogram::new(), Histogram::new());
            xs[..cut].iter().for_each(|&x| a.add(x));
            xs[cut..].iter().for_each(|&x| b.add(x));
            a.merge(&b);
            assert_eq!(a.iter().collect::<Vec<_>>(), h.iter().collect::<Vec<_>>());
        }
        assert_eq!(h.total(), 8);
        assert_eq!(h.quantile(0.5), Some(3));
        assert_eq!(h.quantile(0.0), Some(-5));
        assert_eq!(h.quantile(1.0), Some(10));
        let sum: i64 = xs.iter().sum();
        let sq: i64 = xs.iter().map(|x| x * x).sum();
        assert_eq!(h.sums(), (sum as i128, sq as i128));
        assert_eq!(h.range(), Some((-5, 10)));
        assert!(h.check().is_ok());
    }

    #[test]
    fn forged_ranges_fail_the_check() {
        let far = Histogram {
            lo: -1_000_000_000_000,
            counts: vec![1],
        };
        assert!(far.check().is_err());
        let wide = Histogram {
            lo: 0,
            counts: vec![1; MAX_SPAN as usize + 1],
        };
        assert!(wide.check().is_err());
        let padded = Histogram {
            lo: 0,
            counts: vec![1, 0],
        };
        assert!(padded.check().is_err());
        let top = Histogram {
            lo: i64::MAX,
            counts: vec![1, 1],
        };
        assert!(top.check().is_err());
        assert!(Histogram::new().check().is_ok());
    }
}
