//! Scoring at the close: the closer lays down its combinations (a -10 close, or a chinchón,
//! when no card is left unmatched, not even one worth 0 points); every other player, in turn
//! order from the closer, lays down combinations of its own and lays off loose cards onto the
//! closer's combinations (not after a -10 close), the two chosen together for the fewest
//! points left. Also the `score` command's answer.

use super::arrange::{HAND_CAP, arrange, arrange_listed, is_combination, positions};
use super::cards::{self, WILD, points};
use super::layoff::Table;
use super::rules::{ChinchonBonus, Rules};
use super::state::Chinchon;
use super::state::HAND;
use super::unmatched::{best_and_without, best_and_without_listed};
use crate::cards::{Card, CardCounts, Pile};
use crate::game::{DealResult, MAX_SEATS, Seat, SeatMask};

/// A deal score meaning "chinchón under `chinchon=win`": the match layer makes this seat the
/// winner at once (no other deal score can be this low).
pub const CHINCHON_WIN: i32 = -100;

/// A laid-down combination (lay-offs may grow it).
pub type Meld = Pile<16>;

/// The outcome of a close.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CloseScore {
    pub scores: [i32; MAX_SEATS],
    pub winners: SeatMask,
    /// The closer had no unmatched card (no lay-offs allowed).
    pub minus_ten: bool,
    /// The closer's 7 cards were one run without wild.
    pub chinchon: bool,
    /// The closer's combinations, with what was laid off onto them.
    pub melds: [Meld; HAND_CAP / 3],
    pub n_melds: usize,
    /// Cards each seat laid off.
    pub laid_off: [u8; MAX_SEATS],
    /// The seat that put each card of each of `melds` (the closer for its own cards).
    pub by: [[u8; 16]; HAND_CAP / 3],
}

/// True when `hand` (the closer's cards after the closing discard) is a chinchón.
pub fn is_chinchon(hand: &[Card]) -> bool {
    hand.len() == 7 && !hand.contains(&WILD) && is_combination(hand.iter().copied())
}

/// The closer's score with nothing unmatched.
pub fn clean_close_score(rules: &Rules, chinchon: bool) -> i32 {
    match (chinchon, rules.chinchon) {
        (false, _) | (true, ChinchonBonus::None) => -10,
        (true, ChinchonBonus::Win) => CHINCHON_WIN,
        (true, ChinchonBonus::Minus25) => -25,
        (true, ChinchonBonus::Minus50) => -50,
    }
}

/// Scores every active seat after `closer` closed. Every other player, in turn order from
/// the closer, keeps the fewest unmatched points its combinations and its lay-offs, chosen
/// together, can leave (over every set of combinations, target and order), with no lay-off
/// after a -10 close.
pub fn score_close(s: &Chinchon, closer: Seat) -> CloseScore {
    let mut out = CloseScore::default();
    let hand = s.hands[closer].as_slice();
    let pts = s.hand_points(closer);
    let mut masks = [0u16; HAND_CAP / 3];
    let listed = Some(&s.combos[closer]);
    let (u, mut k) = arrange_listed(hand, &pts[..hand.len()], listed, &mut masks);
    // A -10 close leaves no card unmatched, not even one worth 0 points (which the best
    // arrangement may leave loose): counting each card as 1 point tells whether every card
    // can be matched, and gives the combinations laid down then.
    let mut clean = false;
    if u == 0 && pts[..hand.len()].iter().all(|&p| p > 0) {
        // Every card worth points: none is loose, and counting each as 1 point would lay
        // down these same combinations. An arrangement leaves 0 points exactly when it
        // matches every card under either count, so the unique best packing is the same,
        // and so is each choice of the recurrence: at cards that can all be matched it keeps
        // the first strictly better option, the first combination whose rest can all be
        // matched (a test compares the two searches).
        clean = true;
    } else if u == 0 {
        let ones = [1u16; HAND_CAP];
        let mut all = [0u16; HAND_CAP / 3];
        let (loose, n) = arrange_listed(hand, &ones[..hand.len()], listed, &mut all);
        if loose == 0 {
            (clean, masks, k) = (true, all, n);
        }
    }
    for (meld, &m) in out.melds.iter_mut().zip(&masks[..k]) {
        for p in positions(m) {
            meld.push(hand[p]);
        }
    }
    out.n_melds = k;
    out.minus_ten = clean;
    out.chinchon = clean && is_chinchon(hand);
    out.scores[closer] = if clean {
        clean_close_score(&s.rules, out.chinchon)
    } else {
        u as i32
    };
    let mut table = Table::new(&mut out.melds[..k]);
    let mut p = s.next(closer);
    while p != closer {
        let hand = s.hands[p].as_slice();
        let pts = s.hand_points(p);
        let (pts, combos) = (&pts[..hand.len()], &s.combos[p]);
        out.scores[p] = if out.minus_ten {
            let mut without = [0u16; HAND_CAP];
            best_and_without_listed(hand, pts, combos.list(), &mut without) as i32
        } else {
            let (left, laid) = table.lay_off_by(p as u8, hand, pts, combos);
            out.laid_off[p] = laid;
            left as i32
        };
        p = s.next(p);
    }
    out.by = table
        .by
        .map(|m| m.map(|x| if x == u8::MAX { closer as u8 } else { x }));
    out.winners = lowest(s.active, &out.scores);
    out
}

/// Who leads while the deal runs ([`Game::result_now`](crate::game::Game::result_now)):
/// every active seat scores the least unmatched points of its hand as it stands, the seat
/// about to discard those of its hand after its best discard (the 7 cards it would keep), as
/// if the deal were scored now with no close and no lay-off (0 points left is 0, not a -10
/// close: nobody closed); the lowest score leads. `end` and `turns` as
/// [`Game::result`](crate::game::Game::result) would give them.
pub fn standing(s: &Chinchon) -> DealResult {
    let mut scores = [0i32; MAX_SEATS];
    for p in s.active.iter() {
        let hand = s.hands[p].as_slice();
        let pts = s.hand_points(p);
        let mut without = [0u16; HAND_CAP];
        let whole =
            best_and_without_listed(hand, &pts[..hand.len()], s.combos[p].list(), &mut without);
        let discarding = p == s.turn && s.phase == super::state::Phase::Discard;
        scores[p] = if discarding {
            without[..hand.len()].iter().copied().min().unwrap_or(whole)
        } else {
            whole
        } as i32;
    }
    DealResult {
        players: s.players,
        scores,
        winners: lowest(s.active, &scores),
        turns: s.turns,
        end: 0,
    }
}

/// The active seats with the lowest score (shared ties).
pub fn lowest(active: SeatMask, scores: &[i32; MAX_SEATS]) -> SeatMask {
    SeatMask::extreme_of(active, scores, true)
}

/// The `score` command: 7 to 12 cards (a hand holds 7, one more after drawing, and one more
/// for each `DRAW` it took). Refuses a position no shoe holds: more copies of a card than two
/// decks have under `rules` (the biggest shoe).
pub fn score_cli(rules: &Rules, args: &[String]) -> Result<serde_json::Value, String> {
    if !(HAND..=HAND_CAP).contains(&args.len()) {
        return Err(format!(
            "takes 7 to 12 cards (7 in hand, one more after drawing, one more per DRAW taken; \
             e.g. 1O 2O 3O 7C 7E 7B WILD), got {}",
            args.len()
        ));
    }
    let hand: Vec<Card> = args
        .iter()
        .map(|a| cards::parse(a))
        .collect::<Result<_, _>>()?;
    let counts: CardCounts = hand.iter().copied().collect();
    let shoe = cards::shoe(rules, MAX_SEATS);
    if let Some((c, n)) = counts.iter().find(|&(c, n)| n > shoe.count(c)) {
        return Err(format!(
            "too many {} ({n}): the biggest shoe (two decks) holds {} under these rules",
            cards::name(c),
            shoe.count(c)
        ));
    }
    Ok(score_json(rules, &hand))
}

/// The `score` command's answer. With 7 cards, their best arrangement. With more (a hand
/// after drawing), the best discard (fewest points left, the higher card on ties) and the
/// arrangement of the cards left, and under `"whole_hand"` the arrangement of all of them (a
/// hand grown by `DRAW` cards, between turns).
pub fn score_json(rules: &Rules, cards: &[Card]) -> serde_json::Value {
    let n = cards.len();
    let pts: Vec<u16> = cards.iter().map(|&c| points(rules, c)).collect();
    let whole = arrangement_json(rules, cards, &pts);
    if n <= HAND {
        return whole;
    }
    let mut without = [0u16; HAND_CAP];
    best_and_without(cards, &pts, &mut without);
    let i = (0..n)
        .min_by_key(|&i| (without[i], u16::MAX - pts[i]))
        .expect("cards");
    let mut hand: Pile<HAND_CAP> = Pile::from_slice(cards);
    let discard = hand.remove_at(i);
    let mut left_pts = pts.clone();
    left_pts.remove(i);
    let mut v = arrangement_json(rules, hand.as_slice(), &left_pts);
    v["discard"] = serde_json::Value::String(cards::name(discard));
    v["whole_hand"] = whole;
    v
}

/// `{"unmatched", "can_close", "combinations"}` for `hand`.
fn arrangement_json(rules: &Rules, hand: &[Card], pts: &[u16]) -> serde_json::Value {
    let mut masks = [0u16; HAND_CAP / 3];
    let (u, k) = arrange(hand, pts, &mut masks);
    let combos: Vec<Vec<String>> = masks[..k]
        .iter()
        .map(|&m| positions(m).map(|p| cards::name(hand[p])).collect())
        .collect();
    serde_json::json!({
        "unmatched": u,
        "can_close": u <= rules.close_limit,
        "combinations": combos,
    })
}
