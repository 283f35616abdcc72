#![doc = include_str!("rules.md")]

mod apply;
mod determinize;
mod greedy;
mod legal;
pub mod melds;
mod protocol;
mod rules;
mod scoring;
mod state;
mod text;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_determinize;
#[cfg(test)]
mod tests_greedy;
#[cfg(test)]
mod tests_match;
#[cfg(test)]
mod tests_prev;
#[cfg(test)]
mod tests_recall;
#[cfg(test)]
mod tests_threes;

pub use greedy::Greedy;
pub use rules::HfRules;
pub use state::{Action, End, HandAndFoot, Phase};
pub use view::View;

use crate::cards::{Card, CardCounts, GameRng};
use crate::game::{ActionList, DealResult, EndReason, Game, MatchProgress, Seat, SeatMask, Table};
use crate::strategy::Bot;
use state::{MAX_PLAYERS, MAX_SHOE, PACKET};

/// The command-line name.
pub const NAME: &str = "hand-and-foot";

impl Game for HandAndFoot {
    const NAME: &'static str = NAME;
    const ABOUT: &'static str =
        "Hand and Foot: partnerships, a hand and a foot each, books of 7, games to 10,000";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const DEFAULT_PLAYERS: usize = 4;
    const MAX_DEALS: u32 = 100;
    const END_REASONS: &'static [EndReason] = &[
        EndReason {
            name: "went-out",
            about: "a player went out from its foot with its partnership's books met",
        },
        EndReason {
            name: "stock-exhausted",
            about: "a turn began with fewer than 2 cards in the stock",
        },
        EndReason {
            name: "turn-cap",
            about: "the deal reached 1000 player turns",
        },
    ];

    type Rules = HfRules;
    type Action = Action;
    type View<'a> = View<'a>;

    fn check_players(_rules: &HfRules, players: usize) -> Result<(), String> {
        if players == 4 || players == 6 {
            Ok(())
        } else {
            Err(format!(
                "hand-and-foot is played by 4 or 6 players (two partnerships), not {players}"
            ))
        }
    }

    /// Shuffles each player's deck (from the dealer's left), deals its two packets,
    /// shuffles the rest into the stock and draws the starting seat.
    fn deal(rules: &HfRules, table: &Table, rng: &mut GameRng) -> Self {
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
        Self::from_deck_shoe(rules, table, &deck[..n * 54], start, state::full_shoe(n))
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.seat)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Pass => out.set(&[Action::Pass(0), Action::Pass(1)]),
            Phase::Choose => out.set(&[Action::Keep(true), Action::Keep(false)]),
            Phase::Draw => self.legal_draw(out),
            Phase::Meld => self.legal_meld_phase(out),
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Pass(k) => self.apply_pass(k),
            Action::Keep(own) => self.apply_keep(own),
            Action::Draw => self.apply_draw(),
            Action::TakeUpcard => self.apply_take_upcard(),
            Action::TakePile => self.apply_take_pile(),
            Action::New { rank, wild } => self.apply_new(rank, wild),
            Action::Add { rank, wild } => self.apply_add(rank, wild),
            Action::Retract => self.apply_retract(),
            Action::Discard(c) => self.apply_discard(c),
        }
    }

    fn view(&self, seat: Seat) -> View<'_> {
        View::new(self, seat)
    }

    fn result(&self) -> DealResult {
        let ts = self.team_scores();
        let mut scores = [0; crate::game::MAX_SEATS];
        let mut winners = SeatMask::EMPTY;
        let best = ts[0].max(ts[1]);
        for s in 0..self.players.min(MAX_PLAYERS) {
            scores[s] = ts[s % 2];
            if ts[s % 2] == best {
                winners.insert(s);
            }
        }
        DealResult {
            end: match self.end {
                End::Out(_) | End::Running => 0,
                End::StockOut => 1,
                End::Capped => 2,
            },
            players: self.players,
            scores,
            winners,
            turns: self.turns,
        }
    }

    fn shoe(&self) -> CardCounts {
        self.shoe
    }

    fn all_cards(&self) -> CardCounts {
        let mut z = self.stock.counts();
        z.add(&self.discard.counts());
        for s in 0..self.players {
            z.add(&self.hands[s]);
            z.add(&self.feet[s]);
            z.add(&self.recv[s]);
        }
        z.add(&self.melds[0].cards);
        z.add(&self.melds[1].cards);
        z
    }

    /// The stock, the squared pile, other seats' cards, and during the pass the packet
    /// coming from its right.
    fn hidden_from(&self, seat: Seat) -> CardCounts {
        let mut h = CardCounts::EMPTY;
        for z in determinize::hidden_zones(self, seat) {
            h.add(&z);
        }
        h
    }

    fn action_json(&self, a: Action) -> serde_json::Value {
        protocol::action_json(self, a)
    }

    fn describe(&self, action: Action) -> String {
        text::describe(self, action)
    }

    fn render(&self) -> String {
        text::render(self)
    }

    fn determinize(view: &Self::View<'_>, rng: &mut GameRng) -> Self {
        determinize::determinize(view, rng)
    }

    fn hidden_zones(&self, seat: Seat) -> Vec<CardCounts> {
        determinize::hidden_zones(self, seat)
    }

    fn end_lines(&self, name: &dyn Fn(Seat) -> String) -> Vec<String> {
        text::end_lines(self, name)
    }

    fn state_json(&self) -> serde_json::Value {
        text::state_json(self)
    }

    fn card_from_text(text: &str) -> Option<crate::cards::Card> {
        view::card_from_text(text)
    }

    fn bots() -> &'static [Bot<Self>] {
        greedy::BOTS
    }

    fn score_cli(rules: &HfRules, args: &[String]) -> Result<serde_json::Value, String> {
        text::score_cli(rules, args)
    }

    fn teams(_players: usize) -> usize {
        2
    }

    fn team_of(_players: usize, seat: Seat) -> usize {
        seat % 2
    }

    fn match_over(rules: &HfRules, m: &MatchProgress) -> bool {
        m.totals[..2].iter().any(|&t| t >= rules.target)
    }

    fn match_winners(_rules: &HfRules, m: &MatchProgress) -> SeatMask {
        let best = m.totals[0].max(m.totals[1]);
        let mut w = SeatMask::EMPTY;
        for s in 0..m.players {
            if m.totals[s % 2] == best {
                w.insert(s);
            }
        }
        w
    }
}
