//! Bradley–Terry ratings from pairwise results: P(i beats j) = s_i / (s_i + s_j). Fitted by
//! maximum likelihood with Hunter's (2004) MM iterations, ties counting half a win to each
//! side; standard errors from the observed information matrix with the first player's log
//! strength fixed (so intervals are relative to it); reported on the Elo scale
//! (400 / ln 10 per unit of log strength), centred on a mean of 1500.

/// One strategy's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating on the Elo scale (the ratings' mean is 1500).
    pub elo: f64,
    /// Standard error on the Elo scale (relative to the first player).
    pub se: f64,
}

const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// Fits ratings from `wins[i][j]` = times i beat j (ties already split half and half).
/// Returns `None` when a player never wins or never loses (no finite maximum exists).
pub fn bradley_terry(wins: &[Vec<f64>]) -> Option<Vec<Rating>> {
    let k = wins.len();
    let w: Vec<f64> = (0..k).map(|i| wins[i].iter().sum()).collect();
    let n = |i: usize, j: usize| wins[i][j] + wins[j][i];
    if (0..k).any(|i| w[i] <= 0.0 || (0..k).map(|j| wins[j][i]).sum::<f64>() <= 0.0) {
        return None;
    }
    let mut s = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let denom: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n(i, j) / (s[i] + s[j]))
                .sum();
            next[i] = w[i] / denom;
        }
        let g = next.iter().map(|x| x.ln()).sum::<f64>() / k as f64;
        next.iter_mut().for_each(|x| *x /= g.exp());
        let delta = next
            .iter()
            .zip(&s)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        s = next;
        if delta < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = s.iter().map(|x| x.ln()).collect();
    // Observed information for theta_1..theta_{k-1} (theta_0 fixed).
    let m = k - 1;
    let mut info = vec![vec![0.0; m]; m];
    for i in 0..k {
        for j in 0..k {
            if i == j {
                continue;
            }
            let p = s[i] / (s[i] + s[j]);
            let v = n(i, j) * p * (1.0 - p) / 2.0;
            if i > 0 {
                info[i - 1][i - 1] += v;
            }
            if j > 0 {
                info[j - 1][j - 1] += v;
            }
            if i > 0 && j > 0 {
                info[i - 1][j - 1] -= v;
                info[j - 1][i - 1] -= v;
            }
        }
    }
    let cov = invert(info)?;
    let mean = theta.iter().sum::<f64>() / k as f64;
    Some(
        (0..k)
            .map(|i| Rating {
                elo: 1500.0 + ELO * (theta[i] - mean),
                se: if i == 0 {
                    0.0
                } else {
                    ELO * cov[i - 1][i - 1].max(0.0).sqrt()
                },
            })
            .collect(),
    )
}

/// Gauss–Jordan inverse with partial pivoting; `None` when singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| (i == j) as u8 as f64).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..n {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                for j in 0..n {
                    a[r][j] -= f * a[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
        }
    }
    Some(inv)
}

/// Ratings for every player that has a finite one: players that never win or never lose
/// (within the players still rated) are set aside, `None`, one round at a time, and the rest
/// are fitted by [`bradley_terry`] (their mean is 1500, intervals relative to the first of
/// them). A field with fewer than two rated players gets no ratings at all.
pub fn bradley_terry_rated(wins: &[Vec<f64>]) -> Vec<Option<Rating>> {
    let k = wins.len();
    let mut keep: Vec<usize> = (0..k).collect();
    loop {
        let won = |i: usize| keep.iter().map(|&j| wins[i][j]).sum::<f64>() > 0.0;
        let lost = |i: usize| keep.iter().map(|&j| wins[j][i]).sum::<f64>() > 0.0;
        let next: Vec<usize> = keep
            .iter()
            .copied()
            .filter(|&i| won(i) && lost(i))
            .collect();
        if next.len() == keep.len() {
            break;
        }
        keep = next;
    }
    let mut out = vec![None; k];
    if keep.len() < 2 {
        return out;
    }
    let sub: Vec<Vec<f64>> = keep
        .iter()
        .map(|&i| keep.iter().map(|&j| wins[i][j]).collect())
        .collect();
    if let Some(r) = bradley_terry(&sub) {
        for (x, &i) in r.into_iter().zip(&keep) {
            out[i] = Some(x);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_player_that_never_wins_is_unrated_and_the_rest_are_fitted_alone() {
        // Player 0 loses every game; 1, 2 and 3 play a field of their own.
        let wins = vec![
            vec![0.0, 0.0, 0.0, 0.0],
            vec![9.0, 0.0, 6.0, 7.0],
            vec![9.0, 4.0, 0.0, 5.0],
            vec![9.0, 3.0, 5.0, 0.0],
        ];
        assert!(super::bradley_terry(&wins).is_none());
        let r = super::bradley_terry_rated(&wins);
        assert!(r[0].is_none());
        let alone = super::bradley_terry(&[
            vec![0.0, 6.0, 7.0],
            vec![4.0, 0.0, 5.0],
            vec![3.0, 5.0, 0.0],
        ])
        .unwrap();
        for (a, b) in r[1..].iter().zip(&alone) {
            let a = a.unwrap();
            assert!((a.elo - b.elo).abs() < 1e-9 && (a.se - b.se).abs() < 1e-9);
        }
        // Two players, one of them never losing: nobody can be rated.
        let r = super::bradley_terry_rated(&[vec![0.0, 3.0], vec![0.0, 0.0]]);
        assert!(r.iter().all(Option::is_none));
    }

    use super::*;

    #[test]
    fn recovers_known_strengths_from_expected_counts() {
        // Strengths 1, 2, 4: with n games per pair split exactly in expectation, the MLE is
        // the truth, so the Elo gaps are 400 log10(2) = 120.41 each.
        let s = [1.0, 2.0, 4.0];
        let n = 3000.0;
        let wins: Vec<Vec<f64>> = (0..3)
            .map(|i| {
                (0..3)
                    .map(|j| {
                        if i == j {
                            0.0
                        } else {
                            n * s[i] / (s[i] + s[j])
                        }
                    })
                    .collect()
            })
            .collect();
        let r = bradley_terry(&wins).unwrap();
        let gap = 400.0 * 2f64.log10();
        assert!((r[1].elo - r[0].elo - gap).abs() < 1e-6, "{r:?}");
        assert!((r[2].elo - r[1].elo - gap).abs() < 1e-6, "{r:?}");
        assert!(((r[0].elo + r[1].elo + r[2].elo) / 3.0 - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn two_players_match_the_closed_form_standard_error() {
        // For two players, theta = ln(w/l) and var = 1/(n p (1-p)) with p = w/n.
        let (w, l) = (700.0, 300.0);
        let r = bradley_terry(&[vec![0.0, l], vec![w, 0.0]]).unwrap();
        let gap = ELO * (w / l).ln();
        assert!((r[1].elo - r[0].elo - gap).abs() < 1e-6);
        let p: f64 = w / (w + l);
        let se = ELO / ((w + l) * p * (1.0 - p)).sqrt();
        assert!((r[1].se - se).abs() < 1e-6, "{} vs {se}", r[1].se);
    }

    #[test]
    fn an_unbeaten_player_has_no_finite_rating() {
        assert!(bradley_terry(&[vec![0.0, 5.0], vec![0.0, 0.0]]).is_none());
    }
}
