//! `greedy`: a one-step heuristic on the exact best arrangement.
//!
//! - Draw: takes the discard top when keeping it (and discarding the best card) lowers the
//!   hand's least unmatched points by at least `take_gain`; otherwise draws from the stock.
//! - Discard: the card whose loss leaves the fewest unmatched points; an action card
//!   (`DRAW`, `SKIP`, and `REV` with three or more players: each costs the next player its
//!   turn or its place) counts `action_bonus` points better, so it is played while it hurts;
//!   ties go to the higher-point card.
//! - Close: as soon as the rules allow it and the points left are at most `close_at`
//!   (always with 0 left), with the closing card that leaves the fewest points.

use super::arrange::HAND_CAP;
use super::cards::{DRAW, REV, SKIP};
use super::state::{Action, Chinchon, Phase};
use super::unmatched::best_and_without_listed;
use super::view::View;
use crate::cards::{Card, GameRng};
use crate::game::{Game, Seat};
use crate::strategy::{Bot, Knob, Params, Strategy};

pub const KNOBS: &[Knob] = &[
    Knob {
        name: "take_gain",
        default: 1.0,
        doc: "take the discard top when it lowers the unmatched points by at least this",
    },
    Knob {
        name: "close_at",
        default: 25.0,
        doc: "close only with at most this many unmatched points (the rules' limit applies first)",
    },
    Knob {
        name: "action_bonus",
        default: 3.0,
        doc: "points an action card's discard is preferred by (it costs the next player)",
    },
];

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    take_gain: i32,
    close_at: u16,
    action_bonus: i32,
}

impl Greedy {
    pub fn new(p: &Params) -> Greedy {
        Greedy {
            take_gain: p.knob(KNOBS, "take_gain").round() as i32,
            close_at: p.knob(KNOBS, "close_at").max(0.0).round() as u16,
            action_bonus: p.knob(KNOBS, "action_bonus").round() as i32,
        }
    }

    fn draw(&self, v: &View<'_>) -> Action {
        // Without a stock to draw from, the discard is the only draw (and the other way).
        let fallback = if v.can_draw_stock() {
            Action::DrawStock
        } else {
            Action::DrawDiscard
        };
        let top = match v.discard.last() {
            Some(&c) if v.can_take_discard() => c,
            _ => return fallback,
        };
        let n = v.hand.len();
        if n + 1 > HAND_CAP {
            return fallback;
        }
        let mut cards = [Card::from_index(0); HAND_CAP];
        let mut pts = [0u16; HAND_CAP];
        cards[..n].copy_from_slice(v.hand);
        cards[n] = top;
        for (p, &c) in pts.iter_mut().zip(&cards[..=n]) {
            *p = v.points(c);
        }
        // The hand's combinations are listed; only those holding the top are new.
        let mut listed = *v.combos;
        listed.added(&cards[..=n]);
        let mut without = [0u16; HAND_CAP];
        best_and_without_listed(&cards[..=n], &pts[..=n], listed.list(), &mut without);
        let now = without[n] as i32;
        let after = *without[..n].iter().min().expect("a hand") as i32;
        if now - after >= self.take_gain {
            Action::DrawDiscard
        } else {
            fallback
        }
    }

    /// The best discard or close, trying each distinct card in hand order: its discard,
    /// then its close when allowed (the order of the legal list; ties keep the first).
    fn discard(&self, v: &View<'_>) -> Action {
        let without = v.without.expect("the discarding seat sees its table");
        let three = v.active.len() > 2;
        let mut seen = 0u64;
        // The least key so far, its hand position, and whether it closes.
        let (mut best, mut at, mut close) = (i32::MAX, 0, false);
        for (i, (&c, &w)) in v.hand.iter().zip(without).enumerate() {
            let bit = 1u64 << (c.index() & 63);
            if seen & bit != 0 {
                continue; // a second copy: the same choices
            }
            seen |= bit;
            let hurts = c == DRAW || c == SKIP || (c == REV && three);
            let bonus = if hurts { self.action_bonus } else { 0 };
            let key = (w as i32 - bonus) * 64 - v.points(c) as i32;
            if key < best {
                (best, at, close) = (key, i, false);
            }
            if w <= self.close_at && v.may_close_with(i) && -1000 + (w as i32) < best {
                (best, at, close) = (-1000 + w as i32, i, true);
            }
        }
        let c = v.hand[at];
        if close {
            Action::Close(c)
        } else {
            Action::Discard(c)
        }
    }
}

impl Strategy<Chinchon> for Greedy {
    fn begin_deal(&mut self, _seat: Seat) {}

    fn act(
        &mut self,
        v: &<Chinchon as Game>::View<'_>,
        _legal: &[Action],
        _rng: &mut GameRng,
    ) -> Action {
        match v.phase {
            Phase::Draw => self.draw(v),
            _ => self.discard(v),
        }
    }

    /// Every choice follows from the view: the runner need not list them.
    fn reads_legal(&self) -> bool {
        false
    }
}

fn build(p: &Params) -> Box<dyn Strategy<Chinchon>> {
    Box::new(Greedy::new(p))
}

pub static BOTS: &[Bot<Chinchon>] = &[Bot {
    name: "greedy",
    about: "takes discards that lower its unmatched points, sheds the costliest card, closes when it may",
    knobs: KNOBS,
    build,
}];
