//! `greedy`: plans the rest of its own turn over what it knows, and scores where the turn
//! leaves it with a hand evaluation.
//!
//! **Hand evaluation.** An empty hand is worth going out (below). Otherwise the best complete
//! set `S` in the hand (if any) is worth `set_weight` times its points, and the other cards
//! `R` are worth `progress` per same-suit pair (suits capped at 4 cards) and same-rank pair,
//! minus `penalty_weight` times their hand penalty, where with lasso on an ace counts
//! `ace_hold` (20) less than its penalty, for its worth as a lasso (22 - 20 = 2 by default:
//! it keeps its aces rather than shedding them for their penalty; +2 to 3% score rate
//! against `ace_hold=0`):
//! `value = set_weight * points(S) + progress * pairs(R) - penalty_weight * penalty(R)`,
//! with `penalty_weight` 0.25 where a revealed mismatch costs its discarder (the race to go
//! out decides more than the points a hand holds) and `free_penalty_weight` 0.5 where it
//! costs nothing, so that any card can be shed (docs/strategies.md, "Lasso: the race before
//! the points").
//! A set held is worth less than the same set laid (`set_weight < 1`): laid, its points are
//! banked, its cards can no longer count against the hand, and the hand is 4 cards nearer to
//! going out; so the bot lays every set it can (the best one when several).
//!
//! **Turn plan** (`plan.rs`). Every option of its own turn is scored by the best way to
//! finish the turn after it, over the cards it can see: each pick-up (a pile's top, a
//! multi-card take with the set it owes, the stock) is followed by every discard (onto each
//! revealed top, a refill of an empty slot from two hand cards or a hand card and the stock
//! top, a blind discard, draw-until-match) and then by the best sets to lay. So it sees a
//! sure go-out (a pick-up, then a refill or a discard, then a set that empties the hand) and
//! takes it. What cannot be seen is estimated:
//! - a stock pick-up is worth the mean, over the cards this seat cannot place, of the best
//!   turn each would leave (kept, or put straight back down, a bluff when it matches no
//!   revealed top); `stock_value` stands in for that mean only when no card is unplaced;
//! - going out is worth the +100 bonus plus `rival_weight` times the penalty the other
//!   seats' hands then count (mean hand size times the mean penalty of an unplaced card);
//! - draw-until-match costs `draw_cost`, and may run the stock dry (the chance that no
//!   stock card, drawn from the cards this seat cannot place, matches a revealed top): the
//!   round then ends with no bonus;
//! - a bluff (a hand card that matches its pile's top in neither rank nor suit) costs
//!   `risk * mismatch_points + bluff_margin`, where `risk`, the documented risk measure,
//!   weighs the penalty: the chance the card is revealed before the round ends (in greedy
//!   play about 0.86 at 2 players, 0.74 at 4) times what a point is worth against the race
//!   to go out (the hand evaluation counts a hand point at `penalty_weight`, 0.25). It is
//!   `bluff_risk` (0.4) at 2 players and `bluff_step` (0.1) more for each player past 2,
//!   at most 1: values measured in play (docs/strategies.md). Going out with a
//!   bluff costs nothing (the round ends before any reveal), and with
//!   `mismatch_penalty=everyone|off` a revealed bluff costs the bluffer nothing relative to
//!   the table (only the margin is left);
//! - a blind card (a blind discard, a refill's stock card) mismatches with the chance that an
//!   unseen card shares neither rank nor suit with the card under it, and costs that times
//!   the penalty;
//! - a discard that makes a pile's top three cards one suit or one rank costs `feed`: any
//!   seat holding one more card of it can take the three and lay a set (a discard that
//!   goes out costs nothing);
//! - a discard that matches its pile's top without making three costs `match_feed` when it
//!   shares the top's suit (the top two are then two of a suit: a seat holding two more of
//!   it takes both and lays four of a suit) and `rank_feed` when it shares its rank;
//! - a move that needs a dead stock ends the round with no bonus: the hand then counts in
//!   full against the seat, and its share of the race for the +100 (100 / players) is lost.
//!   Such moves are listed only when nothing else is legal.
//!
//! **Reveal.** Never its own bluff (that costs it the penalty). Among the other face-down
//! tops it reveals the one most likely to help: the mean gain of adding the top to its hand,
//! over the cards the top can be (a pair's second card shares the rank of the card under
//! it or its suit, higher; a card from a hand usually matches; a blind card is any unseen
//! card). Ties go to the pile nearest clockwise from its own (the legal list's order),
//! never to a seat number.
//!
//! **Out of turn.** It lassos and answers when the set is worth at least `lasso_min` and the
//! set's points plus the hand without the card beat the hand as it is.
//!
//! **Tempo.** A turn that takes a pile card and ends with the hand it began with (the card
//! put straight back down) costs `tempo`: it changes nothing, and when every seat does it the
//! deal runs to the turn cap with no bonus for anyone. A stock card put back is no such
//! waste: it burns a stock card. (Without this cost the exact stock value, which counts the
//! bluff risk of putting back a useless draw, made such null turns look best.)
//!
//! **No undo.** A turn that takes a pile card and ends with the hand it held at the start of
//! one of its last `RECALL` (3) turns costs `undo` (1000): it would undo its own exchanges
//! (take back the card it put down, put down the card it took), and two seats doing so swap
//! the same cards for dozens of turns (`trace lasso --players 2 --seed 9 --deal 2` with
//! `greedy-prev`, which is `undo=0`: AC/4C and 4D/5D for 25 rounds). With it, 2-player
//! greedy deals reaching 60 turns went from 3.1% to 0 in 2,000 (seed 1).
//!
//! **Bounded time.** The planner counts its work in one decision (each set looked at, each
//! hand valued, 16 for a hand holding a set); past a budget (200,000) the set step lays only
//! the best set by points, found without enumerating (`best_set_exact`), and values hands
//! the same way. Ordinary hands never reach it (default play keeps its CSV bytes); hoarded
//! hands (`patience=0 set_weight=1e6 progress=100`, 3 players, `lasso=off
//! sets_per_turn=4`) took up to 20 s a deal before it: 20 deals (seed 2026) 10.97 s of CPU
//! before, 1.40 s with it, the slowest of seeds 1-5 0.24 s.
//!
//! **Speed.** The same values, found with less work: a hand's pairs and best set
//! by table look-ups and bit tricks (`eval.rs`), the set step of a hand holding no set or
//! exactly one worked out at once, a hand without a set (`Flat`) or with exactly one (`One`)
//! valued less a card or two from its numbers, pile costs from per-pile card masks, each
//! card's mismatch chance from the unseen cards' counts by suit and rank, a card's discards
//! onto each pile valued from one set step, and the stock pick-up valued incrementally
//! (each hand less one card, and less each refill pair, valued once; each possible stock
//! card added to it). The stock, listed last among the pick-ups, is only compared with the
//! best pile pick-up: its mean is bracketed by exact float bounds (`plan/bound.rs`: per suit
//! of the drawn card, the best option found once) and worked out in full only when the
//! bracket straddles that best (under 1% of pick-ups); a hand holding one set is bracketed
//! the same way (`plan/bound_one.rs`: the set kept or laid, and for a drawn card of its
//! suit the five 4-subsets bounded at once). A hand whose only sets are the 4-subsets of
//! five cards of one suit takes its set step from the other cards' numbers
//! (`plan/five.rs`). Every shortcut equals the enumeration it replaces (tests compare them
//! over random hands and greedy deals), so play and the CSV bytes are unchanged; the
//! instruction counts before and after are in `docs/performance.md`. It lists its own
//! actions from its view (`moves.rs`: the engine's order, a refill for the first empty
//! slot only, as a later slot's is worth the same), so the runner lists none for it and
//! asks it about forced moves too, which it answers without remembering them.
//!
//! **Patience**, a safety net: after `patience` turns of a deal its stock moves (pick-up and
//! discard) while the stock is live are worth 100 more, to use the stock up so that the deal
//! ends; a go-out is then worth 200 more, so that a sure one still beats them.
//! With the plays above it rarely comes into play: of 20,000 greedy deals, 1 at 4 players
//! and 7 at 2 players lasted past 60 turns.

mod eval;
mod knobs;
mod moves;
mod plan;
mod reveal;

use super::Lasso;
use super::rules::Mismatch;
use super::scoring::{best_set_exact, hand_penalty, has_set};
use super::state::{Action, Phase};
use super::view::View;
use crate::cards::{Card, CardSet, GameRng};
use crate::strategy::{Bot, Params, Strategy};
use eval::{Flat, best_set_scan, pairs};
pub use knobs::KNOBS;
use moves::Moves;
use plan::Plan;

/// The bots Lasso lists besides `random`.
pub const BOTS: &[Bot<Lasso>] = &[Bot {
    name: "greedy",
    about: "plans its turn to the best hand: lays every set, takes sure go-outs, bluffs only when the risk measure allows, lassos when it gains",
    knobs: KNOBS,
    build: |p| Box::new(Greedy::new(p)),
}];

/// Most sets looked at in one hand evaluation or plan step (a hand of many cards of one suit
/// has hundreds of 4-subsets; the first ones, in `each_set` order, are enough to choose).
const SET_SCAN: usize = 64;

/// What a stock move gains past `patience` turns: enough to beat every pile move but a
/// go-out (which then gains twice this).
const IMPATIENCE: f32 = 100.0;

/// The greedy bot with its knob values.
#[derive(Clone, Debug)]
pub struct Greedy {
    set_weight: f32,
    progress: f32,
    /// The hand penalty's weight under the deal's rules: `paid_weight` or `free_weight`
    /// (set by `act` from the view's rules).
    penalty_weight: f32,
    paid_weight: f32,
    free_weight: f32,
    rival_weight: f32,
    stock_value: f32,
    draw_cost: f32,
    bluff_risk: f32,
    bluff_step: f32,
    bluff_margin: f32,
    ace_hold: f32,
    feed: f32,
    match_feed: f32,
    rank_feed: f32,
    lasso_min: f32,
    tempo: f32,
    patience: f32,
    undo: f32,
    /// The turn number and hand at the start of this seat's current turn (its pick-up).
    start: Option<(u32, CardSet)>,
    /// The hands at the start of its last `RECALL` turns before this one, latest first, and
    /// the turn number of the latest pick-up seen.
    before: [Option<CardSet>; RECALL],
    last: Option<(u32, CardSet)>,
    /// The legal actions of the decision, listed from the view (`moves.rs`).
    moves: Moves,
}

/// How many of its own earlier turns' starting hands `greedy` will not return to.
const RECALL: usize = 3;

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new(&Params::default())
    }
}

impl Greedy {
    /// The bot with these knob values (defaults for the knobs not given).
    pub fn new(p: &Params) -> Greedy {
        let k = |n| p.knob(KNOBS, n) as f32;
        Greedy {
            set_weight: k("set_weight"),
            progress: k("progress"),
            penalty_weight: k("penalty_weight"),
            paid_weight: k("penalty_weight"),
            free_weight: k("free_penalty_weight"),
            rival_weight: k("rival_weight"),
            stock_value: k("stock_value"),
            draw_cost: k("draw_cost"),
            bluff_risk: k("bluff_risk"),
            bluff_step: k("bluff_step"),
            bluff_margin: k("bluff_margin"),
            ace_hold: k("ace_hold"),
            feed: k("feed"),
            match_feed: k("match_feed"),
            rank_feed: k("rank_feed"),
            lasso_min: k("lasso_min"),
            tempo: k("tempo"),
            patience: k("patience"),
            undo: k("undo"),
            start: None,
            before: [None; RECALL],
            last: None,
            moves: Moves::default(),
        }
    }

    /// The hand evaluation (see the module docs); `ace` is the penalty of an ace in hand.
    pub fn value(&self, hand: CardSet, ace: i32) -> f32 {
        self.value_has(hand, ace, has_set(hand))
    }

    /// `value`, told whether the hand holds a set (`has_set`).
    pub(super) fn value_has(&self, hand: CardSet, ace: i32, has: bool) -> f32 {
        if hand.is_empty() {
            return 100.0;
        }
        let (pts, set) = if has {
            best_set_scan(hand)
        } else {
            (0, CardSet::EMPTY)
        };
        let rest = hand - set;
        self.combine(pts, pairs(rest), hand_penalty(rest, ace))
    }

    /// The hand evaluation from its parts: the best set's points, and the pairs and penalty
    /// of the other cards.
    #[inline]
    pub(super) fn combine(&self, pts: i32, pairs: u32, pen: i32) -> f32 {
        self.set_weight * pts as f32 + self.progress * pairs as f32
            - self.penalty_weight * pen as f32
    }

    /// The hand evaluation with the best set found exactly (`best_set_exact`) rather than
    /// among the first `SET_SCAN` sets: the bounded form the planner uses past its budget.
    pub(super) fn value_exact(&self, hand: CardSet, ace: i32) -> f32 {
        if hand.is_empty() {
            return 100.0;
        }
        let (pts, set) = best_set_exact(hand, None).unwrap_or((0, CardSet::EMPTY));
        let rest = hand - set;
        self.combine(pts, pairs(rest), hand_penalty(rest, ace))
    }

    /// The penalty an ace in hand counts in the hand evaluation: its penalty, less
    /// `ace_hold` with lasso on (an ace may lasso a set).
    fn ace(&self, v: &View<'_>) -> i32 {
        let hold = if v.rules.lasso {
            self.ace_hold as i32
        } else {
            0
        };
        v.rules.ace_in_hand - hold
    }

    /// The worth of going out now: the +100 bonus, and the round ends with the other seats'
    /// hands counting against them (`rival_weight` times their mean hand size times the
    /// mean penalty of a card this seat cannot place).
    fn out_value(&self, v: &View<'_>, unseen: CardSet) -> f32 {
        let others = (0..v.players).filter(|&s| s != v.seat);
        let cards: u32 = others.clone().map(|s| u32::from(v.hand_len[s])).sum();
        let per_card =
            hand_penalty(unseen, v.rules.ace_in_hand) as f32 / unseen.len().max(1) as f32;
        let mean = cards as f32 / others.count().max(1) as f32;
        100.0 + self.rival_weight * mean * per_card
    }

    /// The weight of `mismatch_points` in a bluff's cost at the table of `v` (the risk
    /// measure of the module docs): `bluff_risk`, `bluff_step` more per player past 2, at most 1.
    fn bluff_risk(&self, v: &View<'_>) -> f32 {
        let more = v.players.saturating_sub(2) as f32;
        (self.bluff_risk + self.bluff_step * more).min(1.0)
    }

    /// What a mismatch of ours, revealed, costs this seat relative to the table.
    fn mismatch_cost(&self, v: &View<'_>) -> f32 {
        match v.rules.mismatch_penalty {
            Mismatch::Discarder => v.rules.mismatch_points as f32,
            _ => 0.0,
        }
    }

    /// The worth of a lasso or an answer with `c`, against passing.
    fn claim(&self, v: &View<'_>, c: Card) -> f32 {
        let pts = v.chain.map_or(0, |(i, _)| v.sets[i].points) as f32;
        if pts < self.lasso_min {
            return f32::MIN;
        }
        let rest = v.hand.without(c);
        if rest.is_empty() {
            return pts + self.out_value(v, v.unseen());
        }
        pts + self.value(rest, self.ace(v))
    }

    /// Past `patience` turns with a live stock: its moves get `IMPATIENCE` more (the deal
    /// must end).
    fn impatient(&self, v: &View<'_>, a: Action) -> bool {
        let stock = matches!(
            a,
            Action::Stock | Action::Blind(_) | Action::DrawUntil | Action::RefillStock
        );
        stock && self.late(v)
    }

    /// Past `patience` turns with a live stock.
    fn late(&self, v: &View<'_>) -> bool {
        v.turns as f32 > self.patience && v.stock_live()
    }

    /// The estimated worth of one action from this view.
    fn score<'a>(
        &'a self,
        v: &'a View<'a>,
        plan: &mut Option<Plan<'a>>,
        flat: Option<&Flat>,
        a: Action,
    ) -> f32 {
        let bonus = if self.impatient(v, a) {
            IMPATIENCE
        } else {
            0.0
        };
        bonus + self.worth(v, plan, flat, a)
    }

    /// The score of the stock pick-up listed last, `best` the best score before it: one
    /// that beats `best` exactly when `score` does (`Plan::stock_score`), `None` where that
    /// does not apply.
    fn stock_last<'a>(
        &'a self,
        v: &'a View<'a>,
        plan: &mut Option<Plan<'a>>,
        a: Action,
        best: f32,
    ) -> Option<f32> {
        let bonus = if self.impatient(v, a) {
            IMPATIENCE
        } else {
            0.0
        };
        self.plan(v, plan).stock_score(bonus, best)
    }

    /// A lower bound of the stock pick-up's score, when it is listed last and every other
    /// pick-up takes one pile card (`Plan::stock_low`).
    fn stock_floor<'a>(
        &'a self,
        v: &'a View<'a>,
        plan: &mut Option<Plan<'a>>,
        legal: &[Action],
    ) -> Option<f32> {
        let (&last, rest) = legal.split_last()?;
        if rest.is_empty()
            || last != Action::Stock
            || !rest.iter().all(|a| matches!(a, Action::Take(_, 1)))
        {
            return None;
        }
        let bonus = if self.impatient(v, last) {
            IMPATIENCE
        } else {
            0.0
        };
        Some(bonus + self.plan(v, plan).stock_low()?)
    }

    /// The planner of this decision, made on first use.
    #[inline]
    fn plan<'a, 'p>(&'a self, v: &'a View<'a>, plan: &'p mut Option<Plan<'a>>) -> &'p Plan<'a> {
        if plan.is_none() {
            self.new_plan(v, plan);
        }
        plan.as_ref().expect("made above")
    }

    /// A new planner for `v`, made in `slot` (not made elsewhere and copied: it is large).
    #[inline(never)]
    fn new_plan<'a>(&'a self, v: &'a View<'a>, slot: &mut Option<Plan<'a>>) {
        let start = self.start.filter(|s| s.0 == v.turns).map(|s| s.1);
        *slot = Some(Plan::new(self, v, start, self.recent(v.turns)));
    }

    /// The estimated worth of one action from this view, patience aside.
    fn worth<'a>(
        &'a self,
        v: &'a View<'a>,
        plan: &mut Option<Plan<'a>>,
        flat: Option<&Flat>,
        a: Action,
    ) -> f32 {
        match a {
            Action::Setup(up, down) => {
                let gone = CardSet::from_card(up).with(down);
                match flat {
                    // a hand holding no set holds none less two cards
                    Some(f) if !(v.hand - gone).is_empty() => {
                        let (pairs, pen) = f.less(gone);
                        self.combine(0, pairs, pen)
                    }
                    _ => self.value(v.hand - gone, self.ace(v)),
                }
            }
            Action::Reveal(p) => self.reveal_gain(v, p as usize, flat),
            Action::Lasso(c) | Action::Answer(c) => self.claim(v, c),
            Action::Pass if matches!(v.phase, Phase::Lasso | Phase::Answer(_)) => {
                self.value(v.hand, self.ace(v))
            }
            _ => self.plan(v, plan).action(a),
        }
    }
}

impl Greedy {
    /// The hands it held at the start of its last turns before turn `turns` (its undo
    /// memory; empty with `undo=0`).
    fn recent(&self, turns: u32) -> [Option<CardSet>; RECALL] {
        if self.undo == 0.0 {
            return [None; RECALL];
        }
        match self.last {
            Some((t, _)) if t == turns => self.before,
            // a turn whose pick-up it was not asked about (a forced one): its start is unknown
            Some((_, h)) => {
                let mut b = self.before;
                b.rotate_right(1);
                b[0] = Some(h);
                b
            }
            None => self.before,
        }
    }
}

impl Strategy<Lasso> for Greedy {
    fn begin_deal(&mut self, _seat: usize) {
        self.start = None;
        self.before = [None; RECALL];
        self.last = None;
    }

    /// Its actions are listed from its view (`moves.rs`), in the engine's order.
    fn reads_legal(&self) -> bool {
        false
    }

    fn act(&mut self, view: &View<'_>, _legal: &[Action], _rng: &mut GameRng) -> Action {
        self.penalty_weight = match self.mismatch_cost(view) == 0.0 {
            true => self.free_weight,
            false => self.paid_weight,
        };
        if let [only] = self.moves.list(view) {
            // a forced move, answered as the runner answers it for a bot reading the list:
            // nothing is remembered of it
            return *only;
        }
        if view.my_phase == Some(Phase::Pickup) {
            self.start = Some((view.turns, view.hand));
            if self.last.is_none_or(|l| l.0 != view.turns) {
                if let Some((_, h)) = self.last {
                    self.before.rotate_right(1);
                    self.before[0] = Some(h);
                }
                self.last = Some((view.turns, view.hand));
            }
        }
        let best = self.choose(view, self.moves.get());
        if matches!(best, Action::Stock) {
            self.start = None; // a stock card kept or put back wastes nothing
        }
        best
    }
}

impl Greedy {
    /// The best of `legal` (the first of the best, in list order): the actions it listed
    /// (`act`), or in tests any list of them.
    pub(super) fn choose(&self, view: &View<'_>, legal: &[Action]) -> Action {
        let mut best = legal[0];
        let mut best_v = f32::MIN;
        let mut plan = None;
        // the hand's numbers, for the decisions that value it less or plus cards
        let flat = match view.my_phase {
            Some(Phase::Setup | Phase::Reveal) => Flat::of(view.hand, self.ace(view)),
            _ => None,
        };
        let floor = match view.my_phase {
            Some(Phase::Pickup) => self.stock_floor(view, &mut plan, legal),
            _ => None,
        };
        for (k, &a) in legal.iter().enumerate() {
            // a pile card that cannot reach the stock's worth cannot be chosen
            if let (Some(f), Action::Take(p, 1)) = (floor, a)
                && self
                    .plan(view, &mut plan)
                    .take_high(p as usize)
                    .is_some_and(|h| h < f)
            {
                continue;
            }
            // the stock, listed last: only whether it beats the pile pick-ups matters
            let last = k > 0 && k + 1 == legal.len() && matches!(a, Action::Stock);
            let s = match last.then(|| self.stock_last(view, &mut plan, a, best_v)) {
                Some(Some(s)) => s,
                _ => self.score(view, &mut plan, flat.as_ref(), a),
            };
            if s > best_v {
                best = a;
                best_v = s;
            }
        }
        best
    }
}
