//! `Moments`: exact count, sum and sum of squares of integer observations.

use super::Merge;

/// Exact first and second moments of integer observations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Moments {
    /// Number of observations.
    pub n: u64,
    /// Sum of the observations.
    #[serde(with = "i128_text")]
    pub sum: i128,
    /// Sum of their squares.
    #[serde(with = "i128_text")]
    pub sum_sq: i128,
}

impl Moments {
    /// Counts one observation.
    #[inline]
    pub fn add(&mut self, x: i64) {
        self.n += 1;
        self.sum += x as i128;
        self.sum_sq += (x as i128) * (x as i128);
    }

    /// The mean (NaN with no observation).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The sample standard deviation (n - 1 denominator), computed from exact integers:
    /// `(n*sum_sq - sum^2) / (n*(n-1))`, so no cancellation error creeps in.
    pub fn sd(&self) -> f64 {
        if self.n < 2 {
            return f64::NAN;
        }
        let n = self.n as i128;
        let num = n * self.sum_sq - self.sum * self.sum;
        (num as f64 / (n * (n - 1)) as f64).sqrt()
    }

    /// The standard error of the mean.
    pub fn se(&self) -> f64 {
        self.sd() / (self.n as f64).sqrt()
    }
}

impl Merge for Moments {
    fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }
}

/// i128 as decimal text in JSON, so that no reader rounds it through a float.
pub(crate) mod i128_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(x: &i128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&x.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_two_pass_formulas() {
        let xs = [4i64, -7, 13, 0, 2, 2, 9, -1];
        let mut m = Moments::default();
        xs.iter().for_each(|&x| m.add(x));
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<i64>() as f64 / n;
        let var = xs.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0);
        assert!((m.mean() - mean).abs() < 1e-12);
        assert!((m.sd() - var.sqrt()).abs() < 1e-12);
        assert!((m.se() - var.sqrt() / n.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn merging_at_every_split_equals_the_whole() {
        let xs = [5i64, 1, -3, 8, 8, 0, 2];
        let mut whole = Moments::default();
        xs.iter().for_each(|&x| whole.add(x));
        for cut in 0..=xs.len() {
            let (mut a, mut b) = (Moments::default(), Moments::default());
            xs[..cut].iter().for_each(|&x| a.add(x));
            xs[cut..].iter().for_each(|&x| b.add(x));
            a.merge(&b);
            assert_eq!(a, whole);
        }
    }
}
