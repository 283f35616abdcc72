//! What `greedy` counts from its view: the unseen cards by scoring key ([`super::unseen`]), each
//! seat's score as a small distribution over those cards, and the chance to win that a final
//! score gives, before the others' final turns (for going out) or after them (for a final
//! turn).
//!
//! The model, kept cheap because it runs inside the simulator's hot loop:
//! - the unseen cards are the shoe less every card the seat sees (the discard pile, every
//!   face-up card, the card it holds); after a reshuffle the stock's cards are known, so a
//!   stock draw comes from them and a face-down card from the rest (the state keeps the
//!   public cards counted by key as they move, so a count costs one pass over 14 keys);
//! - a grid's score is exact where its cards are face up; its first face-down card runs
//!   over the unseen cards (so a card that pairs its column partner counts), the others
//!   count at the unseen cards' mean value;
//! - a seat that has a final turn still to play improves its grid once: a card drawn from
//!   the unseen cards is put where it lowers its estimate most (or thrown away);
//! - seats are independent, and a tie counts as half a win against each tied seat;
//!   going out stops counting once the seats most likely to win bring the chance below
//!   what it needs.

// A key indexes several tables at once (copies, moves, values): loops run over keys.
#![allow(clippy::needless_range_loop)]

use super::super::scoring::UNKNOWN;
#[cfg(test)]
use super::super::scoring::{has_rows_or_boxes, pack, score_tenths};
use super::super::view::View;
use super::grid::{Tables, downs, rolled, standing_of};
pub(super) use super::unseen::{
    Pool, Unseen, shoe, shoe_word, sum_table, unseen, unseen_word, word_counts, word_sum,
    word_total,
};
use crate::game::MAX_SEATS;

#[path = "best.rs"]
mod best;
use best::Best;
#[path = "going_out.rs"]
mod going_out;
#[path = "moves.rs"]
mod moves;
#[path = "spots.rs"]
mod spots;
pub(super) use going_out::chance_out;
#[cfg(test)]
use going_out::seat_factor;
use moves::Moves;
pub(super) use moves::value_steps;
use spots::Spots;

/// A partner code of [`going_out::seat_factor`]: the card put into the grid is the partner.
const PUT: u8 = 16;
/// A partner code of [`going_out::seat_factor`]: no card is face down.
const NO_DOWN: u8 = 17;

/// Scores (points) from -64 to 127 index a [`WinTable`].
const OFF: i32 = 64;
const LEN: usize = 192;

/// The index of a score in tenths (rounded to the nearest point, clamped to the table).
#[inline]
fn index(tenths: i32) -> usize {
    ((tenths + 5).div_euclid(10) + OFF).clamp(0, LEN as i32 - 1) as usize
}

/// Scores grids with face-down cards at the unseen cards' mean, and how a grid's score
/// moves when its first face-down card turns out to be each unseen card.
#[derive(Clone, Copy, Debug)]
pub(super) struct Model {
    /// Card values (tenths) by key, [`UNKNOWN`] at the unseen cards' mean.
    vals: [i32; 16],
    /// Tenths of a column pair of 2s.
    twos: i32,
    /// How far the face-down value is above the base tables' (`unknown_value`), tenths.
    delta: i32,
}

impl Model {
    pub(super) fn new(base_vals: &[i32; 16], rules: &super::GolfRules, down: &Pool) -> Model {
        let mut vals = *base_vals;
        vals[UNKNOWN as usize] = down.mean(base_vals, base_vals[UNKNOWN as usize]);
        Model {
            vals,
            twos: rules.pair_of_twos * 10,
            delta: vals[UNKNOWN as usize] - base_vals[UNKNOWN as usize],
        }
    }

    /// [`Model::score`] of a packed grid, read off the base tables `t` (those `new` was
    /// given the values of): a face-down card never pairs nor makes a row or a box, so
    /// each one adds `delta` to the grid's base score, whatever else the grid holds.
    #[inline(always)]
    pub(super) fn score_packed(&self, t: &Tables, rules: &super::GolfRules, packed: u64) -> i32 {
        standing_of(t, rules, packed) + downs(packed) * self.delta
    }

    /// A column's score (tenths): 0 for a known pair (a pair of 2s: `pair_of_twos`).
    #[inline]
    fn col(&self, a: u8, b: u8) -> i32 {
        // Without branches: which of the two a column is depends on the cards.
        let pair = (a == b) & (a != UNKNOWN);
        let paired = self.twos & -i32::from(a == 1);
        let apart = self.vals[a as usize & 15] + self.vals[b as usize & 15];
        [apart, paired][usize::from(pair)]
    }

    /// The grid's score (tenths), face-down cards at the mean: its three columns unless
    /// it holds a matching row or a box. The reference for [`Model::score_packed`].
    #[cfg(test)]
    pub(super) fn score(&self, keys: &[u8; 6], rules: &super::GolfRules) -> i32 {
        if has_rows_or_boxes(keys, rules) {
            return score_tenths(keys, &self.vals, rules);
        }
        (0..3).map(|c| self.col(keys[c], keys[c + 3])).sum()
    }

    /// Per unseen key: how the score moves when the grid's first face-down card is that
    /// card (its column rescored; all 0 when nothing is face down). The reference for
    /// [`Spots`], which finds where these moves land without them.
    #[cfg(test)]
    fn moves(&self, keys: &[u8; 6], down: &Pool) -> [i32; 14] {
        match keys.iter().position(|&k| k == UNKNOWN) {
            Some(q) if down.total > 0 => {
                let b = keys[(q + 3) % 6];
                let was = self.col(UNKNOWN, b);
                std::array::from_fn(|y| self.col(y as u8, b) - was)
            }
            _ => [0; 14],
        }
    }

    /// The best a seat can do with one more card of key `x` (its estimate, tenths, the
    /// grid and the position used, 6 when thrown), from `now`: the card goes where its
    /// column drops most (`cur`: each position's column score now), or is thrown.
    #[cfg(test)]
    fn improve(&self, keys: &[u8; 6], cur: &[i32; 6], now: i32, x: u8) -> (i32, [u8; 6], usize) {
        let mut best = (0, 6);
        for p in 0..6 {
            let gain = cur[p] - self.col(x, keys[(p + 3) % 6]);
            if gain > best.0 {
                best = (gain, p);
            }
        }
        let mut k = *keys;
        if best.1 < 6 {
            k[best.1] = x;
        }
        (now - best.0, k, best.1)
    }
}

/// The first face-down position of `keys` (6: none).
fn first_down(keys: &[u8; 6]) -> usize {
    keys.iter().position(|&k| k == UNKNOWN).unwrap_or(6)
}

/// The keys (bit k: key k) a seat whose best gains per key are `best` ([`Best::all`]) takes
/// from the discard: those that gain it at least what a stock card is expected to, over the
/// stock's unseen cards of `u`.
fn taken_of(best: &[i32; 16], u: &Unseen) -> u16 {
    let gain = |x: usize| Best::unpack(best[x]).0 as f64;
    let ev: f64 = (0..14).map(|x| u.stock.n[x] as f64 * gain(x)).sum();
    (0..14)
        .filter(|&c| gain(c) * u.stock.total as f64 >= ev)
        .fold(0, |m, c| m | 1 << c)
}

/// The keys seat `s` of `v` would take from the discard on its turn ([`taken_of`], the
/// grid scored as [`WinTable::build`] scores it): none when the stock holds no unseen card.
pub(super) fn taken_keys(t: &Tables, v: &View, s: usize, u: &Unseen) -> u16 {
    if u.stock.total == 0 {
        return 0;
    }
    let m = Model::new(&t.base_vals, v.rules(), &u.down);
    let keys = v.keys(s);
    let cur: [i32; 6] = std::array::from_fn(|p| m.col(keys[p % 3], keys[p % 3 + 3]));
    taken_of(&Best::new(&m, &keys, &cur).all(&m), u)
}

/// Calls `f(score index, weight)` for each outcome of one other seat's final score: as it
/// stands, or after one more card when `improves`: from the stock's unseen cards, or the
/// discard `top` (a key) when that gains at least a stock card's expected gain.
#[allow(clippy::too_many_arguments)]
fn outcomes(
    m: &Model,
    t: &Tables,
    sp: &Spots,
    v: &View,
    s: usize,
    u: &Unseen,
    pr: &Present,
    improves: bool,
    top: Option<u8>,
    mut f: impl FnMut(usize, f64),
) {
    let keys = v.keys(s);
    let now = m.score_packed(t, v.rules(), v.packed_keys(s));
    let q = first_down(&keys);
    let base = sp.moving(m, &keys, u.down.total);
    let col: [i32; 3] = std::array::from_fn(|c| m.col(keys[c], keys[c + 3]));
    let cur: [i32; 6] = std::array::from_fn(|p| col[p % 3]);
    if improves && u.stock.total > 0 {
        let best = Best::new(m, &keys, &cur).all(m);
        // Where the grid as it stands lands (a card thrown away), worked out once.
        let still = sp.land(now, base);
        let mut one = |x: u8, w: f64| {
            // `Model::improve`'s choice, found by `Best` (the same gain and position).
            let (gain, p) = Best::unpack(best[x as usize]);
            let at = now - gain;
            // Only a card put on the first face-down card or beside it moves its column.
            let spots = if q < 6 && p < 6 && p % 3 == q % 3 {
                let mut k = keys;
                k[p] = x;
                sp.land(at, sp.moving(m, &k, u.down.total))
            } else if p == 6 {
                still
            } else {
                sp.land(at, base)
            };
            spread(u, pr, &mut f, &spots, w);
        };
        // The discard `top`: taken when it gains at least what a stock card is expected to.
        match top.filter(|&c| c < 14 && taken_of(&best, u) >> c & 1 == 1) {
            Some(c) => one(c, 1.0),
            None => {
                for x in 0..14u8 {
                    if u.stock.n[x as usize] > 0 {
                        one(x, u.stock.n[x as usize] as f64 / u.stock.total as f64);
                    }
                }
            }
        }
    } else {
        spread(u, pr, &mut f, &sp.land(now, base), 1.0);
    }
}

/// Where one outcome of [`outcomes`] lands: at one score index, or spread over the unseen
/// face-down cards at these indices (one per key).
#[derive(Clone, Copy)]
enum Landing {
    At(usize),
    Over([usize; 14]),
}

/// One outcome of [`outcomes`] of weight `w`, landing at `spots` ([`Spots::land`]): spread
/// over the unseen face-down cards when their turn moves it: over the keys with copies
/// (`pr`, from `u.down`), in key order, as a loop over those alone rather than fourteen
/// copies of a test and its body at each use (it runs while a chance table is built).
#[inline(always)]
fn spread(u: &Unseen, pr: &Present, f: &mut impl FnMut(usize, f64), spots: &Landing, w: f64) {
    let at = match spots {
        Landing::At(i) => return f(*i, w),
        Landing::Over(at) => at,
    };
    let per = w / u.down.total as f64;
    let len = pr.len.min(14);
    for (&y, &n) in pr.keys[..len].iter().zip(&pr.n[..len]) {
        f(at[usize::from(y).min(13)], per * n);
    }
}

/// The keys with unseen face-down copies, in key order, and their copies (as `f64`, as
/// [`spread`] weighs them): what it runs over, worked out once per chance table.
struct Present {
    keys: [u8; 14],
    n: [f64; 14],
    len: usize,
}

impl Present {
    fn of(down: &Pool) -> Present {
        let mut pr = Present {
            keys: [0; 14],
            n: [0.0; 14],
            len: 0,
        };
        for y in rolled(14) {
            let (y, i) = (y.min(13), pr.len.min(13));
            if down.n[y] > 0 {
                (pr.keys[i], pr.n[i]) = (y as u8, down.n[y] as f64);
                pr.len += 1;
            }
        }
        pr
    }
}

/// Per final score of the bot (points, by index): its chance to win against the others.
#[derive(Clone, Debug)]
pub(super) struct WinTable {
    w: [f64; LEN],
    /// How scores are estimated.
    pub(super) model: Model,
    /// Where moved scores land, for `model`.
    spots: Spots,
    /// Every final score gives the same chance (see [`WinTable::flat`]).
    flat: bool,
    /// Each other seat's factor ([`WinTable::factor`]) and the range of scores it covers.
    g: [[f64; LEN]; MAX_SEATS],
    span: [(usize, usize); MAX_SEATS],
}

impl WinTable {
    /// A placeholder before the first table.
    pub(super) const EMPTY: WinTable = WinTable {
        w: [0.0; LEN],
        model: Model {
            vals: [0; 16],
            twos: 0,
            delta: 0,
        },
        spots: Spots {
            whole: false,
            // No card value: the first table works its spots out in full.
            vals: [i32::MIN; 14],
            pts: [0; 14],
            pts16: [0; 16],
            mean: 0,
            moving: 0,
        },
        flat: false,
        g: [[0.0; LEN]; MAX_SEATS],
        span: [(LEN, 0); MAX_SEATS],
    };

    /// Makes this the table for the seat of `v` against every other seat's grid as it will
    /// end: `improves(s)` tells whether seat `s` still has a turn to play; `taken`: a seat
    /// and the key of the discard it finds on its turn (it takes it when that beats the
    /// stock). Filled in place (the table is large).
    pub(super) fn build(
        &mut self,
        v: &View,
        t: &Tables,
        u: &Unseen,
        improves: impl Fn(usize) -> bool,
        (taken, shift): (Option<(usize, u8)>, &[i32; MAX_SEATS]),
    ) {
        let model = Model::new(&t.base_vals, v.rules(), &u.down);
        self.spots = self.spots.renewed(&model);
        self.model = model;
        let present = Present::of(&u.down);
        for s in (0..v.players()).filter(|&s| s != v.seat()) {
            let top = taken.filter(|&(at, _)| at == s).map(|(_, k)| k);
            self.factor(v, t, u, &present, s, improves(s), top);
        }
        self.product(v, shift);
    }

    /// The table of the last [`WinTable::build`] (the same view, tables and unseen cards)
    /// with seat `s` now finding key `top` on the discard (`None`: nothing it takes): only
    /// that seat's factor is worked out again.
    pub(super) fn retake(
        &mut self,
        v: &View,
        t: &Tables,
        u: &Unseen,
        s: usize,
        improves: bool,
        (top, shift): (Option<u8>, &[i32; MAX_SEATS]),
    ) {
        self.factor(v, t, u, &Present::of(&u.down), s, improves, top);
        self.product(v, shift);
    }

    /// Seat `s`'s factor per score of the bot: P(its score > the bot's) + P(equal) / 2, from
    /// its top down, over the range its outcomes reach (`span`; 0 above, 1 below).
    #[allow(clippy::too_many_arguments)]
    fn factor(
        &mut self,
        v: &View,
        t: &Tables,
        u: &Unseen,
        present: &Present,
        s: usize,
        improves: bool,
        top: Option<u8>,
    ) {
        let mut h = [0.0f64; LEN];
        let (mut lo, mut hi) = (LEN, 0);
        outcomes(
            &self.model,
            t,
            &self.spots,
            v,
            s,
            u,
            present,
            improves,
            top,
            |i, x| {
                h[i] += x;
                (lo, hi) = (lo.min(i), hi.max(i));
            },
        );
        let g = &mut self.g[s];
        let mut above = 0.0;
        for i in (lo..=hi).rev() {
            g[i] = above + h[i] / 2.0;
            above += h[i];
        }
        self.span[s] = (lo, hi);
    }

    /// The table: every other seat's factor multiplied in, in seat order, each read at the
    /// bot's score less the seat's `shift` (points its match total is above the bot's; see
    /// `Greedy::shift`, all 0 outside a match's last hole).
    fn product(&mut self, v: &View, shift: &[i32; MAX_SEATS]) {
        // Copied from a constant table: a fill loop stores an entry at a time.
        const ONES: [f64; LEN] = [1.0; LEN];
        let w = &mut self.w;
        w.copy_from_slice(&ONES);
        for s in (0..v.players()).filter(|&s| s != v.seat()) {
            let (lo, hi) = self.span[s];
            let d = shift[s];
            if d != 0 {
                shifted(w, &self.g[s], (lo, hi), d);
                continue;
            }
            w[hi + 1..].fill(0.0);
            for i in (lo..=hi).rev() {
                w[i] *= self.g[s][i];
            }
        }
        // The last entry first: it usually differs (0 above every opponent's highest score).
        let same = |x: f64| (x - w[0]).abs() < 1e-12;
        self.flat = same(w[LEN - 1]) && w.iter().all(|&x| same(x));
    }

    /// True when every final score gives the same chance (nothing to play for, which is
    /// also so on a match's last hole that the bot cannot win or cannot lose).
    pub(super) fn flat(&self) -> bool {
        self.flat
    }

    /// The bot's chance to win with grid `keys` (face-down cards from `down`; `t`: the
    /// base tables the model was built from). The bot asks [`WinTable::p_win_packed`].
    #[cfg(test)]
    pub(super) fn p_win(
        &self,
        t: &Tables,
        keys: &[u8; 6],
        down: &Pool,
        rules: &super::GolfRules,
    ) -> f64 {
        self.p_win_packed(t, pack(keys), down, rules)
    }

    /// [`WinTable::p_win`] of a packed grid (position p in byte p).
    pub(super) fn p_win_packed(
        &self,
        t: &Tables,
        packed: u64,
        down: &Pool,
        rules: &super::GolfRules,
    ) -> f64 {
        let at = self.model.score_packed(t, rules, packed);
        let Some((b, mb)) = self.spots.moving_packed(&self.model, packed, down.total) else {
            return self.w[index(at)];
        };
        // The indices of `Spots::of`; the same terms added in the same order. A key with
        // no copy adds 0.0 (the entries are finite, the sum not negative): no branch.
        let sp = &self.spots;
        let ib = index(at + mb);
        let mut p = 0.0;
        if sp.whole {
            // All the indices first (one pass over 16 lanes, which vectorizes; keys 14 and
            // 15 hold no copies), key b's put in after, then the sum: a load, a product
            // and an addition per key.
            let i0 = (at - sp.mean + 5).div_euclid(10) + OFF;
            let mut at_y = [0u32; 16];
            for (x, &d) in at_y.iter_mut().zip(&sp.pts16) {
                *x = (i0 + d).clamp(0, LEN as i32 - 1) as u32;
            }
            at_y[b.min(15)] = ib as u32;
            for y in 0..14 {
                p += down.n[y] as f64 * self.w[(at_y[y] as usize).min(LEN - 1)];
            }
        } else {
            p = self.p_apart(at, b, ib, down);
        }
        p / down.total as f64
    }

    /// The sum of [`WinTable::p_win`] where some value is not whole points (never with the
    /// standard values): out of line.
    #[cold]
    #[inline(never)]
    fn p_apart(&self, at: i32, b: usize, ib: usize, down: &Pool) -> f64 {
        let (sp, mut p) = (&self.spots, 0.0);
        for y in 0..14 {
            let i = if y == b {
                ib
            } else {
                index(at + sp.vals[y] - sp.mean)
            };
            p += down.n[y] as f64 * self.w[i];
        }
        p
    }
}

/// [`WinTable::product`]'s step for a seat whose match total is `d` points above the bot's:
/// the bot's score `i` beats that seat's `j` in the match when `i < j + d`, so it meets the
/// factor `g` at `i - d` (1 below the factor's span `lo..=hi`, where every outcome of the
/// seat is above, and 0 above it). Out of line: only a match's last hole shifts.
#[cold]
#[inline(never)]
fn shifted(w: &mut [f64; LEN], g: &[f64; LEN], (lo, hi): (usize, usize), d: i32) {
    for (i, x) in w.iter_mut().enumerate() {
        let k = i as i64 - i64::from(d);
        if k > hi as i64 {
            *x = 0.0;
        } else if k >= lo as i64 {
            *x *= g[k as usize];
        }
    }
}

#[cfg(test)]
#[path = "tests_chance.rs"]
pub(super) mod tests;

#[cfg(test)]
#[path = "tests_match.rs"]
mod tests_match;
