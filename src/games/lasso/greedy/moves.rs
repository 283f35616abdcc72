//! The legal actions of the seat to act, listed from its view in the order the engine lists
//! them (`legal.rs`), so that `greedy` decides without the runner's legal list: it breaks
//! ties by the first action listed, so the order must be the engine's.
//!
//! One shortcut: a refill is listed for the first empty slot only (see `discard_moves`),
//! so a list may be shorter than the engine's, never with another best action.
//!
//! Every list reads only what the view shows: the seat's own hand, the face-up pile cards
//! (the whole pile when its top is revealed), which tops are face down, the stock's size,
//! the sets laid and the card owed. The multi-card take's check that the turn can still be
//! completed (`Lasso::take_completes`) is worked out on the view's cards, without the copy
//! of the state the engine makes.

use crate::cards::{Card, CardSet, Rank};
use crate::game::ActionList;
use crate::games::lasso::legal::{MAX_LAYS, count_sets, discards_onto, legal_setup};
use crate::games::lasso::rules::EmptyStock;
use crate::games::lasso::scoring::{SetKind, can_set_with, each_set};
use crate::games::lasso::state::{Action, Phase, SLOTS, keeps_owed, pair_ok, same, slots_from};
use crate::games::lasso::view::View;

/// The buffer the legal actions are listed into, kept from one decision to the next.
#[derive(Clone, Default)]
pub(super) struct Moves(ActionList<Action>);

impl std::fmt::Debug for Moves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl Moves {
    /// The legal actions of the seat to act in `v` (its own decision), in the engine's
    /// order.
    pub(super) fn list(&mut self, v: &View<'_>) -> &[Action] {
        list(v, &mut self.0);
        &self.0
    }

    /// The actions listed last.
    pub(super) fn get(&self) -> &[Action] {
        &self.0
    }
}

/// The legal actions of the seat to act in `v` (its own decision), into `out`, in the
/// engine's order.
fn list(v: &View<'_>, out: &mut ActionList<Action>) {
    out.clear();
    let mut f = |a| out.push(a);
    match v.phase {
        Phase::Setup => legal_setup(v.hand, f),
        Phase::Reveal => reveal(v, f),
        Phase::Pickup => pickup(v, f),
        Phase::Discard => discard(v, f),
        Phase::Drawn(c) => drawn(v, c, f),
        Phase::Refill(_, first) => refill(v, first, f),
        Phase::Set => set(v, f),
        Phase::SetLow(c) => each_set(v.hand, v.owed, |s| {
            if s.first() == Some(c) {
                f(Action::Lay(s));
            }
        }),
        Phase::Lasso => lasso(v, f),
        Phase::Answer(c) => {
            f(Action::Pass);
            if v.hand.contains(c) {
                f(Action::Answer(c));
            }
        }
        Phase::Over => {}
    }
}

/// `Reveal`: every face-down top.
fn reveal(v: &View<'_>, mut f: impl FnMut(Action)) {
    for p in slots_from(v.players, v.actor) {
        if v.piles[p].down {
            f(Action::Reveal(p as u8));
        }
    }
}

/// `Drawn(c)`: the drawn card onto each pile whose top it matches.
fn drawn(v: &View<'_>, c: Card, mut f: impl FnMut(Action)) {
    for p in slots_from(v.players, v.actor) {
        if v.piles[p].open_top().is_some_and(|t| same(t, c)) {
            f(Action::Discard(c, p as u8));
        }
    }
}

/// `Refill(_, first)`: a matching hand card or the stock top completes the pair.
fn refill(v: &View<'_>, first: Card, mut f: impl FnMut(Action)) {
    let hand = v.hand;
    let mut any = false;
    for c in hand {
        if pair_ok(first, c) && keeps_owed(v.owed, hand, CardSet::from_card(c)) {
            f(Action::RefillWith(c));
            any = true;
        }
    }
    if !any || v.stock_live() {
        f(Action::RefillStock);
    }
}

/// `Set`: a set (holding the owed card, if any), or `Pass` when nothing is owed; the
/// lowest cards first when the hand holds more sets than one list can offer.
fn set(v: &View<'_>, mut f: impl FnMut(Action)) {
    if v.owed.is_none() {
        f(Action::Pass);
    }
    if count_sets(v.hand, v.owed) <= MAX_LAYS {
        each_set(v.hand, v.owed, |s| f(Action::Lay(s)));
        return;
    }
    let mut lows = CardSet::EMPTY;
    each_set(v.hand, v.owed, |s| {
        lows.insert(s.first().expect("a set"));
    });
    for c in lows {
        f(Action::SetLow(c));
    }
}

/// `Lasso`: pass, or lasso with a usable ace (`Lasso::lasso_aces`).
fn lasso(v: &View<'_>, mut f: impl FnMut(Action)) {
    f(Action::Pass);
    let Some((i, _)) = v.chain else { return };
    let set = &v.sets[i];
    let aces = match set.kind {
        SetKind::Kind => CardSet::rank(Rank::ACE),
        _ => CardSet::from_card(Card::new(Rank::ACE, set.cards.first().expect("set").suit())),
    };
    for a in v.hand & aces {
        f(Action::Lasso(a));
    }
}

/// What the discard step sees of the table: each slot's revealed top, and which slots are
/// empty.
#[derive(Clone, Copy)]
struct Table {
    top: [Option<Card>; SLOTS],
    empty: [bool; SLOTS],
}

impl Table {
    fn of(v: &View<'_>) -> Table {
        Table {
            top: std::array::from_fn(|p| v.piles[p].open_top()),
            empty: std::array::from_fn(|p| v.piles[p].up.is_empty() && !v.piles[p].down),
        }
    }
}

/// `Pickup`: a pile's revealed top, a multi-card take, or the stock.
fn pickup(v: &View<'_>, mut f: impl FnMut(Action)) {
    let hand = v.hand;
    let mut any = false;
    for p in slots_from(v.players, v.actor) {
        let pile = &v.piles[p];
        let Some(top) = pile.open_top() else {
            continue;
        };
        f(Action::Take(p as u8, 1));
        any = true;
        // a revealed top: the whole pile is face up
        let up = pile.up;
        let mut avail = hand.with(top);
        for k in 2..=up.len() {
            let d = up[up.len() - k];
            avail.insert(d);
            if can_set_with(avail, d) && take_completes(v, p, k) {
                f(Action::Take(p as u8, k as u8));
            }
        }
    }
    if !any || v.stock_live() {
        f(Action::Stock);
    }
}

/// True when taking the top `k` cards of pile `p` (revealed) leaves the turn completable:
/// some discard is legal with the deepest card owed (`Lasso::take_completes`).
fn take_completes(v: &View<'_>, p: usize, k: usize) -> bool {
    let up = v.piles[p].up;
    let taken = &up[up.len() - k..];
    let hand = v.hand | taken.iter().copied().collect::<CardSet>();
    let owed = Some(taken[0]);
    let mut t = Table::of(v);
    let left = up.len() - k;
    t.top[p] = left.checked_sub(1).map(|i| up[i]);
    t.empty[p] = left == 0;
    // the stock after the take: a reshuffle counts the pile as it is left
    let live = v.stock_len > 0
        || (v.rules.empty_stock == EmptyStock::Reshuffle
            && (0..SLOTS).any(|q| {
                if q == p {
                    left > 1
                } else {
                    v.piles[q].up.len() > 1
                }
            }));
    let mut any = false;
    discard_moves(v, &t, hand, owed, live, |_| any = true);
    any
}

/// `Discard`: every legal discard; moves that need an empty stock only when nothing else
/// is legal (`Lasso::legal_discard`).
fn discard(v: &View<'_>, mut f: impl FnMut(Action)) {
    let t = Table::of(v);
    let mut any = false;
    discard_moves(v, &t, v.hand, v.owed, v.stock_live(), |a| {
        any = true;
        f(a)
    });
    if !any {
        discard_moves(v, &t, v.hand, v.owed, true, f);
    }
}

/// The discards of `hand` (owing `owed`) onto table `t`, with the stock's moves when
/// `stock` (`Lasso::discard_moves`, less the refills of empty slots after the first).
fn discard_moves(
    v: &View<'_>,
    t: &Table,
    hand: CardSet,
    owed: Option<Card>,
    stock: bool,
    mut f: impl FnMut(Action),
) {
    let open = slots_from(v.players, v.turn).filter(|&p| t.top[p].is_some());
    discards_onto(hand, owed, open, stock, &mut f);
    // refills of the first empty slot only: the engine lists the same ones for each empty
    // slot after it, and those are worth the same to `greedy` (the slot does not change the
    // hand or what may go on it), so they never beat the first
    let Some(p) = slots_from(v.players, v.turn).find(|&p| t.empty[p]) else {
        return;
    };
    for c in hand {
        let one = CardSet::from_card(c);
        if !keeps_owed(owed, hand, one) {
            continue;
        }
        let partner = || {
            (hand - one)
                .into_iter()
                .any(|d| pair_ok(c, d) && keeps_owed(owed, hand, one.with(d)))
        };
        if stock || partner() {
            f(Action::Refill(p as u8, c));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Rules, Table as Seats};
    use crate::games::lasso::{Greedy, Lasso};
    use crate::sim::{Observer, deal_rngs, play_deal};
    use crate::strategy::{Random, Strategy};

    /// Compares the view's list with the engine's at every decision.
    struct Same(u64);

    impl Observer<Lasso> for Same {
        const LEGAL: bool = true;
        const DECISIONS: bool = true;
        fn before(&mut self, state: &Lasso, seat: usize, legal: &[Action]) {
            let mut mine = ActionList::new();
            list(&state.view(seat), &mut mine);
            // the engine's list less the refills of empty slots after the first
            let first = legal.iter().find_map(|a| match a {
                Action::Refill(p, _) => Some(*p),
                _ => None,
            });
            let want: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Refill(p, _) if Some(*p) != first))
                .collect();
            assert_eq!(&mine[..], &want[..], "seat {seat}: {state:?}");
            self.0 += 1;
        }
    }

    #[test]
    fn the_view_lists_the_engines_actions_in_its_order() {
        let sets: &[&[(&str, &str)]] = &[
            &[],
            &[("empty_stock", "reshuffle")],
            &[("sets_per_turn", "3"), ("lasso", "off")],
            &[("mismatch_penalty", "everyone")],
        ];
        let mut seen = 0;
        for (k, set) in sets.iter().enumerate() {
            let mut r = <Lasso as Game>::Rules::default();
            for (key, val) in set.iter() {
                r.set(key, val).unwrap();
            }
            for players in 2..=4 {
                let mut seats: Vec<Box<dyn Strategy<Lasso>>> = (0..players)
                    .map(|s| {
                        if s % 2 == 0 {
                            Box::new(Greedy::default()) as Box<dyn Strategy<Lasso>>
                        } else {
                            Box::new(Random)
                        }
                    })
                    .collect();
                let mut buf = ActionList::new();
                let mut obs = Same(0);
                for i in 0..60 {
                    let mut rngs = deal_rngs(k as u64 * 10 + players as u64, i, 0);
                    play_deal(
                        &r,
                        &Seats::first(players),
                        &mut rngs,
                        &mut seats,
                        &mut buf,
                        &mut obs,
                    );
                }
                seen += obs.0;
            }
        }
        assert!(seen > 20_000, "only {seen} decisions compared");
    }
}
