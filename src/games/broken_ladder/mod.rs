#![doc = include_str!("rules.md")]

mod apply;
mod determinize;
mod greedy;
mod lead;
mod legal;
pub mod prob;
mod protocol;
mod rules;
mod scoring;
mod search;
mod state;
mod take;
mod text;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_counting;
#[cfg(test)]
mod tests_determinize;
#[cfg(test)]
mod tests_lead;
#[cfg(test)]
mod tests_search;
#[cfg(test)]
mod tests_take;

pub use greedy::{Greedy, KNOBS};
pub use rules::Rules;
pub use scoring::{Hand, is_valid, layer_score, need, number, signed};
pub use state::{Action, BrokenLadder, Outcome, Phase, SHOE_MAX, TURN_CAP};
pub use view::View;

/// The command-line name.
pub const NAME: &str = "broken-ladder";

use crate::cards::{CardCounts, CardSet, GameRng};
use crate::game::{
    ActionList, DealResult, EndReason, Game, MAX_SEATS, MatchProgress, Seat, SeatMask, Table,
};
use crate::strategy::Bot;
use rules::MAX_MATCH_DEALS;
use scoring::score_cli;

impl Game for BrokenLadder {
    const NAME: &'static str = NAME;
    const ABOUT: &'static str =
        "Broken Ladder (pagat): make Starter + red minus black hand cards equal the Head";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const MAX_DEALS: u32 = MAX_MATCH_DEALS;
    const END_REASONS: &'static [EndReason] = state::END_REASONS;

    type Rules = Rules;
    type Action = Action;
    type View<'a> = View<'a>;

    fn check_players(_rules: &Rules, players: usize) -> Result<(), String> {
        match players {
            2..=8 => Ok(()),
            n => Err(format!("{NAME} seats 2 to 8 players, not {n}")),
        }
    }

    fn deal(rules: &Rules, table: &Table, rng: &mut GameRng) -> Self {
        let mut stock = state::fresh_shoe(rules.packs(table.players));
        stock.shuffle(rng);
        let chance = rng.fork();
        BrokenLadder::from_stock(rules, table, stock, chance)
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Start => {
                if self.valid(self.to_act) {
                    out.push(Action::LayDown);
                }
                out.push(Action::DrawStock);
                out.push(Action::DrawDiscard);
            }
            Phase::Discard => self.legal_discard(out),
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::Start, Action::LayDown) => self.apply_lay_down(),
            (Phase::Start, Action::DrawStock) => self.apply_draw_stock(),
            (Phase::Start, Action::DrawDiscard) => self.apply_draw_discard(),
            (Phase::Discard, Action::Discard(c)) => self.apply_discard(c),
            (p, a) => panic!("illegal action {a:?} in phase {p:?}"),
        }
    }

    fn view(&self, seat: Seat) -> View<'_> {
        View::new(self, seat)
    }

    /// Scores: the layer 10 x its unsigned sum, everyone else its unsigned sum; a deal with
    /// no layer scores nothing.
    fn result(&self) -> DealResult {
        let mut scores = [0; MAX_SEATS];
        let mut winners = SeatMask::EMPTY;
        if let Outcome::LaidDown(w) = self.outcome {
            for (s, score) in scores.iter_mut().enumerate().take(self.players) {
                *score = self.hands[s].points();
            }
            scores[w] = layer_score(&self.hands[w]);
            winners.insert(w);
        }
        DealResult {
            end: match self.outcome {
                Outcome::Running | Outcome::LaidDown(_) => 0,
                Outcome::StockExhausted => 1,
                Outcome::TurnCap => 2,
            },
            players: self.players,
            scores,
            winners,
            turns: self.turns,
        }
    }

    /// Who leads now (see `lead.rs`): a seat sure to lay down first, else the most outs in
    /// the stock.
    fn result_now(&self) -> DealResult {
        self.leading_result()
    }

    fn win_chances(&self, out: &mut [f64; MAX_SEATS]) -> bool {
        self.race_chances(out)
    }

    fn explain(view: &View<'_>, sample: &Self) -> f64 {
        search::explain(view, sample)
    }

    fn shoe(&self) -> CardCounts {
        CardCounts::from_set_times(CardSet::DECK52, self.packs)
    }

    fn all_cards(&self) -> CardCounts {
        let mut all = self.stock.counts();
        all.add(&self.discard.counts());
        all.insert(self.head);
        for s in 0..self.players {
            all.insert(self.starters[s]);
            all.add_cards(self.hands[s].as_slice().iter().copied());
        }
        all
    }

    /// The stock and every hand but `seat`'s, less the cards known to be in them.
    fn hidden_from(&self, seat: Seat) -> CardCounts {
        let mut h = self.stock.counts();
        for s in (0..self.players).filter(|&s| s != seat) {
            h.add_cards(self.hands[s].as_slice().iter().copied());
            for &c in self.known[s].as_slice() {
                h.remove(c);
            }
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

    fn state_json(&self) -> serde_json::Value {
        text::state_json(self)
    }

    fn end_lines(&self, name: &dyn Fn(Seat) -> String) -> Vec<String> {
        text::end_lines(self, name)
    }

    fn bots() -> &'static [Bot<Self>] {
        greedy::BOTS
    }

    fn score_cli(rules: &Rules, args: &[String]) -> Result<serde_json::Value, String> {
        score_cli(rules.rank_limit, rules.packs(8), args)
    }

    fn match_over(rules: &Rules, m: &MatchProgress) -> bool {
        match rules.target {
            Some(t) => m.totals[..m.players].iter().any(|&x| x >= t as i64),
            None => m.deals >= rules.deals.unwrap_or(m.players as u32),
        }
    }

    fn match_winners(_rules: &Rules, m: &MatchProgress) -> SeatMask {
        SeatMask::extreme_of(SeatMask::all(m.players), &m.totals[..m.players], false)
    }
}
