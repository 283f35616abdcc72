//! Golf's determinizer: a full deal consistent with one seat's view, for search bots, and
//! the zones hidden from a seat (for the harness's uniformity test).
//!
//! What a seat knows: every face-up card, the discard pile, a discard another seat took,
//! sizes, phases and turns. Every face-down card is unseen by everyone. Before any
//! reshuffle the unseen cards (shoe less shown) are dealt uniformly into the stock, the
//! face-down slots and a stock card another seat holds. After a reshuffle the stock holds
//! exactly the cards turned over, less those drawn since (each drawn card was shown when
//! placed), so those cards stay in the stock (and a stock card another seat holds), in a
//! fresh order, and the rest fill the face-down slots.

use super::state::{Golf, Phase, SHOE_CAP, fresh_shoe};
use super::view::View;
use crate::cards::{CardCounts, GameRng, Pile};
use crate::game::{Seat, SeatView};

/// Samples a deal consistent with `view` (see the module docs). The sample's own chance
/// (later reshuffles) is re-seeded from `rng`.
pub fn determinize(view: &View<'_>, rng: &mut GameRng) -> Golf {
    let mut g = view.known_state();
    let players = view.players();
    let mut unseen = view.shown();
    let pool = view.stock_pool();
    if let Some(p) = &pool {
        unseen.add(p);
    }
    // The face-down cards are the shoe less everything seen (and a known stock).
    let mut down: Pile<SHOE_CAP> = Pile::new();
    for &c in fresh_shoe(view.rules(), players).as_slice() {
        if !unseen.remove(c) {
            down.push(c);
        }
    }
    let hidden_held = g.held.is_some() && view.held().is_none();
    let mut stock: Pile<SHOE_CAP> = Pile::new();
    if let Some(p) = &pool {
        p.iter()
            .for_each(|(c, n)| (0..n).for_each(|_| stock.push(c)));
    } else {
        // One pool for every hidden slot: deal the stock and held card from it first.
        down.shuffle(rng);
        let n = g.stock.len() + usize::from(hidden_held);
        stock.extend_from_slice(&down.as_slice()[down.len() - n..]);
        down.truncate(down.len() - n);
    }
    stock.shuffle(rng);
    down.shuffle(rng);
    if hidden_held {
        g.held = stock.pop();
    }
    g.stock = stock;
    // From the searching seat clockwise: a rotated deal is sampled the same way.
    for s in (0..players).map(|k| (view.seat() + k) % players) {
        let face_down = view.face_down(s);
        for p in (0..6).filter(|p| face_down >> p & 1 == 1) {
            g.grids[s][p] = down.pop().expect("a card for every face-down slot");
        }
    }
    debug_assert!(down.is_empty());
    g.chance = rng.fork();
    g
}

/// The zones hidden from `seat`: the stock, a stock card another seat holds, then each
/// seat's face-down cards (seat 0 first).
pub fn hidden_zones(g: &Golf, seat: Seat) -> Vec<CardCounts> {
    let mut zones = vec![g.stock.counts(), CardCounts::default()];
    if let (Some(h), Phase::PlaceStock) = (g.held, g.phase)
        && g.seat as usize != seat
    {
        zones[1].insert(h);
    }
    for s in 0..g.players as usize {
        let mut z = CardCounts::default();
        z.add_cards(
            (0..6)
                .filter(|p| g.up[s] >> p & 1 == 0)
                .map(|p| g.grids[s][p]),
        );
        zones.push(z);
    }
    zones
}
