//! Rollouts: play a (determinized) state on with a fixed policy, every seat, to the end of
//! the deal or to a depth cutoff, exactly as the deal loop would (bots that skip the legal
//! list are asked about forced moves too). The policy bots and the action buffer are built
//! once per search bot and reused, so a rollout never allocates.

use super::value::Valuation;
use crate::cards::GameRng;
use crate::game::{ActionList, DealResult, Game, MAX_SEATS};
use crate::strategy::{Params, Random, Strategy};

/// Which bot plays the rollouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The game's `greedy` bot with its default knobs (`random` for a game without one).
    Greedy,
    /// Uniform over the legal actions.
    Random,
}

impl Policy {
    /// The policy a knob value names: 0 greedy, 1 random.
    pub fn from_knob(x: f64) -> Policy {
        if x == 1.0 {
            Policy::Random
        } else {
            Policy::Greedy
        }
    }
}

/// A reusable rollout player.
pub struct Rollout<G: Game> {
    bots: Vec<Box<dyn Strategy<G>>>,
    reads: [bool; MAX_SEATS],
    buf: ActionList<G::Action>,
    /// Actions after which a rollout stops and the position is scored as it stands (0: none).
    depth: u32,
    /// At a cut-off, value the position by [`Game::win_chances`] where the game has them.
    eval: bool,
    /// Chance that a seat's rollout move is uniform over the legal actions instead of the
    /// policy's (0: never; no random number is drawn then).
    noise: f64,
}

impl<G: Game> Rollout<G> {
    /// A rollout player using `policy` for every seat, stopping after `depth` actions (0: at the
    /// end of the deal).
    pub fn new(policy: Policy, depth: u32) -> Rollout<G> {
        Self::with_eval(policy, depth, false)
    }

    /// As [`Rollout::new`]; with `eval`, [`Rollout::values`] scores a cut-off position by the
    /// game's [`Game::win_chances`] (where it has them) instead of [`Game::result_now`].
    pub fn with_eval(policy: Policy, depth: u32, eval: bool) -> Rollout<G> {
        let greedy = G::bots().iter().find(|b| b.name == "greedy");
        let bots: Vec<Box<dyn Strategy<G>>> = (0..MAX_SEATS)
            .map(|_| match (policy, greedy) {
                (Policy::Greedy, Some(b)) => (b.build)(&Params::default()),
                _ => Box::new(Random) as Box<dyn Strategy<G>>,
            })
            .collect();
        let mut reads = [true; MAX_SEATS];
        for (r, b) in reads.iter_mut().zip(&bots) {
            *r = b.reads_legal();
        }
        Rollout {
            bots,
            reads,
            buf: ActionList::new(),
            depth,
            eval,
            noise: 0.0,
        }
    }

    /// The same player whose rollout moves are, with chance `noise`, uniform over the legal
    /// actions instead of the policy's ([`Rollout::act_noisy`]): a model of opponents that
    /// err, and rollouts that are not all the same line of play.
    pub fn with_noise(mut self, noise: f64) -> Rollout<G> {
        self.noise = noise;
        self
    }

    /// Every seat's bot starts afresh (a few stores each): what follows is a new deal to it.
    pub fn begin(&mut self) {
        for (s, b) in self.bots.iter_mut().enumerate() {
            b.begin_deal(s);
        }
    }

    /// The policy's action for `seat`, the seat to act in `state`.
    pub fn act(&mut self, state: &G, seat: usize, rng: &mut GameRng) -> G::Action {
        self.buf.clear();
        if self.reads[seat] {
            state.legal_actions(&mut self.buf);
            if self.buf.len() == 1 {
                self.buf[0]
            } else {
                self.bots[seat].act(&state.view(seat), &self.buf, rng)
            }
        } else {
            self.bots[seat].act(&state.view(seat), &[], rng)
        }
    }

    /// A rollout move for `seat`: with chance `noise` uniform over the legal actions (one
    /// draw decides, one more picks), otherwise the policy's [`Rollout::act`]. With `noise`
    /// 0 no number is drawn, so the play is exactly the policy's.
    pub fn act_noisy(&mut self, state: &G, seat: usize, rng: &mut GameRng) -> G::Action {
        if self.noise > 0.0 && rng.chance(self.noise) {
            self.buf.clear();
            state.legal_actions(&mut self.buf);
            return self.buf[rng.index(self.buf.len())];
        }
        self.act(state, seat, rng)
    }

    /// Plays `state` on to its end (or the depth cutoff) and returns every seat's value:
    /// `valuation`'s of the result, or at a cut-off with `eval` the game's
    /// [`Game::win_chances`] when it has them.
    pub fn values(
        &mut self,
        state: &mut G,
        rng: &mut GameRng,
        valuation: &Valuation,
    ) -> [f64; MAX_SEATS] {
        let r = self.play(state, rng);
        if self.eval && state.to_act().is_some() {
            let mut out = [0.0; MAX_SEATS];
            if state.win_chances(&mut out) {
                return out;
            }
        }
        valuation.values::<G>(&r)
    }

    /// Plays `state` on to its end (or the depth cutoff) and returns the result.
    pub fn play(&mut self, state: &mut G, rng: &mut GameRng) -> DealResult {
        self.begin();
        let mut actions = 0u32;
        while let Some(seat) = state.to_act() {
            if self.depth > 0 && actions >= self.depth {
                return state.result_now();
            }
            let a = self.act_noisy(state, seat, rng);
            state.apply(a);
            actions += 1;
            assert!(
                actions <= G::MAX_ACTIONS,
                "{}: rollout exceeded {} actions",
                G::NAME,
                G::MAX_ACTIONS
            );
        }
        state.result()
    }
}
