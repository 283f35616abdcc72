//! Lasso's rule switches, with RULES.md's defaults.

use crate::game::{RuleError, Rules, Switch, parse_bool, parse_choice, parse_num, unknown_key};

/// Who loses points when a revealed discard mismatches the card under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The player who discarded the card (default).
    Discarder,
    /// Every player (the seat text's reading).
    Everyone,
    /// No penalty.
    Off,
}

/// What happens when the stock is needed and empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyStock {
    /// The round ends with no bonus (default).
    End,
    /// Every revealed pile card but the tops is shuffled into a new stock.
    Reshuffle,
}

/// Every switch of RULES.md's `lasso` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LassoRules {
    /// Who loses points when a revealed discard mismatches.
    pub mismatch_penalty: Mismatch,
    /// Points lost per revealed mismatch.
    pub mismatch_points: i32,
    /// Most sets a player may lay in one turn.
    pub sets_per_turn: u8,
    /// Aces may lasso a set just laid.
    pub lasso: bool,
    /// What happens when the stock is needed and empty.
    pub empty_stock: EmptyStock,
    /// Penalty of an ace left in hand.
    pub ace_in_hand: i32,
    /// Match target.
    pub target: i64,
}

impl Default for LassoRules {
    fn default() -> Self {
        LassoRules {
            mismatch_penalty: Mismatch::Discarder,
            mismatch_points: 10,
            sets_per_turn: 1,
            lasso: true,
            empty_stock: EmptyStock::End,
            ace_in_hand: 22,
            target: 500,
        }
    }
}

const SWITCHES: &[Switch] = &[
    Switch {
        key: "mismatch_penalty",
        default: "discarder",
        allowed: "discarder|everyone|off",
        doc: "who loses mismatch_points when a revealed discard matches its pile in neither rank nor suit",
    },
    Switch {
        key: "mismatch_points",
        default: "10",
        allowed: "an integer 0..=100",
        doc: "points lost per revealed mismatch",
    },
    Switch {
        key: "sets_per_turn",
        default: "1",
        allowed: "an integer 1..=4",
        doc: "most sets a player may lay in one turn",
    },
    Switch {
        key: "lasso",
        default: "on",
        allowed: "on|off",
        doc: "aces may steal a set just laid, answered by K, Q, J... of the ace's suit",
    },
    Switch {
        key: "empty_stock",
        default: "end",
        allowed: "end|reshuffle",
        doc: "stock needed and empty: the round ends with no bonus, or the revealed pile cards below the tops become the stock",
    },
    Switch {
        key: "ace_in_hand",
        default: "22",
        allowed: "22|11|2",
        doc: "penalty of an ace left in hand at the end of a round",
    },
    Switch {
        key: "target",
        default: "500",
        allowed: "an integer 1..=100000",
        doc: "match total that ends the match (highest total wins)",
    },
];

const MISMATCH: [&str; 3] = ["discarder", "everyone", "off"];
const STOCK: [&str; 2] = ["end", "reshuffle"];
const ACES: [&str; 3] = ["22", "11", "2"];

impl Rules for LassoRules {
    fn switches() -> &'static [Switch] {
        SWITCHES
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "mismatch_penalty" => {
                self.mismatch_penalty = [Mismatch::Discarder, Mismatch::Everyone, Mismatch::Off]
                    [parse_choice(key, value, &MISMATCH)?]
            }
            "mismatch_points" => self.mismatch_points = parse_num(key, value, 0, 100)? as i32,
            "sets_per_turn" => self.sets_per_turn = parse_num(key, value, 1, 4)? as u8,
            "lasso" => self.lasso = parse_bool(key, value)?,
            "empty_stock" => {
                self.empty_stock =
                    [EmptyStock::End, EmptyStock::Reshuffle][parse_choice(key, value, &STOCK)?]
            }
            "ace_in_hand" => self.ace_in_hand = [22, 11, 2][parse_choice(key, value, &ACES)?],
            "target" => self.target = parse_num(key, value, 1, 100_000)?,
            _ => return Err(unknown_key::<Self>(super::NAME, key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "mismatch_penalty" => MISMATCH[self.mismatch_penalty as usize].into(),
            "mismatch_points" => self.mismatch_points.to_string(),
            "sets_per_turn" => self.sets_per_turn.to_string(),
            "lasso" => if self.lasso { "on" } else { "off" }.into(),
            "empty_stock" => STOCK[self.empty_stock as usize].into(),
            "ace_in_hand" => self.ace_in_hand.to_string(),
            "target" => self.target.to_string(),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_round_trip() {
        let mut r = LassoRules::default();
        for s in LassoRules::switches() {
            assert_eq!(r.get(s.key), s.default, "{}", s.key);
        }
        r.set("mismatch_penalty", "everyone").unwrap();
        r.set("empty_stock", "reshuffle").unwrap();
        r.set("ace_in_hand", "11").unwrap();
        r.set("lasso", "off").unwrap();
        assert_eq!(r.mismatch_penalty, Mismatch::Everyone);
        assert_eq!(r.empty_stock, EmptyStock::Reshuffle);
        assert_eq!(r.ace_in_hand, 11);
        assert!(!r.lasso);
        assert!(r.set("ace_in_hand", "5").is_err());
        assert!(r.set("sets_per_turn", "0").is_err());
        assert!(r.set("nope", "1").is_err());
    }
}
