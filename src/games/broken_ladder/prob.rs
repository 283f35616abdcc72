//! Exact probabilities by enumeration: the chance that a freshly dealt hand is valid.
//!
//! The Head, a seat's Starter and its five cards are seven cards drawn without replacement
//! from the shoe (any seat, any dealing order: the cards are exchangeable). We sum over the
//! Head's and the Starter's kind (colour and rank: 26 kinds of `2 x packs` copies each) and
//! count the five-card subsets of the rest with the right signed sum and the rank limit by a
//! dynamic programme over ranks (both colours of a rank at once, so the limit is per rank).

use super::rules::Rules;

/// `n` choose `k` as a float.
fn choose(n: i32, k: i32) -> f64 {
    if k < 0 || k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Weighted count of five-card subsets with signed sum `target`; `avail[colour][rank]` copies
/// remain (colour 0 red = positive, 1 black = negative; rank 0 = ace).
fn five_card_ways(avail: &[[i32; 13]; 2], target: i32, limit: i32) -> f64 {
    const OFF: i32 = 65;
    let mut dp = [[0.0f64; 131]; 6];
    dp[0][OFF as usize] = 1.0;
    for (r, (&red, &black)) in avail[0].iter().zip(avail[1].iter()).enumerate() {
        let value = r as i32 + 1;
        let mut next = [[0.0f64; 131]; 6];
        for (k, row) in dp.iter().enumerate() {
            for (s, &w) in row.iter().enumerate() {
                if w == 0.0 {
                    continue;
                }
                for mr in 0..=(5 - k as i32).min(limit) {
                    for mb in 0..=(5 - k as i32 - mr).min(limit - mr) {
                        let ways = choose(red, mr) * choose(black, mb);
                        let ns = s as i32 + value * (mr - mb);
                        next[k + (mr + mb) as usize][ns as usize] += w * ways;
                    }
                }
            }
        }
        dp = next;
    }
    let t = target + OFF;
    if (0..131).contains(&t) {
        dp[5][t as usize]
    } else {
        0.0
    }
}

/// The probability that one seat's dealt hand is valid, for `players` under `rules`.
pub fn dealt_valid_probability(rules: &Rules, players: usize) -> f64 {
    let packs = rules.packs(players) as i32;
    let n = 52 * packs;
    let limit = rules.rank_limit.map_or(5, i32::from);
    let mut total = 0.0;
    for (hc, hr) in kinds() {
        for (sc, sr) in kinds() {
            let mut avail = [[2 * packs; 13]; 2];
            avail[hc][hr] -= 1;
            let p_head = (avail[hc][hr] + 1) as f64 / n as f64;
            let p_starter = avail[sc][sr] as f64 / (n - 1) as f64;
            avail[sc][sr] -= 1;
            let target = hr as i32 - sr as i32;
            let ways = five_card_ways(&avail, target, limit);
            total += p_head * p_starter * ways / choose(n - 2, 5);
        }
    }
    total
}

fn kinds() -> impl Iterator<Item = (usize, usize)> {
    (0..2).flat_map(|c| (0..13).map(move |r| (c, r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_card_ways_counts_by_hand_on_a_tiny_shoe() {
        // One red ace and four black aces... only aces: red A (+1) x1, black A (-1) x4.
        let mut avail = [[0; 13]; 2];
        avail[0][0] = 1;
        avail[1][0] = 4;
        // Five cards from five: the single subset, sum 1 - 4 = -3, five aces (limit off).
        assert_eq!(five_card_ways(&avail, -3, 5), 1.0);
        assert_eq!(five_card_ways(&avail, -3, 2), 0.0);
        // Add two red kings: subsets of 5 from 7 with sum -3: {A+, 4 A-} only = 1;
        // sum 13+1-3 = 11: K + A+ + 3 of 4 A- = 2 x 4 = 8 (limit off).
        avail[0][12] = 2;
        assert_eq!(five_card_ways(&avail, -3, 5), 1.0);
        assert_eq!(five_card_ways(&avail, 11, 5), 8.0);
        // Total over all sums = C(7, 5) = 21.
        let all: f64 = (-65..=65).map(|t| five_card_ways(&avail, t, 5)).sum();
        assert_eq!(all, 21.0);
    }

    #[test]
    fn probabilities_are_plausible_and_ordered() {
        let r = Rules::default();
        let p4 = dealt_valid_probability(&r, 4);
        assert!(p4 > 0.005 && p4 < 0.1, "{p4}");
        let mut off = r;
        off.rank_limit = None;
        assert!(dealt_valid_probability(&off, 4) > p4);
    }
}
