//! The table as `greedy`'s planner sees it after a pick-up: each slot's revealed top, the
//! card under it, and which cards match it or would make its top three a suit or a rank.

use crate::cards::{Card, CardSet};
use crate::games::lasso::state::SLOTS;

/// Which cards cost what when put down on a table (see `Plan::least_cost`): those that
/// match some revealed top by rank (`rank_feed`) or by suit (`match_feed`) without making
/// its top three a suit or a rank, those that make some top three so (`feed`), and those
/// that match some revealed top in neither rank nor suit (a bluff).
#[derive(Clone, Copy)]
pub(super) struct Costs {
    pub(super) ranked: CardSet,
    pub(super) suited: CardSet,
    pub(super) fed: CardSet,
    pub(super) bluffed: CardSet,
}

impl Costs {
    /// The kinds of top `c` finds, as bits (the index of `Plan::least`): 1 when it is in
    /// `ranked`, 2 in `fed`, 4 in `bluffed`, 8 in `suited`.
    #[inline]
    pub(super) fn kinds(&self, c: Card) -> usize {
        let i = c.index();
        ((self.ranked.0 >> i & 1)
            | (self.fed.0 >> i & 1) << 1
            | (self.bluffed.0 >> i & 1) << 2
            | (self.suited.0 >> i & 1) << 3) as usize
    }
}

/// The table after a pick-up: each slot's revealed top, or whether the slot is empty.
#[derive(Clone, Copy)]
pub(super) struct Tops {
    pub(super) top: [Option<Card>; SLOTS],
    /// The card under each revealed top.
    pub(super) under: [Option<Card>; SLOTS],
    pub(super) empty: [bool; SLOTS],
    /// The cards that match each revealed top in rank or suit (no bluff there).
    pub(super) fit: [CardSet; SLOTS],
    /// The cards that make each pile's top three cards one suit or one rank.
    pub(super) three: [CardSet; SLOTS],
}

impl Tops {
    /// Works out `fit` and `three` of pile `p` from its top and the card under it.
    pub(super) fn mask(&mut self, p: usize) {
        let (fit, three) = match self.top[p] {
            None => (CardSet::EMPTY, CardSet::EMPTY),
            Some(top) => {
                let (suit, rank) = (CardSet::suit(top.suit()), CardSet::rank(top.rank()));
                let three = self.under[p].map_or(CardSet::EMPTY, |u| {
                    let s = if u.suit() == top.suit() {
                        suit
                    } else {
                        CardSet::EMPTY
                    };
                    let r = if u.rank() == top.rank() {
                        rank
                    } else {
                        CardSet::EMPTY
                    };
                    s | r
                });
                (suit | rank, three)
            }
        };
        self.fit[p] = fit;
        self.three[p] = three;
    }

    /// The table's `Costs`.
    pub(super) fn costs(&self) -> Costs {
        let mut k = Costs {
            ranked: CardSet::EMPTY,
            suited: CardSet::EMPTY,
            fed: CardSet::EMPTY,
            bluffed: CardSet::EMPTY,
        };
        for p in 0..SLOTS {
            if let Some(top) = self.top[p] {
                let suited = CardSet::suit(top.suit()) - self.three[p];
                k.suited |= suited;
                k.ranked |= self.fit[p] - self.three[p] - suited;
                k.fed |= self.three[p];
                k.bluffed |= CardSet::DECK52 - self.fit[p];
            }
        }
        k
    }
}
