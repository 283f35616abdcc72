//! `greedy`: lays down whenever it can; otherwise it keeps the five cards closest to a valid
//! hand, takes the discard when that brings it closer, and discards the card helping least.
//!
//! The measure of a five-card hand (higher is closer):
//! - a valid hand: [`VALID`] plus the points term (it is never broken up);
//! - otherwise `outs * outs_weight - |need| * need_weight + points * points_weight`, where
//!   `need` is Head - Starter - signed sum, and `outs` counts the single replacements that
//!   make the hand valid: over each hand card `c` (by position), the unseen copies of cards
//!   with signed value `need + signed(c)` (the rank limit respected). Unseen = the shoe minus
//!   the Head, the Starters, the own hand and the whole discard pile; other hands and the
//!   stock are unknown to it, so those copies count as possible.
//!
//! At the start of a turn it takes the discard when the best hand it could keep with it beats
//! the current hand by more than `take_margin`; otherwise it draws from the stock. After a
//! draw it discards the card whose removal leaves the best measure (the card taken from the
//! discard pile may be put back when the rules allow and nothing is better).

use super::scoring::{number, over_limit, rank_bit, signed, Hand};
use super::state::{Action, BrokenLadder, Phase};
use super::view::View;
use crate::cards::{Card, GameRng};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The measure of a valid hand (far above any other).
pub const VALID: f64 = 1e6;

/// Greedy's knobs.
pub const KNOBS: &[Knob] = &[
    Knob { name: "outs_weight", default: 1.0, doc: "value of one unseen card that would complete the hand" },
    Knob { name: "need_weight", default: 0.05, doc: "cost per point between the hand's sum and the target" },
    Knob { name: "points_weight", default: 0.02, doc: "value per point of unsigned card value held (loser points)" },
    Knob { name: "take_margin", default: 0.0, doc: "how much better the discard must make the hand to be taken" },
];

/// The bots of Broken Ladder (besides `random`).
pub const BOTS: &[Bot<BrokenLadder>] = &[Bot {
    name: "greedy",
    about: "lays down when valid; keeps the cards with most single-card completions; takes the discard when it helps",
    knobs: KNOBS,
    build: build_greedy,
}];

fn build_greedy(p: &Params) -> Box<dyn Strategy<BrokenLadder>> {
    Box::new(Greedy::new(p))
}

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    outs_weight: f64,
    need_weight: f64,
    points_weight: f64,
    take_margin: f64,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new(&Params::default())
    }
}

/// Unseen copies per signed value (index `value + 13`).
type Unseen = [i32; 27];

impl Greedy {
    pub fn new(p: &Params) -> Greedy {
        Greedy {
            outs_weight: p.knob(KNOBS, "outs_weight"),
            need_weight: p.knob(KNOBS, "need_weight"),
            points_weight: p.knob(KNOBS, "points_weight"),
            take_margin: p.knob(KNOBS, "take_margin"),
        }
    }

    /// The measure of `hand` (six cards) once `out` is discarded; `need6` is the target gap of
    /// the six cards and `rc6` their packed rank counts.
    fn eval_without(&self, v: &View<'_>, unseen: &Unseen, hand: &Hand, out: Card, need6: i32, rc6: u64) -> f64 {
        let need = need6 + signed(out);
        let rc = rc6 - rank_bit(out);
        let points = hand.points() - number(out);
        let limit = v.rank_limit;
        let pts = points as f64 * self.points_weight;
        if need == 0 && limit.is_none_or(|l| !over_limit(rc, l)) {
            return VALID + pts;
        }
        let mut outs = 0;
        let mut skipped = false;
        for &c in hand.as_slice() {
            if c == out && !skipped {
                skipped = true;
                continue;
            }
            outs += self.outs_for(unseen, limit, need + signed(c), rc - rank_bit(c));
        }
        outs as f64 * self.outs_weight - need.abs() as f64 * self.need_weight + pts
    }

    /// Unseen cards of signed value `s` that fit beside the four cards counted in `rc4`.
    #[inline]
    fn outs_for(&self, unseen: &Unseen, limit: Option<u8>, s: i32, rc4: u64) -> i32 {
        if s == 0 || !(-13..=13).contains(&s) {
            return 0;
        }
        let rank_bit = 1u64 << (4 * (s.unsigned_abs() - 1));
        if limit.is_some_and(|l| over_limit(rc4 + rank_bit, l)) {
            return 0;
        }
        unseen[(s + 13) as usize]
    }

    /// The best measure over the discards of a six-card hand, and the card to discard.
    fn best_discard(&self, v: &View<'_>, unseen: &Unseen, hand: &Hand, forbid: Option<Card>) -> (f64, Card) {
        let need6 = super::need(v.head, v.starters[v.seat], hand);
        let rc6 = hand.rank_counts();
        let mut best = (f64::NEG_INFINITY, hand.as_slice()[0]);
        for &c in hand.as_slice() {
            if Some(c) == forbid {
                continue;
            }
            let m = self.eval_without(v, unseen, hand, c, need6, rc6);
            if m > best.0 {
                best = (m, c);
            }
        }
        best
    }

    fn start(&self, v: &View<'_>, legal: &[Action]) -> Action {
        if legal.contains(&Action::LayDown) {
            return Action::LayDown;
        }
        let Some(&top) = v.discard.last() else {
            return Action::DrawStock;
        };
        let unseen = unseen(v);
        // The current hand's measure: a six-card hand with the top added, discarding the top.
        let mut with_top = *v.hand;
        with_top.push(top);
        let need6 = super::need(v.head, v.starters[v.seat], &with_top);
        let now = self.eval_without(v, &unseen, &with_top, top, need6, with_top.rank_counts());
        let (best, _) = self.best_discard(v, &unseen, &with_top, Some(top));
        if best > now + self.take_margin && legal.contains(&Action::DrawDiscard) {
            Action::DrawDiscard
        } else {
            Action::DrawStock
        }
    }
}

/// Unseen copies per signed value for this seat.
fn unseen(v: &View<'_>) -> Unseen {
    let mut u = [2 * v.packs as i32; 27];
    u[13] = 0;
    for (x, &d) in u.iter_mut().zip(v.discard_values.iter()) {
        *x -= d as i32;
    }
    let mut see = |c: Card| u[(signed(c) + 13) as usize] -= 1;
    see(v.head);
    v.starters.iter().for_each(|&c| see(c));
    v.hand.as_slice().iter().for_each(|&c| see(c));
    u
}

impl Strategy<BrokenLadder> for Greedy {
    fn act(&mut self, v: &View<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        match v.phase {
            Phase::Start => self.start(v, legal),
            _ => {
                let forbid = v.taken.filter(|&t| !legal.contains(&Action::Discard(t)));
                let (_, c) = self.best_discard(v, &unseen(v), v.hand, forbid);
                Action::Discard(c)
            }
        }
    }
}
