//! Greedy's meld-phase decision without walking every legal step through a value closure.
//! Once its partnership has opened, a step's value takes few forms: off the going-out case
//! it depends only on the step's kind and its rank's meld, so the best step is the lowest
//! rank of the best non-empty class of rank masks ([`melds::step_masks`]); in the
//! going-out case each legal step is valued in one loop over the masked ranks, with the
//! leftover count's per-rank share computed once per rank. The discard is picked rank by
//! rank from the tally, the card looked up only for the rank chosen. Every pick is the
//! one the walk of every legal step and discard gives ([`Greedy::pick_meld`] and the
//! discard listing, the first of the highest value in the legal list's order):
//! `tests_fast.rs` checks them at every position of whole deals.

use super::super::melds::{self, JOKER, TWO};
use super::super::state::Action;
use super::super::view::View;
use super::{BooksMet, Greedy, rank_share};
use crate::cards::Card;

/// The ranks of `mask` whose meld in `m` is a book already (7 cards or more).
fn booked_ranks(m: &melds::Melds, mut mask: u32) -> u32 {
    let mut out = 0;
    while mask != 0 {
        let r = lowest(mask);
        mask &= mask - 1;
        if m.is_book(r) {
            out |= 1 << r;
        }
    }
    out
}

/// The lowest rank index of a non-empty rank mask.
#[inline]
fn lowest(mask: u32) -> u8 {
    mask.trailing_zeros() as u8
}

impl Greedy {
    /// The meld step to make (`None`: none is worth it) and, where it was walked, the
    /// first legal step (`None` inside: none is legal); once opened the first step is
    /// not looked for (only a seat that may not discard needs it: [`first_step`]).
    pub(super) fn choose_meld(
        &self,
        v: &View,
        tl: &melds::Tally,
    ) -> (Option<Action>, Option<Option<Action>>) {
        let t = v.seat % 2;
        if !v.opened()[t] {
            let (best, first) = self.pick_meld(v, tl);
            return (best, Some(first));
        }
        let feet = v.in_foot()[v.seat];
        let best = if feet && self.want_out(v) {
            self.pick_out(v, tl)
        } else {
            self.pick_opened(v, tl, feet)
        };
        (best, None)
    }

    /// Opened, going out not wanted: the first step of the highest of the values
    /// [`Greedy::opened_step`] gives (a natural added 100, a clean meld started 90, a meld
    /// started from a pair and a wild 70 with `pair_first`, a wild on a dirty meld 60, on
    /// a clean one long enough or once the natural books are met 40, on a dirty meld that
    /// is a book already 35 with `wild_booked` (else 60), a meld started from a pair and a
    /// wild 30 without `pair_first`), a step that would leave fewer than two
    /// cards on the foot worth nothing. Within a rank a 2 comes before a joker.
    fn pick_opened(&self, v: &View, tl: &melds::Tally, feet: bool) -> Option<Action> {
        let m = &v.melds()[v.seat % 2];
        let s = melds::step_masks(tl, m, v.rules().rebook, self.dirty_at);
        let add_ok = !feet || tl.len >= 3;
        let new_ok = !feet || tl.len >= 5;
        if add_ok && s.add_nat != 0 {
            let rank = lowest(s.add_nat);
            return Some(Action::Add { rank, wild: 0 });
        }
        if new_ok && s.new_nat != 0 {
            let rank = lowest(s.new_nat);
            return Some(Action::New { rank, wild: 0 });
        }
        let wild = if tl.ranks[1] > 0 {
            TWO
        } else if tl.jokers > 0 {
            JOKER
        } else {
            return None;
        };
        let pair = new_ok && self.pair_wild && s.new_pair != 0;
        if pair && self.pair_first {
            let rank = lowest(s.new_pair);
            return Some(Action::New { rank, wild });
        }
        // Dirty melds with room that are already books (`wild_booked`: their wild comes
        // after every other).
        let booked = match self.wild_booked {
            true => booked_ranks(m, s.dirty_room),
            false => 0,
        };
        if add_ok {
            let dirty = s.dirty_room & !booked;
            if dirty != 0 {
                let rank = lowest(dirty);
                return Some(Action::Add { rank, wild });
            }
            let short = s.clean_room & !s.clean_ready;
            let clean = if short != 0 && BooksMet(None).get(v) {
                s.clean_room
            } else {
                s.clean_ready
            };
            if clean != 0 {
                let rank = lowest(clean);
                return Some(Action::Add { rank, wild });
            }
            if booked != 0 {
                let rank = lowest(booked);
                return Some(Action::Add { rank, wild });
            }
        }
        if pair {
            let rank = lowest(s.new_pair);
            return Some(Action::New { rank, wild });
        }
        None
    }

    /// On the foot, opened, going out wanted: every legal step valued as
    /// [`Greedy::pick_meld`]'s going-out walk values it (1 + 1000 less 100 for each card
    /// the hand could not meld after it, at least 1, + [`Greedy::opened_step`]), in the
    /// walk's order. No step leaves fewer such cards than the hand has now (a natural
    /// added or a clean meld started leaves as many; a wild spends room or a pair's
    /// need, or a clean meld closing its room), so the walk stops at a step worth that
    /// count's value + 100 (a natural added), and a wild step is valued only while it
    /// could still be the best.
    fn pick_out(&self, v: &View, tl: &melds::Tally) -> Option<Action> {
        let (g, m) = (v.deal, &v.melds()[v.seat % 2]);
        let base = melds::leftover_sums(tl, m);
        let (twos, jks, len) = (tl.ranks[1], tl.jokers, tl.len as i32);
        let (w0, threes) = ((twos + jks) as i32, tl.ranks[2] as i32);
        let unmeldable = |lone: i32, room: i32, pairs: i32, w: i32| {
            let covered = w.min(pairs);
            threes + lone + 2 * (pairs - covered) + (w - covered - room).max(0)
        };
        let top = 101 + (1000 - 100 * unmeldable(base.0, base.1, base.2, w0)).max(0);
        let mut books = BooksMet(None);
        let (mut best, mut best_v) = (None, 0);
        // The most a wild step's kind adds; such a step leaves at least a card more
        // than the hand has now unmeldable, so it is worth at most `top - 100 + wild_max`.
        let wild_max = if self.pair_wild {
            self.pair_step().max(60)
        } else {
            60
        };
        let mut ranks = melds::step_ranks(tl, m, v.rules().rebook);
        'ranks: while ranks != 0 {
            let rank = lowest(ranks);
            ranks &= ranks - 1;
            let i = rank as usize;
            let (n, mn, mw) = (tl.ranks[i], m.nat[i], m.wild[i]);
            // The rank's steps in the walk's order: (step, naturals, wild kind, worth by
            // its kind; -1: a wild step, whose worth depends on the meld and cards left).
            let mut steps = [(Action::Draw, 0u8, 0u8, 0i32); 3];
            let mut k = 0;
            let mut push = |x| {
                steps[k] = x;
                k += 1;
            };
            if m.can_start(rank, v.rules().rebook) {
                if n >= 3 {
                    push((Action::New { rank, wild: 0 }, 3, 0, 90));
                }
                if n >= 2 {
                    for (wild, have) in [(TWO, twos), (JOKER, jks)] {
                        if have > 0 {
                            push((Action::New { rank, wild }, 2, wild, -1));
                        }
                    }
                }
            } else if m.is_open(rank) {
                if n >= 1 {
                    push((Action::Add { rank, wild: 0 }, 1, 0, 100));
                }
                if m.wild_fits(rank) {
                    for (wild, have) in [(TWO, twos), (JOKER, jks)] {
                        if have > 0 {
                            push((Action::Add { rank, wild }, 0, wild, -1));
                        }
                    }
                }
            }
            let before = rank_share(n as i32, mn, mw);
            for &(a, nat, wild, kind) in &steps[..k] {
                if kind < 0 && best_v >= top - 100 + wild_max {
                    continue;
                }
                let w1 = u8::from(wild != 0);
                let left = len - (nat + w1) as i32;
                if left < 2 && !g.going_out_met(m.books_after(rank, nat, w1)) {
                    continue;
                }
                debug_assert!(g.leaves_ok(tl.len, rank, nat, w1, 0));
                let (mut nat_k, wild_k) = (mn + nat, mw + w1);
                if wild_k == 0 && nat_k == melds::BOOK {
                    nat_k = 0;
                }
                let after = rank_share(n as i32 - nat as i32, nat_k, wild_k);
                let lo = unmeldable(
                    base.0 - before.0 + after.0,
                    base.1 - before.1 + after.1,
                    base.2 - before.2 + after.2,
                    w0 - w1 as i32,
                );
                let kind = match kind {
                    -1 if matches!(a, Action::Add { .. }) => {
                        if mw > 0 {
                            self.dirty_step(m, rank)
                        } else if mn >= self.dirty_at || books.get(v) {
                            40
                        } else if left <= 1 {
                            20
                        } else {
                            0
                        }
                    }
                    -1 if self.pair_wild => self.pair_step(),
                    -1 if left <= 1 => 20,
                    -1 => 0,
                    k => k,
                };
                let value = 1 + (1000 - 100 * lo).max(0) + kind;
                debug_assert!(value <= top, "a step above the bound");
                if value > best_v {
                    (best, best_v) = (Some(a), value);
                    if value == top {
                        break 'ranks;
                    }
                }
            }
        }
        best
    }

    /// The legal discard the seat least wants to keep (the lowest keep value, the first of
    /// equal values in the legal list's order: ranks ascending, a black 3 before a red
    /// one, the joker last), if any, each rank held valued once from the tally: wilds
    /// 500, a red 3 -1000 and a black one -900 (they freeze the pile for the next player),
    /// another rank 30 for each further copy held, its card value, 40 when the seat's
    /// partnership has it open, `opp_open` (-25 by default) when the opponents do,
    /// `pile_guard` when the next seat is known to hold a natural pair of it.
    pub(super) fn pick_discard(&self, v: &View, tl: &melds::Tally) -> Option<Action> {
        let h = v.hand();
        let t = v.seat % 2;
        let (own, opp) = (&v.melds()[t], &v.melds()[1 - t]);
        let next = &v.known()[(v.seat + 1) % v.players()];
        // A 3 is kept least (a red one -1000, a black one -900; with `pile_guard` not
        // negative every other card's keep value is above -900, `opp_open` being at least
        // -800): the first red 3 held, else the first black one.
        if tl.ranks[2] > 0 && self.pile_guard >= 0 {
            let c = melds::first_three(h, true).or_else(|| melds::first_three(h, false));
            return c.map(Action::Discard);
        }
        // The best so far: its keep value and its card's rank (13: a joker, 14/15: a
        // black/red 3).
        let (mut best_k, mut best_r) = (i32::MAX, u8::MAX);
        // The ranks held, ascending as the list is.
        let mut held = melds::held_ranks(tl);
        while held != 0 {
            let r = lowest(held);
            held &= held - 1;
            if r == 2 {
                for (red, k, slot) in [(false, -900, 14), (true, -1000, 15)] {
                    if k < best_k && melds::first_three(h, red).is_some() {
                        (best_k, best_r) = (k, slot);
                    }
                }
                continue;
            }
            let k = if r == 1 {
                500
            } else {
                let n = tl.ranks[r as usize] as i32;
                let mut k = 30 * (n - 1) + melds::card_value(Card::from_index(r));
                if own.is_open(r) {
                    k += 40;
                }
                if opp.is_open(r) {
                    k += self.opp_open;
                }
                if self.pile_guard != 0 && melds::rank_count(next, r) >= 2 {
                    k += self.pile_guard;
                }
                k
            };
            if k < best_k {
                (best_k, best_r) = (k, r);
            }
        }
        if tl.jokers > 0 && 500 < best_k {
            best_r = 13;
        }
        let c = match best_r {
            13 => melds::first_wild(h, JOKER),
            14 | 15 => melds::first_three(h, best_r == 15),
            u8::MAX => None,
            r => melds::first_of_rank(h, r),
        };
        c.map(Action::Discard)
    }
}

/// The first legal meld step of the hand counted in `tl`, if any (the legal list's first
/// entry; a seat on its foot that may not discard its last card plays it).
pub(super) fn first_step(v: &View, tl: &melds::Tally) -> Option<Action> {
    let mut first = None;
    if v.deal.melds_listed() {
        v.deal.each_meld(tl, |a| {
            first = Some(a);
            false
        });
    }
    first
}
