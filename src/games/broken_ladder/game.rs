//! The [`Game`] implementation: glue from the engine's trait to the state, plus the trace
//! text (`describe`, `render`) and the match rules (`deals`, `target`).

use super::rules::{MAX_MATCH_DEALS, Rules};
use super::scoring::{cards_text, layer_score, need, score_cli};
use super::state::{self, Action, BrokenLadder, Outcome, Phase};
use super::view::View;
use super::{NAME, determinize, greedy};
use crate::cards::{Card, CardCounts, CardSet, GameRng};
use crate::game::{
    ActionList, DealResult, EndReason, Game, MatchProgress, Rules as _, Seat, SeatMask, Table,
};
use crate::strategy::Bot;
use std::fmt::Write as _;

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
        BrokenLadder::shuffled(rules, table, rng)
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        self.legal(out);
    }

    fn apply(&mut self, action: Action) {
        self.play(action);
    }

    fn view(&self, seat: Seat) -> View<'_> {
        self.seat_view(seat)
    }

    fn result(&self) -> DealResult {
        self.deal_result()
    }

    fn shoe(&self) -> CardCounts {
        CardCounts::from_set_times(CardSet::DECK52, self.packs)
    }

    fn all_cards(&self) -> CardCounts {
        self.zones()
    }

    fn hidden_from(&self, seat: Seat) -> CardCounts {
        self.hidden(seat)
    }

    fn describe(&self, action: Action) -> String {
        let s = self.to_act;
        match action {
            Action::LayDown => format!(
                "seat {s} lays down {} (Starter {} + {} = Head {}) for {}",
                cards_text(self.hands[s].as_slice()),
                self.starters[s],
                self.hands[s].signed_sum(),
                self.head,
                layer_score(&self.hands[s])
            ),
            Action::DrawStock => match self.stock.top() {
                Some(c) => format!("seat {s} draws {c} from the stock"),
                None => format!("seat {s} draws from an empty stock"),
            },
            Action::DrawDiscard => match self.discard.top() {
                Some(c) => format!("seat {s} takes {c} from the discard pile"),
                None => format!("seat {s} takes from an empty discard pile"),
            },
            Action::Discard(c) => format!("seat {s} discards {c}"),
        }
    }

    fn render(&self) -> String {
        let mut out = format!(
            "dealer {} | Head {} | stock {} | discard {} (top {}) | turn {} | ",
            self.dealer,
            self.head,
            self.stock.len(),
            self.discard.len(),
            self.discard.top().map_or("-".into(), |c| c.to_string()),
            self.turns
        );
        match self.outcome {
            Outcome::Running => write!(out, "seat {} to {:?}", self.to_act, self.phase),
            o => write!(out, "over: {o:?}"),
        }
        .ok();
        for s in 0..self.players {
            let need = need(self.head, self.starters[s], &self.hands[s]);
            write!(
                out,
                "\n  seat {s}: Starter {} hand [{}] needs {need:+}",
                self.starters[s],
                cards_text(self.hands[s].as_slice())
            )
            .ok();
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
        let text = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let n = self.players;
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
            "packs": self.packs,
            "phase": format!("{:?}", self.phase).to_lowercase(),
            "to_act": self.to_act,
            "turns": self.turns,
            "head": self.head.to_string(),
            "starters": text(&self.starters[..n]),
            "hands": (0..n).map(|s| text(self.hands[s].as_slice())).collect::<Vec<_>>(),
            "known": (0..n).map(|s| text(self.known[s].as_slice())).collect::<Vec<_>>(),
            "stock": text(self.stock.as_slice()),
            "discard": text(self.discard.as_slice()),
            "taken": self.taken.map(|c| c.to_string()),
            "outcome": format!("{:?}", self.outcome),
            "scores": &self.result().scores[..n],
        })
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
