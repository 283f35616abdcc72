//! `cardsim trace`: one deal of a simulation, step by step. It runs the very loop `simulate`
//! runs ([`crate::sim::play_deal`], or [`crate::sim::play_match`] with `--matches`) with a
//! logging observer and the same (seed, index) rngs, so the trace is the deal `simulate
//! --seed S` played as deal I (or match I of `simulate --matches`).
//!
//! `--json` writes JSON lines that are enough to replay and re-score the deal alone: the
//! header with the rules, the whole dealt state (`Game::state_json`) with its dealer, each
//! step with the legal actions (their text and structured JSON, as the bot protocol writes
//! them, and the index chosen), every card it reveals (to whom: the cards a seat's view
//! shows after the step and did not show before, found generically by comparing views), the
//! fields of the game's note on the step (`Game::trace_note`: a reshuffle's new stock order,
//! the lay-offs of a close), and the whole final state with the result.
//! With `--matches`, every deal of the match in turn, each result with the match totals
//! after it, and the match's result last. The text trace writes the note's lines under the
//! step.

use super::args::TraceArgs;
use super::setup::table;
use crate::cards::{Card, CardCounts};
use crate::error::Result;
use crate::game::{ActionList, DealResult, Game, MatchProgress, Rules, Seat, SeatView, Table};
use crate::games::{GameVisitor, with_game};
use crate::sim::{Observer, deal_rngs, play_deal, play_match};
use crate::strategy::{build, check_failures};
use serde_json::{Value, json};

/// A step chosen but not yet written: its line waits for the state after it.
struct Pending {
    line: Value,
    /// What each seat's view showed before the step.
    before: Vec<CardCounts>,
}

/// Collects the trace as lines (text or JSON).
struct Logger {
    json: bool,
    players: usize,
    step: u32,
    lines: Vec<String>,
    pending: Option<Pending>,
    /// The legal actions of the decision under way: texts, structured JSON, `Debug` forms
    /// (to find the one chosen).
    legal: (Vec<String>, Vec<Value>, Vec<String>),
    /// Which deal of a match this is (None: a lone deal), and its dealer.
    hand: Option<u32>,
    dealer: Seat,
    /// A match deal's result line, waiting for the match totals after it.
    result: Option<Value>,
}

/// Every seat's shown cards in `state`.
fn shown<G: Game>(state: &G, players: usize) -> Vec<CardCounts> {
    (0..players).map(|s| state.view(s).shown()).collect()
}

/// The cards in `after` beyond those in `before`, one entry per copy.
pub(super) fn newly_shown(before: &CardCounts, after: &CardCounts) -> Vec<Card> {
    let mut v = Vec::new();
    for (c, n) in after.iter() {
        for _ in before.count(c)..n {
            v.push(c);
        }
    }
    v
}

impl Logger {
    /// Writes the pending step with what it revealed to each seat in `state`, the state
    /// after it.
    fn flush<G: Game>(&mut self, state: &G) {
        let Some(mut p) = self.pending.take() else {
            return;
        };
        let mut revealed = Vec::new();
        for (s, before) in p.before.iter().enumerate() {
            let cards = newly_shown(before, &state.view(s).shown());
            if !cards.is_empty() {
                let names: Vec<String> = cards.iter().map(|&c| G::card_text(c)).collect();
                revealed.push(json!({"seat": s, "cards": names}));
            }
        }
        p.line["revealed"] = Value::Array(revealed);
        self.lines.push(p.line.to_string());
    }

    /// `line` with the deal's number in the match (in matches mode).
    fn tagged(&self, mut line: Value) -> Value {
        if let Some(h) = self.hand {
            line["hand"] = json!(h);
        }
        line
    }
}

impl<G: Game> Observer<G> for Logger {
    fn start(&mut self, state: &G, table: &Table) {
        self.step = 0;
        self.dealer = table.dealer;
        if self.json {
            let line =
                json!({"type": "state", "dealer": table.dealer, "state": state.state_json()});
            let line = self.tagged(line);
            self.lines.push(line.to_string());
        } else {
            if let Some(h) = self.hand {
                self.lines.push(format!(
                    "=== deal {h} of the match, dealt by seat {} ===",
                    table.dealer
                ));
            }
            self.lines.push(format!("dealt:\n{}", state.render()));
        }
    }

    fn before(&mut self, state: &G, _seat: Seat, legal: &[G::Action]) {
        if self.json {
            self.flush(state);
            self.legal = (
                legal.iter().map(|&a| state.describe(a)).collect(),
                legal.iter().map(|&a| state.action_json(a)).collect(),
                legal.iter().map(|a| format!("{a:?}")).collect(),
            );
        }
    }

    fn chose(&mut self, state: &G, seat: Seat, action: G::Action) {
        self.step += 1;
        let text = state.describe(action);
        let note = state.trace_note(action);
        if self.json {
            let players = self.players;
            let (legal, actions, debug) = std::mem::take(&mut self.legal);
            let name = format!("{action:?}");
            let chosen = debug.iter().position(|d| *d == name);
            let mut line = json!({"type": "action", "step": self.step, "seat": seat,
                "action": text, "structured": state.action_json(action), "debug": name,
                "legal": legal, "actions": actions, "chosen": chosen});
            for (k, v) in note.fields {
                line[k] = v;
            }
            self.pending = Some(Pending {
                line: self.tagged(line),
                before: shown(state, players),
            });
        } else {
            self.lines.push(format!("{:>4}. {text}", self.step));
            for l in note.lines {
                self.lines.push(format!("      {l}"));
            }
        }
    }

    fn end(&mut self, state: &G, r: &DealResult) {
        let scores = &r.scores[..r.players];
        let winners: Vec<usize> = r.winners.iter().collect();
        if self.json {
            self.flush(state);
            let end = G::END_REASONS.get(r.end as usize).map_or("?", |e| e.name);
            let line = json!({"type": "result", "dealer": self.dealer, "scores": scores,
                "winners": winners, "turns": r.turns, "end": end, "state": state.state_json()});
            let line = self.tagged(line);
            match self.hand {
                Some(_) => self.result = Some(line),
                None => self.lines.push(line.to_string()),
            }
        } else {
            self.lines.push(format!("end:\n{}", state.render()));
            self.lines.push(format!(
                "scores {scores:?}, winners {winners:?}, {} turns",
                r.turns
            ));
        }
    }

    fn match_progress(&mut self, m: &MatchProgress) {
        let totals = &m.totals[..m.players];
        if let Some(mut line) = self.result.take() {
            line["totals"] = json!(totals);
            self.lines.push(line.to_string());
        } else if !self.json {
            self.lines
                .push(format!("match totals after {} deals: {totals:?}", m.deals));
        }
        self.hand = Some(m.deals);
    }
}

struct Trace<'a>(&'a TraceArgs);

impl GameVisitor for Trace<'_> {
    type Out = Result<Vec<String>>;
    fn visit<G: Game>(self) -> Result<Vec<String>> {
        let a = self.0;
        let t = table::<G>(&a.table)?;
        let mut seats: Vec<_> = t.seats.iter().map(build::<G>).collect();
        let mut log = Logger {
            json: a.json,
            players: t.players,
            step: 0,
            lines: Vec::new(),
            pending: None,
            legal: Default::default(),
            hand: a.matches.then_some(0),
            dealer: 0,
            result: None,
        };
        let labels: Vec<&str> = t.seats.iter().map(|s| s.label.as_str()).collect();
        log.lines.push(if a.json {
            let rules: serde_json::Map<String, Value> = t
                .rules
                .values()
                .into_iter()
                .map(|(k, v)| (k.to_string(), Value::String(v)))
                .collect();
            let (kind, unit) = if a.matches { ("match", "match") } else { ("deal", "deal") };
            json!({"type": kind, "game": G::NAME, "seed": t.seed, unit: a.deal, "players": t.players,
                   "strategies": labels, "rules": rules})
            .to_string()
        } else {
            let unit = if a.matches { "match" } else { "deal" };
            format!("{} {unit} {} of seed {}, {} players, strategies {:?}", G::NAME, a.deal, t.seed, t.players, labels)
        });
        if a.matches {
            let (m, _) = play_match(
                &t.rules,
                t.players,
                t.seed,
                a.deal,
                &mut seats,
                &mut ActionList::new(),
                &mut log,
            );
            let totals = &m.totals[..m.players];
            let winners: Vec<usize> = m.winners.iter().collect();
            log.lines.push(if a.json {
                json!({"type": "match_result", "totals": totals, "winners": winners,
                       "deals": m.deals, "turns": m.turns, "capped": m.capped})
                .to_string()
            } else {
                format!(
                    "match over after {} deals{}: totals {totals:?}, winners {winners:?}",
                    m.deals,
                    if m.capped { " (the deal cap)" } else { "" }
                )
            });
        } else {
            let mut rngs = deal_rngs(t.seed, a.deal, 0);
            play_deal(
                &t.rules,
                &Table::first(t.players),
                &mut rngs,
                &mut seats,
                &mut ActionList::new(),
                &mut log,
            );
        }
        drop(seats);
        check_failures::<G>(&t.seats)?;
        Ok(log.lines)
    }
}

/// Runs `cardsim trace`.
pub fn run(a: &TraceArgs) -> Result<()> {
    let lines = with_game(&a.table.game, Trace(a))
        .unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))?;
    for l in lines {
        crate::outln!("{l}");
    }
    Ok(())
}
