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
//! - **Forced flips:** with `flip_after_discard=required`, a stock card it would discard while
//!   one card is face down would force it out; when not ahead it swaps the card into its
//!   cheapest face-up position instead.
//! - **Flip after discard** (house rule): turns up a card whose column partner is also face
//!   down (the most information), declining an optional flip that would go out while behind.
//! - **Patience:** a deal that lasts more than `patience` rounds (turns per player) is stuck:
//!   with `empty_stock=reshuffle` the stock can end up holding only high cards while every
//!   grid waits, face down, for a low one, and nobody is ahead enough to go out. A real
//!   player then changes plan. For each round past `patience` the bot values its own
//!   face-down cards one point worse (so it swaps drawn cards into them and turns its grid
//!   up) and asks a point less of its lead before going out (so ties and cautious margins
//!   stop blocking the end); its estimates of the others stay as they were. The player
//!   furthest ahead then goes out first. Normal deals (98% last under 15 rounds at 4
//!   players) never reach it.
//! - **Counting** (issue 21; `decide.rs`, `chance.rs`): with `counting` the draw weighs the
//!   discard against a stock card's expected gain over the unseen cards, and face-down cards
//!   count at the unseen cards' mean; with `go_out_win` it goes out only when its chance to
//!   win after the others' final turns reaches that; with `final_for_win` a final turn plays
//!   for the chance to win, and so does the turn that empties the stock (`stock_end`,
//!   `final_turn.rs`). All three off (`greedy-prev`) play as the rules above. A card
//!   it drew from the stock counts as seen from then on (`drawn_seen`; 0: the count of its
//!   draw is kept for the turn, as before).
//! - **Tempo** (`decide.rs`, [`Greedy::tempo_for`]): with counting, while `tempo_down` or more
//!   of its cards are face down, a swap onto a face-down card is credited `tempo` points, so
//!   it turns its grid up early (not under `flip_after_discard`, where a discard flips too).
//! - **Pair chance** (`pairs.rs`; knob `pair_chance`, on by default): with counting, a
//!   column holding a face-down card is valued at its expected score, the face-down card's
//!   chance to pair its partner included, instead of as a card that never pairs; for a
//!   face-up card over a face-down one that chance counts `pair_weight` (4) times, for the
//!   draws to come that could pair the column too, fading to 1 as the stock runs low, 1 on a
//!   final turn and past patience ([`Greedy::pair_weight_now`]); two face-down cards count
//!   their own chance (`pair_weight_both`, 1).
//! - **Gift** (`gift.rs`; knob `gift`, 1 by default): with counting, a card it may throw is
//!   charged with what it is worth to the next player beyond a stock card.
//! - **Matches** (knob `match_play`, on by default; `turn.rs`, [`Greedy::set_match`]): a hole
//!   with holes of its match still to come plays its last turns for the expected score (the
//!   match is won on the total); the last hole plays for the match, every other seat's
//!   score counted with how far its total is above the bot's (`shift`).

use super::Golf;
use super::rules::{FlipAfter, GolfRules};
use super::scoring::{key, pack, packed_rows_or_boxes, score_tenths};
use super::state::{ALL_UP, Action, Phase};
use super::view::View;
use crate::cards::{Card, GameRng};
use crate::game::MAX_SEATS;
use crate::strategy::{Bot, Params, Strategy};
use grid::*;

mod chance;
mod decide;
mod final_turn;
mod gift;
mod grid;
mod knobs;
mod pairs;
mod turn;
mod unseen;

pub use knobs::KNOBS;

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
    /// Rounds (turns per player) before face-down cards start to count worse.
    patience: u32,
    /// Rounds played past `patience` in this deal (0 until then).
    late: i32,
    /// The turn from which rounds count past `patience` (`patience` times the players; set
    /// at a deal's first decision).
    late_at: u32,
    /// Value and column tables for the rules last played (built on first use).
    tables: Tables,
    /// The placement found for the discard top when deciding to draw, reused when the bot
    /// then holds that very card in the same turn (same grid, same card, same answer).
    draw_plan: Option<(u32, Card, (i32, u8))>,
    /// The turn `draw_plan` was last set on by a final turn's draw played for the chance to
    /// win (`u32::MAX`: none in this deal): placing that discard there is what the final
    /// turn's placement would choose again.
    final_plan_at: u32,
    /// Per seat: its last seen grid (keys packed into a u64) and that grid's estimate.
    opponents: [(u64, i32); MAX_SEATS],
    /// The last answer of [`Greedy::best_opponent`] and the turn and seat it was found at
    /// ([`opponent_key`]; `u64::MAX`: none in this deal).
    best_opp: (u64, i32),
    /// What the placement search needs of the bot's own grid, kept while it is unchanged.
    own: Own,
    /// Whether the tables were checked against this deal's rules (at its first decision).
    checked: bool,
    /// The copies of each key in this deal's shoe (set at its first decision).
    shoe: [i32; 16],
    /// `shoe` as a word of nibbles (key k in bits 4k..4k+4).
    shoe_word: u64,
    /// The decks and the `jokers` switch `shoe` was set for (`None`: not yet).
    shoe_key: Option<(usize, bool)>,
    /// Knob `counting`.
    counting: bool,
    /// Knob `go_out_win` (0: off).
    go_out_win: f64,
    /// Knob `go_out_step`.
    go_out_step: f64,
    /// Knob `go_out_race`.
    go_out_race: f64,
    /// Knob `final_for_win`.
    final_for_win: bool,
    /// Knob `match_play`.
    match_play: bool,
    /// Whether this deal's last turns play for the chance to win (`final_for_win`, unless
    /// `match_play` finds holes of the match still to come; set at a deal's first decision).
    for_win: bool,
    /// Per seat, points its match total is above this seat's (0 outside a match's last
    /// hole, and without `match_play`): a seat wins the match on a final score below
    /// every other seat's plus its shift. Set at a deal's first decision.
    shift: [i32; MAX_SEATS],
    /// Knob `stock_end` (-1: off).
    stock_end: i32,
    /// The last going-out answer: the count key it was counted at (see `count_at`),
    /// phase, final score (tenths) and the answer.
    out_cache: Option<(u64, Phase, i32, bool)>,
    /// Knob `drawn_seen`.
    drawn_seen: bool,
    /// Knob `tempo` (tenths).
    tempo: i32,
    /// `tempo` where this deal's rules allow it (0 with `flip_after_discard`: there a
    /// discard turns a card up too); set at a deal's first decision.
    tempo_on: i32,
    /// Knob `tempo_down`.
    tempo_down: u32,
    /// Knob `pair_chance`, and the pairing terms of the count they were worked out at.
    pair_chance: bool,
    /// Knobs `pair_weight` and `pair_weight_both`: the pairing terms' weights, a face-up
    /// card's over a face-down one and two face-down cards'.
    pair_weight: (f64, f64),
    pair: (u64, pairs::PairTerms),
    /// Knob `gift`, and its charges at a count and next seat's grid (`gift.rs`).
    gift: f64,
    gift_cache: (u64, u64, [i32; 16]),
    /// The unseen cards, counted at `count_at` (see `Greedy::count_key`; `u64::MAX`: not
    /// yet in this deal).
    count: chance::Unseen,
    /// The counted face-down offset of `count` (tenths; see `decide.rs`).
    count_off: i32,
    /// The value (tenths, at `unknown_value`) of the face-down pool of `count`.
    count_sum: i32,
    count_at: u64,
    /// Before any reshuffle, the unseen cards as a word of nibbles (see `unseen_word`):
    /// counting needs only their total and value, read off the word; `count` is built
    /// from it when a decision needs the cards by key (`u64::MAX`: the stock is known,
    /// `count` holds the cards).
    count_word: u64,
    /// The unseen face-down cards of the count (the total of `count.down`).
    count_total: i32,
    /// Whether `count` holds the cards of the current count (see `Greedy::pools`).
    count_built: bool,
    /// The count key (see `count_at`), turns left and discard key the chance table of this
    /// seat's last turn was built at (`u64::MAX`: none in this deal; see `final_turn.rs`).
    final_at: (u64, u32, u8),
    /// That chance table, built from `count` (filled in place: it is large).
    final_wt: chance::WinTable,
}

fn tenths(x: f64) -> i32 {
    (x * 10.0).round() as i32
}

impl Greedy {
    /// The greedy bot with the knob values of `p` (defaults where `p` sets none).
    pub fn new(p: &Params) -> Greedy {
        let k = |n| p.knob(KNOBS, n);
        Greedy {
            take_discard_gain: tenths(k("take_discard_gain")),
            // Far beyond any gain, so that every comparison with a gain is as unclamped,
            // and far above the floors of `Own::stock_sum`.
            keep_gain: tenths(k("keep_gain")).clamp(-1_000_000, 1_000_000),
            unknown: tenths(k("unknown_value")),
            go_out_margin: tenths(k("go_out_margin")),
            go_out_bonus: tenths(k("go_out_bonus")),
            same_column: k("opening_same_column") >= 0.5,
            patience: k("patience").clamp(0.0, 1e6) as u32,
            late: 0,
            late_at: 0,
            tables: Tables {
                rules: None,
                vals: [0; 16],
                base_vals: [0; 16],
                cols8: [0; 256],
                diag8: [0; 16],
                saves: [0; 16],
                col_best: [[0; 16]; 256],
                base_cols: [0; 256],
                sum8: [[0; 256]; 8],
                steps: ([0; 14], false),
                rows: 0,
                boxes: 0,
            },
            draw_plan: None,
            final_plan_at: u32::MAX,
            opponents: [(NOT_SEEN, 0); MAX_SEATS],
            best_opp: (u64::MAX, 0),
            own: Own::NONE,
            checked: false,
            shoe: [0; 16],
            shoe_word: 0,
            shoe_key: None,
            counting: k("counting") >= 0.5,
            go_out_win: k("go_out_win").clamp(0.0, 1.0),
            go_out_step: k("go_out_step").clamp(0.0, 1.0),
            go_out_race: k("go_out_race").clamp(0.0, 1.0),
            final_for_win: k("final_for_win") >= 0.5,
            match_play: k("match_play") >= 0.5,
            for_win: false,
            shift: [0; MAX_SEATS],
            stock_end: k("stock_end").clamp(-1.0, 1e6) as i32,
            out_cache: None,
            drawn_seen: k("drawn_seen") >= 0.5,
            tempo: tenths(k("tempo")),
            tempo_on: 0,
            tempo_down: k("tempo_down").clamp(0.0, 6.0) as u32,
            pair_chance: k("pair_chance") >= 0.5,
            pair_weight: (
                k("pair_weight").clamp(0.0, 100.0),
                k("pair_weight_both").clamp(0.0, 100.0),
            ),
            pair: (u64::MAX, pairs::PairTerms::NONE),
            gift: k("gift").clamp(0.0, 10.0),
            gift_cache: (u64::MAX, 0, [0; 16]),
            count: chance::Unseen::NONE,
            count_off: 0,
            count_sum: 0,
            count_at: u64::MAX,
            count_word: u64::MAX,
            count_total: 0,
            count_built: true,
            final_at: (u64::MAX, 0, 0),
            final_wt: chance::WinTable::EMPTY,
        }
    }

    /// Makes the tables match `rules` (they depend on four switches) and a face-down
    /// estimate of `unknown` tenths: a rebuild when those change. The cached opponent
    /// estimates and own grid data are dropped with the old tables.
    fn refresh(&mut self, rules: &GolfRules, unknown: i32) {
        let key = Some((
            rules.jokers,
            rules.pair_of_twos,
            rules.row_rule,
            rules.box_score,
            unknown,
        ));
        if self.tables.rules != key {
            self.rebuild(rules, unknown, key);
        }
    }

    /// [`Greedy::refresh`] when the tables change: rare, kept out of `act`'s frame.
    #[cold]
    #[inline(never)]
    fn rebuild(&mut self, rules: &GolfRules, unknown: i32, key: Option<TablesKey>) {
        self.tables = Tables::new(rules, unknown, self.unknown, key);
        self.own = Own::NONE;
        self.opponents = [(NOT_SEEN, 0); MAX_SEATS];
        self.best_opp = (u64::MAX, 0);
        self.count_at = u64::MAX;
    }

    /// Sets the shoe's copies per key for the deal of `v` (kept while its decks and jokers
    /// are the same).
    fn set_shoe(&mut self, v: &View) {
        let key = (v.rules().decks_for(v.players()), v.rules().jokers);
        if self.shoe_key != Some(key) {
            self.shoe = chance::shoe(v);
            self.shoe_word = chance::shoe_word(&self.shoe);
            self.shoe_key = Some(key);
        }
    }

    /// Whole rounds past `patience` after `turns` turns at `players` seats.
    fn late_rounds(&self, turns: u32, players: usize) -> i32 {
        let rounds = turns / players.max(1) as u32;
        rounds.saturating_sub(self.patience).min(1000) as i32
    }

    /// The lead (tenths) the bot asks before going out: `go_out_margin`, a point less for
    /// each round past patience.
    fn margin(&self) -> i32 {
        self.go_out_margin - 10 * self.late
    }

    /// Estimated score of the bot's own grid in tenths, its face-down cards at the current
    /// estimate (for placing cards).
    #[inline]
    fn estimate(&self, v: &View, keys: &[u8; 6]) -> i32 {
        self.estimate_packed(v.rules(), pack(keys))
    }

    /// [`Greedy::estimate`] of a packed grid (position p in byte p).
    #[inline]
    fn estimate_packed(&self, rules: &GolfRules, packed: u64) -> i32 {
        let t = &self.tables;
        match (t.rows | t.boxes) != 0 && packed_rows_or_boxes(packed, t.rows != 0, t.boxes != 0) {
            true => score_rare(packed, &t.vals, rules),
            false => columns_packed(packed, &t.cols8) >> 3,
        }
    }

    /// Estimated score of any seat's grid in tenths, face-down cards at `unknown_value`
    /// (for who is ahead).
    #[inline]
    fn standing(&self, v: &View, keys: &[u8; 6]) -> i32 {
        self.standing_packed(v.rules(), pack(keys))
    }

    /// [`Greedy::standing`] of a packed grid (position p in byte p).
    #[inline]
    fn standing_packed(&self, rules: &GolfRules, packed: u64) -> i32 {
        standing_of(&self.tables, rules, packed)
    }

    /// The lowest opponent estimate (tenths), each plus its seat's `shift` (on a match's
    /// last hole: who is ahead in the match). Kept for the rest of the turn (the draw and
    /// the placement of a turn ask for it again on the same grids), and each opponent's
    /// estimate is kept with the grid it was made for and reused while that grid is
    /// unchanged.
    fn best_opponent(&mut self, v: &View) -> i32 {
        let at = opponent_key(v);
        if self.best_opp.0 == at {
            return self.best_opp.1;
        }
        let best = self.best_opponent_now(v);
        self.best_opp = (at, best);
        best
    }

    /// [`Greedy::best_opponent`] worked out from the grids (each opponent's estimate kept
    /// with its grid).
    fn best_opponent_now(&mut self, v: &View) -> i32 {
        let (me, t, rules) = (v.seat(), &self.tables, v.rules());
        let mut best = i32::MAX;
        // A plain loop over the kept estimates (a filtered range checked each index).
        for (s, o) in self.opponents.iter_mut().enumerate().take(v.players()) {
            if s == me {
                continue;
            }
            let packed = v.packed_keys(s);
            if o.0 != packed {
                *o = (packed, standing_of(t, rules, packed));
            }
            best = best.min(o.1 + 10 * self.shift[s]);
        }
        best
    }

    /// The best position for `card` and the estimated gain (tenths) of putting it there.
    ///
    /// While the grid has no matching row or box before and after the swap, the score is the
    /// sum of its three columns' table entries, so a swap changes it by the difference of one
    /// column's entries; the rare swaps that make (or meet) a row or a box, read off which
    /// positions already hold the card's key, score the new grid in full. Ties go to the
    /// lowest position.
    fn best_place(&mut self, v: &View, card: Card) -> (i32, u8) {
        let packed = v.packed_keys(v.seat());
        if self.own.packed != packed {
            self.own = Own::new(packed, &self.tables, v.rules());
        }
        let (t, own) = (&self.tables, &self.own);
        let ck = key(card) as usize & 15;
        let eq = own.by_key[ck] as usize & 63;
        let full = (ROWS_MADE[eq] & t.rows) | (BOXES_MADE[eq] & t.boxes) | own.force;
        if full != 0 || (own.last_down < 6 && v.ender().is_none()) {
            return self.best_place_rare(v, ck, full);
        }
        unpack_max(&own.gains(t, ck))
    }

    /// [`Greedy::best_place`] when some swap makes or meets a row or a box (positions
    /// `full`), or one would go out: kept out of the common path.
    #[cold]
    #[inline(never)]
    fn best_place_rare(&mut self, v: &View, ck: usize, full: u8) -> (i32, u8) {
        let packed = self.own.packed;
        let mut gains = self.own.gains(&self.tables, ck);
        if full != 0 {
            self.score_in_full(v.rules(), packed, ck as u8, full, &mut gains);
        }
        if self.own.last_down < 6 && v.ender().is_none() {
            return self.going_out(v, packed, gains.map(|g| g >> 3));
        }
        unpack_max(&gains)
    }

    /// Rescores the swaps at positions `full` (packed gains) with the whole grid.
    fn score_in_full(
        &self,
        rules: &GolfRules,
        packed: u64,
        ck: u8,
        full: u8,
        gains: &mut [i32; 6],
    ) {
        let vals = &self.tables.vals;
        let keys = unpack(packed);
        let base = score_tenths(&keys, vals, rules);
        let mut m = full;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut k = keys;
            k[p] = ck;
            gains[p] = (base - score_tenths(&k, vals, rules)) * 8 + 7 - p as i32;
        }
    }

    /// The choice when a swap at the last face-down position would go out: go out only when
    /// ahead. The opponents are looked at only when the answer can change the choice.
    fn going_out(&mut self, v: &View, packed: u64, mut gains: [i32; 6]) -> (i32, u8) {
        let p = self.own.last_down as usize;
        let (g, q) = argmax(&gains, p);
        let top = gains[p].saturating_add(self.go_out_bonus.max(-1000));
        if top > g || (top == g && p < q as usize) {
            let mine = self.estimate_packed(v.rules(), packed) - gains[p];
            if self.may_go_out(v, mine) {
                gains[p] += self.go_out_bonus;
            } else {
                gains[p] -= 1000;
            }
            argmax(&gains, 6)
        } else {
            (g, q)
        }
    }

    /// True when discarding now would force the flip of the bot's last face-down card
    /// (`flip_after_discard=required`) and so go out while not ahead.
    fn forced_out_behind(&mut self, v: &View) -> bool {
        let down = v.face_down(v.seat());
        v.rules().flip_after_discard == FlipAfter::Required
            && down.count_ones() == 1
            && v.ender().is_none()
            && self.standing(v, &v.keys(v.seat())) + self.margin() >= self.best_opponent(v)
    }

    /// Instead of a discard that would go out while behind: swaps `held` in where it costs
    /// least among the face-up positions (the lowest such position on a tie).
    fn swap_face_up(&mut self, v: &View, held: Card) -> Action {
        let keys = v.keys(v.seat());
        let down = v.face_down(v.seat());
        let p = (0..6)
            .filter(|&p| down >> p & 1 == 0)
            .min_by_key(|&p| {
                let mut k = keys;
                k[p] = key(held);
                self.estimate(v, &k)
            })
            .expect("five cards face up");
        Action::Swap(p as u8)
    }

    /// The previous draw rule: the discard when its best place gains `take_discard_gain`.
    fn plain_draw(&mut self, v: &View, top: Card) -> Action {
        let plan = self.best_place(v, top);
        self.draw_plan = Some((v.turns(), top, plan));
        if plan.0 >= self.take_discard_gain {
            Action::DrawDiscard
        } else {
            Action::DrawStock
        }
    }

    fn opening(&self, v: &View) -> Action {
        let down = v.face_down(v.seat());
        let want = if self.same_column { [0u8, 3] } else { [0u8, 4] };
        let p = want
            .into_iter()
            .find(|&p| down >> p & 1 == 1)
            .unwrap_or(down.trailing_zeros() as u8);
        Action::Flip(p)
    }

    fn flip_after(&mut self, v: &View) -> Action {
        let down = v.face_down(v.seat());
        let optional = v.rules().flip_after_discard == FlipAfter::Optional;
        if down.count_ones() == 1 && optional && v.ender().is_none() {
            let mine = self.standing(v, &v.keys(v.seat()));
            if mine + self.margin() >= self.best_opponent(v) {
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
        self.final_plan_at = u32::MAX;
        self.opponents = [(NOT_SEEN, 0); MAX_SEATS];
        self.best_opp = (u64::MAX, 0);
        self.own = Own::NONE;
        self.checked = false;
        self.late = 0;
        self.out_cache = None;
        self.count_at = u64::MAX;
        self.final_at = (u64::MAX, 0, 0);
        self.pair.0 = u64::MAX;
        self.gift_cache.0 = u64::MAX;
    }

    /// Every choice follows from the view and the rules: the runner need not list them.
    fn reads_legal(&self) -> bool {
        false
    }

    fn act(&mut self, v: &View<'_>, _legal: &[Action], _rng: &mut GameRng) -> Action {
        // The rules stay the same for the whole deal: the tables change only past patience.
        if !self.checked || v.turns() >= self.late_at {
            return self.act_checking(v);
        }
        self.dispatch(v)
    }
}

/// What [`Greedy::best_opponent`] keeps its answer for: the turn and the bot's seat. The
/// bot is asked for the seat to act (its own), and within a turn only that seat moves, so
/// the other grids are those the answer was found on; the opening (every seat flips on
/// turn 0) asks for no opponent, and each deal starts afresh ([`Strategy::begin_deal`]).
fn opponent_key(v: &View) -> u64 {
    debug_assert_eq!(v.to_act(), Some(v.seat()), "asked for the seat to act");
    debug_assert!(
        v.phase() != Phase::Opening,
        "the opening asks for no opponent"
    );
    u64::from(v.turns()) << 8 | v.seat() as u64
}

const _: () = assert!(ALL_UP == 63);

#[cfg(test)]
#[path = "tests_greedy.rs"]
mod tests;
