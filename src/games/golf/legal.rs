//! The legal actions of each phase, read from one table built at compile time: the list
//! for the phase (and, for a flip, the seat's face-down positions) is copied as one fixed
//! block of eight actions, without a branch on the phase. Listing never allocates. A uniform
//! seat's decision (`random`) is read off the phase without the list.

use super::rules::FlipAfter;
use super::state::{ALL_UP, Action, Golf, Phase};
use crate::cards::GameRng;
use crate::game::{ActionList, Game};

/// The choices of a seat holding a stock card (without the last, the discard it took).
pub(super) const PLACE_STOCK: [Action; 7] = [
    Action::Swap(0),
    Action::Swap(1),
    Action::Swap(2),
    Action::Swap(3),
    Action::Swap(4),
    Action::Swap(5),
    Action::Discard,
];

/// One list: up to eight actions and how many of them are legal.
type Entry = ([Action; 8], u8);

/// Entries 0..128 are the flips of a face-down mask (bits 0..6: the positions, in order;
/// bit 6: `NoFlip` after them); then `Draw`, `PlaceStock`, `PlaceDiscard` and the empty list.
const FLIPS: usize = 128;
const LISTS: [Entry; FLIPS + 4] = {
    let mut t = [([Action::NoFlip; 8], 0u8); FLIPS + 4];
    let mut m = 0;
    while m < FLIPS {
        let mut n = 0;
        let mut p = 0;
        while p < 6 {
            if m >> p & 1 == 1 {
                t[m].0[n] = Action::Flip(p as u8);
                n += 1;
            }
            p += 1;
        }
        if m >> 6 & 1 == 1 {
            t[m].0[n] = Action::NoFlip;
            n += 1;
        }
        t[m].1 = n as u8;
        m += 1;
    }
    t[FLIPS].0[0] = Action::DrawStock;
    t[FLIPS].0[1] = Action::DrawDiscard;
    t[FLIPS].1 = 2;
    let mut i = 0;
    while i < 7 {
        t[FLIPS + 1].0[i] = PLACE_STOCK[i];
        t[FLIPS + 2].0[i] = PLACE_STOCK[i];
        i += 1;
    }
    t[FLIPS + 1].1 = 7;
    t[FLIPS + 2].1 = 6;
    t
};

/// Per phase (in declaration order): the first entry of its list, and the mask that keeps
/// the flip index (face-down positions, and `NoFlip`) for the two flip phases only.
const BASE: [u8; 6] = [
    0,
    FLIPS as u8,
    FLIPS as u8 + 1,
    FLIPS as u8 + 2,
    0,
    FLIPS as u8 + 3,
];
const FLIP_MASK: [u8; 6] = [0b011_1111, 0, 0, 0, 0b111_1111, 0];

impl Golf {
    /// Every legal action of the seat to act: the face-down positions (`Opening` and
    /// `FlipAfter`, with `NoFlip` last when `flip_after_discard=optional`), the two draws,
    /// or the places for a held card.
    #[inline]
    pub(super) fn list_legal(&self, out: &mut ActionList<Action>) {
        let ph = self.phase as usize;
        let down = !self.up[self.seat as usize] & ALL_UP;
        let optional = u8::from(self.rules.flip_after_discard == FlipAfter::Optional) << 6;
        let i = BASE[ph] as usize + ((down | optional) & FLIP_MASK[ph]) as usize;
        let (block, len) = &LISTS[i];
        out.set_block(block, *len as usize);
    }
}

impl Golf {
    /// The decisions of a uniform seat (the `random` strategy) read off the phase, with the
    /// draws and actions of `rng.index(len)` over [`Golf::list_legal`]'s list (whose orders
    /// the arms below follow), without making the list: a whole turn at a draw (its draw
    /// and its place), else one decision. Flips after a discard go through the list (no
    /// draw when one position is left). Returns the decisions played.
    #[inline]
    pub(super) fn uniform_step(&mut self, rng: &mut GameRng, buf: &mut ActionList<Action>) -> u32 {
        match self.phase {
            Phase::Draw => {
                if rng.below(2) == 0 {
                    let c = self.stock.pop().expect("a stock card at a draw");
                    match rng.below(7) {
                        6 => self.discard_drawn(c),
                        p => self.place(c, p as u8, true),
                    }
                } else {
                    let c = self.discard.pop().expect("a discard at a draw");
                    self.place(c, rng.below(6) as u8, false);
                }
                2
            }
            Phase::PlaceStock => {
                match rng.below(7) {
                    6 => self.apply_discard(),
                    p => self.apply_swap(p as u8),
                }
                1
            }
            Phase::PlaceDiscard => {
                self.apply_swap(rng.below(6) as u8);
                1
            }
            Phase::Opening => {
                // The flips of the seat's face-down positions (five or six in a dealt deal).
                let (block, len) = &LISTS[(!self.up[self.seat as usize] & ALL_UP) as usize];
                let i = if *len == 1 {
                    0
                } else {
                    rng.index(*len as usize)
                };
                match block[i] {
                    Action::Flip(p) => self.apply_opening_flip(p),
                    a => unreachable!("golf: {a:?} in the opening"),
                }
                1
            }
            _ => {
                buf.clear();
                self.list_legal(buf);
                Game::apply(self, crate::game::uniform_pick(buf, rng));
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_matches_the_phases_in_order() {
        // BASE and FLIP_MASK index phases by declaration order.
        assert_eq!(Phase::Opening as usize, 0);
        assert_eq!(Phase::Draw as usize, 1);
        assert_eq!(Phase::PlaceStock as usize, 2);
        assert_eq!(Phase::PlaceDiscard as usize, 3);
        assert_eq!(Phase::FlipAfter as usize, 4);
        assert_eq!(Phase::Over as usize, 5);
        // Mask 0b100101 lists positions 0, 2, 5; with bit 6 NoFlip follows.
        let (b, n) = LISTS[0b110_0101];
        assert_eq!(
            &b[..n as usize],
            &[
                Action::Flip(0),
                Action::Flip(2),
                Action::Flip(5),
                Action::NoFlip
            ]
        );
        assert_eq!(LISTS[0b01_0000].1, 1);
        assert_eq!(LISTS[FLIPS + 3].1, 0);
    }
}
