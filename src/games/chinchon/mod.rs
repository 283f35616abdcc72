#![doc = include_str!("rules.md")]

mod apply;
mod arrange;
mod cards;
mod combos;
mod determinize;
mod greedy;
mod hand_memo;
mod layoff;
mod legal;
mod lookahead;
mod odds;
mod packing;
mod protocol;
mod race;
mod rules;
mod scoring;
mod search;
mod state;
mod text;
mod unmatched;
mod view;
mod worth;

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
        let mut deck = cards::ordered_shoe(rules, table.players);
        deck.shuffle(rng);
        let chance = rng.fork();
        Chinchon::from_deck(rules, table, deck.as_slice(), chance)
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.turn)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Draw => self.legal_draw(out),
            Phase::Discard => self.legal_discard(out),
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::Draw, Action::DrawStock) => self.apply_draw_stock(),
            (Phase::Draw, Action::DrawDiscard) => self.apply_draw_discard(),
            (Phase::Discard, Action::Discard(c)) => self.apply_discard(c),
            (Phase::Discard, Action::Close(c)) => self.apply_close(c),
            (p, a) => panic!("illegal action {a:?} in phase {p:?}"),
        }
    }

    fn view(&self, seat: Seat) -> View<'_> {
        let hand = self.hands[seat].as_slice();
        View {
            seat,
            players: self.players,
            rules: &self.rules,
            hand,
            discard: self.discard.as_slice(),
            stock_len: self.stock.len(),
            g: self,
            active: self.active,
            turn: self.turn,
            clockwise: self.clockwise,
            phase: self.phase,
            end: self.end,
            turns: self.turns,
            effect: self.effect,
            card_points: &self.card_points,
            combos: &self.combos[seat],
            reshuffles: self.reshuffles,
            restocked: &self.restocked,
        }
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

    /// While the deal runs, the least unmatched points of each hand as it stands
    /// ([`scoring::standing`]); once over, [`Game::result`].
    fn result_now(&self) -> DealResult {
        match self.phase {
            Phase::Over => self.result(),
            _ => scoring::standing(self),
        }
    }

    fn shoe(&self) -> CardCounts {
        cards::shoe(&self.rules, self.players)
    }

    fn all_cards(&self) -> CardCounts {
        let mut all = self.stock.counts();
        for hand in &self.hands[..self.players] {
            all.add_cards(hand.as_slice().iter().copied());
        }
        all.add_cards(self.face_down);
        all.add_cards(self.discard.as_slice().iter().copied());
        all
    }

    fn hidden_from(&self, seat: Seat) -> CardCounts {
        determinize::hidden_from(self, seat)
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

    fn explain(view: &Self::View<'_>, sample: &Self) -> f64 {
        search::explain(view, sample)
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

    fn card_text(card: crate::cards::Card) -> String {
        name(card)
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

    fn trace_note(&self, action: Action) -> crate::game::TraceNote {
        let mut note = crate::game::TraceNote::default();
        if let Some(serde_json::Value::Object(fields)) = text::trace_details(self, action) {
            note.fields = fields;
        }
        note
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
