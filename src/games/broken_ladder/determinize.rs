//! Broken Ladder's determinizer: a full deal consistent with one seat's view, for search
//! bots, and the zones hidden from a seat (for the harness's uniformity test).
//!
//! What a seat knows: its own hand, the Head, every Starter, the whole discard pile, the
//! cards each other seat took from that pile and still holds, sizes and the turn state.
//! The unseen cards (shoe less all of those) are dealt uniformly into the stock and the
//! unknown slots of the other hands. After a reshuffle the seat remembers which cards were
//! turned over into the stock, less those it drew since (`View::stock_memory`): the stock
//! is dealt uniformly from the unseen cards among those, and every other unseen card goes
//! to the other hands. In the sample every seat remembers the stock as this seat does
//! (what the others really drew stays hidden).

use super::state::{BrokenLadder, SHOE_MAX};
use super::view::View;
use crate::cards::{Card, CardCounts, CardSet, GameRng, Pile};
use crate::game::{Seat, SeatView};

/// Samples a deal consistent with `view` (see the module docs). The sample's own chance
/// (later reshuffles) is re-seeded from `rng`.
pub fn determinize(view: &View<'_>, rng: &mut GameRng) -> BrokenLadder {
    let mut g = view.known_state();
    let mut unseen = CardCounts::from_set_times(CardSet::DECK52, view.packs);
    for (c, n) in view.shown().iter() {
        (0..n).for_each(|_| {
            unseen.remove(c);
        });
    }
    // After a reshuffle the stock comes from the remembered cards still unseen.
    if let Some(memory) = view.stock_memory {
        let mut candidates: Pile<SHOE_MAX> = Pile::new();
        for (c, n) in memory.iter() {
            (0..n.min(unseen.count(c))).for_each(|_| candidates.push(c));
        }
        candidates.shuffle(rng);
        for slot in g.stock.as_mut_slice() {
            *slot = candidates
                .pop()
                .expect("the remembered cards fill the stock");
            unseen.remove(*slot);
        }
        let mine = *memory;
        g.stock_memory[..view.players].fill(mine);
    }
    let mut pool: Pile<SHOE_MAX> = Pile::new();
    unseen
        .iter()
        .for_each(|(c, n)| (0..n).for_each(|_| pool.push(c)));
    pool.shuffle(rng);
    let mut next = || pool.pop().expect("a card for every hidden slot");
    if view.stock_memory.is_none() {
        g.stock.as_mut_slice().iter_mut().for_each(|c| *c = next());
    }
    // The others from the searching seat clockwise: a rotated deal is sampled the same way.
    for s in (1..view.players).map(|k| (view.seat + k) % view.players) {
        let known = g.known[s].len();
        let cards: [Card; 6] = std::array::from_fn(|i| {
            let hand = g.hands[s].as_slice();
            if i < known || i >= hand.len() {
                hand.get(i).copied().unwrap_or(Card::from_index(0))
            } else {
                next()
            }
        });
        g.hands[s] = super::scoring::Hand::from_slice(&cards[..g.hands[s].len()]);
    }
    debug_assert!(pool.is_empty());
    g.rng = rng.fork();
    g
}

/// The zones hidden from `seat`: the stock, then each seat's hand less the cards known to
/// sit there (seat 0 first; `seat`'s own zone is empty).
pub fn hidden_zones(g: &BrokenLadder, seat: Seat) -> Vec<CardCounts> {
    let mut zones = vec![g.stock.counts()];
    for s in 0..g.players {
        let mut z = CardCounts::default();
        if s != seat {
            z.add_cards(g.hands[s].as_slice().iter().copied());
            g.known[s].as_slice().iter().for_each(|&c| {
                z.remove(c);
            });
        }
        zones.push(z);
    }
    zones
}
