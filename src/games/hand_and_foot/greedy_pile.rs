//! Greedy's pile decision: the turns the seat expects to have left and what a pile take
//! weighs (the meld points it adds against the 3s it would leave stuck in hand).

use super::super::melds;
use super::super::view::View;
use super::Greedy;
use crate::cards::{Card, CardCounts};

/// What a pile take weighs ([`Greedy::pile_terms`]).
#[derive(Clone, Copy, Debug)]
pub(in crate::games::hand_and_foot) struct PileTerms {
    /// Meld points the take adds (now and still reachable).
    pub gain: i32,
    /// Penalty of the 3s taken that could not be shed in the turns left.
    pub stuck: i32,
    /// 3s taken.
    pub taken: u32,
}

/// Red and black 3s in `h`.
fn threes(h: &CardCounts) -> (u32, u32) {
    let (mut red, mut black) = (0, 0);
    for s in crate::cards::Suit::ALL {
        let n = h.count(Card::new(crate::cards::Rank::THREE, s)) as u32;
        if s.is_red() {
            red += n;
        } else {
            black += n;
        }
    }
    (red, black)
}

/// The penalty of the 3s still held after `turns` discards, reds shed first.
fn stuck_threes(red: u32, black: u32, turns: u32) -> i32 {
    let shed_red = red.min(turns);
    let shed_black = black.min(turns - shed_red);
    300 * (red - shed_red) as i32 + 100 * (black - shed_black) as i32
}

impl Greedy {
    /// The seat's own turns it expects before the deal ends: `horizon` while nobody is on
    /// the foot, half that once someone is, `out_turns` per partner once a partnership
    /// with a seat on the foot has the books to go out; never more than the stock can give.
    pub(in crate::games::hand_and_foot) fn turns_left(&self, v: &View) -> u32 {
        let stock = (v.stock_len() / (2 * v.players())) as u32 + 1;
        let foot = |t: usize| (t..v.players()).step_by(2).any(|s| v.in_foot()[s]);
        let may_out = (0..2).any(|t| {
            foot(t)
                && v.melds()[t].natural_books() >= v.rules().out_naturals as u32
                && v.melds()[t].unnatural_books() >= v.rules().out_unnaturals as u32
        });
        let h = if may_out {
            self.out_turns * (v.players() as u32 / 2 - 1)
        } else if foot(0) || foot(1) {
            self.horizon.div_ceil(2)
        } else {
            self.horizon
        };
        h.min(stock)
    }

    /// Is the pile worth taking? The meld points it adds (the top and the pair, and what
    /// the rest of hand and pile could still meld, as [`melds::extension_max`] counts
    /// them) against the penalty of the 3s the seat could not shed before the deal ends
    /// (one discard a turn, over [`Greedy::turns_left`]), weighted by `three_weight`, and
    /// `three_turn` for each 3 taken (a turn spent shedding it).
    pub(super) fn pile_pays(&self, v: &View) -> bool {
        let Some(t) = self.pile_terms(v) else {
            return false;
        };
        t.gain as f64 >= self.three_weight * t.stuck as f64 + self.three_turn * t.taken as f64
    }

    /// The terms [`Greedy::pile_pays`] weighs (`None`: no top card).
    pub(in crate::games::hand_and_foot) fn pile_terms(&self, v: &View) -> Option<PileTerms> {
        let top = v.top()?;
        let (t, r) = (v.seat % 2, top.rank().index());
        let m0 = &v.melds()[t];
        let tl0 = melds::tally(v.hand());
        let before = m0.points + melds::extension_max(&tl0, m0, v.rules().rebook);
        let mut h = *v.hand();
        for _ in 0..2 {
            h.remove(melds::first_of_rank(&h, r).expect("a natural pair"));
        }
        h.add_cards(v.pile()[..v.pile().len() - 1].iter().copied());
        let mut m = *m0;
        for _ in 0..3 {
            m.add(r, top);
        }
        let after = m.points + melds::extension_max(&melds::tally(&h), &m, v.rules().rebook);
        let turns = self.turns_left(v);
        let (r0, b0) = threes(v.hand());
        let (r1, b1) = threes(&h);
        let stuck = stuck_threes(r1, b1, turns) - stuck_threes(r0, b0, turns);
        Some(PileTerms {
            gain: after - before,
            stuck,
            taken: r1 + b1 - r0 - b0,
        })
    }
}
