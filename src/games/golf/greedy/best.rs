//! The best place for one more card in a seat's grid, for every card at once (used by the
//! going-out chance and the final turn's chance table of `chance.rs`).

use super::Model;

/// [`Model::improve`]'s choice for every card, for one grid: a card x not pairing position
/// p's partner gains `c[p] - x's value` there; one pairing it gains `cur[p]` less the pair's
/// score. Gains are packed as `gain * 8 + (7 - p)`, so one maximum finds the largest at its
/// lowest position (the first strictly better one, as `improve` takes it): the best
/// position not pairing `x` is the best of all (`b1`, whose partner is `k1`) unless `k1` is
/// `x`, and then the best of those with another partner (`b2`).
pub(super) struct Best {
    b1: i32,
    k1: u8,
    b2: i32,
    /// Per key: the best packed `cur[p]` over the positions whose partner it pairs.
    pairs: [i32; 16],
}

impl Best {
    /// Below every packed gain.
    const NONE: i32 = i32::MIN / 4;

    #[allow(clippy::needless_range_loop)]
    pub(super) fn new(m: &Model, keys: &[u8; 6], cur: &[i32; 6]) -> Best {
        let partner: [u8; 6] = std::array::from_fn(|p| keys[(p + 3) % 6]);
        let c8: [i32; 6] =
            std::array::from_fn(|p| (cur[p] - m.vals[partner[p] as usize & 15]) * 8 + 7 - p as i32);
        // The entries differ in their low bits (`7 - p`): the largest names its position,
        // the first largest as a scan would find it (no branch per position).
        let b1 = c8.iter().copied().max().unwrap_or(Self::NONE);
        let k1 = partner[(7 - (b1 & 7) as usize).min(5)];
        let mut b2 = Self::NONE;
        let mut pairs = [Self::NONE; 16];
        for p in 0..6 {
            b2 = b2.max(if partner[p] != k1 { c8[p] } else { Self::NONE });
            let k = partner[p] as usize & 15;
            pairs[k] = pairs[k].max(cur[p] * 8 + 7 - p as i32);
        }
        Best { b1, k1, b2, pairs }
    }

    /// [`Best::of`] for every key at once, packed as `gain * 8 + (7 - p)` where the card
    /// is kept, 7 or less where it is thrown ([`Best::unpack`] reads it). Sixteen lanes and
    /// no branch, so that it vectorizes (keys 14 and 15 hold no cards: ignored).
    #[inline(always)]
    pub(super) fn all(&self, m: &Model) -> [i32; 16] {
        // A plain loop over an array: `from_fn` is not always inlined.
        let mut out = [0; 16];
        for (x, o) in out.iter_mut().enumerate() {
            let pair = m.twos & -i32::from(x == 1);
            let other = match x == self.k1 as usize {
                true => self.b2,
                false => self.b1,
            } - 8 * m.vals[x];
            *o = other.max(self.pairs[x] - 8 * pair);
        }
        out
    }

    /// The gain (tenths) and position (6: thrown, gaining 0) of an entry of [`Best::all`].
    #[inline(always)]
    pub(super) fn unpack(best: i32) -> (i32, usize) {
        // A gain of at least 1 packs above 7; otherwise the card is thrown (no branch).
        let kept = best > 7;
        let gain = [0, best >> 3][usize::from(kept)];
        (gain, [6, 7 - (best & 7) as usize][usize::from(kept)])
    }

    /// The gain (tenths) and position of one more card of key `x` (0 and 6: thrown).
    #[cfg(test)]
    pub(super) fn of(&self, m: &Model, x: u8) -> (i32, usize) {
        let pair = if x == 1 { m.twos } else { 0 };
        let other = if x == self.k1 { self.b2 } else { self.b1 } - 8 * m.vals[x as usize & 15];
        let best = other.max(self.pairs[x as usize & 15] - 8 * pair);
        // A gain of at least 1 packs above 7; otherwise the card is thrown (no branch).
        let kept = best > 7;
        let gain = [0, best >> 3][usize::from(kept)];
        (gain, [6, 7 - (best & 7) as usize][usize::from(kept)])
    }
}
