//! Golf's deal state, legal actions and their application, driven by [`Phase`].

use super::rules::{FlipAfter, GolfRules};
use super::scoring::{UNKNOWN, key, score_cards};
use crate::cards::{Card, CardCounts, GameRng, Pile};
use crate::game::{ActionList, DealResult, MAX_SEATS, Seat, SeatMask, Table};

/// Two decks with jokers.
pub const SHOE_CAP: usize = 108;
/// A deal ends (scored as it stands) after this many player turns.
pub const MAX_TURNS: u32 = 400;
/// The keys of a grid all face down, with the two padding bytes of `Golf::shown`.
const HIDDEN_GRID: [u8; 8] = [UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, 0, 0];
/// All six positions face up.
pub const ALL_UP: u8 = 0b11_1111;

/// The choices of a seat holding a stock card (without the last, the discard it took).
const PLACE_STOCK: [Action; 7] = [
    Action::Swap(0),
    Action::Swap(1),
    Action::Swap(2),
    Action::Swap(3),
    Action::Swap(4),
    Action::Swap(5),
    Action::Discard,
];

/// Where a deal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Players turn up their two opening cards.
    Opening,
    /// Draw from the stock or the discard pile.
    Draw,
    /// Holding a stock card: swap it in or discard it.
    PlaceStock,
    /// Holding the discard: swap it in.
    PlaceDiscard,
    /// After discarding a stock card: turn up a face-down card (rule `flip_after_discard`).
    FlipAfter,
    Over,
}

/// One decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Turn up grid position 0..6 (opening, or after a discard).
    Flip(u8),
    #[default]
    DrawStock,
    DrawDiscard,
    /// Put the held card at grid position 0..6; the old card goes to the discard pile.
    Swap(u8),
    /// Discard the held stock card.
    Discard,
    /// Decline the optional flip.
    NoFlip,
}

/// A deal of Golf.
#[derive(Clone, Debug)]
pub struct Golf {
    pub(super) rules: GolfRules,
    pub(super) players: u8,
    pub(super) dealer: u8,
    pub(super) grids: [[Card; 6]; MAX_SEATS],
    /// Scoring keys of the grids as everyone sees them: [`UNKNOWN`] where face down (kept
    /// with `grids` and `up`, because bots read them at every decision). Two padding bytes
    /// (always 0) make each row one `u64` load.
    pub(super) shown: [[u8; 8]; MAX_SEATS],
    /// Face-up positions per seat (bit p = position p).
    pub(super) up: [u8; MAX_SEATS],
    pub(super) stock: Pile<SHOE_CAP>,
    pub(super) discard: Pile<SHOE_CAP>,
    pub(super) phase: Phase,
    pub(super) seat: u8,
    /// The card in hand between drawing and placing it.
    pub(super) held: Option<Card>,
    /// The first seat to have all six face up.
    pub(super) ender: Option<u8>,
    pub(super) finals_left: u8,
    pub(super) turns: u32,
    /// True once the stock has been rebuilt from the discards: its cards are then public
    /// (those turned over, less those drawn since), only their order is unknown.
    pub(super) reshuffled: bool,
    /// For reshuffles: forked from the deal rng, so the deal is fixed at the deal.
    pub(super) chance: GameRng,
}

/// One deck in index order. Golf's two jokers are the same card ([`Card::JOKER`]): they
/// score alike, and the view JSON names both `JK`.
const DECK: [Card; 54] = {
    let mut d = Card::DECK;
    d[53] = Card::JOKER;
    d
};

/// The cards of a fresh shoe for `players` under `rules`, in a fixed order.
pub fn fresh_shoe(rules: &GolfRules, players: usize) -> Pile<SHOE_CAP> {
    let mut p = Pile::new();
    let deck = &DECK[..if rules.jokers { 54 } else { 52 }];
    for _ in 0..rules.decks_for(players) {
        p.extend_from_slice(deck);
    }
    p
}

impl Golf {
    /// Deals from `deck` in order: seat s gets `deck[6s..6s+6]` (positions 0..6), the next
    /// card starts the discard pile, and the card after it is the top of the stock.
    pub(crate) fn from_deck(
        rules: &GolfRules,
        table: &Table,
        deck: &[Card],
        chance: GameRng,
    ) -> Golf {
        let players = table.players;
        let mut grids = [[Card::JOKER; 6]; MAX_SEATS];
        for (s, g) in grids.iter_mut().enumerate().take(players) {
            g.copy_from_slice(&deck[6 * s..6 * s + 6]);
        }
        let mut discard = Pile::new();
        discard.push(deck[6 * players]);
        let mut stock = Pile::new();
        stock.extend_reversed(&deck[6 * players + 1..]);
        let first = ((table.dealer + 1) % players) as u8;
        Golf {
            rules: *rules,
            players: players as u8,
            dealer: table.dealer as u8,
            shown: [HIDDEN_GRID; MAX_SEATS],
            grids,
            up: [0; MAX_SEATS],
            stock,
            discard,
            phase: Phase::Opening,
            seat: first,
            held: None,
            ender: None,
            finals_left: 0,
            turns: 0,
            reshuffled: false,
            chance,
        }
    }

    pub(super) fn deal_new(rules: &GolfRules, table: &Table, rng: &mut GameRng) -> Golf {
        let mut shoe = fresh_shoe(rules, table.players);
        shoe.shuffle(rng);
        Golf::from_deck(rules, table, shoe.as_slice(), rng.fork())
    }

    fn first_player(&self) -> u8 {
        (self.dealer + 1) % self.players
    }

    fn next(&self, s: u8) -> u8 {
        (s + 1) % self.players
    }

    pub(super) fn legal(&self, out: &mut ActionList<Action>) {
        out.clear();
        let down = !self.up[self.seat as usize] & ALL_UP;
        match self.phase {
            Phase::Opening | Phase::FlipAfter => {
                (0..6)
                    .filter(|p| down >> p & 1 == 1)
                    .for_each(|p| out.push(Action::Flip(p)));
                if self.phase == Phase::FlipAfter
                    && self.rules.flip_after_discard == FlipAfter::Optional
                {
                    out.push(Action::NoFlip);
                }
            }
            Phase::Draw => out.set(&[Action::DrawStock, Action::DrawDiscard]),
            Phase::PlaceStock => out.set(&PLACE_STOCK),
            Phase::PlaceDiscard => out.set(&PLACE_STOCK[..6]),
            Phase::Over => {}
        }
    }

    pub(super) fn play(&mut self, a: Action) {
        let s = self.seat as usize;
        match (self.phase, a) {
            (Phase::Opening, Action::Flip(p)) => self.opening_flip(p),
            (Phase::Draw, Action::DrawStock) => {
                self.held = self.stock.pop();
                self.phase = Phase::PlaceStock;
            }
            (Phase::Draw, Action::DrawDiscard) => {
                self.held = self.discard.pop();
                self.phase = Phase::PlaceDiscard;
            }
            (Phase::PlaceStock | Phase::PlaceDiscard, Action::Swap(p)) => {
                let held = self.held.take().expect("holding a card");
                let old = std::mem::replace(&mut self.grids[s][p as usize], held);
                self.turn_up(s, p);
                self.discard.push(old);
                self.end_turn();
            }
            (Phase::PlaceStock, Action::Discard) => {
                self.discard.push(self.held.take().expect("holding a card"));
                let has_down = self.up[s] != ALL_UP;
                if self.rules.flip_after_discard != FlipAfter::No && has_down {
                    self.phase = Phase::FlipAfter;
                } else {
                    self.end_turn();
                }
            }
            (Phase::FlipAfter, Action::Flip(p)) => {
                self.turn_up(s, p);
                self.end_turn();
            }
            (Phase::FlipAfter, Action::NoFlip) => self.end_turn(),
            (ph, a) => panic!("golf: illegal action {a:?} in phase {ph:?}"),
        }
    }

    /// Turns up position `p` of seat `s` (or shows the card just put there).
    #[inline]
    fn turn_up(&mut self, s: usize, p: u8) {
        self.up[s] |= 1 << p;
        self.shown[s][p as usize] = key(self.grids[s][p as usize]);
    }

    fn opening_flip(&mut self, p: u8) {
        let s = self.seat as usize;
        self.turn_up(s, p);
        if self.up[s].count_ones() == 2 {
            self.seat = self.next(self.seat);
            if self.seat == self.first_player() {
                self.phase = Phase::Draw;
            }
        }
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        let s = self.seat;
        if self.ender.is_some() {
            self.finals_left -= 1;
            if self.finals_left == 0 {
                return self.finish();
            }
        } else if self.up[s as usize] == ALL_UP {
            self.ender = Some(s);
            if !self.rules.final_turns || self.players < 2 {
                return self.finish();
            }
            self.finals_left = self.players - 1;
        }
        if self.stock.is_empty() && !self.refill_stock() {
            return self.finish();
        }
        if self.turns >= MAX_TURNS {
            return self.finish();
        }
        self.seat = self.next(s);
        self.phase = Phase::Draw;
    }

    /// With `empty_stock=reshuffle`, turns the discards but the top into a new stock.
    fn refill_stock(&mut self) -> bool {
        if !self.rules.reshuffle || self.discard.len() < 2 {
            return false;
        }
        let top = self.discard.pop().expect("non-empty");
        std::mem::swap(&mut self.stock, &mut self.discard);
        self.stock.shuffle(&mut self.chance);
        self.discard.push(top);
        self.reshuffled = true;
        true
    }

    fn finish(&mut self) {
        self.phase = Phase::Over;
        for s in 0..self.players as usize {
            self.up[s] = ALL_UP;
            for p in 0..6 {
                self.shown[s][p] = key(self.grids[s][p]);
            }
        }
    }

    pub(super) fn to_act_seat(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.seat as usize)
    }

    /// Each seat's score with every card counted (as at the end of the deal).
    pub fn scores(&self) -> [i32; MAX_SEATS] {
        let mut sc = [0; MAX_SEATS];
        for (s, x) in sc.iter_mut().enumerate().take(self.players as usize) {
            *x = score_cards(&self.grids[s], &self.rules);
        }
        sc
    }

    pub(super) fn deal_result(&self) -> DealResult {
        let scores = self.scores();
        let n = self.players as usize;
        DealResult {
            end: 0,
            players: n,
            scores,
            winners: SeatMask::extreme_of(SeatMask::all(n), &scores, true),
            turns: self.turns,
        }
    }

    /// Every card in every zone.
    pub(super) fn zones(&self) -> CardCounts {
        let mut c = self.stock.counts();
        c.add_cards(self.discard.as_slice().iter().copied());
        for g in self.grids.iter().take(self.players as usize) {
            c.add_cards(g.iter().copied());
        }
        if let Some(h) = self.held {
            c.insert(h);
        }
        c
    }

    /// The cards `seat` cannot see: the stock, every face-down card, a stock card another
    /// seat is holding.
    pub(super) fn hidden(&self, seat: Seat) -> CardCounts {
        let mut c = self.stock.counts();
        for s in 0..self.players as usize {
            for p in 0..6 {
                if self.up[s] >> p & 1 == 0 {
                    c.insert(self.grids[s][p]);
                }
            }
        }
        if let (Some(h), Phase::PlaceStock) = (self.held, self.phase)
            && self.seat as usize != seat
        {
            c.insert(h);
        }
        c
    }
}
