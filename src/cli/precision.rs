//! `--precision W`: play in rounds of unit indices 0..a, a..2a, 2a..4a, ... (doubling, from
//! 10,000 deals or 100 matches) until every reported win-rate interval is narrower than `W`,
//! or the cap is reached. A round's range depends only on the rounds before it and their
//! results, so the same seed stops at the same count, and the output equals a fixed run of
//! that many units.

use crate::error::{Error, Result};
use crate::sim::Mode;
use crate::stats::wilson;
use std::ops::Range;

/// Checks the width and returns the cap on units (`fixed` when the user gave a count).
pub fn check(width: f64, mode: Mode, fixed: Option<u64>) -> Result<u64> {
    if !(width > 0.0 && width < 1.0) {
        return Err(Error::input(format!(
            "bad --precision {width}: a width in (0, 1), e.g. 0.01"
        )));
    }
    Ok(fixed.unwrap_or(match mode {
        Mode::Deals => 100_000_000,
        Mode::Matches => 1_000_000,
    }))
}

/// The width of the Wilson 95% interval for `wins` of `n`.
pub fn width(wins: f64, n: f64) -> f64 {
    let (lo, hi) = wilson(wins, n);
    hi - lo
}

/// Plays rounds with `play` (given a unit range), folding them with `merge`, until `widest`
/// of the merged result is below `target` or `cap` units are played. Returns the merged
/// result and the units played.
pub fn until_precise<T>(
    mode: Mode,
    target: f64,
    cap: u64,
    mut play: impl FnMut(Range<u64>) -> Result<T>,
    mut merge: impl FnMut(&mut T, T),
    widest: impl Fn(&T) -> f64,
) -> Result<(T, u64)> {
    let mut end = match mode {
        Mode::Deals => 10_000,
        Mode::Matches => 100,
    }
    .min(cap);
    let mut acc = play(0..end)?;
    while widest(&acc) >= target && end < cap {
        let next = (2 * end).min(cap);
        merge(&mut acc, play(end..next)?);
        end = next;
    }
    Ok((acc, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_double_until_the_target_or_the_cap() {
        // A fake run whose "width" is 1/sqrt(units): 0.00707 at 20,000, 0.005 at 40,000.
        let mut ranges = Vec::new();
        let (n, played) = until_precise(
            Mode::Deals,
            0.0051,
            10_000_000,
            |r| {
                ranges.push(r.clone());
                Ok(r.end - r.start)
            },
            |a, b| *a += b,
            |&n| 1.0 / (n as f64).sqrt(),
        )
        .unwrap();
        assert_eq!((n, played), (40_000, 40_000));
        assert_eq!(ranges, vec![0..10_000, 10_000..20_000, 20_000..40_000]);
        let (_, capped) = until_precise(
            Mode::Matches,
            1e-9,
            250,
            |r| Ok(r.end - r.start),
            |a, b| *a += b,
            |_| 1.0,
        )
        .unwrap();
        assert_eq!(capped, 250);
        assert!(check(0.0, Mode::Deals, None).is_err() && check(1.5, Mode::Deals, None).is_err());
    }
}
