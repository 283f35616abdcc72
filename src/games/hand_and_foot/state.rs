//! The state of a deal: packets, hands and feet, the stock and discard pile, the two
//! partnerships' melds; `legal_actions` and `apply` driven by [`Phase`].

use super::melds::{self, JOKER, MELD_RANKS, Melds, TWO};
use super::rules::HfRules;
use crate::cards::{Card, CardCounts, GameRng, Pile};
use crate::game::{ActionList, Seat, Table};

/// Most players (6: two partnerships of three).
pub const MAX_PLAYERS: usize = 6;
/// Most cards in the shoe: one 54-card deck per player.
pub const MAX_SHOE: usize = MAX_PLAYERS * 54;
/// Cards in a packet (a hand or a foot).
pub const PACKET: usize = 13;
/// Hard cap on player turns in a deal; a deal reaching it ends as a stock-out (no bonus).
pub const TURN_CAP: u32 = 1000;

/// What the deal waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` chooses which packet to pass to its left.
    Pass,
    /// `seat` chooses which packet is its hand (the other is its foot).
    Choose,
    /// `seat` draws two, takes the pile, or (first turn) the upcard.
    Draw,
    /// `seat` melds step by step, then discards.
    Meld,
    Over,
}

/// How the deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Running,
    /// A player of this partnership went out.
    Out(usize),
    /// The stock could not give two cards.
    StockOut,
    /// The turn cap was reached.
    Capped,
}

/// One decision. Meld steps name a rank index and a wild kind (0 natural, 1 two, 2 joker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Action {
    /// Draw two stock cards.
    #[default]
    Draw,
    /// Take the whole discard pile (top card and a natural pair melded at once).
    TakePile,
    /// First turn only: take the upcard instead of drawing.
    TakeUpcard,
    /// Start a meld of `rank`: three naturals (`wild` 0) or two naturals and a wild.
    New { rank: u8, wild: u8 },
    /// Add one natural (`wild` 0) or one wild to the open meld of `rank`.
    Add { rank: u8, wild: u8 },
    /// Take back an opening that cannot reach the minimum (melds return to hand).
    Retract,
    /// Discard this card, ending the turn.
    Discard(Card),
    /// Pass packet 0 or 1 to the left.
    Pass(u8),
    /// Keep the own packet as the hand (true) or play the received one (false).
    Keep(bool),
}

/// A deal of Hand and Foot.
#[derive(Clone, Debug)]
pub struct HandAndFoot {
    pub(super) rules: HfRules,
    pub(super) players: usize,
    pub(super) phase: Phase,
    pub(super) end: End,
    pub(super) seat: Seat,
    pub(super) turns: u32,
    /// The cards each seat plays from (the hand, then the foot once picked up).
    pub(super) hands: [CardCounts; MAX_PLAYERS],
    /// Feet not yet picked up (during the pass: the second packet).
    pub(super) feet: [CardCounts; MAX_PLAYERS],
    /// Packets received from the right, before the choice.
    pub(super) recv: [CardCounts; MAX_PLAYERS],
    pub(super) in_foot: [bool; MAX_PLAYERS],
    pub(super) foot_due: [bool; MAX_PLAYERS],
    pub(super) melds: [Melds; 2],
    pub(super) opened: [bool; 2],
    pub(super) minimum: [i32; 2],
    pub(super) totals: [i64; 2],
    pub(super) stock: Pile<MAX_SHOE>,
    pub(super) discard: Pile<MAX_SHOE>,
    pub(super) first_turn: bool,
    pub(super) picked: bool,
    pub(super) retracted: bool,
    pub(super) start: Seat,
    pub(super) dealer: Seat,
    pub(super) shoe: CardCounts,
}

/// The shoe of `players` decks of 54.
#[cfg(test)]
pub fn full_shoe(players: usize) -> CardCounts {
    CardCounts::from_set_times(crate::cards::CardSet::DECK54, players as u8)
}

/// `a - b` for multisets (`b` must be inside `a`).
#[cfg(test)]
pub fn minus(a: &CardCounts, b: &CardCounts) -> CardCounts {
    let mut out = *a;
    for (c, n) in b.iter() {
        for _ in 0..n {
            out.remove(c);
        }
    }
    out
}

impl HandAndFoot {
    /// Shuffles each player's deck (from the dealer's left), deals its two packets,
    /// shuffles the rest into the stock and draws the starting seat.
    pub fn deal_with(rules: &HfRules, table: &Table, rng: &mut GameRng) -> Self {
        let n = table.players;
        let mut deck = [Card::JOKER; MAX_SHOE];
        let mut rest = [Card::JOKER; MAX_SHOE];
        let mut nrest = 0;
        for i in 0..n {
            let s = (table.dealer + 1 + i) % n;
            let mut own: [Card; 54] = std::array::from_fn(|i| Card::from_index(i as u8));
            rng.shuffle(&mut own);
            deck[s * 2 * PACKET..(s + 1) * 2 * PACKET].copy_from_slice(&own[..2 * PACKET]);
            rest[nrest..nrest + 54 - 2 * PACKET].copy_from_slice(&own[2 * PACKET..]);
            nrest += 54 - 2 * PACKET;
        }
        rng.shuffle(&mut rest[..nrest]);
        deck[2 * PACKET * n..n * 54].copy_from_slice(&rest[..nrest]);
        let start = (table.dealer + 1 + rng.below(n as u32) as usize) % n;
        Self::from_deck(rules, table, &deck[..n * 54], start)
    }

    /// The deal from a fixed order: seat `s` gets `deck[26s..26s+13]` as packet 0 and the
    /// next 13 as packet 1; the rest is the stock, bottom first, its top card the upcard.
    /// The pass begins at the dealer's left.
    pub(crate) fn from_deck(rules: &HfRules, table: &Table, deck: &[Card], start: Seat) -> Self {
        let n = table.players;
        let mut g = HandAndFoot {
            rules: *rules,
            players: n,
            phase: Phase::Pass,
            end: End::Running,
            seat: (table.dealer + 1) % n,
            turns: 0,
            hands: [CardCounts::EMPTY; MAX_PLAYERS],
            feet: [CardCounts::EMPTY; MAX_PLAYERS],
            recv: [CardCounts::EMPTY; MAX_PLAYERS],
            in_foot: [false; MAX_PLAYERS],
            foot_due: [false; MAX_PLAYERS],
            melds: [Melds::default(); 2],
            opened: [false; 2],
            minimum: [
                melds::minimum(table.totals[0]),
                melds::minimum(table.totals[1]),
            ],
            totals: [table.totals[0], table.totals[1]],
            stock: Pile::from_slice(&deck[2 * PACKET * n..]),
            discard: Pile::new(),
            first_turn: true,
            picked: false,
            retracted: false,
            start,
            dealer: table.dealer,
            shoe: CardCounts::EMPTY,
        };
        for s in 0..n {
            let p = &deck[s * 2 * PACKET..(s + 1) * 2 * PACKET];
            g.hands[s].add_cards(p[..PACKET].iter().copied());
            g.feet[s].add_cards(p[PACKET..].iter().copied());
        }
        g.shoe.add_cards(deck.iter().copied());
        let up = g.stock.pop().expect("stock holds the upcard");
        g.discard.push(up);
        g
    }

    /// What the deal waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat left of the dealer: first to pass and to choose.
    pub(super) fn first_seat(&self) -> Seat {
        (self.dealer + 1) % self.players
    }

    pub(super) fn team(&self) -> usize {
        self.seat % 2
    }

    fn going_out_met(&self, books: (u32, u32)) -> bool {
        books.0 >= self.rules.out_naturals as u32 && books.1 >= self.rules.out_unnaturals as u32
    }

    /// True when the current partnership meets the going-out requirement now.
    pub(super) fn can_go_out(&self) -> bool {
        let m = &self.melds[self.team()];
        self.going_out_met((m.natural_books(), m.unnatural_books()))
    }

    /// May a step melding `k` cards (`n` naturals, `w` wilds, worth `pts`) to rank `r` be made,
    /// given what it leaves in hand?
    fn leaves_ok(&self, len: u32, r: u8, n: u8, w: u8, pts: i32) -> bool {
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
    fn step_points(r: u8, n: i32, w: u8) -> i32 {
        melds::card_value(Card::from_index(r)) * n + [0, 20, 50][w as usize]
    }

    fn legal_draw(&self, out: &mut ActionList<Action>) {
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
    fn pickup_goes_out(&self, r: u8, left: usize) -> bool {
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
    fn opening_reachable(&self, r: u8, feet: bool) -> bool {
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

    fn legal_melds(&self, tl: &melds::Tally, out: &mut ActionList<Action>) {
        let m = &self.melds[self.team()];
        let (twos, jks, len) = (tl.ranks[1], tl.jokers, tl.len);
        for r in MELD_RANKS {
            let n = tl.ranks[r as usize];
            if m.can_start(r, self.rules.rebook) {
                if n >= 3 && self.leaves_ok(len, r, 3, 0, Self::step_points(r, 3, 0)) {
                    out.push(Action::New { rank: r, wild: 0 });
                }
                if n >= 2 {
                    for (w, have) in [(TWO, twos), (JOKER, jks)] {
                        if have > 0 && self.leaves_ok(len, r, 2, 1, Self::step_points(r, 2, w)) {
                            out.push(Action::New { rank: r, wild: w });
                        }
                    }
                }
            } else if m.is_open(r) {
                if n >= 1 && self.leaves_ok(len, r, 1, 0, Self::step_points(r, 1, 0)) {
                    out.push(Action::Add { rank: r, wild: 0 });
                }
                if m.wild_fits(r) {
                    for (w, have) in [(TWO, twos), (JOKER, jks)] {
                        if have > 0 && self.leaves_ok(len, r, 0, 1, Self::step_points(r, 0, w)) {
                            out.push(Action::Add { rank: r, wild: w });
                        }
                    }
                }
            }
        }
    }

    fn legal_meld_phase(&self, out: &mut ActionList<Action>) {
        let t = self.team();
        let h = &self.hands[self.seat];
        let tl = melds::tally(h);
        if self.opened[t] || !self.retracted {
            self.legal_melds(&tl, out);
        }
        let staged = !self.opened[t] && self.melds[t].points > 0;
        if staged && !self.retracted && (!self.picked || out.is_empty()) {
            out.push(Action::Retract);
        }
        if staged {
            return;
        }
        if self.in_foot[self.seat] && tl.len == 1 && !self.can_go_out() {
            return;
        }
        for r in 0..13u8 {
            if tl.ranks[r as usize] == 0 {
                continue;
            }
            if r == 2 {
                for red in [false, true] {
                    if let Some(c) = melds::first_three(h, red) {
                        out.push(Action::Discard(c));
                    }
                }
            } else if let Some(c) = melds::first_of_rank(h, r) {
                out.push(Action::Discard(c));
            }
        }
        if let Some(c) = melds::first_wild(h, JOKER) {
            out.push(Action::Discard(c));
        }
    }

    /// Writes the legal actions of the state.
    pub(super) fn legal(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Pass => {
                out.push(Action::Pass(0));
                out.push(Action::Pass(1));
            }
            Phase::Choose => {
                out.push(Action::Keep(true));
                out.push(Action::Keep(false));
            }
            Phase::Draw => self.legal_draw(out),
            Phase::Meld => self.legal_meld_phase(out),
            Phase::Over => {}
        }
    }
}
