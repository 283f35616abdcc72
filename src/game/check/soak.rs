//! The soak: the harness over any range of deal indices with any line-up, plus, on a sample
//! of the deals, the determinizer and seat-symmetry checks. What a range finds is a
//! [`SoakVerdict`]; verdicts of disjoint ranges [`merge`](SoakVerdict::merge) into the
//! verdict of their union, whatever the chunks, threads or machines that played them (every
//! check and every sample is chosen by the deal index alone).

use super::{Checker, JSON_EVERY, check_sample, harness_deal, play_out};
use crate::cards::GameRng;
use crate::game::{ActionList, Game, Seat};
use crate::sim::Quiet;
use crate::strategy::Strategy;
use std::ops::Range;

/// One deal in [`JSON_EVERY`] has a state sampled ([`Game::determinize`] for every seat,
/// each sample checked and played out); another one in [`JSON_EVERY`] is replayed at every
/// rotation of the dealer for the seat-symmetry check (when asked for).
pub const SAMPLE_EVERY: u64 = JSON_EVERY;

/// The first failing deal of a range.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Failure {
    /// The deal index.
    pub deal: u64,
    /// What failed, with the state.
    pub error: String,
}

/// What checking a range of deals found.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SoakVerdict {
    /// Deals played through the harness.
    pub deals: u64,
    /// Decisions over all deals (each checked, with every seat's view).
    pub actions: u64,
    /// Decisions in the longest deal.
    pub longest: u32,
    /// View JSON documents checked.
    pub json_views: u64,
    /// Determinized samples checked and played out.
    pub samples: u64,
    /// Deals replayed at every rotation of the dealer (seat symmetry).
    pub symmetric: u64,
    /// Deals that failed a check.
    pub failures: u64,
    /// The failing deal of lowest index, if any.
    pub first_failure: Option<Failure>,
}

impl SoakVerdict {
    /// Adds the verdict of a disjoint range: counts add, the longest deal is the longer,
    /// the first failure the one of lower deal index.
    pub fn merge(&mut self, o: &SoakVerdict) {
        self.deals += o.deals;
        self.actions += o.actions;
        self.longest = self.longest.max(o.longest);
        self.json_views += o.json_views;
        self.samples += o.samples;
        self.symmetric += o.symmetric;
        self.failures += o.failures;
        if let Some(f) = &o.first_failure
            && self.first_failure.as_ref().is_none_or(|s| f.deal < s.deal)
        {
            self.first_failure = Some(f.clone());
        }
    }

    fn fail(&mut self, deal: u64, error: String) {
        self.failures += 1;
        if self.first_failure.as_ref().is_none_or(|f| deal < f.deal) {
            self.first_failure = Some(Failure { deal, error });
        }
    }
}

/// Checks deals `range` (dealt as in [`super::random_deals`]: deal `i` from `seed`, dealt by
/// seat `i % players`) with `make(s)`'s bot at seat `s`: every state of every deal, a replay
/// of each, a determinized sample of one deal in [`SAMPLE_EVERY`] and, with `symmetry`, the
/// seat-symmetry check of another one in [`SAMPLE_EVERY`]. A failing deal is counted and the
/// range goes on.
pub fn soak<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    range: Range<u64>,
    make: &dyn Fn(Seat) -> Box<dyn Strategy<G>>,
    symmetry: bool,
) -> SoakVerdict {
    let mut v = SoakVerdict::default();
    if let Err(e) = G::check_players(rules, players) {
        v.fail(range.start, e);
        return v;
    }
    let mut seats: Vec<Box<dyn Strategy<G>>> = (0..players).map(make).collect();
    let mut buf = ActionList::new();
    for i in range {
        let mut ck = Checker::<G>::new(players, i);
        if i.is_multiple_of(SAMPLE_EVERY) {
            ck.snapshot_at = Some((i / SAMPLE_EVERY * 7 + 3) % 60);
        }
        let (r, a) = harness_deal(rules, players, seed, i, &mut seats, &mut buf, &mut ck);
        v.deals += 1;
        v.actions += a as u64;
        v.longest = v.longest.max(a);
        v.json_views += ck.json_views;
        if let Some(e) = ck.error.take() {
            v.fail(i, format!("{} deal {i} (seed {seed}): {e}", G::NAME));
            continue;
        }
        let again = harness_deal(rules, players, seed, i, &mut seats, &mut buf, &mut Quiet);
        if again != (r, a) {
            v.fail(
                i,
                format!("{} deal {i}: replay differs: {r:?} vs {again:?}", G::NAME),
            );
            continue;
        }
        if let Some(state) = ck.snapshot.take() {
            let mut rng = GameRng::new(seed, 0x50a4_0000_0000 ^ i);
            for seat in 0..players {
                let sample = G::determinize(&state.view(seat), &mut rng);
                let checked = check_sample(&state, seat, players, &sample)
                    .and_then(|()| play_out(sample, &mut rng));
                v.samples += 1;
                if let Err(e) = checked {
                    v.fail(
                        i,
                        format!(
                            "{} deal {i}: determinized for seat {seat}: {e}\nstate:\n{}",
                            G::NAME,
                            state.render()
                        ),
                    );
                    break;
                }
            }
        }
        if symmetry && i % SAMPLE_EVERY == SAMPLE_EVERY / 2 {
            v.symmetric += 1;
            if let Err(e) = super::symmetry::seat_symmetry_deal(rules, players, seed, i, make) {
                v.fail(i, e);
            }
        }
    }
    v
}
