//! Greedy's fast paths against the slow references they replaced, over many positions of
//! deals played by greedy with random moves mixed in (every phase, both partnerships on
//! and off the foot, going out wanted or not): the hand's tally, the masked walk of the
//! legal meld steps (whole and stopped early), the meld pick split by case and the books
//! counted a word at a time.

use super::*;
use crate::game::{ActionList, Game, Rules, Table};
use crate::games::hand_and_foot::HfRules;
use crate::sim::deal_rngs;

/// The pick as it was before its walks were split by case (the reference).
trait Reference {
    fn pick_meld_by_step(&self, v: &View, tl: &melds::Tally) -> (Option<Action>, Option<Action>);
    fn keep_value(&self, v: &View, tl: &melds::Tally, c: Card) -> i32;
    fn pick_discard_walk(&self, v: &View, tl: &melds::Tally) -> Option<Action>;
    fn meld_phase_walk(&self, v: &View) -> Action;
}

impl Reference for Greedy {
    /// How much the seat wants to keep `c` (the lowest is discarded).
    fn keep_value(&self, v: &View, tl: &melds::Tally, c: Card) -> i32 {
        if melds::is_wild(c) {
            return 500;
        }
        let r = c.rank().index();
        if r == 2 {
            return if c.suit().is_red() { -1000 } else { -900 };
        }
        let t = v.seat % 2;
        let n = tl.ranks[r as usize] as i32;
        let mut k = 30 * (n - 1) + melds::card_value(c);
        if v.melds()[t].is_open(r) {
            k += 40;
        }
        if v.melds()[1 - t].is_open(r) {
            k += self.opp_open;
        }
        if self.pile_guard != 0 && melds::rank_count(&v.known()[(v.seat + 1) % v.players()], r) >= 2
        {
            k += self.pile_guard;
        }
        k
    }

    /// The legal discard the seat least wants to keep (the first of equal values, in the
    /// legal list's order), card by card through the game's listing: the reference of
    /// [`Greedy::pick_discard`].
    fn pick_discard_walk(&self, v: &View, tl: &melds::Tally) -> Option<Action> {
        let mut best = None;
        let mut best_k = i32::MAX;
        v.deal.each_discard(tl, |c| {
            let k = self.keep_value(v, tl, c);
            if k < best_k {
                (best, best_k) = (Some(Action::Discard(c)), k);
            }
        });
        best
    }

    /// The meld phase's decision with every step valued through the walk
    /// ([`Greedy::pick_meld`]) and the discard through the listing: the reference of
    /// `act`'s meld phase.
    fn meld_phase_walk(&self, v: &View) -> Action {
        let tl = melds::tally(v.hand());
        let (best, first) = self.pick_meld(v, &tl);
        if let Some(a) = best {
            return a;
        }
        let (retract, discards) = v.deal.meld_phase_rest(&tl, first.is_some());
        if retract && !discards {
            return Action::Retract;
        }
        if discards && let Some(a) = self.pick_discard_walk(v, &tl) {
            return a;
        }
        first.unwrap_or(Action::Retract)
    }

    /// [`Greedy::pick_meld`] as it was before its walks were split by case: every step
    /// valued by [`Greedy::step_value`] (the reference the split walks are tested against).
    fn pick_meld_by_step(&self, v: &View, tl: &melds::Tally) -> (Option<Action>, Option<Action>) {
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
            g.each_meld_by_rank(tl, |a| {
                first.get_or_insert(a);
                false
            });
            return (None, first);
        }
        let mut best = None;
        let mut best_v = 0;
        let out = v.in_foot()[v.seat] && self.want_out(v);
        let base = if out && v.opened()[t] {
            leftover_base(tl, &v.melds()[t])
        } else {
            (0, 0, 0)
        };
        let cap = if !v.opened()[t] {
            i32::MAX
        } else if out {
            1101
        } else {
            100
        };
        g.each_meld_by_rank(tl, |a| {
            first.get_or_insert(a);
            let s = self.step_value(v, tl, base, out, a);
            assert!(s <= cap, "a step above the bound");
            if s > best_v {
                (best, best_v) = (Some(a), s);
            }
            best_v < cap
        });
        (best, first)
    }
}

fn bots() -> Vec<Greedy> {
    let knobs: [&[(&str, f64)]; 7] = [
        &[],
        &[("pair_wild", 0.0)],
        &[("dirty_at", 2.0), ("out_margin", 300.0)],
        &[("out_margin", -5000.0), ("dirty_at", 6.0)],
        &[("out_margin", 5000.0)],
        &[("pile_guard", -2000.0), ("dirty_at", 3.0)],
        &[("pile_guard", 40.0)],
    ];
    knobs
        .iter()
        .map(|k| {
            let p = Params::new(k.iter().map(|&(n, x)| (n.to_string(), x)).collect());
            Greedy::new(&p)
        })
        .collect()
}

/// Every step of the walk, stopping after `stop` steps (all when `None`).
fn walk(g: &HandAndFoot, tl: &melds::Tally, stop: Option<usize>, masked: bool) -> Vec<Action> {
    let mut out = Vec::new();
    let f = |a| {
        out.push(a);
        stop.is_none_or(|k| out.len() < k)
    };
    if masked {
        g.each_meld(tl, f);
    } else {
        g.each_meld_by_rank(tl, f);
    }
    out
}

fn check_position(g: &HandAndFoot, bots: &[Greedy]) -> usize {
    for s in 0..g.players {
        for h in [&g.hands[s], &g.feet[s], &g.recv[s]] {
            assert_eq!(melds::tally(h), melds::tally_by_card(h));
        }
    }
    for m in &g.melds {
        let books: u32 = m.nat_books.iter().map(|&n| n as u32).sum();
        assert_eq!(m.natural_books(), books);
        assert_eq!(m.unnatural_books(), m.unnatural_books_by_rank());
    }
    if g.phase != Phase::Meld {
        return 0;
    }
    let tl = melds::tally(&g.hands[g.seat]);
    let all = walk(g, &tl, None, false);
    assert_eq!(walk(g, &tl, None, true), all, "the masked walk at {g:?}");
    for k in 1..=all.len() {
        assert_eq!(walk(g, &tl, Some(k), true), all[..k], "stopped after {k}");
    }
    let v = g.view(g.seat);
    for m in &g.melds {
        assert_eq!(
            melds::leftover_sums(&tl, m),
            leftover_base(&tl, m),
            "at {g:?}"
        );
        for dirty_at in 2..=6 {
            for rebook in [false, true] {
                assert_eq!(
                    melds::step_masks(&tl, m, rebook, dirty_at),
                    melds::step_masks_by_rank(&tl, m, rebook, dirty_at),
                    "the step masks at {g:?}"
                );
            }
        }
    }
    let mut rng = GameRng::new(0, 0);
    for b in bots {
        assert_eq!(
            b.pick_meld(&v, &tl),
            b.pick_meld_by_step(&v, &tl),
            "{b:?} at {g:?}"
        );
        let mut fast = *b;
        assert_eq!(
            fast.act(&v, &[], &mut rng),
            b.meld_phase_walk(&v),
            "{b:?}'s meld phase at {g:?}"
        );
        if g.meld_phase_rest(&tl, false).1 {
            assert_eq!(
                b.pick_discard(&v, &tl),
                b.pick_discard_walk(&v, &tl),
                "{b:?}'s discard at {g:?}"
            );
        }
    }
    1
}

#[test]
fn fast_paths_match_their_references() {
    let bots = bots();
    let mut buf = ActionList::new();
    let mut checked = 0;
    for (players, rebook) in [(4, true), (6, true), (4, false)] {
        let mut rules = HfRules::default();
        if !rebook {
            rules.set("rebook", "off").unwrap();
            rules.set("out_naturals", "1").unwrap();
        }
        for i in 0..60u64 {
            let mut rngs = deal_rngs(11, i, 0);
            let mut g = HandAndFoot::deal(&rules, &Table::first(players), &mut rngs.deal);
            let bot = bots[i as usize % bots.len()];
            while let Some(seat) = g.to_act() {
                checked += check_position(&g, &bots);
                g.legal_actions(&mut buf);
                let a = if rngs.play.below(4) == 0 {
                    buf[rngs.play.index(buf.len())]
                } else {
                    let mut b = bot;
                    b.act(&g.view(seat), &buf, &mut rngs.play)
                };
                g.apply(a);
            }
        }
    }
    assert!(checked > 10_000, "only {checked} meld positions");
}
