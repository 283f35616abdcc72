//! The generic invariant harness every game must pass. It plays deals through the very loop
//! `simulate` uses ([`crate::sim::play_deal`]) with an observer that checks, at every state,
//! on the typed views (no JSON per step):
//!
//! - cards are conserved: every zone together is exactly the shoe dealt;
//! - views leak nothing: for every seat, the cards its view shows plus the cards hidden from
//!   it never exceed the shoe (a view showing a hidden card would count that card twice);
//! - views remember only what they saw: every card a view remembers
//!   ([`SeatView::remembered`](crate::game::SeatView::remembered)) was shown to that seat
//!   earlier in the deal, as often;
//! - the JSON a bot is sent names nothing else: at one decision in [`JSON_EVERY`] the acting
//!   seat's view JSON, and at the end of one deal in [`JSON_EVERY`] every seat's, may name as
//!   values only cards the view shows and as object keys (card to copies) only cards it
//!   shows or remembers ([`json_cards_within`]);
//! - the legal list is non-empty and holds the action taken, with no duplicates;
//! - every deal ends under the game's action cap, and its result is well formed;
//! - a replay from the same seed gives the same deal (no hidden source of randomness).
//!
//! Matches are checked too: each ends (its rule or the deal cap) with winners among its seats.
//! [`determinizer`] and [`determinizer_uniform_random`] check a game's determinizer, and
//! [`seat_symmetry`] checks that bots decide by relative positions, not seat numbers.

mod determinize;
mod soak;
mod symmetry;
mod views;

pub use determinize::{
    check_sample, determinizer, determinizer_uniform, determinizer_uniform_random, play_out,
};
pub use soak::{Failure, SAMPLE_EVERY, SoakVerdict, soak};
pub use symmetry::{seat_symmetry, seat_symmetry_deal};
pub use views::{check_state, json_cards_within, view_json_cards};

use super::{ActionList, DealResult, Game, MAX_SEATS, Seat, Table};
use crate::cards::GameRng;
use crate::sim::{Observer, Quiet, deal_rngs, play_deal, play_match};
use crate::strategy::{Random, Strategy};
use std::sync::{Arc, Mutex};
use views::Memory;

/// What the harness saw.
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckReport {
    /// Deals played and checked.
    pub deals: u64,
    /// Actions applied over all deals.
    pub actions: u64,
    /// Actions in the longest deal.
    pub longest: u32,
}

/// The JSON of a view is checked at one decision in [`JSON_EVERY`] (spread over the
/// decision numbers of a deal as deals go on) and for every seat at the end of one deal in
/// [`JSON_EVERY`]; the typed checks run at every step.
pub const JSON_EVERY: u64 = 64;

struct Checker<G: Game> {
    error: Option<String>,
    players: usize,
    /// The legal list of the decision under way.
    legal: Vec<G::Action>,
    /// The deal's index (picks which decisions have their JSON checked).
    deal: u64,
    /// Decisions so far in this deal.
    decisions: u64,
    /// Per seat: what it has been shown, and how often, this deal (see [`Memory`]).
    memory: [Memory; MAX_SEATS],
    /// View JSON documents checked.
    json_views: u64,
    /// Keep a copy of the state before this decision of the deal (for the soak's samples).
    snapshot_at: Option<u64>,
    snapshot: Option<G>,
}

impl<G: Game> Checker<G> {
    fn new(players: usize, deal: u64) -> Checker<G> {
        Checker {
            error: None,
            players,
            legal: Vec::new(),
            deal,
            decisions: 0,
            memory: [Memory::default(); MAX_SEATS],
            json_views: 0,
            snapshot_at: None,
            snapshot: None,
        }
    }

    fn fail(&mut self, msg: String) {
        if self.error.is_none() {
            self.error = Some(msg);
        }
    }
}

impl<G: Game> Observer<G> for Checker<G> {
    fn before(&mut self, state: &G, seat: Seat, legal: &[G::Action]) {
        if self.error.is_some() {
            return;
        }
        self.legal.clear();
        self.legal.extend_from_slice(legal);
        if legal.is_empty() {
            return self.fail(format!(
                "no legal action for seat {seat}:\n{}",
                state.render()
            ));
        }
        if seat >= self.players {
            return self.fail(format!("seat {seat} to act at a table of {}", self.players));
        }
        for (i, a) in legal.iter().enumerate() {
            if legal[..i].contains(a) {
                return self.fail(format!("duplicate legal action {a:?}:\n{}", state.render()));
            }
        }
        let json = self
            .deal
            .wrapping_add(self.decisions)
            .is_multiple_of(JSON_EVERY);
        if self.snapshot_at == Some(self.decisions) {
            self.snapshot = Some(state.clone());
        }
        self.decisions += 1;
        self.json_views += json as u64;
        let players = self.players;
        let checked =
            views::check_typed(state, players, &mut self.memory).and_then(|()| match json {
                true => views::check_json(state, seat),
                false => Ok(()),
            });
        if let Err(e) = checked {
            self.fail(e);
        }
    }

    fn chose(&mut self, state: &G, seat: Seat, action: G::Action) {
        if self.error.is_none() && !self.legal.contains(&action) {
            self.fail(format!(
                "seat {seat} took {action:?}, not in the legal list {:?}:\n{}",
                self.legal,
                state.render()
            ));
        }
    }

    fn end(&mut self, state: &G, r: &DealResult) {
        // A match's next deal starts afresh.
        let mut memory = std::mem::replace(&mut self.memory, [Memory::default(); MAX_SEATS]);
        self.decisions = 0;
        let deal = self.deal;
        self.deal += 1;
        if self.error.is_some() {
            return;
        }
        let checked =
            views::check_typed(state, self.players, &mut memory).and_then(|()| {
                match deal.is_multiple_of(JSON_EVERY) {
                    true => {
                        self.json_views += self.players as u64;
                        (0..self.players).try_for_each(|s| views::check_json(state, s))
                    }
                    false => Ok(()),
                }
            });
        if let Err(e) = checked {
            return self.fail(e);
        }
        if r.players != self.players || r.winners.0 >> self.players != 0 {
            self.fail(format!("malformed result {r:?}"));
        }
    }
}

fn random_seats<G: Game>(players: usize) -> Vec<Box<dyn Strategy<G>>> {
    (0..players)
        .map(|_| Box::new(Random) as Box<dyn Strategy<G>>)
        .collect()
}

/// Plays `deals` random deals (seeded) and checks every state; the first failure is returned.
pub fn random_deals<G: Game>(
    rules: &G::Rules,
    players: usize,
    deals: u64,
    seed: u64,
) -> Result<CheckReport, String> {
    deals_with(rules, players, deals, seed, &mut random_seats::<G>(players))
}

/// As [`random_deals`] with the given strategies at the seats.
pub fn deals_with<G: Game>(
    rules: &G::Rules,
    players: usize,
    deals: u64,
    seed: u64,
    seats: &mut [Box<dyn Strategy<G>>],
) -> Result<CheckReport, String> {
    G::check_players(rules, players)?;
    let mut buf = ActionList::new();
    let mut report = CheckReport::default();
    for i in 0..deals {
        let mut ck = Checker::new(players, i);
        let (r, a) = harness_deal(rules, players, seed, i, seats, &mut buf, &mut ck);
        if let Some(e) = ck.error {
            return Err(format!(
                "{} deal {i} (seed {seed}, dealer {}): {e}",
                G::NAME,
                i as usize % players
            ));
        }
        let (r2, a2) = harness_deal(rules, players, seed, i, seats, &mut buf, &mut Quiet);
        if (r, a) != (r2, a2) {
            return Err(format!(
                "{} deal {i}: replay differs: {r:?} vs {r2:?}",
                G::NAME
            ));
        }
        report.deals += 1;
        report.actions += a as u64;
        report.longest = report.longest.max(a);
    }
    Ok(report)
}

/// Plays deal `i` of the harness: dealers take turns.
fn harness_deal<G: Game, O: Observer<G>>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    i: u64,
    seats: &mut [Box<dyn Strategy<G>>],
    buf: &mut ActionList<G::Action>,
    obs: &mut O,
) -> (DealResult, u32) {
    let mut table = Table::first(players);
    table.dealer = (i as usize) % players;
    play_deal(rules, &table, &mut deal_rngs(seed, i, 0), seats, buf, obs)
}

/// Plays `matches` random matches and checks that each ends with winners among its seats.
pub fn random_matches<G: Game>(
    rules: &G::Rules,
    players: usize,
    matches: u64,
    seed: u64,
) -> Result<(), String> {
    let mut seats = random_seats::<G>(players);
    let mut buf = ActionList::new();
    for i in 0..matches {
        let mut ck = Checker::new(players, i);
        let (r, _) = play_match(rules, players, seed, i, &mut seats, &mut buf, &mut ck);
        if let Some(e) = ck.error {
            return Err(format!("{} match {i}: {e}", G::NAME));
        }
        if r.winners.is_empty()
            || r.winners.0 >> players != 0
            || r.deals == 0
            || r.deals > G::MAX_DEALS
        {
            return Err(format!("{} match {i}: malformed result {r:?}", G::NAME));
        }
    }
    Ok(())
}

/// A bot as a bot that reads the legal list: asked only about unforced moves, and checked
/// against the list at every answer. Counts (in `tally`) the times it is asked and notes
/// the first illegal answer.
struct Reading<G: Game> {
    bot: Box<dyn Strategy<G>>,
    tally: Arc<Mutex<(u64, Option<String>)>>,
}

impl<G: Game> Strategy<G> for Reading<G> {
    fn begin_deal(&mut self, seat: Seat) {
        self.bot.begin_deal(seat);
    }

    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        let a = self.bot.act(view, &[], rng);
        let mut t = self.tally.lock().expect("one thread");
        t.0 += 1;
        if !legal.contains(&a) && t.1.is_none() {
            t.1 = Some(format!("{a:?} is not in the legal list {legal:?}"));
        }
        a
    }
}

/// What [`skipping_the_legal_list`] saw: decisions each way.
#[derive(Clone, Copy, Debug, Default)]
pub struct SkipReport {
    /// Decisions the bots were asked while skipping the list (forced moves included).
    pub asked_skipping: u64,
    /// Decisions they were asked while reading it (forced moves left out).
    pub asked_reading: u64,
}

/// For bots that skip the legal list ([`Strategy::reads_legal`] false): plays `deals` deals
/// with `make`'s bots at every seat as they are, and again with each wrapped as a bot that
/// reads the list, which must give the same deals, action for action, with every answer
/// legal.
pub fn skipping_the_legal_list<G: Game>(
    rules: &G::Rules,
    players: usize,
    deals: u64,
    seed: u64,
    make: &dyn Fn() -> Box<dyn Strategy<G>>,
) -> Result<SkipReport, String> {
    G::check_players(rules, players)?;
    let mut plain: Vec<Box<dyn Strategy<G>>> = (0..players).map(|_| make()).collect();
    if plain.iter().any(|b| b.reads_legal()) {
        return Err("the bot reads the legal list".into());
    }
    let tally = Arc::new(Mutex::new((0u64, None)));
    let mut reading: Vec<Box<dyn Strategy<G>>> = (0..players)
        .map(|_| {
            let bot = make();
            Box::new(Reading {
                bot,
                tally: tally.clone(),
            }) as Box<dyn Strategy<G>>
        })
        .collect();
    let mut buf = ActionList::new();
    let mut report = SkipReport::default();
    for i in 0..deals {
        let mut play = |seats: &mut [Box<dyn Strategy<G>>]| {
            harness_deal(rules, players, seed, i, seats, &mut buf, &mut Quiet)
        };
        let (plain_deal, reading_deal) = (play(&mut plain), play(&mut reading));
        if plain_deal != reading_deal {
            return Err(format!(
                "{} deal {i}: {plain_deal:?} skipping the list, {reading_deal:?} reading it",
                G::NAME
            ));
        }
        report.asked_skipping += plain_deal.1 as u64;
    }
    let t = tally.lock().expect("one thread");
    if let Some(e) = &t.1 {
        return Err(format!("{}: {e}", G::NAME));
    }
    report.asked_reading = t.0;
    Ok(report)
}
