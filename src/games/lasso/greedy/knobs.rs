//! The knobs of Lasso's `greedy`, with their defaults and meanings (`cardsim rules lasso`
//! lists them; `strategies/lasso/*.toml` set them). What each one does is told in the
//! module docs of [`super`] and measured in docs/strategies.md.

use crate::strategy::Knob;

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "set_weight",
        default: 0.75,
        doc: "worth of a complete set held in hand, as a share of its points (below 1: a set is laid as soon as it can be)",
    },
    Knob {
        name: "progress",
        default: 3.0,
        doc: "value of each same-suit or same-rank pair in hand (outside a complete set)",
    },
    Knob {
        name: "penalty_weight",
        default: 0.25,
        doc: "weight of the hand penalty (cards left in hand, outside a complete set) where a revealed mismatch costs its discarder points (greedy-prev: 0.5)",
    },
    Knob {
        name: "free_penalty_weight",
        default: 0.5,
        doc: "weight of the hand penalty where a revealed mismatch costs its discarder nothing (mismatch_points=0, mismatch_penalty=everyone or off): any card can then be shed, so the points held weigh more",
    },
    Knob {
        name: "rival_weight",
        default: 1.0,
        doc: "weight, in the worth of going out, of the cards the other seats then keep (mean hand size times the mean penalty of an unseen card)",
    },
    Knob {
        name: "stock_value",
        default: 4.0,
        doc: "gain of an unseen stock card kept in hand, when no card is left to average over",
    },
    Knob {
        name: "draw_cost",
        default: 6.0,
        doc: "estimated cost of drawing until a match",
    },
    Knob {
        name: "bluff_risk",
        default: 0.4,
        doc: "weight of mismatch_points in a bluff's cost at 2 players: the chance the bluff is revealed before the round ends times what a point is worth against the race to go out (greedy-prev: 1)",
    },
    Knob {
        name: "bluff_step",
        default: 0.1,
        doc: "added to bluff_risk for each player past 2 (the sum capped at 1; greedy-prev: 0)",
    },
    Knob {
        name: "bluff_margin",
        default: 2.0,
        doc: "extra gain a bluff must bring (greedy-prev: 4)",
    },
    Knob {
        name: "ace_hold",
        default: 20.0,
        doc: "with lasso on, penalty points taken off an ace held in hand, for its worth as a lasso",
    },
    Knob {
        name: "feed",
        default: 15.0,
        doc: "cost of a discard that makes a pile's top three cards one suit or one rank (any seat holding one more can take them as a set)",
    },
    Knob {
        name: "match_feed",
        default: 8.0,
        doc: "cost of a discard that matches its pile's top by suit (the top two cards then share a suit: a seat holding two more of it takes both as a set of four of a suit); 0 plays as greedy-prev",
    },
    Knob {
        name: "rank_feed",
        default: 4.0,
        doc: "cost of a discard that matches its pile's top by rank (the top two cards then share a rank, and the revealed card is one the others see); 0 plays as greedy-prev",
    },
    Knob {
        name: "lasso_min",
        default: 0.0,
        doc: "least set points worth a lasso or an answer",
    },
    Knob {
        name: "tempo",
        default: 10.0,
        doc: "cost of a wasted turn: a pile card taken and put straight back down",
    },
    Knob {
        name: "undo",
        default: 1000.0,
        doc: "cost of a turn that takes a pile card and ends with a hand held at the start of one of its last few turns (undoing its own exchanges); 0 plays as greedy-prev",
    },
    Knob {
        name: "patience",
        default: 60.0,
        doc: "deal turns after which it always uses the stock (ends pile-swapping loops)",
    },
];
