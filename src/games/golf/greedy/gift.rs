//! `gift`: what a thrown card gives the next player. A card thrown lies on top of the
//! discard pile for the next seat, which takes it when it places it better than a stock
//! card would. With the knob at `w` (and counting), `greedy` charges each card it may throw
//! `w` times that worth: the next seat's best placement gain with it (from the grid it
//! shows, face-down cards at the estimate) less what a stock card is worth to it (the mean
//! over the unseen cards of the best gain, never below 0, as a stock card can be thrown),
//! never below 0; a face-down card turned over and thrown is charged the mean over the
//! unseen cards. Nothing is charged when the next seat has no turn to come (it went out).
//!
//! The charge goes into the placement gains (`gains_of`: swapping at `p` throws the card
//! there), into the keep rule (a stock card kept only where that beats throwing it, charge
//! and all) and into the stock's expected gain (`stock_ev`, the same rule per key).

use super::Greedy;
use super::chance::Pool;
use crate::games::golf::scoring::UNKNOWN;
use crate::games::golf::view::View;

impl Greedy {
    /// The charge (eighths, whole tenths) for throwing each key (`UNKNOWN`: a face-down
    /// card turned over), worked out once per count and grid of the next seat (its best
    /// gains read off the column tables: [`Tables::best_gains`](super::grid::Tables::best_gains)).
    #[inline(never)]
    pub(super) fn gift_terms(&mut self, v: &View) -> [i32; 16] {
        self.counted(v);
        let next = (v.seat() + 1) % v.players();
        let packed = v.packed_keys(next);
        if self.gift_cache.0 == self.count_at && self.gift_cache.1 == packed {
            return self.gift_cache.2;
        }
        let terms = match v.ender() == Some(next) {
            true => [0; 16],
            false => {
                let pool = match self.count_built {
                    true => self.count.stock,
                    false => Pool::from_word(self.count_word),
                };
                gift_charges(&self.tables.best_gains(packed), &pool, self.gift)
            }
        };
        self.gift_cache = (self.count_at, packed, terms);
        terms
    }

    /// With `gift`: charges the packed gains `g` on the grid `packed` for the card each
    /// swap throws.
    pub(super) fn gift_adjust(&mut self, v: &View, packed: u64, g: &mut [i32; 6]) {
        let terms = self.gift_terms(v);
        for (p, gp) in g.iter_mut().enumerate() {
            *gp -= terms[(packed >> (8 * p)) as usize & 15];
        }
    }

    /// The charge (tenths) for throwing a card of key `ck` (0 without `gift`).
    pub(super) fn gift_of(&mut self, v: &View, ck: usize) -> i32 {
        match self.gift_on() {
            true => self.gift_terms(v)[ck & 15] >> 3,
            false => 0,
        }
    }

    /// Whether `gift` is in play (it needs counting).
    #[inline(always)]
    pub(super) fn gift_on(&self) -> bool {
        self.gift > 0.0 && self.counting
    }
}

/// The charges of [`Greedy::gift_terms`] (eighths, whole tenths) for a next seat whose best
/// gains are `best` ([`Tables::best_gains`](super::grid::Tables::best_gains)), stock cards drawn from `pool`, at weight `w`: in
/// integers times the pool's size, then one scale in f64 lanes, rounded by adding 1.5 *
/// 2^52 (see `pairs.rs`: no saturating cast, so the lanes vectorize).
pub(super) fn gift_charges(best: &[i32; 16], pool: &Pool, w: f64) -> [i32; 16] {
    const MAGIC: f64 = 6_755_399_441_055_744.0;
    let total = pool.total;
    if total <= 0 {
        return [0; 16];
    }
    let n: [i32; 16] = std::array::from_fn(|x| pool.n[x] & -i32::from(x < 14));
    // The stock's worth times `total`; each key's worth beyond it times `total`.
    let stock = (0..16).map(|x| n[x] * best[x].max(0)).sum::<i32>();
    let worth: [i32; 16] = std::array::from_fn(|x| (best[x] * total - stock).max(0));
    let unknown = (0..16).map(|x| n[x] * worth[x]).sum::<i32>();
    let scale = w / f64::from(total);
    let eighths = |x: f64| 8 * (x + MAGIC).to_bits() as i32;
    let mut out: [i32; 16] = worth.map(|v| eighths(f64::from(v) * scale));
    out[UNKNOWN as usize] = eighths(f64::from(unknown) * scale / f64::from(total));
    out
}

#[cfg(test)]
mod tests {
    use super::super::grid::{Own, Tables};
    use super::*;
    use crate::games::golf::rules::GolfRules;
    use crate::games::golf::scoring::score_tenths;

    /// A grid's best placement gain (tenths) for each key (0 for keys 14 and 15), by the
    /// placement search's own maximum: what `Tables::best_gains` reads off its column table.
    fn best_gains(own: &Own, t: &Tables) -> [i32; 16] {
        let best = own.best_per_key(t, &[0; 6], &[0; 16]);
        std::array::from_fn(|x| best[x] & -i32::from(x < 14))
    }

    /// The charges against the next seat's grid scored outright: each key's best gain is
    /// the largest drop of the grid's score over the six places, and the stock's worth the
    /// mean of those gains (0 where negative) over the pool.
    #[test]
    fn charges_are_the_next_seats_gain_beyond_a_stock_card() {
        let rules = GolfRules::default();
        let t = Tables::new(&rules, 50, 50, None);
        let un = UNKNOWN;
        // The next seat shows a K (key 12) over a face-down card, a Q over a 5 and a 9
        // over a face-down card.
        let keys: [u8; 6] = [12, 11, 8, un, 4, un];
        let packed = keys.iter().rev().fold(0u64, |a, &k| a << 8 | u64::from(k));
        let own = Own::new(packed, &t, &rules);
        let mut n = [0i32; 16];
        for (k, x) in n.iter_mut().enumerate().take(13) {
            *x = [3, 4, 4, 4, 3, 4, 4, 4, 3, 4, 4, 3, 3][k];
        }
        let pool = Pool {
            n,
            total: n.iter().sum(),
        };
        let got = gift_charges(&best_gains(&own, &t), &pool, 1.0);
        let score = |k: &[u8; 6]| score_tenths(k, &t.vals, &rules);
        let base = score(&keys);
        let best: Vec<i32> = (0..13u8)
            .map(|x| {
                (0..6)
                    .map(|p| {
                        let mut k = keys;
                        k[p] = x;
                        base - score(&k)
                    })
                    .max()
                    .unwrap()
            })
            .collect();
        let st = (0..13).map(|x| n[x] * best[x].max(0)).sum::<i32>() as f64 / pool.total as f64;
        let mut unknown = 0.0;
        for x in 0..13 {
            let worth = (f64::from(best[x]) - st).max(0.0);
            // Rounded to the nearest tenth.
            assert!(
                (f64::from(got[x] / 8) - worth).abs() <= 0.5 + 1e-9,
                "key {x}: {got:?}"
            );
            assert_eq!(got[x] % 8, 0);
            unknown += f64::from(n[x]) * worth / f64::from(pool.total);
        }
        assert!((f64::from(got[un as usize] / 8) - unknown).abs() <= 0.5 + 1e-9);
        // A 5 (key 4) or a Q (key 11) pairs the other in the column Q over 5: 15 points,
        // the largest charge. A K (0 points) gains 5 over the face-down card under the K.
        let top = *got.iter().max().unwrap();
        assert!(
            got[4] == top && got[11] == top && top > got[12] && got[12] > 0,
            "{got:?}"
        );
    }

    /// The column table's best gains are the placement search's, on grids of every mix of
    /// keys (face-down cards, pairs, jokers, pairs of 2s) under several rule sets.
    #[test]
    fn best_gains_by_columns_are_the_searchs() {
        use crate::cards::GameRng;
        use crate::game::Rules;
        let mut rng = GameRng::new(9, 9);
        let mut rule_sets = vec![GolfRules::default()];
        for (k, v) in [
            ("pair_of_twos", "-4"),
            ("jokers", "on"),
            ("row_rule", "off"),
        ] {
            let mut r = GolfRules::default();
            r.set(k, v).unwrap();
            rule_sets.push(r);
        }
        for rules in &rule_sets {
            for unknown in [0, 47, 60] {
                let t = Tables::new(rules, unknown, 50, None);
                for _ in 0..5_000 {
                    // Few keys, so that pairs and face-down partners are common.
                    let keys: [u8; 6] =
                        std::array::from_fn(|_| [0, 1, 4, 12, 13, UNKNOWN][rng.index(6)]);
                    let packed = keys.iter().rev().fold(0u64, |a, &k| a << 8 | u64::from(k));
                    let own = Own::new(packed, &t, rules);
                    assert_eq!(
                        t.best_gains(packed),
                        best_gains(&own, &t),
                        "{keys:?} {rules:?}"
                    );
                }
            }
        }
    }

    /// Seat 1 shows 3S and 7C and draws 9H; seat 0, next, shows 9C over a face-down card.
    /// The 9 gains nothing anywhere in seat 1's grid (no tempo credit here), so it is
    /// thrown without the charge, and seat 0 would take it for a pair. With it, seat 1
    /// keeps the 9 (swapped for a card seat 0 cannot use as well).
    #[test]
    fn the_charge_keeps_a_card_the_next_seat_would_pair() {
        use crate::cards::GameRng;
        use crate::game::Game;
        use crate::games::golf::state::Action;
        use crate::games::golf::tests::{cards, two_player_full};
        use crate::strategy::{Params, Strategy};
        let mut g = two_player_full(&GolfRules::default(), "9H");
        for a in [
            Action::Flip(0),
            Action::Flip(2),
            Action::Flip(2),
            Action::Flip(4),
        ] {
            g.apply(a);
        }
        g.apply(Action::DrawStock);
        assert_eq!((g.to_act(), g.held), (Some(1), Some(cards("9H")[0])));
        let place = |gift: f64| {
            let knobs = vec![
                ("pair_chance".into(), 1.0),
                ("tempo".into(), 0.0),
                ("gift".into(), gift),
            ];
            let mut bot = super::super::Greedy::new(&Params::new(knobs));
            bot.begin_deal(1);
            bot.act(&g.view(1), &[], &mut GameRng::new(1, 1))
        };
        assert_eq!(place(0.0), Action::Discard);
        let kept = place(1.0);
        assert!(matches!(kept, Action::Swap(_)), "{kept:?}");
    }
}
