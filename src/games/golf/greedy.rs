//! `greedy`: a human-like Golf heuristic with knobs (set them in `strategies/golf/*.toml`).
//!
//! It scores grids with the real scoring rules, counting each face-down card at an estimated
//! value (`unknown_value`) that never matches anything. Then:
//! - **Opening:** turns up positions 0 and 4 (different columns), or 0 and 3 (one column) when
//!   `opening_same_column` is 1.
//! - **Draw:** takes the discard when swapping it into its best position lowers the estimate
//!   by at least `take_discard_gain` points; otherwise draws from the stock.
//! - **Place:** puts the card where it lowers the estimate most (completing a column pair is
//!   worth the whole column); a stock card gained by less than `keep_gain` is discarded.
//! - **Going out:** a move that turns up the last face-down card is made only when the bot's
//!   estimated score plus `go_out_margin` is below every opponent's estimate (their face-down
//!   cards at `unknown_value`); then it earns a bonus of `go_out_bonus` points, so the bot
//!   races to end a round it is winning. On a final turn it just minimises its score.
//! - **Flip after discard** (house rule): turns up a card whose column partner is also face
//!   down (the most information), declining an optional flip that would go out while behind.

use super::Golf;
use super::scoring::{key, matched, score_tenths, value_table};
use super::state::{ALL_UP, Action, Phase};
use super::view::GolfView;
use crate::cards::{Card, GameRng};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "take_discard_gain",
        default: 2.0,
        doc: "points the discard must gain to be taken",
    },
    Knob {
        name: "keep_gain",
        default: 0.5,
        doc: "points a stock card must gain to be kept",
    },
    Knob {
        name: "unknown_value",
        default: 5.0,
        doc: "estimated value of a face-down card",
    },
    Knob {
        name: "go_out_margin",
        default: 0.0,
        doc: "lead (points) required to go out",
    },
    Knob {
        name: "go_out_bonus",
        default: 3.0,
        doc: "points credited to going out while ahead",
    },
    Knob {
        name: "opening_same_column",
        default: 0.0,
        doc: "1: open both cards of column 0; 0: positions 0 and 4",
    },
];

/// The bot's list entry.
pub const BOT: Bot<Golf> = Bot {
    name: "greedy",
    about: "column pairs and low cards; takes good discards; races out when ahead",
    knobs: KNOBS,
    build: |p| Box::new(Greedy::new(p)),
};

/// The greedy Golf bot (all figures in tenths of a point).
#[derive(Clone, Debug)]
pub struct Greedy {
    take_discard_gain: i32,
    keep_gain: i32,
    unknown: i32,
    go_out_margin: i32,
    go_out_bonus: i32,
    same_column: bool,
    /// Card values in tenths (with the unknown estimate), cached per jokers rule.
    vals: Option<(bool, [i32; 16])>,
    /// The placement found for the discard top when deciding to draw, reused when the bot
    /// then holds that very card in the same turn (same grid, same card, same answer).
    draw_plan: Option<(u32, Card, (i32, u8))>,
}

fn tenths(x: f64) -> i32 {
    (x * 10.0).round() as i32
}

impl Greedy {
    pub fn new(p: &Params) -> Greedy {
        let k = |n| p.knob(KNOBS, n);
        Greedy {
            take_discard_gain: tenths(k("take_discard_gain")),
            keep_gain: tenths(k("keep_gain")),
            unknown: tenths(k("unknown_value")),
            go_out_margin: tenths(k("go_out_margin")),
            go_out_bonus: tenths(k("go_out_bonus")),
            same_column: k("opening_same_column") >= 0.5,
            vals: None,
            draw_plan: None,
        }
    }

    /// Estimated score of a seat's grid in tenths.
    fn estimate(&self, v: &GolfView, keys: &[u8; 6], vals: &[i32; 16]) -> i32 {
        score_tenths(keys, vals, v.rules())
    }

    fn values(&mut self, v: &GolfView) -> [i32; 16] {
        let jokers = v.rules().jokers;
        match self.vals {
            Some((j, t)) if j == jokers => t,
            _ => {
                let t = value_table(v.rules(), self.unknown);
                self.vals = Some((jokers, t));
                t
            }
        }
    }

    /// The lowest opponent estimate (tenths), computed once per decision when needed.
    fn best_opponent(&self, v: &GolfView, vals: &[i32; 16], cache: &mut Option<i32>) -> i32 {
        *cache.get_or_insert_with(|| {
            (0..v.players())
                .filter(|&s| s != v.seat())
                .map(|s| self.estimate(v, &v.keys(s), vals))
                .min()
                .unwrap_or(i32::MAX)
        })
    }

    /// The best position for `card` and the estimated gain (tenths) of putting it there.
    ///
    /// A position whose card is in no match, where the new card makes no match, changes the
    /// score by exactly the difference of the two values: only positions touching a match
    /// (old or new) need the full scoring. Ties go to the lowest position.
    fn best_place(
        &self,
        v: &GolfView,
        card: Card,
        vals: &[i32; 16],
        opp: &mut Option<i32>,
    ) -> (i32, u8) {
        /// The other two positions of each position's row.
        const ROW_MATES: [[usize; 2]; 6] = [[1, 2], [0, 2], [0, 1], [4, 5], [3, 5], [3, 4]];
        let keys = v.keys(v.seat());
        let down = v.face_down(v.seat());
        let base = self.estimate(v, &keys, vals);
        let zero = matched(&keys, v.rules());
        let ck = key(card);
        let cv = vals[ck as usize];
        let mut best = (i32::MIN, 0u8);
        for p in 0..6usize {
            let [a, b] = ROW_MATES[p];
            let makes_match =
                keys[(p + 3) % 6] == ck || (v.rules().row_rule && keys[a] == ck && keys[b] == ck);
            let (mut gain, after) = if makes_match || zero >> p & 1 == 1 {
                let mut k = keys;
                k[p] = ck;
                let after = self.estimate(v, &k, vals);
                (base - after, after)
            } else {
                let g = vals[keys[p] as usize] - cv;
                (g, base - g)
            };
            if down == 1 << p && v.ender().is_none() {
                if after + self.go_out_margin < self.best_opponent(v, vals, opp) {
                    gain += self.go_out_bonus;
                } else {
                    gain -= 1000;
                }
            }
            if gain > best.0 {
                best = (gain, p as u8);
            }
        }
        best
    }

    fn opening(&self, v: &GolfView) -> Action {
        let down = v.face_down(v.seat());
        let want = if self.same_column { [0u8, 3] } else { [0u8, 4] };
        let p = want
            .into_iter()
            .find(|&p| down >> p & 1 == 1)
            .unwrap_or(down.trailing_zeros() as u8);
        Action::Flip(p)
    }

    fn flip_after(&self, v: &GolfView, legal: &[Action], vals: &[i32; 16]) -> Action {
        let down = v.face_down(v.seat());
        let optional = legal.contains(&Action::NoFlip);
        if down.count_ones() == 1 && optional && v.ender().is_none() {
            let mine = self.estimate(v, &v.keys(v.seat()), vals);
            if mine + self.go_out_margin >= self.best_opponent(v, vals, &mut None) {
                return Action::NoFlip;
            }
        }
        let p = (0..3u8)
            .find(|&c| down >> c & 1 == 1 && down >> (c + 3) & 1 == 1)
            .unwrap_or(down.trailing_zeros() as u8);
        Action::Flip(p)
    }
}

impl Strategy<Golf> for Greedy {
    fn begin_deal(&mut self, _seat: crate::game::Seat) {
        self.draw_plan = None;
    }

    fn act(&mut self, v: &GolfView<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        let vals = self.values(v);
        let opp = &mut None;
        match v.phase() {
            Phase::Opening => self.opening(v),
            Phase::Draw => match v.discard().last() {
                Some(&top) => {
                    let plan = self.best_place(v, top, &vals, opp);
                    self.draw_plan = Some((v.turns(), top, plan));
                    if plan.0 >= self.take_discard_gain {
                        Action::DrawDiscard
                    } else {
                        Action::DrawStock
                    }
                }
                _ => Action::DrawStock,
            },
            Phase::PlaceDiscard | Phase::PlaceStock => {
                let held = v.held().expect("a placing seat holds a card");
                let (gain, p) = match self.draw_plan {
                    Some((t, c, plan))
                        if v.phase() == Phase::PlaceDiscard && t == v.turns() && c == held =>
                    {
                        plan
                    }
                    _ => self.best_place(v, held, &vals, opp),
                };
                if v.phase() == Phase::PlaceStock && gain < self.keep_gain {
                    Action::Discard
                } else {
                    Action::Swap(p)
                }
            }
            Phase::FlipAfter => self.flip_after(v, legal, &vals),
            Phase::Over => legal[0],
        }
    }
}

const _: () = assert!(ALL_UP == 63);
