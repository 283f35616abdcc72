//! `ismcts`: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).
//!
//! Each iteration samples a fresh determinization of the root information set, walks the
//! tree ([`super::tree`]) with it, choosing among the edges legal in that sample by UCB1 with
//! availability counts (`mean + c * sqrt(ln(avail) / visits)`, the mean from the point of
//! view of the seat that moves), adds one node when it leaves the tree, plays a rollout to
//! the end (or the depth cutoff), and adds every seat's value along the path. Every seat's
//! moves are in the tree as the searching seat sees them; out-of-turn decisions and the
//! steps of a multi-step turn are plain nodes. The move played is the root edge visited most
//! (ties: the better mean). Greedy's move is the root's first edge expanded and carries the
//! fading prior: `prior * m / (m + visits)` (`m` the `prior_visits` knob) is added to its
//! value, in selection and in the final comparison, so a small budget gives it most visits
//! unless another move is clearly better, and a large one plays what the search finds (the
//! bonus is a few thousandths after thousands of visits); the most visited move is played
//! only when its mean also beats greedy's and the bonus by `confidence` standard errors
//! (values lie in about 0..1, so a mean's variance is at most a quarter over its visits).
//! `gate = 1` restores the old hard
//! gate (greedy's move unless the best beats it by `prior` and by two standard errors).
//!
//! Below the root (`tree_prior = 1`, the default, with greedy rollouts), the searching seat's own
//! decisions get the same prior: greedy's choice there (the rollout bot's, asked once per node) is
//! expanded first and carries the fading bonus, and further moves are tried only as the node's
//! selections `n` grow (at most `1 + widening * sqrt(n)` of them). Without it a move whose outcome
//! is a chance event (a stock draw) was valued by the average over the moves tried at its many
//! rarely visited children, most of them poor ones tried once: a bias against drawing, compared
//! with taking a known card (in 2-player Golf the change took `ismcts` from 64.8% to 72.3% of
//! the points against greedy). With `opponents = 0` (the default) only the searching seat's moves
//! are in the tree and the others play the rollout policy on their sampled cards: the classic
//! single-observer tree (`opponents = 1`) has them choose, in the tree, with the searching seat's
//! information, a weak model of the opponents that grows with the tree (in 2-player Golf, 10,000
//! iterations played worse than 1,000).
//!
//! `paired = 1` (with `opponents = 0`) changes the root only: the budget is spent in rounds of
//! one determinization each (`iterations / moves` rounds), and in every round each legal root
//! move is played on that same sample with the same random numbers, then the descent below the
//! root and the rollout go on as above. Two moves' values in a round then differ by the moves
//! alone, not by the cards dealt to the sample (common random numbers), so their difference is
//! known far more precisely than from independent visits. The move with the best mean is
//! played, greedy's unless the best beats it by the fading bonus (after `rounds` samples) and
//! `confidence` standard errors of the paired difference.

use super::rollout::Rollout;
use super::tree::{NONE, ROOT, Tree};
use super::{Advisor, Common, ISMCTS_KNOBS, count};
use crate::cards::{CardCounts, GameRng};
use crate::game::{ACTION_CAP, ActionList, Game, MAX_SEATS, Seat, SeatView};
use crate::strategy::{Params, Strategy};

/// One random 64-bit weight per card kind: a view's cards hash to the weighted sum, so the
/// difference of two hashes names the cards that appeared and disappeared.
const WEIGHTS: [u64; 64] = {
    let mut w = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        // SplitMix64 of the index.
        let mut z = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        w[i] = z ^ (z >> 31);
        i += 1;
    }
    w
};

/// The linear hash of a multiset of cards.
fn cards_hash(c: &CardCounts) -> u64 {
    c.iter().fold(0u64, |h, (card, n)| {
        h.wrapping_add(WEIGHTS[card.index() as usize].wrapping_mul(n as u64))
    })
}

/// The ISMCTS bot.
pub struct Ismcts<G: Game> {
    iterations: u32,
    exploration: f64,
    /// Other seats' moves by the rollout policy (true) or in the tree (false).
    policy_opponents: bool,
    /// Greedy's prior at the seat's own decisions below the root too.
    tree_prior: bool,
    /// Below the root, where greedy advises: at most `1 + widening * sqrt(n)` moves tried
    /// after `n` selections (0: every move at once).
    widening: f64,
    common: Common,
    rollout: Rollout<G>,
    advisor: Advisor<G>,
    seat: Seat,
    tree: Tree<G::Action>,
    /// Edges on this iteration's path.
    path: Vec<u32>,
    buf: ActionList<G::Action>,
    /// The key of each legal action at the node being visited.
    keys: [G::Action; ACTION_CAP],
    /// Whether each legal action's key already has an edge.
    has_edge: [bool; ACTION_CAP],
    /// Greedy's choice at this decision: the root's first edge.
    advice: Option<G::Action>,
    /// Root moves on common determinizations (`paired = 1`).
    paired: bool,
    /// Paired root: each root move's sum of values, and of squared differences from
    /// greedy's move's value on the same determinization.
    sums: [f64; ACTION_CAP],
    squares: [f64; ACTION_CAP],
    /// Paired root: this round's value of each root move.
    here: [f64; ACTION_CAP],
    /// Paired root: the root edge of each legal move.
    root_edges: [u32; ACTION_CAP],
    /// Paired root: the round's determinization (a copy per move).
    sample: Option<G>,
}

impl<G: Game> Ismcts<G> {
    /// The bot with the knob values of `p` (defaults where `p` sets none).
    pub fn new(p: &Params) -> Ismcts<G> {
        let common = Common::read(p, ISMCTS_KNOBS);
        Ismcts {
            iterations: count(p, ISMCTS_KNOBS, "iterations"),
            exploration: p.knob(ISMCTS_KNOBS, "exploration"),
            policy_opponents: p.knob(ISMCTS_KNOBS, "opponents") == 0.0,
            // Greedy's choice below the root is the rollout bot's: none with random rollouts.
            tree_prior: p.knob(ISMCTS_KNOBS, "tree_prior") == 1.0
                && common.policy == super::rollout::Policy::Greedy
                && common.prior > 0.0
                && !common.gate,
            widening: p.knob(ISMCTS_KNOBS, "widening"),
            rollout: common.rollout(),
            advisor: Advisor::new(common.prior),
            common,
            seat: 0,
            tree: Tree::new(),
            path: Vec::new(),
            buf: ActionList::new(),
            keys: [G::Action::default(); ACTION_CAP],
            has_edge: [false; ACTION_CAP],
            advice: None,
            paired: p.knob(ISMCTS_KNOBS, "paired") == 1.0,
            sums: [0.0; ACTION_CAP],
            squares: [0.0; ACTION_CAP],
            here: [0.0; ACTION_CAP],
            root_edges: [NONE; ACTION_CAP],
            sample: None,
        }
    }

    /// Nodes in the tree of the last decision (for tests and benches).
    pub fn tree_size(&self) -> usize {
        self.tree.len()
    }

    /// One iteration on a fresh determinization.
    fn iterate(&mut self, view: &G::View<'_>, rng: &mut GameRng) {
        let mut state = self.common.determinize(view, rng);
        self.path.clear();
        if self.policy_opponents {
            self.descend_own(&mut state, None, rng);
        } else {
            self.descend_all(&mut state, rng);
        }
        self.finish(&mut state, rng);
    }

    /// Plays the rollout from `state` and adds every seat's value along the path; returns
    /// the searching seat's.
    fn finish(&mut self, state: &mut G, rng: &mut GameRng) -> f64 {
        let values = self.rollout.values(state, rng, &self.common.valuation);
        for &e in &self.path {
            let n = self.tree.node_mut(e);
            n.visits += 1;
            n.total += values[n.mover as usize];
        }
        values[self.seat]
    }

    /// One round of the paired root (`paired = 1`): one determinization, and on it every
    /// legal root move (root edge `root_edges[i]`) followed by the usual descent below the
    /// root and a rollout, each with the same copy of the round's random numbers, so that
    /// the moves' values differ by the moves alone (common random numbers). Adds each
    /// move's value to `sums`, and its squared difference from greedy's move (index `g`)
    /// to `squares`.
    fn paired_round(
        &mut self,
        view: &G::View<'_>,
        legal: &[G::Action],
        g: Option<usize>,
        rng: &mut GameRng,
    ) {
        let sample = self.common.determinize(view, rng);
        let round = rng.fork();
        for (i, &a) in legal.iter().enumerate() {
            let mut state = match self.sample.take() {
                Some(mut w) => {
                    w.clone_from(&sample);
                    w
                }
                None => sample.clone(),
            };
            let mut r = round.clone();
            self.path.clear();
            self.tree.node_mut(ROOT).visits += 1;
            let e = self.root_edges[i];
            self.tree.node_mut(e).avail += 1;
            self.descend_own(&mut state, Some((e, a)), &mut r);
            self.here[i] = self.finish(&mut state, &mut r);
            self.sample = Some(state);
        }
        for i in 0..legal.len() {
            self.sums[i] += self.here[i];
            if let Some(g) = g {
                let d = self.here[i] - self.here[g];
                self.squares[i] += d * d;
            }
        }
    }

    /// The paired root's choice after `rounds` rounds: the best mean (the first on a tie),
    /// but greedy's move (index `g`) unless the best beats its mean and fading bonus (after
    /// `rounds` samples) by `confidence` standard errors of the paired difference.
    fn best_paired(&self, legal: &[G::Action], g: Option<usize>, rounds: u32) -> G::Action {
        let n = legal.len();
        let sums = &self.sums[..n];
        let mut best = 0;
        for i in 1..n {
            if sums[i] > sums[best] {
                best = i;
            }
        }
        if let Some(g) = g
            && best != g
        {
            let k = f64::from(rounds);
            let diff = (sums[best] - sums[g]) / k;
            let se = super::paired_se(sums[best] - sums[g], self.squares[best], k);
            let keep = if self.common.gate {
                !super::beats_prior(diff, se, self.common.prior)
            } else {
                !self
                    .common
                    .deviates(diff, if se.is_finite() { se } else { 0.0 }, k)
            };
            if keep {
                best = g;
            }
        }
        legal[best]
    }

    /// The selection phase with every seat's moves in the tree (`opponents = 1`): stops
    /// after adding an edge or an information-set node.
    fn descend_all(&mut self, state: &mut G, rng: &mut GameRng) {
        let me = self.seat;
        let mut node = ROOT;
        let mut seen = cards_hash(&state.view(me).shown());
        while let Some(seat) = state.to_act() {
            let advice = if node == ROOT { self.advice } else { None };
            let (edge, fresh_edge) = self.choose(state, seat, node, advice, rng);
            let i = self.pick_action(seat, edge, rng);
            state.apply(self.buf[i]);
            self.path.push(edge);
            let now = cards_hash(&state.view(me).shown());
            let (next, fresh) = self.tree.outcome(edge, now.wrapping_sub(seen));
            seen = now;
            node = next;
            if fresh_edge || fresh {
                break;
            }
        }
    }

    /// The selection phase with only the searching seat's moves in the tree (`opponents =
    /// 0`, the default): the other seats play the rollout policy, on their own (sampled)
    /// cards, as they do in the rollouts; the searching seat's next information set is keyed
    /// by all it saw since its last move. Stops after adding an edge or a node. With `first`
    /// (the paired root), that root edge's move is played first.
    fn descend_own(&mut self, state: &mut G, first: Option<(u32, G::Action)>, rng: &mut GameRng) {
        let me = self.seat;
        let mut node = ROOT;
        let mut seen = cards_hash(&state.view(me).shown());
        let mut last: Option<u32> = None;
        self.rollout.begin();
        if let Some((edge, a)) = first {
            // The paired root: the move is given (and its edge); the descent goes on below.
            state.apply(a);
            self.path.push(edge);
            last = Some(edge);
        }
        while let Some(seat) = state.to_act() {
            if seat != me {
                let a = self.rollout.act_noisy(state, seat, rng);
                state.apply(a);
                continue;
            }
            if let Some(edge) = last {
                let now = cards_hash(&state.view(me).shown());
                let (next, fresh) = self.tree.outcome(edge, now.wrapping_sub(seen));
                seen = now;
                node = next;
                if fresh {
                    return;
                }
            }
            let advice = if node == ROOT {
                self.advice
            } else if self.tree_prior {
                Some(self.node_advice(state, node, rng))
            } else {
                None
            };
            let (edge, fresh_edge) = self.choose(state, seat, node, advice, rng);
            let i = self.pick_action(seat, edge, rng);
            state.apply(self.buf[i]);
            self.path.push(edge);
            last = Some(edge);
            if fresh_edge {
                return;
            }
        }
    }

    /// Greedy's choice for the searching seat at its own information-set node `node` below
    /// the root: the rollout bot's (fresh for this iteration, as in a rollout), asked on the
    /// first selection there and kept in the node (the seat's view is the same in every
    /// determinization that reaches it).
    fn node_advice(&mut self, state: &G, node: u32, rng: &mut GameRng) -> G::Action {
        let n = self.tree.node(node);
        if n.advised {
            return n.action;
        }
        let a = self.rollout.act(state, self.seat, rng);
        let n = self.tree.node_mut(node);
        n.advised = true;
        n.action = a;
        a
    }

    /// Lists the legal moves at `node` for `seat`, counts availability, and returns the edge
    /// to follow: a new one for an unexpanded move (greedy's choice `advice` first, then at
    /// random; below the root, where greedy advises, only as `widening` allows), else the
    /// best by UCB1, greedy's choice with its fading bonus.
    fn choose(
        &mut self,
        state: &G,
        seat: Seat,
        node: u32,
        advice: Option<G::Action>,
        rng: &mut GameRng,
    ) -> (u32, bool) {
        let selections = {
            let n = self.tree.node_mut(node);
            n.visits += 1;
            n.visits
        };
        state.legal_actions(&mut self.buf);
        let n = self.buf.len();
        for i in 0..n {
            let a = self.buf[i];
            self.keys[i] = if seat == self.seat {
                a
            } else {
                state.public_action(a, self.seat)
            };
            self.has_edge[i] = false;
        }
        let mut best = (NONE, f64::NEG_INFINITY);
        let mut c = self.tree.first_child(node);
        while c != NONE {
            let e = *self.tree.node(c);
            let mut legal = false;
            if e.mover as usize == seat {
                for i in 0..n {
                    if self.keys[i] == e.action {
                        self.has_edge[i] = true;
                        legal = true;
                    }
                }
            }
            if legal {
                let avail = e.avail + 1;
                self.tree.node_mut(c).avail = avail;
                let mean = e.total / e.visits as f64;
                let mut ucb =
                    mean + self.exploration * ((avail as f64).ln() / e.visits as f64).sqrt();
                if Some(e.action) == advice {
                    // Greedy's choice (advice is only given at the searching seat's nodes).
                    ucb += self.common.bonus(f64::from(e.visits));
                }
                if ucb > best.1 {
                    best = (c, ucb);
                }
            }
            c = e.next_sibling;
        }
        let fresh = (0..n).filter(|&i| !self.has_edge[i]).count();
        let tried = n - fresh;
        let widen = node == ROOT
            || advice.is_none()
            || self.widening == 0.0
            || best.0 == NONE
            || (tried as f64) < 1.0 + self.widening * f64::from(selections).sqrt();
        if fresh > 0 && widen {
            let advised = (0..n).find(|&i| !self.has_edge[i] && Some(self.keys[i]) == advice);
            let i = advised.unwrap_or_else(|| {
                let k = rng.index(fresh);
                (0..n).filter(|&i| !self.has_edge[i]).nth(k).unwrap_or(0)
            });
            let key = self.keys[i];
            let e = self.tree.add_edge(node, seat as u8, key);
            // Other legal actions with this key now have their edge too.
            return (e, true);
        }
        (best.0, false)
    }

    /// The index of a legal action with edge `edge`'s key (at random when several actions
    /// look the same to the searching seat).
    fn pick_action(&mut self, _seat: Seat, edge: u32, rng: &mut GameRng) -> usize {
        let key = self.tree.node(edge).action;
        let n = self.buf.len();
        let same = (0..n).filter(|&i| self.keys[i] == key).count();
        if same <= 1 {
            return (0..n).find(|&i| self.keys[i] == key).unwrap_or(0);
        }
        let k = rng.index(same);
        (0..n).filter(|&i| self.keys[i] == key).nth(k).unwrap_or(0)
    }

    /// The root edge to play: most visits, then the better mean (greedy's with its bonus),
    /// but greedy's choice `advice` unless that edge's mean beats greedy's and its bonus by
    /// `confidence` standard errors. With `gate = 1`, greedy's choice unless that edge's mean
    /// beats greedy's by `prior` and by two standard errors (values lie in about 0..1, so
    /// each mean's variance is at most a quarter over its visits).
    fn best_root(&self, legal: &[G::Action], advice: Option<G::Action>) -> G::Action {
        let mut best: Option<(u32, f64, G::Action)> = None;
        let mut advised: Option<(u32, f64)> = None;
        let mut c = self.tree.first_child(ROOT);
        while c != NONE {
            let e = self.tree.node(c);
            if e.mover as usize == self.seat && e.visits > 0 && legal.contains(&e.action) {
                let mut mean = e.total / e.visits as f64;
                if Some(e.action) == advice {
                    advised = Some((e.visits, mean));
                    mean += self.common.bonus(f64::from(e.visits));
                }
                if best.is_none_or(|(v, m, _)| e.visits > v || (e.visits == v && mean > m)) {
                    best = Some((e.visits, mean, e.action));
                }
            }
            c = e.next_sibling;
        }
        match (best, advised, advice) {
            (Some((n, m, b)), Some((ng, g)), Some(a)) if self.common.gate => {
                let se = (0.25 / f64::from(n) + 0.25 / f64::from(ng)).sqrt();
                if super::beats_prior(m - g, se, self.common.prior) {
                    b
                } else {
                    a
                }
            }
            // The most visited, if its mean beats greedy's and the bonus by `confidence`
            // standard errors.
            (Some((n, m, b)), Some((ng, g)), Some(a)) => {
                let se = (0.25 / f64::from(n) + 0.25 / f64::from(ng)).sqrt();
                if b == a || self.common.deviates(m - g, se, f64::from(ng)) {
                    b
                } else {
                    a
                }
            }
            // Greedy's action was not tried (a budget below the number of moves): no
            // evidence against it.
            (_, None, Some(a)) => a,
            _ => best.map_or(legal[0], |b| b.2),
        }
    }
}

impl<G: Game> Strategy<G> for Ismcts<G> {
    fn begin_deal(&mut self, seat: Seat) {
        self.seat = seat;
        self.advisor.begin_deal(seat);
    }

    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        debug_assert!(self.seat < MAX_SEATS);
        let advice = self.advisor.choice(view, legal, rng).map(|i| legal[i]);
        self.advice = advice;
        self.tree.reset();
        if self.paired && self.policy_opponents && legal.len() > 1 {
            let n = legal.len();
            for (i, &a) in legal.iter().enumerate() {
                self.root_edges[i] = self.tree.add_edge(ROOT, self.seat as u8, a);
                self.tree.node_mut(self.root_edges[i]).avail = 0;
            }
            self.sums[..n].fill(0.0);
            self.squares[..n].fill(0.0);
            let g = advice.and_then(|a| legal.iter().position(|&x| x == a));
            let rounds = (self.iterations / n as u32).max(1);
            for _ in 0..rounds {
                self.paired_round(view, legal, g, rng);
            }
            return self.best_paired(legal, g, rounds);
        }
        for _ in 0..self.iterations {
            self.iterate(view, rng);
        }
        self.best_root(legal, advice)
    }
}
