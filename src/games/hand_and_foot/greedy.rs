//! `greedy`: a one-step heuristic. It passes its weaker packet and plays the stronger as its
//! hand; takes the pile when it holds enough cards; opens as soon as its hand can make the
//! minimum; adds naturals before wilds (cleans before dirtying) and dirties a clean meld only
//! once it is long or its partnership has the natural books it needs; discards 3s first
//! (they freeze the pile for the next player), then lone cards of ranks nobody melds; goes
//! out when its partnership's table points lead by the `out_margin` knob (or the stock runs
//! low), otherwise keeps two cards in its foot.

use super::melds::{self, MELD_RANKS};
use super::state::{Action, HandAndFoot, Phase};
use super::view::View;
use crate::cards::{Card, CardCounts, GameRng};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "pile_min",
        default: 2.0,
        doc: "take the discard pile when it holds at least this many cards",
    },
    Knob {
        name: "dirty_at",
        default: 5.0,
        doc: "naturals a clean meld needs before greedy puts a wild on it (while natural books are still needed)",
    },
    Knob {
        name: "out_margin",
        default: -300.0,
        doc: "go out when the partnership's table points minus the opponents' are at least this",
    },
    Knob {
        name: "pair_wild",
        default: 1.0,
        doc: "1: start melds from a natural pair and a wild once opened; 0: only to open or go out",
    },
];

/// The bots of Hand and Foot besides `random`.
pub static BOTS: &[Bot<HandAndFoot>] = &[Bot {
    name: "greedy",
    about: "takes the pile when it pays, opens early, cleans before dirtying, goes out when ahead",
    knobs: KNOBS,
    build: |p| Box::new(Greedy::new(p)),
}];

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    pile_min: usize,
    dirty_at: u8,
    out_margin: i32,
    pair_wild: bool,
}

impl Greedy {
    pub fn new(p: &Params) -> Greedy {
        Greedy {
            pile_min: p.knob(KNOBS, "pile_min").max(1.0) as usize,
            dirty_at: p.knob(KNOBS, "dirty_at").clamp(2.0, 6.0) as u8,
            out_margin: p.knob(KNOBS, "out_margin") as i32,
            pair_wild: p.knob(KNOBS, "pair_wild") > 0.5,
        }
    }
}

/// How good a packet is to hold: wilds and pairs help, 3s hurt.
fn packet_value(h: &CardCounts) -> i32 {
    let mut v = 30 * (melds::jokers(h) + melds::rank_count(h, 1)) as i32;
    for r in MELD_RANKS {
        let n = melds::rank_count(h, r) as i32;
        if n >= 2 {
            v += 10 * n;
        }
    }
    v - melds::rank_count(h, 2) as i32 * 20
}

impl Greedy {
    fn want_out(&self, v: &View) -> bool {
        let t = v.seat % 2;
        let table = |m: &melds::Melds| m.points + m.book_points();
        v.stock_len < 12 || table(&v.melds[t]) - table(&v.melds[1 - t]) >= self.out_margin
    }

    /// The value of a meld step (0: not worth it now).
    fn step_value(&self, v: &View, out: bool, a: Action) -> i32 {
        let t = v.seat % 2;
        let m = &v.melds[t];
        let (opening, feet) = (!v.opened[t], v.in_foot[v.seat]);
        let (k, rank, wild) = match a {
            Action::New { rank, wild: 0 } => (3, rank, 0),
            Action::New { rank, wild } => (3, rank, wild),
            Action::Add { rank, wild } => (1, rank, wild),
            _ => return 0,
        };
        let left = v.hand.len() as i32 - k;
        if feet && left < 2 && !out {
            return 0;
        }
        if opening {
            return 10 + melds::card_value(Card::from_index(rank)) + [0, 2, 1][wild as usize];
        }
        let i = rank as usize;
        let need_nat = m.natural_books() < v.rules.out_naturals as u32;
        match a {
            Action::Add { wild: 0, .. } => 100,
            Action::New { wild: 0, .. } => 90,
            Action::Add { .. } if m.wild[i] > 0 => 60,
            Action::Add { .. } if !need_nat || m.nat[i] >= self.dirty_at => 40,
            Action::New { .. } if self.pair_wild || (feet && out) => 30,
            _ if feet && left <= 1 => 20,
            _ => 0,
        }
    }

    fn pick_meld(&self, v: &View, legal: &[Action]) -> Option<Action> {
        let t = v.seat % 2;
        if !v.opened[t]
            && v.melds[t].points == 0
            && melds::opening_max(&melds::tally(v.hand), v.rules.rebook) < v.minimum[t]
        {
            return None;
        }
        let mut best = None;
        let mut best_v = 0;
        let out = v.in_foot[v.seat] && self.want_out(v);
        for &a in legal {
            let s = self.step_value(v, out, a);
            if s > best_v {
                (best, best_v) = (Some(a), s);
            }
        }
        best
    }

    /// How much the seat wants to keep `c` (the lowest is discarded).
    fn keep_value(&self, v: &View, c: Card) -> i32 {
        if melds::is_wild(c) {
            return 500;
        }
        let r = c.rank().index();
        if r == 2 {
            return if c.suit().is_red() { -1000 } else { -900 };
        }
        let t = v.seat % 2;
        let n = melds::rank_count(v.hand, r) as i32;
        let mut k = 30 * (n - 1) + melds::card_value(c);
        if v.melds[t].is_open(r) {
            k += 40;
        }
        if v.melds[1 - t].is_open(r) {
            k += 25;
        }
        k
    }

    fn pick_discard(&self, v: &View, legal: &[Action]) -> Action {
        let mut best = legal[0];
        let mut best_k = i32::MAX;
        for &a in legal {
            if let Action::Discard(c) = a {
                let k = self.keep_value(v, c);
                if k < best_k {
                    (best, best_k) = (a, k);
                }
            }
        }
        best
    }
}

impl Strategy<HandAndFoot> for Greedy {
    fn act(&mut self, v: &View<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        match v.phase {
            Phase::Pass => {
                let other = v.other_packet.expect("two packets");
                Action::Pass(u8::from(packet_value(v.hand) >= packet_value(other)))
            }
            Phase::Choose => {
                let other = v.other_packet.expect("a received packet");
                Action::Keep(packet_value(v.hand) >= packet_value(other))
            }
            Phase::Draw => {
                let top_wild = v.top.is_some_and(melds::is_wild);
                if legal.contains(&Action::TakePile) && v.pile_len >= self.pile_min {
                    Action::TakePile
                } else if legal.contains(&Action::TakeUpcard) && top_wild {
                    Action::TakeUpcard
                } else {
                    Action::Draw
                }
            }
            _ => {
                if let Some(a) = self.pick_meld(v, legal) {
                    return a;
                }
                if legal.contains(&Action::Retract)
                    && !legal.iter().any(|a| matches!(a, Action::Discard(_)))
                {
                    return Action::Retract;
                }
                self.pick_discard(v, legal)
            }
        }
    }
}
