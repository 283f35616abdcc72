//! `cardsim trace`: one deal of a simulation, step by step. It runs the very loop `simulate`
//! runs ([`crate::sim::play_deal`]) with a logging observer and the same (seed, index) rngs,
//! so the trace is the deal `simulate --seed S` played as deal I.

use super::args::TraceArgs;
use super::setup::table;
use crate::error::Result;
use crate::game::{ActionList, DealResult, Game, Seat, Table};
use crate::games::{GameVisitor, with_game};
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::build;
use serde_json::json;

/// Collects the trace as lines (text or JSON).
struct Logger {
    json: bool,
    step: u32,
    lines: Vec<String>,
}

impl<G: Game> Observer<G> for Logger {
    fn before(&mut self, state: &G, _seat: Seat, _legal: &[G::Action]) {
        if self.step == 0 && !self.json {
            self.lines.push(format!("dealt:\n{}", state.render()));
        }
    }

    fn chose(&mut self, state: &G, seat: Seat, action: G::Action) {
        self.step += 1;
        let text = state.describe(action);
        self.lines.push(if self.json {
            json!({"type": "action", "step": self.step, "seat": seat, "action": text, "debug": format!("{action:?}")})
                .to_string()
        } else {
            format!("{:>4}. {text}", self.step)
        });
    }

    fn end(&mut self, state: &G, r: &DealResult) {
        let scores = &r.scores[..r.players];
        let winners: Vec<usize> = r.winners.iter().collect();
        if self.json {
            self.lines.push(
                json!({"type": "result", "scores": scores, "winners": winners, "turns": r.turns})
                    .to_string(),
            );
        } else {
            self.lines.push(format!("end:\n{}", state.render()));
            self.lines.push(format!(
                "scores {scores:?}, winners {winners:?}, {} turns",
                r.turns
            ));
        }
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
            step: 0,
            lines: Vec::new(),
        };
        let labels: Vec<&str> = t.seats.iter().map(|s| s.label.as_str()).collect();
        log.lines.push(if a.json {
            json!({"type": "deal", "game": G::NAME, "seed": t.seed, "deal": a.deal, "players": t.players,
                   "strategies": labels})
            .to_string()
        } else {
            format!("{} deal {} of seed {}, {} players, strategies {:?}", G::NAME, a.deal, t.seed, t.players, labels)
        });
        let mut rngs = deal_rngs(t.seed, a.deal, 0);
        play_deal(
            &t.rules,
            &Table::first(t.players),
            &mut rngs,
            &mut seats,
            &mut ActionList::new(),
            &mut log,
        );
        Ok(log.lines)
    }
}

pub fn run(a: &TraceArgs) -> Result<()> {
    let lines = with_game(&a.table.game, Trace(a))
        .unwrap_or_else(|| Err(super::unknown_game(&a.table.game)))?;
    for l in lines {
        crate::outln!("{l}");
    }
    Ok(())
}
