#![doc = include_str!("rules.md")]
//!
//! Files: `rules.rs` (switches), `state.rs` (deal, phases, legal actions, apply),
//! `scoring.rs`, `view.rs`, `greedy.rs` (the `greedy` bot), `tests.rs`.

mod determinize;
mod greedy;
mod rules;
mod scoring;
mod state;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_determinize;

pub use greedy::Greedy;
pub use rules::{FlipAfter, GolfRules};
pub use scoring::score_cards;
pub use state::{Action, Golf, Phase};
pub use view::GolfView;

use crate::cards::{Card, CardCounts, GameRng};
use crate::game::{ActionList, DealResult, Game, MatchProgress, Rules as _, Seat, SeatMask, Table};
use crate::strategy::Bot;
use std::fmt::Write as _;

impl Game for Golf {
    const NAME: &'static str = "golf";
    const ABOUT: &'static str = "six-card Golf: 2x3 grids, column pairs, lowest score wins";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const MAX_DEALS: u32 = 36;
    const LOWER_SCORE_IS_BETTER: bool = true;

    type Rules = GolfRules;
    type Action = Action;
    type View<'a> = GolfView<'a>;

    fn check_players(rules: &GolfRules, players: usize) -> Result<(), String> {
        if !(2..=8).contains(&players) {
            return Err(format!("golf seats 2 to 8 players, not {players}"));
        }
        let cards = rules.decks_for(players) * if rules.jokers { 54 } else { 52 };
        if cards < 6 * players + 2 {
            return Err(format!(
                "golf with {players} players needs more than {cards} cards: use decks=2"
            ));
        }
        Ok(())
    }

    fn deal(rules: &GolfRules, table: &Table, rng: &mut GameRng) -> Golf {
        Golf::deal_new(rules, table, rng)
    }

    fn to_act(&self) -> Option<Seat> {
        self.to_act_seat()
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        self.legal(out)
    }

    fn apply(&mut self, a: Action) {
        self.play(a)
    }

    fn view(&self, seat: Seat) -> GolfView<'_> {
        self.seat_view(seat)
    }

    fn result(&self) -> DealResult {
        self.deal_result()
    }

    fn shoe(&self) -> CardCounts {
        state::fresh_shoe(&self.rules, self.players as usize).counts()
    }

    fn all_cards(&self) -> CardCounts {
        self.zones()
    }

    fn hidden_from(&self, seat: Seat) -> CardCounts {
        self.hidden(seat)
    }

    fn describe(&self, a: Action) -> String {
        let s = self.seat as usize;
        match a {
            Action::Flip(p) => format!(
                "seat {s} turns up position {p}: {}",
                self.grids[s][p as usize]
            ),
            Action::DrawStock => format!(
                "seat {s} draws from the stock: {}",
                self.stock.top().map_or("-".into(), |c| c.to_string())
            ),
            Action::DrawDiscard => format!(
                "seat {s} takes the discard {}",
                self.discard.top().map_or("-".into(), |c| c.to_string())
            ),
            Action::Swap(p) => format!(
                "seat {s} puts {} at position {p}, discarding {}",
                self.held.map_or("-".into(), |c| c.to_string()),
                self.grids[s][p as usize]
            ),
            Action::Discard => format!(
                "seat {s} discards {}",
                self.held.map_or("-".into(), |c| c.to_string())
            ),
            Action::NoFlip => format!("seat {s} turns up nothing"),
        }
    }

    fn render(&self) -> String {
        let mut out = format!(
            "phase {:?}, turn {}, dealer {}, stock {} cards (top {}), discard top {}\n",
            self.phase,
            self.turns,
            self.dealer,
            self.stock.len(),
            self.stock.top().map_or("-".into(), |c| c.to_string()),
            self.discard.top().map_or("-".into(), |c| c.to_string()),
        );
        for s in 0..self.players as usize {
            let cell = |p: usize| {
                let c = self.grids[s][p].to_string();
                if self.up[s] >> p & 1 == 1 {
                    format!("{c:>3}")
                } else {
                    format!("({c})")
                }
            };
            let _ = writeln!(
                out,
                "  seat {s}: {} {} {} / {} {} {}   score {}",
                cell(0),
                cell(1),
                cell(2),
                cell(3),
                cell(4),
                cell(5),
                score_cards(&self.grids[s], &self.rules)
            );
        }
        out
    }

    fn determinize(view: &Self::View<'_>, rng: &mut GameRng) -> Self {
        determinize::determinize(view, rng)
    }

    fn hidden_zones(&self, seat: Seat) -> Vec<CardCounts> {
        determinize::hidden_zones(self, seat)
    }

    fn state_json(&self) -> serde_json::Value {
        let n = self.players as usize;
        let cards = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let rules: serde_json::Map<String, serde_json::Value> = self
            .rules
            .values()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.into()))
            .collect();
        serde_json::json!({
            "rules": rules,
            "players": n,
            "dealer": self.dealer,
            "phase": view::phase_name(self.phase),
            "seat": self.seat,
            "turns": self.turns,
            "grids": (0..n).map(|s| cards(&self.grids[s])).collect::<Vec<_>>(),
            "face_up": (0..n)
                .map(|s| (0..6).filter(|p| self.up[s] >> p & 1 == 1).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
            "stock": cards(self.stock.as_slice()),
            "discard": cards(self.discard.as_slice()),
            "held": self.held.map(|c| c.to_string()),
            "ender": self.ender,
            "finals_left": self.finals_left,
            "reshuffled": self.reshuffled,
            "scores": &self.scores()[..n],
        })
    }

    fn bots() -> &'static [Bot<Golf>] {
        const BOTS: &[Bot<Golf>] = &[greedy::BOT];
        BOTS
    }

    fn score_cli(rules: &GolfRules, args: &[String]) -> Result<serde_json::Value, String> {
        if args.len() != 6 {
            return Err(format!(
                "golf score takes six cards (top row, then bottom row), got {}",
                args.len()
            ));
        }
        let mut cards = [Card::JOKER; 6];
        for (c, a) in cards.iter_mut().zip(args) {
            *c = a.parse::<Card>().map_err(|e| e.to_string())?;
            if c.is_joker() && !rules.jokers {
                return Err("a joker needs --rule jokers=on".into());
            }
        }
        Ok(serde_json::json!({ "score": score_cards(&cards, rules) }))
    }

    fn match_over(rules: &GolfRules, m: &MatchProgress) -> bool {
        m.deals >= rules.holes
    }

    fn match_winners(_rules: &GolfRules, m: &MatchProgress) -> SeatMask {
        SeatMask::extreme_of(m.active, &m.totals, true)
    }
}
