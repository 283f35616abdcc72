//! The state of one deal and its transitions: the deal, the draw and discard phases, the
//! action-card effects, closing, and the scoring at the close.

use super::arrange::HAND_CAP;
use super::cards::{DRAW, REV, SHOE_CAP, SKIP, is_special, ordered_shoe, point_table, shoe};
use super::combos::ComboList;
use super::rules::Rules;
use super::scoring::{self, CloseScore};
use super::unmatched::best_and_without_listed;
use crate::cards::{Card, CardCounts, GameRng, Pile};
use crate::game::{ActionList, MAX_SEATS, Seat, SeatMask, Table};

/// Cards dealt to each player.
pub const HAND: usize = 7;
/// Hard cap on player turns in one deal; a deal reaching it ends with no winner.
pub const MAX_TURNS: u32 = 1000;

/// One decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    /// Take the top of the stock.
    #[default]
    DrawStock,
    /// Take the top of the discard pile (never a special card).
    DrawDiscard,
    /// Discard this card face up (an action card then acts).
    Discard(Card),
    /// Discard this card face down and close (only when the rest is within `close_limit`).
    Close(Card),
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The seat to act draws (stock or discard).
    Draw,
    /// The seat to act discards (or closes).
    Discard,
    /// The deal has ended.
    Over,
}

/// How the deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The deal is still being played.
    Running,
    /// The seat closed.
    Closed(Seat),
    /// Nobody could draw (stock and discards exhausted): no winner.
    Blocked,
    /// [`MAX_TURNS`] reached: no winner.
    Capped,
}

/// The last action card's effect, for traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The last discard had no effect (or nothing was discarded yet).
    None,
    /// The seat drew a card (or could not, `false`) and lost its turn.
    Drew(Seat, bool),
    /// The seat lost its turn (`SKIP`, or `REV` at two with `reverse_two_players=skip`).
    Skipped(Seat),
    /// The direction of play reversed.
    Reversed,
}

/// A deal of Chinchón.
#[derive(Clone, Debug)]
pub struct Chinchon {
    pub(crate) rules: Rules,
    pub(crate) players: usize,
    pub(crate) active: SeatMask,
    pub(crate) hands: [Pile<HAND_CAP>; MAX_SEATS],
    pub(crate) stock: Pile<SHOE_CAP>,
    pub(crate) discard: Pile<SHOE_CAP>,
    /// The closing card, face down.
    pub(crate) face_down: Option<Card>,
    rng: GameRng,
    pub(crate) turn: Seat,
    pub(crate) clockwise: bool,
    pub(crate) phase: Phase,
    pub(crate) end: End,
    pub(crate) turns: u32,
    pub(crate) effect: Effect,
    /// In the discard phase: the least unmatched points of the hand without each position.
    pub(crate) without: [u16; HAND_CAP],
    pub(crate) close: CloseScore,
    /// The points of each card index under the rules (public knowledge, in every view).
    pub(crate) card_points: [u16; 64],
    /// The combinations of each hand, kept up to date with the hands.
    pub(crate) combos: [ComboList; MAX_SEATS],
    /// Cards each seat took from the discard pile in view of all and still holds (public).
    pub(crate) known: [Pile<HAND_CAP>; MAX_SEATS],
    /// How many times the discards were shuffled into a new stock.
    pub(crate) reshuffles: u32,
    /// The cards the last reshuffle put into the stock (public: all were face up), empty
    /// before any: the stock holds only cards from it.
    pub(crate) restocked: CardCounts,
}

impl Chinchon {
    /// Shuffles the shoe with `rng` and deals.
    pub(crate) fn shuffled(rules: &Rules, table: &Table, rng: &mut GameRng) -> Chinchon {
        let mut deck = ordered_shoe(rules, table.players);
        deck.shuffle(rng);
        let chance = rng.fork();
        Chinchon::from_deck(rules, table, deck.as_slice(), chance)
    }

    /// Deals from `deck` (its first card is the top of the stock): 7 cards to each active
    /// seat one at a time from the first player, then the upcard. `deck` must be the shoe.
    pub(crate) fn from_deck(rules: &Rules, table: &Table, deck: &[Card], rng: GameRng) -> Chinchon {
        let mut s = Chinchon::empty(rules, table.players, table.active, rng);
        s.turn = table.dealer;
        debug_assert_eq!(
            deck.iter().copied().collect::<CardCounts>(),
            shoe(rules, table.players)
        );
        // The deck's first card is the top of the stock: the deal takes cards from the front,
        // one per active seat in turn, then the upcard; the rest is the stock.
        s.turn = s.next(table.dealer);
        let seats = s.active.len() as usize;
        assert!(deck.len() > HAND * seats, "shoe too small for the table");
        let mut k = 0;
        for _ in 0..HAND {
            let mut p = s.turn;
            for _ in 0..seats {
                s.hands[p].push(deck[k]);
                k += 1;
                p = s.next(p);
            }
        }
        for p in 0..s.players {
            s.combos[p] = ComboList::of(s.hands[p].as_slice());
        }
        s.discard.push(deck[k]);
        s.stock.extend_reversed(&deck[k + 1..]);
        s.begin_turn();
        s
    }

    /// A table with no cards anywhere, seat 0 to draw (the deal and the determinizer fill it).
    pub(crate) fn empty(rules: &Rules, players: usize, active: SeatMask, rng: GameRng) -> Chinchon {
        Chinchon {
            rules: *rules,
            players,
            active,
            hands: [Pile::new(); MAX_SEATS],
            stock: Pile::new(),
            discard: Pile::new(),
            face_down: None,
            rng,
            turn: 0,
            clockwise: false,
            phase: Phase::Draw,
            end: End::Running,
            turns: 0,
            effect: Effect::None,
            without: [0; HAND_CAP],
            close: CloseScore::default(),
            card_points: point_table(rules),
            combos: [ComboList::EMPTY; MAX_SEATS],
            known: [Pile::new(); MAX_SEATS],
            reshuffles: 0,
            restocked: CardCounts::EMPTY,
        }
    }

    /// The next active seat after `seat` in the direction of play.
    pub(crate) fn next(&self, seat: Seat) -> Seat {
        let mut p = seat;
        loop {
            p = if self.clockwise {
                (p + 1) % self.players
            } else {
                (p + self.players - 1) % self.players
            };
            if self.active.contains(p) || p == seat {
                return p;
            }
        }
    }

    /// True when a stock card can be had (the stock, or discards to reshuffle).
    pub(crate) fn stock_available(&self) -> bool {
        !self.stock.is_empty() || self.discard.len() > 1
    }

    pub(crate) fn discard_takeable(&self) -> bool {
        self.discard.top().is_some_and(|c| !is_special(c))
    }

    /// Turns the discards but the top into a new stock when the stock is empty.
    fn refill_stock(&mut self) {
        if !self.stock.is_empty() || self.discard.len() < 2 {
            return;
        }
        let top = self.discard.pop().expect("non-empty");
        for &c in self.discard.as_slice() {
            self.stock.push(c);
        }
        self.discard.clear();
        self.discard.push(top);
        self.stock.shuffle(&mut self.rng);
        self.reshuffles += 1;
        self.restocked = self.stock.counts();
    }

    fn draw_stock(&mut self, seat: Seat) -> bool {
        self.refill_stock();
        match self.stock.pop() {
            Some(c) => {
                self.give(seat, c);
                true
            }
            None => false,
        }
    }

    /// Starts `self.turn`'s turn, or ends the deal when no draw is possible or at the cap.
    fn begin_turn(&mut self) {
        self.phase = Phase::Draw;
        if self.turns >= MAX_TURNS {
            self.finish(End::Capped);
        } else if !self.stock_available() && !self.discard_takeable() {
            self.finish(End::Blocked);
        }
    }

    pub(crate) fn finish(&mut self, end: End) {
        self.end = end;
        self.phase = Phase::Over;
        if let End::Closed(closer) = end {
            self.close = scoring::score_close(self, closer);
        }
    }

    /// The points of each card of `seat`'s hand.
    pub(crate) fn hand_points(&self, seat: Seat) -> [u16; HAND_CAP] {
        let mut p = [0; HAND_CAP];
        for (x, &c) in p.iter_mut().zip(self.hands[seat].as_slice()) {
            *x = self.card_points[c.index() as usize];
        }
        p
    }

    /// In the discard phase: whether discarding position `i` face down closes (the rest is
    /// within `close_limit`).
    pub(crate) fn may_close_with(&self, i: usize) -> bool {
        self.without[i] <= self.rules.close_limit
    }

    pub(crate) fn legal(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Draw => {
                if self.stock_available() {
                    out.push(Action::DrawStock);
                }
                if self.discard_takeable() {
                    out.push(Action::DrawDiscard);
                }
            }
            Phase::Discard => {
                let hand = self.hands[self.turn].as_slice();
                let mut seen = 0u64;
                for (i, &c) in hand.iter().enumerate() {
                    let bit = 1u64 << c.index();
                    if seen & bit != 0 {
                        continue; // a second copy: the same actions
                    }
                    seen |= bit;
                    out.push(Action::Discard(c));
                    if self.may_close_with(i) {
                        out.push(Action::Close(c));
                    }
                }
            }
            Phase::Over => {}
        }
    }

    pub(crate) fn play(&mut self, a: Action) {
        let seat = self.turn;
        match (self.phase, a) {
            (Phase::Draw, Action::DrawStock) => {
                assert!(self.draw_stock(seat), "draw from an empty stock");
                self.after_draw();
            }
            (Phase::Draw, Action::DrawDiscard) => {
                let c = self.discard.pop().expect("draw from an empty discard pile");
                assert!(!is_special(c), "a special card taken from the discards");
                self.give(seat, c);
                self.known[seat].push(c);
                self.after_draw();
            }
            (Phase::Discard, Action::Discard(c)) => {
                self.take_from_hand(seat, c);
                self.discard.push(c);
                self.turns += 1;
                self.pass_turn(c);
            }
            (Phase::Discard, Action::Close(c)) => {
                let i = self.take_from_hand(seat, c);
                assert!(self.may_close_with(i), "close over the limit");
                self.face_down = Some(c);
                self.turns += 1;
                self.finish(End::Closed(seat));
            }
            (p, a) => panic!("illegal action {a:?} in phase {p:?}"),
        }
    }

    fn after_draw(&mut self) {
        self.phase = Phase::Discard;
        self.fill_without();
    }

    /// Lists, for the seat to act, the least unmatched points without each hand position.
    pub(crate) fn fill_without(&mut self) {
        let seat = self.turn;
        let pts = self.hand_points(seat);
        let hand = self.hands[seat].as_slice();
        let listed = self.combos[seat].list();
        best_and_without_listed(hand, &pts[..hand.len()], listed, &mut self.without);
    }

    /// Adds `c` to the end of `seat`'s hand (and its combinations to the list).
    fn give(&mut self, seat: Seat, c: Card) {
        self.hands[seat].push(c);
        self.combos[seat].added(self.hands[seat].as_slice());
    }

    /// Removes one copy of `c` from the hand and returns the position it had.
    fn take_from_hand(&mut self, seat: Seat, c: Card) -> usize {
        let hand = &mut self.hands[seat];
        let i = hand
            .as_slice()
            .iter()
            .position(|&x| x == c)
            .expect("card not in hand");
        hand.remove_at(i);
        self.combos[seat].removed(hand.as_slice(), i, c);
        // Others saw a copy taken; once one copy goes, none is known to stay.
        let known = &mut self.known[seat];
        if let Some(k) = known.as_slice().iter().position(|&x| x == c) {
            known.remove_at(k);
        }
        i
    }

    /// Applies the discarded card's effect and starts the next turn.
    fn pass_turn(&mut self, c: Card) {
        let me = self.turn;
        self.effect = Effect::None;
        let next = if c == DRAW {
            let victim = self.next(me);
            let drew = self.hands[victim].len() < HAND_CAP - 1 && self.draw_stock(victim);
            self.effect = Effect::Drew(victim, drew);
            self.next(victim)
        } else if c == SKIP {
            let victim = self.next(me);
            self.effect = Effect::Skipped(victim);
            self.next(victim)
        } else if c == REV && self.active.len() > 2 {
            self.clockwise = !self.clockwise;
            self.effect = Effect::Reversed;
            self.next(me)
        } else if c == REV && self.rules.reverse_skips_two {
            self.effect = Effect::Skipped(self.next(me));
            me
        } else {
            self.next(me)
        };
        self.turn = next;
        self.begin_turn();
    }
}
