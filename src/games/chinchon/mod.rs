#![doc = include_str!("rules.md")]

mod arrange;
mod cards;
mod combos;
mod determinize;
mod greedy;
mod layoff;
mod rules;
mod scoring;
mod state;
mod text;
mod unmatched;
mod view;

#[cfg(test)]
mod tests;

pub use arrange::{HAND_CAP, is_combination};
pub use cards::{CIRC, DRAW, Kind, REV, SKIP, WILD, kind, name, parse as parse_card};
pub use combos::ComboList;
pub use greedy::Greedy;
pub use rules::{ChinchonBonus, Rules};
pub use scoring::CHINCHON_WIN;
pub use state::{Action, Chinchon, Effect, End, MAX_TURNS, Phase};
pub use unmatched::{best_and_without, best_and_without_listed};
pub use view::View;

use crate::cards::{CardCounts, GameRng};
use crate::game::{ActionList, DealResult, EndReason, Game, MatchProgress, Seat, SeatMask, Table};
use crate::strategy::Bot;

pub(crate) const NAME: &str = "chinchon";

impl Game for Chinchon {
    const NAME: &'static str = NAME;
    const ABOUT: &'static str =
        "Chinchón with WILD, CIRC and DRAW/SKIP/REV action cards; match to elimination over 100";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const MAX_ACTIONS: u32 = 2 * MAX_TURNS + 8;
    const MAX_DEALS: u32 = 200;
    const LOWER_SCORE_IS_BETTER: bool = true;
    const END_REASONS: &'static [EndReason] = &[
        EndReason {
            name: "closed",
            about: "a player closed; the deal is scored",
        },
        EndReason {
            name: "blocked",
            about: "no stock card to be had and the discard top cannot be taken: no winner",
        },
        EndReason {
            name: "turn-cap",
            about: "1000 player turns without a close: no winner",
        },
    ];

    type Rules = Rules;
    type Action = Action;
    type View<'a> = View<'a>;

    fn check_players(_rules: &Rules, players: usize) -> Result<(), String> {
        if (2..=8).contains(&players) {
            Ok(())
        } else {
            Err(format!(
                "chinchon seats 2-8 players (one deck for 2-4, two for 5-8), not {players}"
            ))
        }
    }

    fn deal(rules: &Rules, table: &Table, rng: &mut GameRng) -> Self {
        Chinchon::shuffled(rules, table, rng)
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.turn)
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
        let (scores, winners) = match self.end {
            End::Closed(_) => (self.close.scores, self.close.winners),
            _ => ([0; 8], SeatMask::EMPTY),
        };
        let end = match self.end {
            End::Running | End::Closed(_) => 0,
            End::Blocked => 1,
            End::Capped => 2,
        };
        DealResult {
            end,
            players: self.players,
            scores,
            winners,
            turns: self.turns,
        }
    }

    fn shoe(&self) -> CardCounts {
        cards::shoe(&self.rules, self.players)
    }

    fn all_cards(&self) -> CardCounts {
        self.every_card()
    }

    fn hidden_from(&self, seat: Seat) -> CardCounts {
        self.hidden(seat)
    }

    fn describe(&self, a: Action) -> String {
        text::describe(self, a)
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

    fn state_json(&self) -> serde_json::Value {
        text::state_json(self)
    }

    fn card_from_text(text: &str) -> Option<crate::cards::Card> {
        cards::from_text(text)
    }

    fn bots() -> &'static [Bot<Self>] {
        greedy::BOTS
    }

    fn score_cli(rules: &Rules, args: &[String]) -> Result<serde_json::Value, String> {
        scoring::score_cli(rules, args)
    }

    /// The player on the dealer's right starts (play runs counter-clockwise).
    fn first_to_play(players: usize, dealer: Seat) -> Seat {
        (dealer + players - 1) % players
    }

    fn match_add(rules: &Rules, m: &mut MatchProgress, r: &DealResult) {
        if let Some(w) = m.active.iter().find(|&s| r.scores[s] == CHINCHON_WIN) {
            m.active = SeatMask::one(w);
            return;
        }
        m.add_scores(r);
        let over = SeatMask(
            m.active.0
                & m.active
                    .iter()
                    .filter(|&s| m.totals[s] > rules.eliminate_over)
                    .fold(0, |a, s| a | 1 << s),
        );
        if over != m.active {
            m.active = SeatMask(m.active.0 & !over.0);
        }
    }

    fn match_over(rules: &Rules, m: &MatchProgress) -> bool {
        m.active.len() <= 1 || m.active.iter().all(|s| m.totals[s] > rules.eliminate_over)
    }

    fn match_winners(_rules: &Rules, m: &MatchProgress) -> SeatMask {
        SeatMask::extreme_of(m.active, &m.totals, true)
    }
}
