//! `greedy`: a one-step heuristic. It passes its weaker packet and plays the stronger as
//! its hand; takes the pile when what it holds pays (the meld points it adds against the 3s
//! it would leave stuck in hand when the deal ends; knob `pile_value`, 0 for the previous
//! rule: any pile of `pile_min` cards); opens as soon as its hand can make the minimum;
//! adds naturals before wilds (cleans before dirtying), then starts a meld from a natural
//! pair and a wild (knob `pair_first`) before putting a wild on an open meld, and dirties a
//! clean meld only once it is long or its partnership has the natural books it needs, and
//! puts a wild on a dirty meld that is a book already only after that (knob `wild_booked`);
//! discards 3s first (they freeze the pile for the next player), then lone cards: sooner
//! those of ranks the opponents have open (knob `opp_open`: they seldom hold the pair that
//! takes the pile with such a card), later those of ranks its partnership has open; goes
//! out when its partnership's table points lead by the `out_margin` knob (or the stock runs
//! low), otherwise keeps two cards in its foot. It does not read the legal list (the runner
//! skips making it): before its partnership opens it walks the legal meld steps in the
//! list's order through the game's own listing ([`HandAndFoot::each_meld`]); once opened it
//! picks from rank masks and the discard from the tally (`greedy_pick.rs`), the same action
//! the walk of the list gives, so it plays exactly as when it read the list.

use super::melds::{self, MELD_RANKS};
use super::state::{Action, HandAndFoot, Phase};
use super::view::View;
use crate::cards::{Card, CardCounts, GameRng};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "pile_min",
        default: 2.0,
        doc: "take the discard pile when it holds at least this many cards",
    },
    Knob {
        name: "dirty_at",
        default: 5.0,
        doc: "naturals a clean meld needs before greedy puts a wild on it (while natural books are still needed)",
    },
    Knob {
        name: "out_margin",
        default: -300.0,
        doc: "go out when the partnership's table points minus the opponents' are at least this",
    },
    Knob {
        name: "pair_wild",
        default: 1.0,
        doc: "1: start melds from a natural pair and a wild once opened; 0: only to open or go out",
    },
    Knob {
        name: "pair_first",
        default: 1.0,
        doc: "1: once opened, start a meld from a natural pair and a wild before putting a wild on an open meld (after naturals); 0: after (the previous greedy)",
    },
    Knob {
        name: "opp_open",
        default: -25.0,
        doc: "keep value added to a card whose rank the opponents have an open meld of (-800 to 800): negative discards it sooner, as the opponents meld every natural of that rank they draw, so the next seat seldom holds the pair that takes the pile with it; 25: the previous greedy (kept it longer)",
    },
    Knob {
        name: "wild_booked",
        default: 1.0,
        doc: "1: a wild goes on a dirty meld that is already a book (7 cards or more) only after every other wild step once opened, clean melds included; 0: on the lowest rank's dirty meld, book or not (the previous greedy)",
    },
    Knob {
        name: "pile_value",
        default: 1.0,
        doc: "1: weigh what the pile holds (meld points gained against the 3s it would leave stuck in hand); 0: take any pile of pile_min cards (the previous greedy)",
    },
    Knob {
        name: "horizon",
        default: 12.0,
        doc: "turns the seat expects to have left while nobody is on the foot (half once someone is, out_turns per partner once a partnership on the foot may go out; never more than the stock gives), for the pile's 3s",
    },
    Knob {
        name: "out_turns",
        default: 2.0,
        doc: "turns the seat counts on for shedding a pile's 3s once a partnership on the foot may go out, per partner it has (1 at 4 players, 2 at 6): 2 at 4 and 4 at 6 measured best by play-outs of each pile decision (tests_threes.rs); 1 is the previous rule at 6 players (2 turns there too)",
    },
    Knob {
        name: "pile_guard",
        default: 0.0,
        doc: "keep value added to a card whose rank the next seat (an opponent) is known to hold a natural pair of (a pile it took): discarding it hands it the pile; 0: off (measured no different at 100 to 1000)",
    },
    Knob {
        name: "three_turn",
        default: 0.0,
        doc: "points each 3 in a pile costs besides its penalty risk: the turn spent shedding it instead of a dead card (and going out that much later); 25 or more measured weaker (100: win rate 0.486 [0.473, 0.498] against 0): refused piles go to the opponents",
    },
    Knob {
        name: "three_weight",
        default: 0.2,
        doc: "weight of the expected penalty of 3s stuck in hand against the meld points a pile adds (0.2 measured best against greedy-prev: a pile is worth far more than the meld points counted; the full penalty, 1, measured weaker head to head against 0.2: win rate 0.494 [0.487, 0.501], 20,000 games)",
    },
];

/// The bots of Hand and Foot besides `random`.
pub static BOTS: &[Bot<HandAndFoot>] = &[Bot {
    name: "greedy",
    about: "takes the pile when it pays, opens early, cleans before dirtying, goes out when ahead",
    knobs: KNOBS,
    build: |p| Box::new(Greedy::new(p)),
}];

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    pile_min: usize,
    dirty_at: u8,
    out_margin: i32,
    pair_wild: bool,
    pile_value: bool,
    horizon: u32,
    out_turns: u32,
    pile_guard: i32,
    three_turn: f64,
    three_weight: f64,
    pair_first: bool,
    opp_open: i32,
    wild_booked: bool,
}

impl Greedy {
    /// The greedy bot with the knob values of `p` (defaults where `p` sets none).
    pub fn new(p: &Params) -> Greedy {
        Greedy {
            pile_min: p.knob(KNOBS, "pile_min").max(1.0) as usize,
            dirty_at: p.knob(KNOBS, "dirty_at").clamp(2.0, 6.0) as u8,
            out_margin: p.knob(KNOBS, "out_margin") as i32,
            pair_wild: p.knob(KNOBS, "pair_wild") > 0.5,
            pile_value: p.knob(KNOBS, "pile_value") > 0.5,
            horizon: p.knob(KNOBS, "horizon").clamp(1.0, 100.0) as u32,
            out_turns: p.knob(KNOBS, "out_turns").clamp(1.0, 100.0) as u32,
            pile_guard: p.knob(KNOBS, "pile_guard") as i32,
            three_turn: p.knob(KNOBS, "three_turn").max(0.0),
            three_weight: p.knob(KNOBS, "three_weight").max(0.0),
            pair_first: p.knob(KNOBS, "pair_first") > 0.5,
            opp_open: p.knob(KNOBS, "opp_open").clamp(-800.0, 800.0) as i32,
            wild_booked: p.knob(KNOBS, "wild_booked") > 0.5,
        }
    }
}

/// How good a packet is to hold: wilds and pairs help, 3s hurt.
fn packet_value(h: &CardCounts) -> i32 {
    let mut v = 30 * (melds::jokers(h) + melds::rank_count(h, 1)) as i32;
    for r in MELD_RANKS {
        let n = melds::rank_count(h, r) as i32;
        if n >= 2 {
            v += 10 * n;
        }
    }
    v - melds::rank_count(h, 2) as i32 * 20
}

/// One meld rank's share of [`Greedy::leftover_after`]: (lone cards, wild room, pairs)
/// for `n` naturals in hand beside the partnership's open meld of `mn` naturals and `mw`
/// wilds (`mn` 0: no open meld).
fn rank_share(n: i32, mn: u8, mw: u8) -> (i32, i32, i32) {
    if mn > 0 {
        (0, n + mn as i32 - 1 - mw as i32, 0)
    } else if n >= 3 {
        (0, n - 1, 0)
    } else if n == 2 {
        (0, 0, 1)
    } else {
        (n, 0, 0)
    }
}

/// The sums of [`rank_share`] over every meld rank of a hand and melds (before a step).
fn leftover_base(tl: &melds::Tally, m: &melds::Melds) -> (i32, i32, i32) {
    let mut sum = (0, 0, 0);
    for r in MELD_RANKS {
        let i = r as usize;
        let (lo, room, pairs) = rank_share(tl.ranks[i] as i32, m.nat[i], m.wild[i]);
        sum = (sum.0 + lo, sum.1 + room, sum.2 + pairs);
    }
    sum
}

/// A meld step's cards and kind: (cards melded, rank, wild kind); `None` for other actions.
#[inline]
fn step_parts(a: Action) -> Option<(i32, u8, u8)> {
    match a {
        Action::New { rank, wild } => Some((3, rank, wild)),
        Action::Add { rank, wild } => Some((1, rank, wild)),
        _ => None,
    }
}

/// The first step of highest value (above 0) in the legal walk's order, stopping once a
/// step reaches `cap` (no step is worth more); `first` gets the first legal step.
#[inline]
fn best_step(
    g: &HandAndFoot,
    tl: &melds::Tally,
    cap: i32,
    first: &mut Option<Action>,
    mut value: impl FnMut(Action) -> i32,
) -> Option<Action> {
    let (mut best, mut best_v) = (None, 0);
    g.each_meld(tl, |a| {
        first.get_or_insert(a);
        let s = value(a);
        debug_assert!(s <= cap, "a step above the bound");
        if s > best_v {
            (best, best_v) = (Some(a), s);
        }
        best_v < cap
    });
    best
}

/// Whether the seat's partnership has the natural books it needs to go out, counted
/// (13 ranks summed) the first time a step asks and kept for the decision.
struct BooksMet(Option<bool>);

impl BooksMet {
    #[inline]
    fn get(&mut self, v: &View) -> bool {
        *self.0.get_or_insert_with(|| {
            v.melds()[v.seat % 2].natural_books() >= v.rules().out_naturals as u32
        })
    }
}

impl Greedy {
    fn want_out(&self, v: &View) -> bool {
        let t = v.seat % 2;
        let table = |m: &melds::Melds| m.points + m.book_points();
        v.stock_len() < 12 || table(&v.melds()[t]) - table(&v.melds()[1 - t]) >= self.out_margin
    }

    /// The value of a meld step (0: not worth it now). Once the partnership has opened it
    /// is at most 100 ([`Greedy::opened_value`]), or 1101 when going out is wanted:
    /// [`Greedy::pick_meld`] stops at a step worth that much.
    fn step_value(
        &self,
        v: &View,
        tl: &melds::Tally,
        base: (i32, i32, i32),
        out: bool,
        a: Action,
    ) -> i32 {
        let t = v.seat % 2;
        let (opening, feet) = (!v.opened()[t], v.in_foot()[v.seat]);
        let (k, rank, wild) = match a {
            Action::New { rank, wild: 0 } => (3, rank, 0),
            Action::New { rank, wild } => (3, rank, wild),
            Action::Add { rank, wild } => (1, rank, wild),
            _ => return 0,
        };
        let left = tl.len as i32 - k;
        if feet && left < 2 && !out {
            return 0;
        }
        if feet && out && !opening {
            // Going out is wanted: steps that leave the fewest unmeldable cards first.
            let lo = Self::leftover_after(v, tl, base, a, rank, wild);
            return 1 + (1000 - 100 * lo).max(0) + self.opened_value(v, feet, left, a, rank);
        }
        if opening {
            return Self::opening_value(v, tl, a, rank, wild);
        }
        self.opened_value(v, feet, left, a, rank)
    }

    /// A step's value once the partnership has opened.
    fn opened_value(&self, v: &View, feet: bool, left: i32, a: Action, rank: u8) -> i32 {
        let m = &v.melds()[v.seat % 2];
        let i = rank as usize;
        // The natural books still needed, counted only when asked (13 ranks summed).
        let books_met = || m.natural_books() >= v.rules().out_naturals as u32;
        match a {
            Action::Add { wild: 0, .. } => 100,
            Action::New { wild: 0, .. } => 90,
            Action::Add { .. } if m.wild[i] > 0 => self.dirty_step(m, rank),
            Action::Add { .. } if m.nat[i] >= self.dirty_at || books_met() => 40,
            Action::New { .. } if self.pair_wild => self.pair_step(),
            _ if feet && left <= 1 => 20,
            _ => 0,
        }
    }

    /// The hand's tally and the partnership's melds after meld step `a` of `rank`.
    fn after_step(
        v: &View,
        tl: &melds::Tally,
        a: Action,
        rank: u8,
        wild: u8,
    ) -> (melds::Tally, melds::Melds) {
        let mut m = v.melds()[v.seat % 2];
        let mut tl = *tl;
        let nat = match a {
            Action::New { wild: 0, .. } => 3,
            Action::New { .. } => 2,
            Action::Add { wild: 0, .. } => 1,
            _ => 0,
        };
        for _ in 0..nat {
            m.add(rank, Card::from_index(rank));
            tl.ranks[rank as usize] -= 1;
        }
        if wild == melds::JOKER {
            m.add(rank, Card::JOKER);
            tl.jokers -= 1;
        } else if wild == melds::TWO {
            m.add(rank, Card::from_index(1));
            tl.ranks[1] -= 1;
        }
        (tl, m)
    }

    /// An opening step's value: the melds' points after it plus the most the rest of the
    /// hand could still add (so a step that spends a wild where it gains least, or a 2
    /// where the joker is needed, loses to one that keeps the opening in reach), ties
    /// broken by the step's own points.
    fn opening_value(v: &View, tl: &melds::Tally, a: Action, rank: u8, wild: u8) -> i32 {
        let (tl, m) = Self::after_step(v, tl, a, rank, wild);
        let reach = m.points + melds::extension_max(&tl, &m, v.rules().rebook);
        1 + 1000 * reach + m.points
    }

    /// Cards the hand could not meld after step `a` (3s, lone naturals, pairs without a
    /// wild, wilds without room): going out needs at most one (then discarded).
    /// Only the meld of `rank` changes, so the step is applied to copies of its counts
    /// (as [`melds::Melds::add`] would: a clean meld reaching 7 closes) and of the tally,
    /// and that rank's share replaces its share in `base` ([`leftover_base`] before it).
    #[inline]
    fn leftover_after(
        v: &View,
        tl: &melds::Tally,
        base: (i32, i32, i32),
        a: Action,
        rank: u8,
        wild: u8,
    ) -> i32 {
        let m = &v.melds()[v.seat % 2];
        let nat = match a {
            Action::New { wild: 0, .. } => 3,
            Action::New { .. } => 2,
            Action::Add { wild: 0, .. } => 1,
            _ => 0,
        };
        let k = rank as usize;
        let n = tl.ranks[k] as i32;
        let (mut nat_k, mut wild_k) = (m.nat[k] + nat as u8, m.wild[k]);
        // Wilds left in hand (a meld rank is never the 2s', so its naturals are not).
        let mut w = (tl.jokers + tl.ranks[1]) as i32;
        if wild == melds::JOKER || wild == melds::TWO {
            wild_k += 1;
            w -= 1;
        }
        if wild_k == 0 && nat_k == melds::BOOK {
            nat_k = 0;
        }
        let before = rank_share(n, m.nat[k], m.wild[k]);
        let after = rank_share(n - nat, nat_k, wild_k);
        let lo = tl.ranks[2] as i32 + base.0 - before.0 + after.0;
        let room = base.1 - before.1 + after.1;
        let pairs = base.2 - before.2 + after.2;
        let covered = w.min(pairs);
        lo + 2 * (pairs - covered) + (w - covered - room).max(0)
    }

    /// The best meld step worth making now (`None`: none is), walking the legal steps
    /// ([`HandAndFoot::each_meld`]) in list order, the first of equal values kept; also
    /// whether any step is legal and the first one listed.
    pub(super) fn pick_meld(
        &self,
        v: &View,
        tl: &melds::Tally,
    ) -> (Option<Action>, Option<Action>) {
        let t = v.seat % 2;
        let g = v.deal;
        let mut first = None;
        if !g.melds_listed() {
            return (None, None);
        }
        if !v.opened()[t]
            && v.melds()[t].points == 0
            && melds::opening_max(tl, v.rules().rebook) < v.minimum()[t]
        {
            g.each_meld(tl, |a| {
                first.get_or_insert(a);
                false
            });
            return (None, first);
        }
        let out = v.in_foot()[v.seat] && self.want_out(v);
        let best = if !v.opened()[t] {
            // Opening: no bound (the reach of the opening decides).
            best_step(g, tl, i32::MAX, &mut first, |a| {
                self.step_value(v, tl, (0, 0, 0), out, a)
            })
        } else if out {
            // On the foot, going out wanted: at most 1101.
            let base = leftover_base(tl, &v.melds()[t]);
            let mut books = BooksMet(None);
            best_step(g, tl, 1101, &mut first, |a| {
                let Some((k, rank, wild)) = step_parts(a) else {
                    return 0;
                };
                let left = tl.len as i32 - k;
                let lo = Self::leftover_after(v, tl, base, a, rank, wild);
                1 + (1000 - 100 * lo).max(0) + self.opened_step(v, true, left, a, rank, &mut books)
            })
        } else {
            // Opened, not going out: at most 100 (a natural added).
            let feet = v.in_foot()[v.seat];
            let mut books = BooksMet(None);
            best_step(g, tl, 100, &mut first, |a| {
                let Some((k, rank, _)) = step_parts(a) else {
                    return 0;
                };
                let left = tl.len as i32 - k;
                if feet && left < 2 {
                    return 0;
                }
                self.opened_step(v, feet, left, a, rank, &mut books)
            })
        };
        (best, first)
    }

    /// The value of a meld started from a natural pair and a wild once opened (with
    /// `pair_wild`): 70 with `pair_first`, above every wild put on an open meld (60 at
    /// most) and below the natural steps (90, 100); 30 without, below them all.
    #[inline]
    pub(super) fn pair_step(&self) -> i32 {
        if self.pair_first { 70 } else { 30 }
    }

    /// The value of a wild added to the dirty meld of `rank` in `m`: 60, or with
    /// `wild_booked` 35 once the meld is a book (after a clean meld's 40, before a pair's
    /// 30 without `pair_first`).
    #[inline]
    pub(super) fn dirty_step(&self, m: &melds::Melds, rank: u8) -> i32 {
        if self.wild_booked && m.is_book(rank) {
            35
        } else {
            60
        }
    }

    /// [`Greedy::opened_value`] with the natural books' check counted at most once per
    /// decision.
    #[inline]
    fn opened_step(
        &self,
        v: &View,
        feet: bool,
        left: i32,
        a: Action,
        rank: u8,
        books: &mut BooksMet,
    ) -> i32 {
        let m = &v.melds()[v.seat % 2];
        let i = rank as usize;
        match a {
            Action::Add { wild: 0, .. } => 100,
            Action::New { wild: 0, .. } => 90,
            Action::Add { .. } if m.wild[i] > 0 => self.dirty_step(m, rank),
            Action::Add { .. } if m.nat[i] >= self.dirty_at || books.get(v) => 40,
            Action::New { .. } if self.pair_wild => self.pair_step(),
            _ if feet && left <= 1 => 20,
            _ => 0,
        }
    }
}

impl Strategy<HandAndFoot> for Greedy {
    fn act(&mut self, v: &View<'_>, _legal: &[Action], _rng: &mut GameRng) -> Action {
        match v.phase() {
            Phase::Pass => {
                let other = v.other_packet().expect("two packets");
                Action::Pass(u8::from(packet_value(v.hand()) >= packet_value(other)))
            }
            Phase::Choose => {
                let other = v.other_packet().expect("a received packet");
                Action::Keep(packet_value(v.hand()) >= packet_value(other))
            }
            Phase::Draw => {
                // Legal per the rules (`legal_draw`), read from public facts of the deal.
                let g = v.deal;
                let top_wild = v.top().is_some_and(melds::is_wild);
                if v.pile_len() >= self.pile_min
                    && g.can_take_pile()
                    && (!self.pile_value || self.pile_pays(v))
                {
                    Action::TakePile
                } else if top_wild && g.first_turn && v.rules().upcard && v.pile_len() == 1 {
                    Action::TakeUpcard
                } else {
                    Action::Draw
                }
            }
            _ => {
                let tl = melds::tally(v.hand());
                let (best, first) = self.choose_meld(v, &tl);
                if let Some(a) = best {
                    return a;
                }
                // Once opened no `Retract` is listed, whatever the meld steps.
                let any = first.is_some_and(|f| f.is_some());
                let (retract, discards) = v.deal.meld_phase_rest(&tl, any);
                if retract && !discards {
                    return Action::Retract;
                }
                if discards && let Some(a) = self.pick_discard(v, &tl) {
                    return a;
                }
                // No discard is legal: the first legal action (as the list would give).
                let first = first.unwrap_or_else(|| pick::first_step(v, &tl));
                first.unwrap_or(Action::Retract)
            }
        }
    }

    /// Greedy decides from its view (the legal moves it needs are public facts it reads
    /// through the view): the runner skips listing them.
    fn reads_legal(&self) -> bool {
        false
    }
}

#[path = "greedy_pick.rs"]
mod pick;
#[path = "greedy_pile.rs"]
mod pile;
#[cfg(test)]
pub(super) use pile::PileTerms;

#[cfg(test)]
#[path = "tests_fast.rs"]
mod tests_fast;
