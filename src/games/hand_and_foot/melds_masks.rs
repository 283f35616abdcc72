//! Greedy's per-rank terms a word at a time, from the hand's and the melds' per-rank
//! bytes (as [`super::step_ranks`]): the classes of meld steps once opened and the
//! leftover count's sums, each with its rank-by-rank reference for the tests.

use super::{HIGH, MELD_MASK, Melds, ONES, Tally, at_least, byte_sum, high_bits, lanes};

/// The meld steps greedy tells apart once its partnership has opened, as rank masks (bit
/// `r` for rank index `r`, meld ranks only), made a word at a time from the hand's and the
/// melds' per-rank bytes. Whether a wild is held, and what the hand's length allows, is
/// left to the caller.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepMasks {
    /// Open ranks with a natural in hand (`Add` a natural).
    pub add_nat: u32,
    /// Ranks that may be started with three naturals in hand (`New` clean).
    pub new_nat: u32,
    /// Ranks that may be started with a natural pair in hand (`New` with a wild).
    pub new_pair: u32,
    /// Open ranks holding a wild with room for another.
    pub dirty_room: u32,
    /// Open clean ranks with room for a wild.
    pub clean_room: u32,
    /// Those of `clean_room` with at least `dirty_at` naturals.
    pub clean_ready: u32,
}

/// The [`StepMasks`] of the hand counted in `tl` beside the melds `m` (`dirty_at`: the
/// naturals a clean meld needs for `clean_ready`, at most 127).
#[inline]
pub fn step_masks(tl: &Tally, m: &Melds, rebook: bool, dirty_at: u8) -> StepMasks {
    let (hand, nat, wild) = (lanes(&tl.ranks), lanes(&m.nat), lanes(&m.wild));
    let open = at_least(nat, 1);
    let free = if rebook {
        HIGH
    } else {
        !at_least(lanes(&m.nat_books), 1) & HIGH
    };
    let start = !open & free;
    // nat > wild + 1, bytewise (as in `step_ranks`).
    let room = open & ((nat | HIGH) - (wild + 2 * ONES)) & HIGH;
    let dirty = at_least(wild, 1);
    let bits = |x: u128| high_bits(x) & MELD_MASK;
    StepMasks {
        add_nat: bits(open & at_least(hand, 1)),
        new_nat: bits(start & at_least(hand, 3)),
        new_pair: bits(start & at_least(hand, 2)),
        dirty_room: bits(room & dirty),
        clean_room: bits(room & !dirty),
        clean_ready: bits(room & !dirty & at_least(nat, dirty_at)),
    }
}

/// The high bits of the meld ranks' bytes (not the 2s', not the 3s').
const MELD_HIGH: u128 = HIGH & !(0x80 << 8 | 0x80 << 16) & ((1 << 104) - 1);

/// Over every meld rank of the hand counted in `tl` beside the melds `m`: (lone naturals,
/// room for wilds, natural pairs), per rank with an open meld of `mn` naturals and `mw`
/// wilds its naturals in hand and room `n + mn - 1 - mw`, without one `n` naturals in hand
/// giving room `n - 1` from 3 on, a pair from 2, a lone card from 1. Made a word at a time
/// (every open meld holds more naturals than wilds, as the rules keep).
#[inline]
pub fn leftover_sums(tl: &Tally, m: &Melds) -> (i32, i32, i32) {
    let (hand, nat, wild) = (lanes(&tl.ranks), lanes(&m.nat), lanes(&m.wild));
    let open = at_least(nat, 1) & MELD_HIGH;
    let closed = !open & MELD_HIGH;
    let (h2, h3) = (at_least(hand, 2), at_least(hand, 3));
    let lone = (closed & at_least(hand, 1) & !h2).count_ones();
    let pairs = (closed & h2 & !h3).count_ones();
    let sel = open | (closed & h3);
    // 0xFF in each selected rank's byte; an open rank's wilds only.
    let bytes = (sel >> 7) * 0xFF;
    let open_bytes = (open >> 7) * 0xFF;
    let room = byte_sum((hand + nat - (wild & open_bytes)) & bytes) - sel.count_ones();
    (lone as i32, room as i32, pairs as i32)
}

/// [`step_masks`] rank by rank: the reference its word-at-a-time masks are tested against.
#[cfg(test)]
pub fn step_masks_by_rank(tl: &Tally, m: &Melds, rebook: bool, dirty_at: u8) -> StepMasks {
    let mut s = StepMasks::default();
    for r in super::MELD_RANKS {
        let (i, bit) = (r as usize, 1u32 << r);
        let n = tl.ranks[i];
        if m.can_start(r, rebook) {
            if n >= 3 {
                s.new_nat |= bit;
            }
            if n >= 2 {
                s.new_pair |= bit;
            }
        } else if m.is_open(r) {
            if n >= 1 {
                s.add_nat |= bit;
            }
            if m.wild_fits(r) && m.wild[i] > 0 {
                s.dirty_room |= bit;
            }
            if m.wild_fits(r) && m.wild[i] == 0 {
                s.clean_room |= bit;
                if m.nat[i] >= dirty_at {
                    s.clean_ready |= bit;
                }
            }
        }
    }
    s
}
