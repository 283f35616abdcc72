#![doc = include_str!("rules.md")]

mod apply;
mod determinize;
mod greedy;
mod legal;
mod protocol;
mod rules;
mod scoring;
mod screen;
mod state;
mod text;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_determinize;

pub use greedy::Greedy;
pub use rules::{EmptyStock, LassoRules, Mismatch};
pub use scoring::{SetKind, best_set_points, classify, hand_penalty};
pub use state::{Action, LaidSet, Lasso, MAX_TURNS, Phase};
pub use view::{PileView, View};

use crate::cards::{Card, CardCounts, CardSet, GameRng};
use crate::game::{ActionList, DealResult, EndReason, Game, MatchProgress, Seat, SeatMask, Table};
use crate::strategy::Bot;
use state::{NOBODY, PUBLIC, SLOTS};

/// The command-line name.
pub const NAME: &str = "lasso";

impl Game for Lasso {
    const NAME: &'static str = NAME;
    const ABOUT: &'static str =
        "Lasso: face-down discards, 4-card sets with multipliers, aces that steal sets";
    const RULES_DOC: &'static str = include_str!("rules.md");
    const DEFAULT_PLAYERS: usize = 4;
    const MAX_DEALS: u32 = 200;
    const END_REASONS: &'static [EndReason] = &[
        EndReason {
            name: "went-out",
            about: "a player emptied their hand (+100)",
        },
        EndReason {
            name: "stock-exhausted",
            about: "the stock was needed and empty (no bonus)",
        },
        EndReason {
            name: "no-discard",
            about: "the turn's player had no legal discard (no bonus)",
        },
        EndReason {
            name: "turn-cap",
            about: "the deal reached the cap of 400 player turns (no bonus)",
        },
    ];

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
        let f = |a| out.push(a);
        match self.phase {
            Phase::Setup => legal::legal_setup(self.hands[self.actor as usize], f),
            Phase::Reveal => self.legal_reveal(f),
            Phase::Pickup => self.legal_pickup(f),
            Phase::Discard => self.legal_discard(f),
            Phase::Drawn(c) => self.legal_drawn(c, f),
            Phase::Refill(_, first) => self.legal_refill(first, f),
            Phase::Set => self.legal_set(f),
            Phase::SetLow(c) => self.legal_set_low(c, f),
            Phase::Lasso => self.legal_lasso(f),
            Phase::Answer(c) => self.legal_answer(c, f),
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Setup(up, down) => self.apply_setup(up, down),
            Action::Reveal(p) => self.apply_reveal(p as usize),
            Action::Take(p, n) => self.apply_take(p as usize, n as usize),
            Action::Stock => self.apply_stock(),
            Action::Discard(c, p) => self.apply_discard(c, p as usize),
            Action::Blind(p) => self.apply_blind(p as usize),
            Action::DrawUntil => self.apply_draw_until(),
            Action::Refill(p, c) => self.apply_refill_start(p, c),
            Action::RefillWith(c) => self.apply_refill(Some(c)),
            Action::RefillStock => self.apply_refill(None),
            Action::Lay(s) => self.apply_lay(s),
            Action::SetLow(c) => self.phase = Phase::SetLow(c),
            Action::Lasso(c) | Action::Answer(c) => self.apply_claim(c),
            Action::Pass => self.apply_pass(),
        }
    }

    fn view(&self, seat: Seat) -> View<'_> {
        let piles = std::array::from_fn(|p| {
            let all = self.piles[p].as_slice();
            let down = self.down[p];
            let k = self.knower[p];
            PileView {
                up: if down { &all[..all.len() - 1] } else { all },
                down,
                known_top: (down && (k as usize == seat || k == PUBLIC))
                    .then(|| all.last().copied())
                    .flatten(),
                by: (down && self.down_by[p] != NOBODY).then_some(self.down_by[p] as usize),
                from_hand: down && k == self.down_by[p],
                paired: self.paired[p],
                pool: self.pool[p],
                hand_at: self.hand_at[p],
            }
        });
        let in_chain = matches!(self.phase, Phase::Lasso | Phase::Answer(_));
        View {
            seat,
            players: self.players as usize,
            dealer: self.dealer as usize,
            rules: &self.rules,
            turn: self.turn as usize,
            actor: self.actor as usize,
            phase: self.phase,
            my_phase: (self.actor as usize == seat && self.phase != Phase::Over)
                .then_some(self.phase),
            hand: self.hands[seat],
            pending: self.pending[seat],
            pending_up: (self.pending[seat].len() == 2).then_some(self.pending_up[seat]),
            piles,
            sets: &self.sets[..self.nsets as usize],
            aside: self.aside,
            stock_len: self.stock.len(),
            hand_len: std::array::from_fn(|s| self.hands[s].len() as u8),
            penalties: self.penalties,
            turns: self.turns,
            owed: self.owed,
            chain: in_chain.then_some((self.chain_set as usize, self.claimant as usize)),
            laid: self.laid,
            asked: self.asked,
            pending_len: std::array::from_fn(|s| self.pending[s].len() as u8),
            known: self.known,
            restock: self.restock,
        }
    }

    fn result(&self) -> DealResult {
        let sc = self.scores();
        let mut scores = [0; crate::game::MAX_SEATS];
        scores[..SLOTS].copy_from_slice(&sc);
        let n = self.players as usize;
        let end = if self.out != NOBODY {
            0
        } else if self.capped {
            3
        } else if self.stuck {
            2
        } else {
            1
        };
        DealResult {
            end,
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
        CardCounts::from_set(determinize::hidden_set(self, seat))
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

    fn play_field(
        view: &serde_json::Value,
        key: &str,
        name: &dyn Fn(Seat) -> String,
    ) -> Option<Vec<String>> {
        screen::play_field(view, key, name)
    }

    fn end_lines(&self, name: &dyn Fn(Seat) -> String) -> Vec<String> {
        screen::end_lines(self, name)
    }

    fn trace_note(&self, action: Action) -> crate::game::TraceNote {
        let mut note = crate::game::TraceNote::default();
        if let Some((line, chance)) = text::chance_note(self, action) {
            note.lines.push(line);
            note.fields.insert("chance".into(), chance);
        }
        note
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
