//! The greedy bot: it plays legal, checked deals, beats random, goes out when it can, and
//! reads its knob file.

use super::state::{Action, End, HandAndFoot, Phase};
use super::tests::*;
use super::{Greedy, HfRules};
use crate::cards::{CardCounts, GameRng};
use crate::game::check::deals_with;
use crate::game::{ActionList, Game, Table};
use crate::sim::deal_rngs;
use crate::strategy::{Params, Random, Strategy};

#[test]
fn invariants_greedy_deals() {
    let p = Params::default();
    for players in [4, 6] {
        let mut seats: Vec<Box<dyn Strategy<HandAndFoot>>> = (0..players)
            .map(|s| {
                if s % 2 == 0 {
                    Box::new(Greedy::new(&p)) as Box<dyn Strategy<HandAndFoot>>
                } else {
                    Box::new(Random)
                }
            })
            .collect();
        deals_with::<HandAndFoot>(&HfRules::default(), players, 150, 5, &mut seats).unwrap();
    }
}

#[test]
fn greedy_beats_random() {
    let g = || Box::new(Greedy::new(&Params::default())) as Box<dyn Strategy<HandAndFoot>>;
    let rnd = || Box::new(Random) as Box<dyn Strategy<HandAndFoot>>;
    let (d, w) = edge(g, rnd, 300);
    assert!(
        d > 500.0 && w > 270,
        "greedy vs random: mean edge {d}, wins {w}/300"
    );
    let (d2, _) = edge(rnd, g, 100);
    assert!(d2 < -500.0, "random vs greedy: {d2}");
}

/// Prints how greedy deals end (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn greedy_profile() {
    let mut seats: Vec<Box<dyn Strategy<HandAndFoot>>> = (0..4)
        .map(|_| Box::new(Greedy::new(&Params::default())) as Box<dyn Strategy<HandAndFoot>>)
        .collect();
    let mut buf = ActionList::new();
    let (mut turns, mut acts, mut s0, mut out) = (0u64, 0u64, 0i64, 0);
    let n = 400;
    for i in 0..n {
        let t = Table::first(4);
        let mut rngs = deal_rngs(1, i, 0);
        let mut g = HandAndFoot::deal(&HfRules::default(), &t, &mut rngs.deal);
        while let Some(seat) = g.to_act() {
            g.legal_actions(&mut buf);
            let a = if buf.len() == 1 {
                buf[0]
            } else {
                seats[seat].act(&g.view(seat), &buf, &mut rngs.play)
            };
            g.apply(a);
            acts += 1;
        }
        if i < 3 {
            println!("{}", g.render());
        }
        let r = g.result();
        turns += r.turns as u64;
        s0 += (r.scores[0] + r.scores[1]) as i64;
        out += u32::from(matches!(g.end, End::Out(_)));
    }
    println!(
        "turns {} actions {} mean score {} out {out}/{n}",
        turns / n,
        acts / n,
        s0 / 2 / n as i64
    );
}

#[test]
fn knob_file_resolves() {
    let spec = crate::strategy::resolve::<HandAndFoot>("greedy-cautious").unwrap();
    assert_eq!(spec.base, "greedy");
    let p = Greedy::new(&spec.params);
    assert_eq!(
        format!("{p:?}"),
        "Greedy { pile_min: 5, dirty_at: 6, out_margin: 200, pair_wild: false, pile_value: true, horizon: 12, out_turns: 2, pile_guard: 0, three_turn: 0.0, three_weight: 0.2, pair_first: true, opp_open: -25, wild_booked: true }"
    );
    assert!(crate::strategy::resolve::<HandAndFoot>("greedy").is_ok());
}

#[test]
fn greedy_goes_out_when_it_can() {
    // Issue 13 item 9: on its foot with the books met and the stock low, greedy used to put
    // its joker on a dirty meld and keep a pair; a joker on the pair empties the foot.
    let mut g = position("TS TH JK 4D", "9H", "8S 8H 8D", HfRules::default());
    (g.opened[0], g.in_foot[0], g.feet[0]) = (true, true, CardCounts::EMPTY);
    books(&mut g, 2, 1);
    g.melds[0].nat[7] = 4;
    g.melds[0].wild[7] = 1;
    g.apply(Action::Draw);
    g.hands[0] = counts("TS TH JK 4D");
    let mut bot = Greedy::new(&Params::default());
    let mut rng = GameRng::new(0, 0);
    while g.phase == Phase::Meld && g.seat == 0 {
        let a = bot.act(&g.view(0), &legal(&g), &mut rng);
        g.apply(a);
    }
    assert_eq!(g.end, End::Out(0), "{}", g.render());
}

/// `greedy` (and its knob files) decides from its view and walks the legal steps itself:
/// skipping the legal list, it plays the same deals as when it reads it, at 4 and 6 seats,
/// with and without the switches that change what is legal.
#[test]
fn greedy_plays_the_same_without_the_legal_list() {
    use crate::game::Rules;
    use crate::game::check::skipping_the_legal_list;
    use crate::strategy::{build, resolve};
    let mut strict = HfRules::default();
    for (k, v) in [
        ("rebook", "off"),
        ("upcard", "off"),
        ("out_unnaturals", "0"),
    ] {
        strict.set(k, v).unwrap();
    }
    for bot in ["greedy", "greedy-prev", "greedy-cautious"] {
        let spec = resolve::<HandAndFoot>(bot).unwrap();
        let make = || build::<HandAndFoot>(&spec) as Box<dyn Strategy<HandAndFoot>>;
        for (r, players, deals) in [
            (HfRules::default(), 4, 60),
            (strict, 4, 40),
            (HfRules::default(), 6, 30),
        ] {
            let rep = skipping_the_legal_list(&r, players, deals, 3, &make).unwrap();
            assert!(rep.asked_reading > 1_000, "{bot} at {players}: {rep:?}");
            assert!(rep.asked_skipping > rep.asked_reading, "{rep:?}");
        }
    }
}

/// Greedy's action for seat 0 of `g` with the knob values `knobs`.
fn act_with(g: &HandAndFoot, knobs: &[(&str, f64)]) -> Action {
    let p = Params::new(knobs.iter().map(|&(n, x)| (n.to_string(), x)).collect());
    Greedy::new(&p).act(&g.view(0), &legal(g), &mut GameRng::new(0, 0))
}

/// Seat 0 to meld after its draw, holding `hand`, its partnership opened with the open
/// melds `melds` (rank index, naturals, wilds).
fn opened_after_draw(hand: &str, melds: &[(usize, u8, u8)]) -> HandAndFoot {
    let mut g = position("4D 7H", "5D", STOCK, HfRules::default());
    g.opened[0] = true;
    for &(r, nat, wild) in melds {
        g.melds[0].nat[r] = nat;
        g.melds[0].wild[r] = wild;
    }
    g.apply(Action::Draw);
    g.hands[0] = counts(hand);
    g
}

#[test]
fn greedy_starts_a_meld_from_a_pair_before_dirtying_further() {
    // Opened, with a natural pair of 9s, a 2 and a dirty meld of kings with room: the 2
    // starts a meld of 9s (the pair becomes a meld that takes every later 9, instead of two
    // cards waiting for a third) rather than going on the kings; the previous greedy
    // (`pair_first=0`) put it on the kings.
    let g = opened_after_draw("9S 9H 2C 4D 7H JD 6C", &[(12, 4, 1)]);
    let pick = |knobs: &[(&str, f64)]| act_with(&g, knobs);
    let two = super::melds::TWO;
    assert_eq!(pick(&[]), Action::New { rank: 8, wild: two });
    assert_eq!(
        pick(&[("pair_first", 0.0)]),
        Action::Add {
            rank: 12,
            wild: two
        }
    );
}

#[test]
fn greedy_discards_a_rank_the_opponents_meld() {
    // Lone 7H, 8C, KD, 5S and the opponents have 7s open: they meld every 7 they draw, so
    // the next seat (an opponent) seldom holds the pair that takes the pile with the 7H.
    // Greedy throws it; the previous greedy (`opp_open=25`) kept it and threw the 5S.
    let mut g = position("7H 8C KD 5S", "4D", STOCK, HfRules::default());
    g.opened[1] = true;
    g.melds[1].nat[6] = 4;
    g.apply(Action::Draw);
    g.hands[0] = counts("7H 8C KD 5S");
    let pick = |knobs: &[(&str, f64)]| act_with(&g, knobs);
    let card = |s: &str| s.parse::<crate::cards::Card>().unwrap();
    assert_eq!(pick(&[]), Action::Discard(card("7H")));
    assert_eq!(pick(&[("opp_open", 25.0)]), Action::Discard(card("5S")));
}

#[test]
fn greedy_puts_a_wild_on_a_meld_short_of_a_book() {
    // Opened, holding a 2 and nothing else that melds, beside a dirty meld of 5s that is a
    // book already (five naturals, two wilds) and a dirty meld of kings of four cards: the 2
    // goes on the kings, three cards from a book; the previous greedy (`wild_booked=0`) put
    // it on the 5s, the lowest rank, where it adds only its own points.
    let g = opened_after_draw("2C 4D 7H JD 6C 9S QH", &[(4, 5, 2), (12, 3, 1)]);
    let pick = |knobs: &[(&str, f64)]| act_with(&g, knobs);
    let two = super::melds::TWO;
    let on = |rank| Action::Add { rank, wild: two };
    assert_eq!(pick(&[]), on(12));
    assert_eq!(pick(&[("wild_booked", 0.0)]), on(4));
}
