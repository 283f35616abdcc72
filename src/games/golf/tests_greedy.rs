//! Tests of `greedy`'s fast paths against slow references: the placement search against
//! scoring every swap, and the kept grid data against building it afresh; and its patience
//! in stuck deals.

use super::*;
use crate::game::{ActionList, Game, Rules, Table};
use crate::games::golf::scoring::{UNKNOWN, value_table};
use crate::sim::{Observer, Quiet, deal_rngs, play_deal};
use crate::strategy::{build, resolve};

/// The placement rule written the slow way: score the grid after each of the six swaps.
fn reference(g: &mut Greedy, v: &View, card: Card) -> (i32, u8) {
    let keys = v.keys(v.seat());
    let base = g.estimate(v, &keys);
    let mut best = (i32::MIN, 0u8);
    for p in 0..6 {
        let mut k = keys;
        k[p] = key(card);
        let after = g.estimate(v, &k);
        let mut gain = base - after;
        if v.face_down(v.seat()) == 1 << p && v.ender().is_none() {
            let opp = (0..v.players())
                .filter(|&s| s != v.seat())
                .map(|s| g.standing(v, &v.keys(s)))
                .min()
                .unwrap();
            gain += if after + g.margin() < opp {
                g.go_out_bonus
            } else {
                -1000
            };
        }
        if gain > best.0 {
            best = (gain, p as u8);
        }
    }
    best
}

/// At every draw and placement, the fast search and the reference agree for the discard
/// top and for every card rank (and a joker).
struct Compare(Greedy, u32);

impl Observer<Golf> for Compare {
    // A new deal, as the runner tells a bot (its answers kept within a turn start afresh).
    fn start(&mut self, _g: &Golf, _table: &Table) {
        self.0.begin_deal(0);
    }

    fn before(&mut self, g: &Golf, seat: usize, _legal: &[Action]) {
        let v = g.view(seat);
        if !matches!(v.phase(), Phase::Draw | Phase::PlaceStock) {
            return;
        }
        self.0.refresh(v.rules(), self.0.unknown);
        for c in (0..13).chain([52]).map(Card::from_index) {
            let fast = self.0.best_place(&v, c);
            assert_eq!(
                fast,
                reference(&mut self.0, &v, c),
                "{c} in\n{}",
                g.render()
            );
            self.1 += 1;
        }
    }
}

#[test]
fn the_column_shortcut_finds_what_full_scoring_finds() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("jokers", "on"), ("pair_of_twos", "-4")],
        &[("row_rule", "off"), ("box", "-40")],
        &[("box", "off")],
    ];
    let spec = resolve::<Golf>("random").unwrap();
    let mut seats: Vec<_> = (0..3).map(|_| build::<Golf>(&spec)).collect();
    let mut buf = ActionList::new();
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        let knobs = Params::default();
        let mut obs = Compare(Greedy::new(&knobs), 0);
        obs.0.go_out_win = 0.0; // the reference is the lead rule (greedy-prev's)
        obs.0.go_out_bonus = 40; // big enough to flip choices, so the bonus path is tested
        for i in 0..150 {
            let table = Table::first(3);
            play_deal(
                &r,
                &table,
                &mut deal_rngs(9, i, 0),
                &mut seats,
                &mut buf,
                &mut obs,
            );
        }
        assert!(obs.1 > 20_000, "{} comparisons", obs.1);
    }
}

/// The grid data kept across a swap equals the data built for the new grid, for grids of
/// few distinct keys (so rows, boxes and pairs turn up) under each scoring switch.
#[test]
fn a_swapped_grid_equals_one_built_afresh() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("row_rule", "off"), ("box", "-40")],
        &[("box", "off"), ("jokers", "on"), ("pair_of_twos", "-4")],
    ];
    let mut rng = GameRng::new(3, 3);
    let mut specials = 0;
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        let mut g = Greedy::new(&Params::default());
        g.refresh(&r, g.unknown);
        for _ in 0..20_000 {
            let keys: [u8; 6] = std::array::from_fn(|_| [2, 5, 13, UNKNOWN][rng.index(4)]);
            let packed = pack_keys(&keys);
            let (p, ck) = (rng.index(6), [2, 5, 13][rng.index(3)]);
            let mut kept = Own::new(packed, &g.tables, &r);
            kept.swap(p, ck, &g.tables, &r);
            let mut after = keys;
            after[p] = ck;
            assert_eq!(
                kept,
                Own::new(pack_keys(&after), &g.tables, &r),
                "{keys:?} {p} {ck}"
            );
            specials += (kept.force != 0) as u32;
        }
    }
    assert!(specials > 1_000, "{specials} grids with rows or boxes");
}

/// The estimates of packed grids (three column entries unless a row or box needs the full
/// score) equal full scoring, for grids of few distinct keys under each scoring switch.
#[test]
fn packed_estimates_equal_full_scoring() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("row_rule", "off"), ("box", "-40")],
        &[("box", "off"), ("jokers", "on"), ("pair_of_twos", "-4")],
        &[("row_rule", "off"), ("box", "off")],
    ];
    let mut rng = GameRng::new(4, 4);
    let mut specials = 0;
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        let mut g = Greedy::new(&Params::default());
        g.refresh(&r, g.unknown + 30);
        for _ in 0..20_000 {
            let keys: [u8; 6] = std::array::from_fn(|_| [1, 5, 13, UNKNOWN][rng.index(4)]);
            let packed = pack_keys(&keys);
            assert_eq!(packed, crate::games::golf::scoring::pack(&keys));
            let t = &g.tables;
            let (est, stand) = (g.estimate_packed(&r, packed), g.standing_packed(&r, packed));
            assert_eq!(est, score_tenths(&keys, &t.vals, &r), "{keys:?} {r:?}");
            assert_eq!(
                stand,
                score_tenths(&keys, &t.base_vals, &r),
                "{keys:?} {r:?}"
            );
            specials += u32::from(crate::games::golf::scoring::has_rows_or_boxes(&keys, &r));
        }
    }
    assert!(specials > 1_000, "{specials} grids with rows or boxes");
}

pub(super) fn pack_keys(keys: &[u8; 6]) -> u64 {
    keys.iter().rev().fold(0u64, |a, &k| a << 8 | k as u64)
}

/// With a reshuffled stock, deals used to stall to the 400-turn cap (1.2% of greedy deals at
/// 4 players, 6.1% of cautious ones: every grid waiting face down for a low card the stock no
/// longer held). Past `patience` rounds the bots turn their grids up, and every deal ends by
/// a player going out.
#[test]
fn stuck_deals_end_by_going_out() {
    let r = {
        let mut r = GolfRules::default();
        r.set("empty_stock", "reshuffle").unwrap();
        r
    };
    let cap = Golf::END_REASONS
        .iter()
        .position(|e| e.name == "turn-cap")
        .unwrap();
    let mut buf = ActionList::new();
    for name in ["greedy", "cautious"] {
        let spec = resolve::<Golf>(name).unwrap();
        let mut seats: Vec<_> = (0..4).map(|_| build::<Golf>(&spec)).collect();
        let (mut capped, mut longest) = (0, 0);
        for i in 0..1500 {
            let table = Table::first(4);
            let rngs = &mut deal_rngs(2026, i, 0);
            let (res, _) = play_deal(&r, &table, rngs, &mut seats, &mut buf, &mut Quiet);
            capped += usize::from(res.end as usize == cap);
            longest = longest.max(res.turns);
        }
        assert_eq!(capped, 0, "{name}: {capped} deals reached the turn cap");
        assert!(longest < 200, "{name}: a deal of {longest} turns");
    }
}

/// Patience counts whole rounds past `patience` (20 by default).
#[test]
fn rounds_count_late_only_past_patience() {
    let g = Greedy::new(&Params::default());
    assert_eq!(g.patience, 20);
    assert_eq!(g.late_rounds(0, 4), 0);
    assert_eq!(g.late_rounds(83, 4), 0);
    assert_eq!(g.late_rounds(84, 4), 1);
    assert_eq!(g.late_rounds(95, 4), 3);
    assert_eq!(g.late_rounds(45, 2), 2);
}

/// At every decision, for every seat, the unseen cards counted from the state's running
/// counts equal those counted from every card the view shows, and the running counts equal
/// a recount: two decks, jokers, reshuffles (so stocks become known) and flips after a
/// discard.
struct CountCheck(u32);

impl Observer<Golf> for CountCheck {
    fn before(&mut self, g: &Golf, _seat: usize, _legal: &[Action]) {
        assert_eq!(g.public, g.public_recount(), "\n{}", g.render());
        for s in 0..g.players as usize {
            let v = g.view(s);
            let (fast, slow) = (
                chance::unseen(&v, &chance::shoe(&v)),
                chance::tests::unseen_recount(&v),
            );
            assert_eq!(fast, slow, "seat {s}\n{}", g.render());
            self.0 += u32::from(v.stock_known());
            if !v.stock_known() {
                // The word of nibbles `counted` reads before any reshuffle, its value sum
                // and the offset in integers.
                let word = chance::unseen_word(&v, chance::shoe_word(&chance::shoe(&v)));
                let pool = chance::Pool::from_word(word);
                assert_eq!(pool, fast.down, "seat {s}\n{}", g.render());
                assert_eq!(chance::word_total(word), fast.down.total);
                let vals = value_table(v.rules(), 50);
                let sum = chance::word_sum(word, &chance::sum_table(&vals));
                assert_eq!(sum, fast.down.sum(&vals));
                let b = Greedy::new(&Params::default());
                let mean = fast.down.mean(&vals, b.unknown);
                assert_eq!(b.offset(sum, pool.total), mean - b.unknown);
            }
        }
    }

    fn end(&mut self, g: &Golf, _r: &crate::game::DealResult) {
        assert_eq!(g.public, g.public_recount(), "\n{}", g.render());
    }
}

#[test]
fn running_counts_of_the_public_cards_equal_a_recount() {
    let variants: &[&[(&str, &str)]] = &[
        &[("empty_stock", "reshuffle")],
        &[
            ("jokers", "on"),
            ("decks", "2"),
            ("empty_stock", "reshuffle"),
        ],
        &[("flip_after_discard", "optional"), ("jokers", "on")],
        &[
            ("flip_after_discard", "required"),
            ("empty_stock", "reshuffle"),
        ],
    ];
    let mut buf = ActionList::new();
    let mut known = 0;
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        for name in ["random", "greedy"] {
            // Greedy without the tempo credit: its deals last long enough to reshuffle.
            let spec = match name {
                "greedy" => {
                    let p = crate::strategy::Params::new(vec![("tempo".into(), 0.0)]);
                    crate::strategy::with_knobs::<Golf>(name, name, p).unwrap()
                }
                _ => resolve::<Golf>(name).unwrap(),
            };
            let mut seats: Vec<_> = (0..4).map(|_| build::<Golf>(&spec)).collect();
            let mut obs = CountCheck(0);
            for i in 0..60 {
                let rngs = &mut deal_rngs(17, i, 0);
                play_deal(&r, &Table::first(4), rngs, &mut seats, &mut buf, &mut obs);
            }
            known += obs.0;
        }
    }
    assert!(known > 1_000, "{known} views of a known stock");
}

/// At every decision of whole deals, for every seat in turn, the count kept from one
/// decision to the next (only the keys whose copies changed updated, a drawn card taken
/// off) equals the unseen cards counted afresh, with the same value and offset: one bot
/// watching every seat, with reshuffles (known stocks), two decks and jokers.
struct RunningCount(Greedy, u32);

impl Observer<Golf> for RunningCount {
    fn before(&mut self, g: &Golf, seat: usize, _legal: &[Action]) {
        for s in [seat, (seat + 1) % g.players as usize] {
            let v = g.view(s);
            let h = &mut self.0;
            h.set_shoe(&v);
            h.refresh(v.rules(), h.unknown);
            if v.phase() != Phase::PlaceStock || s != seat {
                h.count_at = u64::MAX;
            }
            h.counted(&v);
            h.pools();
            let fresh = chance::unseen(&v, &h.shoe);
            assert_eq!(h.count, fresh, "seat {s}\n{}", g.render());
            assert_eq!(h.count_total, fresh.down.total);
            assert_eq!(h.count_sum, fresh.down.sum(&h.tables.base_vals));
            let off = fresh.down.mean(&h.tables.base_vals, h.unknown) - h.unknown;
            assert_eq!(h.count_off, off, "\n{}", g.render());
            self.1 += u32::from(h.count_word != u64::MAX);
        }
    }
}

#[test]
fn a_running_count_equals_a_recount() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("jokers", "on"), ("decks", "2")],
        &[("empty_stock", "reshuffle"), ("jokers", "on")],
        &[("flip_after_discard", "optional")],
    ];
    let mut buf = ActionList::new();
    let mut obs = RunningCount(Greedy::new(&Params::default()), 0);
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        for (name, players) in [("greedy", 4), ("random", 3), ("greedy", 6)] {
            observe(&r, name, players, 30, 41, &mut buf, &mut obs);
        }
    }
    assert!(obs.1 > 10_000, "{} running counts", obs.1);
}

/// Plays `deals` deals (seed `seed`) of `players` seats of strategy `name` under `obs`.
fn observe(
    r: &GolfRules,
    name: &str,
    players: usize,
    deals: u64,
    seed: u64,
    buf: &mut ActionList<Action>,
    obs: &mut impl Observer<Golf>,
) {
    let spec = resolve::<Golf>(name).unwrap();
    let mut seats: Vec<_> = (0..players).map(|_| build::<Golf>(&spec)).collect();
    for i in 0..deals {
        let rngs = &mut deal_rngs(seed, i, 0);
        play_deal(r, &Table::first(players), rngs, &mut seats, buf, obs);
    }
}

/// The face-down offset rounded in integers equals the f64 mean rounded, for every pool
/// size and a wide range of value sums.
#[test]
fn the_integer_offset_rounds_as_the_float_mean() {
    let b = Greedy::new(&Params::default());
    for total in 1..=108 {
        for sum in -4000..=16000 {
            let want = (sum as f64 / total as f64).round() as i32 - b.unknown;
            assert_eq!(b.offset(sum, total), want, "{sum} / {total}");
        }
    }
    assert_eq!(b.offset(123, 0), 0);
}

/// A count taken at the draw and carried past a stock draw (the drawn card taken off it)
/// equals the unseen cards counted afresh at the placement, with the same offset.
struct DrawnCheck(Greedy, u32);

impl Observer<Golf> for DrawnCheck {
    fn before(&mut self, g: &Golf, seat: usize, _legal: &[Action]) {
        let v = g.view(seat);
        let h = &mut self.0;
        h.set_shoe(&v);
        h.refresh(v.rules(), h.unknown);
        match v.phase() {
            Phase::Draw => {
                h.count_at = u64::MAX;
                h.counted(&v);
            }
            Phase::PlaceStock => {
                let carried = h.count_at == v.turns() as u64 * 2 && !v.stock_known();
                h.counted(&v);
                h.pools();
                let fresh = chance::unseen(&v, &h.shoe);
                assert_eq!(h.count, fresh, "\n{}", g.render());
                let off = fresh.down.mean(&h.tables.base_vals, h.unknown) - h.unknown;
                assert_eq!(h.count_off, off, "\n{}", g.render());
                self.1 += u32::from(carried);
            }
            _ => {}
        }
    }
}

#[test]
fn a_count_carried_past_a_stock_draw_equals_a_recount() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("jokers", "on"), ("decks", "2")],
        &[("empty_stock", "reshuffle")],
    ];
    let mut buf = ActionList::new();
    let mut obs = DrawnCheck(Greedy::new(&Params::default()), 0);
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        for name in ["random", "greedy"] {
            let spec = resolve::<Golf>(name).unwrap();
            let mut seats: Vec<_> = (0..4).map(|_| build::<Golf>(&spec)).collect();
            for i in 0..40 {
                let rngs = &mut deal_rngs(29, i, 0);
                play_deal(&r, &Table::first(4), rngs, &mut seats, &mut buf, &mut obs);
            }
        }
    }
    assert!(obs.1 > 1_000, "{} carried counts", obs.1);
}

/// One set of bots kept across deals whose table and rules change (players, decks, jokers,
/// reshuffles; a patience of 1 so that the tables change within deals) decides every
/// action as bots built afresh for each deal: what a bot keeps between decisions and
/// deals (the shoe, the turn patience starts at, the final turn's chance table, filled in
/// place) holds only for the deal it was made in.
#[test]
fn bots_kept_across_deals_play_as_fresh_ones() {
    let cases: &[(usize, &[(&str, &str)])] = &[
        (4, &[]),
        (2, &[("jokers", "on")]),
        (3, &[("decks", "2"), ("empty_stock", "reshuffle")]),
        (6, &[("pair_of_twos", "-4")]),
        (
            4,
            &[
                ("empty_stock", "reshuffle"),
                ("flip_after_discard", "required"),
            ],
        ),
        (2, &[]),
    ];
    let knobs = [
        Params::default(),
        Params::new(vec![("patience".into(), 1.0)]),
    ];
    let mut l = ActionList::new();
    let mut rng = GameRng::new(5, 5);
    let mut compared = 0u32;
    for p in &knobs {
        let mut kept: Vec<Greedy> = (0..6).map(|_| Greedy::new(p)).collect();
        for round in 0..3 {
            for (c, (players, kv)) in cases.iter().enumerate() {
                let mut r = GolfRules::default();
                kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
                for d in 0..15 {
                    let deal = (round * 100 + c * 20 + d) as u64;
                    let table = Table::first(*players);
                    let mut g = Golf::deal(&r, &table, &mut GameRng::new(17, deal));
                    let mut fresh: Vec<Greedy> = (0..*players).map(|_| Greedy::new(p)).collect();
                    for s in 0..*players {
                        kept[s].begin_deal(s);
                        fresh[s].begin_deal(s);
                    }
                    while let Some(seat) = g.to_act() {
                        let v = g.view(seat);
                        let a = kept[seat].act(&v, &l, &mut rng);
                        let b = fresh[seat].act(&v, &l, &mut rng);
                        assert_eq!(a, b, "deal {deal}\n{}", g.render());
                        compared += 1;
                        g.apply(a);
                    }
                    l.clear();
                }
            }
        }
    }
    assert!(compared > 20_000, "{compared} decisions");
}

/// The lowest opponent estimate kept for the rest of a turn equals the minimum worked out
/// afresh, asked at every decision (twice: as the draw and the placement ask) by one bot
/// kept across deals for the seat to act; tables changed within deals (patience 1).
struct OpponentCheck(Greedy, u32);

impl Observer<Golf> for OpponentCheck {
    fn start(&mut self, _g: &Golf, _table: &Table) {
        self.0.begin_deal(0);
    }

    fn before(&mut self, g: &Golf, seat: usize, _legal: &[Action]) {
        let v = g.view(seat);
        if v.phase() == Phase::Opening {
            return;
        }
        let h = &mut self.0;
        h.refresh(
            v.rules(),
            h.unknown + 10 * (v.turns() / v.players() as u32) as i32,
        );
        let plain = (0..v.players())
            .filter(|&o| o != seat)
            .map(|o| h.standing(&v, &v.keys(o)))
            .min()
            .unwrap();
        assert_eq!(h.best_opponent(&v), plain, "seat {seat}\n{}", g.render());
        assert_eq!(h.best_opponent(&v), plain, "again, seat {seat}");
        self.1 += 1;
    }
}

#[test]
fn the_kept_best_opponent_equals_a_fresh_minimum() {
    let mut buf = ActionList::new();
    let mut obs = OpponentCheck(Greedy::new(&Params::default()), 0);
    let variants = [
        (("row_rule", "off"), 3),
        (("box", "off"), 4),
        (("jokers", "on"), 6),
        (("flip_after_discard", "optional"), 4),
    ];
    for (kv, players) in variants {
        let mut r = GolfRules::default();
        r.set(kv.0, kv.1).unwrap();
        for name in ["greedy", "random"] {
            observe(&r, name, players, 20, 53, &mut buf, &mut obs);
        }
    }
    assert!(obs.1 > 5_000, "{} answers", obs.1);
}
