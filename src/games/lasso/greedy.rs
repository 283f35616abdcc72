//! `greedy`: a one-step lookahead over a hand evaluation.
//!
//! `value(hand) = set_weight * best set points in the hand
//!              + progress * (same-suit pairs, suits capped at 4 cards, + same-rank pairs)
//!              - penalty_weight * hand penalty`, and an empty hand is worth the +100 bonus.
//! Every option is scored by the value of the hand it leaves plus what it earns at once
//! (set points, a lasso's set), minus its expected cost:
//! - an unseen stock card is worth `stock_value`; draw-until-match costs `draw_cost`;
//! - a bluff (a discard that matches its top in neither rank nor suit) costs
//!   `bluff_risk * mismatch_points + bluff_margin`, where `bluff_risk` is the documented risk
//!   measure: the probability the card is revealed before the round ends. Going out with a
//!   bluff costs nothing (the round ends before any reveal), and with
//!   `mismatch_penalty=everyone|off` a bluff costs the bluffer nothing relative to the table;
//! - a blind discard mismatches with probability 36/51 and costs that times the penalty;
//! - revealing a pile we know hides our own mismatch costs the penalty, so we reveal others.
//!
//! After `patience` turns of a deal it always takes the stock option (pick-up and discard)
//! while the stock is live, to use it up so that the deal ends. Once the stock is dead its
//! moves are legal only when nothing else is, so seats that keep swapping pile cards then run
//! to the turn cap (end reason `turn-cap`).
//!
//! It lays the best set when it gains, lassos and answers when the set is worth at least
//! `lasso_min`, and always goes out when it can (the empty hand's +100 dominates).

use super::Lasso;
use super::rules::Mismatch;
use super::scoring::{best_set_points, classify, hand_penalty, pop13};
use super::state::{Action, Phase, same};
use super::view::View;
use crate::cards::{Card, CardSet, GameRng, Suit};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "set_weight",
        default: 1.0,
        doc: "weight of the best complete set held in hand",
    },
    Knob {
        name: "progress",
        default: 3.0,
        doc: "value of each same-suit or same-rank pair in hand",
    },
    Knob {
        name: "penalty_weight",
        default: 0.5,
        doc: "weight of the hand penalty (cards left in hand)",
    },
    Knob {
        name: "stock_value",
        default: 4.0,
        doc: "estimated gain of an unseen stock card",
    },
    Knob {
        name: "draw_cost",
        default: 6.0,
        doc: "estimated cost of drawing until a match",
    },
    Knob {
        name: "bluff_risk",
        default: 1.0,
        doc: "probability a bluff is revealed before the round ends",
    },
    Knob {
        name: "bluff_margin",
        default: 4.0,
        doc: "extra gain a bluff must bring",
    },
    Knob {
        name: "lasso_min",
        default: 0.0,
        doc: "least set points worth a lasso or an answer",
    },
    Knob {
        name: "patience",
        default: 60.0,
        doc: "deal turns after which it always uses the stock (ends pile-swapping loops)",
    },
];

/// The bots Lasso lists besides `random`.
pub const BOTS: &[Bot<Lasso>] = &[Bot {
    name: "greedy",
    about: "collects toward the best set, bluffs only when the risk measure allows, lassos when it gains",
    knobs: KNOBS,
    build: |p| Box::new(Greedy::new(p)),
}];

/// Probability that an unseen card matches a given top in neither rank nor suit.
const BLIND_MISS: f32 = 36.0 / 51.0;

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    set_weight: f32,
    progress: f32,
    penalty_weight: f32,
    stock_value: f32,
    draw_cost: f32,
    bluff_risk: f32,
    bluff_margin: f32,
    lasso_min: f32,
    patience: f32,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new(&Params::default())
    }
}

impl Greedy {
    pub fn new(p: &Params) -> Greedy {
        let k = |n| p.knob(KNOBS, n) as f32;
        Greedy {
            set_weight: k("set_weight"),
            progress: k("progress"),
            penalty_weight: k("penalty_weight"),
            stock_value: k("stock_value"),
            draw_cost: k("draw_cost"),
            bluff_risk: k("bluff_risk"),
            bluff_margin: k("bluff_margin"),
            lasso_min: k("lasso_min"),
            patience: k("patience"),
        }
    }

    /// The hand evaluation (see the module docs).
    pub fn value(&self, hand: CardSet, ace: i32) -> f32 {
        if hand.is_empty() {
            return 100.0;
        }
        let s = Suit::ALL.map(|s| hand.suit_bits(s));
        let mut pairs = 0;
        for i in 0..4 {
            let n = pop13(s[i]).min(4);
            pairs += n * n.saturating_sub(1) / 2;
            for j in i + 1..4 {
                pairs += pop13(s[i] & s[j]);
            }
        }
        self.set_weight * best_set_points(hand) as f32 + self.progress * pairs as f32
            - self.penalty_weight * hand_penalty(hand, ace) as f32
    }

    /// What a mismatch revealed later costs this seat.
    fn mismatch_cost(&self, v: &View<'_>) -> f32 {
        match v.rules.mismatch_penalty {
            Mismatch::Discarder => v.rules.mismatch_points as f32,
            _ => 0.0,
        }
    }

    /// A hand card discarded, as a bluff or not (going out with a bluff costs nothing).
    fn score_discard(&self, v: &View<'_>, c: Card, bluff: bool) -> f32 {
        let plain = self.value(v.hand.without(c), v.rules.ace_in_hand);
        if bluff {
            plain - self.bluff_cost(v, c)
        } else {
            plain
        }
    }

    /// The cost of discarding `c` as a bluff: nothing when it empties the hand.
    fn bluff_cost(&self, v: &View<'_>, c: Card) -> f32 {
        if v.hand.without(c).is_empty() {
            0.0
        } else {
            self.bluff_risk * self.mismatch_cost(v) + self.bluff_margin
        }
    }

    /// The estimated worth of one action from this view.
    fn score(&self, v: &View<'_>, a: Action, base: f32) -> f32 {
        let hand = v.hand;
        let ace = v.rules.ace_in_hand;
        let val = |h: CardSet| self.value(h, ace);
        let top = |p: u8| v.piles[p as usize].open_top();
        let stock = matches!(
            a,
            Action::Stock | Action::Blind(_) | Action::DrawUntil | Action::RefillStock
        );
        if stock && v.turns as f32 > self.patience {
            return f32::MAX / 4.0; // past patience: use up the stock so that the deal ends
        }
        if stock && v.stock_len == 0 && v.rules.empty_stock == super::rules::EmptyStock::End {
            return f32::MIN / 2.0; // ends the round: the last resort
        }
        match a {
            Action::Setup(up, down) => val(hand.without(up).without(down)),
            Action::Reveal(p) => {
                let pv = &v.piles[p as usize];
                match (pv.known_top, pv.up.last()) {
                    (Some(t), Some(&u)) if !same(t, u) => -self.mismatch_cost(v),
                    (Some(t), _) => (val(hand.with(t)) - base).max(0.0),
                    _ => 0.0,
                }
            }
            Action::Take(p, n) => {
                let up = v.piles[p as usize].up;
                val(hand | up[up.len() - n as usize..].iter().copied().collect())
            }
            Action::Stock => base + self.stock_value,
            Action::Discard(c, p) => self.score_discard(v, c, top(p).is_some_and(|t| !same(t, c))),
            Action::Blind(_) => base - BLIND_MISS * self.mismatch_cost(v),
            Action::DrawUntil => base - self.draw_cost,
            Action::Refill(_, c) => val(hand.without(c)) - self.draw_cost / 2.0,
            Action::RefillWith(c) => match v.my_phase {
                Some(Phase::Refill(_, first)) => val(hand.without(first).without(c)),
                _ => 0.0,
            },
            Action::RefillStock => match v.my_phase {
                Some(Phase::Refill(_, first)) => {
                    val(hand.without(first)) - BLIND_MISS * self.mismatch_cost(v)
                }
                _ => 0.0,
            },
            Action::Lay(s) => classify(s).map_or(0, |k| k.1) as f32 + val(hand - s),
            Action::Lasso(c) | Action::Answer(c) => {
                let pts = v.chain.map_or(0, |(i, _)| v.sets[i].points) as f32;
                if pts < self.lasso_min {
                    f32::MIN
                } else {
                    pts + val(hand.without(c))
                }
            }
            Action::Pass => base,
        }
    }
}

impl Strategy<Lasso> for Greedy {
    fn act(&mut self, view: &View<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        let mut best = legal[0];
        let mut best_v = f32::MIN;
        // discards of one card onto each pile are listed together: score the card once
        let mut last: Option<(Card, f32, f32)> = None;
        let base = self.value(view.hand, view.rules.ace_in_hand);
        for &a in legal {
            let s = match a {
                Action::Discard(c, p) => {
                    let (plain, bluff) = match last {
                        Some((lc, plain, bluff)) if lc == c => (plain, bluff),
                        _ => {
                            let plain = self.score_discard(view, c, false);
                            let pair = (plain, plain - self.bluff_cost(view, c));
                            last = Some((c, pair.0, pair.1));
                            pair
                        }
                    };
                    let matches = view.piles[p as usize].open_top().is_none_or(|t| same(t, c));
                    if matches { plain } else { bluff }
                }
                _ => self.score(view, a, base),
            };
            if s > best_v {
                best = a;
                best_v = s;
            }
        }
        best
    }
}
