//! `pimc`: perfect-information Monte Carlo. For each decision: `determinizations` full states
//! sampled from the seat's view; in each, every legal action is applied and followed by `rollouts`
//! rollouts; the action with the best mean value is played (the first listed on a tie), greedy's
//! choice counting its fading prior: `prior * m / (m + samples)` is added to its mean (`m` the
//! `prior_visits` knob, `samples` = determinizations × rollouts), so few samples keep greedy's move
//! unless another is clearly better and many play what the samples show; the best must also beat
//! greedy's and the bonus by `confidence` standard errors of the paired difference (none with one
//! determinization). `gate = 1` restores the old hard gate (greedy's move unless the best beats it
//! by `prior` and by two standard errors of the paired difference). Its known weakness (strategy
//! fusion: it plans as if it would know the hidden cards later) is what `ismcts` addresses.

use super::rollout::Rollout;
use super::{Advisor, Common, PIMC_KNOBS, count};
use crate::cards::GameRng;
use crate::game::{ACTION_CAP, Game, Seat};
use crate::strategy::{Params, Strategy};

/// The PIMC bot. Buffers are built once and reused: no allocation per decision.
pub struct Pimc<G: Game> {
    determinizations: u32,
    rollouts: u32,
    common: Common,
    rollout: Rollout<G>,
    advisor: Advisor<G>,
    seat: Seat,
    /// Sum of values per legal action.
    sums: [f64; ACTION_CAP],
    /// This determinization's values per legal action.
    here: [f64; ACTION_CAP],
    /// Sum of squares of each action's difference from greedy's, per determinization.
    squares: [f64; ACTION_CAP],
    /// The working state (a sample's copy for each rollout).
    work: Option<G>,
}

impl<G: Game> Pimc<G> {
    /// The bot with the knob values of `p` (defaults where `p` sets none).
    pub fn new(p: &Params) -> Pimc<G> {
        let common = Common::read(p, PIMC_KNOBS);
        Pimc {
            determinizations: count(p, PIMC_KNOBS, "determinizations"),
            rollouts: count(p, PIMC_KNOBS, "rollouts"),
            rollout: common.rollout(),
            advisor: Advisor::new(common.prior),
            common,
            seat: 0,
            sums: [0.0; ACTION_CAP],
            here: [0.0; ACTION_CAP],
            squares: [0.0; ACTION_CAP],
            work: None,
        }
    }
}

impl<G: Game> Strategy<G> for Pimc<G> {
    fn begin_deal(&mut self, seat: Seat) {
        self.seat = seat;
        self.advisor.begin_deal(seat);
    }

    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        let advice = self.advisor.choice(view, legal, rng);
        let n = legal.len();
        self.sums[..n].fill(0.0);
        self.squares[..n].fill(0.0);
        for _ in 0..self.determinizations {
            let sample = self.common.determinize(view, rng);
            for (i, &a) in legal.iter().enumerate() {
                self.here[i] = 0.0;
                for _ in 0..self.rollouts {
                    let work = match &mut self.work {
                        Some(w) => {
                            w.clone_from(&sample);
                            w
                        }
                        none => none.insert(sample.clone()),
                    };
                    work.apply(a);
                    let v = self.rollout.values(work, rng, &self.common.valuation);
                    self.here[i] += v[self.seat];
                }
                self.sums[i] += self.here[i];
            }
            if let Some(g) = advice {
                for i in 0..n {
                    let d = self.here[i] - self.here[g];
                    self.squares[i] += d * d;
                }
            }
        }
        let sums = &self.sums[..n];
        let mut best = 0;
        for i in 1..n {
            if sums[i] > sums[best] {
                best = i;
            }
        }
        let k = f64::from(self.determinizations);
        let r = f64::from(self.rollouts);
        match advice {
            Some(g) if self.common.gate => {
                // Paired: each determinization gives both actions the same deal.
                let diff = (sums[best] - sums[g]) / (k * r);
                let spread = super::paired_se(sums[best] - sums[g], self.squares[best], k) / r;
                if !super::beats_prior(diff, spread, self.common.prior) {
                    best = g;
                }
            }
            // The fading prior: the best mean must beat greedy's and its bonus after `k * r`
            // samples by `confidence` standard errors of the paired difference.
            Some(g) if best != g => {
                let diff = (sums[best] - sums[g]) / (k * r);
                let spread = super::paired_se(sums[best] - sums[g], self.squares[best], k) / r;
                let spread = if spread.is_finite() { spread } else { 0.0 };
                if !self.common.deviates(diff, spread, k * r) {
                    best = g;
                }
            }
            _ => {}
        }
        legal[best]
    }
}
