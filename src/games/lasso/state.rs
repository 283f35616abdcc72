//! The state of one Lasso deal and `apply`: setup, the RoPeD turn, sets, lasso chains and
//! the end of the round. Legal lists live in `legal.rs`, the seat views in `view.rs`.

use super::rules::{EmptyStock, LassoRules, Mismatch};
use super::scoring::{SetKind, can_set_with, classify, has_set};
use crate::cards::{Card, CardSet, GameRng, Pile, Rank};
use crate::game::Table;

/// Hard cap on player turns in one deal; a deal reaching it ends as an empty stock does.
pub const MAX_TURNS: u32 = 400;
/// Seats, piles and sets are small fixed arrays.
pub(crate) const SLOTS: usize = 4;
/// No seat (a blind card nobody has seen; nobody went out).
pub(crate) const NOBODY: u8 = u8::MAX;
/// At most 13 sets of 4 cards out of 52.
pub(crate) const MAX_SETS: usize = 13;

/// One decision. A turn is several of them; lasso and answer decisions belong to other seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Decline: no (further) set this turn, no lasso, no answer.
    #[default]
    Pass,
    /// Setup pile: (face-up lower card, face-down card).
    Setup(Card, Card),
    /// Turn up the face-down top of a pile.
    Reveal(u8),
    /// Take the top `n` cards of a pile (`n > 1` obliges a set with the deepest one).
    Take(u8, u8),
    /// Take the top card of the stock.
    Stock,
    /// Discard a hand card face down onto a pile.
    Discard(Card, u8),
    /// Discard the stock top, unseen, onto a pile.
    Blind(u8),
    /// Draw stock cards until one matches a revealed top, then discard it.
    DrawUntil,
    /// Refill an empty slot, starting with this hand card.
    Refill(u8, Card),
    /// Complete a refill with a second hand card.
    RefillWith(Card),
    /// Complete a refill with the stock top.
    RefillStock,
    /// Lay a 4-card set.
    Lay(CardSet),
    /// Lasso the set just laid with an ace.
    Lasso(Card),
    /// Answer a lasso chain with the next card down.
    Answer(Card),
}

/// Where the deal stands; the seat deciding is `Lasso::actor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Setup,
    Reveal,
    Pickup,
    Discard,
    /// Draw-until-match drew this card: discard it onto a matching pile.
    Drawn(Card),
    /// Refilling this slot, first card chosen (still in hand).
    Refill(u8, Card),
    Set,
    /// Seat `actor` may lasso the set just laid.
    Lasso,
    /// Seat `actor` holds the next card of the chain.
    Answer(Card),
    Over,
}

/// A set on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaidSet {
    pub cards: CardSet,
    pub kind: SetKind,
    pub points: i32,
    pub owner: u8,
}

impl Default for LaidSet {
    fn default() -> Self {
        LaidSet {
            cards: CardSet::EMPTY,
            kind: SetKind::Suit,
            points: 0,
            owner: NOBODY,
        }
    }
}

/// A whole Lasso deal.
#[derive(Clone, Debug)]
pub struct Lasso {
    pub(crate) rules: LassoRules,
    pub(crate) players: u8,
    pub(crate) dealer: u8,
    pub(crate) phase: Phase,
    /// Whose turn it is.
    pub(crate) turn: u8,
    /// Who decides now.
    pub(crate) actor: u8,
    pub(crate) hands: [CardSet; SLOTS],
    /// Setup pairs chosen but not yet placed (setup is simultaneous).
    pub(crate) pending: [CardSet; SLOTS],
    pub(crate) stock: Pile<52>,
    pub(crate) piles: [Pile<52>; SLOTS],
    /// The pile's top is face down.
    pub(crate) down: [bool; SLOTS],
    /// Who put the face-down top there (pays a mismatch).
    pub(crate) down_by: [u8; SLOTS],
    /// Who has seen the face-down top (`NOBODY` for a blind discard).
    pub(crate) knower: [u8; SLOTS],
    pub(crate) sets: [LaidSet; MAX_SETS],
    pub(crate) nsets: u8,
    /// Lasso aces and answer cards, set aside for the round.
    pub(crate) aside: CardSet,
    pub(crate) penalties: [i32; SLOTS],
    /// The seat that went out (+100), or `NOBODY`.
    pub(crate) out: u8,
    /// Deepest card of a multi-card pickup: the set laid this turn must hold it.
    pub(crate) owed: Option<Card>,
    pub(crate) laid: u8,
    /// Lasso chain: the set, its current claimant, how far round the lasso question went.
    pub(crate) chain_set: u8,
    pub(crate) claimant: u8,
    pub(crate) asked: u8,
    pub(crate) turns: u32,
    pub(crate) capped: bool,
    pub(crate) rng: GameRng,
}

impl Lasso {
    /// A deal from a fixed deck order (deck[0] is dealt first; the rest is the stock, its
    /// last card on top). `deal` shuffles and calls this; tests stack the deck.
    pub(crate) fn from_deck(
        rules: &LassoRules,
        table: &Table,
        deck: &[Card],
        rng: GameRng,
    ) -> Lasso {
        let n = table.players;
        let mut hands = [CardSet::EMPTY; SLOTS];
        for (i, &c) in deck[..7 * n].iter().enumerate() {
            hands[(table.dealer + 1 + i) % n].insert(c);
        }
        let mut g = Lasso {
            rules: *rules,
            players: n as u8,
            dealer: table.dealer as u8,
            phase: Phase::Setup,
            turn: table.dealer as u8,
            actor: ((table.dealer + 1) % n) as u8,
            hands,
            pending: [CardSet::EMPTY; SLOTS],
            stock: Pile::from_slice(&deck[7 * n..]),
            piles: [Pile::new(); SLOTS],
            down: [false; SLOTS],
            down_by: [NOBODY; SLOTS],
            knower: [NOBODY; SLOTS],
            sets: [LaidSet::default(); MAX_SETS],
            nsets: 0,
            aside: CardSet::EMPTY,
            penalties: [0; SLOTS],
            out: NOBODY,
            owed: None,
            laid: 0,
            chain_set: 0,
            claimant: NOBODY,
            asked: 0,
            turns: 0,
            capped: false,
            rng,
        };
        g.rules.sets_per_turn = g.rules.sets_per_turn.max(1);
        g
    }

    pub(crate) fn next_seat(&self, s: u8) -> u8 {
        (s + 1) % self.players
    }

    /// Stock options are always listed: a player may ask an empty stock, which reshuffles
    /// (`empty_stock=reshuffle`) or ends the round with no bonus.
    pub(crate) fn stock_available(&self) -> bool {
        true
    }

    /// The revealed top of pile `p`, if any.
    #[inline]
    pub(crate) fn open_top(&self, p: usize) -> Option<Card> {
        if self.down[p] {
            None
        } else {
            self.piles[p].top()
        }
    }

    /// True when `c` matches some revealed top in rank or suit.
    pub(crate) fn matches_any(&self, c: Card) -> bool {
        (0..SLOTS).any(|p| self.open_top(p).is_some_and(|t| same(t, c)))
    }

    /// A card from the stock, reshuffling when the rules allow; `None` when there is none.
    fn draw_stock(&mut self) -> Option<Card> {
        if self.stock.is_empty() && self.rules.empty_stock == EmptyStock::Reshuffle {
            for p in 0..SLOTS {
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
            let mut stock = self.stock;
            stock.shuffle(&mut self.rng);
            self.stock = stock;
        }
        self.stock.pop()
    }

    pub(crate) fn apply_action(&mut self, a: Action) {
        match a {
            Action::Setup(up, down) => self.apply_setup(up, down),
            Action::Reveal(p) => self.apply_reveal(p as usize),
            Action::Take(p, n) => self.apply_take(p as usize, n as usize),
            Action::Stock => match self.draw_stock() {
                Some(c) => {
                    self.hands[self.turn as usize].insert(c);
                    self.enter_discard();
                }
                None => self.end_round(),
            },
            Action::Discard(c, p) => self.apply_discard(c, p as usize),
            Action::Blind(p) => match self.draw_stock() {
                Some(c) => {
                    self.put_down(p as usize, c, NOBODY);
                    self.enter_set();
                }
                None => self.end_round(),
            },
            Action::DrawUntil => self.apply_draw_until(),
            Action::Refill(p, c) => self.phase = Phase::Refill(p, c),
            Action::RefillWith(c) => self.apply_refill(Some(c)),
            Action::RefillStock => self.apply_refill(None),
            Action::Lay(s) => self.apply_lay(s),
            Action::Lasso(c) | Action::Answer(c) => self.apply_claim(c),
            Action::Pass => match self.phase {
                Phase::Lasso => self.ask_lasso(),
                Phase::Answer(_) => self.finish_chain(),
                _ => self.end_turn(),
            },
        }
    }

    fn apply_setup(&mut self, up: Card, down: Card) {
        let s = self.actor as usize;
        self.hands[s].remove(up);
        self.hands[s].remove(down);
        self.pending[s] = CardSet::from_card(up).with(down);
        self.actor = self.next_seat(self.actor);
        if self.actor == self.next_seat(self.dealer) {
            for s in 0..self.players as usize {
                let (up, down) = setup_order(self.pending[s]);
                self.piles[s].push(up);
                self.piles[s].push(down);
                self.pending[s] = CardSet::EMPTY;
                let face_down = s != self.dealer as usize;
                self.down[s] = face_down;
                self.down_by[s] = if face_down { s as u8 } else { NOBODY };
                self.knower[s] = self.down_by[s];
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

    fn apply_reveal(&mut self, p: usize) {
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
        self.down_by[p] = NOBODY;
        self.knower[p] = NOBODY;
        self.enter_pickup();
    }

    fn enter_pickup(&mut self) {
        self.phase = Phase::Pickup;
    }

    fn apply_take(&mut self, p: usize, n: usize) {
        let s = self.turn as usize;
        for _ in 0..n {
            let c = self.piles[p].pop().expect("take within the pile");
            self.hands[s].insert(c);
            if n > 1 {
                self.owed = Some(c);
            }
        }
        self.enter_discard();
    }

    fn enter_discard(&mut self) {
        self.phase = Phase::Discard;
        // a revealed top always takes a blind discard; otherwise look for any discard at all
        let mut any = (0..SLOTS).any(|p| self.open_top(p).is_some());
        if !any {
            self.each_discard(|_| any = true);
        }
        if !any {
            self.end_round();
        }
    }

    fn put_down(&mut self, p: usize, c: Card, knower: u8) {
        self.piles[p].push(c);
        self.down[p] = true;
        self.down_by[p] = self.turn;
        self.knower[p] = knower;
    }

    fn apply_discard(&mut self, c: Card, p: usize) {
        let s = self.turn as usize;
        self.hands[s].remove(c);
        self.put_down(p, c, self.turn);
        self.after_discard();
    }

    fn after_discard(&mut self) {
        if self.hands[self.turn as usize].is_empty() {
            self.go_out(self.turn);
        } else {
            self.enter_set();
        }
    }

    fn apply_draw_until(&mut self) {
        let s = self.turn as usize;
        loop {
            let Some(c) = self.draw_stock() else {
                return self.end_round();
            };
            self.hands[s].insert(c);
            if self.matches_any(c) {
                self.phase = Phase::Drawn(c);
                return;
            }
        }
    }

    fn apply_refill(&mut self, second: Option<Card>) {
        let Phase::Refill(p, first) = self.phase else {
            unreachable!("refill outside its phase")
        };
        let s = self.turn as usize;
        let (other, seen) = match second {
            Some(c) => {
                self.hands[s].remove(c);
                (c, true)
            }
            None => match self.draw_stock() {
                Some(c) => (c, false),
                None => return self.end_round(),
            },
        };
        self.hands[s].remove(first);
        let (up, down) = setup_order(CardSet::from_card(first).with(other));
        let p = p as usize;
        self.piles[p].push(up);
        let knower = if seen || down == first {
            self.turn
        } else {
            NOBODY
        };
        self.put_down(p, down, knower);
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

    fn apply_lay(&mut self, cards: CardSet) {
        let s = self.turn as usize;
        let (kind, points) = classify(cards).expect("a legal set");
        self.hands[s] -= cards;
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

    /// Asks the next seat clockwise from the owner that holds a usable ace.
    fn ask_lasso(&mut self) {
        let aces = self.lasso_aces(self.chain_set as usize);
        while self.asked + 1 < self.players {
            self.asked += 1;
            let seat = (self.turn + self.asked) % self.players;
            if !(self.hands[seat as usize] & aces).is_empty() {
                self.actor = seat;
                self.phase = Phase::Lasso;
                return;
            }
        }
        self.finish_chain();
    }

    fn apply_claim(&mut self, c: Card) {
        let s = self.actor;
        self.hands[s as usize].remove(c);
        self.aside.insert(c);
        self.sets[self.chain_set as usize].owner = s;
        self.claimant = s;
        if self.hands[s as usize].is_empty() {
            return self.go_out(s);
        }
        match c.rank().index() {
            1 => self.finish_chain(),
            0 => self.ask_answer(Card::new(Rank::KING, c.suit())),
            r => self.ask_answer(Card::new(Rank::new(r - 1), c.suit())),
        }
    }

    /// The holder of the next chain card (never the current claimant) may answer.
    fn ask_answer(&mut self, need: Card) {
        let holder = (0..self.players)
            .find(|&s| s != self.claimant && self.hands[s as usize].contains(need));
        match holder {
            Some(s) => {
                self.actor = s;
                self.phase = Phase::Answer(need);
            }
            None => self.finish_chain(),
        }
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

    /// Each seat's round score: sets owned, minus hand, minus mismatches, plus the bonus.
    pub(crate) fn scores(&self) -> [i32; SLOTS] {
        let mut sc = [0; SLOTS];
        for set in &self.sets[..self.nsets as usize] {
            sc[set.owner as usize] += set.points;
        }
        for (s, v) in sc.iter_mut().enumerate().take(self.players as usize) {
            *v -= super::scoring::hand_penalty(self.hands[s], self.rules.ace_in_hand)
                + self.penalties[s];
            if self.out as usize == s {
                *v += 100;
            }
        }
        sc
    }

    /// True when the set obligation still holds after `hand` loses `gone`.
    #[inline]
    pub(crate) fn keeps_owed(&self, hand: CardSet, gone: CardSet) -> bool {
        self.owed
            .is_none_or(|d| !gone.contains(d) && can_set_with(hand - gone, d))
    }
}

/// Same rank or same suit.
#[inline]
pub(crate) fn same(a: Card, b: Card) -> bool {
    a.rank() == b.rank() || a.suit() == b.suit()
}

/// (face-up, face-down) for a setup or refill pair: the lower card (ace 1) face up; of a
/// pair, the card of the lower suit (clubs, diamonds, hearts, spades) face up.
pub(crate) fn setup_order(pair: CardSet) -> (Card, Card) {
    let mut it = pair.iter();
    let (a, b) = (it.next().expect("pair"), it.next().expect("pair"));
    if (b.rank(), b.suit()) < (a.rank(), a.suit()) {
        (b, a)
    } else {
        (a, b)
    }
}
