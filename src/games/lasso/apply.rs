//! Applying actions: setup, the RoPeD turn, sets, lasso chains and the end of the round.
//! `Game::apply` in `mod.rs` dispatches each action to one of these.

use super::rules::{EmptyStock, Mismatch};
use super::scoring::SetKind;
use super::scoring::{classify, has_set};
use super::state::{LaidSet, Lasso, MAX_TURNS, NOBODY, PUBLIC, Phase, SLOTS, same};
use crate::cards::{Card, CardSet, Pile, Rank};

impl Lasso {
    /// `Stock`: the stock top to hand (or the end of the round on an empty stock).
    pub(crate) fn apply_stock(&mut self) {
        match self.draw_stock() {
            Some(c) => {
                self.hands[self.turn as usize].insert(c);
                self.enter_discard();
            }
            None => self.end_round(),
        }
    }

    /// `Blind(p)`: the stock top, unseen, face down onto pile `p`.
    pub(crate) fn apply_blind(&mut self, p: usize) {
        match self.draw_stock() {
            Some(c) => {
                self.put_down(p, c, NOBODY);
                self.enter_set();
            }
            None => self.end_round(),
        }
    }

    /// `Pass`: no lasso, no answer, or no (further) set this turn.
    pub(crate) fn apply_pass(&mut self) {
        match self.phase {
            Phase::Lasso => self.ask_lasso(),
            Phase::Answer(need) => self.ask_answer(need),
            _ => self.end_turn(),
        }
    }

    /// `Refill(p, c)`: the first card of a refill is chosen.
    /// The card goes face up into the empty slot at once (in view of all).
    pub(crate) fn apply_refill_start(&mut self, p: u8, c: Card) {
        let s = self.turn as usize;
        self.hands[s].remove(c);
        self.known[s].remove(c);
        self.piles[p as usize].push(c);
        self.phase = Phase::Refill(p, c);
    }

    /// A card from the stock, reshuffling when the rules allow; `None` when there is none.
    fn draw_stock(&mut self) -> Option<Card> {
        if self.stock.is_empty() && self.rules.empty_stock == EmptyStock::Reshuffle {
            self.reshuffle();
        }
        self.stock.pop()
    }

    /// Gathers the revealed pile cards below the tops into the (empty) stock and shuffles
    /// it with the deal's chance rng.
    pub(crate) fn reshuffle(&mut self) {
        // slots from the dealer's: the new stock's order never depends on seat numbers
        for p in self.slots_from(self.dealer) {
            // A face-down top keeps the card under it, so that its reveal can still
            // expose a mismatch: only revealed cards below the tops are reshuffled.
            let keep = if self.down[p] { 2 } else { 1 };
            let n = self.piles[p].len();
            if n > keep {
                for &c in &self.piles[p].as_slice()[..n - keep] {
                    self.stock.push(c);
                }
                let mut kept: Pile<52> = Pile::new();
                for &c in &self.piles[p].as_slice()[n - keep..] {
                    kept.push(c);
                }
                self.piles[p] = kept;
            }
        }
        self.restock = self.stock.as_slice().iter().copied().collect();
        let mut stock = self.stock;
        stock.shuffle(&mut self.rng);
        self.stock = stock;
    }

    pub(crate) fn apply_setup(&mut self, up: Card, down: Card) {
        let s = self.actor as usize;
        self.hands[s].remove(up);
        self.hands[s].remove(down);
        self.pending[s] = CardSet::from_card(up).with(down);
        self.pending_up[s] = up;
        self.actor = self.next_seat(self.actor);
        if self.actor == self.next_seat(self.dealer) {
            for s in 0..self.players as usize {
                let up = self.pending_up[s];
                let down = self.pending[s].without(up).first().expect("a pair");
                self.piles[s].push(up);
                self.piles[s].push(down);
                self.pending[s] = CardSet::EMPTY;
                let face_down = s != self.dealer as usize;
                self.down[s] = face_down;
                self.down_by[s] = if face_down { s as u8 } else { NOBODY };
                self.knower[s] = self.down_by[s];
                self.paired[s] = face_down;
            }
            self.start_turn(self.next_seat(self.dealer));
        }
    }

    fn start_turn(&mut self, seat: u8) {
        self.turns += 1;
        if self.turns > MAX_TURNS {
            self.turns = MAX_TURNS;
            self.capped = true;
            return self.end_round();
        }
        self.turn = seat;
        self.actor = seat;
        self.laid = 0;
        self.owed = None;
        if self.down.iter().any(|&d| d) {
            self.phase = Phase::Reveal;
        } else {
            self.enter_pickup();
        }
    }

    pub(crate) fn apply_reveal(&mut self, p: usize) {
        self.down[p] = false;
        let top = self.piles[p].top().expect("revealed pile has a top");
        let mismatch = self.piles[p].peek(1).is_some_and(|u| !same(u, top));
        if mismatch {
            let pts = self.rules.mismatch_points;
            match self.rules.mismatch_penalty {
                Mismatch::Discarder => self.penalties[self.down_by[p] as usize] += pts,
                Mismatch::Everyone => {
                    for s in 0..self.players as usize {
                        self.penalties[s] += pts;
                    }
                }
                Mismatch::Off => {}
            }
        }
        if let Some(k) = self.known.get_mut(self.down_by[p] as usize) {
            k.remove(top);
        }
        self.down_by[p] = NOBODY;
        self.knower[p] = NOBODY;
        self.paired[p] = false;
        self.pool[p] = CardSet::EMPTY;
        self.enter_pickup();
    }

    fn enter_pickup(&mut self) {
        self.phase = Phase::Pickup;
    }

    pub(crate) fn apply_take(&mut self, p: usize, n: usize) {
        let s = self.turn as usize;
        for _ in 0..n {
            let c = self.piles[p].pop().expect("take within the pile");
            self.hands[s].insert(c);
            self.known[s].insert(c);
            if n > 1 {
                self.owed = Some(c);
            }
        }
        self.enter_discard();
    }

    pub(crate) fn enter_discard(&mut self) {
        self.phase = Phase::Discard;
        if !self.any_discard() {
            self.stuck = true;
            self.end_round();
        }
    }

    fn put_down(&mut self, p: usize, c: Card, knower: u8) {
        self.piles[p].push(c);
        self.down[p] = true;
        self.down_by[p] = self.turn;
        self.knower[p] = knower;
        self.paired[p] = false;
        self.pool[p] = CardSet::EMPTY;
    }

    /// A hand card face down on pile `p`, seen by its discarder only (by everyone after a
    /// draw-until, whose draws are shown).
    pub(crate) fn apply_discard(&mut self, c: Card, p: usize) {
        let s = self.turn as usize;
        if self.phase == Phase::Drawn(c) {
            self.hands[s].remove(c);
            self.known[s].remove(c);
            self.put_down(p, c, PUBLIC);
        } else {
            self.put_from_hand(p, c);
        }
        self.after_discard();
    }

    /// Hand card `c` face down on pile `p`: others learn only that it came from this hand.
    fn put_from_hand(&mut self, p: usize, c: Card) {
        let s = self.turn as usize;
        let (pool, at) = (self.known[s], self.hands[s].len() as u8);
        self.hands[s].remove(c);
        self.put_down(p, c, self.turn);
        self.pool[p] = pool;
        self.hand_at[p] = at;
    }

    fn after_discard(&mut self) {
        if self.hands[self.turn as usize].is_empty() {
            self.go_out(self.turn);
        } else {
            self.enter_set();
        }
    }

    pub(crate) fn apply_draw_until(&mut self) {
        let s = self.turn as usize;
        loop {
            let Some(c) = self.draw_stock() else {
                return self.end_round();
            };
            self.hands[s].insert(c);
            self.known[s].insert(c);
            if self.matches_any(c) {
                self.phase = Phase::Drawn(c);
                return;
            }
        }
    }

    /// Completes a refill: a hand card (face down, paired with the first) or the stock top
    /// (face down, unseen; the hand card lies face up as the player could not order them).
    pub(crate) fn apply_refill(&mut self, second: Option<Card>) {
        let Phase::Refill(p, _) = self.phase else {
            unreachable!("refill outside its phase")
        };
        let p = p as usize;
        match second {
            Some(c) => {
                self.put_from_hand(p, c);
                self.paired[p] = true;
            }
            None => match self.draw_stock() {
                Some(c) => self.put_down(p, c, NOBODY),
                None => return self.end_round(),
            },
        }
        self.after_discard();
    }

    fn enter_set(&mut self) {
        let hand = self.hands[self.turn as usize];
        self.actor = self.turn;
        if self.laid < self.rules.sets_per_turn && (self.owed.is_some() || has_set(hand)) {
            self.phase = Phase::Set;
        } else {
            self.end_turn();
        }
    }

    pub(crate) fn apply_lay(&mut self, cards: CardSet) {
        let s = self.turn as usize;
        let (kind, points) = classify(cards).expect("a legal set");
        self.hands[s] -= cards;
        self.known[s] -= cards;
        let i = self.nsets as usize;
        self.sets[i] = LaidSet {
            cards,
            kind,
            points,
            owner: self.turn,
        };
        self.nsets += 1;
        self.laid += 1;
        self.owed = None;
        if self.hands[s].is_empty() {
            return self.go_out(self.turn);
        }
        if self.rules.lasso {
            self.chain_set = i as u8;
            self.claimant = self.turn;
            self.asked = 0;
            self.ask_lasso();
        } else {
            self.enter_set();
        }
    }

    /// The aces that may lasso set `i`: its suit's ace, any ace for four of a kind.
    pub(crate) fn lasso_aces(&self, i: usize) -> CardSet {
        let set = &self.sets[i];
        match set.kind {
            SetKind::Kind => CardSet::rank(Rank::ACE),
            _ => CardSet::from_card(Card::new(Rank::ACE, set.cards.first().expect("set").suit())),
        }
    }

    /// True when everyone can see where `c` is (set aside, in a set, face up in a pile), so
    /// that no hand can hold it. Lasso and answer questions go round every seat unless the
    /// cards asked for are all in view: asking only their holders would reveal them.
    fn in_view(&self, c: Card) -> bool {
        self.aside.contains(c)
            || self.sets[..self.nsets as usize]
                .iter()
                .any(|s| s.cards.contains(c))
            || (0..SLOTS).any(|p| {
                let n = self.piles[p].len() - usize::from(self.down[p]);
                self.piles[p].as_slice()[..n].contains(&c)
            })
    }

    /// Asks the next seat clockwise from the owner whether to lasso the set just laid.
    pub(crate) fn ask_lasso(&mut self) {
        let aces = self.lasso_aces(self.chain_set as usize);
        if aces.iter().all(|a| self.in_view(a)) {
            return self.finish_chain();
        }
        if self.asked + 1 < self.players {
            self.asked += 1;
            self.actor = (self.turn + self.asked) % self.players;
            self.phase = Phase::Lasso;
        } else {
            self.finish_chain();
        }
    }

    pub(crate) fn apply_claim(&mut self, c: Card) {
        let s = self.actor;
        self.hands[s as usize].remove(c);
        self.known[s as usize].remove(c);
        self.aside.insert(c);
        self.sets[self.chain_set as usize].owner = s;
        self.claimant = s;
        if self.hands[s as usize].is_empty() {
            return self.go_out(s);
        }
        self.asked = 0;
        match c.rank().index() {
            1 => self.finish_chain(),
            0 => self.ask_answer(Card::new(Rank::KING, c.suit())),
            r => self.ask_answer(Card::new(Rank::new(r - 1), c.suit())),
        }
    }

    /// Asks the next seat clockwise from the claimant (never the claimant) whether to answer
    /// with `need`; the chain ends when a full circle passes.
    pub(crate) fn ask_answer(&mut self, need: Card) {
        if self.in_view(need) || self.asked + 1 >= self.players {
            return self.finish_chain();
        }
        self.asked += 1;
        self.actor = (self.claimant + self.asked) % self.players;
        self.phase = Phase::Answer(need);
    }

    fn finish_chain(&mut self) {
        self.enter_set();
    }

    fn end_turn(&mut self) {
        self.start_turn(self.next_seat(self.turn));
    }

    fn go_out(&mut self, seat: u8) {
        self.out = seat;
        self.phase = Phase::Over;
    }

    fn end_round(&mut self) {
        self.phase = Phase::Over;
    }
}
