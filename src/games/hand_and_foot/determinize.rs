//! The determinizer: a full deal consistent with one seat's view. Everything the seat sees
//! stays (its hand and foot, the packet it holds during the pass or the choice, every meld,
//! the whole discard pile, the cards known to be in each hand, every size and flag); every
//! card hidden from it (the stock, the unknown part of other seats' hands, their feet and
//! packets, and during the pass the packet coming to it) is dealt uniformly at random into
//! those same slots. The game has no chance events after the deal (the stock is never
//! reshuffled), so the sampled stock order is the only future the sample fixes. The packet
//! a seat passed is not tracked once passed (the view does not hold it), so it is sampled
//! like any unknown card.

use super::state::{HandAndFoot, MAX_PLAYERS, MAX_SHOE, Phase};
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

const ZONES: [Zone; 3] = [Zone::Hand, Zone::Foot, Zone::Recv];

/// `a - b` for multisets (`b` inside `a`).
fn minus(a: &CardCounts, b: &CardCounts) -> CardCounts {
    let mut out = *a;
    for (c, n) in b.iter() {
        for _ in 0..n {
            out.remove(c);
        }
    }
    out
}

impl HandAndFoot {
    fn zone_mut(&mut self, s: Seat, z: Zone) -> &mut CardCounts {
        match z {
            Zone::Hand => &mut self.hands[s],
            Zone::Foot => &mut self.feet[s],
            Zone::Recv => &mut self.recv[s],
        }
    }

    /// The cards of zone `z` of seat `s` hidden from `seat`: none of its own zones but the
    /// packet coming to it during the pass; of another seat's hand, all but the cards known
    /// to be there.
    fn hidden_part(&self, seat: Seat, s: Seat, z: Zone) -> CardCounts {
        match z {
            _ if s == seat && !(matches!(z, Zone::Recv) && self.phase == Phase::Pass) => {
                CardCounts::EMPTY
            }
            Zone::Hand if self.known[s].is_empty() => self.hands[s],
            Zone::Hand => minus(&self.hands[s], &self.known[s]),
            Zone::Foot => self.feet[s],
            Zone::Recv => self.recv[s],
        }
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
    // Seats from the searching one clockwise, here and below: a rotated deal (the same deal
    // dealt by another seat) is sampled the same way.
    let players = g.players;
    let order = move |k: usize| (seat + k) % players;
    let mut sizes = [[0u32; 3]; MAX_PLAYERS];
    for s in (0..players).map(order) {
        let size = &mut sizes[s];
        for (k, z) in ZONES.into_iter().enumerate() {
            let hidden = g.hidden_part(seat, s, z);
            size[k] = hidden.len();
            if !hidden.is_empty() {
                let zone = g.zone_mut(s, z);
                *zone = minus(zone, &hidden);
            }
            for (c, m) in hidden.iter() {
                for _ in 0..m {
                    buf[n] = c;
                    n += 1;
                }
            }
        }
    }
    rng.shuffle(&mut buf[..n]);
    g.stock.clear();
    g.stock.extend_from_slice(&buf[..stock_len]);
    let mut at = stock_len;
    for s in (0..players).map(order) {
        for (k, z) in ZONES.into_iter().enumerate() {
            let m = sizes[s][k] as usize;
            g.zone_mut(s, z).add_cards(buf[at..at + m].iter().copied());
            at += m;
        }
    }
    g
}

/// The zones hidden from `seat`, in a fixed order: the stock, then per seat the unknown
/// part of its hand, its foot and its received packet. The seat's own hand and foot are
/// known, and so is its received packet once the choice begins; the discard pile is known
/// to every seat. Every zone is listed (some empty), so the list's shape depends only on
/// the player count.
pub(super) fn hidden_zones(g: &HandAndFoot, seat: Seat) -> Vec<CardCounts> {
    let mut z = vec![g.stock.counts()];
    for s in 0..g.players {
        for zone in ZONES {
            z.push(g.hidden_part(seat, s, zone));
        }
    }
    z
}
