//! Seat symmetry: bots must choose by positions relative to their seat and the dealer, never
//! by seat numbers, so that a seat-advantage study measures the game and not the bot. The
//! check plays each deal twice from the same shuffle and the same strategy generator: once
//! dealt by seat 0 and once by seat `k`, with the line-up rotated by `k`. A game that deals
//! relative to the dealer then plays the very same deal, seat numbers shifted by `k`: the
//! same number of decisions and turns, each seat's score and win moved by `k`.

use crate::game::{ActionList, DealResult, Game, Seat, SeatMask, Table};
use crate::sim::{Quiet, deal_rngs, play_deal};
use crate::strategy::Strategy;

/// `r` with every seat moved `k` places clockwise.
fn rotated(r: &DealResult, k: usize) -> DealResult {
    let n = r.players;
    let mut out = *r;
    out.winners = SeatMask::EMPTY;
    for s in 0..n {
        out.scores[(s + k) % n] = r.scores[s];
        if r.winners.contains(s) {
            out.winners.insert((s + k) % n);
        }
    }
    out
}

/// Plays `deals` deals at every rotation `k` of the dealer and checks each equals the deal
/// dealt by seat 0, rotated. `make(p)` builds the bot for the seat `p` places left of the
/// dealer (so a mixed line-up keeps its order relative to the dealer).
pub fn seat_symmetry<G: Game>(
    rules: &G::Rules,
    players: usize,
    deals: u64,
    seed: u64,
    make: &dyn Fn(Seat) -> Box<dyn Strategy<G>>,
) -> Result<(), String> {
    G::check_players(rules, players)?;
    (0..deals).try_for_each(|i| seat_symmetry_deal(rules, players, seed, i, make))
}

/// [`seat_symmetry`] for deal `i` alone.
pub fn seat_symmetry_deal<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    i: u64,
    make: &dyn Fn(Seat) -> Box<dyn Strategy<G>>,
) -> Result<(), String> {
    let mut buf = ActionList::new();
    let mut base = None;
    for k in 0..players {
        let mut seats: Vec<Box<dyn Strategy<G>>> = (0..players)
            .map(|s| make((s + players - k) % players))
            .collect();
        let mut table = Table::first(players);
        table.dealer = k;
        let mut rngs = deal_rngs(seed, i, 0);
        let (r, a) = play_deal(rules, &table, &mut rngs, &mut seats, &mut buf, &mut Quiet);
        match base {
            None => base = Some((r, a)),
            Some((r0, a0)) => {
                if (rotated(&r0, k), a0) != (r, a) {
                    return Err(format!(
                        "{} deal {i}: dealt by seat 0 gives {r0:?} in {a0} decisions; \
                         dealt by seat {k} gives {r:?} in {a} (expected the first \
                         rotated by {k})",
                        G::NAME
                    ));
                }
            }
        }
    }
    Ok(())
}
