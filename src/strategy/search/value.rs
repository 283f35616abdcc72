//! Outcome values: what a finished (or cut-off) deal is worth to each seat, the number the
//! search bots average. A win is 1, a loss 0, a shared win `1 / k` among the `k` winning
//! teams (a deal with no winner shares it among every team), plus a small margin term so that
//! among equal results a better score (or a smaller losing margin) is still preferred.
//! Partnerships ([`Game::team_of`]) value their team's result; [`Game::LOWER_SCORE_IS_BETTER`]
//! gives the direction of scores.

use crate::game::{DealResult, Game, MAX_SEATS, Seat};

/// How outcomes are turned into numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valuation {
    /// The largest size of the margin term (the win/loss part spans 0..1).
    pub margin: f64,
    /// The score lead (in the game's points) at which the margin term is half its largest.
    pub scale: f64,
}

impl Valuation {
    /// Every seat's value of `r`, indexed by seat (unused seats 0).
    pub fn values<G: Game>(&self, r: &DealResult) -> [f64; MAX_SEATS] {
        let mut out = [0.0; MAX_SEATS];
        for (s, v) in out.iter_mut().enumerate().take(r.players) {
            *v = self.value::<G>(r, s);
        }
        out
    }

    /// The value of `r` to `seat`: its team's share of the win plus the margin term.
    pub fn value<G: Game>(&self, r: &DealResult, seat: Seat) -> f64 {
        let n = r.players;
        let team = G::team_of(n, seat);
        let mut winning_teams = 0u32;
        let mut mine_won = false;
        let mut counted = [false; MAX_SEATS];
        for s in r.winners.iter().filter(|&s| s < n) {
            let t = G::team_of(n, s);
            if !counted[t] {
                counted[t] = true;
                winning_teams += 1;
                mine_won |= t == team;
            }
        }
        let share = match winning_teams {
            0 => 1.0 / G::teams(n) as f64,
            k if mine_won => 1.0 / k as f64,
            _ => 0.0,
        };
        share + self.margin_term::<G>(r, seat)
    }

    /// `margin * d / (|d| + scale)`, `d` the seat's lead over the best other team's score
    /// (sign turned when lower scores are better): in `(-margin, margin)`, rising with `d`.
    fn margin_term<G: Game>(&self, r: &DealResult, seat: Seat) -> f64 {
        if self.margin == 0.0 {
            return 0.0;
        }
        let n = r.players;
        let team = G::team_of(n, seat);
        let sign = if G::LOWER_SCORE_IS_BETTER { -1.0 } else { 1.0 };
        let mine = sign * r.scores[seat] as f64;
        let best_other = (0..n)
            .filter(|&s| G::team_of(n, s) != team)
            .map(|s| sign * r.scores[s] as f64)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other == f64::NEG_INFINITY {
            return 0.0;
        }
        let d = mine - best_other;
        self.margin * d / (d.abs() + self.scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeatMask;
    use crate::games::golf::Golf;
    use crate::games::hand_and_foot::HandAndFoot;
    use crate::games::lasso::Lasso;

    fn result(players: usize, scores: &[i32], winners: u16) -> DealResult {
        let mut s = [0; MAX_SEATS];
        s[..scores.len()].copy_from_slice(scores);
        DealResult {
            players,
            scores: s,
            winners: SeatMask(winners),
            turns: 1,
            end: 0,
        }
    }

    const PLAIN: Valuation = Valuation {
        margin: 0.0,
        scale: 10.0,
    };

    #[test]
    fn wins_ties_and_losses() {
        let r = result(3, &[5, 9, 9], 0b110);
        assert_eq!(PLAIN.value::<Lasso>(&r, 0), 0.0);
        assert_eq!(PLAIN.value::<Lasso>(&r, 1), 0.5);
        assert_eq!(PLAIN.values::<Lasso>(&r)[..3], [0.0, 0.5, 0.5]);
        // No winner: shared among every team.
        let r = result(4, &[0; 4], 0);
        assert_eq!(PLAIN.value::<Lasso>(&r, 2), 0.25);
        assert_eq!(PLAIN.value::<HandAndFoot>(&r, 2), 0.5);
    }

    #[test]
    fn partners_share_their_team_result() {
        // Seats 0 and 2 are one team: both winners count once.
        let r = result(4, &[300, 100, 300, 100], 0b0101);
        assert_eq!(PLAIN.value::<HandAndFoot>(&r, 0), 1.0);
        assert_eq!(PLAIN.value::<HandAndFoot>(&r, 2), 1.0);
        assert_eq!(PLAIN.value::<HandAndFoot>(&r, 3), 0.0);
    }

    #[test]
    fn the_margin_term_follows_the_score_direction() {
        let v = Valuation {
            margin: 0.1,
            scale: 10.0,
        };
        // Golf: lower is better. Seat 1 (12) loses to seat 0 (2) by 10: -0.1 * 10 / 20.
        let r = result(2, &[2, 12], 0b01);
        assert!((v.value::<Golf>(&r, 1) - (-0.05)).abs() < 1e-12);
        assert!((v.value::<Golf>(&r, 0) - 1.05).abs() < 1e-12);
        // Lasso: higher is better. A closer loss is worth more than a wide one.
        let close = result(2, &[10, 12], 0b10);
        let wide = result(2, &[-30, 12], 0b10);
        assert!(v.value::<Lasso>(&close, 0) > v.value::<Lasso>(&wide, 0));
        assert!(v.value::<Lasso>(&wide, 0) > -0.1);
    }
}
