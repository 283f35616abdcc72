//! The one loop that plays a deal (and a match of deals). `simulate`, `trace`, `bench` and the
//! invariant harness all run this code; only the [`Observer`] differs.

use crate::cards::GameRng;
use crate::game::{
    ActionList, DealResult, Game, MAX_SEATS, MatchProgress, MatchResult, Seat, SeatMask, Table,
};
use crate::strategy::{DealStart, Strategy};

/// The two generators of one deal: `deal` shuffles (and drives the game's own chance events),
/// `play` is handed to strategies. Keeping them apart means that every rule variant and every
/// strategy line-up sees the same shuffle for the same (seed, index): common random numbers.
pub struct DealRngs {
    /// Shuffles and drives the game's own chance events.
    pub deal: GameRng,
    /// Handed to strategies.
    pub play: GameRng,
    /// The master seed these came from.
    pub seed: u64,
    /// The unit (a lone deal's index, or a match's).
    pub unit: u64,
    /// The deal's number within its match (0 for a lone deal).
    pub deal_no: u32,
}

/// The generators for deal `deal_no` of unit `unit` (a unit is a lone deal or a match).
/// They depend on nothing else: not on threads, batches or what ran before.
///
/// Both take their state from `seed` and their PCG stream from
/// `unit * 2^33 + deal_no * 2 + role` (role 0: `deal`, 1: `play`), a 97-bit number: every
/// (unit, deal-in-match, role) over the full u64 and u32 ranges has its own stream.
pub fn deal_rngs(seed: u64, unit: u64, deal_no: u32) -> DealRngs {
    let stream = deal_stream(unit, deal_no);
    DealRngs {
        deal: GameRng::with_stream(seed, stream),
        play: GameRng::with_stream(seed, stream | 1),
        seed,
        unit,
        deal_no,
    }
}

/// The `deal` role's stream of [`deal_rngs`] (the `play` role's is this plus one).
pub fn deal_stream(unit: u64, deal_no: u32) -> u128 {
    (unit as u128) << 33 | (deal_no as u128) << 1
}

/// Sees every decision of a deal; the default methods do nothing and compile away.
pub trait Observer<G: Game> {
    /// Whether `before` reads the legal list. When false (and the seat's strategy does not
    /// read it either) the list is not made and `before` gets an empty one.
    const LEGAL: bool = true;
    /// Whether `before` or `chose` do anything. When false (and [`Observer::LEGAL`] is
    /// false too), `random` seats' decisions are played by [`Game::play_uniform`], which
    /// need not make the legal list nor name the actions.
    const DECISIONS: bool = true;
    /// When a deal has been dealt at `table`, before anyone acts.
    fn start(&mut self, _state: &G, _table: &Table) {}
    /// Before `seat` decides in `state`.
    fn before(&mut self, _state: &G, _seat: Seat, _legal: &[G::Action]) {}
    /// After `seat` chose `action` and before it is applied.
    fn chose(&mut self, _state: &G, _seat: Seat, _action: G::Action) {}
    /// When the deal is over.
    fn end(&mut self, _state: &G, _result: &DealResult) {}
    /// In a match, after each deal's result was added to `progress`.
    fn match_progress(&mut self, _progress: &MatchProgress) {}
}

/// The observer that observes nothing.
pub struct Quiet;
impl<G: Game> Observer<G> for Quiet {
    const LEGAL: bool = false;
    const DECISIONS: bool = false;
}

/// Plays one deal to its end and returns its result and the number of decisions taken.
pub fn play_deal<G: Game, O: Observer<G>>(
    rules: &G::Rules,
    table: &Table,
    rngs: &mut DealRngs,
    seats: &mut [Box<dyn Strategy<G>>],
    buf: &mut ActionList<G::Action>,
    obs: &mut O,
) -> (DealResult, u32) {
    let mut state = G::deal(rules, table, &mut rngs.deal);
    obs.start(&state, table);
    let mut reads = [true; MAX_SEATS];
    let mut uniform = [false; MAX_SEATS];
    for (s, strat) in seats.iter_mut().enumerate() {
        strat.start_deal(&DealStart {
            seat: s,
            players: table.players,
            rules,
            seed: rngs.seed,
            unit: rngs.unit,
            deal_no: rngs.deal_no,
        });
        reads[s] = strat.reads_legal();
        uniform[s] = reads[s] && strat.uniform();
    }
    // Nobody watches decisions: the game plays `random`'s draws in place, up to the next
    // seat that decides otherwise.
    let quiet = !O::LEGAL && !O::DECISIONS;
    let mut uniform_seats = SeatMask::EMPTY;
    for (s, &u) in uniform.iter().enumerate().take(seats.len()) {
        if u {
            uniform_seats.insert(s);
        }
    }
    let mut actions = 0u32;
    while let Some(mut seat) = state.to_act() {
        if quiet && uniform[seat] {
            let limit = G::MAX_ACTIONS - actions + 1;
            actions += state.play_uniform(uniform_seats, limit, &mut rngs.play, buf);
            assert!(
                actions <= G::MAX_ACTIONS,
                "{}: deal exceeded {} actions",
                G::NAME,
                G::MAX_ACTIONS
            );
            match state.to_act() {
                Some(s) => seat = s,
                None => break,
            }
        }
        // The list is made only for a bot or an observer that reads it; what a bot is asked
        // does not depend on the observer, so a traced or checked deal is the deal
        // `simulate` plays.
        let reads = reads[seat];
        buf.clear();
        if reads || O::LEGAL {
            state.legal_actions(buf);
        }
        obs.before(&state, seat, buf);
        let a = if reads && buf.len() == 1 {
            buf[0] // a forced move: only a bot that skips the list is asked about it
        } else if uniform[seat] {
            buf[rngs.play.index(buf.len())] // `random`'s draw, made in place
        } else {
            let legal: &[G::Action] = if reads { buf } else { &[] };
            let describe = crate::strategy::Describe::new(&state, seat);
            seats[seat].act_described(&state.view(seat), legal, &describe, &mut rngs.play)
        };
        obs.chose(&state, seat, a);
        state.apply(a);
        actions += 1;
        assert!(
            actions <= G::MAX_ACTIONS,
            "{}: deal exceeded {} actions",
            G::NAME,
            G::MAX_ACTIONS
        );
    }
    let r = state.result();
    for strat in seats.iter_mut() {
        strat.end_deal(&r);
    }
    obs.end(&state, &r);
    (r, actions)
}

/// Plays match `unit` to its end (or the game's deal cap) and returns it with its decisions.
pub fn play_match<G: Game, O: Observer<G>>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    unit: u64,
    seats: &mut [Box<dyn Strategy<G>>],
    buf: &mut ActionList<G::Action>,
    obs: &mut O,
) -> (MatchResult, u64) {
    let mut m = MatchProgress::new(players);
    let mut actions = 0u64;
    let mut capped = false;
    loop {
        let mut rngs = deal_rngs(seed, unit, m.deals);
        let (r, a) = play_deal(rules, &m.table(), &mut rngs, seats, buf, obs);
        actions += a as u64;
        G::match_add(rules, &mut m, &r);
        m.advance(&r);
        obs.match_progress(&m);
        if G::match_over(rules, &m) {
            break;
        }
        if m.deals >= G::MAX_DEALS {
            capped = true;
            break;
        }
    }
    let result = MatchResult {
        players,
        totals: m.totals,
        winners: G::match_winners(rules, &m),
        deals: m.deals,
        turns: m.turns,
        capped,
    };
    (result, actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_and_deal_has_its_own_stream() {
        // The old 64-bit packing made unit 2^39 wrap onto unit 0 and deal 2^24 of a match
        // onto deal 0; now each pair's stream is an injective function of (unit, deal_no).
        let pairs = [
            (0u64, 0u32),
            (1 << 39, 0),
            (0, 1 << 24),
            (u64::MAX, u32::MAX),
            (u64::MAX, 0),
            (0, u32::MAX),
            (1, 0),
            (0, 1),
        ];
        let mut streams: Vec<u128> = pairs.iter().map(|&(u, d)| deal_stream(u, d)).collect();
        assert!(streams.iter().all(|&s| s < 1 << 127 && s & 1 == 0));
        streams.sort();
        streams.dedup();
        assert_eq!(streams.len(), pairs.len());
        let first = |u, d| deal_rngs(2026, u, d).deal.next_u64();
        assert_ne!(first(0, 0), first(1 << 39, 0));
        assert_ne!(first(0, 0), first(0, 1 << 24));
        let mut r = deal_rngs(2026, 5, 3);
        assert_ne!(r.deal.next_u64(), r.play.next_u64());
    }
}
