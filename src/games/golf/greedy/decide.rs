//! The decisions of `greedy` that count cards (issue 21), each behind a knob whose "off"
//! value plays as the previous greedy (`strategies/golf/greedy-prev.toml`):
//! - `counting`: the draw weighs the discard against the stock's expected gain, and face-down
//!   cards count at the unseen cards' mean value instead of `unknown_value`;
//! - `go_out_win`: goes out only when its chance to win after the others' final turns
//!   (none with `final_turns=no`) reaches this, `go_out_step` less per player past 2 and
//!   `go_out_race` less without final turns;
//! - `final_for_win`: a final turn maximises the chance to win, not the expected score
//!   (`final_turn.rs`).

use super::chance::{
    Pool, Unseen, chance_out, unseen, unseen_word, word_counts, word_sum, word_total,
};
use super::grid::{BOXES_MADE, NO_ESTIMATE, ROWS_MADE, max_but, split_max, unpack_max, unpack_one};
use super::{Greedy, Own};
use crate::cards::Card;
use crate::games::golf::scoring::{UNKNOWN, key};
use crate::games::golf::state::Action;
use crate::games::golf::view::View;

impl Greedy {
    /// The gain (tenths) of putting key `ck` at each position, the grid scored in full
    /// where a swap makes or meets a row or a box; no going-out logic. Packed as
    /// `gain * 8 + (7 - p)` (see [`unpack_max`]): the decisions below add to it in eighths
    /// and take one maximum, as `argmax` would of the gains.
    #[inline(always)]
    pub(super) fn gains_of(&mut self, v: &View, ck: usize) -> [i32; 6] {
        let packed = v.packed_keys(v.seat());
        if self.own.packed != packed {
            self.own = Own::new(packed, &self.tables, v.rules());
        }
        let (t, own) = (&self.tables, &self.own);
        let eq = own.by_key[ck & 15] as usize & 63;
        let full = (ROWS_MADE[eq] & t.rows) | (BOXES_MADE[eq] & t.boxes) | own.force;
        let mut g = own.gains(t, ck);
        if full != 0 {
            self.score_in_full(v.rules(), packed, ck as u8, full, &mut g);
        }
        if self.pair_chance & self.counting {
            self.pair_adjust(v, packed, ck, &mut g);
        }
        if self.gift_on() {
            self.gift_adjust(v, packed, &mut g);
        }
        g
    }

    /// The best position for key `ck` with face-down cards at the counted value (`off`
    /// tenths above the tables'; `None`: counted when it could matter, see
    /// [`Greedy::offset_for`]), going out only when [`Greedy::may_go_out`] allows it.
    ///
    /// `throw_below`: `Some(keep_gain)` when the caller throws the card away on a gain below
    /// it (a stock card): where going out would then be thrown away either way (both the
    /// answers of [`Greedy::may_go_out`] give a gain below it), the chance is not asked and
    /// the answer is the one for not going out (a gain below `keep_gain` all the same).
    #[inline(always)]
    pub(super) fn counted_place(
        &mut self,
        v: &View,
        ck: usize,
        off: Option<i32>,
        throw_below: Option<i32>,
    ) -> (i32, u8) {
        let raw = self.gains_of(v, ck);
        self.counted_place_raw(v, raw, off, None, throw_below)
    }

    /// [`Greedy::counted_place`] given the card's packed gains `raw` ([`Greedy::gains_of`],
    /// with `self.own` already for this grid), and `out`, when known, the answer of
    /// [`Greedy::may_go_out`] for going out with this card (`throw_below`: see
    /// [`Greedy::counted_place`]).
    ///
    /// Every face-down position moves by the same offset, so the best position is the best
    /// face-up one or the best face-down one moved: two maxima ([`split_max`]) and one
    /// comparison, the same answer as adding the offset at each face-down position and
    /// taking the maximum of all six.
    #[inline(always)]
    fn counted_place_raw(
        &mut self,
        v: &View,
        raw: [i32; 6],
        off: Option<i32>,
        out: Option<bool>,
        throw_below: Option<i32>,
    ) -> (i32, u8) {
        let down = v.face_down(v.seat());
        let (up, dn) = split_max(&raw, down);
        let off = match off {
            Some(o) => o,
            None => self.offset_for(v, down, up, dn),
        };
        // Nothing face down: `dn` is no position's (and `up` holds all six).
        let dn = match down {
            0 => i32::MIN,
            _ => dn + off * 8,
        };
        let last = self.own.last_down as usize;
        // `&`, not `&&`: one branch on a condition that varies from call to call.
        if (last < 6) & v.ender().is_none() {
            // One card face down, at `last`: `dn` is its moved gain, `up` the best of the
            // other five.
            let top = dn + 8 * self.go_out_bonus.max(-1000);
            if top > up {
                let no = up.max(dn + 8 * -1000);
                // Thrown away whether going out is allowed or not: not asked.
                if let Some(keep) = throw_below
                    && (up.max(dn + 8 * self.go_out_bonus) >> 3) < keep
                    && (no >> 3) < keep
                {
                    return unpack_one(no);
                }
                let ok = match out {
                    Some(ok) => ok,
                    None => {
                        let mine = self.own_estimate(v) - (raw[last] >> 3) - self.out_terms(v);
                        self.may_go_out(v, mine)
                    }
                };
                let at = dn + 8 * if ok { self.go_out_bonus } else { -1000 };
                return unpack_one(up.max(at));
            }
            return unpack_one(up);
        }
        unpack_one(up.max(dn))
    }

    /// What [`Greedy::gains_of`] took off the gain of a swap onto the last face-down card
    /// (tenths), beyond the grid's score: the gift charge for throwing that card, and the
    /// pairing term of its column (`pairs.rs`: the chance that it pairs its face-up
    /// partner). Neither is part of the score of a grid all face up, so the final score
    /// of going out is the estimate less the gain with both added back.
    fn out_terms(&mut self, v: &View) -> i32 {
        let last = self.own.last_down as usize;
        debug_assert!(last < 6, "one card face down");
        let pair = match self.pair_chance & self.counting {
            true => self.pair_terms(v).held8(self.own.packed)[last] >> 3,
            false => 0,
        };
        pair + self.gift_of(v, UNKNOWN as usize)
    }

    /// [`Greedy::estimate_packed`] of the bot's own grid, kept in `self.own` (while it
    /// holds this grid: the draw and the placement of a turn ask for the same one).
    fn own_estimate(&mut self, v: &View) -> i32 {
        let packed = v.packed_keys(v.seat());
        if self.own.packed != packed {
            return self.estimate_packed(v.rules(), packed);
        }
        if self.own.est == NO_ESTIMATE {
            self.own.est = self.own.estimate(&self.tables, v.rules());
        }
        self.own.est
    }

    /// Whether to go out on a final score of `mine` tenths: when `mine` plus the margin is
    /// below every other seat's estimate and, with `go_out_win` set, the chance to win after
    /// everyone's final turn reaches it (5 points less per round past patience).
    /// The chance is asked only when the lead rule allows going out by less than 6 points
    /// (it then also needs the chance): the lead rule is cheap, the chance is not.
    pub(super) fn may_go_out(&mut self, v: &View, mine: i32) -> bool {
        if let Some(ok) = self.lead_rule(v, mine) {
            return ok;
        }
        self.counted(v);
        self.pools();
        let need = self.go_out_need(v.players(), v.rules().final_turns);
        let ok = chance_out(v, &self.tables, &self.count, (mine, &self.shift), need) >= need;
        self.out_cache = Some((self.count_at, v.phase(), mine, ok));
        ok
    }

    /// The chance to win [`Greedy::may_go_out`] asks for at a table of `players`:
    /// `go_out_win` at 2 players, `go_out_step` less for each further player (the more
    /// players, the likelier one of them goes out before the bot's next turn, so the less
    /// waiting is worth), `go_out_race` less without final turns (a player who goes out
    /// then ends the deal with no reply, so waiting risks more), and 5 points less per round
    /// past patience.
    pub(super) fn go_out_need(&self, players: usize, final_turns: bool) -> f64 {
        let more = players.saturating_sub(2) as f64;
        let race = if final_turns { 0.0 } else { self.go_out_race };
        self.go_out_win - self.go_out_step * more - race - 0.05 * self.late as f64
    }

    /// The answer of [`Greedy::may_go_out`] when found without the chance: asked before on
    /// the same count, not ahead, ahead by 6 points or more, or no chance asked for.
    fn lead_rule(&mut self, v: &View, mine: i32) -> Option<bool> {
        // Asked before in this turn (the others' grids, so the lead, are the same) on the
        // same count.
        if let Some((at, _, m, ok)) = self.out_cache
            && at == self.count_key(v)
            && m == mine
        {
            return Some(ok);
        }
        let best = self.best_opponent(v);
        let ahead = mine + self.margin() < best;
        // A lead of 6 points or more on every estimate: out, without the costly chance.
        if self.go_out_win <= 0.0 || !ahead || mine + self.margin() + 60 <= best {
            return Some(ahead);
        }
        None
    }

    /// What a count holds for: the turn, and (with `drawn_seen`) whether the seat holds a
    /// stock card it drew, which it has then seen.
    fn count_key(&self, v: &View) -> u64 {
        let drawn = self.drawn_seen && v.own_stock_card().is_some();
        u64::from(v.turns()) << 1 | u64::from(drawn)
    }

    /// Counts the unseen cards into `self.count` (and their offset into `self.count_off`),
    /// once per turn and again after a stock draw (`drawn_seen`).
    #[inline]
    pub(super) fn counted(&mut self, v: &View) {
        let at = self.count_key(v);
        if self.count_at != at {
            self.recount(v, at);
        }
    }

    /// [`Greedy::counted`] for a new count key `at`.
    #[inline(never)]
    fn recount(&mut self, v: &View, at: u64) {
        let known = v.stock_known();
        match v.own_stock_card() {
            // The card just drawn from the stock, taken off this turn's count before the
            // draw (the public cards have not moved since). Before any reshuffle the stock
            // and the face-down cards are the same unseen cards.
            Some(h)
                if at & 1 == 1
                    && self.count_at == at ^ 1
                    && !known
                    && self.count_word != u64::MAX =>
            {
                let s = 4 * (key(h) as u32 & 15);
                let had = i32::from(self.count_word >> s & 15 != 0);
                self.count_word -= (had as u64) << s;
                self.count_total -= had;
                self.count_sum -= had * self.tables.base_vals[(s / 4) as usize];
                self.count_built = false;
            }
            // Before any reshuffle: the shoe less the public cards, one word of nibbles,
            // its total and value read off it.
            _ if !known => {
                let w = unseen_word(v, self.shoe_word);
                self.count_word = w;
                self.count_total = word_total(w);
                self.count_sum = word_sum(w, &self.tables.sum8);
                self.count_built = false;
            }
            _ => self.recount_known(v),
        }
        self.count_off = self.offset(self.count_sum, self.count_total);
        self.count_at = at;
    }

    /// The count once the stock is known (after a reshuffle): kept out of the common path.
    #[cold]
    #[inline(never)]
    fn recount_known(&mut self, v: &View) {
        self.count = unseen(v, &self.shoe);
        self.count_sum = self.count.down.sum(&self.tables.base_vals);
        self.count_total = self.count.down.total;
        self.count_word = u64::MAX;
        self.count_built = true;
    }

    /// Builds `self.count` (the unseen cards by key) for the current count, from its word
    /// of nibbles, when it does not hold them yet.
    pub(super) fn pools(&mut self) {
        if !self.count_built {
            let down = Pool::from_word(self.count_word);
            self.count = Unseen { stock: down, down };
            self.count_built = true;
        }
    }

    /// The counted offset of a face-down card (tenths; see [`Greedy::offset`]) for placing
    /// a card whose best packed gains are `up` at a face-up position and `dn` at a face-down
    /// one of `down` ([`split_max`]): counted only when moving face-down cards 3 points either
    /// way could change the choice (a face-down position against the best face-up one or
    /// the keep rule).
    fn offset_for(&mut self, v: &View, down: u8, up: i32, dn: i32) -> i32 {
        if down == 0 {
            return 0;
        }
        let t = self.tempo_for(down);
        // The largest packed gain unpacks to the largest gain.
        let (dn, up) = ((dn >> 3) + t, self.keep_gain.max(up >> 3));
        // `dn + 30 < up || dn - 30 > up` as one comparison (both are gains, far from
        // overflow): one branch to mispredict, not two.
        if (dn - up).unsigned_abs() > 30 {
            return t;
        }
        self.counted(v);
        self.count_off + t
    }

    /// The tempo credit (tenths) of a swap onto a face-down card of `down` (the seat's
    /// face-down positions): `tempo` while `tempo_down` or more are face down, else 0.
    ///
    /// Turning the grid up early is worth more than the points a face-down card is
    /// expected to cost: the seat that is all face up first chooses when the deal ends,
    /// and a card put face down now is a turn saved for the rest of the grid. Measured:
    /// docs/strategies.md ("Golf: tempo").
    #[inline]
    pub(super) fn tempo_for(&self, down: u8) -> i32 {
        // A mask, not a branch: the count of face-down cards varies from call to call.
        self.tempo_on & -i32::from(down.count_ones() >= self.tempo_down)
    }

    /// The draw with `counting`: the discard is taken when its best place gains more than
    /// a stock card is expected to (a stock card gaining less than `keep_gain` is thrown
    /// away, so it counts 0; going out with a stock card is not counted). Going out with
    /// the discard keeps the previous rule, and a discard gaining 2 points less than
    /// nothing (or 6 points or more) is left (or taken) without counting.
    #[inline(always)]
    pub(super) fn counted_draw(&mut self, v: &View, top: Card) -> Action {
        let raw = self.gains_of(v, key(top) as usize);
        let last = self.own.last_down;
        let going_out = (last < 6) & v.ender().is_none();
        let (plan, out) = match going_out {
            true => match self.out_plan(v, top, &raw) {
                Ok(found) => found,
                Err(a) => return a,
            },
            false => (unpack_max(&raw), None),
        };
        let (a, plan) = self.draw_from(v, &raw, plan, going_out, out);
        self.draw_plan = Some((v.turns(), top, plan));
        a
    }

    /// The discard's best place (gains `raw`) when a swap at the last face-down position
    /// would go out, as [`Greedy::best_place`] finds it. The chance to win is worked out
    /// only when it can change the draw: `Err` (the stock, the plan kept) when the discard is
    /// left both if going out is allowed (going out with it gains too little) and if not.
    /// With the plan, the answer of [`Greedy::may_go_out`] for going out with the discard
    /// where it was asked (`None` where not), so that weighing the stock does not ask again.
    #[allow(clippy::type_complexity)]
    fn out_plan(
        &mut self,
        v: &View,
        top: Card,
        raw: &[i32; 6],
    ) -> Result<((i32, u8), Option<bool>), Action> {
        let p = self.own.last_down as usize;
        let gq = max_but(raw, p);
        let with = |d: i32| {
            let mut x = *raw;
            x[p] += 8 * d;
            unpack_max(&x)
        };
        // Packed, a larger gain or the same gain at a lower position compares higher.
        if raw[p] + 8 * self.go_out_bonus.max(-1000) <= gq {
            return Ok((unpack_max(&[gq; 6]), None));
        }
        let mine = self.own_estimate(v) - (raw[p] >> 3) - self.out_terms(v);
        let ok = match self.lead_rule(v, mine) {
            Some(ok) => ok,
            None => {
                let yes = with(self.go_out_bonus);
                if yes.1 as usize == p && yes.0 < self.take_discard_gain {
                    let (a, plan) = self.draw_from(v, raw, with(-1000), true, Some(false));
                    if a == Action::DrawStock {
                        self.draw_plan = Some((v.turns(), top, plan));
                        return Err(a);
                    }
                }
                self.may_go_out(v, mine)
            }
        };
        Ok((with(if ok { self.go_out_bonus } else { -1000 }), Some(ok)))
    }

    /// The draw once the discard's plan is known (`out`: the answer of
    /// [`Greedy::may_go_out`] for going out with it, when known): the action and the plan
    /// the placement reuses.
    #[inline(always)]
    fn draw_from(
        &mut self,
        v: &View,
        raw: &[i32; 6],
        plan: (i32, u8),
        going_out: bool,
        out: Option<bool>,
    ) -> (Action, (i32, u8)) {
        let last = self.own.last_down;
        // `&` and `|`, not `&&` and `||`: one branch on the whole condition.
        if (going_out & (plan.1 == last)) | (plan.0 + 20 <= 0) | (plan.0 >= 60) {
            return (self.take_if(plan.0 >= self.take_discard_gain), plan);
        }
        self.draw_counted(v, raw, going_out, out)
    }

    /// [`Greedy::draw_from`] when the discard's gain is weighed against the stock's.
    #[inline(never)]
    fn draw_counted(
        &mut self,
        v: &View,
        raw: &[i32; 6],
        going_out: bool,
        out: Option<bool>,
    ) -> (Action, (i32, u8)) {
        let last = self.own.last_down;
        self.counted(v);
        let down = v.face_down(v.seat());
        let off = self.count_off + self.tempo_for(down);
        let take = self.counted_place_raw(v, *raw, Some(off), out, None);
        // With `keep_gain` at least 0 no key adds less than 0 to the stock's sum (but for
        // `gift`'s charges): a discard gaining nothing is left without summing.
        if take.0 <= 0 && self.keep_gain >= 0 && !self.gift_on() {
            return (Action::DrawStock, take);
        }
        // The stock's cards: before a reshuffle, read off the count's word without building
        // `self.count` (see `Greedy::pools`).
        let (n, total) = match self.count_built {
            true => (self.count.stock.n, self.count.stock.total),
            false => (word_counts(self.count_word), self.count_total),
        };
        // Without branches: which positions are face down varies from call to call.
        let mut add: [i32; 6] = std::array::from_fn(|p| (off * 8) & -i32::from(down >> p & 1 == 1));
        if going_out {
            add[last as usize] = i32::MIN / 2;
        }
        let ev = self.stock_ev(v, &add, &n);
        // The gain against the mean, `ev / total`, compared in integers: the f64 quotient
        // is never within 1 / total of a whole number but on it.
        let total = total.max(1) as i64;
        (self.take_if(take.0 as i64 * total > ev), take)
    }

    pub(super) fn take_if(&self, take: bool) -> Action {
        if take {
            Action::DrawDiscard
        } else {
            Action::DrawStock
        }
    }
}

#[cfg(test)]
#[path = "tests_place.rs"]
mod tests_place;
