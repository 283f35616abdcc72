//! Chinchón: exact scoring at the close: a -10 close only without any unmatched card, the
//! best target and order for each loose card, and a non-closer's combinations and lay-offs
//! chosen together for the fewest points left.

use super::*;

/// Seed 2049 deal 0 (greedy and random): seat 0 closes with [3O 3E WILD] [CIRC 1B 2B]; seat
/// 3 holds 3B and 4B. 3B on the 3s (then 4B fits nowhere) leaves 42; 3B then 4B on the run
/// leaves 38.
#[test]
fn a_loose_card_goes_where_the_lay_off_sheds_most() {
    let r = Rules::default();
    let hands = [
        "1E 7B DRAW 4B 10C REV 3B",
        "10E CIRC 6E WILD 12E 9O 4C",
        "4O 8O 5C 9C 2C 7O 2E",
        "CIRC 3O 5B 1B 3E WILD 2B",
    ];
    let mut g = game(&r, &hands, "9E", "12O");
    assert_eq!(g.to_act(), Some(3));
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("12O")));
    let res = g.result();
    assert_eq!(res.scores[0], 1 + 7 + 10 + 10 + 10, "{:?}", g.close);
    assert_eq!(g.close.laid_off[0], 2);
}

/// Seat 0 may lay down the 6s (loose 5C 7C, 12 points) or the run 5C 6C 7C (loose 6E 6B,
/// 12 points): only the second lays off (6E onto 3E 4E 5E, 6B onto 7B 8B 9B).
#[test]
fn a_non_closer_lays_down_the_arrangement_that_lays_off_best() {
    let r = Rules::default();
    let hands = [
        "5C 6C 7C 6E 6B 12C 11E",
        "1C 2C 3C 10O 10B 11B 12B",
        "3E 4E 5E 7B 8B 9B 1O",
    ];
    let mut g = game(&r, &hands, "9O", "12O");
    assert_eq!(g.to_act(), Some(2));
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("12O")));
    let res = g.result();
    assert_eq!(res.scores[2], 1);
    assert_eq!(res.scores[0], 12 + 11, "{:?}", g.close);
    assert_eq!(g.close.laid_off[0], 2);
}

/// Two loose cards that only fit one after the other (12B needs 11B first on 8B 9B 10B: the run
/// grows outwards) are both laid off, though the hand lists 12B first.
#[test]
fn lay_offs_that_need_an_order_are_found() {
    let r = Rules::default();
    let hands = [
        "12B 11B 9E 9C 1E 5O 1C",
        "1O 2O 3O 10O 10C 12C 12E",
        "8B 9B 10B 4E 5E 6E 2C",
    ];
    let mut g = game(&r, &hands, "9O", "3C");
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("3C")));
    let res = g.result();
    assert_eq!(res.scores[2], 2);
    // Seat 1 (next from the closer) lays off nothing; seat 0 lays 11B then 12B.
    assert_eq!(res.scores[0], 9 + 9 + 1 + 5 + 1, "{:?}", g.close);
}

/// Issue 22.1 (seed 77 deal 1 at two, `action_points=0`): the closer keeps a `REV` worth 0
/// points unmatched. That is not a -10 close (a loose card worth 0 is still unmatched): it
/// scores 0, and the other player lays off 2E onto the 2s (10 points, 8 left).
#[test]
fn a_zero_point_loose_card_is_not_a_minus_ten_close() {
    let mut r = Rules::default();
    r.set("action_points", "0").unwrap();
    let hands = ["3C 4E SKIP 2E 1O DRAW SKIP", "2C 2B 2O 4B 5B 6B REV"];
    let mut g = game(&r, &hands, "9B", "3O");
    assert_eq!(g.to_act(), Some(1));
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("3O")));
    assert!(!g.close.minus_ten, "{:?}", g.close);
    assert_eq!(&g.result().scores[..2], &[8, 0]);
    assert_eq!(g.close.laid_off[0], 1);
}

/// A closer whose zero-point cards can all be matched closes for -10 (the arrangement search
/// alone would leave a `CIRC` group worth 0 unmatched), and nobody lays off.
#[test]
fn a_closer_matching_every_zero_point_card_closes_for_minus_ten() {
    let mut r = Rules::default();
    r.set("circ_points", "0").unwrap();
    let hands = ["3C 4E 10B 2E 1O 8O 12E", "CIRC CIRC CIRC 4B 5B 6B 9C"];
    let mut g = game(&r, &hands, "9B", "7B");
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("9C")));
    assert!(g.close.minus_ten, "{:?}", g.close);
    assert_eq!(g.close.n_melds, 2, "the CIRC group is laid down too");
    assert_eq!(g.result().scores[1], -10);
    assert_eq!(g.result().scores[0], 3 + 4 + 10 + 2 + 1 + 8 + 12);
}

/// Issue 22.2 (seed 21 deal 42 at three): the closer lays down [6O 7O 8O] [3B 4B WILD]. Seat
/// 0's best arrangement [5B 6B 7B] leaves 25 (7C 4C 5E 9B); laying 5B 6B 7B 9B off onto the
/// wild run instead (3B..7B, the WILD as 8B, 9B) leaves 16.
#[test]
fn a_non_closer_breaks_its_own_combination_when_laying_off_sheds_more() {
    let r = Rules::default();
    let hands = [
        "6B 5B 7C 4C 5E 7B 9B",
        "2O 3E 5C 12O 1O 11E 10C",
        "6O 7O 8O 3B 4B WILD 1C",
    ];
    let mut g = game(&r, &hands, "9O", "7E");
    assert_eq!(g.to_act(), Some(2));
    g.apply(Action::DrawStock);
    g.apply(Action::Close(c("7E")));
    let res = g.result();
    assert_eq!(res.scores[2], 1);
    assert_eq!(res.scores[0], 7 + 4 + 5, "{:?}", g.close);
    assert_eq!(g.close.laid_off[0], 4);
}

/// The reference: every assignment of each loose card to a combination or to the hand, the
/// grown combinations checked by the tests' own validity check.
fn brute_layoff(melds: &[Vec<Card>], loose: &[Card], p: &[u16]) -> u16 {
    let k = melds.len() + 1;
    let mut best = 0;
    for code in 0..k.pow(loose.len() as u32) {
        let (mut x, mut grown, mut laid) = (code, melds.to_vec(), 0);
        for (i, &card) in loose.iter().enumerate() {
            if x % k < melds.len() {
                grown[x % k].push(card);
                laid += p[i];
            }
            x /= k;
        }
        let ok = grown
            .iter()
            .zip(melds)
            .all(|(g, m)| g.len() == m.len() || naive_valid(g));
        if laid > best && ok {
            best = laid;
        }
    }
    best
}

/// A random close: a closer's combinations (the best arrangement of 10 cards from a shoe
/// crowded with wilds and `CIRC`s) and `n` other cards, most of them sharing a number or a
/// suit with a combination (so that many fit).
fn random_close(
    deck: &mut crate::cards::Pile<{ cards::SHOE_CAP }>,
    rng: &mut GameRng,
    n: usize,
) -> (Vec<Vec<Card>>, Vec<Card>) {
    let r = crowded();
    deck.shuffle(rng);
    let cards = deck.as_slice();
    let closer = &cards[..10];
    let mut masks = [0u16; 4];
    let (_, k) = arrange::arrange(closer, &pts(&r, closer), &mut masks);
    let melds: Vec<Vec<Card>> = masks[..k]
        .iter()
        .map(|&m| arrange::positions(m).map(|i| closer[i]).collect())
        .collect();
    let touches = |x: Card| {
        x.index() >= 48
            || melds.iter().flatten().any(|&y| {
                y.index() < 48
                    && (y.index() / 12 == x.index() / 12 || y.index() % 12 == x.index() % 12)
            })
    };
    let mut loose = Vec::new();
    for &x in &cards[10..] {
        if loose.len() < n && (touches(x) || rng.below(5) == 0) && x.index() < 50 {
            loose.push(x);
        }
    }
    (melds, loose)
}

fn crowded() -> Rules {
    Rules {
        wild: 4,
        circ: 6,
        ..Rules::default()
    }
}

/// The pruned search lays off exactly as much as trying every target for every card, and
/// what it lays off makes valid combinations.
#[test]
fn the_pruned_lay_off_search_matches_brute_force() {
    let r = crowded();
    let mut deck = cards::ordered_shoe(&r, 8);
    let mut rng = GameRng::new(77, 3);
    let (mut laid_some, mut several) = (0, 0);
    for round in 0..3000 {
        let (melds, loose) = random_close(&mut deck, &mut rng, 1 + round % 6);
        if melds.is_empty() {
            continue;
        }
        let p = pts(&r, &loose);
        let piles: Vec<scoring::Meld> =
            melds.iter().map(|m| scoring::Meld::from_slice(m)).collect();
        let (targets, laid) = super::super::layoff::best_layoff(&piles, &loose, &p);
        let want = brute_layoff(&melds, &loose, &p);
        assert_eq!(laid, want, "{:?} <- {}", melds, cards::names(&loose));
        let mut grown = melds.clone();
        let mut sum = 0;
        for (i, &t) in targets[..loose.len()].iter().enumerate() {
            if t != super::super::layoff::STAY {
                grown[t as usize].push(loose[i]);
                sum += p[i];
            }
        }
        assert_eq!(sum, laid);
        assert!(grown.iter().all(|g| naive_valid(g)), "{grown:?}");
        laid_some += (laid > 0) as u32;
        several += (targets
            .iter()
            .filter(|&&t| t != super::super::layoff::STAY)
            .count()
            > 1) as u32;
    }
    assert!(laid_some > 800 && several > 150, "{laid_some} {several}");
}

/// Over whole hands (issue 22.2): a non-closer keeps the fewest points that any way of laying
/// down combinations (every set of disjoint ones, found by brute force over subsets) and then
/// laying off the rest (brute force over targets) leaves, and what it lays off makes valid
/// combinations. Some positions need a worse arrangement than the best one.
#[test]
fn a_non_closer_keeps_the_fewest_points_any_lay_down_and_lay_off_leave() {
    let r = crowded();
    let mut deck = cards::ordered_shoe(&r, 8);
    let mut rng = GameRng::new(78, 5);
    let (mut laid_some, mut worse_arrangement) = (0, 0);
    for round in 0..400 {
        let (melds, hand) = random_close(&mut deck, &mut rng, 7 + round % 2);
        if melds.is_empty() || hand.len() < 7 {
            continue;
        }
        let p = pts(&r, &hand);
        let mut piles: Vec<scoring::Meld> =
            melds.iter().map(|m| scoring::Meld::from_slice(m)).collect();
        let (left, laid) = super::super::layoff::Table::new(&mut piles).lay_off_by(
            1,
            &hand,
            &p,
            &ComboList::of(&hand),
        );
        assert!(piles.iter().all(|m| naive_valid(m.as_slice())), "{piles:?}");
        let grown: usize = piles.iter().map(|m| m.len()).sum();
        assert_eq!(
            grown,
            melds.iter().map(Vec::len).sum::<usize>() + laid as usize
        );
        // Only a card sharing a suit or a number with a combination, or a special card, can
        // ever be laid off.
        let touches = |x: Card| {
            x.index() >= 48
                || melds.iter().flatten().any(|&y| {
                    y.index() < 48
                        && (y.index() / 12 == x.index() / 12 || y.index() % 12 == x.index() % 12)
                })
        };
        let combos: Vec<u16> = (1u16..1 << hand.len())
            .filter(|m| m.count_ones() >= 3)
            .filter(|&m| naive_valid(&arrange::positions(m).map(|i| hand[i]).collect::<Vec<_>>()))
            .collect();
        let mut memo = std::collections::HashMap::new();
        let (mut want, mut best_u, mut best_arr) = (u16::MAX, u16::MAX, u16::MAX);
        packings(&combos, 0, 0, &mut |used| {
            let free: Vec<usize> = (0..hand.len()).filter(|&i| used >> i & 1 == 0).collect();
            let lp: u16 = free.iter().map(|&i| p[i]).sum();
            let fits: Vec<usize> = free.iter().copied().filter(|&i| touches(hand[i])).collect();
            let key: u16 = fits.iter().fold(0, |a, &i| a | 1 << i);
            let shed = *memo.entry(key).or_insert_with(|| {
                let loose: Vec<Card> = fits.iter().map(|&i| hand[i]).collect();
                let lp: Vec<u16> = fits.iter().map(|&i| p[i]).collect();
                brute_layoff(&melds, &loose, &lp)
            });
            want = want.min(lp - shed);
            if lp < best_u {
                (best_u, best_arr) = (lp, lp - shed);
            } else if lp == best_u {
                best_arr = best_arr.min(lp - shed);
            }
        });
        assert_eq!(left, want, "{:?} <- {}", melds, cards::names(&hand));
        laid_some += (laid > 0) as u32;
        worse_arrangement += (want < best_arr) as u32;
    }
    assert!(
        laid_some > 60 && worse_arrangement > 0,
        "{laid_some} {worse_arrangement}"
    );
}

/// Calls `visit` with the union of every set of pairwise disjoint masks from `combos[k..]`.
fn packings(combos: &[u16], k: usize, used: u16, visit: &mut impl FnMut(u16)) {
    visit(used);
    for j in k..combos.len() {
        if combos[j] & used == 0 {
            packings(combos, j + 1, used | combos[j], visit);
        }
    }
}
