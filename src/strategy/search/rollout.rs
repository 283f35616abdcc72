//! Rollouts: play a (determinized) state on with a fixed policy, every seat, to the end of
//! the deal or to a depth cutoff, exactly as the deal loop would (bots that skip the legal
//! list are asked about forced moves too). The policy bots and the action buffer are built
//! once per search bot and reused, so a rollout never allocates.

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
}

impl<G: Game> Rollout<G> {
    /// A rollout player using `policy` for every seat, stopping after `depth` actions (0: at the
    /// end of the deal).
    pub fn new(policy: Policy, depth: u32) -> Rollout<G> {
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
        }
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

    /// Plays `state` on to its end (or the depth cutoff) and returns the result.
    pub fn play(&mut self, state: &mut G, rng: &mut GameRng) -> DealResult {
        self.begin();
        let mut actions = 0u32;
        while let Some(seat) = state.to_act() {
            if self.depth > 0 && actions >= self.depth {
                return state.result_now();
            }
            let a = self.act(state, seat, rng);
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
