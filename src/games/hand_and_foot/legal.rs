//! The legal actions of each phase, exact: drawing or taking the pile (only when the turn
//! can then be finished under the opening minimum or the going-out rule), each meld step,
//! and the discards. `Game::legal_actions` in `mod.rs` dispatches on the phase.

use super::melds::{self, JOKER, TWO};
use super::state::{Action, HandAndFoot};
use crate::cards::Card;
use crate::game::ActionList;

impl HandAndFoot {
    pub(super) fn going_out_met(&self, books: (u32, u32)) -> bool {
        books.0 >= self.rules.out_naturals as u32 && books.1 >= self.rules.out_unnaturals as u32
    }

    /// True when the current partnership meets the going-out requirement now.
    pub(super) fn can_go_out(&self) -> bool {
        let m = &self.melds[self.team()];
        self.going_out_met((m.natural_books(), m.unnatural_books()))
    }

    /// May a step melding `k` cards (`n` naturals, `w` wilds, worth `pts`) to rank `r` be made,
    /// given what it leaves in hand?
    pub(super) fn leaves_ok(&self, len: u32, r: u8, n: u8, w: u8, pts: i32) -> bool {
        let t = self.team();
        let left = len as i32 - (n + w) as i32;
        if left == 0 && !self.opened[t] && self.melds[t].points + pts < self.minimum[t] {
            return false;
        }
        if !self.in_foot[self.seat] || left >= 2 {
            return true;
        }
        self.going_out_met(self.melds[t].books_after(r, n, w))
    }

    /// Value of `n` naturals of rank `r` and one wild of kind `w` (none when `w` is 0).
    pub(super) fn step_points(r: u8, n: i32, w: u8) -> i32 {
        melds::card_value(Card::from_index(r)) * n + [0, 20, 50][w as usize]
    }

    pub(super) fn legal_draw(&self, out: &mut ActionList<Action>) {
        out.push(Action::Draw);
        if self.first_turn && self.rules.upcard && self.discard.len() == 1 {
            out.push(Action::TakeUpcard);
        }
        if self.can_take_pile() {
            out.push(Action::TakePile);
        }
    }

    /// The pile may be taken: a natural top (not a 3, not wild), a natural pair of its rank
    /// in hand, room for the three cards in a meld, and a turn that can be finished from
    /// there (exact): before the partnership's opening, the minimum must be reachable step
    /// by step; after it, a card must be left to discard, or the player goes out.
    pub(super) fn can_take_pile(&self) -> bool {
        let Some(top) = self.discard.top() else {
            return false;
        };
        if melds::is_wild(top) || top.rank().index() == 2 {
            return false;
        }
        let (r, h, t) = (top.rank().index(), &self.hands[self.seat], self.team());
        let m = &self.melds[t];
        if melds::rank_count(h, r) < 2 {
            return false;
        }
        let i = r as usize;
        let fits = m.can_start(r, self.rules.rebook)
            || (m.is_open(r) && (m.wild[i] > 0 || m.nat[i] + 3 <= 7));
        if !fits {
            return false;
        }
        let left = h.len() as usize - 2 + self.discard.len() - 1;
        let feet = self.in_foot[self.seat];
        if self.opened[t] || m.points + 3 * melds::card_value(top) >= self.minimum[t] {
            // Off the foot an emptied hand picks up the foot at once.
            return !feet || left >= 2 || self.pickup_goes_out(r, left);
        }
        self.opening_reachable(r, feet)
    }

    /// On the foot, after a pick-up of rank `r` that leaves `left` (0 or 1) cards: going
    /// out is then possible (books met after the pick-up, or met by melding the last card).
    pub(super) fn pickup_goes_out(&self, r: u8, left: usize) -> bool {
        let mut m = self.melds[self.team()];
        for _ in 0..3 {
            m.add(r, Card::from_index(r));
        }
        if self.going_out_met((m.natural_books(), m.unnatural_books())) {
            return true;
        }
        if left == 0 {
            return false;
        }
        let mut rest = self.hands[self.seat];
        for _ in 0..2 {
            rest.remove(melds::first_of_rank(&rest, r).expect("the pair"));
        }
        rest.add_cards(
            self.discard.as_slice()[..self.discard.len() - 1]
                .iter()
                .copied(),
        );
        let (c, _) = rest.iter().next().expect("one card left");
        let q = c.rank().index();
        if melds::is_wild(c) {
            (0..13).any(|k| m.wild_fits(k) && self.going_out_met(m.books_after(k, 0, 1)))
        } else {
            m.is_open(q) && self.going_out_met(m.books_after(q, 1, 0))
        }
    }

    /// Before the opening: can the minimum be reached, step by step, after taking the pile
    /// of rank `r`? Exact: every card of hand and pile may be melded ([`melds::opening_max`]),
    /// except that on the foot (going out not yet allowed) two cards must stay in hand, so
    /// the best over every choice of two kept cards counts.
    pub(super) fn opening_reachable(&self, r: u8, feet: bool) -> bool {
        let t = self.team();
        let mut tl = melds::tally(&self.hands[self.seat]);
        for &c in self.discard.as_slice() {
            if c.is_joker() {
                tl.jokers += 1;
            } else {
                tl.ranks[c.rank().index() as usize] += 1;
            }
        }
        tl.len += self.discard.len() as u32;
        let need = self.minimum[t] - self.melds[t].points;
        let best = |tl: &melds::Tally| melds::opening_max(tl, self.rules.rebook) >= need;
        if !feet || self.going_out_met((0, 0)) {
            return best(&tl);
        }
        // Keep two cards: each pair of kinds (13 ranks, jokers) the hand can spare; the
        // pile's three melded naturals of rank `r` cannot be kept.
        let spare = |tl: &melds::Tally, k: usize| match k {
            13 => tl.jokers > 0,
            _ => tl.ranks[k] > if k == r as usize { 3 } else { 0 },
        };
        let take = |tl: &mut melds::Tally, k: usize| match k {
            13 => tl.jokers -= 1,
            _ => tl.ranks[k] -= 1,
        };
        for a in 0..14 {
            if !spare(&tl, a) {
                continue;
            }
            let mut one = tl;
            take(&mut one, a);
            for b in a..14 {
                if spare(&one, b) {
                    let mut two = one;
                    take(&mut two, b);
                    if best(&two) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(super) fn legal_melds(&self, tl: &melds::Tally, out: &mut ActionList<Action>) {
        self.each_meld(tl, |a| {
            out.push(a);
            true
        });
    }

    /// Calls `f` with every legal meld step of the hand counted in `tl`, in the order
    /// [`HandAndFoot::legal_melds`] lists them, until `f` returns false (a bot that does
    /// not read the legal list walks the same steps without a buffer, and stops once no
    /// later step can be better).
    pub(super) fn each_meld(&self, tl: &melds::Tally, f: impl FnMut(Action) -> bool) {
        let m = &self.melds[self.team()];
        self.each_meld_in(tl, melds::step_ranks(tl, m, self.rules.rebook), f);
    }

    /// [`HandAndFoot::each_meld`] over every meld rank (no rank mask): the reference the
    /// masked walk is tested against.
    #[cfg(test)]
    pub(super) fn each_meld_by_rank(&self, tl: &melds::Tally, f: impl FnMut(Action) -> bool) {
        let all = melds::MELD_RANKS.iter().fold(0u32, |m, &r| m | 1 << r);
        self.each_meld_in(tl, all, f);
    }

    /// The walk of [`HandAndFoot::each_meld`] over the ranks in the mask `ranks`
    /// (ascending, as [`melds::MELD_RANKS`]).
    #[inline]
    fn each_meld_in(&self, tl: &melds::Tally, mut ranks: u32, mut f: impl FnMut(Action) -> bool) {
        let m = &self.melds[self.team()];
        let (twos, jks, len) = (tl.ranks[1], tl.jokers, tl.len);
        while ranks != 0 {
            let r = ranks.trailing_zeros() as u8;
            ranks &= ranks - 1;
            let n = tl.ranks[r as usize];
            if m.can_start(r, self.rules.rebook) {
                if n >= 3
                    && self.leaves_ok(len, r, 3, 0, Self::step_points(r, 3, 0))
                    && !f(Action::New { rank: r, wild: 0 })
                {
                    return;
                }
                if n >= 2 {
                    for (w, have) in [(TWO, twos), (JOKER, jks)] {
                        if have > 0
                            && self.leaves_ok(len, r, 2, 1, Self::step_points(r, 2, w))
                            && !f(Action::New { rank: r, wild: w })
                        {
                            return;
                        }
                    }
                }
            } else if m.is_open(r) {
                if n >= 1
                    && self.leaves_ok(len, r, 1, 0, Self::step_points(r, 1, 0))
                    && !f(Action::Add { rank: r, wild: 0 })
                {
                    return;
                }
                if m.wild_fits(r) {
                    for (w, have) in [(TWO, twos), (JOKER, jks)] {
                        if have > 0
                            && self.leaves_ok(len, r, 0, 1, Self::step_points(r, 0, w))
                            && !f(Action::Add { rank: r, wild: w })
                        {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// True when the meld phase lists meld steps (not after a retract before the opening).
    pub(super) fn melds_listed(&self) -> bool {
        self.opened[self.team()] || !self.retracted
    }

    /// The meld phase's actions besides meld steps for the hand counted in `tl`, given
    /// whether any meld step is listed: (`Retract` listed, discards listed).
    pub(super) fn meld_phase_rest(&self, tl: &melds::Tally, any_meld: bool) -> (bool, bool) {
        let t = self.team();
        let staged = !self.opened[t] && self.melds[t].points > 0;
        let retract = staged && !self.retracted && (!self.picked || !any_meld);
        let stuck = self.in_foot[self.seat] && tl.len == 1 && !self.can_go_out();
        (retract, !staged && !stuck)
    }

    /// Calls `f` with every card the meld phase may discard (one per rank, a black and a
    /// red 3, a joker), in the order the legal list gives them.
    pub(super) fn each_discard(&self, tl: &melds::Tally, mut f: impl FnMut(Card)) {
        let h = &self.hands[self.seat];
        for r in 0..13u8 {
            if tl.ranks[r as usize] == 0 {
                continue;
            }
            if r == 2 {
                for red in [false, true] {
                    if let Some(c) = melds::first_three(h, red) {
                        f(c);
                    }
                }
            } else if let Some(c) = melds::first_of_rank(h, r) {
                f(c);
            }
        }
        if let Some(c) = melds::first_wild(h, JOKER) {
            f(c);
        }
    }

    pub(super) fn legal_meld_phase(&self, out: &mut ActionList<Action>) {
        let tl = melds::tally(&self.hands[self.seat]);
        if self.melds_listed() {
            self.legal_melds(&tl, out);
        }
        let (retract, discards) = self.meld_phase_rest(&tl, !out.is_empty());
        if retract {
            out.push(Action::Retract);
        }
        if discards {
            self.each_discard(&tl, |c| out.push(Action::Discard(c)));
        }
    }
}
