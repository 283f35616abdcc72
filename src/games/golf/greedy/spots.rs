//! Where a grid's score lands when its first face-down card turns out to be each unseen
//! key ([`Spots`]): what the chance tables of `chance.rs` spread each seat's outcomes over.

// A key indexes several tables at once (values, points): loops run over keys.
#![allow(clippy::needless_range_loop)]

use super::super::super::scoring::UNKNOWN;
use super::super::grid::rolled;
use super::{LEN, Landing, Model, OFF, first_down, index};

/// No key pairs the first face-down card (see [`Spots::moving`]).
pub(super) const NO_PAIR: usize = 14;

/// Where a grid's score lands when its first face-down card turns out to be each unseen
/// key ([`Model::moves`]), without the moves: a key y that does not pair that card's
/// partner moves the score by its value less the mean, the same for every grid, so only
/// the partner's own key is worked out per grid; and where card values are whole points
/// (as they are), key y lands `pts[y]` score indices from the index of the score less the
/// mean (no division per key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spots {
    /// Every key's value is whole points (else each index is worked out on its own).
    pub(super) whole: bool,
    /// Each key's value (tenths).
    pub(super) vals: [i32; 14],
    /// Each key's value in points (when `whole`).
    pub(super) pts: [i32; 14],
    /// `pts` padded with zeros to 16 lanes (for [`WinTable::p_win`]).
    pub(super) pts16: [i32; 16],
    /// The face-down mean of the model (tenths).
    pub(super) mean: i32,
    /// Keys whose value is not the mean (whose move is not 0 unless they pair).
    pub(super) moving: i32,
}

impl Spots {
    /// Once per chance table: one loop over the keys ([`rolled`]).
    pub(super) fn new(m: &Model) -> Spots {
        let mean = m.vals[UNKNOWN as usize];
        let (mut whole, mut vals, mut pts, mut moving) = (true, [0; 14], [0; 14], 0);
        for y in rolled(14) {
            let y = y.min(13);
            whole &= m.vals[y] % 10 == 0;
            vals[y] = m.vals[y];
            pts[y] = m.vals[y] / 10;
            moving += i32::from(m.vals[y] != mean);
        }
        let mut pts16 = [0; 16];
        pts16[..14].copy_from_slice(&pts);
        Spots {
            whole,
            vals,
            pts,
            pts16,
            mean,
            moving,
        }
    }

    /// [`Spots::new`] for `m`, reusing from `self` (the last table's) what depends on the
    /// card values alone while they are the same (as they are for a whole deal): only the
    /// mean and the keys that move are worked out again.
    pub(super) fn renewed(&self, m: &Model) -> Spots {
        if self.vals[..] != m.vals[..14] {
            return Spots::new(m);
        }
        let mean = m.vals[UNKNOWN as usize];
        let moving = self.vals.iter().map(|&x| i32::from(x != mean)).sum();
        Spots {
            mean,
            moving,
            ..*self
        }
    }

    /// `None` when no unseen card moves the score of `keys` (nothing face down, no unseen
    /// card, or every move 0: as [`Model::moves`] would find); else the key `b` of the
    /// first face-down card's partner ([`NO_PAIR`] when it pairs no key) and `b`'s move.
    #[inline]
    pub(super) fn moving(&self, m: &Model, keys: &[u8; 6], total: i32) -> Option<(usize, i32)> {
        let q = first_down(keys);
        if q >= 6 || total <= 0 {
            return None;
        }
        self.moving_partner(m, keys[(q + 3) % 6])
    }

    /// [`Spots::moving`] of a packed grid (position p in byte p): its first face-down
    /// card found by a few word operations (as [`downs`] finds them), not a search.
    #[inline]
    pub(super) fn moving_packed(&self, m: &Model, packed: u64, total: i32) -> Option<(usize, i32)> {
        const ONES: u64 = 0x0101_0101_0101;
        // Bit 8p set where byte p is UNKNOWN (15): adding 1 sets its bit 4 alone.
        let down = (packed + ONES) >> 4 & ONES;
        if down == 0 || total <= 0 {
            return None;
        }
        const PARTNER: [u32; 6] = [3, 4, 5, 0, 1, 2];
        let q = (down.trailing_zeros() / 8) as usize;
        self.moving_partner(m, (packed >> (8 * PARTNER[q.min(5)])) as u8)
    }

    /// The end of [`Spots::moving`] once the first face-down card's partner is key `bk`.
    #[inline]
    fn moving_partner(&self, m: &Model, bk: u8) -> Option<(usize, i32)> {
        if bk >= 14 {
            return (self.moving != 0).then_some((NO_PAIR, 0));
        }
        let b = bk as usize;
        let mb = m.col(bk, bk) - m.col(UNKNOWN, bk);
        let others = self.moving - i32::from(self.vals[b] != self.mean);
        (others != 0 || mb != 0).then_some((b, mb))
    }

    /// `index(at + move)` for every unseen key, the moves of a grid whose first face-down
    /// card's partner is key `b` moving by `mb` ([`Spots::moving`]).
    #[inline]
    pub(super) fn of(&self, at: i32, (b, mb): (usize, i32)) -> [usize; 14] {
        let mut i: [usize; 14] = if self.whole {
            let i0 = (at - self.mean + 5).div_euclid(10) + OFF;
            // A plain loop over an array: `from_fn` is not always inlined.
            let mut i = [0; 14];
            for (y, x) in i.iter_mut().enumerate() {
                *x = (i0 + self.pts[y]).clamp(0, LEN as i32 - 1) as usize;
            }
            i
        } else {
            self.of_apart(at)
        };
        if b < 14 {
            i[b] = index(at + mb);
        }
        i
    }
}

impl Spots {
    /// [`Spots::of`] where some value is not whole points (never with the standard
    /// values), before key `b`'s own move: each index worked out on its own, out of line.
    #[cold]
    #[inline(never)]
    pub(super) fn of_apart(&self, at: i32) -> [usize; 14] {
        std::array::from_fn(|y| index(at + self.vals[y] - self.mean))
    }

    /// Where a score of `at` tenths lands when the first face-down card `moving` moves it.
    #[inline(always)]
    pub(super) fn land(&self, at: i32, moving: Option<(usize, i32)>) -> Landing {
        match moving {
            None => Landing::At(index(at)),
            Some(mv) => Landing::Over(self.of(at, mv)),
        }
    }
}
