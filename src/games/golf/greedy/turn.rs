//! `greedy`'s decisions by phase: [`Strategy::act`](crate::strategy::Strategy::act) hands
//! each phase to its own function (the draw, the placement, the opening), so that the common
//! path through `act` keeps no frame of its own; a deal's first decision (and any past
//! patience) sets the shoe and the tables first.

use super::Greedy;
use crate::cards::Card;
use crate::games::golf::rules::{FlipAfter, GolfRules};
use crate::games::golf::scoring::key;
use crate::games::golf::state::{Action, Phase};
use crate::games::golf::view::View;

impl Greedy {
    /// [`Strategy::act`] at a deal's first decision or past patience: sets the shoe, the
    /// rounds past patience and the tables first.
    #[cold]
    #[inline(never)]
    pub(super) fn act_checking(&mut self, v: &View) -> Action {
        if !self.checked {
            self.set_shoe(v);
            self.late_at = self.patience.saturating_mul(v.players() as u32);
            self.set_tempo(v.rules());
            self.set_match(v);
        }
        // Before `late_at` no round is past patience (what `late_rounds` finds, without
        // its division).
        self.late = match v.turns() < self.late_at {
            true => 0,
            false => self.late_rounds(v.turns(), v.players()),
        };
        self.refresh(v.rules(), self.unknown + 10 * self.late);
        self.checked = true;
        self.dispatch(v)
    }

    /// Sets `for_win` and `shift` for the deal of `v`: a lone deal, or a match's last hole
    /// with `match_play`, is played for the chance to win (the match: each seat's final
    /// score shifted by how far its total is above this seat's); a hole with holes to come
    /// is played for the expected score, and the match's totals do not count yet.
    pub(super) fn set_match(&mut self, v: &View) {
        let hole = v.hole().filter(|_| self.match_play);
        self.for_win = self.final_for_win && hole.is_none_or(|h| h.left == 0);
        self.shift = [0; crate::game::MAX_SEATS];
        if let Some(h) = hole.filter(|h| h.left == 0) {
            let me = h.totals[v.seat()];
            for s in 0..v.players() {
                self.shift[s] = (h.totals[s] - me).clamp(-10_000, 10_000) as i32;
            }
        }
    }

    /// Sets `tempo_on` for a deal under `rules`: the `tempo` knob, but 0 without counting or
    /// under `flip_after_discard` (where a thrown card turns one up anyway).
    pub(super) fn set_tempo(&mut self, rules: &GolfRules) {
        self.tempo_on = match rules.flip_after_discard {
            FlipAfter::No if self.counting => self.tempo,
            _ => 0,
        };
    }

    /// The decision of the phase of `v` (each phase's own function, so that the common
    /// path saves no registers of its own).
    #[inline(always)]
    pub(super) fn dispatch(&mut self, v: &View) -> Action {
        match v.phase() {
            Phase::Draw => self.draw(v),
            Phase::PlaceDiscard | Phase::PlaceStock => self.place(v),
            Phase::Opening => self.opening(v),
            // No seat is asked to act in a finished deal.
            Phase::FlipAfter | Phase::Over => self.flip_after(v),
        }
    }

    /// The draw: the discard or the stock.
    #[inline(never)]
    fn draw(&mut self, v: &View) -> Action {
        let Some(&top) = v.discard().last() else {
            return Action::DrawStock;
        };
        let old = match self.counting {
            true => self.counted_draw(v, top),
            false => self.plain_draw(v, top),
        };
        if self.for_win {
            if v.ender().is_some() {
                return self.final_turn_draw(v, top, old);
            }
            // Taking the discard leaves the stock as it is; drawing takes a card off it.
            let r = v.stock_len();
            if let Some(drawn) = self.stock_end_turns(v, r.saturating_sub(1)) {
                let taken = self.stock_end_turns(v, r).unwrap_or(drawn + 1);
                return self.final_draw(v, top, (taken, drawn)).unwrap_or(old);
            }
        }
        old
    }

    /// The draw on a final turn played for the chance to win (`for_win`), given the draw `old` of the rules
    /// above (made first, as on any turn: one copy of that code, not a second one here).
    #[cold]
    #[inline(never)]
    fn final_turn_draw(&mut self, v: &View, top: Card, old: Action) -> Action {
        let plan = self.draw_plan.map_or(6, |(_, _, (_, p))| p as usize);
        if old == Action::DrawDiscard && self.certain_loss(v, top, plan) {
            let turns = v.finals_left();
            self.final_draw(v, top, (turns, turns)).unwrap_or(old)
        } else {
            old
        }
    }

    /// Placing the card drawn: swapped in, or (a stock card) thrown.
    #[inline(never)]
    fn place(&mut self, v: &View) -> Action {
        let held = v.held().expect("a placing seat holds a card");
        // A discard placed where the final turn's draw planned it: the final turn's
        // placement would choose that place again (the same chance table, grid and card).
        let mut final_planned = false;
        // A stock card is kept where that beats throwing it: by `keep_gain`, and by what
        // throwing it would give the next seat (`gift.rs`; 0 without the knob).
        let keep_gain = match v.phase() == Phase::PlaceStock {
            true => self.keep_gain - self.gift_of(v, key(held) as usize),
            false => self.keep_gain,
        };
        let (gain, p) = match self.draw_plan {
            Some((t, c, plan))
                if v.phase() == Phase::PlaceDiscard && t == v.turns() && c == held =>
            {
                final_planned = self.final_plan_at == t;
                plan
            }
            _ if self.counting => {
                let stock = v.phase() == Phase::PlaceStock;
                let keep = Some(keep_gain).filter(|_| stock);
                self.counted_place(v, key(held) as usize, None, keep)
            }
            _ => self.best_place(v, held),
        };
        let a = if v.phase() == Phase::PlaceStock && gain < keep_gain {
            match self.forced_out_behind(v) {
                true => self.swap_face_up(v, held),
                false => Action::Discard,
            }
        } else {
            Action::Swap(p)
        };
        let at = match a {
            Action::Swap(p) => p as usize,
            _ => 6,
        };
        let a = match self.for_win && !final_planned {
            false => a,
            true if v.ender().is_some() => match self.certain_loss(v, held, at) {
                true => self.final_place(v, held, a, v.finals_left()),
                false => a,
            },
            true => match self.stock_end_turns(v, v.stock_len()) {
                Some(turns) => self.final_place(v, held, a, turns),
                None => a,
            },
        };
        if let Action::Swap(p) = a {
            // The next search starts from the grid this swap makes.
            if self.own.packed == v.packed_keys(v.seat()) {
                let (t, ck) = (&self.tables, key(held));
                self.own.swap(p as usize, ck, t, v.rules());
            }
        }
        a
    }
}
