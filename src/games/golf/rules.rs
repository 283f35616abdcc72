//! Golf's rule switches, with RULES.md's defaults.

use crate::game::{RuleError, Rules, Switch, parse_bool, parse_choice, parse_num, unknown_key};

/// What happens after a stock card is discarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipAfter {
    /// Nothing: the turn ends (the default).
    No,
    /// The player may turn up a face-down card, or decline ([`super::Action::NoFlip`]).
    Optional,
    /// The player must turn up a face-down card when one is left.
    Required,
}

/// The switches of Golf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GolfRules {
    /// Decks in the shoe: 0 = auto (1 for 2-4 players, 2 for 5-8).
    pub decks: u8,
    /// What happens after a stock card is discarded (`flip_after_discard`).
    pub flip_after_discard: FlipAfter,
    /// When a grid is all face up, every other player gets one final turn (`final_turns`).
    pub final_turns: bool,
    /// Reshuffle the discards into a new stock instead of ending the round.
    pub reshuffle: bool,
    /// Score of a column pair of 2s (0 or -4).
    pub pair_of_twos: i32,
    /// A row of three equal ranks scores 0 (`row_rule`).
    pub row_rule: bool,
    /// Score of a box of four equal cards; None = no box rule.
    pub box_score: Option<i32>,
    /// Two jokers per deck worth -2, and 2s worth +2 (`jokers`).
    pub jokers: bool,
    /// Deals in a match, 1..=36 (`holes`).
    pub holes: u32,
}

impl Default for GolfRules {
    fn default() -> Self {
        GolfRules {
            decks: 0,
            flip_after_discard: FlipAfter::No,
            final_turns: true,
            reshuffle: false,
            pair_of_twos: 0,
            row_rule: true,
            box_score: Some(-20),
            jokers: false,
            holes: 9,
        }
    }
}

impl GolfRules {
    /// Decks actually used at a table of `players`.
    pub fn decks_for(&self, players: usize) -> usize {
        match self.decks {
            0 if players <= 4 => 1,
            0 => 2,
            d => d as usize,
        }
    }
}

const SWITCHES: &[Switch] = &[
    Switch {
        key: "decks",
        default: "auto",
        allowed: "auto|1|2",
        doc: "decks in the shoe (auto: 1 for 2-4 players, 2 for 5-8)",
    },
    Switch {
        key: "flip_after_discard",
        default: "no",
        allowed: "no|optional|required",
        doc: "turn up a face-down card after discarding a stock draw",
    },
    Switch {
        key: "final_turns",
        default: "yes",
        allowed: "yes|no",
        doc: "when a grid is all face up, every other player gets one final turn",
    },
    Switch {
        key: "empty_stock",
        default: "end",
        allowed: "end|reshuffle",
        doc: "when the stock runs out: end the round, or reshuffle the discards but the top",
    },
    Switch {
        key: "pair_of_twos",
        default: "0",
        allowed: "0|-4",
        doc: "score of a column pair of 2s",
    },
    Switch {
        key: "row_rule",
        default: "on",
        allowed: "on|off",
        doc: "a row of three equal ranks scores 0",
    },
    Switch {
        key: "box",
        default: "-20",
        allowed: "-20|-40|off",
        doc: "four equal ranks in two adjacent columns score this together",
    },
    Switch {
        key: "jokers",
        default: "off",
        allowed: "on|off",
        doc: "two jokers per deck worth -2; 2s become +2",
    },
    Switch {
        key: "holes",
        default: "9",
        allowed: "an integer 1..=36",
        doc: "deals in a match",
    },
];

impl Rules for GolfRules {
    fn switches() -> &'static [Switch] {
        SWITCHES
    }

    fn set(&mut self, key: &str, v: &str) -> Result<(), RuleError> {
        match key {
            "decks" => self.decks = parse_choice(key, v, &["auto", "1", "2"])? as u8,
            "flip_after_discard" => {
                self.flip_after_discard = [FlipAfter::No, FlipAfter::Optional, FlipAfter::Required]
                    [parse_choice(key, v, &["no", "optional", "required"])?]
            }
            "final_turns" => self.final_turns = parse_bool(key, v)?,
            "empty_stock" => self.reshuffle = parse_choice(key, v, &["end", "reshuffle"])? == 1,
            "pair_of_twos" => self.pair_of_twos = [0, -4][parse_choice(key, v, &["0", "-4"])?],
            "row_rule" => self.row_rule = parse_bool(key, v)?,
            "box" => {
                self.box_score =
                    [Some(-20), Some(-40), None][parse_choice(key, v, &["-20", "-40", "off"])?]
            }
            "jokers" => self.jokers = parse_bool(key, v)?,
            "holes" => self.holes = parse_num(key, v, 1, 36)? as u32,
            _ => return Err(unknown_key::<Self>("golf", key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_string();
        match key {
            "decks" => ["auto", "1", "2"][self.decks as usize].to_string(),
            "flip_after_discard" => {
                ["no", "optional", "required"][self.flip_after_discard as usize].to_string()
            }
            "final_turns" => if self.final_turns { "yes" } else { "no" }.to_string(),
            "empty_stock" => if self.reshuffle { "reshuffle" } else { "end" }.to_string(),
            "pair_of_twos" => self.pair_of_twos.to_string(),
            "row_rule" => onoff(self.row_rule),
            "box" => self.box_score.map_or("off".to_string(), |b| b.to_string()),
            "jokers" => onoff(self.jokers),
            "holes" => self.holes.to_string(),
            _ => String::new(),
        }
    }
}
