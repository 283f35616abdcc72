//! Search bots for every game, generic over [`Game`]: they plan on determinizations
//! ([`Game::determinize`]: full states sampled from what the seat's view allows) and value
//! them by rollouts with the game's own `greedy` bot (or `random`).
//!
//! - [`pimc`]: perfect-information Monte Carlo. At each decision, `determinizations` samples;
//!   in each, every legal action is tried and followed by `rollouts` rollouts; the action with
//!   the best mean value is played.
//! - [`ismcts`]: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012):
//!   one tree over the seat's information sets, a fresh determinization per iteration, UCB1
//!   with availability counts, every seat's moves in the tree as the searching seat sees them.
//!
//! Both start from the game's `greedy` choice: it carries a value bonus, `prior`, that fades as its
//! own visits (samples) grow, `prior * m / (m + visits)` with `m` the `prior_visits` knob: a small
//! budget keeps greedy's sound move unless another is clearly better, a large one plays what the
//! search finds. Another action is played only when its mean beats greedy's with the bonus, and by
//! `confidence` standard errors (0 by default: in 2-player Golf 1 kept too many of greedy's moves
//! at 1,000 iterations). `gate = 1` restores the old hard gate (greedy's move unless the best beats
//! it by `prior` and by two standard errors), which does not fade.
//!
//! Budgets are counts, never time, and every random draw comes from the rng the runner hands
//! the bot, so results are the same at any thread count. Outcome values are in [`value`];
//! rollouts in [`rollout`]; the tree arena in [`tree`]. Knob files: `base = "ismcts"` or
//! `base = "pimc"`; counts are checked (1 to 10,000,000) by [`check`].

pub mod ismcts;
pub mod pimc;
pub mod rollout;
pub mod speed;
#[cfg(test)]
pub(crate) mod symmetric;
pub mod tree;
pub mod value;

use super::{Bot, Knob, Params};
use crate::game::Game;
use rollout::Policy;
use value::Valuation;

/// The largest count knob (iterations, determinizations, rollouts, depth).
pub const MAX_COUNT: f64 = 10_000_000.0;

/// Knobs every search bot has.
const POLICY: Knob = Knob {
    name: "policy",
    default: 0.0,
    doc: "rollout policy: 0 the game's greedy bot, 1 random",
};
const MARGIN: Knob = Knob {
    name: "margin",
    default: 0.05,
    doc: "largest score-margin term added to the outcome (win 1, tie shared, loss 0)",
};
const MARGIN_SCALE: Knob = Knob {
    name: "margin_scale",
    default: 10.0,
    doc: "score lead (points) at which the margin term is half its largest",
};
const DEPTH: Knob = Knob {
    name: "depth",
    default: 0.0,
    doc: "rollout actions before the position is scored as it stands (0: play to the end)",
};
const PRIOR: Knob = Knob {
    name: "prior",
    default: 0.15,
    doc: "value bonus of greedy's choice before any visit; it fades as prior_visits / (prior_visits + visits) (0: no greedy prior)",
};
const PRIOR_VISITS: Knob = Knob {
    name: "prior_visits",
    default: 100.0,
    doc: "the visits (pimc: samples) of greedy's choice at which its bonus is half of prior",
};
const CONFIDENCE: Knob = Knob {
    name: "confidence",
    default: 0.0,
    doc: "standard errors by which another action's mean must beat greedy's (with its bonus) to be played; they shrink with the budget",
};
const TREE_PRIOR: Knob = Knob {
    name: "tree_prior",
    default: 1.0,
    doc: "ismcts: 1 gives the seat's own decisions below the root greedy's prior too (the rollout bot's choice, expanded first), 0 the root only",
};
const WIDENING: Knob = Knob {
    name: "widening",
    default: 0.5,
    doc: "ismcts, below the root where greedy advises: moves tried at a node after n selections at most 1 + widening * sqrt(n) (0: every move at once)",
};
const PAIRED: Knob = Knob {
    name: "paired",
    default: 0.0,
    doc: "ismcts: 1 plays every root move on the same determinization each round (iterations / moves rounds; common random numbers) and picks by paired differences, 0 one root move per iteration by UCB1",
};
const EVAL: Knob = Knob {
    name: "eval",
    default: 0.0,
    doc: "1: a rollout cut off by depth is valued by the game's win chances where it has them (0: its result_now)",
};
const INFER: Knob = Knob {
    name: "infer",
    default: 1.0,
    doc: "samples drawn per determinization, one kept with probability proportional to how well it explains the others' moves (the game's explain; 1: plain sampling)",
};
const NOISE: Knob = Knob {
    name: "noise",
    default: 0.0,
    doc: "chance that a rollout move (and, in ismcts, another seat's move) is uniform over the legal actions instead of the rollout policy's (0: never)",
};
const GATE: Knob = Knob {
    name: "gate",
    default: 0.0,
    doc: "1: the old hard gate instead (another action must beat greedy's by prior and 2 standard errors)",
};

/// The knobs of `pimc`.
pub const PIMC_KNOBS: &[Knob] = &[
    Knob {
        name: "determinizations",
        default: 16.0,
        doc: "sampled full states per decision",
    },
    Knob {
        name: "rollouts",
        default: 1.0,
        doc: "rollouts per legal action in each sample",
    },
    POLICY,
    MARGIN,
    MARGIN_SCALE,
    DEPTH,
    PRIOR,
    PRIOR_VISITS,
    CONFIDENCE,
    EVAL,
    INFER,
    NOISE,
    GATE,
];

/// The knobs of `ismcts`.
pub const ISMCTS_KNOBS: &[Knob] = &[
    Knob {
        name: "iterations",
        default: 1000.0,
        doc: "tree iterations per decision (each: one determinization, one rollout)",
    },
    Knob {
        name: "exploration",
        default: 0.7,
        doc: "UCB1 exploration constant",
    },
    Knob {
        name: "opponents",
        default: 0.0,
        doc: "other seats' moves: 0 by the rollout policy, 1 in the tree (classic SO-ISMCTS)",
    },
    POLICY,
    MARGIN,
    MARGIN_SCALE,
    DEPTH,
    PRIOR,
    PRIOR_VISITS,
    CONFIDENCE,
    TREE_PRIOR,
    WIDENING,
    PAIRED,
    EVAL,
    INFER,
    NOISE,
    GATE,
];

/// Knobs that count something: whole numbers from 1 (0 for `depth`) to [`MAX_COUNT`].
const COUNTS: &[&str] = &[
    "iterations",
    "determinizations",
    "rollouts",
    "depth",
    "infer",
];

/// The search bots, listed for every game after the game's own.
pub fn bots<G: Game>() -> [Bot<G>; 2] {
    [
        Bot {
            name: "pimc",
            about: "perfect-information Monte Carlo: every action tried on sampled deals, rollouts",
            knobs: PIMC_KNOBS,
            build: |p| Box::new(pimc::Pimc::<G>::new(p)),
        },
        Bot {
            name: "ismcts",
            about: "information-set MCTS (single observer): one tree over sampled deals",
            knobs: ISMCTS_KNOBS,
            build: |p| Box::new(ismcts::Ismcts::<G>::new(p)),
        },
    ]
}

/// Checks a strategy file's knob values for bot `base`: the search bots' own ranges (counts 1 to
/// 10,000,000, `policy`, `opponents`, `gate` and `tree_prior` 0 or 1, `margin`, `exploration`,
/// `prior`, `prior_visits`, `confidence` and `widening` not negative, `margin_scale` positive),
/// every other bot's through [`Params::check`].
pub fn check(base: &str, knobs: &[Knob], params: &Params) -> Result<(), String> {
    if base != "pimc" && base != "ismcts" {
        return params.check(base, knobs);
    }
    let (counts, rest): (Vec<_>, Vec<_>) = params
        .entries()
        .iter()
        .cloned()
        .partition(|(n, _)| COUNTS.contains(&n.as_str()));
    Params::new(rest.clone()).check(base, knobs)?;
    for (n, v) in &counts {
        let low = if n == "depth" { 0.0 } else { 1.0 };
        if !knobs.iter().any(|k| k.name == n) {
            return Params::new(vec![(n.clone(), *v)]).check(base, knobs);
        }
        if !(v.is_finite() && v.fract() == 0.0 && (low..=MAX_COUNT).contains(v)) {
            return Err(format!(
                "knob '{n}' is {v}; {base} takes a whole number of {n} from {low} to {MAX_COUNT}"
            ));
        }
    }
    for (n, v) in &rest {
        let ok = match n.as_str() {
            "policy" | "opponents" | "gate" | "tree_prior" | "paired" | "eval" => {
                *v == 0.0 || *v == 1.0
            }
            "margin" | "exploration" | "prior" | "prior_visits" | "widening" | "confidence" => {
                *v >= 0.0
            }
            "noise" => (0.0..=1.0).contains(v),
            "margin_scale" => *v > 0.0,
            _ => true,
        };
        if !ok {
            return Err(format!(
                "knob '{n}' is {v}; {}",
                match n.as_str() {
                    "policy" => "0 (greedy rollouts) or 1 (random rollouts)",
                    "opponents" => "0 (the rollout policy) or 1 (in the tree)",
                    "gate" => "0 (the fading prior) or 1 (the hard gate)",
                    "tree_prior" => "0 (the root only) or 1 (every own decision)",
                    "paired" => "0 (UCB1 at the root) or 1 (every root move on each sample)",
                    "eval" => "0 (result_now) or 1 (the game's win chances)",
                    "margin_scale" => "it must be positive",
                    "noise" => "a chance from 0 to 1",
                    _ => "it must not be negative",
                }
            ));
        }
    }
    Ok(())
}

/// What both bots read from their knobs besides their budget.
#[derive(Clone, Copy, Debug)]
struct Common {
    policy: Policy,
    valuation: Valuation,
    depth: u32,
    prior: f64,
    /// Visits at which greedy's bonus is half of `prior`.
    prior_visits: f64,
    /// Standard errors by which another action must beat greedy's (with its bonus).
    confidence: f64,
    /// The old hard gate instead of the fading prior.
    gate: bool,
    /// Cut-off rollouts valued by the game's win chances.
    eval: bool,
    /// Samples drawn per determinization (one kept by [`Game::explain`]'s weights).
    infer: u32,
    /// Chance of a uniform move in a rollout (and for another seat in ismcts's descent).
    noise: f64,
}

impl Common {
    fn read(p: &Params, knobs: &[Knob]) -> Common {
        Common {
            policy: Policy::from_knob(p.knob(knobs, "policy")),
            valuation: Valuation {
                margin: p.knob(knobs, "margin"),
                scale: p.knob(knobs, "margin_scale"),
            },
            depth: p.knob(knobs, "depth") as u32,
            prior: p.knob(knobs, "prior"),
            prior_visits: p.knob(knobs, "prior_visits"),
            confidence: p.knob(knobs, "confidence"),
            gate: p.knob(knobs, "gate") == 1.0,
            eval: p.knob(knobs, "eval") == 1.0,
            infer: count(p, knobs, "infer"),
            noise: p.knob(knobs, "noise"),
        }
    }

    /// The rollout player these knobs ask for.
    fn rollout<G: Game>(&self) -> rollout::Rollout<G> {
        rollout::Rollout::with_eval(self.policy, self.depth, self.eval).with_noise(self.noise)
    }

    /// A determinization of `view`: with `infer` = K > 1, K samples are drawn and one kept
    /// with probability proportional to [`Game::explain`] (weighted reservoir sampling: one
    /// sample held at a time, no allocation), so samples that explain the others' moves
    /// better are planned on more often.
    fn determinize<G: Game>(&self, view: &G::View<'_>, rng: &mut crate::cards::GameRng) -> G {
        let mut kept = G::determinize(view, rng);
        if self.infer <= 1 {
            return kept;
        }
        let mut total = G::explain(view, &kept).max(0.0);
        for _ in 1..self.infer {
            let s = G::determinize(view, rng);
            let w = G::explain(view, &s).max(0.0);
            total += w;
            if total > 0.0 && rng.chance(w / total) {
                kept = s;
            }
        }
        kept
    }

    /// Whether an action whose mean is `diff` above greedy's (standard error `se`) is played
    /// instead of greedy's choice after `visits` visits (samples) of it: `diff` must beat the
    /// fading bonus by `confidence` standard errors. Both terms shrink as the budget grows.
    fn deviates(&self, diff: f64, se: f64, visits: f64) -> bool {
        diff > self.bonus(visits) + self.confidence * se
    }

    /// Greedy's bonus after `visits` visits (pimc: samples) of its choice (0 with the gate).
    fn bonus(&self, visits: f64) -> f64 {
        if self.gate {
            0.0
        } else {
            fading_bonus(self.prior, self.prior_visits, visits)
        }
    }
}

/// The value bonus of greedy's choice after `n` visits: `prior * m / (m + n)`. It is what
/// `m` virtual visits worth `prior` more than the action's own mean add to that mean, so it
/// starts at `prior` and fades as the action's own evidence grows: a small budget keeps
/// greedy's move unless another is clearly better, a large one plays what the search finds.
/// `m = 0` (no virtual visits) gives no bonus.
fn fading_bonus(prior: f64, m: f64, n: f64) -> f64 {
    if m <= 0.0 { 0.0 } else { prior * m / (m + n) }
}

/// The old hard gate (`gate = 1`): whether a search's best action, `diff` better in mean
/// value than greedy's choice with standard error `se`, is worth playing instead: it must win
/// by `prior` and by two standard errors (a difference that noise alone gives about one time
/// in forty). It does not fade: at any budget a deviation must gain `prior`.
fn beats_prior(diff: f64, se: f64, prior: f64) -> bool {
    diff > prior && diff > 2.0 * se
}

/// The standard error of a mean paired difference from its sum, its sum of squares and the
/// number of pairs `k` (infinite for fewer than two pairs: no evidence of spread).
fn paired_se(sum: f64, squares: f64, k: f64) -> f64 {
    if k < 2.0 {
        return f64::INFINITY;
    }
    let mean = sum / k;
    let var = ((squares - k * mean * mean) / (k - 1.0)).max(0.0);
    (var / k).sqrt()
}

/// The game's `greedy` bot (default knobs) playing along at the searching seat: its choice
/// carries the fading prior ([`fading_bonus`]). Search values are noisy; the prior keeps a
/// small search from trading a sound heuristic move for one that looked better by chance,
/// and lets a large one play what it finds.
struct Advisor<G: Game> {
    bot: Option<Box<dyn crate::strategy::Strategy<G>>>,
}

impl<G: Game> Advisor<G> {
    /// The advisor (none when the game has no `greedy` or `prior` is 0).
    fn new(prior: f64) -> Advisor<G> {
        let greedy = G::bots().iter().find(|b| b.name == "greedy");
        Advisor {
            bot: greedy
                .filter(|_| prior > 0.0)
                .map(|b| (b.build)(&Params::default())),
        }
    }

    fn begin_deal(&mut self, seat: crate::game::Seat) {
        if let Some(b) = &mut self.bot {
            b.begin_deal(seat);
        }
    }

    /// The index in `legal` of greedy's choice, if there is an advisor. It is asked at every
    /// decision of the seat, as if it played the seat.
    fn choice(
        &mut self,
        view: &G::View<'_>,
        legal: &[G::Action],
        rng: &mut crate::cards::GameRng,
    ) -> Option<usize> {
        let a = self.bot.as_mut()?.act(view, legal, rng);
        legal.iter().position(|&x| x == a)
    }
}

/// A count knob as a number (at least 1; files are checked, built-in defaults are valid).
fn count(p: &Params, knobs: &[Knob], name: &str) -> u32 {
    (p.knob(knobs, name) as u32).max(1)
}

#[cfg(test)]
mod tests;
