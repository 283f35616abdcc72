//! How `greedy` weighs its choices without working out more than it needs: the odds only
//! when a keep value asks for them ([`LazyOdds`]), keep values only for the cards a bound
//! leaves in the race ([`least_by_bound`]), and nothing twice in one turn ([`Taken`]).
//!
//! **The turn.** When the draw takes the discard top, the discard then weighs the very hand
//! the draw weighed (the hand with the top), with the same odds (the top moved from the
//! discards to the seat's known cards: the unseen cards are the same) and the same worth of
//! each card (the next seat and what it is known to hold are the same), so it reads the
//! costs, the odds and the keep values the draw worked out.
//!
//! The draw's results are read only when the view agrees with the draw's in everything they
//! depend on besides the hand: the same seat and turn, no reshuffle yet (the odds then also
//! depend on what the reshuffle put into the stock, and the worth on the live cards), the
//! same public cards (the discard pile and the known cards, as counts), and the same known
//! cards of the seat and of the next seat. Those facts, with the hand, are all the draw's
//! results depend on, so a view that agrees reads them rightly whenever it comes.

use super::arrange::{HAND_CAP, positions};
use super::hand_memo::Key;
use super::lookahead::Odds;
use super::view::View;
use crate::cards::Pile;
use crate::game::Seat;

/// The odds of one decision ([`Odds::of`] its view), worked out when first asked.
pub(super) struct LazyOdds<'a, 'v> {
    pub(super) v: &'a View<'v>,
    pub(super) odds: Option<Odds>,
}

impl LazyOdds<'_, '_> {
    #[inline]
    pub(super) fn get(&mut self) -> &Odds {
        let v = self.v;
        self.odds.get_or_insert_with(|| Odds::of(v))
    }
}

/// What the draw worked out for the hand with the discard top, and what it depends on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Taken {
    /// The hand with the top.
    key: Key,
    seat: Seat,
    turns: u32,
    discard_len: usize,
    public: [u8; 64],
    own: Pile<HAND_CAP>,
    next: Seat,
    next_known: Pile<HAND_CAP>,
    /// Each card's cost without its keep value (quarter points, action bonus aside).
    pub(super) cost: [i32; HAND_CAP],
    /// The odds, if the draw needed them.
    pub(super) odds: Option<Odds>,
    /// The keep values the draw asked for (quarter points), at the positions of `asked`.
    pub(super) kv: [i32; HAND_CAP],
    pub(super) asked: u16,
}

impl Taken {
    /// What the draw in `v` worked out for the hand with the top (`key`); `None` after a
    /// reshuffle or when the bot values live cards (see the module docs).
    pub(super) fn of(
        v: &View<'_>,
        replanning: bool,
        key: Key,
        cost: &[i32; HAND_CAP],
        odds: Option<Odds>,
        kv: &[i32; HAND_CAP],
        asked: u16,
    ) -> Option<Taken> {
        if v.reshuffles != 0 || replanning {
            return None;
        }
        let next = v.next_seat(v.seat);
        Some(Taken {
            key,
            seat: v.seat,
            turns: v.turns,
            discard_len: v.discard.len(),
            public: v.g.public,
            own: v.g.known[v.seat],
            next,
            next_known: v.g.known[next],
            cost: *cost,
            odds,
            kv: *kv,
            asked,
        })
    }

    /// Whether `v`, a discard with the hand `key`, is the one that follows the draw (see the
    /// module docs).
    pub(super) fn fits(&self, v: &View<'_>, key: Key) -> bool {
        let next = v.next_seat(v.seat);
        self.key == key
            && self.seat == v.seat
            && self.turns == v.turns
            && v.reshuffles == 0
            && self.discard_len == v.discard.len() + 1
            && self.public == v.g.public
            && self.next == next
            && v.known(v.seat).split_last().map(|(_, own)| own) == Some(self.own.as_slice())
            && self.next_known.as_slice() == v.known(next)
    }
}

/// The least `key(i)` over the positions in `cands` and the first position that has it,
/// where `key(i) >= low[i]`: positions are tried from the least bound up, and `key` is asked
/// only while a bound leaves a position in the race.
pub(super) fn least_by_bound(
    low: &[i32],
    cands: u16,
    mut key: impl FnMut(usize) -> i32,
) -> (i32, usize) {
    // The least bound first (the first position on ties).
    let (mut lo, mut first) = (i32::MAX, usize::MAX);
    for j in positions(cands) {
        if low[j] < lo {
            (lo, first) = (low[j], j);
        }
    }
    if first == usize::MAX {
        return (i32::MAX, usize::MAX);
    }
    let (mut best, mut at) = (key(first), first);
    // The least key only falls: the positions still in the race are those whose bounds are
    // at most this one, tried from the least bound up (the first position on ties), as
    // bounds and positions packed into one number.
    let mut race = [0i64; HAND_CAP];
    let mut k = 0;
    for j in positions(cands & !(1 << first)) {
        if low[j] <= best {
            let x = (low[j] as i64) << 8 | j as i64;
            let mut p = k;
            while p > 0 && race[p - 1] > x {
                race[p] = race[p - 1];
                p -= 1;
            }
            race[p] = x;
            k += 1;
        }
    }
    for &r in &race[..k] {
        let (lo, i) = ((r >> 8) as i32, (r & 0xff) as usize);
        if lo > best {
            break;
        }
        if lo == best && i > at {
            continue;
        }
        let x = key(i);
        if x < best || (x == best && i < at) {
            (best, at) = (x, i);
        }
    }
    (best, at)
}
