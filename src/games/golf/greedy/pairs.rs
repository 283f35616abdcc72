//! `pair_chance`: a face-down card may pair its column partner. With the knob on, `greedy`
//! values a column holding a face-down card at its expected score over the unseen cards the
//! face-down one comes from, not at the card's mean value as if it never paired: a face-up
//! `k` over a face-down card scores `value(k) + mean - P(k) * (2 value(k) - pair(k))`, where
//! `P(k)` is the chance that the face-down card is a `k` and `pair(k)` the score of a pair
//! of `k`s (0, or `pair_of_twos`); two face-down cards pair with the chance that two cards
//! drawn from the unseen ones match. The column tables stay as they are (a face-down card at
//! the counted mean); each placement gain moves by the change in that pairing term.

use super::Greedy;
use super::chance::Pool;
use super::grid::Tables;
use crate::games::golf::scoring::UNKNOWN;
use crate::games::golf::view::View;

/// The pairing terms of one count (tenths): what a column's expected score is below its
/// table value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PairTerms {
    /// Per key `k`: a face-up `k` over a face-down card.
    pub(super) one: [f64; 16],
    /// Two face-down cards.
    pub(super) both: f64,
}

impl PairTerms {
    /// No terms (before a count).
    pub(super) const NONE: PairTerms = PairTerms {
        one: [0.0; 16],
        both: 0.0,
    };

    /// The terms for face-down cards drawn from `pool`, under the values and pair scores of
    /// `t`.
    pub(super) fn new(pool: &Pool, t: &Tables) -> PairTerms {
        let total = f64::from(pool.total.max(0));
        // What a pair of `k` saves against the two cards' values (tenths).
        let save = |k: usize| f64::from(2 * t.vals[k] - t.diag8[k] / 8);
        let mut one = [0.0; 16];
        let mut both = 0.0;
        for (k, o) in one.iter_mut().enumerate().take(14) {
            if k == UNKNOWN as usize || total <= 0.0 {
                continue;
            }
            let n = f64::from(pool.n[k].max(0));
            *o = n / total * save(k);
            if total > 1.0 {
                both += n * (n - 1.0) / (total * (total - 1.0)) * save(k);
            }
        }
        PairTerms { one, both }
    }

    /// How far the expected score of the column of keys `a` and `b` ([`UNKNOWN`]: face
    /// down) is below its table value (tenths).
    pub(super) fn column(&self, a: usize, b: usize) -> f64 {
        let un = UNKNOWN as usize;
        match (a == un, b == un) {
            (true, true) => self.both,
            (true, false) => self.one[b & 15],
            (false, true) => self.one[a & 15],
            (false, false) => 0.0,
        }
    }
}

impl Greedy {
    /// With `pair_chance`: moves the packed gains `g` of key `ck` on the grid `packed` by the
    /// change in each column's pairing term (the gain is the old column's expected score
    /// less the new one's), in whole tenths so that the packed positions stay put.
    #[inline(never)]
    pub(super) fn pair_adjust(&mut self, v: &View, packed: u64, ck: usize, g: &mut [i32; 6]) {
        self.counted(v);
        self.pools();
        // Worked out once per count (the tables are the same within a count).
        if self.pair.0 != self.count_at {
            self.pair = (
                self.count_at,
                PairTerms::new(&self.count.down, &self.tables),
            );
        }
        let terms = self.pair.1;
        let un = UNKNOWN as usize;
        for (p, gp) in g.iter_mut().enumerate() {
            let a = (packed >> (8 * p)) as usize & 15;
            let b = (packed >> (8 * ((p + 3) % 6))) as usize & 15;
            let old = terms.column(a, b);
            let new = if b == un { terms.one[ck & 15] } else { 0.0 };
            *gp += 8 * (new - old).round() as i32;
        }
    }

    /// The stock's expected gain times its size ([`super::Own::stock_sum`]: `n` copies of
    /// each key, `add` per position, gains below `keep_gain` counting 0); with
    /// `pair_chance`, each key's gains moved as [`Greedy::pair_adjust`] moves them.
    pub(super) fn stock_ev(&mut self, v: &View, add: &[i32; 6], n: &[i32; 16]) -> i64 {
        if !self.pair_chance {
            return self.own.stock_sum(&self.tables, add, n, self.keep_gain);
        }
        let mut sum = 0i64;
        for (x, &nx) in n.iter().enumerate().take(14) {
            if nx <= 0 {
                continue;
            }
            let g = self.gains_of(v, x);
            let best = (0..6).map(|p| g[p] + add[p]).max().unwrap_or(0) >> 3;
            if best >= self.keep_gain {
                sum += i64::from(nx) * i64::from(best);
            }
        }
        sum
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
        let place = |pair: f64| {
            let mut bot = Greedy::new(&Params::new(vec![("pair_chance".into(), pair)]));
            bot.begin_deal(1);
            bot.act(&g.view(1), &[], &mut GameRng::new(1, 1))
        };
        assert_eq!(place(0.0), Action::Swap(1));
        assert_eq!(place(1.0), Action::Swap(3));
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
            let terms = PairTerms::new(&pool, &t);
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
                    let got = table - terms.column(a, b);
                    assert!(
                        (got - want).abs() < 1e-9,
                        "{rules:?} column ({a}, {b}): {got} against {want}"
                    );
                }
            }
        }
    }
}
