#![doc = include_str!("rules.md")]

mod apply;
mod determinize;
mod greedy;
pub mod melds;
mod rules;
mod score;
mod state;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_determinize;
#[cfg(test)]
mod tests_match;

pub use greedy::Greedy;
pub use rules::HfRules;
pub use state::{Action, End, HandAndFoot, Phase};
pub use view::View;

use crate::cards::{CardCounts, GameRng};
use crate::game::{ActionList, DealResult, EndReason, Game, MatchProgress, Seat, SeatMask, Table};
use crate::strategy::Bot;
use state::MAX_PLAYERS;

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

    fn deal(rules: &HfRules, table: &Table, rng: &mut GameRng) -> Self {
        HandAndFoot::deal_with(rules, table, rng)
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.seat)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        self.legal(out);
    }

    fn apply(&mut self, action: Action) {
        self.play(action);
    }

    fn view(&self, seat: Seat) -> View<'_> {
        self.view_of(seat)
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
        self.zones()
    }

    fn hidden_from(&self, seat: Seat) -> CardCounts {
        self.hidden(seat)
    }

    fn describe(&self, action: Action) -> String {
        self.describe_action(action)
    }

    fn render(&self) -> String {
        self.render_state()
    }

    fn determinize(view: &Self::View<'_>, rng: &mut GameRng) -> Self {
        determinize::determinize(view, rng)
    }

    fn hidden_zones(&self, seat: Seat) -> Vec<CardCounts> {
        self.hidden_zone_list(seat)
    }

    fn state_json(&self) -> serde_json::Value {
        self.state_to_json()
    }

    fn card_from_text(text: &str) -> Option<crate::cards::Card> {
        view::card_from_text(text)
    }

    fn bots() -> &'static [Bot<Self>] {
        greedy::BOTS
    }

    fn score_cli(rules: &HfRules, args: &[String]) -> Result<serde_json::Value, String> {
        score::score_cli(rules, args)
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
