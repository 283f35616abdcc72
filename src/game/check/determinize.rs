//! Harness checks for [`Game::determinize`]: at every state of random deals, for every seat,
//! a sampled state must look the same from that seat (same cards shown and remembered, same
//! view, same JSON, same legal
//! actions when it is to act), hold the same shoe, move only cards hidden from the seat
//! (the same hidden cards, in zones of the same sizes), obey every invariant of a real state
//! and play on to an end; and over many samples each unknown card must land in each hidden
//! zone in proportion to the zone's size (a chi-square test per card).

use super::{check_state, harness_deal, random_seats};
use crate::cards::{CardCounts, GameRng};
use crate::game::{ActionList, Game, Seat, SeatView};
use crate::sim::Observer;

/// Checks one sample of `state` for `seat`; `Err` says what differs.
pub fn check_sample<G: Game>(
    state: &G,
    seat: Seat,
    players: usize,
    sample: &G,
) -> Result<(), String> {
    if sample.shoe() != state.shoe() {
        return Err("the sample holds another shoe".into());
    }
    check_state(sample, players).map_err(|e| format!("the sample breaks an invariant: {e}"))?;
    let (v, sv) = (state.view(seat), sample.view(seat));
    if v.shown() != sv.shown() || v.remembered() != sv.remembered() {
        return Err(format!(
            "the sample shows or remembers other cards for seat {seat}: {v:?} vs {sv:?}"
        ));
    }
    if v.to_json() != sv.to_json() {
        return Err(format!(
            "the sample's view differs for seat {seat}:\n{}\nvs\n{}",
            v.to_json(),
            sv.to_json()
        ));
    }
    if format!("{v:?}") != format!("{sv:?}") {
        return Err(format!(
            "the sample's view differs for seat {seat}: {v:?} vs {sv:?}"
        ));
    }
    if sample.hidden_from(seat) != state.hidden_from(seat) {
        return Err(format!("the sample hides other cards from seat {seat}"));
    }
    let (zones, szones) = (state.hidden_zones(seat), sample.hidden_zones(seat));
    let sizes = |z: &[CardCounts]| z.iter().map(|c| c.len()).collect::<Vec<_>>();
    if sizes(&zones) != sizes(&szones) {
        return Err(format!(
            "hidden zone sizes differ: {:?} vs {:?}",
            sizes(&zones),
            sizes(&szones)
        ));
    }
    let mut union = CardCounts::default();
    zones.iter().for_each(|z| union.add(z));
    if union != state.hidden_from(seat) {
        return Err(format!("hidden_zones({seat}) is not hidden_from({seat})"));
    }
    if sample.to_act() != state.to_act() {
        return Err("the sample has another seat to act".into());
    }
    if state.to_act() == Some(seat) {
        let (mut a, mut b) = (ActionList::new(), ActionList::new());
        state.legal_actions(&mut a);
        sample.legal_actions(&mut b);
        if a[..] != b[..] {
            return Err(format!(
                "legal actions differ: {:?} vs {:?}",
                &a[..],
                &b[..]
            ));
        }
    }
    Ok(())
}

/// Plays `state` on to its end with uniformly random legal actions (a sample must be a
/// playable deal, not just a picture of one).
pub fn play_out<G: Game>(mut state: G, rng: &mut GameRng) -> Result<(), String> {
    let mut buf = ActionList::new();
    let mut n = 0u32;
    while state.to_act().is_some() {
        state.legal_actions(&mut buf);
        if buf.is_empty() {
            return Err("a sampled deal has no legal action".into());
        }
        state.apply(buf[rng.index(buf.len())]);
        n += 1;
        if n > G::MAX_ACTIONS {
            return Err("a sampled deal does not end".into());
        }
    }
    Ok(())
}

struct Sampler {
    players: usize,
    rng: GameRng,
    states: u64,
    error: Option<String>,
}

impl<G: Game> Observer<G> for Sampler {
    fn before(&mut self, state: &G, _seat: Seat, _legal: &[G::Action]) {
        if self.error.is_some() {
            return;
        }
        self.states += 1;
        for seat in 0..self.players {
            let sample = G::determinize(&state.view(seat), &mut self.rng);
            let checked = check_sample(state, seat, self.players, &sample)
                .and_then(|()| play_out(sample, &mut self.rng));
            if let Err(e) = checked {
                self.error = Some(format!("{e}\nstate:\n{}", state.render()));
                return;
            }
        }
    }
}

/// Plays `deals` random deals and checks a sample for every seat at every state.
/// Returns the number of states checked.
pub fn determinizer<G: Game>(
    rules: &G::Rules,
    players: usize,
    deals: u64,
    seed: u64,
) -> Result<u64, String> {
    G::check_players(rules, players)?;
    let mut seats = random_seats::<G>(players);
    let mut buf = ActionList::new();
    let mut obs = Sampler {
        players,
        rng: GameRng::new(seed, 0xde7),
        states: 0,
        error: None,
    };
    for i in 0..deals {
        harness_deal(rules, players, seed, i, &mut seats, &mut buf, &mut obs);
        if let Some(e) = obs.error.take() {
            return Err(format!("{} deal {i} (seed {seed}): {e}", G::NAME));
        }
    }
    Ok(obs.states)
}

/// The chi-square critical value for `df` degrees of freedom at about one in three million
/// (Wilson-Hilferty: the cube root of chi2/df is nearly normal; z = 5).
fn critical(df: f64) -> f64 {
    let v = 2.0 / (9.0 * df);
    df * (1.0 - v + 5.0 * v.sqrt()).powi(3)
}

/// Samples `state` for `seat` `samples` times and tests, card by card, that each unknown
/// card lands in each hidden zone in proportion to the zone's size.
pub fn determinizer_uniform<G: Game>(
    state: &G,
    seat: Seat,
    samples: u32,
    seed: u64,
) -> Result<(), String> {
    let zones = state.hidden_zones(seat);
    let sizes: Vec<f64> = zones.iter().map(|z| z.len() as f64).collect();
    let total: f64 = sizes.iter().sum();
    let live = sizes.iter().filter(|&&s| s > 0.0).count();
    if live < 2 {
        return Ok(());
    }
    let hidden = state.hidden_from(seat);
    let cards: Vec<_> = hidden.iter().collect();
    let mut observed = vec![vec![0u64; zones.len()]; cards.len()];
    let mut rng = GameRng::new(seed, 0x5a3);
    let view = state.view(seat);
    for _ in 0..samples {
        let sample = G::determinize(&view, &mut rng);
        for (z, cc) in sample.hidden_zones(seat).iter().enumerate() {
            for (k, &(c, _)) in cards.iter().enumerate() {
                observed[k][z] += cc.count(c) as u64;
            }
        }
    }
    let limit = critical((live - 1) as f64);
    for (k, &(card, copies)) in cards.iter().enumerate() {
        let mut chi2 = 0.0;
        for (z, &size) in sizes.iter().enumerate() {
            if size == 0.0 {
                continue;
            }
            let e = samples as f64 * copies as f64 * size / total;
            let o = observed[k][z] as f64;
            chi2 += (o - e) * (o - e) / e;
        }
        if chi2 > limit {
            return Err(format!(
                "{}: card {card} is not placed uniformly for seat {seat}: counts by zone {:?}, \
                 zone sizes {sizes:?} (chi-square {chi2:.1} > {limit:.1})\n{}",
                G::NAME,
                observed[k],
                state.render()
            ));
        }
    }
    Ok(())
}

/// Keeps a copy of the state before decision number `at`.
struct Snapshot<G> {
    at: u32,
    n: u32,
    state: Option<G>,
}

impl<G: Game> Observer<G> for Snapshot<G> {
    fn before(&mut self, state: &G, _seat: Seat, _legal: &[G::Action]) {
        if self.n == self.at {
            self.state = Some(state.clone());
        }
        self.n += 1;
    }
}

/// Runs [`determinizer_uniform`] for every seat at one state of each of `deals` random
/// deals (states spread over the early and middle game).
pub fn determinizer_uniform_random<G: Game>(
    rules: &G::Rules,
    players: usize,
    deals: u64,
    samples: u32,
    seed: u64,
) -> Result<(), String> {
    G::check_players(rules, players)?;
    let mut seats = random_seats::<G>(players);
    let mut buf = ActionList::new();
    for i in 0..deals {
        let mut snap = Snapshot {
            at: (i as u32 * 7 + 3) % 60,
            n: 0,
            state: None,
        };
        harness_deal(rules, players, seed, i, &mut seats, &mut buf, &mut snap);
        if let Some(state) = snap.state {
            for seat in 0..players {
                determinizer_uniform(&state, seat, samples, seed ^ i)
                    .map_err(|e| format!("deal {i}: {e}"))?;
            }
        }
    }
    Ok(())
}
