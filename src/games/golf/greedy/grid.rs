//! The grid data of `greedy`'s placement search: which swaps make rows or boxes, the packed
//! gains and their maximum, the value and column tables, and the bot's own grid kept across
//! its swaps.

use super::super::rules::GolfRules;
use super::super::scoring::{
    UNKNOWN, col_index, column_table, has_rows_or_boxes, packed_rows_or_boxes, score_tenths,
    value_table,
};

/// The other two positions of each position's row.
pub(super) const ROW_MATES: [[usize; 2]; 6] = [[1, 2], [0, 2], [0, 1], [4, 5], [3, 5], [3, 4]];

/// For each set `eq` of positions holding a card's key: the positions (bits) where putting
/// the card completes a row of three.
pub(super) const ROWS_MADE: [u8; 64] = made_table(false);
/// Likewise, the positions where it completes a column pair beside a pair of the same key: a
/// box.
pub(super) const BOXES_MADE: [u8; 64] = made_table(true);

pub(super) const fn made_table(boxes: bool) -> [u8; 64] {
    const fn has(eq: usize, p: usize) -> bool {
        eq >> p & 1 == 1
    }
    const fn pair(eq: usize, c: usize) -> bool {
        has(eq, c) && has(eq, c + 3)
    }
    let mut t = [0u8; 64];
    let mut eq = 0;
    while eq < 64 {
        let mut p = 0;
        while p < 6 {
            let c = p % 3;
            let made = if boxes {
                has(eq, (p + 3) % 6) && ((c > 0 && pair(eq, c - 1)) || (c < 2 && pair(eq, c + 1)))
            } else {
                has(eq, ROW_MATES[p][0]) && has(eq, ROW_MATES[p][1])
            };
            if made {
                t[eq] |= 1 << p;
            }
            p += 1;
        }
        eq += 1;
    }
    t
}

/// The largest gain and its position, outside position `skip` (6: none); ties go to the
/// lowest position.
pub(super) fn argmax(gains: &[i32; 6], skip: usize) -> (i32, u8) {
    let mut packed = gains.map(|g| g.saturating_mul(8));
    for (p, x) in packed.iter_mut().enumerate() {
        *x = if p == skip {
            i32::MIN
        } else {
            *x + 7 - p as i32
        };
    }
    unpack_max(&packed)
}

/// The largest of packed gains (see [`unpack_max`]) outside position `skip`.
#[inline(always)]
pub(super) fn max_but(packed: &[i32; 6], skip: usize) -> i32 {
    let mut m = i32::MIN;
    for (p, &x) in packed.iter().enumerate() {
        m = m.max([x, i32::MIN][usize::from(p == skip)]);
    }
    m
}

/// The maximum of gains packed as `gain * 8 + (7 - p)`, unpacked to (gain, p): one maximum
/// (no branches, no tie logic) finds the largest gain at its lowest position.
#[inline(always)]
pub(super) fn unpack_max(packed: &[i32; 6]) -> (i32, u8) {
    let m = packed.iter().copied().max().unwrap_or(i32::MIN);
    (m >> 3, 7 - (m & 7) as u8)
}

/// [`unpack_max`] of a maximum already taken.
#[inline(always)]
pub(super) fn unpack_one(m: i32) -> (i32, u8) {
    (m >> 3, 7 - (m & 7) as u8)
}

/// Far below any packed gain (gains are at most a few thousand tenths, times 8), and far
/// above `i32::MIN` less a gain: a position moved down by it is out of a maximum.
const OUT: i32 = -(1 << 28);

/// Per set of face-down positions: [`OUT`] at each face-down position, 0 elsewhere, then
/// the other way round (to add to packed gains: the face-up, then the face-down ones).
const SPLIT: [[[i32; 6]; 2]; 64] = {
    let mut t = [[[0; 6]; 2]; 64];
    let mut d = 0;
    while d < 64 {
        let mut p = 0;
        while p < 6 {
            let down = d >> p & 1 == 1;
            t[d][0][p] = if down { OUT } else { 0 };
            t[d][1][p] = if down { 0 } else { OUT };
            p += 1;
        }
        d += 1;
    }
    t
};

/// The largest of packed gains (see [`unpack_max`]) at a face-up position and at a
/// face-down one of `down`; where there is none, a value below every gain (by about
/// [`OUT`]). The other positions moved out of each maximum by an addition from a table:
/// two vector additions and two maxima, no branch.
#[inline(always)]
pub(super) fn split_max(packed: &[i32; 6], down: u8) -> (i32, i32) {
    let [u, d] = &SPLIT[down as usize & 63];
    let up: [i32; 6] = std::array::from_fn(|p| packed[p] + u[p]);
    let dn: [i32; 6] = std::array::from_fn(|p| packed[p] + d[p]);
    let max = |a: [i32; 6]| a.into_iter().max().unwrap_or(OUT);
    (max(up), max(dn))
}

/// The sum of a packed grid's three column entries in `cols` (its score when it has no
/// matching row or box); position p in byte p.
#[inline(always)]
pub(super) fn columns_packed(packed: u64, cols: &[i32; 256]) -> i32 {
    // Byte c: column c's table index, its top key in the high nibble (keys are at most 15,
    // so no nibble spills into the next byte).
    let i = (packed & 0xff_ffff) << 4 | (packed >> 24 & 0xff_ffff);
    cols[i as usize & 255] + cols[(i >> 8) as usize & 255] + cols[(i >> 16) as usize & 255]
}

/// The score (tenths) of a packed grid with face-down cards at `unknown_value` (the base
/// tables of `t`): its three columns unless it holds a matching row or a box.
#[inline(always)]
pub(super) fn standing_of(t: &Tables, rules: &GolfRules, packed: u64) -> i32 {
    match (t.rows | t.boxes) != 0 && packed_rows_or_boxes(packed, t.rows != 0, t.boxes != 0) {
        true => score_rare(packed, &t.base_vals, rules),
        false => columns_packed(packed, &t.base_cols),
    }
}

/// [`score_tenths`] of a packed grid, for the rare grids that hold a matching row or a box:
/// one copy out of line, not one inlined wherever a grid is scored (the common path only
/// adds three column entries).
#[cold]
#[inline(never)]
pub(super) fn score_rare(packed: u64, vals: &[i32; 16], rules: &GolfRules) -> i32 {
    score_tenths(&unpack(packed), vals, rules)
}

/// The face-down cards of a packed grid: a byte is [`UNKNOWN`] (15) exactly when adding 1
/// to it sets its bit 4 (keys are at most 15, so nothing carries into the next byte).
#[inline(always)]
pub(super) fn downs(packed: u64) -> i32 {
    const ONES: u64 = 0x0101_0101_0101;
    ((packed + ONES) >> 4 & ONES).count_ones() as i32
}

/// `0..n` with `n` hidden from the optimizer, so that a loop over it stays one loop rather
/// than `n` copies of its body: for the rare paths (the going-out chance, a final turn),
/// where the instruction cache misses of unrolled code cost more than a loop's counter.
#[inline(always)]
pub(super) fn rolled(n: usize) -> std::ops::Range<usize> {
    0..std::hint::black_box(n)
}

/// No grid packs to this (keys are at most 15).
pub(super) const NOT_SEEN: u64 = u64::MAX;

/// A packed grid's six keys.
#[inline]
pub(super) fn unpack(packed: u64) -> [u8; 6] {
    std::array::from_fn(|p| (packed >> (8 * p)) as u8)
}

/// What [`Tables`] depend on: the switches `jokers`, `pair_of_twos`, `row_rule` and `box`,
/// and the face-down estimate (tenths).
pub(super) type TablesKey = (bool, i32, bool, Option<i32>, i32);

/// Card values and column scores (tenths) under one set of rules, with face-down cards at
/// the bot's estimate.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// The switches and the face-down estimate (tenths) they were built for (`None`: not
    /// built yet).
    pub(super) rules: Option<TablesKey>,
    /// Card values with the bot's own face-down cards at the current estimate (the tables
    /// below are built from them).
    pub(super) vals: [i32; 16],
    /// Card values with face-down cards at `unknown_value`: for whether a seat is ahead.
    pub(super) base_vals: [i32; 16],
    /// Column scores by [`col_index`], times 8 (so that gains pack with their positions).
    pub(super) cols8: [i32; 256],
    /// Column scores by [`col_index`] under `base_vals`.
    pub(super) base_cols: [i32; 256],
    /// The column pair of each key (`cols8[k << 4 | k]`; `UNKNOWN`'s is two face-down cards).
    pub(super) diag8: [i32; 16],
    /// What a column pair of each key saves against its two cards' values (tenths): the
    /// pairing chance's unit (`pairs.rs`).
    pub(super) saves: [i32; 16],
    /// Per column (by [`col_index`]): each key's best gain (tenths) at either of its two
    /// positions, the column's score less its score with the key put there (0 for keys 14
    /// and 15): a grid's best gains without rows or boxes are the largest of its three
    /// columns' ([`Tables::best_gains`]).
    pub(super) col_best: [[i32; 16]; 256],
    /// Per byte of a word of nibbles (keys 2i and 2i+1 in byte i): the value of those
    /// copies under `base_vals` (see `unseen::word_sum`).
    pub(super) sum8: [[i32; 256]; 8],
    /// [`super::chance::value_steps`] of `base_vals`.
    pub(super) steps: ([u8; 14], bool),
    /// All ones when matching rows score 0, else 0.
    pub(super) rows: u8,
    /// All ones when boxes score, else 0.
    pub(super) boxes: u8,
}

impl Tables {
    /// The tables for `rules` with the bot's own face-down cards at `unknown` tenths and
    /// the others' at `base_unknown` (`unknown_value`); `key`: what they are for.
    pub(super) fn new(
        rules: &GolfRules,
        unknown: i32,
        base_unknown: i32,
        key: Option<TablesKey>,
    ) -> Tables {
        let vals = value_table(rules, unknown);
        let cols = column_table(rules, &vals);
        let base_vals = value_table(rules, base_unknown);
        Tables {
            rules: key,
            vals,
            base_vals,
            cols8: cols.map(|c| c * 8),
            diag8: std::array::from_fn(|k| cols[k << 4 | k] * 8),
            saves: std::array::from_fn(|k| 2 * vals[k] - cols[k << 4 | k]),
            col_best: column_best(&cols),
            base_cols: column_table(rules, &base_vals),
            sum8: super::chance::sum_table(&base_vals),
            steps: super::chance::value_steps(&base_vals),
            rows: if rules.row_rule { 0xff } else { 0 },
            boxes: if rules.box_score.is_some() { 0xff } else { 0 },
        }
    }

    /// A grid's best placement gain (tenths) for each key (0 for keys 14 and 15), from the
    /// column tables alone (rows and boxes not weighed): per key, the largest of its three
    /// columns' [`Tables::col_best`] entries.
    #[inline(always)]
    pub(super) fn best_gains(&self, packed: u64) -> [i32; 16] {
        // Byte c: column c's table index, as in `columns_packed`.
        let i = (packed & 0xff_ffff) << 4 | (packed >> 24 & 0xff_ffff);
        let [a, b, c] = [0, 8, 16].map(|s| &self.col_best[(i >> s) as usize & 255]);
        std::array::from_fn(|x| a[x].max(b[x]).max(c[x]))
    }
}

/// [`Tables::col_best`] of the column scores `cols` (tenths).
fn column_best(cols: &[i32; 256]) -> [[i32; 16]; 256] {
    std::array::from_fn(|i| {
        let (top, bottom) = ((i >> 4) as u8, (i & 15) as u8);
        std::array::from_fn(|x| match x < 14 {
            true => {
                let x = x as u8;
                let at_top = cols[i] - cols[col_index(x, bottom)];
                let at_bottom = cols[i] - cols[col_index(top, x)];
                at_top.max(at_bottom)
            }
            false => 0,
        })
    })
}

/// The bot's own grid as the placement search reads it, built once per grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Own {
    /// The grid (packed keys); [`NOT_SEEN`] before the first.
    pub(super) packed: u64,
    /// Per position: its column's table entry plus `7 - p` (see [`unpack_max`]).
    pub(super) base8: [i32; 6],
    /// Per position: its column's table index without this position's key.
    pub(super) other: [u8; 6],
    /// Per key: the positions holding it.
    pub(super) by_key: [u8; 16],
    /// All six positions when the grid already holds a matching row or a box, else none.
    pub(super) force: u8,
    /// The only face-down position, or 6 when there are several or none.
    pub(super) last_down: u8,
    /// The grid's estimate (tenths; see `Greedy::own_estimate`), [`NO_ESTIMATE`] until
    /// asked for.
    pub(super) est: i32,
}

/// [`Own::est`] before the grid's estimate is asked for.
pub(super) const NO_ESTIMATE: i32 = i32::MIN;

impl Own {
    pub(super) const NONE: Own = Own {
        packed: NOT_SEEN,
        base8: [0; 6],
        other: [0; 6],
        by_key: [0; 16],
        force: 0,
        last_down: 6,
        est: NO_ESTIMATE,
    };

    /// The data of grid `packed` under tables `t` (made for `_rules`).
    pub(super) fn new(packed: u64, t: &Tables, _rules: &GolfRules) -> Own {
        let mut by_key = [0u8; 16];
        for p in 0..6 {
            by_key[(packed >> (8 * p)) as usize & 15] |= 1 << p;
        }
        let down = by_key[UNKNOWN as usize];
        // Byte c: column c's table index, its top key in the high nibble (as in
        // `columns_packed`); each column's entry is looked up once.
        let i = (packed & 0xff_ffff) << 4 | (packed >> 24 & 0xff_ffff);
        let index = |c: usize| (i >> (8 * c)) as u8;
        let col: [i32; 3] =
            std::array::from_fn(|c| t.cols8[col_index(index(c) >> 4, index(c) & 15)]);
        Own {
            packed,
            base8: std::array::from_fn(|p| col[p % 3] + 7 - p as i32),
            // A top card's partner is the bottom key (low nibble), a bottom card's the top
            // key (high nibble).
            other: std::array::from_fn(|p| index(p % 3) & if p < 3 { 0x0f } else { 0xf0 }),
            by_key,
            force: if packed_rows_or_boxes(packed, t.rows != 0, t.boxes != 0) {
                63
            } else {
                0
            },
            last_down: last_down(down),
            est: NO_ESTIMATE,
        }
    }

    /// Becomes the grid with key `ck` put at position `p`: what [`Own::new`] gives for
    /// that grid, for a fraction of the work (one column changes, and a grid without a
    /// matching row or box gains one only if `ck` makes it).
    pub(super) fn swap(&mut self, p: usize, ck: u8, t: &Tables, rules: &GolfRules) {
        let shift = 8 * p as u32;
        let old = (self.packed >> shift) as usize & 15;
        let eq = self.by_key[ck as usize & 15] as usize & 63;
        // Byte p holds `old` alone (keys are at most 15).
        self.packed ^= ((old as u64) ^ u64::from(ck)) << shift;
        self.by_key[old] &= !(1 << p);
        self.by_key[ck as usize & 15] |= 1 << p;
        // Column and column partner of each position, read off tables (no division).
        const COLUMN: [usize; 6] = [0, 1, 2, 0, 1, 2];
        const PARTNER: [usize; 6] = [3, 4, 5, 0, 1, 2];
        let c = COLUMN[p];
        // The column's new table index: the partner's nibble (`other[p]`) and `ck`, as
        // `gains` reads it.
        let index = self.other[p] as usize | (ck as usize) << (4 * usize::from(p < 3));
        let col = t.cols8[index & 255];
        self.base8[c] = col + 7 - c as i32;
        self.base8[c + 3] = col + 4 - c as i32;
        // The partner's entry: `ck` in the high nibble for a top-row card (no branch).
        self.other[PARTNER[p]] = ck << (4 * u8::from(p < 3));
        self.force = if self.force == 0 {
            let made = (ROWS_MADE[eq] & t.rows) | (BOXES_MADE[eq] & t.boxes);
            0u8.wrapping_sub(made >> p & 1) & 63
        } else if has_rows_or_boxes(&unpack(self.packed), rules) {
            63
        } else {
            0
        };
        self.last_down = last_down(self.by_key[UNKNOWN as usize]);
        self.est = NO_ESTIMATE;
    }

    /// The grid's estimate (tenths; `Greedy::estimate_packed`): its three columns' entries,
    /// read off `base8`, unless it holds a matching row or a box.
    pub(super) fn estimate(&self, t: &Tables, rules: &GolfRules) -> i32 {
        if self.force != 0 {
            return score_rare(self.packed, &t.vals, rules);
        }
        // Each of `base8[0..3]` is its column's entry plus `7 - c`.
        (self.base8[0] + self.base8[1] + self.base8[2] - 18) >> 3
    }

    /// The gain of putting key `ck` at each position, from the column tables alone, packed
    /// with the position as `gain * 8 + (7 - p)` (see [`unpack_max`]).
    #[inline(always)]
    pub(super) fn gains(&self, t: &Tables, ck: usize) -> [i32; 6] {
        std::array::from_fn(|p| {
            let index = self.other[p] as usize | if p < 3 { ck << 4 } else { ck };
            self.base8[p] - t.cols8[index & 255]
        })
    }
}

impl Own {
    /// The sum over the keys `x` with copies in `n` of `n[x]` times the best gain of key `x`
    /// (unpacked from the largest of [`Own::gains`] plus `add`, per position), counting only
    /// gains of at least `keep`: the stock's expected gain times its size.
    ///
    /// A column's score is its two values unless the keys pair, so the gain at `p` is
    /// `base8[p] + add[p] - 8 * vals[partner]` (the same for every card) less `8 * vals[x]`,
    /// except where `x` pairs the partner. The best non-pairing position is the best overall
    /// unless its partner is `x`; then it is the best of those with another partner. Same
    /// sums as taking the maximum of the six gains for each key, for a third of the work.
    ///
    /// `over_down[x]` (eighths) is added to key `x`'s gain at each position over a face-down
    /// partner, which `x` never pairs yet: with the pairing chance, the chance that the
    /// partner turns out an `x` (see `pairs.rs`; all 0 without it). Those positions are
    /// maximised apart from the others, so the sums stay those of the six gains per key.
    /// `thrown[x]` (tenths) is what throwing a card of key `x` costs (`gift.rs`; 0 without
    /// it): a key is kept where its gain beats `-thrown[x]` by `keep`, and counts
    /// `-thrown[x]` where thrown.
    #[allow(clippy::needless_range_loop)]
    pub(super) fn stock_sum(
        &self,
        t: &Tables,
        add: &[i32; 6],
        n: &[i32; 16],
        keep: i32,
        over_down: &[i32; 16],
        thrown: &[i32; 16],
    ) -> i64 {
        let best = self.best_per_key(t, add, over_down);
        let mut sum = [0i32; 16];
        for x in 0..16 {
            let g = best[x];
            // Kept where the gain beats throwing the card by `keep`, else thrown.
            let kept = -i32::from(g + thrown[x] >= keep);
            sum[x] = n[x].max(0) * ((g & kept) | (-thrown[x] & !kept));
        }
        sum.iter().sum::<i32>() as i64
    }

    /// Each key's best gain (tenths, unpacked from the largest of [`Own::gains`] plus
    /// `add`, per position, and `over_down` at positions over a face-down partner; see
    /// [`Own::stock_sum`]), for all 16 lanes (keys 14 and 15 are no cards: their lanes
    /// hold what the formula gives, to be ignored).
    #[inline(always)]
    #[allow(clippy::needless_range_loop)]
    pub(super) fn best_per_key(
        &self,
        t: &Tables,
        add: &[i32; 6],
        over_down: &[i32; 16],
    ) -> [i32; 16] {
        // In i32 (16 lanes and no branches, so the loop over keys vectorizes), with a
        // floor far below any gain and far above overflow: gains are at most a few
        // thousand tenths times 8, `add` at least `i32::MIN / 2`. A position ruled out
        // (`add` that low) only ever loses a maximum, as it did in i64.
        const NONE: i32 = i32::MIN / 4;
        let keys = unpack(self.packed);
        let partner: [usize; 6] = std::array::from_fn(|p| keys[(p + 3) % 6] as usize & 15);
        let a: [i32; 6] = std::array::from_fn(|p| self.base8[p] + add[p]);
        // Each entry ends in `7 - p` (`base8`; `add` and values count in eighths): the
        // largest is unique, and names its position.
        let np: [i32; 6] = std::array::from_fn(|p| a[p] - 8 * t.vals[partner[p]]);
        // Positions over a face-down partner apart (`bd`): no card pairs it yet.
        let un = UNKNOWN as usize;
        let up: [i32; 6] = std::array::from_fn(|p| if partner[p] != un { np[p] } else { NONE });
        let bd = (0..6)
            .map(|p| if partner[p] == un { np[p] } else { NONE })
            .max()
            .unwrap_or(NONE);
        let b1 = up.iter().copied().max().unwrap_or(NONE);
        // With no face-up partner `b1` is `NONE`, whose low bits name position 5 (or none):
        // its key is then `UNKNOWN`, and `b2` stays `NONE` as `b1` is.
        let k1 = partner[(7 - (b1 & 7) as usize).min(5)];
        let mut b2 = NONE;
        // Per key: the best position whose partner it pairs.
        let mut pairs = [NONE; 16];
        for p in 0..6 {
            b2 = b2.max(if partner[p] != k1 { up[p] } else { NONE });
            pairs[partner[p]] = pairs[partner[p]].max(a[p]);
        }
        let k1 = k1 as i32;
        std::array::from_fn(|x| {
            let is_k1 = -i32::from(x as i32 == k1);
            let face_up = (b2 & is_k1) | (b1 & !is_k1);
            let other = face_up.max(bd + over_down[x]) - 8 * t.vals[x];
            other.max(pairs[x] - t.diag8[x]) >> 3
        })
    }
}

/// The only position of `down`, or 6 when it has several or none.
pub(super) fn last_down(down: u8) -> u8 {
    if down.count_ones() == 1 {
        down.trailing_zeros() as u8
    } else {
        6
    }
}
