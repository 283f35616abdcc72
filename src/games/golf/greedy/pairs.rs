//! `pair_chance`: a face-down card may pair its column partner. With the knob on, `greedy`
//! values a column holding a face-down card at its expected score over the unseen cards the
//! face-down one comes from, not at the card's mean value as if it never paired: a face-up
//! `k` over a face-down card scores `value(k) + mean - P(k) * (2 value(k) - pair(k))`, where
//! `P(k)` is the chance that the face-down card is a `k` and `pair(k)` the score of a pair
//! of `k`s (0, or `pair_of_twos`); two face-down cards pair with the chance that two cards
//! drawn from the unseen ones match. The column tables stay as they are (a face-down card at
//! the counted mean); each placement gain moves by the change in that pairing term. The
//! terms are weighted for the draws to come (knobs `pair_weight` and `pair_weight_both`,
//! [`Greedy::pair_weight_now`]).

use super::Greedy;
use super::chance::Pool;
use super::grid::Tables;
use crate::games::golf::scoring::UNKNOWN;
use crate::games::golf::view::View;

/// The pairing terms of one count: what a column's expected score is below its table
/// value, rounded to whole tenths and counted in eighths (the packed gains' unit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PairTerms {
    /// Per key `k`: a face-up `k` over a face-down card.
    pub(super) one8: [i32; 16],
    /// Two face-down cards.
    pub(super) both8: i32,
}

/// Stock cards below which `pair_weight` fades (see [`Greedy::pair_weight_now`]).
const PAIR_FADE: f64 = 20.0;

/// `num / den` rounded to the nearest whole number, halves up, for `den > 0`.
#[cfg(test)]
pub(super) fn half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

impl PairTerms {
    /// No terms (before a count).
    pub(super) const NONE: PairTerms = PairTerms {
        one8: [0; 16],
        both8: 0,
    };

    /// The terms for face-down cards drawn from `pool`, under the values and pair scores of
    /// `t`: `n[k] / total` times what a pair of `k` saves, and for two face-down cards the
    /// chance that two drawn cards are both `k` times the same, summed over the keys, each
    /// rounded to whole tenths (halves up; [`PairTerms::exact`] unrounded); a face-up card's
    /// terms times `w.0` (knob `pair_weight`) and the two face-down cards' term times `w.1`
    /// (knob `pair_weight_both`) before they are rounded, to the nearest tenth (at weight 1
    /// exactly as without it).
    pub(super) fn new(pool: &Pool, t: &Tables, w: (f64, f64)) -> PairTerms {
        let total = pool.total;
        if total <= 0 {
            return PairTerms::NONE;
        }
        debug_assert!(pool.n.iter().all(|&n| n >= 0), "{pool:?}");
        // In f64 over all 16 lanes, without branches (this runs at every count). A quotient
        // `v / total` that is not a whole number and a half lies at least `1 / (2 total)`
        // from one, far more than the product's rounding error and the `1e-9` added: it
        // rounds half up exactly as the rational would. Rounded by adding 1.5 * 2^52: the
        // sum's low bits are the nearest whole number (no saturating cast, so the lanes
        // vectorize).
        const MAGIC: f64 = 6_755_399_441_055_744.0;
        // At `w = 1` the same products as `1 / total` alone (a product with 1 is exact).
        let inv = w.0 * (1.0 / f64::from(total));
        let v: [i32; 16] = std::array::from_fn(|k| pool.n[k] * t.saves[k] * i32::from(k < 14));
        let one8 = v.map(|v| 8 * ((f64::from(v) * inv + 1e-9) + MAGIC).to_bits() as i32);
        let pairs: i32 = (0..16).map(|k| v[k] * (pool.n[k] - 1)).sum();
        // The same rounding for two face-down cards: `pairs / den` is a whole number and a
        // half, or at least `1 / (2 den)` from one (`den` < 2^14), and the division is
        // correctly rounded at `w = 1`.
        let den = f64::from(total) * f64::from(total - 1);
        let both = 8 * ((f64::from(pairs) * w.1 / den + 1e-9) + MAGIC).to_bits() as i32;
        let both8 = both & -i32::from(total > 1);
        PairTerms { one8, both8 }
    }

    /// The terms unrounded (tenths): per key, and for two face-down cards.
    #[cfg(test)]
    pub(super) fn exact(pool: &Pool, t: &Tables) -> ([f64; 16], f64) {
        let total = f64::from(pool.total.max(0));
        let mut one = [0.0; 16];
        let mut both = 0.0;
        for (k, o) in one.iter_mut().enumerate().take(14) {
            if k == UNKNOWN as usize || total <= 0.0 {
                continue;
            }
            let n = f64::from(pool.n[k].max(0));
            *o = n / total * f64::from(t.saves[k]);
            if total > 1.0 {
                both += n * (n - 1.0) / (total * (total - 1.0)) * f64::from(t.saves[k]);
            }
        }
        (one, both)
    }

    /// The term of the column of keys `a` and `b` ([`UNKNOWN`]: face down), without
    /// branches: exactly one face down leaves the other's key as `a ^ b ^ UNKNOWN`.
    #[inline(always)]
    pub(super) fn column8(&self, a: usize, b: usize) -> i32 {
        let un = UNKNOWN as usize;
        let (da, db) = (-i32::from(a == un), -i32::from(b == un));
        let one = self.one8[(a ^ b ^ un) & 15];
        (self.both8 & da & db) | (one & (da ^ db))
    }

    /// Each position's term as it stands on the grid `packed` (eighths): what a card put
    /// there gives up.
    #[inline]
    pub(super) fn held8(&self, packed: u64) -> [i32; 6] {
        // One term per column (positions c and c + 3), read at both its positions.
        let col: [i32; 3] = std::array::from_fn(|c| {
            let a = (packed >> (8 * c)) as usize & 15;
            let b = (packed >> (8 * (c + 3))) as usize & 15;
            self.column8(a, b)
        });
        std::array::from_fn(|p| col[p % 3])
    }
}

impl Greedy {
    /// The pairing terms of the current count, worked out once per count (the tables are
    /// the same within a count): from the count's word of nibbles before a reshuffle (the
    /// face-down cards are the unseen ones), from `self.count` after.
    #[inline(never)]
    pub(super) fn pair_terms(&mut self, v: &View) -> PairTerms {
        self.counted(v);
        if self.pair.0 != self.count_at {
            let pool = match self.count_built {
                true => self.count.down,
                false => Pool::from_word(self.count_word),
            };
            let terms = PairTerms::new(&pool, &self.tables, self.pair_weight_now(v));
            self.pair = (self.count_at, terms);
        }
        self.pair.1
    }

    /// The weights of this turn's pairing terms, a face-up card's over a face-down one and
    /// two face-down cards': `pair_weight` and `pair_weight_both` while draws are to come,
    /// each fading to 1 (the face-down cards' own chance) as the stock runs down to its last
    /// card (linearly below `PAIR_FADE` cards, counted as the turn began), and 1 on a final
    /// turn: a column can be paired by a later draw only while there are draws to come. With
    /// `empty_stock=reshuffle` the stock does not run out, and nothing fades; past `patience`
    /// (the deal must end: the grids turn up) they are 1.
    pub(super) fn pair_weight_now(&self, v: &View) -> (f64, f64) {
        let w = self.pair_weight;
        if w == (1.0, 1.0) || v.ender().is_some() || self.late > 0 {
            return (1.0, 1.0);
        }
        if v.rules().reshuffle {
            return w;
        }
        let stock = v.stock_len() + usize::from(v.own_stock_card().is_some());
        let fade = (stock as f64 / PAIR_FADE).min(1.0);
        (1.0 + (w.0 - 1.0) * fade, 1.0 + (w.1 - 1.0) * fade)
    }

    /// With `pair_chance`: moves the packed gains `g` of key `ck` on the grid `packed` by the
    /// change in each column's pairing term (the gain is the old column's expected score
    /// less the new one's), in whole tenths so that the packed positions stay put.
    pub(super) fn pair_adjust(&mut self, v: &View, packed: u64, ck: usize, g: &mut [i32; 6]) {
        let terms = self.pair_terms(v);
        let held = terms.held8(packed);
        let un = UNKNOWN as usize;
        for (p, gp) in g.iter_mut().enumerate() {
            let b = (packed >> (8 * ((p + 3) % 6))) as usize & 15;
            let new = if b == un { terms.one8[ck & 15] } else { 0 };
            *gp += new - held[p];
        }
    }

    /// The stock's expected gain times its size ([`super::Own::stock_sum`]: `n` copies of
    /// each key, `add` per position, a key kept where its gain reaches `keep_gain`); with
    /// `pair_chance`, each key's gains moved as [`Greedy::pair_adjust`] moves them; with
    /// `gift`, each charged for the card it throws (`gift.rs`), throwing the card itself
    /// too.
    pub(super) fn stock_ev(&mut self, v: &View, add: &[i32; 6], n: &[i32; 16]) -> i64 {
        let mut add = *add;
        let mut over = [0; 16];
        let mut thrown = [0; 16];
        if self.pair_chance & self.counting {
            let terms = self.pair_terms(v);
            let held = terms.held8(self.own.packed);
            add = std::array::from_fn(|p| add[p] - held[p]);
            over = terms.one8;
        }
        if self.gift_on() {
            let charge = self.gift_terms(v);
            let packed = self.own.packed;
            add = std::array::from_fn(|p| add[p] - charge[(packed >> (8 * p)) as usize & 15]);
            thrown = charge.map(|c| c >> 3);
        }
        (self.own).stock_sum(&self.tables, &add, n, self.keep_gain, &over, &thrown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golf::rules::GolfRules;
    use crate::games::golf::scoring::{column_table, value_table};

    /// A column's expected score by enumerating its face-down cards from `n` (without
    /// replacement), in tenths.
    fn expected(a: usize, b: usize, n: &[i32; 16], cols: &[i32; 256]) -> f64 {
        let un = UNKNOWN as usize;
        let total: i32 = n.iter().sum();
        let mut e = 0.0;
        match (a == un, b == un) {
            (false, false) => return f64::from(cols[a << 4 | b]),
            (true, true) => {
                for x in 0..16 {
                    for y in 0..16 {
                        let p = f64::from(n[x]) * f64::from(n[y] - i32::from(x == y))
                            / (f64::from(total) * f64::from(total - 1));
                        e += p * f64::from(cols[x << 4 | y]);
                    }
                }
            }
            (true, false) | (false, true) => {
                let up = if a == un { b } else { a };
                for (x, &nx) in n.iter().enumerate() {
                    let p = f64::from(nx) / f64::from(total);
                    let col = if a == un { x << 4 | up } else { up << 4 | x };
                    e += p * f64::from(cols[col]);
                }
            }
        }
        e
    }

    /// Seat 1 shows 3S and QC (positions 0 and 4) and draws AC: every face-down position
    /// gains as much by the tables (the ace for a face-down card, tempo credited alike), so
    /// the lowest, position 1 over the QC, is taken without the pairing chance. With it,
    /// each gives up a chance of a pair (46 unseen cards): position 1 that the card there is
    /// one of 3 Qs, a pair worth 20 points (1.3 points); position 2 that column 2's two
    /// face-down cards pair each other (0.7), less the ace's own chance there (0.1);
    /// position 3 only that its card is one of 3 threes under the 3S (0.4): it goes there.
    /// Counting the draws to come (`pair_weight` 4 on a face-up card's chance, 1 on two
    /// face-down cards'), positions 1 and 3 give up 5.2 and 1.6, position 2 only 0.7 less
    /// 0.5: the ace goes to the column whose two cards are both unknown (with
    /// `pair_weight_both` 4 too, position 2 gives up 2.8 less 0.5, and position 3 is kept).
    #[test]
    fn the_pairing_chance_moves_a_card_off_a_partner_it_may_pair() {
        use crate::cards::GameRng;
        use crate::game::Game;
        use crate::games::golf::state::Action;
        use crate::games::golf::tests::{cards, two_player_full};
        use crate::strategy::{Params, Strategy};
        let mut g = two_player_full(&GolfRules::default(), "AC");
        for a in [
            Action::Flip(0),
            Action::Flip(4),
            Action::Flip(0),
            Action::Flip(3),
        ] {
            g.apply(a);
        }
        g.apply(Action::DrawStock);
        assert_eq!((g.to_act(), g.held), (Some(1), Some(cards("AC")[0])));
        let place = |pair: f64, weight: f64, both: f64| {
            let knobs = vec![
                ("pair_chance".into(), pair),
                ("pair_weight".into(), weight),
                ("pair_weight_both".into(), both),
            ];
            let mut bot = Greedy::new(&Params::new(knobs));
            bot.begin_deal(1);
            bot.act(&g.view(1), &[], &mut GameRng::new(1, 1))
        };
        assert_eq!(place(0.0, 1.0, 1.0), Action::Swap(1));
        assert_eq!(place(1.0, 1.0, 1.0), Action::Swap(3));
        assert_eq!(place(1.0, 4.0, 1.0), Action::Swap(2));
        assert_eq!(place(1.0, 4.0, 4.0), Action::Swap(3));
    }

    #[test]
    fn columns_less_their_pair_terms_are_the_expected_scores() {
        for rules in [
            GolfRules::default(),
            GolfRules {
                pair_of_twos: -4,
                ..GolfRules::default()
            },
            GolfRules {
                jokers: true,
                ..GolfRules::default()
            },
        ] {
            // Unseen cards: a few of each key, one key used up, jokers only where they exist.
            let mut n = [0i32; 16];
            for (k, x) in n.iter_mut().enumerate().take(14) {
                *x = [4, 3, 1, 0, 2, 4, 4, 1, 3, 2, 4, 3, 2, 2][k];
            }
            if !rules.jokers {
                n[13] = 0;
            }
            n[UNKNOWN as usize] = 0;
            let pool = Pool {
                n,
                total: n.iter().sum(),
            };
            // The face-down card at the pool's exact mean: the table's value of a column
            // with a face-down card, less the term, is then the expectation.
            let vals0 = value_table(&rules, 0);
            let mean = (0..16).map(|k| n[k] * vals0[k]).sum::<i32>() as f64 / pool.total as f64;
            let t = Tables::new(&rules, 0, 0, None);
            let (one, both) = PairTerms::exact(&pool, &t);
            let terms = PairTerms::new(&pool, &t, (1.0, 1.0));
            // The terms are the rationals rounded, halves up.
            let t2 = pool.total * (pool.total - 1);
            let mut pairs = 0;
            for k in 0..14 {
                let v = n[k] * t.saves[k];
                let want = half_up(v.into(), pool.total.into()) as i32;
                assert_eq!(terms.one8[k], 8 * want, "{rules:?} key {k}");
                assert!((one[k] - f64::from(want)).abs() <= 0.5 + 1e-9);
                pairs += v * (n[k] - 1);
            }
            assert_eq!(terms.both8, 8 * half_up(pairs.into(), t2.into()) as i32);
            assert!((both - f64::from(terms.both8 / 8)).abs() <= 0.5 + 1e-9);
            let column = |a: usize, b: usize| match (a == UNKNOWN as usize, b == UNKNOWN as usize) {
                (true, true) => both,
                (true, false) => one[b],
                (false, true) => one[a],
                (false, false) => 0.0,
            };
            let cols = column_table(&rules, &vals0);
            let un = UNKNOWN as usize;
            for a in (0..14).chain([un]) {
                for b in (0..14).chain([un]) {
                    let downs = f64::from(u8::from(a == un) + u8::from(b == un));
                    let table = match (a == un, b == un) {
                        (false, false) => f64::from(cols[a << 4 | b]),
                        (true, false) => f64::from(vals0[b]),
                        (false, true) => f64::from(vals0[a]),
                        (true, true) => 0.0,
                    } + downs * mean;
                    let want = expected(a, b, &n, &cols);
                    let got = table - column(a, b);
                    let rounded = f64::from(terms.column8(a, b)) / 8.0;
                    assert!((rounded - column(a, b)).abs() <= 0.5 + 1e-9, "({a}, {b})");
                    assert!(
                        (got - want).abs() < 1e-9,
                        "{rules:?} column ({a}, {b}): {got} against {want}"
                    );
                }
            }
        }
    }

    /// With weights `(w, w')` each face-up card's term is `w` times the unweighted rational
    /// and the two face-down cards' term `w'` times it, rounded to the nearest tenth:
    /// checked against [`PairTerms::exact`] on pools of every size down to two cards (with
    /// `w' = 1 / w`, so that the two are told apart), and at weight 1 equal to the terms
    /// without a weight.
    #[test]
    #[allow(clippy::needless_range_loop)] // a key indexes several tables at once
    fn weighted_terms_are_the_weight_times_the_chance() {
        let rules = GolfRules::default();
        let t = Tables::new(&rules, 0, 0, None);
        let mut n = [0i32; 16];
        for (k, x) in n.iter_mut().enumerate().take(13) {
            *x = [4, 3, 1, 0, 2, 4, 4, 1, 3, 2, 4, 3, 2][k];
        }
        while n.iter().sum::<i32>() >= 2 {
            let pool = Pool {
                n,
                total: n.iter().sum(),
            };
            let (one, both) = PairTerms::exact(&pool, &t);
            for w in [0.5, 1.0, 2.0, 3.5] {
                let terms = PairTerms::new(&pool, &t, (w, 1.0 / w));
                for k in 0..14 {
                    let got = f64::from(terms.one8[k]) / 8.0;
                    assert_eq!(terms.one8[k] % 8, 0);
                    assert!((got - w * one[k]).abs() <= 0.5 + 1e-6, "w {w} key {k}");
                }
                let got = f64::from(terms.both8) / 8.0;
                assert!((got - both / w).abs() <= 0.5 + 1e-6, "w {w}: {got} {both}");
            }
            // Weight 1: the rationals rounded half up, as `new` always made them.
            let plain = PairTerms::new(&pool, &t, (1.0, 1.0));
            for k in 0..14 {
                let v = n[k] * t.saves[k];
                assert_eq!(
                    plain.one8[k],
                    8 * half_up(v.into(), pool.total.into()) as i32
                );
            }
            // One card fewer of the most plentiful key.
            let k = (0..13).max_by_key(|&k| (n[k], k)).unwrap();
            n[k] -= 1;
        }
    }
}
