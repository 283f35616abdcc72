//! Lasso: how rounds and matches end (empty stock, reshuffle, the turn cap, the target), and a
//! lasso of four of a kind, on stacked decks.

use super::*;

#[test]
fn empty_stock_reshuffles_the_pile_bottoms() {
    let mut r = LassoRules::default();
    r.set("empty_stock", "reshuffle").unwrap();
    let mut g = after_setup(&r, "");
    dry_stock(&mut g, "");
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Stock);
    // 9C and 4H (below the tops) became the stock; one of them is now in seat 1's hand
    assert_eq!(
        (g.stock.len(), g.piles[0].len(), g.piles[1].len()),
        (1, 1, 1)
    );
    assert!(g.hands[1].contains(c("9C")) || g.hands[1].contains(c("4H")));
    assert_eq!(g.phase, Phase::Discard);
    // nothing left to reshuffle (every pile is a lone top): the stock is dead, so its moves
    // are offered only when nothing else is legal (here hand discards are)
    dry_stock(&mut g, "");
    let l = legal(&g);
    assert!(
        !l.is_empty()
            && !l
                .iter()
                .any(|a| matches!(a, Action::Blind(_) | Action::DrawUntil)),
        "{l:?}"
    );
}

#[test]
fn a_reshuffle_keeps_the_card_under_a_face_down_top() {
    let mut r = LassoRules::default();
    r.set("empty_stock", "reshuffle").unwrap();
    let mut g = after_setup(&r, "");
    dry_stock(&mut g, "");
    play(&mut g, Action::Reveal(1));
    // Pretend pile 0's top went down face down: its reveal must still be able to mismatch.
    g.down[0] = true;
    let under = g.piles[0].as_slice()[0];
    play(&mut g, Action::Stock);
    assert_eq!(
        (g.piles[0].len(), g.piles[1].len(), g.stock.len()),
        (2, 1, 0)
    );
    assert_eq!(g.piles[0].as_slice()[0], under);
}

#[test]
fn the_turn_cap_ends_the_round_with_no_bonus() {
    let mut g = after_setup(&LassoRules::default(), "");
    g.turns = MAX_TURNS;
    let start = g.turns;
    // Play seat 1's turn with its first legal choice each time; the next turn would exceed
    // the cap, so the round ends there.
    for _ in 0..40 {
        if g.to_act().is_none() {
            break;
        }
        let a = legal(&g)[0];
        play(&mut g, a);
    }
    assert!(
        g.to_act().is_none() && g.capped,
        "turns {} from {start}",
        g.turns
    );
    let r = g.result();
    assert!(
        r.scores[..2].iter().all(|&s| s < 100),
        "no going-out bonus: {:?}",
        r.scores
    );
}

#[test]
fn a_match_ends_at_the_target_and_the_highest_total_wins() {
    use crate::game::{MatchProgress, SeatMask};
    let r = LassoRules::default();
    let mut m = MatchProgress::new(3);
    m.totals[..3].copy_from_slice(&[499, 120, -30]);
    assert!(!Lasso::match_over(&r, &m));
    m.totals[..3].copy_from_slice(&[520, 560, 90]);
    assert!(Lasso::match_over(&r, &m));
    assert_eq!(Lasso::match_winners(&r, &m), SeatMask::one(1));
    m.totals[..3].copy_from_slice(&[560, 560, 90]);
    assert_eq!(
        Lasso::match_winners(&r, &m),
        SeatMask(0b011),
        "a tie is shared"
    );
    let mut low = LassoRules::default();
    low.set("target", "100").unwrap();
    m.totals[..3].copy_from_slice(&[99, 100, 0]);
    assert!(Lasso::match_over(&low, &m) && !Lasso::match_over(&r, &m));
}

/// Four of a kind may be lassoed with an ace of any suit; the answers then follow that ace's
/// suit (K, Q, ... of diamonds here), not the set's cards.
#[test]
fn four_of_a_kind_is_lassoed_with_any_ace_and_answered_in_its_suit() {
    let hands = [
        "7C 7D 7H 7S JH 3C 4C",
        "AD 2H 3H 4H 5H 6H 8H",
        "KD 2S 3S 4S 5S 6S 8S",
        "QH 8C 9C TC JC QC KC",
    ];
    let mut g = stacked(&LassoRules::default(), 3, &hands, "");
    for (up, down) in [("3C", "4C"), ("2H", "3H"), ("2S", "3S"), ("8C", "9C")] {
        play(&mut g, Action::Setup(c(up), c(down)));
    }
    play(&mut g, Action::Reveal(1));
    play(&mut g, Action::Take(3, 1)); // 9C from the dealer's open pile
    play(&mut g, Action::Discard(c("9C"), 3));
    let ts = g.stock.as_slice().iter().position(|&x| x == c("TS"));
    let ts = g.stock.remove_at(ts.unwrap());
    g.hands[0].insert(ts); // seat 0 keeps cards, so the set can be lassoed
    play(&mut g, Action::Lay(cs("7C 7D 7H 7S")));
    assert_eq!((g.phase, g.to_act()), (Phase::Lasso, Some(1)));
    assert_eq!(legal(&g), vec![Action::Pass, Action::Lasso(c("AD"))]);
    play(&mut g, Action::Lasso(c("AD")));
    assert_eq!(
        (g.phase, g.to_act(), g.sets[0].owner),
        (Phase::Answer(c("KD")), Some(2), 1)
    );
    play(&mut g, Action::Answer(c("KD")));
    // QD is in the stock: nobody can answer, seat 2 owns the set
    assert_eq!(g.sets[0].owner, 2);
    assert_eq!(g.aside, cs("AD KD"));
    assert_eq!(g.sets[0].points, 3 * (7 * 4));
}

/// `chance_note` (what `trace` writes at a reshuffle) gives the new stock, top first, in the
/// very order `apply` then deals it: on a stacked deal (a draw on an empty stock) and at
/// every reshuffle of random deals (draws, blind discards, refills, draw-until-match); and
/// nothing for an action that does not reshuffle.
#[test]
fn the_trace_names_the_new_stock_order_at_every_reshuffle() {
    let mut r = LassoRules::default();
    r.set("empty_stock", "reshuffle").unwrap();
    let mut g = after_setup(&r, "");
    dry_stock(&mut g, "");
    play(&mut g, Action::Reveal(1));
    assert_eq!(
        g.describe(Action::Stock),
        "seat 1 draws the top of the reshuffled stock"
    );
    let (text, json) = super::text::chance_note(&g, Action::Stock).expect("a reshuffle");
    let order = json["reshuffle"]["stock"].as_array().unwrap().clone();
    assert_eq!(order.len(), 2);
    let top = order[1].as_str().unwrap().to_string();
    assert_eq!(
        text,
        format!(
            "reshuffle: the stock is now, top first: {top} {}",
            order[0].as_str().unwrap()
        )
    );
    play(&mut g, Action::Stock);
    assert!(g.hands[1].contains(c(&top)), "seat 1 drew the top, {top}");
    assert_eq!(
        g.stock.as_slice()[0].to_string(),
        order[0].as_str().unwrap()
    );

    // random deals: every action that reshuffles (its chance rng moves, or the stock gets
    // new cards) has a note, and the note's order is the stock left after the action with
    // the cards the action drew on top, the last drawn at the very top; no other action
    // has one
    let mut rng = GameRng::new(24, 14);
    let (mut notes, mut kinds) = (0, std::collections::BTreeSet::new());
    let mut buf = ActionList::new();
    for deal in 0..300 {
        let mut g = Lasso::deal(&r, &Table::first(2 + deal % 3), &mut rng);
        while g.to_act().is_some() {
            buf.clear();
            g.legal_actions(&mut buf);
            let a = buf[rng.index(buf.len())];
            let note = super::text::chance_note(&g, a);
            let before = g.clone();
            g.apply(a);
            // cards gathered from the piles: what the piles lost, less the stock card a
            // blind discard or a refill put face down
            let total = |g: &Lasso| (0..SLOTS).map(|p| g.piles[p].len()).sum::<usize>();
            let put = match (a, before.phase) {
                (Action::Blind(p), _) | (Action::RefillStock, Phase::Refill(p, _)) => {
                    usize::from(g.down[p as usize])
                }
                _ => 0,
            };
            let stock_move = matches!(
                a,
                Action::Stock | Action::Blind(_) | Action::RefillStock | Action::DrawUntil
            );
            let gathered = stock_move && total(&before) + put > total(&g);
            assert_eq!(note.is_some(), gathered, "{deal} {a:?}");
            let Some((_, json)) = note else { continue };
            notes += 1;
            kinds.insert(format!("{a:?}").chars().take(5).collect::<String>());
            let order: Vec<Card> = json["reshuffle"]["stock"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().parse().unwrap())
                .collect();
            let (left, drawn) = order.split_at(g.stock.len());
            assert_eq!(left, g.stock.as_slice(), "deal {deal}: {a:?}");
            if g.to_act().is_some() {
                // (a draw-until-match that runs through the new stock too ends the round
                // with a second reshuffle that finds nothing to gather)
                assert_eq!(
                    order.iter().copied().collect::<CardSet>(),
                    g.restock,
                    "{deal}"
                );
            }
            let seat = before.turn as usize;
            let last = *drawn.last().expect("the action drew from the new stock");
            match a {
                Action::Stock => assert_eq!(drawn, &[last][..]),
                Action::Blind(p) => assert_eq!(g.piles[p as usize].top(), Some(last)),
                Action::RefillStock => {
                    let Phase::Refill(p, _) = before.phase else {
                        unreachable!()
                    };
                    assert_eq!(g.piles[p as usize].top(), Some(last));
                }
                _ => {}
            }
            if !matches!(a, Action::Blind(_) | Action::RefillStock) {
                assert!(drawn.iter().all(|&x| g.hands[seat].contains(x)), "{deal}");
            }
        }
    }
    assert!(notes > 50 && kinds.len() >= 3, "{notes} notes, {kinds:?}");
}
