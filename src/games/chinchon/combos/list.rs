//! [`ComboList`]: a hand's combinations kept up to date as cards come and go, so that a
//! search after a draw generates only the combinations holding the new card.

use super::{LIST_CAP, Masks, SUIT_NUM, combinations, combinations_with};
use crate::cards::Card;
use crate::games::chinchon::cards::{CIRC, WILD};

/// The combinations of one hand (position masks), kept up to date as cards come and go so
/// that a search after a draw only generates the combinations holding the new card.
#[derive(Clone, Copy, Debug)]
pub struct ComboList {
    /// The hand's position masks, kept with it.
    hand: Masks,
    found: [u16; LIST_CAP],
    len: u8,
    /// More than [`LIST_CAP`] combinations: not listed (searches generate their own).
    crowded: bool,
}

impl ComboList {
    /// The list of an empty hand.
    pub const EMPTY: ComboList = ComboList {
        hand: Masks::EMPTY,
        found: [0; LIST_CAP],
        len: 0,
        crowded: false,
    };

    /// The combinations of `hand`, from scratch.
    pub fn of(hand: &[Card]) -> ComboList {
        let mut l = ComboList::EMPTY;
        l.hand = Masks::new(hand);
        let n = combinations(&l.hand, &mut l.found);
        l.set_len(n);
        l
    }

    fn set_len(&mut self, n: usize) {
        self.crowded = n > LIST_CAP;
        self.len = n.min(LIST_CAP) as u8;
    }

    /// The hand's position masks.
    pub(in crate::games::chinchon) fn hand_masks(&self) -> &Masks {
        &self.hand
    }

    /// The list's room: the combinations first (see [`ComboList::list`]), then leftovers.
    #[inline]
    pub(in crate::games::chinchon) fn found(&self) -> [u16; LIST_CAP] {
        self.found
    }

    /// The combinations, or `None` for a crowded hand.
    pub fn list(&self) -> Option<&[u16]> {
        (!self.crowded).then(|| &self.found[..self.len as usize])
    }

    /// False when card `c` added to the hand would be in none of its combinations (then
    /// [`ComboList::added`] would list nothing new), by a test on the hand's masks: another
    /// two of its number (one with a wild), or the cards a run through it needs beside it
    /// ([`Masks::may_run_through`]). True when it may be (a `WILD` or a `CIRC` always may).
    #[inline]
    pub fn may_join(&self, c: Card) -> bool {
        let m = &self.hand;
        let x = c.index() as usize & 63;
        let (s, n) = (SUIT_NUM[x].0 as usize, SUIT_NUM[x].1 as usize);
        if s == 4 {
            return c == WILD || c == CIRC;
        }
        let same = m.num[n].count_ones() + (m.wild != 0) as u32;
        same >= 2 || m.may_run_through(s, 1 << n)
    }

    /// `hand` is the listed hand with one card added at its end.
    pub fn added(&mut self, hand: &[Card]) {
        if self.crowded {
            *self = ComboList::of(hand);
            return;
        }
        let i = hand.len() - 1;
        let joins = self.may_join(hand[i]);
        self.hand.add(i, hand[i]);
        if !joins {
            return; // in no combination: nothing new to list
        }
        let len = self.len as usize;
        let n = combinations_with(&self.hand, 1 << i, &mut self.found[len..]);
        self.set_len(len + n);
    }

    /// `hand` is the listed hand less `card`, which was at position `i` (the rest kept in
    /// order).
    pub fn removed(&mut self, hand: &[Card], i: usize, card: Card) {
        if self.crowded {
            *self = ComboList::of(hand);
            return;
        }
        self.hand.remove(i, card);
        let low = (1u16 << i) - 1;
        let mut k = 0;
        for j in 0..self.len as usize {
            let c = self.found[j];
            if c >> i & 1 == 0 {
                self.found[k] = (c & low) | ((c >> 1) & !low);
                k += 1;
            }
        }
        self.len = k as u8;
    }
}
