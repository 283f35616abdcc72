//! Leave-one-block-out values of a candidate's statistic, computed once per round so that
//! many paired differences (every member against every member in `balance --panel`, every
//! variant against every variant in `balance --front`) cost a subtraction each instead of
//! a jackknife each. The jackknife of a difference `a − b` over common blocks leaves the same
//! block out of both, so its replicates are the differences of the two candidates'
//! leave-one-out values: [`diff`] is exactly [`crate::stats::jackknife`] of the pair.

use crate::stats::{Estimate, Merge, jackknife_from};

/// A statistic on all of a candidate's blocks and with each block left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Loo {
    /// The statistic on every block.
    pub all: Option<f64>,
    /// The statistic with block `i` left out (None where a block is unused or it has no
    /// value).
    pub reps: Vec<Option<f64>>,
}

/// The leave-one-out values of `stat` over `blocks` (unused blocks, by `used`, get no
/// replicate, as in the jackknife). Prefix and suffix merges: linear in the blocks.
pub fn loo<B: Merge + Clone>(
    blocks: &[B],
    used: impl Fn(&B) -> bool,
    stat: impl Fn(&B) -> Option<f64>,
) -> Loo {
    let g = blocks.len();
    if g == 0 {
        return Loo {
            all: None,
            reps: Vec::new(),
        };
    }
    // suffix[i]: blocks i.. merged (None past the end).
    let mut suffix: Vec<Option<B>> = vec![None; g + 1];
    for i in (0..g).rev() {
        let mut s = blocks[i].clone();
        if let Some(rest) = &suffix[i + 1] {
            s.merge(rest);
        }
        suffix[i] = Some(s);
    }
    let all = suffix[0].as_ref().and_then(&stat);
    let mut prefix: Option<B> = None;
    let mut reps = Vec::with_capacity(g);
    for i in 0..g {
        let rest = match (&prefix, &suffix[i + 1]) {
            (None, None) => None,
            (Some(p), None) => Some(p.clone()),
            (None, Some(s)) => Some(s.clone()),
            (Some(p), Some(s)) => {
                let mut r = p.clone();
                r.merge(s);
                Some(r)
            }
        };
        reps.push(if used(&blocks[i]) {
            rest.as_ref().and_then(&stat)
        } else {
            None
        });
        match &mut prefix {
            None => prefix = Some(blocks[i].clone()),
            Some(p) => p.merge(&blocks[i]),
        }
    }
    Loo { all, reps }
}

/// The jackknife estimate of `a − b` over their first common blocks (None when either has
/// no value).
pub fn diff(a: &Loo, b: &Loo) -> Option<Estimate> {
    let value = a.all? - b.all?;
    let reps: Vec<f64> = a
        .reps
        .iter()
        .zip(&b.reps)
        .filter_map(|(x, y)| Some((*x)? - (*y)?))
        .collect();
    Some(jackknife_from(value, &reps))
}

/// The jackknife estimate of the statistic itself.
pub fn estimate(a: &Loo) -> Option<Estimate> {
    let reps: Vec<f64> = a.reps.iter().filter_map(|x| *x).collect();
    Some(jackknife_from(a.all?, &reps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::jackknife;

    #[derive(Clone, Debug)]
    struct Sum(f64, f64);
    impl Merge for Sum {
        fn merge(&mut self, o: &Sum) {
            self.0 += o.0;
            self.1 += o.1;
        }
    }

    #[test]
    fn differences_match_the_jackknife_of_the_pair() {
        let a: Vec<Sum> = (0..9)
            .map(|i| Sum((i * 7 % 5) as f64, 1.0 + (i % 2) as f64))
            .collect();
        let b: Vec<Sum> = (0..9).map(|i| Sum((i * 3 % 4) as f64, 2.0)).collect();
        let ratio = |s: &Sum| Some(s.0 / s.1);
        let d = diff(&loo(&a, |_| true, ratio), &loo(&b, |_| true, ratio)).unwrap();
        #[derive(Clone)]
        struct P(Sum, Sum);
        impl Merge for P {
            fn merge(&mut self, o: &P) {
                self.0.merge(&o.0);
                self.1.merge(&o.1);
            }
        }
        let pairs: Vec<P> = a
            .iter()
            .zip(&b)
            .map(|(x, y)| P(x.clone(), y.clone()))
            .collect();
        let j = jackknife(&pairs, |_| true, |p| Some(p.0.0 / p.0.1 - p.1.0 / p.1.1)).unwrap();
        assert!((d.value - j.value).abs() < 1e-12);
        assert!((d.se - j.se).abs() < 1e-12);
        assert!((d.p - j.p).abs() < 1e-9);
        let e = estimate(&loo(&a, |_| true, ratio)).unwrap();
        let k = jackknife(&a, |_| true, ratio).unwrap();
        assert!((e.se - k.se).abs() < 1e-12);
    }
}
