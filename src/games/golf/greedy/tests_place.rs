//! Tests of the placement's shortcuts against the computations they replace: the two
//! maxima of [`split_max`] and the moved face-down maximum against moving every face-down
//! position, the counted placement against the position-by-position rule, the own grid's
//! estimate read off its kept data against the packed estimate, and the lowest opponent
//! estimate (kept per grid) against one worked out afresh, and a final turn's certain loss
//! read off packed grids against the one over arrays of keys; the stock sum the short way
//! against the six gains per key.

use super::super::Greedy;
use super::super::grid::{Own, max_but, split_max, unpack_max, unpack_one};
use super::super::tests::pack_keys;
use crate::cards::{Card, GameRng};
use crate::game::{ActionList, Game, Rules, Table};
use crate::games::golf::Golf;
use crate::games::golf::rules::GolfRules;
use crate::games::golf::scoring::{UNKNOWN, key};
use crate::games::golf::state::{Action, Phase};
use crate::games::golf::view::View;
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{Params, Strategy, build, resolve};

/// Random packed gains (`gain * 8 + 7 - p`), gains from -`spread` to `spread` tenths.
fn packed(rng: &mut GameRng, spread: usize) -> [i32; 6] {
    std::array::from_fn(|p| (rng.index(2 * spread + 1) as i32 - spread as i32) * 8 + 7 - p as i32)
}

#[test]
fn split_maxima_equal_the_maxima_position_by_position() {
    let mut rng = GameRng::new(11, 2);
    for _ in 0..5_000 {
        let g = packed(&mut rng, 400);
        for down in 0..64u8 {
            let (mut up, mut dn) = (i32::MIN, i32::MIN);
            for (p, &x) in g.iter().enumerate() {
                match down >> p & 1 == 1 {
                    true => dn = dn.max(x),
                    false => up = up.max(x),
                }
            }
            // Where there is no position, far below every gain.
            let (fu, fd) = split_max(&g, down);
            let far = |x: i32| x < -(1 << 27);
            assert!(fu == up || (up == i32::MIN && far(fu)), "{g:?} {down:06b}");
            assert!(fd == dn || (dn == i32::MIN && far(fd)), "{g:?} {down:06b}");
        }
    }
}

#[test]
fn the_moved_face_down_maximum_equals_moving_each_position() {
    let mut rng = GameRng::new(12, 2);
    for _ in 0..5_000 {
        // Few distinct gains, so that moved gains tie with face-up ones.
        let g = packed(&mut rng, 6);
        let off = rng.index(13) as i32 - 6;
        for down in 0..64u8 {
            let mut moved = g;
            for (p, x) in moved.iter_mut().enumerate() {
                if down >> p & 1 == 1 {
                    *x += 8 * off;
                }
            }
            let (up, dn) = split_max(&g, down);
            let dn = if down == 0 { i32::MIN } else { dn + 8 * off };
            assert_eq!(
                unpack_one(up.max(dn)),
                unpack_max(&moved),
                "{g:?} {down:06b} {off}"
            );
        }
    }
}

/// The counted placement as it was written position by position: the offset added at each
/// face-down position when it could matter, then the going-out rule on the moved gains.
fn reference(h: &mut Greedy, v: &View, ck: usize) -> (i32, u8) {
    let raw = h.gains_of(v, ck);
    let down = v.face_down(v.seat());
    let off = if down == 0 {
        0
    } else {
        let (mut up, mut dn) = (i32::MIN, i32::MIN);
        for (p, &x) in raw.iter().enumerate() {
            match down >> p & 1 == 1 {
                true => dn = dn.max(x),
                false => up = up.max(x),
            }
        }
        let t = h.tempo_for(down);
        let (dn, up) = ((dn >> 3) + t, h.keep_gain.max(up >> 3));
        if dn + 30 < up || dn - 30 > up {
            t
        } else {
            h.counted(v);
            h.count_off + t
        }
    };
    let mut g = raw;
    for (p, x) in g.iter_mut().enumerate() {
        if down >> p & 1 == 1 {
            *x += off * 8;
        }
    }
    let last = h.own.last_down as usize;
    if last < 6 && v.ender().is_none() {
        let gq = max_but(&g, last);
        let top = g[last] + 8 * h.go_out_bonus.max(-1000);
        if top > gq {
            // The pairing term and the gift charge are no part of the final score.
            let pair = match h.pair_chance && h.counting {
                true => h.pair_terms(v).held8(h.own.packed)[last] >> 3,
                false => 0,
            };
            let mine = h.own_estimate(v) - (raw[last] >> 3) - pair - h.gift_of(v, UNKNOWN as usize);
            let ok = h.may_go_out(v, mine);
            g[last] += 8 * if ok { h.go_out_bonus } else { -1000 };
            return unpack_max(&g);
        }
        return unpack_max(&[gq; 6]);
    }
    unpack_max(&g)
}

/// [`Greedy::certain_loss`] over arrays of keys, as it was written before it read packed
/// grids: the reference for it.
fn plain_certain_loss(h: &Greedy, v: &View, card: Card, p: usize) -> bool {
    let mut keys = v.keys(v.seat());
    if p < 6 {
        keys[p] = key(card);
    }
    if keys.contains(&UNKNOWN) {
        return false;
    }
    let mine = h.standing(v, &keys);
    (0..v.players()).any(|s| {
        let k = v.keys(s);
        s != v.seat()
            && !Greedy::still_to_play(v, s)
            && !k.contains(&UNKNOWN)
            && h.standing(v, &k) < mine
    })
}

/// At every draw and placement: the lowest opponent estimate (kept per grid) equals the
/// lowest worked out afresh, the own estimate equals the packed one, (on a final turn) the
/// certain loss equals the plain one for the discard at each position, and (but for a
/// discard's placement) the counted placement of every key equals the reference's. Counts
/// the placements compared and the certain losses found.
struct Check(Greedy, u32, usize);

impl Observer<Golf> for Check {
    // A new deal, as the runner tells a bot (its answers kept within a turn start afresh).
    fn start(&mut self, _g: &Golf, _table: &Table) {
        self.0.begin_deal(0);
    }

    fn before(&mut self, g: &Golf, seat: usize, _legal: &[Action]) {
        let v = g.view(seat);
        if !matches!(
            v.phase(),
            Phase::Draw | Phase::PlaceStock | Phase::PlaceDiscard
        ) {
            return;
        }
        let h = &mut self.0;
        h.set_shoe(&v);
        h.refresh(v.rules(), h.unknown);
        // The tempo credit in force (as a deal's first decision sets it), so that the
        // comparison covers it.
        h.set_tempo(v.rules());
        let fresh = (0..v.players())
            .filter(|&s| s != seat)
            .map(|s| h.standing(&v, &v.keys(s)))
            .min()
            .unwrap();
        assert_eq!(h.best_opponent(&v), fresh, "\n{}", g.render());
        // On a final turn: the certain loss read off packed grids equals the plain one.
        if let (Some(_), Some(&top)) = (v.ender(), v.discard().last()) {
            for p in 0..7 {
                let want = plain_certain_loss(h, &v, top, p);
                assert_eq!(h.certain_loss(&v, top, p), want, "{p}\n{}", g.render());
                self.2 += usize::from(want);
            }
        }
        if v.phase() == Phase::PlaceDiscard {
            return;
        }
        // The own grid's estimate read off the kept grid data equals the packed estimate.
        h.gains_of(&v, 0);
        h.own.est = super::super::grid::NO_ESTIMATE;
        let packed = v.packed_keys(seat);
        assert_eq!(h.own_estimate(&v), h.estimate_packed(v.rules(), packed));
        let held = v.held().map(|c| key(c) as usize);
        for ck in held.into_iter().chain(0..14) {
            let fast = h.counted_place(&v, ck, None, None);
            assert_eq!(fast, reference(h, &v, ck), "key {ck}\n{}", g.render());
            // Told that a gain below `keep_gain` throws the card: the same answer, or one
            // below it as the plain answer is (the card thrown either way).
            let keep = h.keep_gain;
            let thrown = h.counted_place(&v, ck, None, Some(keep));
            assert!(
                thrown == fast || (thrown.0 < keep && fast.0 < keep),
                "key {ck}: {thrown:?} against {fast:?}\n{}",
                g.render()
            );
            self.1 += 1;
        }
    }
}

#[test]
fn the_counted_placement_equals_the_position_by_position_rule() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("jokers", "on"), ("pair_of_twos", "-4")],
        &[("row_rule", "off"), ("box", "-40")],
        &[
            ("empty_stock", "reshuffle"),
            ("flip_after_discard", "optional"),
        ],
    ];
    let mut buf = ActionList::new();
    for (i, kv) in variants.iter().enumerate() {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        let mut obs = Check(Greedy::new(&Params::default()), 0, 0);
        // A bonus large either way, so that both going-out answers turn up.
        obs.0.go_out_bonus = [30, 80, -20, 0][i];
        for name in ["random", "greedy"] {
            let spec = resolve::<Golf>(name).unwrap();
            let mut seats: Vec<_> = (0..3).map(|_| build::<Golf>(&spec)).collect();
            for d in 0..60 {
                let rngs = &mut deal_rngs(31, d, 0);
                play_deal(&r, &Table::first(3), rngs, &mut seats, &mut buf, &mut obs);
            }
        }
        assert!(obs.1 > 10_000, "{} comparisons", obs.1);
        assert!(obs.2 > 0, "no certain loss");
    }
}

/// The stock's expected gain summed the short way equals the maximum of the six gains per
/// key, for grids of few distinct keys (pairs and shared partners), face-down offsets, a
/// position ruled out (going out), the pairing chance's terms and every scoring switch.
#[test]
fn the_stock_sum_equals_the_maximum_per_key() {
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("jokers", "on"), ("pair_of_twos", "-4")],
        &[("row_rule", "off"), ("box", "-40")],
    ];
    let mut rng = GameRng::new(5, 5);
    for kv in variants {
        let mut r = GolfRules::default();
        kv.iter().for_each(|(k, v)| r.set(k, v).unwrap());
        let mut g = Greedy::new(&Params::default());
        g.refresh(&r, g.unknown + 10 * rng.index(3) as i32);
        for _ in 0..20_000 {
            let keys: [u8; 6] = std::array::from_fn(|_| [1, 5, 9, 13, UNKNOWN][rng.index(5)]);
            let own = Own::new(pack_keys(&keys), &g.tables, &r);
            let off = rng.index(41) as i32 - 20;
            let out = rng.index(8);
            let add: [i32; 6] = std::array::from_fn(|p| match p == out {
                true => i32::MIN / 2,
                false if keys[p] == UNKNOWN => off * 8,
                false => 0,
            });
            let n: [i32; 16] = std::array::from_fn(|x| match x < 14 {
                true => rng.index(4) as i32 - 1,
                false => 0,
            });
            let keep = rng.index(20) as i32 - 5;
            // The pairing chance's terms over face-down partners (whole tenths), or none.
            let over: [i32; 16] = match rng.index(2) {
                0 => [0; 16],
                _ => std::array::from_fn(|x| 8 * rng.index(12) as i32 * i32::from(x < 14)),
            };
            // What throwing each key costs (tenths), or nothing.
            let thrown: [i32; 16] = match rng.index(2) {
                0 => [0; 16],
                _ => std::array::from_fn(|x| rng.index(15) as i32 * i32::from(x < 14)),
            };
            let mut want = 0i64;
            for x in (0..14).filter(|&x| n[x] > 0) {
                let gains = own.gains(&g.tables, x);
                let (best, _) = unpack_max(&std::array::from_fn(|p| {
                    let down_partner = keys[(p + 3) % 6] == UNKNOWN;
                    gains[p] + add[p] + if down_partner { over[x] } else { 0 }
                }));
                let kept = best + thrown[x] >= keep;
                want += i64::from(n[x]) * i64::from(if kept { best } else { -thrown[x] });
            }
            let got = own.stock_sum(&g.tables, &add, &n, keep, &over, &thrown);
            assert_eq!(got, want, "{keys:?} {add:?} {n:?} {keep}");
        }
    }
}
