//! A deal's score: each partnership's melds and books, the going-out bonus, less the cards
//! left in its hands and feet (card values and meld points are in `melds.rs`).

use super::melds;
use super::state::{End, HandAndFoot};
use crate::cards::CardCounts;

impl HandAndFoot {
    /// Each partnership's score for the deal (valid once over).
    pub fn team_scores(&self) -> [i32; 2] {
        let mut left = [CardCounts::EMPTY; 2];
        for s in 0..self.players {
            left[s % 2].add(&self.hands[s]);
            left[s % 2].add(&self.feet[s]);
        }
        std::array::from_fn(|t| {
            let bonus = if self.end == End::Out(t) {
                self.rules.out_bonus
            } else {
                0
            };
            melds::deal_score(&self.melds[t], &left[t], bonus)
        })
    }
}
