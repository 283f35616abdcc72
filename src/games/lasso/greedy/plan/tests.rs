//! The planner's shortcuts against the plain computations they stand for, over the positions
//! of whole greedy deals: bit for bit, so that play cannot change.

use super::quick::Flat;
use super::stock::Prep;
use super::{Hand, Plan};
use crate::cards::{Card, CardSet, GameRng};
use crate::game::{ActionList, Game, Rules, Table};
use crate::games::lasso::greedy::Greedy;
use crate::games::lasso::greedy::eval::pairs;
use crate::games::lasso::rules::LassoRules;
use crate::games::lasso::scoring::{hand_penalty, has_set};
use crate::games::lasso::state::{Action, Lasso, Phase, SLOTS};
use crate::strategy::{Params, Strategy};

#[test]
fn flat_hands_less_a_card_or_two_match_their_counts() {
    let mut rng = GameRng::new(7, 7);
    let mut checked = 0;
    for i in 0..5_000 {
        let mut deck: Vec<Card> = Card::all52().collect();
        rng.shuffle(&mut deck);
        let hand: CardSet = deck[..1 + rng.index(14)].iter().copied().collect();
        let ace = [22, 2, 11][i % 3];
        let Some(f) = Flat::of(hand, ace) else {
            assert!(has_set(hand));
            continue;
        };
        checked += 1;
        for c in hand {
            for d in hand {
                let gone = CardSet::from_card(c).with(d); // one card when d == c
                let rest = hand - gone;
                assert_eq!(
                    f.less(gone),
                    (pairs(rest), hand_penalty(rest, ace)),
                    "{hand}"
                );
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
}

/// Plays greedy deals (default knobs) and calls `f` with each pick-up a greedy seat decides.
fn each_pickup(rules: &LassoRules, players: usize, deals: u64, mut f: impl FnMut(&Lasso, usize)) {
    let params = Params::default();
    each_pickup_with(rules, &params, players, 40..40 + deals, |g, seat, _| {
        f(g, seat)
    });
}

#[test]
fn stock_pickup_costs_and_quick_set_steps_match_the_plain_ones() {
    let mut rules = [LassoRules::default(); 3];
    rules[1].set("mismatch_points", "0").unwrap();
    rules[2].set("empty_stock", "reshuffle").unwrap();
    rules[2].set("lasso", "off").unwrap();
    let g = Greedy::default();
    let mut stocks = 0;
    for (i, r) in rules.iter().enumerate() {
        each_pickup(r, 2 + i, 60, |state, seat| {
            let v = state.view(seat);
            let plan = Plan::new(&g, &v, None, [None; 3]);
            let plain = Plan::new(&g, &v, None, [None; 3]);
            // the least cost of a card on the table, from masks and pile by pile; the
            // mismatch chance of one card, from counts
            for c in Card::all52() {
                assert_eq!(plan.miss_one(c).to_bits(), plain.miss([c]).to_bits());
                let piles = (0..SLOTS).filter(|&p| plan.tops.top[p].is_some());
                let least = piles.fold(f32::MAX, |x, p| x.min(plain.pile_cost(&plan.tops, c, p)));
                assert_eq!(plan.least_cost(&plan.costs, c).to_bits(), least.to_bits());
            }
            // the set step of the hand less a card or two, from the hand's numbers
            let h = plan.hand();
            for c in h.cards {
                for d in h.cards {
                    let gone = CardSet::from_card(c).with(d);
                    let quick = plan.sets_less(h, plan.own(), gone);
                    let full = plain.sets(h.less(gone), plain.left);
                    assert_eq!((quick.0.to_bits(), quick.1), (full.0.to_bits(), full.1));
                }
            }
            // the stock: the mean over the unseen cards of the best discard step after each
            if !plan.live || plan.unseen.is_empty() {
                return;
            }
            stocks += 1;
            let fast = plan.stock_ev(h);
            let mut sum = 0.0;
            for x in plain.unseen {
                let hx = Hand {
                    cards: h.cards.with(x),
                    pile: false,
                    ..h
                };
                sum += plain.best_discard_plain(hx);
            }
            let mean = sum / plain.unseen.len() as f32;
            assert_eq!(fast.to_bits(), mean.to_bits(), "{}", state.render());
        });
    }
    assert!(stocks > 200, "{stocks}");
}

impl Plan<'_> {
    /// `best_discard` on the decision's table, every hand's set step worked out by `sets`.
    fn best_discard_plain(&self, h: Hand) -> f32 {
        let ace = self.g.ace(self.v);
        self.best_discard_with(
            h,
            &self.tops,
            |gone| self.sets(h.less(gone), self.left),
            || (self.sets(h, self.left), self.g.value(h.cards, ace)),
        )
    }
}

/// Plays greedy deals (knobs `params`, one per seed) and calls `f` with each pick-up a
/// greedy seat decides, and its bot.
fn each_pickup_with(
    rules: &LassoRules,
    params: &Params,
    players: usize,
    seeds: std::ops::Range<u64>,
    mut f: impl FnMut(&Lasso, usize, &Greedy),
) {
    let mut list = ActionList::new();
    for seed in seeds {
        let mut rng = GameRng::new(seed, players as u64);
        let mut g = Lasso::deal(rules, &Table::first(players), &mut rng);
        let mut bots = vec![Greedy::new(params); players];
        for (s, b) in bots.iter_mut().enumerate() {
            b.begin_deal(s);
        }
        while let Some(seat) = g.to_act() {
            g.legal_actions(&mut list);
            if g.phase == Phase::Pickup && list.len() > 1 {
                f(&g, seat, &bots[seat]);
            }
            let a = if list.len() == 1 {
                list[0]
            } else {
                bots[seat].act(&g.view(seat), &list, &mut rng)
            };
            g.apply(a);
        }
    }
}

/// Greedy's knobs, the named ones set and the rest at their defaults.
fn knobs(v: &[(&str, f64)]) -> Params {
    Params::new(v.iter().map(|(n, x)| (n.to_string(), *x)).collect())
}

#[test]
fn stock_bounds_bracket_the_exact_mean_and_decide_as_it_does() {
    let mut rules = [LassoRules::default(); 4];
    rules[1].set("mismatch_points", "40").unwrap();
    rules[1].set("ace_in_hand", "2").unwrap();
    rules[2].set("sets_per_turn", "3").unwrap();
    rules[2].set("empty_stock", "reshuffle").unwrap();
    rules[3].set("mismatch_penalty", "off").unwrap();
    rules[3].set("lasso", "off").unwrap();
    let params = [
        Params::default(),
        knobs(&[("penalty_weight", 0.8), ("bluff_margin", 100.0)]),
        knobs(&[
            ("bluff_risk", 0.5),
            ("bluff_margin", 0.0),
            ("progress", 0.3),
        ]),
        knobs(&[
            ("set_weight", 1.7),
            ("penalty_weight", -0.25),
            ("draw_cost", -3.0),
        ]),
    ];
    let (mut bounded, mut bounded_one, mut decided, mut takes) = (0, 0, 0, 0);
    let mut coarse = 0;
    for (i, r) in rules.iter().enumerate() {
        for (j, k) in params.iter().enumerate() {
            let players = 2 + (i + j) % 3;
            each_pickup_with(r, k, players, 90..115, |state, seat, g| {
                let v = state.view(seat);
                let exact_plan = Plan::new(g, &v, None, [None; 3]);
                let h = Hand {
                    pile: false,
                    ..exact_plan.hand()
                };
                if !exact_plan.live || exact_plan.unseen.is_empty() || h.cards.len() > 12 {
                    return;
                }
                let exact = exact_plan.stock_ev(exact_plan.hand());
                // the coarse bracket holds the exact mean too
                let plan = Plan::new(g, &v, None, [None; 3]);
                let edges = plan.coarse_bracket().map_or([0.0; 4], |(lo, hi)| {
                    coarse += 1;
                    assert!(lo <= exact && exact <= hi, "coarse {lo} {exact} {hi}");
                    [lo, hi, lo - 1e-3, hi + 1e-3]
                });
                // the bounds bracket the exact mean
                if exact_plan.own.is_some() {
                    let plan = Plan::new(g, &v, None, [None; 3]);
                    let mut p = Prep::<24>::new();
                    plan.stock_prep(h, &mut p);
                    if let Some((lo, hi)) = plan.stock_bounds(h, &p) {
                        bounded += 1;
                        assert!(lo <= exact && exact <= hi, "{lo} {exact} {hi}");
                    }
                } else if exact_plan.v.owed.is_none() {
                    // a hand holding one set
                    let plan = Plan::new(g, &v, None, [None; 3]);
                    if let Some((lo, hi)) = plan.bracket_one(h) {
                        bounded_one += 1;
                        assert!(lo <= exact && exact <= hi, "{lo} {exact} {hi}");
                    }
                }
                // a single pile card's worth stays within its bound
                for p in 0..SLOTS {
                    if state.open_top(p).is_none() {
                        continue;
                    }
                    let plan = Plan::new(g, &v, None, [None; 3]);
                    if let Some(hi) = plan.take_high(p) {
                        takes += 1;
                        let worth = plan.action(Action::Take(p as u8, 1));
                        assert!(worth <= hi, "{worth} {hi}");
                    }
                }
                // and the score decides against any best as the exact score does
                for bonus in [0.0, 100.0] {
                    let s = bonus + exact;
                    let near = [s, s - 0.01, s + 0.01, s - 0.5, s + 0.5, s - 3.0, s + 3.0];
                    // and at the edges of the coarse bracket, where it decides or not
                    for best in near.into_iter().chain(edges.map(|e| bonus + e)) {
                        let plan = Plan::new(g, &v, None, [None; 3]);
                        let Some(score) = plan.stock_score(bonus, best) else {
                            continue;
                        };
                        decided += 1;
                        assert_eq!(score > best, s > best, "{score} {s} {best}");
                    }
                }
            });
        }
    }
    assert!(
        bounded > 500 && bounded_one > 100 && decided > 5_000 && takes > 500 && coarse > 500,
        "{bounded} {bounded_one} {decided} {takes} {coarse}"
    );
}

/// Each drawn card's coarse bounds hold the value `stock_x` finds for it, under rules and
/// knobs that make a blind card, draw-until-match and putting a card back cost more or less.
#[test]
fn coarse_bounds_hold_each_drawn_cards_value() {
    let mut rules = [LassoRules::default(); 3];
    rules[1].set("mismatch_points", "40").unwrap();
    rules[1].set("ace_in_hand", "2").unwrap();
    rules[2].set("empty_stock", "reshuffle").unwrap();
    rules[2].set("mismatch_penalty", "off").unwrap();
    let params = [
        Params::default(),
        knobs(&[("draw_cost", 9.0), ("progress", 2.5)]),
        knobs(&[
            ("bluff_risk", 0.5),
            ("bluff_margin", 0.0),
            ("draw_cost", 0.0),
        ]),
        knobs(&[("set_weight", 1.7), ("penalty_weight", 0.3), ("feed", 4.0)]),
    ];
    let (mut cards, mut tight) = (0, 0);
    for (i, r) in rules.iter().enumerate() {
        for (j, k) in params.iter().enumerate() {
            let players = 2 + (i + j) % 3;
            each_pickup_with(r, k, players, 200..230, |state, seat, g| {
                let v = state.view(seat);
                let plan = Plan::new(g, &v, None, [None; 3]);
                let Some((lo, hi)) = plan.coarse_bracket() else {
                    return;
                };
                let bounds = super::coarse::CARDS.with_borrow(Vec::clone);
                let exact_plan = Plan::new(g, &v, None, [None; 3]);
                let h = Hand {
                    pile: false,
                    ..exact_plan.hand()
                };
                let mut p = Prep::<24>::new();
                exact_plan.stock_prep(h, &mut p);
                let mut owed = 0;
                assert_eq!(bounds.len(), exact_plan.unseen.len() as usize);
                for (x, low, high, slack) in bounds {
                    let e = f64::from(exact_plan.stock_x(h, &p, x, &mut owed));
                    assert!(low <= e && e <= high + slack, "{x} {low} {e} {high}");
                    cards += 1;
                    tight += usize::from(high - e < 1e-3);
                }
                let exact = exact_plan.stock_ev(exact_plan.hand());
                assert!(lo <= exact && exact <= hi, "{lo} {exact} {hi}");
            });
        }
    }
    assert!(cards > 20_000 && tight > cards / 2, "{cards} {tight}");
}

/// The discards of a discard step valued in the listed order (each card's set step taken
/// again for its other piles) match each valued by a planner of its own.
#[test]
fn discards_in_listed_order_match_fresh_planners() {
    let mut rules = [LassoRules::default(); 2];
    rules[1].set("mismatch_penalty", "everyone").unwrap();
    rules[1].set("sets_per_turn", "2").unwrap();
    let mut checked = 0;
    let mut list = ActionList::new();
    for (i, r) in rules.iter().enumerate() {
        for players in 2..=4 {
            for seed in 0..30 {
                let mut rng = GameRng::new(700 + seed, (10 * i + players) as u64);
                let mut g = Lasso::deal(r, &Table::first(players), &mut rng);
                let mut bots = vec![Greedy::default(); players];
                for (s, b) in bots.iter_mut().enumerate() {
                    b.begin_deal(s);
                }
                while let Some(seat) = g.to_act() {
                    g.legal_actions(&mut list);
                    let v = g.view(seat);
                    if g.phase == Phase::Discard {
                        let plan = Plan::new(&bots[seat], &v, None, [None; 3]);
                        for &a in list.iter() {
                            let fresh = Plan::new(&bots[seat], &v, None, [None; 3]);
                            let (x, y) = (plan.action(a), fresh.action(a));
                            assert_eq!(x.to_bits(), y.to_bits(), "{a:?} {}", g.render());
                            checked += 1;
                        }
                    }
                    let a = if list.len() == 1 {
                        list[0]
                    } else {
                        bots[seat].act(&v, &list, &mut rng)
                    };
                    g.apply(a);
                }
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
}

/// The set step of hands holding five cards of one suit (and no other set), worked out
/// from the other cards' numbers, matches the step that lists every set: the same values,
/// the same work counted and the same memo left behind, over hands drawn around the
/// positions of greedy deals (some steps found in the memo, some hands ending a pile
/// pick-up that undoes or wastes the turn).
#[test]
fn five_of_a_suit_steps_match_the_listed_ones() {
    use super::five::{five_of_a_suit, suit_points};
    use crate::cards::Suit;
    use crate::games::lasso::scoring::classify;
    let mut rng = GameRng::new(55, 5);
    let mut rules = [LassoRules::default(); 2];
    rules[1].set("ace_in_hand", "2").unwrap();
    rules[1].set("lasso", "off").unwrap();
    let mut fives = 0;
    for (i, r) in rules.iter().enumerate() {
        each_pickup(r, 2 + 2 * i, 20, |state, seat| {
            let v = state.view(seat);
            let g = Greedy::default();
            for _ in 0..6 {
                let mut deck: Vec<Card> = Card::all52().collect();
                rng.shuffle(&mut deck);
                let suit = CardSet::suit(Suit::ALL[rng.index(4)]);
                let mut cards: CardSet = deck
                    .iter()
                    .copied()
                    .filter(|&c| suit.contains(c))
                    .take(5)
                    .collect();
                for &c in deck
                    .iter()
                    .filter(|&&c| !suit.contains(c))
                    .take(rng.index(8))
                {
                    cards = cards.with(c);
                }
                // a start or an earlier hand equal to some rest, for the tempo and undo costs
                let some_rest = cards - cards.into_iter().take(4).collect::<CardSet>();
                let start = (rng.index(3) == 0).then_some(some_rest);
                let before = [(rng.index(3) == 0).then_some(some_rest), None, None];
                let (a, b) = (
                    Plan::new(&g, &v, start, before),
                    Plan::new(&g, &v, start, before),
                );
                let Some(s) = five_of_a_suit(cards) else {
                    continue;
                };
                fives += 1;
                for k in 0..3 {
                    let h = Hand {
                        cards,
                        owed: None,
                        extra: false,
                        pile: k != 1,
                    };
                    let best = a.end_has(h, true);
                    assert_eq!(best.0.to_bits(), b.end_has(h, true).0.to_bits());
                    let (x, y) = (a.five_step(h, best, s), b.sets_listed(h, 1, best));
                    assert_eq!((x.0.to_bits(), x.1), (y.0.to_bits(), y.1), "{cards}");
                    assert_eq!(a.work.get(), b.work.get());
                    for (m, n) in a.memo.iter().zip(&b.memo) {
                        let (m, n) = (m.get(), n.get());
                        assert_eq!((m.0, m.1, m.2.to_bits()), (n.0, n.1, n.2.to_bits()));
                    }
                }
            }
        });
    }
    assert!(fives > 1_000, "{fives}");
    // which hands take the quick step, and the points of four cards of a suit
    for i in 0..20_000u64 {
        let mut deck: Vec<Card> = Card::all52().collect();
        rng.shuffle(&mut deck);
        let hand: CardSet = deck[..4 + (i % 12) as usize].iter().copied().collect();
        let mut sets = 0;
        let mut suits = Vec::new();
        crate::games::lasso::scoring::each_set(hand, None, |s| {
            sets += 1;
            suits.push(s.first().unwrap().suit().index() as usize);
        });
        let five = Suit::ALL
            .iter()
            .position(|&s| (hand & CardSet::suit(s)).len() == 5);
        let only = sets == 5 && suits.iter().all(|&s| Some(s) == five);
        assert_eq!(five_of_a_suit(hand), only.then(|| five.unwrap()), "{hand}");
        for s in 0..4 {
            let bits = (hand.0 >> (13 * s) & 0x1fff) as u16;
            if bits.count_ones() == 4 {
                let set = CardSet((bits as u64) << (13 * s));
                assert_eq!(suit_points(bits), classify(set).unwrap().1);
            }
        }
    }
}
