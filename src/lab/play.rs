//! Plays one unit (a lone deal or a match) with the lab watching: the same deal loop and the
//! same generators as `simulate` ([`play_deal`], [`play_match`]), so the deals and every
//! count of the run are unchanged; only probe units are watched decision by decision, and
//! duplicate units are replayed with the strategies rotated (see [`super::counts`]).

use super::counts::{Counts, DUPLICATE, PROBE, UnitOutcome, Watch, deal_outcome, group_of};
use crate::game::{
    ActionList, DealResult, Game, MAX_SEATS, MatchProgress, MatchResult, Seat, Table,
};
use crate::sim::{Mode, Observer, Quiet, deal_rngs, play_deal, play_match};
use crate::strategy::Strategy;

/// A finished unit, in the form the runner's tally takes it.
#[derive(Clone, Copy, Debug)]
pub enum Played {
    /// A lone deal and its decisions.
    Deal(DealResult, u32),
    /// A match and its decisions.
    Match(MatchResult, u64),
}

impl Played {
    /// The unit as the lab counts it.
    pub fn outcome(&self) -> UnitOutcome {
        match self {
            Played::Deal(r, _) => deal_outcome(r),
            Played::Match(r, _) => UnitOutcome {
                players: r.players,
                winners: r.winners,
                scores: r.totals,
                turns: r.turns,
                deals: r.deals,
            },
        }
    }
}

/// Counts each deal's end reason (matches: the tally's `ends`).
struct Ends<'a>(&'a mut [u64]);

impl<G: Game> Observer<G> for Ends<'_> {
    const LEGAL: bool = false;
    // Watches no decision: `random` seats may be played by the game's uniform fast path.
    const DECISIONS: bool = false;
    fn end(&mut self, _state: &G, r: &DealResult) {
        self.0[r.end as usize] += 1;
    }
}

/// Watches a probe unit: every decision, and (matches) the leaders after each deal.
struct Probe<'a, G: Game> {
    watch: &'a mut Watch,
    ends: &'a mut [u64],
    rules: &'a G::Rules,
    progress: MatchProgress,
    matches: bool,
}

impl<G: Game> Observer<G> for Probe<'_, G> {
    fn before(&mut self, state: &G, seat: Seat, legal: &[G::Action]) {
        self.watch.decision(state, seat, legal.len(), !self.matches);
    }
    fn end(&mut self, _state: &G, r: &DealResult) {
        if self.matches {
            self.ends[r.end as usize] += 1;
            G::match_add(self.rules, &mut self.progress, r);
            self.progress.advance(r);
            self.watch
                .read(G::match_winners(self.rules, &self.progress));
        }
    }
}

/// Everything one batch of the lab reuses from unit to unit (no allocation per unit).
pub struct Bench<G: Game> {
    /// The strategies, one per seat (rotated and back for duplicate deals).
    pub seats: Vec<Box<dyn Strategy<G>>>,
    /// The legal-action buffer.
    pub buf: ActionList<G::Action>,
    /// The probe watcher.
    pub watch: Watch,
}

/// Plays unit `unit` under `rules` and counts it into `counts` (its group's entry);
/// matches add their deals' end reasons into `ends`.
#[allow(clippy::too_many_arguments)] // the unit's coordinates, its bench and its counts
pub fn play_unit<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    unit: u64,
    mode: Mode,
    bench: &mut Bench<G>,
    ends: &mut [u64],
    counts: &mut [Counts],
) -> Played {
    let probe = unit.is_multiple_of(PROBE);
    let matches = mode == Mode::Matches;
    let played = if probe {
        bench.watch.reset();
        let mut obs = Probe::<G> {
            watch: &mut bench.watch,
            ends,
            rules,
            progress: MatchProgress::new(players),
            matches,
        };
        unit_with(
            rules,
            players,
            seed,
            unit,
            mode,
            &mut bench.seats,
            &mut bench.buf,
            &mut obs,
        )
    } else if matches {
        unit_with(
            rules,
            players,
            seed,
            unit,
            mode,
            &mut bench.seats,
            &mut bench.buf,
            &mut Ends(ends),
        )
    } else {
        unit_with(
            rules,
            players,
            seed,
            unit,
            mode,
            &mut bench.seats,
            &mut bench.buf,
            &mut Quiet,
        )
    };
    let o = played.outcome();
    let c = &mut counts[group_of(unit)];
    c.add::<G>(&o, matches);
    if probe {
        c.add_probe(&bench.watch, o.winners, matches);
    }
    if !matches && unit.is_multiple_of(DUPLICATE) && players >= 2 {
        duplicate(rules, players, seed, unit, bench, &o, c);
    }
    played
}

#[allow(clippy::too_many_arguments)]
fn unit_with<G: Game, O: Observer<G>>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    unit: u64,
    mode: Mode,
    seats: &mut [Box<dyn Strategy<G>>],
    buf: &mut ActionList<G::Action>,
    obs: &mut O,
) -> Played {
    match mode {
        Mode::Deals => {
            let mut rngs = deal_rngs(seed, unit, 0);
            let table = Table::first(players);
            let (r, a) = play_deal(rules, &table, &mut rngs, seats, buf, obs);
            Played::Deal(r, a)
        }
        Mode::Matches => {
            let (r, a) = play_match(rules, players, seed, unit, seats, buf, obs);
            Played::Match(r, a)
        }
    }
}

/// Replays deal `unit` with the strategies rotated by 1..players seats over the same cards
/// (the same deal generator; replay r's play generator is the deal's forked r times), and
/// adds one ANOVA group per seat: that seat's win units under each rotation.
fn duplicate<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    unit: u64,
    bench: &mut Bench<G>,
    first: &UnitOutcome,
    c: &mut Counts,
) {
    let mut ys = [[0i64; MAX_SEATS]; MAX_SEATS];
    let units = |w: crate::game::SeatMask, s: usize| {
        if w.contains(s) {
            (crate::stats::WIN_UNITS / w.len() as u64) as i64
        } else {
            0
        }
    };
    for (s, y) in ys.iter_mut().enumerate().take(players) {
        y[0] = units(first.winners, s);
    }
    let table = Table::first(players);
    for r in 1..players {
        bench.seats.rotate_left(1);
        let mut rngs = deal_rngs(seed, unit, 0);
        for _ in 0..r {
            rngs.play = rngs.play.fork();
        }
        let (res, _) = play_deal(
            rules,
            &table,
            &mut rngs,
            &mut bench.seats,
            &mut bench.buf,
            &mut Quiet,
        );
        for (s, y) in ys.iter_mut().enumerate().take(players) {
            y[r] = units(res.winners, s);
        }
    }
    bench.seats.rotate_left(1); // back where they started
    for y in ys.iter().take(players) {
        c.luck.add_group(&y[..players]);
    }
}
