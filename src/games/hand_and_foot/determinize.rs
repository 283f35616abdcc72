//! The determinizer: a full deal consistent with one seat's view. Everything the seat sees
//! stays (its hand and foot, the packet it holds during the pass or the choice, every meld,
//! the pile's top, every size and flag); every card hidden from it (the stock, the squared
//! pile under the top, other seats' hands, feet and packets, and during the pass the packet
//! coming to it) is dealt uniformly at random into those same slots. The game has no chance
//! events after the deal (the stock is never reshuffled), so the sampled stock order is the
//! only future the sample fixes. The packet a seat passed is not tracked once passed (the
//! view does not hold it), so it is sampled like any unknown card.

use super::state::{HandAndFoot, MAX_SHOE, Phase};
use super::view::View;
use crate::cards::{Card, CardCounts, GameRng};
use crate::game::Seat;

/// The three per-seat zones that may hide cards from a seat.
#[derive(Clone, Copy)]
enum Zone {
    Hand,
    Foot,
    Recv,
}

impl HandAndFoot {
    fn zone_mut(&mut self, s: Seat, z: Zone) -> &mut CardCounts {
        match z {
            Zone::Hand => &mut self.hands[s],
            Zone::Foot => &mut self.feet[s],
            Zone::Recv => &mut self.recv[s],
        }
    }

    /// True when zone `z` of seat `s` is hidden from `seat`.
    fn zone_hidden(&self, seat: Seat, s: Seat, z: Zone) -> bool {
        s != seat || (matches!(z, Zone::Recv) && self.phase == Phase::Pass)
    }
}

/// A deal consistent with `view`, its hidden cards dealt uniformly by `rng`.
pub(super) fn determinize(view: &View<'_>, rng: &mut GameRng) -> HandAndFoot {
    let seat = view.seat;
    let mut g = view.deal.clone();
    let mut buf = [Card::JOKER; MAX_SHOE];
    let mut n = 0;
    let stock_len = g.stock.len();
    for &c in g.stock.as_slice() {
        buf[n] = c;
        n += 1;
    }
    let top = g.discard.pop();
    let under = g.discard.len();
    for &c in g.discard.as_slice() {
        buf[n] = c;
        n += 1;
    }
    let mut sizes = [[0u32; 3]; super::state::MAX_PLAYERS];
    for (s, size) in sizes.iter_mut().enumerate().take(g.players) {
        for (k, z) in [Zone::Hand, Zone::Foot, Zone::Recv].into_iter().enumerate() {
            if !g.zone_hidden(seat, s, z) {
                continue;
            }
            let zone = g.zone_mut(s, z);
            size[k] = zone.len();
            for (c, m) in zone.iter() {
                for _ in 0..m {
                    buf[n] = c;
                    n += 1;
                }
            }
            *zone = CardCounts::EMPTY;
        }
    }
    rng.shuffle(&mut buf[..n]);
    g.stock.clear();
    g.stock.extend_from_slice(&buf[..stock_len]);
    g.discard.clear();
    g.discard
        .extend_from_slice(&buf[stock_len..stock_len + under]);
    if let Some(t) = top {
        g.discard.push(t);
    }
    let mut at = stock_len + under;
    for (s, size) in sizes.iter().enumerate().take(g.players) {
        for (k, z) in [Zone::Hand, Zone::Foot, Zone::Recv].into_iter().enumerate() {
            let m = size[k] as usize;
            g.zone_mut(s, z).add_cards(buf[at..at + m].iter().copied());
            at += m;
        }
    }
    g
}

/// The zones hidden from `seat`, in a fixed order: the stock, the squared pile (under
/// the top), then per seat its hand, foot and received packet. The seat's own hand and
/// foot are known; its received packet only once the choice begins. Every zone is
/// listed (some empty), so the list's shape depends only on the player count.
pub(super) fn hidden_zones(g: &HandAndFoot, seat: Seat) -> Vec<CardCounts> {
    let mut z = vec![g.stock.counts(), CardCounts::EMPTY];
    let pile = g.discard.as_slice();
    z[1].add_cards(pile[..pile.len().saturating_sub(1)].iter().copied());
    for s in 0..g.players {
        if s == seat {
            let recv = if g.phase == Phase::Pass {
                g.recv[s]
            } else {
                CardCounts::EMPTY
            };
            z.extend([CardCounts::EMPTY, CardCounts::EMPTY, recv]);
        } else {
            z.extend([g.hands[s], g.feet[s], g.recv[s]]);
        }
    }
    z
}
