#![doc = include_str!("rules.md")]

mod greedy;
mod legal;
mod rules;
mod scoring;
mod state;
mod text;
mod view;

#[cfg(test)]
mod tests;

pub use greedy::Greedy;
pub use rules::{EmptyStock, LassoRules, Mismatch};
pub use scoring::{SetKind, best_set_points, classify, hand_penalty};
pub use state::{Action, LaidSet, Lasso, MAX_TURNS, Phase};
pub use view::{PileView, View};

use crate::cards::{Card, CardCounts, CardSet, GameRng};
use crate::game::{ActionList, DealResult, Game, MatchProgress, Seat, SeatMask, Table};
use crate::strategy::Bot;
use state::{NOBODY, SLOTS};

/// The command-line name.
pub const NAME: &str = "lasso";

impl Game for Lasso {
    const NAME: &'static str = NAME;
    const ABOUT: &'static str =
        "Lasso (seed 000): face-down discards, 4-card sets with multipliers, aces that steal sets";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const DEFAULT_PLAYERS: usize = 4;
    const MAX_DEALS: u32 = 200;

    type Rules = LassoRules;
    type Action = Action;
    type View<'a> = View<'a>;

    fn check_players(_rules: &LassoRules, players: usize) -> Result<(), String> {
        if (2..=4).contains(&players) {
            Ok(())
        } else {
            Err(format!("lasso seats 2, 3 or 4 players, not {players}"))
        }
    }

    fn deal(rules: &LassoRules, table: &Table, rng: &mut GameRng) -> Lasso {
        let mut deck = [Card::from_index(0); 52];
        for (i, c) in deck.iter_mut().enumerate() {
            *c = Card::from_index(i as u8);
        }
        rng.shuffle(&mut deck);
        let chance = rng.fork();
        Lasso::from_deck(rules, table, &deck, chance)
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.actor as usize)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        self.each_legal(|a| out.push(a));
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn view(&self, seat: Seat) -> View<'_> {
        self.seat_view(seat)
    }

    fn result(&self) -> DealResult {
        let sc = self.scores();
        let mut scores = [0; crate::game::MAX_SEATS];
        scores[..SLOTS].copy_from_slice(&sc);
        let n = self.players as usize;
        DealResult {
            end: 0,
            players: n,
            scores,
            winners: SeatMask::extreme_of(SeatMask::all(n), &sc[..n], false),
            turns: self.turns,
        }
    }

    fn shoe(&self) -> CardCounts {
        CardCounts::from_set(CardSet::DECK52)
    }

    fn all_cards(&self) -> CardCounts {
        let mut c = self.stock.counts();
        for s in 0..SLOTS {
            c.add_set(self.hands[s] | self.pending[s]);
            c.add_cards(self.piles[s].as_slice().iter().copied());
        }
        for set in &self.sets[..self.nsets as usize] {
            c.add_set(set.cards);
        }
        c.add_set(self.aside);
        c
    }

    fn hidden_from(&self, seat: Seat) -> CardCounts {
        let mut c = self.stock.counts();
        for s in (0..self.players as usize).filter(|&s| s != seat) {
            c.add_set(self.hands[s] | self.pending[s]);
        }
        for p in 0..SLOTS {
            if self.down[p] && self.knower[p] as usize != seat {
                c.add_cards(self.piles[p].top());
            }
        }
        c
    }

    fn describe(&self, action: Action) -> String {
        self.describe_action(action)
    }

    fn render(&self) -> String {
        self.render_state()
    }

    fn determinize(_view: &Self::View<'_>, _rng: &mut GameRng) -> Self {
        todo!("determinizer")
    }

    fn hidden_zones(&self, _seat: Seat) -> Vec<CardCounts> {
        todo!("hidden zones")
    }

    fn state_json(&self) -> serde_json::Value {
        todo!("state json")
    }

    fn bots() -> &'static [Bot<Self>] {
        greedy::BOTS
    }

    fn score_cli(rules: &LassoRules, args: &[String]) -> Result<serde_json::Value, String> {
        text::score_cli(rules, args)
    }

    fn match_over(rules: &LassoRules, m: &MatchProgress) -> bool {
        m.totals[..m.players].iter().any(|&t| t >= rules.target)
    }

    fn match_winners(_rules: &LassoRules, m: &MatchProgress) -> SeatMask {
        SeatMask::extreme_of(SeatMask::all(m.players), &m.totals[..m.players], false)
    }
}

/// Compile-time check: the `NOBODY` marker can never be mistaken for a seat.
const _NOBODY_IS_NOT_A_SEAT: () = assert!(NOBODY as usize >= crate::game::MAX_SEATS);
