//! The chance to win that going out gives ([`chance_out`]): each other seat's final score
//! after one more turn, counted in whole copies of the unseen cards, against the bot's. On a
//! match's last hole every seat's score counts with how far its match total is from the
//! bot's.

// A key indexes several tables at once (copies, moves, values): loops run over keys.
#![allow(clippy::needless_range_loop)]

use super::*;

/// The chance (ties counting half) that a final score of `mine` tenths beats every other
/// seat after each plays one more turn: the product of one factor per seat, in seat order.
/// On a match's last hole each seat's score counts with its `shift` (see `Greedy::shift`):
/// the chance to win the match.
///
/// Each factor is at most 1, so the chance is at most any factor and at most the product of
/// any of them (up to rounding): the seats are visited from the lowest score estimate (the
/// likeliest to beat the bot), and once those seen bring the chance below `stop_below`
/// (with a margin far above rounding) the rest are skipped and that product (below it)
/// returned. Otherwise the factors are multiplied in seat order, as always.
pub(in crate::games::golf::greedy) fn chance_out(
    v: &View,
    t: &Tables,
    u: &Unseen,
    (mine, shift): (i32, &[i32; MAX_SEATS]),
    stop_below: f64,
) -> f64 {
    let m = Model::new(&t.base_vals, v.rules(), &u.down);
    // Seat s beats the bot in the match when its score is below the bot's less its shift.
    // A score of t tenths indexes above i from `hi` on, and at i from `hi - 10`.
    let hi_of = |s: usize| 10 * (index(mine - 10 * shift[s]) as i32 - OFF + 1) - 5;
    let (n, me) = (v.players(), v.seat());
    let mut order = [(0i32, 0usize); MAX_SEATS];
    for (k, s) in (0..n).filter(|&s| s != me).enumerate() {
        let now = m.score_packed(t, v.rules(), v.packed_keys(s));
        order[k] = (now + 10 * shift[s], s);
    }
    let order = &mut order[..n - 1];
    order.sort_unstable();
    let mv = Moves::new(&m, &u.down, &t.steps);
    let mut factor = [1.0f64; MAX_SEATS];
    let mut seen = 1.0;
    for &(ahead, s) in order.iter() {
        let now = ahead - 10 * shift[s];
        factor[s] = seat_factor(&m, &mv, v, s, now, u, hi_of(s));
        seen *= factor[s];
        if seen == 0.0 || seen < stop_below * (1.0 - 1e-9) {
            return seen;
        }
    }
    let mut p = 1.0;
    for s in (0..n).filter(|&s| s != me) {
        p *= factor[s];
    }
    p
}

/// One seat's factor in [`chance_out`]: the chance that its final score, after one more
/// turn (none with `final_turns=no`), lands above the bot's (`hi`: the lowest tenths above the bot's point), ties
/// counting half. Counted in whole copies: for each stock card the seat's improved
/// estimate, then how many of its first face-down card's outcomes land above the bot's
/// score and how many on it ([`Moves::count`], for the partner that card then has).
pub(super) fn seat_factor(
    m: &Model,
    mv: &Moves,
    v: &View,
    s: usize,
    now: i32,
    u: &Unseen,
    hi: i32,
) -> f64 {
    let keys = v.keys(s);
    let q = first_down(&keys);
    // The partner code (see [`Moves::count2`]) of the first face-down card once a card is
    // at each position (6: thrown): only a card put on that card or beside it changes it;
    // put on it, the next face-down card becomes the first.
    let mut partner = [NO_DOWN; 7];
    if q < 6 {
        partner = [keys[(q + 3) % 6]; 7];
        partner[q] = match (q + 1..6).find(|&p| keys[p] == UNKNOWN) {
            Some(r) if (r + 3) % 6 == q => PUT,
            Some(r) => keys[(r + 3) % 6],
            None => NO_DOWN,
        };
        partner[(q + 3) % 6] = PUT;
    }
    if u.stock.total <= 0 || !v.rules().final_turns {
        // No stock card to draw, or no final turn to draw it in (`final_turns=no`: the
        // deal ends as the bot goes out): one outcome, the grid as it stands (key 0
        // counted once, thrown, as below).
        let (reach, total) = mv.count2(partner[6], hi - now);
        return reach as f64 / (2 * total.max(1)) as f64;
    }
    let col: [i32; 3] = std::array::from_fn(|c| m.col(keys[c], keys[c + 3]));
    let cur: [i32; 6] = std::array::from_fn(|p| col[p % 3]);
    // Each card's choice, for all keys at once; a card thrown away leaves the grid as it
    // stands: all of them are counted at once, the others one key at a time (whole
    // copies: the sums are the same in any order).
    let best = Best::new(m, &keys, &cur).all(m);
    // Over all 16 keys (14 and 15 have no copies), one loop ([`rolled`]): it ran unrolled.
    let n = &u.stock.n;
    let (mut thrown, mut kept) = (0i32, 0u32);
    for x in rolled(16) {
        let x = x & 15;
        thrown += n[x] & -i32::from(best[x] <= 7);
        kept |= u32::from((best[x] > 7) & (n[x] > 0)) << x;
    }
    let thrown = i64::from(thrown);
    let (mut twice, mut all) = (0i64, 0i64);
    while kept != 0 {
        let x = kept.trailing_zeros() as u8;
        kept &= kept - 1;
        let nx = n[x as usize];
        // Kept: the entry packs the gain and the position (see `Best::unpack`).
        let (gain, pos) = (best[x as usize] >> 3, 7 - (best[x as usize] & 7) as usize);
        let b = partner[pos.min(6)];
        let b = if b == PUT { x } else { b };
        // `hi - at` for the seat's score `at = now - gain` after the card.
        let (reach, total) = mv.count2(b, hi - now + gain);
        twice += nx as i64 * reach as i64;
        all += nx as i64 * total as i64;
    }
    let (reach, total) = mv.count2(partner[6], hi - now);
    twice += thrown * reach as i64;
    all += thrown * total as i64;
    twice as f64 / (2 * all.max(1)) as f64
}
