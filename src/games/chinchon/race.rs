//! `greedy`'s races: the least key over some hand positions, where each key is dear (a keep
//! value) but a cheap bound below it is known, so keys are asked from the least bound up
//! and only while a bound leaves a position in the race.

use super::arrange::{HAND_CAP, positions};

/// The least `key(i)` over the positions in `cands` and the first position that has it,
/// where `key(i) >= low[i]`: positions are tried from the least bound up, and `key` is asked
/// only while a bound leaves a position in the race.
pub(super) fn least_by_bound(
    low: &[i32],
    cands: u16,
    mut key: impl FnMut(usize) -> i32,
) -> (i32, usize) {
    // The least bound first (the first position on ties).
    let (_, first) = least_bound(low, cands);
    if first == usize::MAX {
        return (i32::MAX, usize::MAX);
    }
    let (mut best, mut at) = (key(first), first);
    // The least key only falls: the positions still in the race are those whose bounds are
    // at most this one, tried from the least bound up (the first position on ties), as
    // bounds and positions packed into one number.
    let (race, k) = race_of(low, cands & !(1 << first), best);
    for &r in &race[..k] {
        let (lo, i) = ((r >> 8) as i32, (r & 0xff) as usize);
        if lo > best {
            break;
        }
        if lo == best && i > at {
            continue;
        }
        let x = key(i);
        if x < best || (x == best && i < at) {
            (best, at) = (x, i);
        }
    }
    (best, at)
}

/// The least `key(i)` over the positions in `cands` when it is at most `limit`, else `None`,
/// where `key(i) >= low[i]`: as [`least_by_bound`], but a position whose bound exceeds
/// `limit` is never asked while no key is within it (the answer would be `None` whatever
/// its key).
pub(super) fn least_below(
    low: &[i32],
    cands: u16,
    limit: i32,
    mut key: impl FnMut(usize) -> i32,
) -> Option<i32> {
    let (lo, first) = least_bound(low, cands);
    if lo > limit {
        return None; // every key is above its bound, above `limit`
    }
    let mut best = key(first);
    // The positions still in the race: bounds within the least key found and `limit`, tried
    // from the least bound up (both only fall, so the race is set once).
    let (race, k) = race_of(low, cands & !(1 << first), best.min(limit));
    for &r in &race[..k] {
        let (lo, i) = ((r >> 8) as i32, (r & 0xff) as usize);
        if lo >= best.min(limit + 1) {
            break; // no key here can be below the best, nor within `limit` while none is
        }
        best = best.min(key(i));
    }
    (best <= limit).then_some(best)
}

/// The least bound over the positions in `cands` and the first position that has it
/// (`(i32::MAX, usize::MAX)` with none).
#[inline(always)]
fn least_bound(low: &[i32], cands: u16) -> (i32, usize) {
    let (mut lo, mut first) = (i32::MAX, usize::MAX);
    for j in positions(cands) {
        if low[j] < lo {
            (lo, first) = (low[j], j);
        }
    }
    (lo, first)
}

/// The positions of `cands` whose bounds are at most `cut`, sorted by bound then position,
/// each packed as `bound << 8 | position`; and how many there are.
#[inline(always)]
fn race_of(low: &[i32], cands: u16, cut: i32) -> ([i64; HAND_CAP], usize) {
    let mut race = [0i64; HAND_CAP];
    let mut k = 0;
    for j in positions(cands) {
        if low[j] <= cut {
            let x = (low[j] as i64) << 8 | j as i64;
            let mut p = k;
            while p > 0 && race[p - 1] > x {
                race[p] = race[p - 1];
                p -= 1;
            }
            race[p] = x;
            k += 1;
        }
    }
    (race, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;

    /// [`least_below`] gives [`least_by_bound`]'s least key when it is within the limit and
    /// `None` otherwise, and asks no more keys than it; both give the plain minimum.
    #[test]
    fn races_give_the_least_key() {
        let mut rng = GameRng::new(8, 1);
        let mut fewer = 0;
        for round in 0..20_000 {
            let n = 1 + round % HAND_CAP;
            let mut low = [0i32; HAND_CAP];
            let mut extra = [0i32; HAND_CAP];
            for i in 0..n {
                low[i] = rng.index(40) as i32 - 10;
                extra[i] = if rng.index(3) == 0 {
                    0
                } else {
                    rng.index(30) as i32
                };
            }
            let cands = (rng.index(1 << n) as u16) | 1 << rng.index(n);
            let plain = positions(cands).map(|i| low[i] + extra[i]).min().unwrap();
            let first = positions(cands)
                .find(|&i| low[i] + extra[i] == plain)
                .unwrap();
            let mut asked = 0;
            let by_bound = least_by_bound(&low[..n], cands, |i| {
                asked += 1;
                low[i] + extra[i]
            });
            assert_eq!(by_bound, (plain, first));
            let limit = rng.index(50) as i32 - 10;
            let mut asked_below = 0;
            let below = least_below(&low[..n], cands, limit, |i| {
                asked_below += 1;
                low[i] + extra[i]
            });
            assert_eq!(
                below,
                (plain <= limit).then_some(plain),
                "{low:?} {extra:?}"
            );
            assert!(asked_below <= asked);
            fewer += (asked_below < asked) as u32;
        }
        assert!(fewer > 1000, "{fewer}");
    }
}
