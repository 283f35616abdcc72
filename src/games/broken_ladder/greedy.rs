//! `greedy`: lays down whenever it can; otherwise it keeps the five cards closest to a valid
//! hand, takes the discard when that brings it closer, and discards the card helping least.
//!
//! The measure of a five-card hand (higher is closer):
//! - a valid hand: [`VALID`] plus the points term (it is never broken up);
//! - otherwise `outs * outs_weight - |need| * need_weight + points * points_weight`, where
//!   `need` is Head - Starter - signed sum, and `outs` counts the single replacements that
//!   make the hand valid: over each hand card `c` (by position), the unseen copies of cards
//!   with signed value `need + signed(c)` (the rank limit respected). Unseen = the shoe minus
//!   the Head, the Starters, the own hand and the whole discard pile; other hands and the
//!   stock are unknown to it, so those copies count as possible.
//!
//! At the start of a turn it takes the discard when the best hand it could keep with it beats
//! the current hand by more than `take_margin` and (knob `two_draws`, on by default;
//! [`super::take`]) when its chance of completing within
//! two draws beats the stock's, the measure deciding where neither can; otherwise it draws
//! from the stock. After a
//! draw it discards the card whose removal leaves the best measure (the card taken from the
//! discard pile may be put back when the rules allow and nothing is better).
//!
//! A discard right after taking the top measures the same six cards, with the same unseen
//! cards, as the draw decision did (the top left the public cards for the hand): the bot
//! keeps the draw decision's measures with everything they depend on and reuses them.

use super::scoring::{Hand, is_valid, number, over_limit, rank_bit, signed};
use super::state::{Action, BrokenLadder, Phase, ValueCounts};
use super::take::{hand_outs, keep_outs, two_draw_choice};
use super::view::View;
use crate::cards::{Card, GameRng};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The measure of a valid hand (far above any other).
pub const VALID: f64 = 1e6;

/// Greedy's knobs.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "outs_weight",
        default: 1.0,
        doc: "value of one unseen card that would complete the hand",
    },
    Knob {
        name: "need_weight",
        default: 0.05,
        doc: "cost per point between the hand's sum and the target",
    },
    Knob {
        name: "points_weight",
        default: 0.02,
        doc: "value per point of unsigned card value held (loser points)",
    },
    Knob {
        name: "take_margin",
        default: 0.0,
        doc: "how much better the discard must make the hand to be taken",
    },
    Knob {
        name: "distinct_outs",
        default: 1.0,
        doc: "1: outs count distinct cards (two 7s need the same card: counted once); 0: once per hand card",
    },
    Knob {
        name: "stock_weight",
        default: 1.0,
        doc: "a take that does not complete must gain this many times the outs a stock draw has now (0: off)",
    },
    Knob {
        name: "two_draws",
        default: 1.0,
        doc: "1: a take the measure wants must beat the stock's chance to complete within two draws (when both are 0 the measure decides); 0: the measure alone",
    },
];

/// The bots of Broken Ladder (besides `random`).
pub const BOTS: &[Bot<BrokenLadder>] = &[Bot {
    name: "greedy",
    about: "lays down when valid; keeps the cards with most single-card completions; takes the discard when it helps",
    knobs: KNOBS,
    build: build_greedy,
}];

fn build_greedy(p: &Params) -> Box<dyn Strategy<BrokenLadder>> {
    Box::new(Greedy::new(p))
}

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    outs_weight: f64,
    need_weight: f64,
    points_weight: f64,
    take_margin: f64,
    distinct: bool,
    stock_weight: f64,
    /// The check of the measure's takes over two draws ([`super::take`]).
    two_draws: bool,
    /// The last measures of a draw decision, and all they were worked out from.
    memo: Option<(MemoKey, [f64; 6])>,
    /// The unseen cards of the decision at hand ([`fill_unseen`]: only the card range is
    /// ever written, so the rest stays zero).
    unseen: Unseen,
    /// The cards that may come off the stock ([`super::take::fill_pool`]; the same layout).
    pool: Unseen,
}

/// Everything [`Greedy::measures`] reads besides the knobs: equal keys, equal measures. The
/// unseen cards are the shoe less `public` and `hand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MemoKey {
    hand: Hand,
    head: Card,
    starter: Card,
    public: ValueCounts,
    packs: u8,
    limit: Option<u8>,
}

impl MemoKey {
    /// The key of measuring the six cards `hand` in `v`, where `up` is the one of them that
    /// is still public (the discard's top, at the draw decision): the unseen cards are the
    /// same as once it is in the hand and no longer public.
    fn of(v: &View<'_>, hand: &Hand, up: Option<Card>) -> MemoKey {
        let mut public = *v.public_values;
        if let Some(c) = up {
            public[(signed(c) + 13) as usize & 31] -= 1;
        }
        MemoKey {
            hand: *hand,
            head: v.head,
            starter: v.starters[v.seat],
            public,
            packs: v.packs,
            limit: v.rank_limit,
        }
    }
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new(&Params::default())
    }
}

/// Unseen copies per signed value (index `value + MID`, zero off the card range).
pub(super) type Unseen = [i8; 256];

impl Greedy {
    /// The greedy bot with the knob values of `p` (defaults where `p` sets none).
    pub fn new(p: &Params) -> Greedy {
        Greedy {
            outs_weight: p.knob(KNOBS, "outs_weight"),
            need_weight: p.knob(KNOBS, "need_weight"),
            points_weight: p.knob(KNOBS, "points_weight"),
            take_margin: p.knob(KNOBS, "take_margin"),
            distinct: p.knob(KNOBS, "distinct_outs") >= 0.5,
            stock_weight: p.knob(KNOBS, "stock_weight"),
            two_draws: p.knob(KNOBS, "two_draws") >= 0.5,
            memo: None,
            unseen: [0; 256],
            pool: [0; 256],
        }
    }

    /// The measure of the five cards left when each card of the six-card `hand` is
    /// discarded (entry `j`: discard `hand[j]`). The single replacements are counted per
    /// pair: discarding `j` and replacing `i` needs a card of value `need6 + s[i] + s[j]`
    /// fitting beside the other four, which is symmetric in `i` and `j`, so each of the 15
    /// pairs is looked up once.
    pub(super) fn measures(&self, v: &View<'_>, unseen: &Unseen, hand: &Hand) -> [f64; 6] {
        self.measures_outs(v, unseen, hand).0
    }

    /// [`Greedy::measures`] and the outs of each five it measured.
    #[inline]
    fn measures_outs(&self, v: &View<'_>, unseen: &Unseen, hand: &Hand) -> ([f64; 6], [i32; 6]) {
        let cards: &[Card; 6] = hand.as_slice().try_into().expect("a six-card hand");
        let s: [i32; 6] = cards.map(signed);
        let rb: [u64; 6] = cards.map(rank_bit);
        let need6 = number(v.head) - number(v.starters[v.seat]) - s.iter().sum::<i32>();
        let rc6: u64 = rb.iter().sum();
        let limit = v.rank_limit;
        // With `distinct_outs`, a hand card whose signed value an earlier card already has
        // needs the same replacement: it adds no outs.
        let outs = keep_outs(unseen, limit, self.distinct, &s, &rb, need6);
        let points: i32 = s.iter().map(|x| x.abs()).sum();
        let mut m = [0.0; 6];
        for j in 0..6 {
            let need = need6 + s[j];
            let pts = (points - s[j].abs()) as f64 * self.points_weight;
            m[j] = if need == 0 && limit.is_none_or(|l| !over_limit(rc6 - rb[j], l)) {
                VALID + pts
            } else {
                outs[j] as f64 * self.outs_weight - need.abs() as f64 * self.need_weight + pts
            };
        }
        (m, outs)
    }

    /// The card of the six-card `hand` whose discard leaves the best measure (first on ties),
    /// never `forbid`.
    fn best_discard(&mut self, v: &View<'_>, hand: &Hand, forbid: Option<Card>) -> Card {
        let m = match self.memo {
            Some((key, m)) if v.taken.is_some() && key == MemoKey::of(v, hand, None) => {
                debug_assert_eq!(m, self.measures(v, &unseen(v), hand));
                m
            }
            _ => {
                fill_unseen(v, &mut self.unseen);
                self.measures(v, &self.unseen, hand)
            }
        };
        let mut best = (f64::NEG_INFINITY, hand.as_slice()[0]);
        for (j, &c) in hand.as_slice().iter().enumerate() {
            if Some(c) != forbid && m[j] > best.0 {
                best = (m[j], c);
            }
        }
        best.1
    }

    /// The start of a turn: lays down a valid hand, else draws (the discard pile is never
    /// empty at the start of a turn, so both draws are always legal).
    fn start(&mut self, v: &View<'_>) -> Action {
        if is_valid(v.head, v.starters[v.seat], v.hand, v.rank_limit) {
            return Action::LayDown;
        }
        let Some(&top) = v.discard.last() else {
            return Action::DrawStock;
        };
        // Six cards with the top: discarding the top again is the current hand.
        let mut with_top = *v.hand;
        with_top.push(top);
        fill_unseen(v, &mut self.unseen);
        let unseen = &self.unseen;
        let (m, outs) = self.measures_outs(v, unseen, &with_top);
        self.memo = Some((MemoKey::of(v, &with_top, Some(top)), m));
        let mut now = m[5];
        let mut hand_outs = None;
        // A stock draw may complete the hand now; a take that does not complete cannot.
        if self.stock_weight != 0.0 && now < VALID {
            let o = outs_now(v, unseen, self.distinct);
            hand_outs = Some(o);
            now += self.stock_weight * self.outs_weight * o as f64;
        }
        let best = with_top
            .as_slice()
            .iter()
            .zip(m)
            .filter(|&(&c, _)| c != top)
            .map(|(_, x)| x);
        let best = best.fold(f64::NEG_INFINITY, f64::max);
        let measure_takes = best >= VALID || best > now + self.take_margin;
        let take = if best >= VALID || !self.two_draws || !measure_takes {
            measure_takes
        } else {
            // The outs worked out above, when they are the ones the rule counts.
            let counted = match hand_outs {
                Some(o) if self.distinct => {
                    Some((o, outs[..5].iter().copied().max().expect("five keeps")))
                }
                _ => None,
            };
            two_draw_choice(v, &self.unseen, &mut self.pool, top, counted).unwrap_or(true)
        };
        if take {
            Action::DrawDiscard
        } else {
            Action::DrawStock
        }
    }
}

/// Table offset: signed value `v` sits at index `v + MID`. Every sum the bot looks up is
/// within ±116 (Head - Starter ±12, six cards ±78, two cards ±26), so 256 entries cover
/// them all and the lookups need no bounds test.
pub(super) const MID: i32 = 128;

/// The packed rank-count bit of a card of signed value `index - MID` (0 off the card range).
pub(super) const VALUE_RANK_BIT: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut v = 1;
    while v <= 13 {
        t[(MID + v) as usize] = 1 << (4 * (v - 1));
        t[(MID - v) as usize] = 1 << (4 * (v - 1));
        v += 1;
    }
    t
};

/// Unseen cards of signed value `s` that fit beside the four cards counted in `rc4`.
#[inline]
pub(super) fn outs_for(unseen: &Unseen, limit: Option<u8>, s: i32, rc4: u64) -> i32 {
    let idx = (s + MID) as usize & 255;
    match limit {
        Some(l) if over_limit(rc4 + VALUE_RANK_BIT[idx], l) => 0,
        _ => unseen[idx] as i32,
    }
}

/// The unseen cards that would complete the seat's five-card hand in one swap: its outs
/// now (each hand card's replacement value once, or once per distinct value when
/// `distinct`).
fn outs_now(v: &View<'_>, unseen: &Unseen, distinct: bool) -> i32 {
    let cards: &[Card; 5] = v.hand.as_slice().try_into().expect("a five-card hand");
    let need = super::need(v.head, v.starters[v.seat], v.hand);
    let (h, hb) = (cards.map(signed), cards.map(rank_bit));
    hand_outs(unseen, v.rank_limit, distinct, &h, &hb, need)
}

/// Unseen copies per signed value for this seat: the shoe less every face-up card and the
/// seat's own hand; zero off the card range.
pub(super) fn unseen(v: &View<'_>) -> Unseen {
    let mut u = [0i8; 256];
    fill_unseen(v, &mut u);
    u
}

/// [`unseen`] into `u`, writing only the card range (the rest of `u` must be zero).
#[inline]
pub(super) fn fill_unseen(v: &View<'_>, u: &mut Unseen) {
    let base = 2 * v.packs as i8;
    let lo = (MID - 13) as usize;
    for (x, &seen) in u[lo..lo + 27].iter_mut().zip(v.public_values.iter()) {
        *x = base - seen as i8;
    }
    u[MID as usize] = 0;
    for &c in v.hand.as_slice() {
        u[(signed(c) + MID) as usize] -= 1;
    }
}

impl Strategy<BrokenLadder> for Greedy {
    /// Its moves are read off the view: laying down when the hand is valid, either draw,
    /// and any card in hand but the one just taken when `rediscard` is off.
    fn reads_legal(&self) -> bool {
        false
    }

    fn act(&mut self, v: &View<'_>, _legal: &[Action], _rng: &mut GameRng) -> Action {
        match v.phase {
            Phase::Start => self.start(v),
            _ => {
                let forbid = v.taken.filter(|_| !v.rediscard());
                Action::Discard(self.best_discard(v, v.hand, forbid))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::game::Table;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn unseen_counts_and_outs_by_hand() {
        // Two players, one pack. Dealt: Head 5S, Starters 7D (seat 0) 3D (seat 1), upcard 2H.
        let mut deck = cards("5S 3D 7D");
        for (a, b) in cards("AC 3S 3C 4H 9D")
            .into_iter()
            .zip(cards("KC QD QH 9S 8C"))
        {
            deck.extend([a, b]);
        }
        deck.extend(cards("2H"));
        let s = BrokenLadder::from_deck(&Default::default(), &Table::first(2), &deck);
        let v = crate::game::Game::view(&s, 0);
        let u = unseen(&v);
        let at = |x: i32| u[(x + MID) as usize];
        // Value +12: QD and QH both in seat 0's hand; -5: 5S is the Head; +2: 2H is up.
        assert_eq!(
            (at(12), at(-5), at(2), at(7), at(-13), at(1), at(0), at(40)),
            (0, 1, 1, 1, 1, 2, 0, 0)
        );
        // Seat 1 (Starter 3, Head 5) holds AC 3S 3C 4H 9D (+6): it needs -4. With the 2H up
        // added, discarding 2H (entry 5) leaves the hand as it is. Replacing 9D needs +5
        // (5D, 5H: 2 unseen), 4H needs 0 (none), AC needs -5 (5S is the Head: 5C, 1),
        // 3S needs -7 (7C, 7S: 2), 3C the same (2): 7 outs counted per hand card, 5
        // distinct cards (7C and 7S once); gap 4, 20 points.
        let v = crate::game::Game::view(&s, 1);
        let mut six = *v.hand;
        six.push("2H".parse().unwrap());
        let pts = 20.0 * 0.02;
        let prev = Greedy {
            distinct: false,
            ..Greedy::default()
        };
        for (g, expect) in [(prev, 2 + 1 + 2 + 2), (Greedy::default(), 2 + 1 + 2)] {
            let m = g.measures(&v, &unseen(&v), &six);
            assert!(
                (m[5] - (expect as f64 - 4.0 * 0.05 + pts)).abs() < 1e-9,
                "{m:?}"
            );
        }
        assert_eq!(
            (
                outs_now(&v, &unseen(&v), false),
                outs_now(&v, &unseen(&v), true)
            ),
            (7, 5)
        );
    }
}
