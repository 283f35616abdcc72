//! `GameRng`: the project's one random generator, a named portable PCG (`rand_pcg::Pcg64`,
//! PCG-XSL-RR 128/64), wrapped so that the algorithms built on it (bounded draws, shuffling)
//! are ours and cannot change with a `rand` release. Same seed, same stream, same numbers, on
//! every platform, forever.

use rand::Rng as _;
use rand_pcg::Pcg64;

/// A deterministic random generator for one deal (or one strategy's use in one deal).
#[derive(Clone, Debug)]
pub struct GameRng(Pcg64);

/// SplitMix64's finaliser: spreads a seed's bits so that nearby seeds give unrelated streams.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl GameRng {
    /// The generator for `(seed, stream)`: the state comes from the seed, the PCG stream
    /// (increment) from `stream`, so every stream is a distinct sequence.
    pub fn new(seed: u64, stream: u64) -> GameRng {
        GameRng::with_stream(seed, stream as u128)
    }

    /// As [`GameRng::new`] with a 128-bit stream number: the increment is `2 * stream + 1`
    /// mod 2^128, so every stream below 2^127 is a distinct sequence.
    pub fn with_stream(seed: u64, stream: u128) -> GameRng {
        let state = (mix64(seed) as u128) << 64 | mix64(seed ^ 0x9e37_79b9_7f4a_7c15) as u128;
        GameRng(Pcg64::new(state, stream))
    }

    /// A child generator seeded from this one (for a game's own chance events, such as a
    /// reshuffle later in the deal).
    pub fn fork(&mut self) -> GameRng {
        let seed = self.next_u64();
        let stream = self.next_u64();
        GameRng::new(seed, stream)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// The next 32 random bits (the high half of the next 64).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        (self.0.next_u64() >> 32) as u32
    }

    /// A uniform integer in `0..n` (`n > 0`), unbiased (Lemire's multiply-and-reject).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = self.next_u32() as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform index into a slice of length `n`.
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u32) as usize
    }

    /// True with probability `p` (53-bit resolution).
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < p
    }

    /// Fisher–Yates shuffle (Durstenfeld, from the top down).
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            // `j <= i` already: the `min` changes nothing and spares the swap's bounds checks.
            let j = (self.below(i as u32 + 1) as usize).min(i);
            xs.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_stream_give_the_same_numbers() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = GameRng::new(7, 3);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = GameRng::new(7, 3);
                move |_| r.next_u64()
            })
            .collect();
        let c: Vec<u64> = (0..4)
            .map({
                let mut r = GameRng::new(7, 4);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn below_is_uniform_by_chi_square() {
        // 6 buckets, 60,000 draws: chi-square with 5 df; 20.5 is the 0.999 quantile.
        let mut r = GameRng::new(1, 1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        let chi: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 10_000.0).powi(2) / 10_000.0)
            .sum();
        assert!(chi < 20.5, "chi-square {chi}, counts {counts:?}");
    }

    #[test]
    fn shuffle_places_each_card_uniformly() {
        // Position of element 0 after shuffling 4 elements: uniform over 4 places.
        let mut r = GameRng::new(2, 9);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            let mut xs = [0, 1, 2, 3];
            r.shuffle(&mut xs);
            counts[xs.iter().position(|&x| x == 0).unwrap()] += 1;
        }
        let chi: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 10_000.0).powi(2) / 10_000.0)
            .sum();
        assert!(chi < 16.3, "chi-square {chi}, counts {counts:?}"); // 3 df, 0.999 quantile
    }
}
