//! When does a pile full of 3s pay? A measurement harness (ignored test): greedy self-play
//! deals; at every draw where the pile may be taken and holds 3s, the seat's view is
//! determinized `HF_K` times and each sample is played out by greedy twice, once taking the
//! pile and once drawing (common random numbers: the same hidden cards for both). The
//! difference in the taker's partnership's win rate and score is what the take is worth in
//! that situation; one CSV line per decision with the situation's features goes to
//! `HF_OUT` (default `target/hf-threes.csv`). Also the stacked position the measurement
//! changed: six players, the opponents able to go out.

use super::greedy::PileTerms;
use super::state::{Action, HandAndFoot, Phase};
use super::{Greedy, HfRules};
use crate::game::{ActionList, Game, Table};
use crate::strategy::{Params, Strategy};

/// Plays `g` to its end with greedy at every seat; the partnership `team`'s (win, score
/// difference).
fn play_out(
    mut g: HandAndFoot,
    bot: &mut Greedy,
    team: usize,
    buf: &mut ActionList<Action>,
) -> (f64, f64) {
    let mut rng = crate::cards::GameRng::new(0, 0);
    while let Some(seat) = g.to_act() {
        let a = bot.act(&g.view(seat), buf, &mut rng);
        g.apply(a);
    }
    let s = g.team_scores();
    let d = (s[team] - s[1 - team]) as f64;
    (
        f64::from(u8::from(d > 0.0)) + if d == 0.0 { 0.5 } else { 0.0 },
        d,
    )
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore]
fn pile_threes_outcomes() {
    let (deals, k, seed) = (env("HF_DEALS", 200), env("HF_K", 16), env("HF_SEED", 11));
    let players = env("HF_PLAYERS", 4) as usize;
    let out = std::env::var("HF_OUT").unwrap_or("target/hf-threes.csv".into());
    let mut bot = Greedy::new(&Params::default());
    let mut w = String::from(
        "deal,turns,stock,pile,threes,red,pts,gain,stuck,tleft,hand,foot,pfoot,ofoot,books,obooks,oout,opened,end,greedy,wtake,wdraw,dtake,ddraw\n",
    );
    let mut buf: ActionList<Action> = ActionList::new();
    let rules = HfRules::default();
    for i in 0..deals {
        let t = Table::first(players);
        let mut rngs = crate::sim::deal_rngs(seed, i, 0);
        let mut g = HandAndFoot::deal(&rules, &t, &mut rngs.deal);
        let mut drng = crate::cards::GameRng::new(seed, 1000 + i);
        let mut lines = Vec::new();
        while let Some(seat) = g.to_act() {
            let v = g.view(seat);
            let a = bot.act(&v, &buf, &mut rngs.play);
            if v.phase() == Phase::Draw && g.can_take_pile() && v.pile_len() >= 2 {
                let pts: i32 = v.pile()[..v.pile().len() - 1]
                    .iter()
                    .filter(|c| c.rank().index() == 2)
                    .map(|&c| super::melds::card_value(c))
                    .sum();
                if pts >= 300 {
                    let terms: PileTerms = bot.pile_terms(&v).unwrap();
                    let red = v.pile()[..v.pile().len() - 1]
                        .iter()
                        .filter(|c| c.rank().index() == 2 && c.suit().is_red())
                        .count();
                    let team = seat % 2;
                    let (mut wt, mut wd, mut dt, mut dd) = (0.0, 0.0, 0.0, 0.0);
                    for _ in 0..k {
                        let s = HandAndFoot::determinize(&v, &mut drng);
                        let mut s1 = s.clone();
                        s1.apply(Action::TakePile);
                        let (a1, b1) = play_out(s1, &mut bot, team, &mut buf);
                        let mut s2 = s;
                        s2.apply(Action::Draw);
                        let (a2, b2) = play_out(s2, &mut bot, team, &mut buf);
                        (wt, wd, dt, dd) = (wt + a1, wd + a2, dt + b1, dd + b2);
                    }
                    let kf = k as f64;
                    let feet =
                        |tm: usize| (tm..players).step_by(2).filter(|&s| v.in_foot()[s]).count();
                    let m = &v.melds();
                    let om = &m[1 - team];
                    let oout = feet(1 - team) > 0
                        && om.natural_books() >= rules.out_naturals as u32
                        && om.unnatural_books() >= rules.out_unnaturals as u32;
                    lines.push(format!(
                        "{i},{},{},{},{},{},{pts},{},{},{},{},{},{},{},{},{},{},{},END,{},{:.4},{:.4},{:.1},{:.1}\n",
                        v.turns(),
                        v.stock_len(),
                        v.pile_len(),
                        terms.taken,
                        red,
                        terms.gain,
                        terms.stuck,
                        bot.turns_left(&v),
                        v.hand().len(),
                        u8::from(v.in_foot()[seat]),
                        feet(team) - usize::from(v.in_foot()[seat]),
                        feet(1 - team),
                        m[team].natural_books() * 10 + m[team].unnatural_books(),
                        om.natural_books() * 10 + om.unnatural_books(),
                        u8::from(oout),
                        u8::from(v.opened()[team]),
                        u8::from(a == Action::TakePile),
                        wt / kf,
                        wd / kf,
                        dt / kf,
                        dd / kf
                    ));
                }
            }
            g.apply(a);
        }
        // END: the player turns the deal lasted.
        for l in lines {
            w += &l.replace("END", &g.turns.to_string());
        }
        if i % 20 == 19 {
            std::fs::write(&out, &w).unwrap();
        }
    }
    std::fs::write(&out, &w).unwrap();
}

/// A 6-player deal through the pass and the choice, then seat 0 (opened) to draw holding a
/// pair of tens over a pile of tens and five black 3s; the opponents (partnership 1) have
/// a seat on the foot and the books to go out; 40 stock cards.
fn six_player_pile() -> HandAndFoot {
    use super::tests::{STOCK, cards, counts};
    let rules = HfRules::default();
    let mut g = HandAndFoot::deal(
        &rules,
        &Table::first(6),
        &mut crate::cards::GameRng::new(7, 0),
    );
    for _ in 0..6 {
        g.apply(Action::Pass(1));
    }
    for _ in 0..6 {
        g.apply(Action::Keep(true));
    }
    g.hands = [crate::cards::CardCounts::EMPTY; 6];
    g.feet = [crate::cards::CardCounts::EMPTY; 6];
    g.hands[0] = counts("TS TH KS QH JD 9C");
    g.discard = crate::cards::Pile::from_slice(&cards("3S 3C 9D 3S 3C 5D 3S TC"));
    g.stock = crate::cards::Pile::from_slice(&cards(&format!("{STOCK} {STOCK} {STOCK} {STOCK}")));
    g.seat = 0;
    g.first_turn = false;
    g.opened[0] = true;
    g.in_foot[1] = true;
    g.melds[1].nat_books[4] = 2;
    g.melds[1].nat[10] = 5;
    g.melds[1].wild[10] = 2;
    g
}

#[test]
fn six_players_count_on_more_turns_to_shed_threes() {
    // Measured by play-outs of every pile decision (pile_threes_outcomes, 1,000 deals at 6
    // players): once the opponents may go out, the previous rule (2 turns left) refused
    // piles that paid; counting 4 turns (out_turns 2 per partner) takes them.
    let g = six_player_pile();
    assert!(super::tests::legal(&g).contains(&Action::TakePile));
    let v = g.view(0);
    let bot = Greedy::new(&Params::default());
    let t = bot.pile_terms(&v).unwrap();
    assert_eq!((t.taken, bot.turns_left(&v)), (5, 4));
    assert!(
        (20..60).contains(&t.gain),
        "the pile's meld points {} pay for one stuck 3, not three",
        t.gain
    );
    let choice = |p: &Params| Greedy::new(p).act(&v, &[], &mut crate::cards::GameRng::new(0, 0));
    assert_eq!(choice(&Params::default()), Action::TakePile);
    let old = Params::new(vec![("out_turns".into(), 1.0)]);
    assert_eq!(choice(&old), Action::Draw, "the previous rule");
}
