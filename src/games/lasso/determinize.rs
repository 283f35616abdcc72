//! The determinizer: a full deal sampled from one seat's view, and the zones hidden from a
//! seat (for the harness's uniformity test).
//!
//! What a seat knows beyond its own cards and the public table: each seat's `known` cards
//! (taken in view of all, each in that seat's hand or on a face-down top it discarded from
//! its hand since), that the face-down card of a pair (setup, refill from hand) shares the
//! rank of the card under it or its suit with a higher rank, that a seat setting up chose
//! two cards of one suit or rank, and that the turn's player, in its set phase or owing a
//! set, holds one. The sample honours all of it: known cards are placed first (on a top the
//! discarder may have put there, with the chance that a card of a hand of that size was one
//! of them, else in the hand), then the unknown cards are shuffled and dealt into the
//! constrained slots, and the whole draw is rejected and redrawn when a constraint fails, so
//! that the unknown cards are uniform given the constraints. After a reshuffle the stock
//! holds only cards the reshuffle put there (`restock`, seen face up in the piles by all):
//! its cards are drawn from those still unplaced. The chance rng (reshuffles) is
//! re-seeded from `rng`.

use super::scoring::{can_set_with, each_set, has_set};
use super::state::{
    LaidSet, Lasso, MAX_SETS, NOBODY, PUBLIC, Phase, SLOTS, pair_ok, same, slots_from,
};
use super::view::View;
use crate::cards::{Card, CardCounts, CardSet, GameRng, Pile};
use crate::game::Seat;

/// Draws before a sample is given up: far beyond any position's needs (a bug otherwise).
const ATTEMPTS: u32 = 1_000_000;

/// The cards hidden from `seat`: the stock, other hands and setup pairs, face-down tops it
/// has not seen, less the cards publicly known to sit with another seat.
pub(crate) fn hidden_set(g: &Lasso, seat: Seat) -> CardSet {
    let mut h: CardSet = g.stock.as_slice().iter().copied().collect();
    for s in (0..g.players as usize).filter(|&s| s != seat) {
        h |= g.hands[s] | g.pending[s];
    }
    for p in 0..SLOTS {
        let k = g.knower[p];
        if g.down[p] && k as usize != seat && k != PUBLIC {
            h.insert(g.piles[p].top().expect("a face-down top"));
        }
    }
    for s in (0..g.players as usize).filter(|&s| s != seat) {
        h -= g.known[s];
    }
    h
}

/// The zones hidden from `seat`: the stock; for each other seat clockwise, its hand, setup
/// pair and face-down tops from its hand, less its known cards (the cards of that seat whose
/// place among those slots is unknown); then each face-down stock card nobody saw.
pub(crate) fn hidden_zones(g: &Lasso, seat: Seat) -> Vec<CardCounts> {
    let n = g.players as usize;
    let hidden = hidden_set(g, seat);
    let mut zones = vec![g.stock.counts()];
    for k in 1..n {
        let s = (seat + k) % n;
        let mut z = g.hands[s] | g.pending[s];
        for p in (0..SLOTS).filter(|&p| g.down[p] && g.knower[p] as usize == s) {
            z.insert(g.piles[p].top().expect("a face-down top"));
        }
        zones.push(CardCounts::from_set(z & hidden));
    }
    for p in (0..SLOTS).filter(|&p| g.down[p] && g.knower[p] == NOBODY) {
        let mut z = CardCounts::default();
        z.add_cards(g.piles[p].top());
        zones.push(z);
    }
    zones
}

/// A full deal consistent with everything `v`'s seat knows (see the module docs).
pub(crate) fn determinize(v: &View<'_>, rng: &mut GameRng) -> Lasso {
    let base = skeleton(v, rng.fork());
    // Fixed arrays, not a Vec: search bots determinize at every iteration.
    let mut unknown = [Card::from_index(0); 52];
    let mut n = 0;
    for c in CardSet::DECK52 - shown(v) {
        unknown[n] = c;
        n += 1;
    }
    let unknown = &unknown[..n];
    let mut deck = [Card::from_index(0); 52];
    let deck = &mut deck[..n];
    for _ in 0..ATTEMPTS {
        deck.copy_from_slice(unknown);
        rng.shuffle(deck);
        let mut g = base.clone();
        if fill(&mut g, v, deck, rng) {
            return g;
        }
    }
    panic!("lasso: no deal fits seat {}'s view", v.seat)
}

/// Every card the view shows, as a set.
fn shown(v: &View<'_>) -> CardSet {
    let mut c = v.hand | v.pending | v.aside;
    for p in &v.piles {
        c |= p.up.iter().copied().collect::<CardSet>();
        if let Some(t) = p.known_top {
            c.insert(t);
        }
    }
    for s in v.sets {
        c |= s.cards;
    }
    for s in (0..v.players).filter(|&s| s != v.seat) {
        c |= v.known[s];
    }
    c
}

/// The state as far as the view tells it: every public field, the seat's own cards, and the
/// face-down tops it has seen; hidden hands and tops empty, the stock empty.
fn skeleton(v: &View<'_>, chance: GameRng) -> Lasso {
    let seat = v.seat;
    let mut sets = [LaidSet::default(); MAX_SETS];
    sets[..v.sets.len()].copy_from_slice(v.sets);
    let mut g = Lasso {
        rules: *v.rules,
        players: v.players as u8,
        dealer: v.dealer as u8,
        phase: v.phase,
        turn: v.turn as u8,
        actor: v.actor as u8,
        hands: [CardSet::EMPTY; SLOTS],
        pending: [CardSet::EMPTY; SLOTS],
        stock: Pile::new(),
        piles: [Pile::new(); SLOTS],
        down: [false; SLOTS],
        down_by: [NOBODY; SLOTS],
        knower: [NOBODY; SLOTS],
        sets,
        nsets: v.sets.len() as u8,
        aside: v.aside,
        penalties: v.penalties,
        out: NOBODY,
        owed: v.owed,
        laid: v.laid,
        chain_set: v.chain.map_or(0, |c| c.0 as u8),
        claimant: v.chain.map_or(NOBODY, |c| c.1 as u8),
        asked: v.asked,
        turns: v.turns,
        capped: false,
        stuck: false,
        pending_up: [Card::from_index(0); SLOTS],
        known: v.known,
        pool: [CardSet::EMPTY; SLOTS],
        hand_at: [0; SLOTS],
        paired: [false; SLOTS],
        restock: v.restock,
        rng: chance,
    };
    g.hands[seat] = v.hand;
    g.pending[seat] = v.pending;
    if let Some(up) = v.pending_up {
        g.pending_up[seat] = up;
    }
    for (p, pv) in v.piles.iter().enumerate() {
        g.piles[p] = Pile::from_slice(pv.up);
        g.down[p] = pv.down;
        g.paired[p] = pv.paired;
        g.pool[p] = pv.pool;
        g.hand_at[p] = pv.hand_at;
        if !pv.down {
            continue;
        }
        let by = pv.by.expect("a face-down top has a discarder") as u8;
        g.down_by[p] = by;
        g.knower[p] = match (pv.from_hand, pv.known_top.is_some()) {
            (true, _) => by,
            (false, true) => PUBLIC,
            (false, false) => NOBODY,
        };
        if let Some(t) = pv.known_top {
            g.piles[p].push(t);
        }
    }
    g
}

/// Deals the shuffled unknown cards into `g`'s hidden slots; false when a constraint fails.
/// After a reshuffle the stock takes the first cards of the deck that the reshuffle put
/// into it (a uniform choice among them), the other slots the rest in deck order.
fn fill(g: &mut Lasso, v: &View<'_>, deck: &[Card], rng: &mut GameRng) -> bool {
    let mut rest = [Card::from_index(0); 52];
    let mut n = 0;
    let mut stock = 0;
    for &c in deck {
        if !v.restock.is_empty() && stock < v.stock_len && v.restock.contains(c) {
            g.stock.push(c);
            stock += 1;
        } else {
            rest[n] = c;
            n += 1;
        }
    }
    let mut next = rest[..n].iter().copied();
    let mut top: [Option<Card>; SLOTS] = [None; SLOTS];
    let hidden = |p: usize| v.piles[p].down && v.piles[p].known_top.is_none();
    let under = |p: usize| v.piles[p].up.last().copied();
    let others = (1..v.players).map(|k| (v.seat + k) % v.players);
    // Slots (and seats) are walked from the searching seat, never from slot 0: the same deal
    // dealt by another seat, seats and slots rotated, is sampled the same way.
    let slots = || slots_from(v.players, v.seat);
    // known cards: on a top their holder may have discarded, or in the hand
    for s in others.clone() {
        let mut rest = v.known[s];
        for p in slots().filter(|&p| hidden(p) && v.piles[p].from_hand) {
            if v.piles[p].by != Some(s) {
                continue;
            }
            let cand: CardSet = (rest & v.piles[p].pool)
                .into_iter()
                .filter(|&c| !v.piles[p].paired || under(p).is_some_and(|u| pair_ok(u, c)))
                .collect();
            let n = cand.len();
            if n > 0 && rng.below(u32::from(v.piles[p].hand_at.max(1))) < n {
                let c = cand
                    .into_iter()
                    .nth(rng.index(n as usize))
                    .expect("a candidate");
                top[p] = Some(c);
                rest.remove(c);
            }
        }
        if rest.len() > u32::from(v.hand_len[s]) {
            return false;
        }
        g.hands[s] = rest;
    }
    // constrained slots first: tops of pairs, then other seats' setup pairs
    for p in slots() {
        if !hidden(p) || !v.piles[p].paired || top[p].is_some() {
            continue;
        }
        let c = next.next().expect("enough unknown cards");
        if !under(p).is_some_and(|u| pair_ok(u, c)) {
            return false;
        }
        top[p] = Some(c);
    }
    for s in others.clone().filter(|&s| v.pending_len[s] == 2) {
        let (a, b) = (next.next().expect("a card"), next.next().expect("a card"));
        if !same(a, b) {
            return false;
        }
        g.pending[s] = CardSet::from_card(a).with(b);
        // the lower card lies face up; of two of a rank, either (the player's choice)
        let a_up = if a.rank() == b.rank() {
            rng.below(2) == 0
        } else {
            a.rank() < b.rank()
        };
        g.pending_up[s] = if a_up { a } else { b };
    }
    for p in slots().filter(|&p| hidden(p)) {
        let c = top[p].unwrap_or_else(|| next.next().expect("a card"));
        g.piles[p].push(c);
    }
    for s in others {
        while g.hands[s].len() < u32::from(v.hand_len[s]) {
            g.hands[s].insert(next.next().expect("a card"));
        }
    }
    for c in next {
        g.stock.push(c);
    }
    turn_possible(g, v.seat)
}

/// The turn's player (another seat) holds what its phase shows: a set in its set phase, a
/// set with the owed card while it owes one (the owed card itself is in its hand: a discard
/// that breaks the set is not legal, so it never went onto a face-down top; after a
/// draw-until, without the drawn card, which must be discarded).
fn turn_possible(g: &Lasso, seat: Seat) -> bool {
    let t = g.turn as usize;
    if t == seat {
        return true;
    }
    let hand = g.hands[t];
    match (g.phase, g.owed) {
        (Phase::Lasso | Phase::Answer(_) | Phase::Over, _) => true,
        // the drawn card must go down: the set is made without it (as it was before the draw)
        (Phase::SetLow(c), _) => {
            let mut any = false;
            each_set(hand, g.owed, |s| any |= s.first() == Some(c));
            any
        }
        (Phase::Drawn(c), Some(d)) => hand.contains(d) && can_set_with(hand.without(c), d),
        (_, Some(d)) => hand.contains(d) && can_set_with(hand, d),
        (Phase::Set, None) => has_set(hand),
        _ => true,
    }
}
