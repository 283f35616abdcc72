//! Tests of `chance.rs`: the packed choice against [`Model::improve`], and each seat's
//! going-out factor against the previous way of counting it (a sort per seat, the moves of
//! every placed card recomputed).

use super::*;
use crate::games::golf::scoring::JOKER;

/// [`unseen`] counted the long way, from every card the view shows (for tests).
pub(in crate::games::golf) fn unseen_recount(v: &View) -> Unseen {
    let decks = v.rules().decks_for(v.players()) as i32;
    let mut n = [4 * decks; 16];
    n[JOKER as usize] = if v.rules().jokers { 2 * decks } else { 0 };
    for &c in v.discard() {
        n[crate::games::golf::scoring::key(c) as usize & 15] -= 1;
    }
    for s in 0..v.players() {
        for k in v.keys(s) {
            n[k as usize & 15] -= 1;
        }
    }
    if let Some(h) = v.held() {
        n[crate::games::golf::scoring::key(h) as usize & 15] -= 1;
    }
    n[UNKNOWN as usize] = 0;
    n[14] = 0;
    let all = Pool {
        n: n.map(|x| x.max(0)),
        total: n.iter().map(|&x| x.max(0)).sum(),
    };
    Unseen::split(all, v)
}

/// [`Best`] chooses what [`Model::improve`] chooses (key by key and for all keys at
/// once), for grids of few distinct keys (pairs, shared partners, face-down cards) and
/// every card, with and without a value for a pair of 2s.
#[test]
fn the_packed_choice_equals_improve() {
    let mut rng = crate::cards::GameRng::new(8, 8);
    for twos in [0, -40] {
        let mut vals = [0; 16];
        for (k, v) in vals.iter_mut().enumerate() {
            *v = [
                10, -20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 100, 0, -20, 0, 47,
            ][k];
        }
        let m = Model {
            vals,
            twos,
            delta: 0,
        };
        for _ in 0..20_000 {
            let keys: [u8; 6] = std::array::from_fn(|_| [1, 4, 9, 12, 13, UNKNOWN][rng.index(6)]);
            let cur: [i32; 6] = std::array::from_fn(|p| m.col(keys[p], keys[(p + 3) % 6]));
            let best = Best::new(&m, &keys, &cur);
            let all = best.all(&m);
            for x in 0..14u8 {
                let (at, _, pos) = m.improve(&keys, &cur, 500, x);
                assert_eq!(best.of(&m, x), (500 - at, pos), "{keys:?} {x}");
                assert_eq!(
                    Best::unpack(all[x as usize]),
                    (500 - at, pos),
                    "{keys:?} {x}"
                );
            }
        }
    }
}

/// Moves (tenths) sorted, with the copies giving each: how many outcomes reach a
/// threshold (the count before [`Moves`]).
struct Sorted {
    /// Moves (tenths), ascending.
    m: [i32; 14],
    /// `above[k]`: copies giving the moves `m[k..]`.
    above: [i32; 15],
    len: usize,
}

impl Sorted {
    /// The moves of the keys with copies in `down`.
    fn new(moves: &[i32; 14], down: &Pool) -> Sorted {
        let mut s = Sorted {
            m: [0; 14],
            above: [0; 15],
            len: 0,
        };
        let mut w = [0i32; 14];
        for y in 0..14 {
            if down.n[y] > 0 {
                // Insertion keeps `m` ascending.
                let mut k = s.len;
                while k > 0 && s.m[k - 1] > moves[y] {
                    (s.m[k], w[k]) = (s.m[k - 1], w[k - 1]);
                    k -= 1;
                }
                (s.m[k], w[k]) = (moves[y], down.n[y]);
                s.len += 1;
            }
        }
        for k in (0..s.len).rev() {
            s.above[k] = s.above[k + 1] + w[k];
        }
        s
    }

    /// Copies whose move is at least `t`.
    fn at_least(&self, t: i32) -> i32 {
        self.above[self.m[..self.len].partition_point(|&x| x < t)]
    }
}

/// The moves of a grid sorted, as the factor counted them before [`Moves`]: one outcome of
/// move 0 when nothing moves.
fn sorted_then(moves: &[i32; 14], down: &Pool) -> (Sorted, i32) {
    if moves.iter().all(|&x| x == 0) || down.total <= 0 {
        let one = Pool {
            n: std::array::from_fn(|k| i32::from(k == 0)),
            total: 1,
        };
        return (Sorted::new(&[0; 14], &one), 1);
    }
    (Sorted::new(moves, down), down.total)
}

/// [`seat_factor`] as it was counted before: a sort of the seat's moves, and the moves of
/// the grid recomputed for each card put beside its first face-down card.
fn seat_factor_then(m: &Model, v: &View, s: usize, now: i32, u: &Unseen, hi: i32) -> f64 {
    let keys = v.keys(s);
    let q = first_down(&keys);
    let (base, base_total) = sorted_then(&m.moves(&keys, &u.down), &u.down);
    // A final turn draws from the stock; without final turns the grid stands as it is.
    let draws = u.stock.total > 0 && v.rules().final_turns;
    let cur: [i32; 6] = std::array::from_fn(|p| m.col(keys[p], keys[(p + 3) % 6]));
    let best = Best::new(m, &keys, &cur);
    let (mut twice, mut all) = (0i64, 0i64);
    for x in 0..14u8 {
        let nx = if draws {
            u.stock.n[x as usize]
        } else {
            i32::from(x == 0)
        };
        if nx == 0 {
            continue;
        }
        let (at, put, pos) = match draws {
            true => {
                let (gain, pos) = best.of(m, x);
                (now - gain, x, pos)
            }
            false => (now, 0, 6),
        };
        let (above, from, total) = if q < 6 && pos < 6 && pos % 3 == q % 3 {
            let mut k = keys;
            k[pos] = put;
            let (sorted, total) = sorted_then(&m.moves(&k, &u.down), &u.down);
            (
                sorted.at_least(hi - at),
                sorted.at_least(hi - 10 - at),
                total,
            )
        } else {
            (
                base.at_least(hi - at),
                base.at_least(hi - 10 - at),
                base_total,
            )
        };
        twice += nx as i64 * (above + from) as i64;
        all += nx as i64 * total as i64;
    }
    twice as f64 / (2 * all.max(1)) as f64
}

/// Checks every seat's factor against [`seat_factor_then`] at every decision, for the
/// bot's scores around every seat's.
struct FactorCheck(u64);

impl crate::sim::Observer<crate::games::golf::Golf> for FactorCheck {
    fn before(
        &mut self,
        g: &crate::games::golf::Golf,
        seat: usize,
        _legal: &[crate::games::golf::Action],
    ) {
        use crate::game::Game;
        let v = g.view(seat);
        let base = super::super::super::scoring::value_table(v.rules(), 50);
        let u = unseen(&v, &shoe(&v));
        let m = Model::new(&base, v.rules(), &u.down);
        let mv = Moves::new(&m, &u.down, &value_steps(&m.vals));
        for s in (0..v.players()).filter(|&s| s != seat) {
            let now = m.score(&v.keys(s), v.rules());
            for hi in (-255..=400).step_by(35) {
                let (a, b) = (
                    seat_factor(&m, &mv, &v, s, now, &u, hi),
                    seat_factor_then(&m, &v, s, now, &u, hi),
                );
                assert_eq!(a.to_bits(), b.to_bits(), "seat {s} hi {hi}\n{}", g.render());
                self.0 += 1;
            }
        }
    }
}

/// Each seat's factor counted with [`Moves`] equals the previous count, bit for bit, over
/// whole deals of greedy and random play under several rule sets (jokers, two decks,
/// reshuffled stocks, a pair of 2s worth points, no final turns).
#[test]
fn the_factor_equals_the_previous_count() {
    use crate::game::{ActionList, Rules, Table};
    use crate::games::golf::{Golf, GolfRules};
    use crate::sim::{deal_rngs, play_deal};
    use crate::strategy::{build, resolve};
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[
            ("jokers", "on"),
            ("decks", "2"),
            ("empty_stock", "reshuffle"),
        ],
        &[("pair_of_twos", "-4"), ("empty_stock", "reshuffle")],
        &[("final_turns", "no")],
    ];
    let mut buf = ActionList::new();
    let mut obs = FactorCheck(0);
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        for name in ["random", "greedy"] {
            let spec = resolve::<Golf>(name).unwrap();
            let mut seats: Vec<_> = (0..3).map(|_| build::<Golf>(&spec)).collect();
            for i in 0..20 {
                let rngs = &mut deal_rngs(23, i, 0);
                play_deal(&r, &Table::first(3), rngs, &mut seats, &mut buf, &mut obs);
            }
        }
    }
    assert!(obs.0 > 50_000, "{} factors", obs.0);
}

/// [`Moves::count2`] (a table of copies by value) counts what comparing each key's move
/// ([`Model::moves`]) counts, for every partner and threshold: whole-point values (the
/// table) and values that are not (each key compared), with and without a value for a
/// pair of 2s.
#[test]
fn the_value_table_counts_each_keys_move() {
    let mut rng = crate::cards::GameRng::new(9, 9);
    for round in 0..4000 {
        let whole = round % 2 == 0;
        let mut vals = [0i32; 16];
        for v in vals.iter_mut().take(14) {
            *v = (rng.index(16) as i32 - 3) * 10 + if whole { 0 } else { rng.index(10) as i32 };
        }
        vals[UNKNOWN as usize] = rng.index(160) as i32 - 30;
        let n: [i32; 16] = std::array::from_fn(|k| match k < 14 {
            true => rng.index(4) as i32,
            false => 0,
        });
        let down = Pool {
            n,
            total: n.iter().sum(),
        };
        let m = Model {
            vals,
            twos: [0, -40][rng.index(2)],
            delta: 0,
        };
        let mv = Moves::new(&m, &down, &value_steps(&m.vals));
        for b in (0..14).chain([UNKNOWN, NO_DOWN]) {
            // The first face-down card at position 0, its partner b below it.
            let keys = match b {
                NO_DOWN => [0, 1, 2, 3, 4, 5],
                _ => [UNKNOWN, 1, 2, b, 4, 5],
            };
            let moves = m.moves(&keys, &down);
            for t in (-300..300).step_by(7) {
                let want = if moves.iter().all(|&x| x == 0) || down.total <= 0 {
                    (i32::from(0 >= t) + i32::from(0 >= t - 10), 1)
                } else {
                    let reach = (0..14)
                        .map(|y| n[y] * (i32::from(moves[y] >= t) + i32::from(moves[y] >= t - 10)))
                        .sum();
                    (reach, down.total)
                };
                assert_eq!(mv.count2(b, t), want, "{vals:?} {n:?} b {b} t {t}");
            }
        }
    }
}

/// [`Spots`] puts each unseen key's moved score where [`index`] puts the score plus that
/// key's move ([`Model::moves`]), and finds nothing moving exactly when every move is 0:
/// whole-point values and values that are not, all values at the mean, empty pools, every
/// partner of the first face-down card.
#[test]
fn the_spots_land_where_the_moves_do() {
    let mut rng = crate::cards::GameRng::new(11, 3);
    let mut moved = 0;
    for round in 0..3000 {
        let whole = round % 2 == 0;
        let flat = round % 5 == 0;
        let mut vals = [0i32; 16];
        for v in vals.iter_mut().take(14) {
            *v = (rng.index(16) as i32 - 3) * 10 + if whole { 0 } else { rng.index(10) as i32 };
        }
        vals[UNKNOWN as usize] = rng.index(160) as i32 - 30;
        if flat {
            vals = [40; 16];
        }
        let n: [i32; 16] = std::array::from_fn(|k| match k < 14 && round % 11 != 0 {
            true => rng.index(4) as i32,
            false => 0,
        });
        let down = Pool {
            n,
            total: n.iter().sum(),
        };
        let m = Model {
            vals,
            twos: [0, -40][rng.index(2)],
            delta: 0,
        };
        let sp = Spots::new(&m);
        // Renewed from the spots of other values, or of the same values and another mean
        // (what the next table keeps): the same spots.
        let mut other = m;
        other.vals[UNKNOWN as usize] = rng.index(160) as i32 - 30;
        assert_eq!(Spots::new(&other).renewed(&m), sp, "{vals:?}");
        assert_eq!(WinTable::EMPTY.spots.renewed(&m), sp, "{vals:?}");
        for _ in 0..8 {
            let keys: [u8; 6] = std::array::from_fn(|_| match rng.index(3) {
                0 => UNKNOWN,
                _ => rng.index(14) as u8,
            });
            let moves = m.moves(&keys, &down);
            let none = moves.iter().all(|&x| x == 0) || down.total <= 0;
            let got = sp.moving(&m, &keys, down.total);
            assert_eq!(got.is_none(), none, "{vals:?} {keys:?} {n:?}");
            if let Some(mv) = got {
                moved += 1;
                for at in (-900..1500).step_by(13) {
                    let want: [usize; 14] = std::array::from_fn(|y| index(at + moves[y]));
                    assert_eq!(sp.of(at, mv), want, "{vals:?} {keys:?} at {at}");
                }
            }
        }
    }
    assert!(moved > 10_000, "{moved}");
}

/// [`Model::score`] (three columns unless a row or a box) equals scoring the grid in full,
/// and [`Model::score_packed`] (the base tables plus the face-down cards' excess) equals
/// both, under every scoring switch, for grids of few distinct keys (pairs, rows, boxes).
#[test]
fn the_column_score_equals_the_full_score() {
    use crate::game::Rules;
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("jokers", "on"), ("pair_of_twos", "-4")],
        &[("row_rule", "off"), ("box", "off")],
        &[("box", "-40"), ("pair_of_twos", "-4")],
    ];
    let mut rng = crate::cards::GameRng::new(4, 4);
    for kv in variants {
        let mut r = super::super::GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        let base = super::super::super::scoring::value_table(&r, 50);
        let down = Pool {
            n: std::array::from_fn(|k| i32::from(k < 14) * 3),
            total: 42,
        };
        let m = Model::new(&base, &r, &down);
        let t = Tables::new(&r, 50, 50, None);
        for _ in 0..20_000 {
            let keys: [u8; 6] = std::array::from_fn(|_| [1, 4, 13, UNKNOWN][rng.index(4)]);
            assert_eq!(
                m.score(&keys, &r),
                score_tenths(&keys, &m.vals, &r),
                "{keys:?}"
            );
            assert_eq!(
                m.score_packed(&t, &r, pack(&keys)),
                m.score(&keys, &r),
                "{keys:?}"
            );
        }
    }
}

/// [`WinTable::p_win`] as it was counted before: the grid scored key by key
/// ([`Model::score`]), and only the unseen keys with copies added, each on its own.
fn p_win_then(wt: &WinTable, keys: &[u8; 6], down: &Pool, rules: &super::super::GolfRules) -> f64 {
    let at = wt.model.score(keys, rules);
    let Some((b, mb)) = wt.spots.moving(&wt.model, keys, down.total) else {
        return wt.w[index(at)];
    };
    let sp = &wt.spots;
    let i0 = (at - sp.mean + 5).div_euclid(10) + OFF;
    let mut p = 0.0;
    for y in 0..14 {
        if down.n[y] > 0 {
            let i = if y == b {
                index(at + mb)
            } else if sp.whole {
                (i0 + sp.pts[y]).clamp(0, LEN as i32 - 1) as usize
            } else {
                index(at + sp.vals[y] - sp.mean)
            };
            p += down.n[y] as f64 * wt.w[i];
        }
    }
    p / down.total as f64
}

/// Builds the chance table of every seat to act and checks [`WinTable::p_win`] against
/// [`p_win_then`] for its grid with each position replaced by a few keys.
struct WinCheck(u64);

impl crate::sim::Observer<crate::games::golf::Golf> for WinCheck {
    fn before(
        &mut self,
        g: &crate::games::golf::Golf,
        seat: usize,
        _legal: &[crate::games::golf::Action],
    ) {
        use crate::game::Game;
        let v = g.view(seat);
        let t = Tables::new(v.rules(), 50, 50, None);
        let u = unseen(&v, &shoe(&v));
        let mut wt = WinTable::EMPTY;
        wt.build(&v, &t, &u, |s| s % 2 == 0, (None, &[0; MAX_SEATS]));
        let keys = v.keys(seat);
        for p in 0..6 {
            for x in [0, 1, 4, 9, 12, 13, UNKNOWN] {
                let mut k = keys;
                k[p] = x;
                let (a, b) = (
                    wt.p_win(&t, &k, &u.down, v.rules()),
                    p_win_then(&wt, &k, &u.down, v.rules()),
                );
                assert_eq!(a.to_bits(), b.to_bits(), "{k:?}\n{}", g.render());
                // The packed grid's chance (its first face-down card found by word
                // operations): the same, bit for bit.
                let c = wt.p_win_packed(&t, pack(&k), &u.down, v.rules());
                assert_eq!(c.to_bits(), b.to_bits(), "{k:?}\n{}", g.render());
                self.0 += 1;
            }
        }
    }
}

/// The chance to win read off a table ([`WinTable::p_win`]: the base tables' score, no
/// branch per key) equals the previous count, bit for bit, over whole deals of greedy and
/// random play under several rule sets (jokers, two decks, reshuffles, rows and boxes off).
#[test]
fn the_chance_to_win_equals_the_previous_count() {
    use crate::game::{ActionList, Rules, Table};
    use crate::games::golf::{Golf, GolfRules};
    use crate::sim::{deal_rngs, play_deal};
    use crate::strategy::{build, resolve};
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[
            ("jokers", "on"),
            ("decks", "2"),
            ("empty_stock", "reshuffle"),
        ],
        &[("pair_of_twos", "-4"), ("row_rule", "off"), ("box", "off")],
    ];
    let mut buf = ActionList::new();
    let mut obs = WinCheck(0);
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        for name in ["random", "greedy"] {
            let spec = resolve::<Golf>(name).unwrap();
            let mut seats: Vec<_> = (0..3).map(|_| build::<Golf>(&spec)).collect();
            for i in 0..10 {
                let rngs = &mut deal_rngs(29, i, 0);
                play_deal(&r, &Table::first(3), rngs, &mut seats, &mut buf, &mut obs);
            }
        }
    }
    assert!(obs.0 > 20_000, "{} chances", obs.0);
}

/// At every decision of 2-player deals, for every key on the discard: the table built with
/// the other seat finding that card ([`WinTable::build`]'s `taken`) equals the table built
/// with a stock of that one card when the card gains at least a stock card's expected gain
/// ([`Model::improve`] over the stock's unseen cards), and the table without it otherwise,
/// bit for bit.
#[test]
fn a_seat_takes_the_discard_when_it_beats_the_stock() {
    let (mut all, mut taken) = (0u64, 0u64);
    each_decision(2, 31, 6, |g, v, t, u| {
        let other = 1 - v.seat();
        let m = Model::new(&t.base_vals, v.rules(), &u.down);
        let keys = v.keys(other);
        let now = m.score_packed(t, v.rules(), v.packed_keys(other));
        let cur: [i32; 6] = std::array::from_fn(|p| m.col(keys[p], keys[(p + 3) % 6]));
        let gain = |x: u8| now - m.improve(&keys, &cur, now, x).0;
        let ev: i64 = (0..14u8)
            .map(|x| u.stock.n[x as usize] as i64 * gain(x) as i64)
            .sum();
        let (mut with, mut want) = (WinTable::EMPTY, WinTable::EMPTY);
        for c in 0..14u8 {
            with.build(v, t, u, |_| true, (Some((other, c)), &[0; MAX_SEATS]));
            let takes = gain(c) as i64 * u.stock.total as i64 >= ev;
            let mut one = *u;
            if takes {
                one.stock.n = [0; 16];
                one.stock.n[c as usize] = 1;
                one.stock.total = 1;
                taken += 1;
            }
            want.build(v, t, &one, |_| true, (None, &[0; MAX_SEATS]));
            let same = with
                .w
                .iter()
                .zip(&want.w)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(
                same,
                "key {c}, takes {takes}\n{}",
                crate::game::Game::render(g)
            );
            all += 1;
        }
    });
    // Both branches are met many times.
    assert!(taken > 500 && all - taken > 500, "{taken} of {all} taken");
}

/// Plays `deals` default Golf deals of `players` greedy seats (deal seeds from `seed`) and
/// calls `check` at every decision with stock cards unseen: the deal, the deciding seat's
/// view, fresh tables and its unseen cards.
pub(super) fn each_decision(
    players: usize,
    seed: u64,
    deals: u64,
    check: impl FnMut(&crate::games::golf::Golf, &View, &Tables, &Unseen),
) {
    use crate::game::{ActionList, Game, Table};
    use crate::games::golf::{Action, Golf, GolfRules};
    use crate::sim::{Observer, deal_rngs, play_deal};
    use crate::strategy::{build, resolve};
    struct Each<F>(F);
    impl<F: FnMut(&Golf, &View, &Tables, &Unseen)> Observer<Golf> for Each<F> {
        fn before(&mut self, g: &Golf, seat: usize, _legal: &[Action]) {
            let v = g.view(seat);
            let t = Tables::new(v.rules(), 50, 50, None);
            let u = unseen(&v, &shoe(&v));
            if u.stock.total > 0 {
                (self.0)(g, &v, &t, &u);
            }
        }
    }
    let mut buf = ActionList::new();
    let spec = resolve::<Golf>("greedy").unwrap();
    let mut seats: Vec<_> = (0..players).map(|_| build::<Golf>(&spec)).collect();
    let table = Table::first(players);
    let mut obs = Each(check);
    for i in 0..deals {
        let rngs = &mut deal_rngs(seed, i, 0);
        play_deal(
            &GolfRules::default(),
            &table,
            rngs,
            &mut seats,
            &mut buf,
            &mut obs,
        );
    }
}
