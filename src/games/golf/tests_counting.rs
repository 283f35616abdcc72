//! Stacked positions for `greedy`'s counting knobs (issue 21): each plays as the issue asks
//! where `greedy-prev` (the knobs off) made the move a strong player would not.

use super::scoring::key;
use super::state::fresh_shoe;
use super::tests::cards;
use super::*;
use crate::cards::{Card, GameRng};
use crate::game::{ActionList, Game, Table};
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{Strategy, build, resolve};

fn bot(name: &str) -> Box<dyn Strategy<Golf>> {
    build::<Golf>(&resolve::<Golf>(name).unwrap())
}

fn act(b: &mut Box<dyn Strategy<Golf>>, g: &Golf) -> Action {
    let mut l = ActionList::new();
    g.legal_actions(&mut l);
    let seat = g.to_act().unwrap();
    b.act(&g.view(seat), &l, &mut GameRng::new(1, 1))
}

/// The two actions of `name`'s turn from `g` (draw, then place), applied to a copy.
fn turn(name: &str, g: &Golf) -> (Action, Action) {
    let mut b = bot(name);
    b.begin_deal(g.to_act().unwrap());
    let mut g = g.clone();
    let draw = act(&mut b, &g);
    g.apply(draw);
    let place = act(&mut b, &g);
    (draw, place)
}

/// Two players, dealer 0: `grid0`, `grid1`, the discard, then the rest of the shoe as the
/// stock; seat 1 has gone out (all face up), seat 0 has positions 0..5 up and plays its
/// final turn.
fn final_turn(grid0: &str, grid1: &str, up: &str) -> Golf {
    let r = GolfRules::default();
    let mut deck = cards(&format!("{grid0} {grid1} {up}"));
    let mut rest = fresh_shoe(&r, 2).counts();
    deck.iter().for_each(|&c| assert!(rest.remove(c)));
    deck.extend(rest.iter().flat_map(|(c, n)| (0..n).map(move |_| c)));
    let mut g = Golf::from_deck(&r, &Table::first(2), &deck, GameRng::new(1, 1));
    for (s, ps) in [(0, 0..5), (1, 0..6)] {
        for p in ps {
            g.up[s] |= 1 << p;
            g.shown[s][p] = key(g.grids[s][p]);
        }
    }
    (g.ender, g.finals_left, g.seat, g.phase, g.turns) = (Some(1), 1, 0, Phase::Draw, 15);
    g.public = g.public_recount();
    g
}

/// Issue 21, Golf 2p s3 d2 steps 35-36: on its final turn, JS 3C 4D / JC KC (6S face
/// down) against 5, the previous greedy put AD on the face-down card and ended on 8, a
/// certain loss; AD on position 1 (or a stock card) keeps a chance.
#[test]
fn a_final_turn_keeps_a_chance_to_win_over_a_certain_loss() {
    let g = final_turn("JS 3C 4D JC KC 6S", "AH 2S KS 2D AS 7C", "AD");
    assert_eq!(g.scores()[1], 5);
    let lost = (Action::DrawDiscard, Action::Swap(5));
    assert_eq!(turn("greedy-prev", &g), lost, "the previous greedy");
    let (draw, place) = turn("greedy", &g);
    assert_ne!((draw, place), lost);
    if draw == Action::DrawDiscard {
        assert_eq!(place, Action::Swap(1), "AD beside KC: wins on a 2 or a 4");
    }
}

/// Captures the state before decision number `at`.
struct Before(u32, u32, Option<Golf>);

impl Observer<Golf> for Before {
    fn before(&mut self, g: &Golf, _seat: usize, _legal: &[Action]) {
        self.1 += 1;
        if self.1 == self.0 {
            self.2 = Some(g.clone());
        }
    }
}

/// The state before decision number `step` of deal (seed, deal) with default rules, every
/// seat played by `name`.
fn before_step(name: &str, players: usize, deal: (u64, u64), step: u32) -> Golf {
    before_step_by(|| bot(name), players, deal, step)
}

/// [`before_step`] with seats made by `make`.
fn before_step_by(
    make: impl Fn() -> Box<dyn Strategy<Golf>>,
    players: usize,
    (seed, deal): (u64, u64),
    step: u32,
) -> Golf {
    let mut seats: Vec<_> = (0..players).map(|_| make()).collect();
    let mut obs = Before(step, 0, None);
    let rngs = &mut deal_rngs(seed, deal, 0);
    let mut buf = ActionList::new();
    let (r, table) = (GolfRules::default(), Table::first(players));
    play_deal(&r, &table, rngs, &mut seats, &mut buf, &mut obs);
    obs.2
        .unwrap_or_else(|| panic!("the deal reaches step {step}"))
}

/// Issue 21, Golf 4p s4 d18 steps 49-50 (`cardsim trace golf --players 4 --seed 4 --deal
/// 18 --strategy greedy-prev`): seat 1 took 6C onto its last face-down card (a K) and went
/// out on 14 with three final turns to come, and lost to 9. Weighing those final turns,
/// greedy does not go out there.
#[test]
fn going_out_weighs_the_others_final_turns() {
    let g = before_step("greedy-prev", 4, (4, 18), 49);
    assert_eq!(
        (g.seat, g.discard.as_slice().last()),
        (1, Some(&cards("6C")[0]))
    );
    assert_eq!(g.up[1].count_ones(), 5);
    let out = (Action::DrawDiscard, Action::Swap(5));
    assert_eq!(turn("greedy-prev", &g), out, "the previous greedy goes out");
    let (draw, place) = turn("greedy", &g);
    assert_ne!((draw, place), out);
    if draw == Action::DrawStock {
        let mut g = g.clone();
        g.apply(Action::DrawStock);
        let held: Card = g.held.unwrap();
        assert!(
            place != Action::Swap(5) || key(held) <= 1,
            "{held}: {place:?}"
        );
    }
}

/// Issue 21, Golf 2p s1 d15 step 7: the previous greedy took 8S to replace a face-up J and
/// replaced the 8 the next turn. Counting, a gain of 2 points is less than a stock card is
/// expected to bring, so it draws.
#[test]
fn a_small_gain_from_the_discard_loses_to_the_stock() {
    let g = before_step("greedy-prev", 2, (1, 15), 7);
    assert_eq!(g.discard.as_slice().last(), Some(&cards("8S")[0]));
    assert_eq!(
        turn("greedy-prev", &g),
        (Action::DrawDiscard, Action::Swap(0))
    );
    assert_eq!(turn("greedy", &g).0, Action::DrawStock);
}

/// Plays `deals` deals of `players` greedy bots built with `p` and, before each of their
/// decisions after a stock draw, asks a bot of the same knobs that has seen nothing of the
/// turn (so it counts the unseen cards afresh, the drawn card seen). Returns the decisions
/// compared and those on which the two differ.
fn against_a_fresh_bot(p: &crate::strategy::Params, players: usize, deals: u64) -> (u32, u32) {
    let r = GolfRules::default();
    let table = Table::first(players);
    let (mut asked, mut differ) = (0, 0);
    let mut l = ActionList::new();
    let mut rng = GameRng::new(3, 3);
    for d in 0..deals {
        let mut g = Golf::deal(&r, &table, &mut GameRng::new(41, d));
        let mut bots: Vec<Greedy> = (0..players).map(|_| Greedy::new(p)).collect();
        bots.iter_mut()
            .enumerate()
            .for_each(|(s, b)| b.begin_deal(s));
        while let Some(seat) = g.to_act() {
            g.legal_actions(&mut l);
            let a = bots[seat].act(&g.view(seat), &l, &mut rng);
            if g.phase == Phase::PlaceStock {
                let mut fresh = Greedy::new(p);
                fresh.begin_deal(seat);
                asked += 1;
                differ += u32::from(fresh.act(&g.view(seat), &l, &mut rng) != a);
            }
            g.apply(a);
        }
    }
    (asked, differ)
}

/// The drawn card is seen (issue 21, the quirk of the unseen count): after a stock draw,
/// greedy places the card as a bot counting afresh does, the drawn card no longer among the
/// unseen. With `drawn_seen=0` the bot reuses the count its draw made, the drawn card still
/// unseen, and places differently in some positions.
#[test]
fn a_card_drawn_from_the_stock_is_seen() {
    use crate::strategy::Params;
    for players in [2, 4] {
        let (asked, differ) = against_a_fresh_bot(&Params::default(), players, 400);
        assert!(asked > 1_000, "{asked} placements");
        assert_eq!(differ, 0, "{players} players: {differ} of {asked}");
        let old = Params::new(vec![("drawn_seen".into(), 0.0)]);
        let (asked, differ) = against_a_fresh_bot(&old, players, 400);
        assert!(
            differ > 0,
            "{players} players, drawn_seen=0: {differ} of {asked}"
        );
    }
}

/// The greedy bot with its defaults but `kv`.
fn greedy_with(kv: &[(&str, f64)]) -> Box<dyn Strategy<Golf>> {
    let p = crate::strategy::Params::new(kv.iter().map(|&(k, v)| (k.into(), v)).collect());
    Box::new(Greedy::new(&p))
}

/// Tempo: early in a deal a stock card goes onto a face-down card rather than over a
/// face-up one that it beats by a few points. Seat 1 (3S 3H 7C / 8D QC QD, 3S and QC up,
/// four face down) draws 7H: without the credit greedy puts it over QC (3 points surely
/// gained); with it, onto a face-down card (its grid a card nearer to all face up). Under
/// `flip_after_discard` (a discard turns a card up too) there is no credit.
#[test]
fn early_in_a_deal_a_kept_card_goes_face_down() {
    for (flip, credited) in [("no", true), ("optional", false), ("required", false)] {
        let r = super::tests::rules(&[("flip_after_discard", flip)]);
        let mut g = super::tests::two_player_full(&r, "7H");
        // Seat 1 turns up 3S and QC, seat 0 KS and 9C; then seat 1 draws.
        for a in [0, 4, 0, 4] {
            g.apply(Action::Flip(a));
        }
        g.apply(Action::DrawStock);
        assert_eq!((g.seat, g.held), (1, Some(cards("7H")[0])));
        let place = |b: &mut Box<dyn Strategy<Golf>>| {
            b.begin_deal(1);
            act(b, &g)
        };
        assert_eq!(place(&mut greedy_with(&[("tempo", 0.0)])), Action::Swap(4));
        let a = place(&mut bot("greedy"));
        let down = matches!(a, Action::Swap(p) if g.up[1] >> p & 1 == 0);
        assert_eq!(down, credited, "flip_after_discard={flip}: {a:?}");
    }
}

/// Without final turns the deal ends the moment a grid is all face up, so the going-out
/// chance counts the others' grids as they stand. Seat 0 (JS 4D KD / JC 4H, 6S face down)
/// draws 5D against seat 1's 3S 2H 2S / KS with two cards face down. With final turns, seat
/// 1 would draw once more and greedy keeps its grid open; without them the same chance
/// knobs (`go_out_race=0`: only the model differs) go out with 5D on the face-down card,
/// and so do the defaults.
#[test]
fn without_final_turns_going_out_counts_the_grids_as_they_stand() {
    use super::state::ALL_UP;
    // The deal as greedy played it without the pairing chance and the gift charge.
    let plain = || greedy_with(&[("pair_chance", 0.0), ("gift", 0.0)]);
    let g = before_step_by(plain, 2, (31, 4), 23);
    assert_eq!((g.seat, g.phase, g.up[0].count_ones()), (0, Phase::Draw, 5));
    let goes_out = |final_turns: bool, kv: &[(&str, f64)]| {
        let mut h = g.clone();
        h.rules.final_turns = final_turns;
        let mut b = greedy_with(kv);
        b.begin_deal(0);
        for _ in 0..2 {
            let a = act(&mut b, &h);
            h.apply(a);
        }
        h.up[0] == ALL_UP
    };
    assert!(
        !goes_out(true, &[("go_out_race", 0.0)]),
        "final turns to come"
    );
    assert!(goes_out(false, &[("go_out_race", 0.0)]), "no final turns");
    assert!(goes_out(false, &[]), "no final turns, defaults");
}

/// Applies a script of moves to `g`, one word each, as `trace --json` debug fields
/// abbreviate them: `F`p flip, `W`p swap, `S` draw the stock, `D` take the discard, `X` throw.
fn replay(g: &mut Golf, script: &str) {
    for m in script.split_whitespace() {
        let at = || m[1..].parse::<u8>().unwrap();
        g.apply(match &m[..1] {
            "F" => Action::Flip(at()),
            "W" => Action::Swap(at()),
            "S" => Action::DrawStock,
            "D" => Action::DrawDiscard,
            _ => Action::Discard,
        });
    }
}

/// Golf 4p seed 4 deal 18 up to step 55 (`cardsim trace golf --players 4 --seed 4 --deal
/// 18`, the moves as greedy played them before this fix, replayed here as a script). Seat 0
/// shows TC AC KC / - 2S KS with JS face down, and TH lies on the discard: TH onto the
/// face-down card pairs the TC and goes out on -1, which none of the others can beat with
/// its final turn (seat 2, the lowest, shows AD AH 3D / AS KD and a face-down card: 2 at
/// best). Greedy drew from the stock: its going-out estimate was the grid's estimate less
/// the swap's gain, and that gain was net of the pairing term and the gift charge, which are
/// no part of a final score (+1.5 points for the chance that JS paired TC, and the charge
/// for throwing a face-down card). It went out later on 2 and lost to 1.
#[test]
fn going_out_estimates_the_final_score_without_the_pairing_term_and_the_charge() {
    let rules = GolfRules::default();
    let mut g = Golf::deal(&rules, &Table::first(4), &mut deal_rngs(4, 18, 0).deal);
    let script = "F0 F4 F0 F4 F0 F4 F0 F4 S W2 S W2 S W2 S W2 S W5 D W4 S W3 D W2 S X S W3 \
                  D W4 S W1 S W2 S W2 S W5 S W5 S W0 S X S W0 S W5 S X S W1 S W0";
    replay(&mut g, script);
    assert_eq!((g.seat, g.phase), (0, Phase::Draw));
    assert_eq!(g.discard.as_slice().last(), Some(&cards("TH")[0]));
    assert_eq!(g.up[0].count_ones(), 5);
    let out = (Action::DrawDiscard, Action::Swap(3));
    assert_eq!(turn("greedy", &g), out, "goes out on -1");
    let plain = greedy_with(&[("pair_chance", 0.0), ("gift", 0.0)]);
    let mut b = plain;
    b.begin_deal(0);
    assert_eq!(
        act(&mut b, &g),
        Action::DrawDiscard,
        "as without both knobs"
    );
}

/// The moves of Golf 4p seed 41 deal 183 up to step 73 (see below).
const SCRIPT_183: &str = "F0 F4 F0 F4 F0 F4 F0 F4 D W3 D W3 S W2 D W4 S W1 S W2 S W1 D W1 S W2 S W3 \
    D W4 S W2 S X S X S W1 S W2 S W3 S X S W0 S X S X S W1 S W2 S X S X S X S W3 \
    D W5 S W2 S X S X S X";

/// Golf 4p seed 41 deal 183 up to step 73 (`cardsim trace golf --players 4 --seed 41 --deal
/// 183`, the moves greedy played before `stock_end`, replayed here as a script). The stock
/// holds one card: seat 1 draws it, 2D, and the deal ends with its turn. Every grid has one
/// card face down: seat 1 shows 2H AH 6S / KH 3D, seat 0 reaches 1 plus its face-down card,
/// seat 3 2 plus, seat 2 3 plus. 2D over the 6S gains the most on average (8 points sure)
/// but leaves seat 1 on its own face-down card against theirs; 2D onto the face-down card
/// ends on a known 6, which wins whenever their cards are middling or high: the better
/// chance to win. Without `stock_end` greedy took the points and lost on 8 (its card was
/// 8S; theirs 6D, JC, 8C: the 6 would have won).
#[test]
fn the_stocks_last_turn_plays_for_the_chance_to_win() {
    let rules = GolfRules::default();
    let mut g = Golf::deal(&rules, &Table::first(4), &mut deal_rngs(41, 183, 0).deal);
    replay(&mut g, SCRIPT_183);
    assert_eq!((g.seat, g.phase, g.stock.len()), (1, Phase::Draw, 1));
    assert!(
        (0..4).all(|s| g.up[s].count_ones() == 5),
        "one card face down each"
    );
    let (draw, place) = turn("greedy", &g);
    assert_eq!(draw, Action::DrawStock);
    assert_eq!(
        place,
        Action::Swap(5),
        "2D onto the face-down card: a known 6"
    );
    let mut b = greedy_with(&[("stock_end", -1.0)]);
    b.begin_deal(1);
    let mut after = g.clone();
    after.apply(Action::DrawStock);
    assert_eq!(after.held, Some(cards("2D")[0]));
    assert_eq!(
        act(&mut b, &after),
        Action::Swap(2),
        "without stock_end: over the 6S"
    );
}

/// The position of [`the_stocks_last_turn_plays_for_the_chance_to_win`] as a hole of a
/// 9-hole match, seat 1 holding the stock's last card (2D). With holes to come a strong
/// player takes the sure points (2D over the 6S: 8 points) whatever the deal's winner: the
/// match is won on the total. On the last hole, totals level, it plays for the win as in a
/// lone deal (2D onto its face-down card). On the last hole with the match out of reach
/// (25 points behind every seat), nothing is left to play for: the points again.
/// `match_play = 0` plays every hole as a lone deal.
#[test]
fn a_match_plays_for_points_until_its_last_hole() {
    let rules = GolfRules::default();
    let hole = |played: u32, totals: [i64; 4]| {
        let mut t = Table::first(4);
        t.played = Some(played);
        t.totals[..4].copy_from_slice(&totals);
        let mut g = Golf::deal(&rules, &t, &mut deal_rngs(41, 183, 0).deal);
        replay(&mut g, SCRIPT_183);
        assert_eq!((g.seat, g.phase, g.stock.len()), (1, Phase::Draw, 1));
        g.apply(Action::DrawStock);
        g
    };
    let place = |b: &mut Box<dyn Strategy<Golf>>, g: &Golf| {
        b.begin_deal(1);
        act(b, g)
    };
    let mut b = bot("greedy");
    let over_6s = Action::Swap(2);
    let face_down = Action::Swap(5);
    assert_eq!(place(&mut b, &hole(0, [0; 4])), over_6s, "first hole");
    assert_eq!(
        place(&mut b, &hole(7, [31, 40, 22, 35])),
        over_6s,
        "a hole to come"
    );
    assert_eq!(
        place(&mut b, &hole(8, [0; 4])),
        face_down,
        "last hole, level"
    );
    assert_eq!(
        place(&mut b, &hole(8, [0, 30, 2, 5])),
        over_6s,
        "lost already"
    );
    let mut alone = greedy_with(&[("match_play", 0.0)]);
    assert_eq!(
        place(&mut alone, &hole(0, [0; 4])),
        face_down,
        "match_play = 0"
    );
    let v = hole(8, [44, 20, 40, 41]);
    let j = crate::game::SeatView::to_json(&v.view(1));
    assert_eq!(j["match"]["totals"], serde_json::json!([44, 20, 40, 41]));
    assert_eq!(
        (j["match"]["played"].as_u64(), j["match"]["left"].as_u64()),
        (Some(8), Some(0))
    );
    let lone = Golf::deal(&rules, &Table::first(4), &mut deal_rngs(41, 183, 0).deal);
    assert!(
        crate::game::SeatView::to_json(&lone.view(1))
            .get("match")
            .is_none()
    );
}

/// Seat 1 shows 7C (5C) 8C / (5S) 9H (KH) on its second turn and draws TH from the stock
/// (`cardsim trace golf --players 2 --seed 1 --deal 14`, step 10). With the pairing chance at
/// weight 1 greedy put the 10 face up under the 7C (a 17-point column, credited for turning a
/// card up), giving up the column's chance to pair the 7C: the face-down card, or a 7 drawn
/// later put there. Counting that chance over the draws to come (`pair_weight`), it throws
/// the 10. A 9 drawn instead pairs the 9H either way.
#[test]
fn a_drawn_ten_is_not_buried_under_a_card_that_can_still_pair() {
    use crate::strategy::Params;
    let r = GolfRules::default();
    let place = |drawn: &str, weight: Option<f64>| {
        let mut g = super::tests::two_player_custom(
            &r,
            "KC 5D QH 2C 2S 7H",
            "7C 5C 8C 5S 9H KH",
            "6D",
            drawn,
        );
        for (s, ps) in [(0, [0, 1, 4]), (1, [0, 2, 4])] {
            for p in ps {
                g.up[s] |= 1 << p;
                g.shown[s][p] = key(g.grids[s][p]);
            }
        }
        (g.seat, g.phase, g.turns) = (1, Phase::Draw, 2);
        g.public = g.public_recount();
        g.apply(Action::DrawStock);
        assert_eq!(g.held, Some(cards(drawn)[0]));
        let knobs = weight.map(|w| vec![("pair_weight".into(), w)]);
        let mut bot = Greedy::new(&Params::new(knobs.unwrap_or_default()));
        bot.begin_deal(1);
        let mut l = ActionList::new();
        g.legal_actions(&mut l);
        bot.act(&g.view(1), &l, &mut GameRng::new(1, 1))
    };
    assert_eq!(
        place("TH", Some(1.0)),
        Action::Swap(3),
        "weight 1: under the 7C"
    );
    assert_eq!(place("TH", None), Action::Discard);
    assert_eq!(place("9D", Some(1.0)), Action::Swap(1));
    assert_eq!(
        place("9D", None),
        Action::Swap(1),
        "onto the 9H's column: a pair"
    );
}
