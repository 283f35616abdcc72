//! The odds `greedy` reads ahead with: the copies of each card that may be the next stock
//! card, as far as the seat can tell, and the *outs* of a partial (two cards one more card
//! makes a combination of) under them, summed from a table. See
//! [`lookahead`](super::lookahead) for how they are used.
//!
//! A card may be the next stock card when the seat cannot see it (not in its hand, the discard
//! pile, or among the cards others are known to hold), and, after a reshuffle, only when the
//! reshuffle put it into the stock (the others sit in hands). Each such copy is as likely as
//! any other: the stock and the unknown part of the other hands are a uniform split of the
//! unseen cards.

use super::cards::{CIRC, WILD};
use super::view::View;
use crate::cards::Card;
/// The copies of each card index that may be the next stock card, and their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Copies by card index (the first 64 entries); from [`NUMS`] on, the copies of each
    /// number (`number - 1`) over the suits; the rest 0 (the entry [`ZERO`] that
    /// [`OUTS`] names for nothing).
    pub w: [u8; ODDS_LEN],
    /// All of them.
    pub total: u32,
}

/// Where [`Odds::w`] holds the copies of each number over the suits.
pub(super) const NUMS: usize = 64;
/// An entry of [`Odds::w`] that is always 0.
const ZERO: usize = 76;
/// The entries of [`Odds::w`].
pub(super) const ODDS_LEN: usize = 80;

impl Odds {
    /// The odds as `v`'s seat can tell them (see the module docs): the shoe less the cards
    /// the deal keeps counted as public (the discard pile and the known cards, the seat's
    /// own among them) and less its hand.
    pub fn of(v: &View<'_>) -> Odds {
        let g = v.g;
        let mut w = [0u8; ODDS_LEN];
        for ((x, &s), &p) in w[..64].iter_mut().zip(&g.shoe_counts).zip(&g.public) {
            *x = s - p;
        }
        let own = v.known(v.seat);
        for &c in own {
            w[c.index() as usize & 63] += 1;
        }
        for &c in v.hand {
            w[c.index() as usize & 63] -= 1;
        }
        let known: usize = (0..v.players).map(|s| v.known(s).len()).sum();
        let seen = v.hand.len() + v.discard.len() + known - own.len();
        let odds = Odds::finish(v, w, g.shoe_len - seen as u32);
        debug_assert_eq!(odds, Odds::scan(v), "the public counts");
        odds
    }

    /// [`Odds::of`] from the cards in sight, one at a time (what the public counts save).
    pub(super) fn scan(v: &View<'_>) -> Odds {
        let mut w = [0u8; ODDS_LEN];
        w[..64].copy_from_slice(&v.g.shoe_counts);
        let mut gone = 0;
        let mut seen = |c: Card| {
            let x = &mut w[c.index() as usize & 63];
            gone += (*x > 0) as u32;
            *x = x.saturating_sub(1);
        };
        v.hand.iter().chain(v.discard).for_each(|&c| seen(c));
        for s in (0..v.players).filter(|&s| s != v.seat) {
            v.known(s).iter().for_each(|&c| seen(c));
        }
        Odds::finish(v, w, v.g.shoe_len - gone)
    }

    /// The odds from the copies out of sight `w` (`unseen` of them): after a reshuffle, only
    /// those the reshuffle put into the stock.
    #[inline]
    fn finish(v: &View<'_>, mut w: [u8; ODDS_LEN], unseen: u32) -> Odds {
        let total = if v.reshuffles > 0 {
            for (i, x) in w[..64].iter_mut().enumerate() {
                *x = (*x).min(v.restocked.count(Card::from_index(i as u8)));
            }
            w[..64].iter().map(|&x| x as u32).sum()
        } else {
            unseen
        };
        // The four suits' rows summed sixteen lanes at a time (the last four lanes, past the
        // numbers, are dropped).
        let mut lanes = [0u8; 16];
        for row in 0..4 {
            for (l, &x) in lanes.iter_mut().zip(&w[12 * row..12 * row + 16]) {
                *l = l.wrapping_add(x);
            }
        }
        w[NUMS..NUMS + 12].copy_from_slice(&lanes[..12]);
        Odds { w, total }
    }

    /// The outs of the partial `a`, `b`: the copies that would make a combination of the
    /// two (0 when they are no partial), summed from the entries [`OUTS`] names.
    #[inline(always)]
    pub fn outs(&self, a: Card, b: Card) -> u32 {
        let at = OUTS[(a.index() as usize & 63) << 6 | (b.index() as usize & 63)];
        at.iter().map(|&x| self.w[x as usize] as u32).sum()
    }
}

/// For each pair of card indices (`a * 64 + b`), the entries of [`Odds::w`] whose sum is
/// the partial's outs ([`ZERO`] for none): what [`outs_by_kind`] adds up, as a table.
static OUTS: [[u8; 4]; 64 * 64] = {
    let mut t = [[ZERO as u8; 4]; 64 * 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            t[a * 64 + b] = outs_at(a, b);
            b += 1;
        }
        a += 1;
    }
    t
};

/// The entry of number `num` (1..=12; [`ZERO`] outside) of `suit` in [`Odds::w`].
const fn num_at(suit: usize, num: usize) -> u8 {
    if num >= 1 && num <= 12 {
        (suit * 12 + num - 1) as u8
    } else {
        ZERO as u8
    }
}

/// The entries of [`Odds::w`] that count the outs of the partial of card indices `a`, `b`
/// (see [`outs_by_kind`]).
const fn outs_at(a: usize, b: usize) -> [u8; 4] {
    let (z, wild, circ) = (ZERO as u8, WILD.index(), CIRC.index());
    let circ_i = circ as usize;
    if a < 48 && b < 48 {
        let (s, n, t, m) = (a / 12, a % 12 + 1, b / 12, b % 12 + 1);
        if n == m {
            return [(NUMS + n - 1) as u8, wild, z, z];
        }
        if s != t {
            return [z; 4];
        }
        let (lo, hi) = if n < m { (n, m) } else { (m, n) };
        match hi - lo {
            1 => {
                let ring = if lo == 1 || hi == 12 { circ } else { z };
                [num_at(s, lo - 1), num_at(s, hi + 1), ring, wild]
            }
            2 => [num_at(s, lo + 1), wild, z, z],
            11 => [circ, wild, z, z],
            _ => [z; 4],
        }
    } else if (a < 48 && b == circ_i) || (a == circ_i && b < 48) {
        let x = if a < 48 { a } else { b };
        let (suit, num) = (x / 12, x % 12 + 1);
        match num {
            12 => [num_at(suit, 11), num_at(suit, 1), wild, z],
            1 => [num_at(suit, 12), num_at(suit, 2), wild, z],
            11 => [num_at(suit, 12), wild, z, z],
            2 => [num_at(suit, 1), wild, z, z],
            _ => [z; 4],
        }
    } else if a == circ_i && b == circ_i {
        [circ, wild, z, z]
    } else {
        [z; 4]
    }
}

/// The outs of the partial `a`, `b` by their kinds: what [`OUTS`] tabulates (the tests
/// compare the two).
#[cfg(test)]
pub(super) fn outs_by_kind(o: &Odds, a: Card, b: Card) -> u32 {
    use super::cards::{Kind, kind};
    let num = |suit: u8, num: i32| -> u32 {
        if (1..=12).contains(&num) {
            o.w[suit as usize * 12 + num as usize - 1] as u32
        } else {
            0
        }
    };
    let wild = o.w[WILD.index() as usize] as u32;
    let circ = o.w[CIRC.index() as usize] as u32;
    match (kind(a), kind(b)) {
        (Kind::Num { suit: s, num: n }, Kind::Num { suit: t, num: m }) => {
            let (n, m) = (n as i32, m as i32);
            if n == m {
                return o.w[NUMS + n as usize - 1] as u32 + wild;
            }
            if s != t {
                return 0;
            }
            let (lo, hi) = (n.min(m), n.max(m));
            match hi - lo {
                1 => {
                    let ring = if lo == 1 || hi == 12 { circ } else { 0 };
                    num(s, lo - 1) + num(s, hi + 1) + ring + wild
                }
                2 => num(s, lo + 1) + wild,
                11 => circ + wild,
                _ => 0,
            }
        }
        (Kind::Num { suit, num: n }, Kind::Circ) | (Kind::Circ, Kind::Num { suit, num: n }) => {
            match n {
                12 => num(suit, 11) + num(suit, 1) + wild,
                1 => num(suit, 12) + num(suit, 2) + wild,
                11 => num(suit, 12) + wild,
                2 => num(suit, 1) + wild,
                _ => 0,
            }
        }
        (Kind::Circ, Kind::Circ) => circ + wild,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;

    /// The tabled outs are those worked out by kind for every pair of cards, under odds
    /// with a different count at every card (so that a wrong entry shows).
    #[test]
    fn tabled_outs_are_the_outs_by_kind() {
        let mut rng = GameRng::new(5, 1);
        for _ in 0..200 {
            let mut w = [0u8; ODDS_LEN];
            for x in w[..53].iter_mut() {
                *x = 1 + rng.index(20) as u8;
            }
            for n in 0..12 {
                w[NUMS + n] = (0..4).map(|s| w[s * 12 + n]).sum();
            }
            let odds = Odds { w, total: 1000 };
            for a in (0..53).map(Card::from_index) {
                for b in (0..53).map(Card::from_index) {
                    assert_eq!(odds.outs(a, b), outs_by_kind(&odds, a, b), "{a:?} {b:?}");
                }
            }
        }
    }
}
