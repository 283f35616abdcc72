//! `greedy`: a one-step heuristic on the exact best arrangement, with a one-draw look-ahead.
//!
//! Each card of the hand gets a *cost*: the least unmatched points of the hand without it,
//! plus what keeping it is worth beyond its points:
//! - a `WILD` counts `wild_keep` points (it turns any pair or near run into a combination, and
//!   a discarded special card is gone for everyone);
//! - a card counts `feed` points for each card the next player is known to hold (it took it
//!   from the discards) that it pairs with or stands within two of in its suit: the next
//!   player may take it to complete what it collects;
//! - once the stock has been reshuffled `replan` (2) times, the deal is dragging: the cards each
//!   hand awaits are likely in other hands. Then every number card also counts
//!   `partner_value` points for each card that may still come to the seat (in the discard
//!   pile, or, after a reshuffle, among the cards it put into the stock: [`View::live`]) and
//!   would pair with it or stand within two of it in its suit. So the bot stops waiting for
//!   dead low cards and builds with the cards that go round.
//!
//! - a card counts what it can still become (a one-draw look-ahead, [`lookahead`](super::lookahead)): for each
//!   partial it is in (two cards, one of them loose, that one more card makes a combination),
//!   the partial's loose points times the chance that the next stock card is one of its outs
//!   (the live copies the seat cannot see, after a reshuffle only those it put into the
//!   stock), times `lookahead` (3) draws. A dead card (a `REV`, a number no live card joins)
//!   is worth its points only, so it goes before a live 11C-12C.
//!
//! - Draw: takes the discard top when keeping it (and discarding the cheapest other card)
//!   costs at least `take_gain` (3) less than discarding it again, plus `stock_draw` (1)
//!   times what a stock card is expected to gain the hand (completing one of its partials, or
//!   a lower card in place of its worst loose one); otherwise draws from the stock (a blind
//!   card may combine, and a small swap tells the others what it collects). With
//!   `lookahead=0 stock_draw=0` it plays as the greedy before issue 21
//!   (`strategies/chinchon/greedy-prev.toml`).
//! - Discard: the cheapest card; an action card that costs the next player (`DRAW`, `SKIP`,
//!   and `REV` with three or more players or `reverse_two_players=skip`) counts
//!   `action_bonus` points cheaper, so it is played while it hurts; ties go to the higher-point
//!   card.
//! - Close: as soon as the rules allow it and the points left are at most `close_at`
//!   (always with 0 left), with the closing card that leaves the fewest points. So the draw
//!   takes the discard top whenever that lets it close at once and the hand as it is cannot
//!   (`take_to_close`): a sure close beats the chance that a stock card fits as well.

use super::arrange::{HAND_CAP, positions};
use super::cards::{DRAW, REV, SKIP};
use super::combos::{LIST_CAP, combinations_with};
use super::hand_memo::{HandMemo, Key, with_dead};
use super::lookahead::{
    Near, keep_value_with, keep_values, loose_of, partials_value, partners_at, swap_gain,
};
use super::odds::Odds;
use super::race::{least_below, least_by_bound};
use super::state::{Action, Chinchon, Phase};
use super::unmatched::best_and_without_listed;
use super::view::View;
use super::worth::{Few, Q, Worth};
use crate::cards::{Card, GameRng};
use crate::game::{Game, Seat};
use crate::strategy::{Bot, Knob, Params, Strategy};

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "take_gain",
        default: 3.0,
        doc: "take the discard top when it lowers the hand's cost by at least this",
    },
    Knob {
        name: "close_at",
        default: 25.0,
        doc: "close only with at most this many unmatched points (the rules' limit applies first)",
    },
    Knob {
        name: "action_bonus",
        default: 3.0,
        doc: "points an action card's discard is preferred by (it costs the next player)",
    },
    Knob {
        name: "wild_keep",
        default: 30.0,
        doc: "points a WILD's discard counts worse by (it makes pairs and near runs combinations)",
    },
    Knob {
        name: "feed",
        default: 4.0,
        doc: "points a discard counts worse by for each card the next player is known to hold (it took it from the discards) that it pairs with or stands within two of in its suit",
    },
    Knob {
        name: "replan",
        default: 2.0,
        doc: "reshuffles of the stock after which cards are also valued by their live partners (0: from the start)",
    },
    Knob {
        name: "partner_value",
        default: 1.5,
        doc: "then, points per live card a card could pair with or run with (within two in its suit)",
    },
    Knob {
        name: "lookahead",
        default: 3.0,
        doc: "draws over which a card's partials are valued: a discard costs this many times the points per draw its partials with loose cards may gain from the stock odds (0: points alone, the previous greedy)",
    },
    Knob {
        name: "stock_draw",
        default: 1.0,
        doc: "weight of the expected gain of a stock draw (completing a partial, or a lower card for the worst loose one) that the discard top must beat, besides take_gain (0: the previous greedy)",
    },
    Knob {
        name: "take_to_close",
        default: 1.0,
        doc: "1: take the discard top whenever it lets the seat close at once and the hand as it is does not (a sure close beats any stock card); 0: weigh such a take in points like any other (the previous greedy)",
    },
];

/// The greedy bot with its knob values.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    take_gain: i32,
    close_at: u16,
    action_bonus: i32,
    wild_keep: i32,
    feed: i32,
    replan: u32,
    partner_value: i32,
    lookahead: i64,
    stock_draw: i64,
    take_to_close: bool,
    /// The hands whose least points the bot worked out: most decisions derive theirs from
    /// them instead of searching the hand.
    memo: HandMemo,
}

impl Greedy {
    /// The bot with the knob values of `p` (defaults for those it does not set).
    pub fn new(p: &Params) -> Greedy {
        let quarters = |name| (p.knob(KNOBS, name) * Q as f64).round() as i32;
        Greedy {
            take_gain: quarters("take_gain"),
            close_at: p.knob(KNOBS, "close_at").max(0.0).round() as u16,
            action_bonus: p.knob(KNOBS, "action_bonus").round() as i32,
            wild_keep: p.knob(KNOBS, "wild_keep").round() as i32,
            feed: quarters("feed"),
            replan: p.knob(KNOBS, "replan").max(0.0).round() as u32,
            partner_value: quarters("partner_value"),
            lookahead: quarters("lookahead") as i64,
            stock_draw: quarters("stock_draw") as i64,
            take_to_close: p.knob(KNOBS, "take_to_close") != 0.0,
            memo: HandMemo::NONE,
        }
    }

    /// The most unmatched points it closes with: `close_at`, within the rules' limit.
    fn close_limit(&self, v: &View<'_>) -> u16 {
        self.close_at.min(v.rules.close_limit)
    }

    /// The keep values of `cards` in quarter points (see [`lookahead`](super::lookahead)),
    /// given the least points without each card; also the one-draw value of all the hand's
    /// partials and the points of its worst loose card, in quarter points.
    fn keeps(
        &self,
        cards: &[Card],
        pts: &[u16],
        without: &[u16],
        odds: &Odds,
        out: &mut [i32; HAND_CAP],
    ) -> (i64, u16) {
        let loose = loose_of(without, pts);
        let mut kv = [0u32; HAND_CAP];
        let all = keep_values(cards, pts, loose, odds, &mut kv);
        let total = odds.total.max(1) as i64;
        for (o, &k) in out.iter_mut().zip(&kv[..cards.len()]) {
            *o = (self.lookahead * k as i64 / total) as i32;
        }
        let worst = (0..cards.len())
            .filter(|&i| loose >> i & 1 == 1)
            .map(|i| pts[i])
            .max()
            .unwrap_or(0);
        (Q as i64 * all as i64 / total, worst)
    }

    /// What keeping each card is worth in `v`, as if the seat held `taken` too (the discard
    /// top it weighs taking: then that card is no longer live, as after taking it).
    #[inline(always)]
    fn worth(&self, v: &View<'_>, taken: Option<Card>) -> Worth {
        let live = (v.reshuffles >= self.replan).then(|| {
            let mut l = v.live();
            if let Some(x) = taken.and_then(|c| l.get_mut(c.index() as usize)) {
                *x = x.saturating_sub(1);
            }
            l
        });
        let next = v.known(v.next_seat(v.seat));
        let next_known = (self.feed != 0 && !next.is_empty()).then(|| Few::of(next));
        Worth {
            wild_keep: self.wild_keep,
            next_known,
            feed: self.feed,
            live,
            partner_value: self.partner_value,
        }
    }

    fn draw(&mut self, v: &View<'_>) -> Action {
        // Without a stock to draw from, the discard is the only draw (and the other way).
        let fallback = if v.can_draw_stock() {
            Action::DrawStock
        } else {
            Action::DrawDiscard
        };
        let top = match v.discard.last() {
            Some(&c) if v.can_take_discard() => c,
            _ => return fallback,
        };
        let n = v.hand.len();
        if n + 1 > HAND_CAP {
            return fallback;
        }
        let mut cards = [Card::from_index(0); HAND_CAP];
        let mut pts = [0u16; HAND_CAP];
        cards[..n].copy_from_slice(v.hand);
        cards[n] = top;
        for (p, &c) in pts.iter_mut().zip(&cards[..=n]) {
            *p = v.points(c);
        }
        let key = Key::of(v.hand, v.card_points);
        // The hand's combinations are listed; only those holding the top are new. Without
        // any, the top is dead and the hand's values give those with it.
        // The hand's masks with the top at position `n` (for its new combinations and for
        // the cards' partners), and the list of the hand with the top as
        // [`ComboList::added`](super::combos::ComboList::added) makes it (`None` when crowded).
        let mut masks = *v.combos.hand_masks();
        masks.add(n, top);
        let before = v.combos.list();
        let mut found = v.combos.found();
        let listed = match before {
            Some(list) if v.combos.may_join(top) => {
                let len = list.len();
                let k = combinations_with(&masks, 1 << n, &mut found[len..]);
                (len + k <= LIST_CAP).then(|| &found[..len + k])
            }
            _ => before,
        };
        let joins = before.is_none() || listed.map(|l| l.len()) != before.map(|l| l.len());
        let without = if joins {
            let mut w = [0u16; HAND_CAP];
            best_and_without_listed(&cards[..=n], &pts[..=n], listed, &mut w);
            w
        } else {
            let (w, best) = self.memo.rest(key, v.hand, &pts[..n], v.combos.list());
            let all = with_dead(&w, best, n, pts[n]);
            debug_assert!({
                let mut w = [0u16; HAND_CAP];
                best_and_without_listed(&cards[..=n], &pts[..=n], listed, &mut w);
                w[..=n] == all[..=n]
            });
            all
        };
        // A sure close now: the top lets the hand close with another card face down, and the
        // hand as it is (the top thrown again) cannot close, so a stock card would close only
        // if it fitted as well. The discard that follows closes (it looks for a close first).
        let limit = self.close_limit(v);
        if self.take_to_close && without[n] > limit && without[..n].iter().any(|&w| w <= limit) {
            self.memo.set_taken(key.with(top), &without);
            return Action::DrawDiscard;
        }
        let worth = self.worth(v, Some(top));
        let mut odds = LazyOdds { v, odds: None };
        let mut cost = [0i32; HAND_CAP];
        let fill = |cost: &mut [i32]| {
            for (x, (&c, &w)) in cost.iter_mut().zip(cards.iter().zip(&without)) {
                *x = worth.cost(c, w);
            }
        };
        // The stock draw's expected gain is never negative with `stock_draw >= 0`, nor a keep
        // value with `lookahead >= 0`: when the top falls short of `take_gain` even with only
        // its own keep value, the stock it is (the rest is not needed).
        let prunes = self.stock_draw >= 0 && self.lookahead >= 0;
        let (now, after) = if self.lookahead != 0 && prunes {
            let loose = loose_of(&without[..=n], &pts[..=n]);
            let hand = &cards[..=n];
            let near = Near::of(&masks);
            cost[n] = worth.cost(top, without[n]);
            let now = cost[n] + self.keep_at(hand, &pts[..=n], loose, &mut odds, &near, n);
            // First against a floor below the other cards' costs (their points and `WILD`
            // keeps alone), when the terms it leaves out are never negative: most tops fall
            // short of it, and then the other costs are not needed.
            if self.feed >= 0 && self.partner_value >= 0 {
                let floor = (0..n).map(|i| worth.floor(cards[i], without[i])).min();
                if now - floor.expect("a hand") < self.take_gain {
                    return fallback;
                }
            }
            fill(&mut cost[..n]);
            let least = cost[..n].iter().copied().min().expect("a hand");
            if now - least < self.take_gain {
                return fallback;
            }
            // The best card to shed instead, keep values asked only where the bound leaves a
            // card in the race; none below `now - take_gain` is the stock at once.
            let all = ((1u32 << n) - 1) as u16;
            let limit = now - self.take_gain;
            let Some(after) = least_below(&cost[..n], all, limit, |i| {
                cost[i] + self.keep_at(hand, &pts[..=n], loose, &mut odds, &near, i)
            }) else {
                return fallback;
            };
            (now, after)
        } else if self.lookahead != 0 {
            fill(&mut cost[..=n]);
            let mut kv = [0i32; HAND_CAP];
            self.keeps(
                &cards[..=n],
                &pts[..=n],
                &without[..=n],
                odds.get(),
                &mut kv,
            );
            let after = (0..n).map(|i| cost[i] + kv[i]).min().expect("a hand");
            (cost[n] + kv[n], after)
        } else {
            fill(&mut cost[..=n]);
            (cost[n], cost[..n].iter().copied().min().expect("a hand"))
        };
        if now - after < self.take_gain && prunes {
            return fallback;
        }
        let mut gain = 0;
        if self.stock_draw != 0 {
            // The hand as it is: what a stock card is expected to gain it.
            let odds = odds.get();
            let (w7, _) = self.memo.rest(key, v.hand, &pts[..n], v.combos.list());
            let loose = loose_of(&w7[..n], &pts[..n]);
            let total = odds.total.max(1) as i64;
            let all = Q as i64 * partials_value(v.hand, &pts[..n], loose, odds) as i64 / total;
            let worst = positions(loose).map(|i| pts[i]).max().unwrap_or(0);
            let swap = Q as i64 * swap_gain(odds, worst, v.card_points) as i64 / total;
            gain = (self.stock_draw * (all + swap) / Q as i64) as i32;
        }
        if now - after >= self.take_gain + gain {
            // The discard that follows reads the values of the hand with the top here.
            self.memo.set_taken(key.with(top), &without);
            Action::DrawDiscard
        } else {
            fallback
        }
    }

    /// The best discard or close, trying each distinct card in hand order (ties keep the
    /// first); a close, when allowed, beats every discard.
    fn discard(&mut self, v: &View<'_>) -> Action {
        let n = v.hand.len();
        let mut pts = [0u16; HAND_CAP];
        for (p, &c) in pts.iter_mut().zip(v.hand) {
            *p = v.points(c);
        }
        // The hand the draw weighed, when the bot took the discard top; or the hand between
        // turns with a dead card drawn.
        let listed = v.combos.list();
        let live = listed.map(|l| l.iter().fold(0u16, |a, &c| a | c));
        let last = n.saturating_sub(1);
        let hand_key = Key::of(v.hand, v.card_points);
        let all = match self.memo.taken(hand_key) {
            Some(w) => *w,
            None => match self.memo.rest_if(hand_key.less_last()) {
                Some((w, best)) if live.is_some_and(|l| l >> last & 1 == 0) => {
                    let all = with_dead(w, best, last, pts[last]);
                    debug_assert_eq!(all[..n], v.without().expect("discarding")[..n]);
                    all
                }
                // What `View::without` gives, from the points at hand.
                _ => {
                    let mut w = [0u16; HAND_CAP];
                    best_and_without_listed(v.hand, &pts[..n], listed, &mut w);
                    debug_assert_eq!(w[..n], v.without().expect("discarding")[..n]);
                    w
                }
            },
        };
        let without = &all[..n];
        // A close beats every discard: look for one first, and weigh the discards only
        // without one.
        let mut close: Option<(u16, usize)> = None;
        let limit = self.close_limit(v);
        if without.iter().any(|&w| w <= limit) {
            // The first of the least (copies of a card have the same value).
            for (i, &w) in without.iter().enumerate() {
                if w <= limit && close.is_none_or(|(x, _)| w < x) {
                    close = Some((w, i));
                }
            }
        }
        if let Some((_, i)) = close {
            return Action::Close(v.hand[i]);
        }
        let rev_hurts = v.active.len() > 2 || v.rules.reverse_skips_two;
        // The action cards whose discard costs the next player, as card index bits.
        let hurting =
            1u64 << DRAW.index() | 1u64 << SKIP.index() | (rev_hurts as u64) << REV.index();
        let worth = self.worth(v, None);
        // Each distinct card's key without its keep value, a bound below its key (keep
        // values are never negative with `lookahead >= 0`).
        let mut seen = 0u64;
        let mut cands = 0u16;
        let mut low = [0i32; HAND_CAP];
        for (i, &c) in v.hand.iter().enumerate() {
            let bit = 1u64 << (c.index() & 63);
            if seen & bit != 0 {
                continue; // a second copy: the same choices
            }
            seen |= bit;
            cands |= 1 << i;
            let bonus = if hurting & bit != 0 {
                Q * self.action_bonus
            } else {
                0
            };
            low[i] = (worth.cost(c, without[i]) - bonus) * 64 - pts[i] as i32;
        }
        let key = |i: usize, kv: i32| low[i] + kv * 64;
        let at = if self.lookahead == 0 {
            least_by_bound(&low[..n], cands, |i| low[i]).1
        } else {
            let mut odds = LazyOdds { v, odds: None };
            if self.lookahead > 0 {
                // Keep values one card at a time, only for cards a bound leaves in the race.
                let loose = loose_of(&without[..n], &pts[..n]);
                let near = Near::of(v.combos.hand_masks());
                least_by_bound(&low[..n], cands, |i| {
                    key(
                        i,
                        self.keep_at(v.hand, &pts[..n], loose, &mut odds, &near, i),
                    )
                })
                .1
            } else {
                let mut kv = [0i32; HAND_CAP];
                self.keeps(v.hand, &pts[..n], &without[..n], odds.get(), &mut kv);
                let exact: [i32; HAND_CAP] = std::array::from_fn(|i| key(i, kv[i]));
                least_by_bound(&exact[..n], cands, |i| exact[i]).1
            }
        };
        if live.is_some_and(|l| l >> at & 1 == 0) {
            self.memo.discarded_dead(hand_key, &all, at, pts[at]);
        }
        Action::Discard(v.hand[at])
    }

    /// The keep value of position `k` alone, in quarter points: what [`Greedy::keeps`] gives
    /// it.
    ///
    /// A card in no partial with a loose card is worth 0 whatever the odds: then the odds
    /// are not worked out.
    #[inline(always)]
    fn keep_at(
        &self,
        cards: &[Card],
        pts: &[u16],
        loose: u16,
        odds: &mut LazyOdds<'_, '_>,
        near: &Near,
        k: usize,
    ) -> i32 {
        let partners = partners_at(cards, loose, near, k);
        if partners == 0 {
            return 0;
        }
        let odds = odds.get();
        let raw = keep_value_with(cards, pts, loose, odds, k, partners);
        let (num, total) = (self.lookahead * raw as i64, odds.total.max(1));
        // The same quotient in 32 bits when it fits (a shorter division).
        match u32::try_from(num) {
            Ok(x) => (x / total) as i32,
            Err(_) => (num / total as i64) as i32,
        }
    }
}

/// The odds of one decision ([`Odds::of`] its view), worked out when first asked.
struct LazyOdds<'a, 'v> {
    v: &'a View<'v>,
    odds: Option<Odds>,
}

impl LazyOdds<'_, '_> {
    #[inline]
    fn get(&mut self) -> &Odds {
        let v = self.v;
        self.odds.get_or_insert_with(|| Odds::of(v))
    }
}

impl Strategy<Chinchon> for Greedy {
    fn begin_deal(&mut self, _seat: Seat) {
        self.memo = HandMemo::NONE;
    }

    fn act(
        &mut self,
        v: &<Chinchon as Game>::View<'_>,
        _legal: &[Action],
        _rng: &mut GameRng,
    ) -> Action {
        match v.phase {
            Phase::Draw => self.draw(v),
            _ => self.discard(v),
        }
    }

    /// Every choice follows from the view: the runner need not list them.
    fn reads_legal(&self) -> bool {
        false
    }
}

fn build(p: &Params) -> Box<dyn Strategy<Chinchon>> {
    Box::new(Greedy::new(p))
}

/// The bots of Chinchón besides `random`.
pub static BOTS: &[Bot<Chinchon>] = &[Bot {
    name: "greedy",
    about: "takes discards that beat the expected stock draw, sheds the card that costs most for what it can still become with live cards, keeps WILDs, closes when it may",
    knobs: KNOBS,
    build,
}];
