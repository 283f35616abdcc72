//! The legal actions of each phase. Listing never allocates: actions go to a callback (the
//! engine's `ActionList`, or a counter when the state only needs to know whether any exist).

use super::scoring::can_set_with;
use super::scoring::each_set;
use super::state::{Action, Lasso, SLOTS, keeps_owed, pair_ok, same};
use crate::cards::{Card, CardSet};

/// Most sets listed at once (with `Pass`, one full action list). A hand holding more (many
/// cards of one suit: 13 of a suit make 715) chooses its set in two steps: its lowest card
/// (`SetLow`), then the set among those with that lowest card (at most C(12,3) + 1 = 221).
pub const MAX_LAYS: usize = crate::game::ACTION_CAP - 1;

impl Lasso {
    /// `Reveal`: every face-down top.
    pub(crate) fn legal_reveal(&self, mut f: impl FnMut(Action)) {
        for p in self.slots_from(self.actor) {
            if self.down[p] {
                f(Action::Reveal(p as u8));
            }
        }
    }

    /// `Drawn(c)`: the drawn card onto each pile whose top it matches.
    pub(crate) fn legal_drawn(&self, c: Card, mut f: impl FnMut(Action)) {
        for p in self.slots_from(self.actor) {
            if self.open_top(p).is_some_and(|t| same(t, c)) {
                f(Action::Discard(c, p as u8));
            }
        }
    }

    /// `Refill(_, first)`: a matching hand card or the stock top completes the pair.
    pub(crate) fn legal_refill(&self, first: Card, mut f: impl FnMut(Action)) {
        let hand = self.hands[self.actor as usize];
        let mut any = false;
        for c in hand {
            if pair_ok(first, c) && self.keeps_owed(hand, CardSet::from_card(c)) {
                f(Action::RefillWith(c));
                any = true;
            }
        }
        if !any || self.stock_live() {
            f(Action::RefillStock);
        }
    }

    /// `Set`: a set (holding the owed card, if any), or `Pass` when nothing is owed.
    pub(crate) fn legal_set(&self, mut f: impl FnMut(Action)) {
        if self.owed.is_none() {
            f(Action::Pass);
        }
        let hand = self.hands[self.actor as usize];
        if count_sets(hand, self.owed) <= MAX_LAYS {
            each_set(hand, self.owed, |s| f(Action::Lay(s)));
            return;
        }
        let mut lows = CardSet::EMPTY;
        each_set(hand, self.owed, |s| {
            lows.insert(s.first().expect("a set"));
        });
        for c in lows {
            f(Action::SetLow(c));
        }
    }

    /// `SetLow(c)`: every set (holding the owed card, if any) whose lowest card is `c`.
    pub(crate) fn legal_set_low(&self, c: Card, mut f: impl FnMut(Action)) {
        each_set(self.hands[self.actor as usize], self.owed, |s| {
            if s.first() == Some(c) {
                f(Action::Lay(s));
            }
        });
    }

    /// `Lasso`: pass, or lasso with a usable ace.
    pub(crate) fn legal_lasso(&self, mut f: impl FnMut(Action)) {
        f(Action::Pass);
        for a in self.hands[self.actor as usize] & self.lasso_aces(self.chain_set as usize) {
            f(Action::Lasso(a));
        }
    }

    /// `Answer(c)`: pass, or answer with `c`.
    pub(crate) fn legal_answer(&self, c: Card, mut f: impl FnMut(Action)) {
        f(Action::Pass);
        if self.hands[self.actor as usize].contains(c) {
            f(Action::Answer(c));
        }
    }

    /// `Pickup`: a pile's revealed top, a multi-card take, or the stock.
    pub(crate) fn legal_pickup(&self, mut f: impl FnMut(Action)) {
        let hand = self.hands[self.actor as usize];
        let mut any = false;
        for p in self.slots_from(self.actor) {
            if self.open_top(p).is_none() {
                continue;
            }
            let pile = &self.piles[p];
            f(Action::Take(p as u8, 1));
            any = true;
            let mut avail = hand.with(pile.top().expect("open top"));
            for k in 2..=pile.len() {
                let d = pile.peek(k - 1).expect("within pile");
                avail.insert(d);
                if can_set_with(avail, d) && self.take_completes(p, k) {
                    f(Action::Take(p as u8, k as u8));
                }
            }
        }
        // "If the stock is needed and empty, the round ends": only when nothing else is legal
        if !any || self.stock_live() {
            f(Action::Stock);
        }
    }

    /// True when taking the top `k` cards of pile `p` leaves the turn completable: a discard
    /// that keeps a set with the deepest card (the set is then laid) without ending the
    /// round on an empty stock.
    fn take_completes(&self, p: usize, k: usize) -> bool {
        let mut g = self.clone();
        let s = g.turn as usize;
        for _ in 0..k {
            let c = g.piles[p].pop().expect("take within the pile");
            g.hands[s].insert(c);
            g.owed = Some(c);
        }
        let mut any = false;
        g.discard_moves(g.stock_live(), |_| any = true);
        any
    }

    /// Every legal discard of the turn's player (none only in a stuck position). Moves that
    /// need an empty stock (ending the round) are listed only when nothing else is legal.
    pub(crate) fn legal_discard(&self, mut f: impl FnMut(Action)) {
        let mut any = false;
        self.discard_moves(self.stock_live(), |a| {
            any = true;
            f(a)
        });
        if !any {
            self.discard_moves(true, f);
        }
    }

    /// True when the turn's player has a legal discard (`legal_discard` lists one), found
    /// without listing them. A revealed top always takes a blind card (when nothing else is
    /// legal, the stock's moves are listed); with none, only a refill can be legal, and one
    /// is when a slot is empty and some hand card keeps the set owed (the stock top may go on
    /// it).
    pub(crate) fn any_discard(&self) -> bool {
        if (0..SLOTS).any(|p| self.open_top(p).is_some()) {
            return true;
        }
        let hand = self.hands[self.turn as usize];
        (0..SLOTS).any(|p| self.piles[p].is_empty())
            && hand
                .into_iter()
                .any(|c| self.keeps_owed(hand, CardSet::from_card(c)))
    }

    /// The discards, with the stock's moves when `stock`.
    fn discard_moves(&self, stock: bool, mut f: impl FnMut(Action)) {
        let hand = self.hands[self.turn as usize];
        let open = self
            .slots_from(self.turn)
            .filter(|&p| self.open_top(p).is_some());
        discards_onto(hand, self.owed, open, stock, &mut f);
        for p in self.slots_from(self.turn) {
            if !self.piles[p].is_empty() {
                continue;
            }
            for c in hand {
                let one = CardSet::from_card(c);
                if !self.keeps_owed(hand, one) {
                    continue;
                }
                let partner = (hand - one)
                    .into_iter()
                    .any(|d| pair_ok(c, d) && self.keeps_owed(hand, one.with(d)));
                if stock || partner {
                    f(Action::Refill(p as u8, c));
                }
            }
        }
    }
}

/// The number of 4-card sets in `hand` (holding `must`, when given), by formula: the
/// 4-subsets of each suit and the complete ranks (as `each_set` lists them).
pub(crate) fn count_sets(hand: CardSet, must: Option<Card>) -> usize {
    let choose = |n: usize, k: usize| -> usize {
        if n < k {
            return 0;
        }
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    };
    match must {
        Some(d) => {
            let n = (hand.suit_bits(d.suit()).count_ones() as usize).saturating_sub(1);
            let kind = CardSet::rank(d.rank());
            choose(n, 3) + usize::from(hand & kind == kind)
        }
        None => {
            let suits: usize = crate::cards::Suit::ALL
                .iter()
                .map(|&s| choose(hand.suit_bits(s).count_ones() as usize, 4))
                .sum();
            let x = hand.0;
            let all4 = x & x >> 13 & x >> 26 & x >> 39 & ((1 << 13) - 1);
            suits + all4.count_ones() as usize
        }
    }
}

/// Every pair of hand cards of one suit or rank, as (face-up, face-down): the lower card face
/// up; for two cards of one rank, either may lie face up (the player's choice).
/// Each card's partners are found from masks (`setup_partners`), in the order the plain
/// double loop over the hand (`pair_ok`) meets them.
pub(crate) fn legal_setup(hand: CardSet, mut f: impl FnMut(Action)) {
    for a in hand {
        for b in setup_partners(hand, a) {
            f(Action::Setup(a, b));
        }
    }
}

/// The hand cards that may lie face down on `a` in a pair (`pair_ok(a, b)`, `b` not `a`):
/// those of its rank, and those of its suit above it (a higher index in the suit's block).
#[inline]
pub(crate) fn setup_partners(hand: CardSet, a: Card) -> CardSet {
    let above = CardSet(!((2u64 << a.index()) - 1));
    let rank = hand & CardSet::rank(a.rank());
    let suit = hand & CardSet::suit(a.suit()) & above;
    (rank | suit).without(a)
}

/// The discards of `hand` (owing `owed`) onto the slots `open` (those with a revealed top, in
/// listing order), then, when `stock`, the stock's moves onto them: the part of the discard
/// list the engine and a view's own listing (`greedy/moves.rs`) share.
pub(crate) fn discards_onto(
    hand: CardSet,
    owed: Option<Card>,
    open: impl Iterator<Item = usize>,
    stock: bool,
    mut f: impl FnMut(Action),
) {
    let mut slots = [0u8; SLOTS];
    let mut n = 0;
    for p in open {
        slots[n] = p as u8;
        n += 1;
    }
    let open = &slots[..n];
    for c in hand {
        if keeps_owed(owed, hand, CardSet::from_card(c)) {
            for &p in open {
                f(Action::Discard(c, p));
            }
        }
    }
    if stock {
        for &p in open {
            f(Action::Blind(p));
        }
        if !open.is_empty() {
            f(Action::DrawUntil);
        }
    }
}
