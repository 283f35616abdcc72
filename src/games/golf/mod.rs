#![doc = include_str!("rules.md")]
//!
//! Files: `rules.rs` (switches), `state.rs` (deal, phases, legal actions, apply),
//! `scoring.rs`, `view.rs`, `greedy.rs` (the `greedy` bot), `tests.rs`.

mod apply;
mod determinize;
mod greedy;
mod legal;
mod protocol;
mod rules;
mod scoring;
mod state;
mod text;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_counting;
#[cfg(test)]
mod tests_determinize;
#[cfg(test)]
mod tests_uniform;

pub use greedy::Greedy;
pub use rules::{FlipAfter, GolfRules};
pub use scoring::score_cards;
pub use state::{Action, Golf, Hole, Phase};
pub use view::View;

use crate::cards::{CardCounts, GameRng};
use crate::game::{ActionList, DealResult, EndReason, Game, MatchProgress, Seat, SeatMask, Table};
use crate::strategy::Bot;

impl Game for Golf {
    const NAME: &'static str = "golf";
    const ABOUT: &'static str = "six-card Golf: 2x3 grids, column pairs, lowest score wins";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const MAX_DEALS: u32 = 36;
    const LOWER_SCORE_IS_BETTER: bool = true;
    const END_REASONS: &'static [EndReason] = state::END_REASONS;

    type Rules = GolfRules;
    type Action = Action;
    type View<'a> = View<'a>;

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
        let mut shoe = state::fresh_shoe(rules, table.players);
        shoe.shuffle(rng);
        Golf::from_deck(rules, table, shoe.as_slice(), rng.fork())
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.seat as usize)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        self.list_legal(out);
    }

    fn apply(&mut self, a: Action) {
        match (self.phase, a) {
            (Phase::Opening, Action::Flip(p)) => self.apply_opening_flip(p),
            (Phase::Draw, Action::DrawStock) => self.apply_draw_stock(),
            (Phase::Draw, Action::DrawDiscard) => self.apply_draw_discard(),
            (Phase::PlaceStock | Phase::PlaceDiscard, Action::Swap(p)) => self.apply_swap(p),
            (Phase::PlaceStock, Action::Discard) => self.apply_discard(),
            (Phase::FlipAfter, Action::Flip(p)) => self.apply_flip_after(p),
            (Phase::FlipAfter, Action::NoFlip) => self.end_turn(),
            (ph, a) => panic!("golf: illegal action {a:?} in phase {ph:?}"),
        }
    }

    fn play_uniform(
        &mut self,
        uniform: SeatMask,
        limit: u32,
        rng: &mut GameRng,
        buf: &mut ActionList<Action>,
    ) -> u32 {
        let mut n = 0;
        while n < limit && self.phase != Phase::Over && uniform.contains(self.seat as usize) {
            n += self.uniform_step(rng, buf);
        }
        n
    }

    fn view(&self, seat: Seat) -> View<'_> {
        View::new(self, seat)
    }

    fn result(&self) -> DealResult {
        let scores = self.scores();
        let n = self.players as usize;
        DealResult {
            end: self.end,
            players: n,
            scores,
            winners: SeatMask::extreme_of(SeatMask::all(n), &scores, true),
            turns: self.turns,
        }
    }

    fn shoe(&self) -> CardCounts {
        state::fresh_shoe(&self.rules, self.players as usize).counts()
    }

    fn all_cards(&self) -> CardCounts {
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

    /// The stock, every face-down card, and a stock card another seat is holding.
    fn hidden_from(&self, seat: Seat) -> CardCounts {
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

    fn action_json(&self, a: Action) -> serde_json::Value {
        protocol::action_json(self, a)
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

    fn end_lines(&self, name: &dyn Fn(Seat) -> String) -> Vec<String> {
        text::end_lines(self, name)
    }

    fn play_field(
        view: &serde_json::Value,
        key: &str,
        name: &dyn Fn(Seat) -> String,
    ) -> Option<Vec<String>> {
        text::play_field(view, key, name)
    }

    fn play_rows(field: &str) -> Option<usize> {
        // Positions 0-2 are the top row, 3-5 the bottom one.
        (field == "grids").then_some(3)
    }

    fn bots() -> &'static [Bot<Golf>] {
        const BOTS: &[Bot<Golf>] = &[greedy::BOT];
        BOTS
    }

    fn score_cli(rules: &GolfRules, args: &[String]) -> Result<serde_json::Value, String> {
        text::score_cli(rules, args)
    }

    fn match_over(rules: &GolfRules, m: &MatchProgress) -> bool {
        m.deals >= rules.holes
    }

    fn match_winners(_rules: &GolfRules, m: &MatchProgress) -> SeatMask {
        SeatMask::extreme_of(m.active, &m.totals, true)
    }
}
