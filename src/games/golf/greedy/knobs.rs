//! The knobs of `greedy`, their defaults and what each does (`cardsim list golf` prints
//! them; knob files set them).

use crate::strategy::Knob;

/// The knobs of `greedy`.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "take_discard_gain",
        default: 2.0,
        doc: "points the discard must gain to be taken",
    },
    Knob {
        name: "keep_gain",
        default: 0.5,
        doc: "points a stock card must gain to be kept",
    },
    Knob {
        name: "unknown_value",
        default: 5.0,
        doc: "estimated value of a face-down card",
    },
    Knob {
        name: "go_out_margin",
        default: 0.0,
        doc: "lead (points) required to go out",
    },
    Knob {
        name: "go_out_bonus",
        default: 3.0,
        doc: "points credited to going out while ahead",
    },
    Knob {
        name: "opening_same_column",
        default: 0.0,
        doc: "1: open both cards of column 0; 0: positions 0 and 4",
    },
    Knob {
        name: "patience",
        default: 20.0,
        doc: "rounds after which face-down cards count 1 point worse per round",
    },
    Knob {
        name: "counting",
        default: 1.0,
        doc: "1: count the unseen cards (face-down value, discard against the stock's expected gain); 0: off",
    },
    Knob {
        name: "go_out_win",
        default: 0.8,
        doc: "chance to win after the others' final turns required to go out at 2 players (0: the lead rule)",
    },
    Knob {
        name: "go_out_step",
        default: 0.05,
        doc: "how much less chance go_out_win asks for each player past 2",
    },
    Knob {
        name: "go_out_race",
        default: 0.3,
        doc: "how much less chance go_out_win asks for with final_turns=no (going out ends the deal)",
    },
    Knob {
        name: "final_for_win",
        default: 1.0,
        doc: "1: a final turn maximises the chance to win; 0: the expected score",
    },
    Knob {
        name: "match_play",
        default: 1.0,
        doc: "1: in a match, a hole with holes still to come plays its final turns for the expected score, and the last hole plays for the match (each seat's total counted); 0: every deal played alone",
    },
    Knob {
        name: "stock_end",
        default: 0.0,
        doc: "with final_for_win and empty_stock=end: a turn that leaves this many stock cards or fewer (and no more than the other players) plays for the chance to win (-1: off)",
    },
    Knob {
        name: "drawn_seen",
        default: 1.0,
        doc: "1: a stock card drawn this turn is seen (recounted); 0: counted unseen, as the turn's draw counted it",
    },
    Knob {
        name: "tempo",
        default: 8.0,
        doc: "points credited to a swap onto an own face-down card while tempo_down or more are face down (with counting and flip_after_discard=no; 0: off)",
    },
    Knob {
        name: "tempo_down",
        default: 3.0,
        doc: "the fewest own face-down cards at which tempo is credited",
    },
    Knob {
        name: "pair_chance",
        default: 1.0,
        doc: "1: a face-down card counts its chance to pair its column partner (with counting); 0: it never pairs",
    },
    Knob {
        name: "pair_weight",
        default: 4.0,
        doc: "with pair_chance, what the chance to pair a column of a face-up card over a face-down one counts, times that chance for the face-down card alone (1): such a column can also be paired by a card drawn later; fades to 1 as the stock runs below 20 cards, 1 on a final turn and past patience",
    },
    Knob {
        name: "pair_weight_both",
        default: 1.0,
        doc: "as pair_weight, for a column of two face-down cards (1: their own chance to pair each other; a later draw pairs such a column only after a card is turned up there)",
    },
    Knob {
        name: "gift",
        default: 1.0,
        doc: "weight of what a thrown card is worth to the next player beyond a stock card (with counting; 0: not weighed)",
    },
];
