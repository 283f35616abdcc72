//! The shape every game shares: the [`Game`] trait (deal, whose turn, legal actions, apply,
//! per-seat view, result), rule switches ([`Rules`]), the match layer ([`play_match`]'s
//! bookkeeping in [`MatchProgress`]) and the generic invariant checks ([`check`]).
//!
//! A game is one struct holding the whole state of a deal. A `Phase` enum inside it drives
//! `legal_actions` and `apply`; a multi-step turn is several actions, so legal lists stay
//! small and every decision belongs to a strategy. Out-of-turn decisions (a lasso answer) are
//! simply states whose `to_act` is another seat.
//!
//! [`play_match`]: crate::sim::play_match

pub mod check;
mod list;
mod matches;
mod rules;
mod seats;

pub use list::{ACTION_CAP, ActionList};
pub use matches::{MatchProgress, MatchResult};
pub use rules::{RuleError, Rules, Switch, parse_bool, parse_choice, parse_num, unknown_key};
pub use seats::{MAX_SEATS, Seat, SeatMask};

use crate::cards::{Card, CardCounts, GameRng};
use crate::strategy::Bot;
use std::fmt::Debug;

/// Where a deal sits in its match: who plays, who deals, what the totals are so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// Seats at the table (2..=8); seats are numbered 0..players clockwise.
    pub players: usize,
    /// The dealer of this deal.
    pub dealer: Seat,
    /// Seats still in the match (elimination games); all seats otherwise.
    pub active: SeatMask,
    /// Match totals before this deal (zero for a lone deal).
    pub totals: [i64; MAX_SEATS],
    /// Deals of its match played before this one; `None` for a lone deal.
    pub played: Option<u32>,
}

impl Table {
    /// A lone deal (or the first deal of a match): seat 0 deals, everyone plays.
    pub fn first(players: usize) -> Table {
        Table {
            players,
            dealer: 0,
            active: SeatMask::all(players),
            totals: [0; MAX_SEATS],
            played: None,
        }
    }
}

/// The outcome of one finished deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// Seats at the table; `scores` and `winners` use seats 0..players.
    pub players: usize,
    /// Each seat's score for the deal, in the game's own units and direction.
    pub scores: [i32; MAX_SEATS],
    /// The winners (a shared win when several); empty when the deal has no winner.
    pub winners: SeatMask,
    /// Player turns taken (a deal won on the very first turn has 1).
    pub turns: u32,
    /// How the deal ended: an index into [`Game::END_REASONS`].
    pub end: u8,
}

/// What `trace` writes with one step beyond the step's text ([`Game::trace_note`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TraceNote {
    /// Lines the text trace writes under the step.
    pub lines: Vec<String>,
    /// Fields that join the step's line in `trace --json` (such as `chance`).
    pub fields: serde_json::Map<String, serde_json::Value>,
}

impl TraceNote {
    /// Whether the note adds nothing.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.fields.is_empty()
    }
}

/// One way a deal can end (`went-out`, `stock-exhausted`, `turn-cap`...), for `ends.csv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndReason {
    /// Short kebab-case name used in CSV files and metric names.
    pub name: &'static str,
    /// One line for the rules page and the README.
    pub about: &'static str,
}

/// What a seat may see of a deal. The view's fields are the only path a strategy has to the
/// state, so a hidden card is out of reach by construction; `shown` lists every card identity
/// the view reveals so that the invariant harness can prove it reveals nothing hidden.
pub trait SeatView {
    /// Every card the view shows (own hand, public piles, known cards...).
    fn shown(&self) -> CardCounts;
    /// The view as JSON (documented per game in its rules page; cards in the notation of
    /// `cardsim rules`). It holds exactly what the seat sees: the harness checks its cards
    /// against [`SeatView::shown`], and a determinized state's view must give the same JSON.
    fn to_json(&self) -> serde_json::Value;
    /// The cards the view remembers without showing them now: cards it saw earlier that
    /// sit hidden since (e.g. which cards a reshuffle put into the stock). The JSON names
    /// them as object keys (card to copies); the harness accepts such keys only for cards
    /// shown or remembered, and checks that the seat was shown every card it remembers.
    /// Default: none.
    fn remembered(&self) -> CardCounts {
        CardCounts::EMPTY
    }
}

/// `random`'s choice among `legal` (non-empty), as [`Game::play_uniform`] makes it: a forced
/// move takes no draw, otherwise the action at `rng.index(len)`.
#[inline]
pub fn uniform_pick<A: Copy>(legal: &[A], rng: &mut GameRng) -> A {
    if legal.len() == 1 {
        legal[0]
    } else {
        legal[rng.index(legal.len())]
    }
}

/// One game: the state of a deal plus its rules. See the module docs.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The name used on the command line (`golf`, `broken-ladder`, ...).
    const NAME: &'static str;
    /// One line for `cardsim list`.
    const ABOUT: &'static str;
    /// The rules as implemented, with every decision taken on a gap (Markdown).
    const RULES_DOC: &'static str;
    /// Players when `--players` is not given.
    const DEFAULT_PLAYERS: usize = 4;
    /// Hard cap on actions in one deal; a deal still running after it is a bug.
    const MAX_ACTIONS: u32 = 100_000;
    /// True when a lower deal score is better (Golf, Chinchón); used to rank non-winners.
    const LOWER_SCORE_IS_BETTER: bool = false;
    /// Hard cap on deals in one match; the match ends with the leaders winning.
    const MAX_DEALS: u32 = 200;
    /// The ways a deal of this game can end; [`DealResult::end`] indexes this list.
    const END_REASONS: &'static [EndReason] = &[EndReason {
        name: "over",
        about: "the deal ended",
    }];

    /// The game's rule switches.
    type Rules: Rules;
    /// One decision: what a strategy picks from [`Game::legal_actions`]. `Default` only fills
    /// unused slots of an [`ActionList`].
    type Action: Copy + Eq + Default + Debug + Send + Sync + 'static;
    /// What one seat may see ([`Game::view`]); it borrows the state.
    type View<'a>: SeatView + Debug
    where
        Self: 'a;

    /// Rejects player counts these rules cannot seat, with a message naming the allowed ones.
    fn check_players(rules: &Self::Rules, players: usize) -> Result<(), String>;
    /// Shuffles (the only use of `rng` that fixes the cards) and deals.
    fn deal(rules: &Self::Rules, table: &Table, rng: &mut GameRng) -> Self;
    /// The seat that decides next, or `None` when the deal is over.
    fn to_act(&self) -> Option<Seat>;
    /// Writes the legal actions for `to_act()` into `out` (cleared first). Non-empty while
    /// the deal is running.
    fn legal_actions(&self, out: &mut ActionList<Self::Action>);
    /// Plays a legal action.
    fn apply(&mut self, action: Self::Action);
    /// Plays on while the seat to act picks uniformly among the legal actions (a seat in
    /// `uniform`: the `random` strategy), until another seat is to act, the deal is over or
    /// `limit` decisions are played; returns the decisions played. The draws from `rng` and
    /// the actions are exactly the generic loop's: no draw for a forced move, else the
    /// action at `rng.index(len)` of the legal list. `buf` is scratch space. Default: that,
    /// one listed decision at a time; a game may read the choices off its phases instead
    /// (same draws, same actions), and may finish a seat's turn in one step (exceeding
    /// `limit` by its last decisions).
    fn play_uniform(
        &mut self,
        uniform: SeatMask,
        limit: u32,
        rng: &mut GameRng,
        buf: &mut ActionList<Self::Action>,
    ) -> u32 {
        let mut n = 0;
        while n < limit {
            match self.to_act() {
                Some(seat) if uniform.contains(seat) => {}
                _ => break,
            }
            buf.clear();
            self.legal_actions(buf);
            self.apply(uniform_pick(buf, rng));
            n += 1;
        }
        n
    }
    /// What `seat` may know now.
    fn view(&self, seat: Seat) -> Self::View<'_>;
    /// The result of a finished deal.
    fn result(&self) -> DealResult;

    /// Every card dealt into this deal (the whole shoe), fixed at the deal.
    fn shoe(&self) -> CardCounts;
    /// Every card in every zone now; equal to `shoe()` at every step.
    fn all_cards(&self) -> CardCounts;
    /// The cards `seat` cannot see now (stock, other hands, face-down cards).
    fn hidden_from(&self, seat: Seat) -> CardCounts;

    /// A readable line for an action about to be applied in this state.
    fn describe(&self, action: Self::Action) -> String;
    /// A full-information picture of the state, for `trace`.
    fn render(&self) -> String;
    /// `action`, about to be played in this state, as structured JSON: an object with a
    /// `kind` (kebab-case) and the cards (in the game's notation), piles and positions it
    /// involves, naming no card the seat to act cannot see. Bots read it in protocol v2 and
    /// `trace --json` writes it; `docs/schema/<game>.actions.json` documents it. Default: kind
    /// `action` with the text of [`Game::describe`].
    fn action_json(&self, action: Self::Action) -> serde_json::Value {
        serde_json::json!({"kind": "action", "text": self.describe(action)})
    }

    /// A full state consistent with everything `view` lets its seat know: its own cards,
    /// public piles, cards known to sit in a hand, sizes, cards it placed face down itself.
    /// The cards the seat cannot see are dealt uniformly at random into the hidden slots.
    /// Search bots plan on such samples; the harness ([`check::determinizer`]) proves the
    /// sample's view equals `view` and that only hidden cards moved.
    fn determinize(view: &Self::View<'_>, rng: &mut GameRng) -> Self;
    /// The zones whose cards `seat` cannot see, in a fixed order (the stock, each other
    /// hand, face-down slots...), each with its cards now. Used by the harness to test that
    /// [`Game::determinize`] places every unknown card uniformly: an unknown card lands in a
    /// zone with probability proportional to the zone's size.
    fn hidden_zones(&self, seat: Seat) -> Vec<CardCounts>;
    /// The whole state as JSON, hidden cards included (for `trace --json`): enough to
    /// replay and re-score the deal alone.
    fn state_json(&self) -> serde_json::Value;
    /// What `trace` writes with the step of `action`, about to be played in this state,
    /// beyond its text: facts a replay needs that neither the dealt state nor the revealed
    /// cards give, such as the chance events the step brings about (a reshuffled stock's new
    /// order) or who laid off what at a close. It may name hidden cards, so it is for `trace`
    /// only, never shown to a seat. Default: nothing.
    fn trace_note(&self, _action: Self::Action) -> TraceNote {
        TraceNote::default()
    }

    /// Search hook: each seat's chance (0..1, summing to at most 1) of winning the deal from
    /// this position, written into `out` (entries `players..` left alone), for search bots
    /// that cut a rollout off (`depth` with `eval = 1`) and value the position by it instead
    /// of [`Game::result_now`]'s single leader. Default: none (`false`).
    fn win_chances(&self, _out: &mut [f64; MAX_SEATS]) -> bool {
        false
    }

    /// Search hook: how well `sample` (a state [`Game::determinize`] drew for `view`'s seat)
    /// explains what that seat saw the other seats do, as a weight > 0 (a likelihood up to a
    /// constant factor). Search bots with `infer = K` draw K samples and keep one with
    /// probability proportional to its weight. It reads only `view` and the sample's cards.
    /// Default: 1 (every sample as likely).
    fn explain(_view: &Self::View<'_>, _sample: &Self) -> f64 {
        1.0
    }

    /// The result the deal would have if it ended now, for search bots that stop a rollout
    /// early (their `depth` knob). Default: [`Game::result`]; a game whose `result` means
    /// nothing before the end should override this with its best reading of the position.
    fn result_now(&self) -> DealResult {
        self.result()
    }

    /// `action`, about to be played by the seat to act, as `observer` sees it: any card
    /// identity `observer` cannot see replaced by a fixed placeholder, so that two actions
    /// that look the same to it compare equal. Search trees key other seats' moves by it.
    /// Default: the action itself (right when every card an action names is seen by all).
    fn public_action(&self, action: Self::Action, _observer: Seat) -> Self::Action {
        action
    }

    /// Reads one card in this game's notation (the one `cardsim rules` and the view JSON
    /// use); `None` when `text` is not a card. Default: the French notation (`QH`, `TS`,
    /// `JK`).
    fn card_from_text(text: &str) -> Option<Card> {
        text.parse().ok()
    }

    /// One card in this game's notation, the one [`Game::card_from_text`] reads (for the
    /// cards `trace --json` names). Default: the French notation.
    fn card_text(card: Card) -> String {
        card.to_string()
    }

    /// For `cardsim play`: the view's list fields (by JSON key) whose card lists are laid
    /// out in rows of this many (Golf's `grids`: rows of 3). Default: none, one line.
    fn play_rows(_field: &str) -> Option<usize> {
        None
    }

    /// For `cardsim play`: the field `key` of a seat's view JSON `view`, drawn for a person
    /// in the game's words (Lasso's piles: whose pile, its cards, a face-down top and who put
    /// it there), as lines; `Some` of no lines hides the field (bookkeeping the screen says
    /// otherwise); `None` leaves it to the generic display of the JSON. `name` names a seat
    /// as the screen does. Default: `None` for every field.
    fn play_field(
        _view: &serde_json::Value,
        _key: &str,
        _name: &dyn Fn(Seat) -> String,
    ) -> Option<Vec<String>> {
        None
    }

    /// For `cardsim play`: the finished deal as the table sees it once the cards are laid
    /// open, in the game's words and notation: who ended it and how, then every hand (and
    /// what else decides the scores). `name` names a seat as the screen does (`seat 2
    /// (greedy)`). `play` writes the end reason's `about` above these lines and the deal's
    /// scores, its winners and the match totals below them, and takes every card they name
    /// as public (the deal's last step then names its cards). Default: each seat's `hand`
    /// from its own view's JSON, when the view has one.
    fn end_lines(&self, name: &dyn Fn(Seat) -> String) -> Vec<String> {
        let players = self.result().players;
        (0..players)
            .filter_map(|s| {
                let v = self.view(s).to_json();
                let hand: Vec<&str> = v
                    .get("hand")?
                    .as_array()?
                    .iter()
                    .filter_map(|c| c.as_str())
                    .collect();
                Some(format!("{}: {}", name(s), hand.join(" ")))
            })
            .collect()
    }

    /// The bots this game has besides `random` (which every game gets).
    fn bots() -> &'static [Bot<Self>];

    /// `cardsim score <game> ARGS`: a JSON answer for a position given as text.
    fn score_cli(rules: &Self::Rules, args: &[String]) -> Result<serde_json::Value, String>;

    /// The seat that plays first in a deal dealt by `dealer` (default: the dealer's left).
    fn first_to_play(players: usize, dealer: Seat) -> Seat {
        (dealer + 1) % players
    }

    /// Partnerships: how many teams a table of `players` forms (default: every seat alone).
    fn teams(players: usize) -> usize {
        players
    }
    /// The team of `seat` (default: the seat itself). Partners share scores and wins.
    fn team_of(_players: usize, seat: Seat) -> usize {
        seat
    }

    /// Adds a finished deal into the match (default: add each seat's score).
    fn match_add(_rules: &Self::Rules, m: &mut MatchProgress, r: &DealResult) {
        m.add_scores(r);
    }
    /// True when the match is over after the deals so far.
    fn match_over(rules: &Self::Rules, m: &MatchProgress) -> bool;
    /// The match winners (called when over, or at the deal cap).
    fn match_winners(rules: &Self::Rules, m: &MatchProgress) -> SeatMask;
}
