//! What the lab counts while a run plays: exact integers per group of units ([`GROUPS`]
//! groups, unit index modulo `GROUPS`), so that every metric gets a jackknife interval and a
//! paired difference between variants played on the same deals.
//!
//! Every unit adds its winners (decisive, tie, none), its margin and its length. A *probe*
//! unit (index a multiple of [`PROBE`]) is also watched decision by decision: how many
//! decisions had a choice and how wide it was, and who led (from [`Game::result_now`]) at
//! [`CHECKPOINTS`] even fractions of the deal, or after every deal of a match. A *duplicate*
//! unit (index a multiple of [`DUPLICATE`], lone deals only) is replayed with the strategies
//! rotated one seat at a time over the same cards (the same deal generator; each replay its
//! own play generator), for the share of outcome variance the cards explain. Probing only a
//! fixed sample of units keeps the cost to a few per cent of a run, and the sample depends only
//! on the unit index, so it is the same for any thread count and any shard.

use crate::game::{DealResult, Game, MAX_SEATS, MatchProgress, Seat, SeatMask};
use crate::stats::{Anova, GROUPS, Histogram, Merge, Moments, WIN_UNITS};

/// Every `PROBE`-th unit is watched decision by decision.
pub const PROBE: u64 = 128;
/// Every `DUPLICATE`-th unit (lone deals) is replayed with the seats rotated.
pub const DUPLICATE: u64 = 1024;
/// Leader checkpoints per deal (at 1/K, 2/K ... of its turns; the last is the result).
pub const CHECKPOINTS: usize = 10;
/// `decided_at` is counted in millionths.
pub const DECIDED_SCALE: i64 = 1_000_000;
/// Leader readings kept per unit before thinning (every other one is dropped when full).
const HISTORY: usize = 512;

/// One group's exact counts (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Units (deals or matches).
    pub units: u64,
    /// Units with exactly one winner (a team's partners count as one).
    pub decisive: u64,
    /// Units whose win is shared.
    pub tie: u64,
    /// Units with no winner.
    pub no_winner: u64,
    /// Wins per seat, in 1/840 units (a k-way tie gives 840/k to each).
    pub win: [u64; MAX_SEATS],
    /// Σ over units of the squared win units per seat (for the variance of a seat's share).
    pub win_sq: [u128; MAX_SEATS],
    /// Winner minus runner-up in the game's score units (units with a winner and a seat
    /// outside the win; a tie is 0).
    pub margins: Histogram,
    /// Player turns per unit.
    pub turns: Histogram,
    /// Deals per match (empty for lone deals).
    pub deals: Histogram,
    /// Probe units.
    pub probes: u64,
    /// Decisions in probe units.
    pub decisions: u64,
    /// Of which had two or more legal actions.
    pub choices: u64,
    /// Legal actions summed over those choices.
    pub choice_actions: u64,
    /// Probe units whose leader readings all exist (a game with no reading mid-deal has none).
    pub led: u64,
    /// Checkpoint boundaries in those units.
    pub boundaries: u64,
    /// Of which the set of leaders changed.
    pub changes: u64,
    /// Those units with a winner.
    pub won: u64,
    /// Of which no eventual winner led at the half-way checkpoint.
    pub comebacks: u64,
    /// The share of the unit after which the leaders never change, in millionths.
    pub decided: Moments,
    /// Duplicate deals: one group per (deal, seat) of the seat's win units over the rotations.
    pub luck: Anova,
}

impl Merge for Counts {
    fn merge(&mut self, o: &Counts) {
        self.units += o.units;
        self.decisive += o.decisive;
        self.tie += o.tie;
        self.no_winner += o.no_winner;
        for (a, b) in self.win.iter_mut().zip(o.win) {
            *a += b;
        }
        for (a, b) in self.win_sq.iter_mut().zip(o.win_sq) {
            *a += b;
        }
        self.margins.merge(&o.margins);
        self.turns.merge(&o.turns);
        self.deals.merge(&o.deals);
        self.probes += o.probes;
        self.decisions += o.decisions;
        self.choices += o.choices;
        self.choice_actions += o.choice_actions;
        self.led += o.led;
        self.boundaries += o.boundaries;
        self.changes += o.changes;
        self.won += o.won;
        self.comebacks += o.comebacks;
        self.decided.merge(&o.decided);
        self.luck.merge(&o.luck);
    }
}

/// A finished unit as the lab counts it.
#[derive(Clone, Copy, Debug)]
pub struct UnitOutcome {
    /// Seats at the table.
    pub players: usize,
    /// Winners (empty: none).
    pub winners: SeatMask,
    /// Deal scores or match totals.
    pub scores: [i64; MAX_SEATS],
    /// Player turns.
    pub turns: u64,
    /// Deals (1 for a lone deal).
    pub deals: u32,
}

/// The margin of a unit: the best winner's score minus the best non-winner's (in the game's
/// direction, so always >= 0), or 0 when every seat shares the win; None without a winner.
/// Partners of a team share one score, so a seat counts only against the other teams.
pub fn margin<G: Game>(o: &UnitOutcome) -> Option<i64> {
    if o.winners.is_empty() {
        return None;
    }
    // The seats of a winning team (every seat alone when the game has no partnerships).
    let mut won = o.winners;
    if G::teams(o.players) != o.players {
        for s in 0..o.players {
            if o.winners
                .iter()
                .any(|w| G::team_of(o.players, w) == G::team_of(o.players, s))
            {
                won.insert(s);
            }
        }
    }
    let sign = if G::LOWER_SCORE_IS_BETTER { -1 } else { 1 };
    let (mut best_w, mut best_r) = (i64::MIN, i64::MIN);
    for s in 0..o.players {
        let v = sign * o.scores[s];
        if won.contains(s) {
            best_w = best_w.max(v);
        } else {
            best_r = best_r.max(v);
        }
    }
    Some(if best_r == i64::MIN {
        0
    } else {
        (best_w - best_r).max(0)
    })
}

/// How many winning teams a winner set holds (a team's partners are one winner).
fn winning_teams<G: Game>(players: usize, w: SeatMask) -> u32 {
    if G::teams(players) == players {
        return w.len();
    }
    let mut teams = 0u32;
    for s in bits(w) {
        teams |= 1 << G::team_of(players, s);
    }
    teams.count_ones()
}

/// The seats of a mask, lowest first, by their set bits.
fn bits(w: SeatMask) -> impl Iterator<Item = usize> {
    let mut m = w.0;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            s
        })
    })
}

impl Counts {
    /// Counts a finished unit (a match when `matches`, else a lone deal).
    pub fn add<G: Game>(&mut self, o: &UnitOutcome, matches: bool) {
        self.units += 1;
        match winning_teams::<G>(o.players, o.winners) {
            0 => self.no_winner += 1,
            1 => self.decisive += 1,
            _ => self.tie += 1,
        }
        let k = o.winners.len() as u64;
        for s in bits(o.winners) {
            self.win[s] += WIN_UNITS / k;
            self.win_sq[s] += (WIN_UNITS / k).pow(2) as u128;
        }
        if let Some(m) = margin::<G>(o) {
            self.margins.add(m);
        }
        self.turns.add(o.turns as i64);
        if matches {
            self.deals.add(o.deals as i64);
        }
    }

    /// Counts a probe unit's decisions and leader history (its outcome goes to [`Counts::add`]).
    pub fn add_probe(&mut self, w: &Watch, final_winners: SeatMask, matches: bool) {
        self.probes += 1;
        self.decisions += w.decisions;
        self.choices += w.choices;
        self.choice_actions += w.choice_actions;
        let Some((cps, n)) = w.checkpoints(final_winners, matches) else {
            return;
        };
        let cps = &cps[..n];
        if cps.len() < 2 {
            return;
        }
        self.led += 1;
        let n = cps.len();
        self.boundaries += (n - 1) as u64;
        self.changes += cps.windows(2).filter(|p| p[0] != p[1]).count() as u64;
        if !final_winners.is_empty() {
            self.won += 1;
            let half = cps[n.div_ceil(2) - 1];
            if (half.0 & final_winners.0) == 0 {
                self.comebacks += 1;
            }
        }
        // The first checkpoint from which the leaders stay the final ones.
        let mut first = n;
        while first > 0 && cps[first - 1] == final_winners {
            first -= 1;
        }
        // Checkpoint j (0-based) closes the fraction (j + 1) / n of the unit.
        let at = ((first + 1).min(n) as i64 * DECIDED_SCALE) / n as i64;
        self.decided.add(at);
    }
}

/// The group of unit `i`.
pub fn group_of(unit: u64) -> usize {
    (unit % GROUPS as u64) as usize
}

/// Watches a probe unit: choices, and the leaders at each turn (deals) or after each deal
/// (matches), kept in a fixed array thinned by half when full (no allocation per unit).
#[derive(Clone, Debug)]
pub struct Watch {
    /// Decisions seen.
    pub decisions: u64,
    /// Decisions with two or more legal actions.
    pub choices: u64,
    /// Legal actions summed over the choices.
    pub choice_actions: u64,
    last_seat: Option<Seat>,
    readings: [SeatMask; HISTORY],
    len: usize,
    /// Readings are taken every `stride`-th opportunity (doubles when the array fills).
    stride: u64,
    seen: u64,
    /// Some reading mid-unit had no leaders (the game gives no reading before the end).
    missing: bool,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch {
            decisions: 0,
            choices: 0,
            choice_actions: 0,
            last_seat: None,
            readings: [SeatMask::EMPTY; HISTORY],
            len: 0,
            stride: 1,
            seen: 0,
            missing: false,
        }
    }
}

impl Watch {
    /// Ready for a new unit.
    pub fn reset(&mut self) {
        *self = Watch {
            readings: self.readings,
            ..Watch::default()
        };
    }

    /// Records one leader reading (at a turn start, or after a match's deal); an empty one
    /// after the first marks the unit as having no reading mid-way.
    pub fn read(&mut self, leaders: SeatMask) {
        if leaders.is_empty() && self.seen > 0 {
            self.missing = true;
        }
        if self.seen.is_multiple_of(self.stride) {
            if self.len == HISTORY {
                for i in 0..HISTORY / 2 {
                    self.readings[i] = self.readings[2 * i];
                }
                self.len = HISTORY / 2;
                self.stride *= 2;
            }
            if self.seen.is_multiple_of(self.stride) {
                self.readings[self.len] = leaders;
                self.len += 1;
            }
        }
        self.seen += 1;
    }

    /// Counts a decision by `seat` among `legal` actions in `state`; with `turns`, a new seat
    /// to act starts a turn, at which the leaders are read.
    pub fn decision<G: Game>(&mut self, state: &G, seat: Seat, legal: usize, turns: bool) {
        self.decisions += 1;
        if legal >= 2 {
            self.choices += 1;
            self.choice_actions += legal as u64;
        }
        if turns && self.last_seat != Some(seat) {
            self.last_seat = Some(seat);
            self.read(state.result_now().winners);
        }
    }

    /// The leader checkpoints of the unit, the last being `final_winners`: for a deal,
    /// [`CHECKPOINTS`] at even fractions of its turns (the first turn's reading is the start,
    /// before anyone played, and is not a checkpoint); for a match, one after every deal.
    /// None when a reading mid-unit had no leaders.
    /// Returned in a fixed array with its length (no allocation per unit).
    fn checkpoints(
        &self,
        final_winners: SeatMask,
        matches: bool,
    ) -> Option<([SeatMask; HISTORY], usize)> {
        if self.missing {
            return None;
        }
        let mut v = [SeatMask::EMPTY; HISTORY];
        if matches {
            v[..self.len].copy_from_slice(&self.readings[..self.len]);
            if self.len > 0 {
                v[self.len - 1] = final_winners;
            }
            return Some((v, self.len));
        }
        let mut n = 0;
        for j in 1..CHECKPOINTS {
            // Reading i is taken at the start of turn i (reading 0: the deal as dealt).
            let at = (j * self.len).div_ceil(CHECKPOINTS);
            if at >= self.len {
                break;
            }
            v[n] = self.readings[at.max(1)];
            n += 1;
        }
        v[n] = final_winners;
        Some((v, n + 1))
    }
}

/// Leaders of a match so far: the seats the game would name winners if it ended now.
pub fn match_leaders<G: Game>(rules: &G::Rules, m: &MatchProgress) -> SeatMask {
    G::match_winners(rules, m)
}

/// The per-deal outcome of a lone deal.
pub fn deal_outcome(r: &DealResult) -> UnitOutcome {
    UnitOutcome {
        players: r.players,
        winners: r.winners,
        scores: r.scores.map(i64::from),
        turns: r.turns as u64,
        deals: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golf::Golf;

    fn outcome(scores: &[i64], winners: u16) -> UnitOutcome {
        let mut s = [0; MAX_SEATS];
        s[..scores.len()].copy_from_slice(scores);
        UnitOutcome {
            players: scores.len(),
            winners: SeatMask(winners),
            scores: s,
            turns: 10,
            deals: 1,
        }
    }

    #[test]
    fn margins_read_the_game_direction_and_ties() {
        // Golf: lower is better. Winner 3 points, runner-up 7: margin 4.
        assert_eq!(margin::<Golf>(&outcome(&[3, 7, 9], 0b001)), Some(4));
        assert_eq!(margin::<Golf>(&outcome(&[3, 3, 9], 0b011)), Some(6));
        assert_eq!(margin::<Golf>(&outcome(&[3, 3], 0b11)), Some(0));
        assert_eq!(margin::<Golf>(&outcome(&[3, 3], 0)), None);
    }

    #[test]
    fn checkpoints_find_changes_comebacks_and_the_deciding_point() {
        // 21 turns: reading 0 is the deal, readings 1..=20 each turn start. Seat 1 leads
        // until turn 12, then seat 0 to the end and wins.
        let mut w = Watch::default();
        for t in 0..=20 {
            w.read(if t < 12 {
                SeatMask::one(1)
            } else {
                SeatMask::one(0)
            });
        }
        let (_, n) = w.checkpoints(SeatMask::one(0), false).unwrap();
        assert_eq!(n, CHECKPOINTS);
        let mut c = Counts::default();
        c.add_probe(&w, SeatMask::one(0), false);
        assert_eq!((c.boundaries, c.changes), (9, 1));
        assert_eq!((c.won, c.comebacks), (1, 1), "seat 1 led at half-way");
        // Checkpoints at readings 3,5,7,9,11 (seat 1), 13,15,17,19 and the result (seat 0):
        // the leaders are final from the 6th of 10 checkpoints.
        assert_eq!(c.decided.sum, 600_000);
    }

    #[test]
    fn thinning_keeps_every_other_reading() {
        let mut w = Watch::default();
        for t in 0..(HISTORY as u16 * 2) {
            w.read(SeatMask(t % 2 + 1));
        }
        assert_eq!((w.stride, w.len), (2, HISTORY));
        assert!(w.readings[..w.len].iter().all(|&r| r == SeatMask(1)));
    }
}
