//! The moves of a grid's first face-down card over the unseen cards, for every column
//! partner at once ([`Moves`]): what the going-out chance of `chance.rs` counts per seat.

// A key indexes several tables at once (copies, moves, values): loops run over keys.
#![allow(clippy::needless_range_loop)]

use super::super::super::scoring::UNKNOWN;
use super::{Model, Pool};

/// The table of [`Moves`] counts cards by value from `-VOFF` points on, in `VLEN` steps.
const VOFF: i32 = 8;
const VLEN: usize = 32;

/// The moves of a grid's first face-down card (`Model::moves`) for every column partner at
/// once, built once per [`chance_out`](super::chance_out): a partner of key `b` pairs only
/// the unseen cards of key `b`, so every other key moves the score by its value less the
/// mean, the same for all grids. Card values are whole points, so the copies whose move reaches a
/// threshold are read off a table of copies by value (one lookup, no search), corrected
/// at key `b`.
pub(super) struct Moves {
    /// `twice[j]`: the copies worth at least `j - VOFF` points plus those worth at least
    /// `j - 1 - VOFF` (for `j` from 1).
    twice: [i32; VLEN],
    /// The unseen cards' mean value (tenths).
    mean: i32,
    /// False when some card's value is not whole points inside the table: each key is
    /// then compared on its own.
    exact: bool,
    /// All copies (no count when 0 or less).
    total: i32,
    /// Per partner code (a key, [`UNKNOWN`], [`PUT`](super::PUT) or
    /// [`NO_DOWN`](super::NO_DOWN); see [`Moves::count2`]): 1 when nothing moves (one
    /// outcome of move 0), else 0.
    still: [i32; CODES],
    /// Per partner code: the move with no pair, the move with a pair and the copies of
    /// the key whose copies pair the partner (all 0 for a partner that pairs nothing);
    /// for a key, its move with no pair (its value less the mean) and its copies.
    code_d: [i32; CODES],
    code_p: [i32; CODES],
    code_n: [i32; CODES],
}

/// Partner codes of [`Moves::count2`]: the keys, [`UNKNOWN`], [`PUT`](super::PUT) and
/// [`NO_DOWN`](super::NO_DOWN).
const CODES: usize = 18;

/// Per key: the index of its value in the table of [`Moves`] (`value / 10 + VOFF`), and
/// whether every key's value is whole points inside that table (else the table is not
/// used). They depend on the card values alone: worked out once per set of tables.
pub(in super::super) fn value_steps(vals: &[i32; 16]) -> ([u8; 14], bool) {
    let exact = (0..14).all(|y| vals[y] % 10 == 0 && (-60..=200).contains(&vals[y]));
    let steps = std::array::from_fn(|y| match exact {
        true => (vals[y] / 10 + VOFF) as u8,
        false => 0,
    });
    (steps, exact)
}

impl Moves {
    /// The moves of model `m` over the face-down cards `down`; `steps`: [`value_steps`]
    /// of the model's values.
    ///
    /// Kept small in the instruction cache (it runs once per going-out chance): the
    /// per-key arrays padded to all partner codes (0 past the keys), so that each is one
    /// uniform pass that vectorizes.
    #[inline(always)]
    pub(super) fn new(m: &Model, down: &Pool, steps: &([u8; 14], bool)) -> Moves {
        let mean = m.vals[UNKNOWN as usize];
        let (mut d, mut n, mut pair) = ([0i32; CODES], [0i32; CODES], [0i32; CODES]);
        for y in 0..14 {
            d[y] = m.vals[y] - mean;
            n[y] = down.n[y].max(0);
            // `m.col(y, y)`: a known pair, 0 (`twos` for 2s).
            let col = m.twos & -i32::from(y == 1);
            pair[y] = col - (mean + m.vals[y]);
        }
        let (steps, exact) = (&steps.0, steps.1);
        // Copies by value, then from the top down: copies worth at least each value.
        let mut ge = [0i32; VLEN + 1];
        if exact {
            for y in 0..14 {
                ge[(steps[y] as usize).min(VLEN)] += n[y];
            }
            for j in (0..VLEN).rev() {
                ge[j] += ge[j + 1];
            }
        }
        // Codes past the keys hold 0 in `d` and `pair`: no count.
        let nonzero: i32 = d.iter().map(|&x| i32::from(x != 0)).sum();
        let total = down.total;
        // A face-down partner (or the card put: 0 in `d` and `pair`) pairs nothing; with
        // nothing face down (the last code) nothing moves.
        let mut still: [i32; CODES] = std::array::from_fn(|b| {
            let moving = nonzero - i32::from(d[b] != 0) + i32::from(pair[b] != 0);
            i32::from((total <= 0) | (moving == 0))
        });
        still[usize::from(super::NO_DOWN)] = 1;
        Moves {
            twice: std::array::from_fn(|j| ge[j] + ge[j.saturating_sub(1)]),
            mean,
            exact,
            total,
            still,
            code_d: d,
            code_p: pair,
            code_n: n,
        }
    }

    /// The copies whose move with no pair reaches `t` plus those reaching `t - 10`.
    #[inline(always)]
    fn reach2(&self, t: i32) -> i32 {
        if self.exact {
            // A move reaches t when the value (10 v tenths) reaches t + mean: v at least
            // the ceiling of (t + mean) / 10, and v at least one less for t - 10. Outside
            // the table every value reaches (or none does).
            // The quotient by an unsigned division of a sum made non-negative: the same as
            // `div_euclid` from -1000 on, and any sum outside ±1000 indexes past the table's
            // ends either way.
            let x = (t + self.mean + 9).clamp(-1000, 1000) + 1000;
            let j = (x as u32 / 10) as i32 - 100 + VOFF;
            self.twice[j.clamp(1, VLEN as i32 - 1) as usize]
        } else {
            self.reach2_apart(t)
        }
    }

    /// [`Moves::reach2`] key by key, where some value is not whole points in the table
    /// (never with the standard values): out of line.
    #[cold]
    #[inline(never)]
    fn reach2_apart(&self, t: i32) -> i32 {
        let (d, n) = (&self.code_d, &self.code_n);
        (0..14)
            .map(|y| n[y] * (i32::from(d[y] >= t) + i32::from(d[y] >= t - 10)))
            .sum()
    }

    /// For a grid whose first face-down card has column partner `b` (a key, [`UNKNOWN`],
    /// or [`NO_DOWN`](super::NO_DOWN): no card face down): the copies whose move reaches
    /// `t` plus those reaching `t - 10`, and all copies; one outcome of move 0 when nothing
    /// moves.
    #[inline(always)]
    pub(super) fn count2(&self, b: u8, t: i32) -> (i32, i32) {
        let b = (b as usize).min(CODES - 1);
        let (still, d, p, n) = (
            self.still[b],
            self.code_d[b],
            self.code_p[b],
            self.code_n[b],
        );
        if still != 0 {
            return (i32::from(0 >= t) + i32::from(0 >= t - 10), 1);
        }
        // Key b's copies move by `p` (pairing the partner) instead of `d`.
        let fix = |t: i32| n * (i32::from(p >= t) - i32::from(d >= t));
        (self.reach2(t) + fix(t) + fix(t - 10), self.total)
    }
}
