//! The determinizer: a full deal consistent with one seat's view, and the zones hidden from a
//! seat. The seat's own hand, the discard pile, the cards others took from it (still in their
//! hands), every size, whose turn, the direction, the turn count and the last effect stay. The
//! unknown cards (the shoe less all of those) are dealt uniformly into the stock, the unknown
//! slots of the other hands and the face-down closing card, with one constraint the seat
//! remembers: after a reshuffle the stock holds only cards the last reshuffle put into it
//! ([`View::restocked`]), so the stock is drawn uniformly from the unknown copies among those,
//! and every other unknown card goes to a hand (or face down). The sample's chance generator
//! (the reshuffle of the discards into a new stock) is seeded afresh from the caller's
//! generator.

use super::cards::{SHOE_CAP, shoe};
use super::combos::ComboList;
use super::scoring;
use super::state::{Chinchon, End};
use super::view::View;
use crate::cards::{CardCounts, GameRng, Pile};
use crate::game::Seat;

/// A deal consistent with everything `v`'s seat knows, unknown cards placed uniformly.
pub(crate) fn determinize(v: &View<'_>, rng: &mut GameRng) -> Chinchon {
    let mut unknown = shoe(v.rules, v.players);
    let public = v.hand.iter().chain(v.discard);
    let known = (0..v.players)
        .filter(|&s| s != v.seat)
        .flat_map(|s| v.known(s));
    for &c in public.chain(known) {
        unknown.remove(c);
    }
    // After a reshuffle the stock holds only cards the reshuffle put there: those unknown
    // copies may go to the stock, the others sit in hands (or face down).
    let (mut may, mut rest): (Pile<SHOE_CAP>, Pile<SHOE_CAP>) = (Pile::new(), Pile::new());
    for (c, n) in unknown.iter() {
        let k = if v.reshuffles > 0 {
            n.min(v.restocked.count(c))
        } else {
            n
        };
        may.extend(std::iter::repeat_n(c, k as usize));
        rest.extend(std::iter::repeat_n(c, (n - k) as usize));
    }
    may.shuffle(rng);
    assert!(
        may.len() >= v.stock_len,
        "the stock holds more than the restocked cards"
    );
    rest.extend_from_slice(&may.as_slice()[v.stock_len..]);
    rest.shuffle(rng);
    let mut deal = rest.as_slice().iter().copied();
    let chance = GameRng::new(rng.next_u64(), rng.next_u64());
    let mut s = Chinchon::empty(v.rules, v.players, v.active, chance);
    s.stock.extend_from_slice(&may.as_slice()[..v.stock_len]);
    // From the searching seat clockwise: a rotated deal is sampled the same way.
    for p in (0..v.players).map(|k| (v.seat + k) % v.players) {
        if p == v.seat {
            s.hands[p].extend_from_slice(v.hand);
        } else {
            let known = v.known(p);
            s.hands[p].extend_from_slice(known);
            s.hands[p].extend(deal.by_ref().take(v.hand_size(p) - known.len()));
        }
        s.known[p].extend_from_slice(v.known(p));
        s.combos[p] = ComboList::of(s.hands[p].as_slice());
    }
    s.discard.extend_from_slice(v.discard);
    s.recount();
    (s.turn, s.clockwise, s.turns, s.effect) = (v.turn, v.clockwise, v.turns, v.effect);
    (s.reshuffles, s.restocked) = (v.reshuffles, *v.restocked);
    s.phase = v.phase;
    if let End::Closed(closer) = v.end {
        s.face_down = deal.next();
        s.end = v.end;
        s.close = scoring::score_close(&s, closer);
    } else {
        s.end = v.end;
    }
    debug_assert!(deal.next().is_none(), "every unknown card placed");
    s
}

/// The zones hidden from `seat`: the stock, then the unknown part of each other hand from the
/// seat's left round the table, then the face-down closing card.
pub(crate) fn hidden_zones(g: &Chinchon, seat: Seat) -> Vec<CardCounts> {
    let mut zones = vec![g.stock.counts()];
    for k in 1..g.players {
        zones.push(unknown_in_hand(g, (seat + k) % g.players));
    }
    zones.push(g.face_down.into_iter().collect());
    zones
}

/// The cards of `seat`'s hand nobody else knows (its hand less the cards it took from the
/// discard pile in view of all).
pub(crate) fn unknown_in_hand(g: &Chinchon, seat: Seat) -> CardCounts {
    let mut h = g.hands[seat].counts();
    for &c in g.known[seat].as_slice() {
        h.remove(c);
    }
    h
}

/// The cards `seat` cannot see: the stock, the other hands but the cards known to be there,
/// the face-down closing card.
pub(crate) fn hidden_from(g: &Chinchon, seat: Seat) -> CardCounts {
    let mut h = g.stock.counts();
    for s in (0..g.players).filter(|&s| s != seat) {
        h.add(&unknown_in_hand(g, s));
    }
    h.add_cards(g.face_down);
    h
}
