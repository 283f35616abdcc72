//! The rule switches of Hand and Foot, with the defaults of RULES.md.

use crate::game::{RuleError, Rules, Switch, parse_bool, parse_num, unknown_key};

/// Every switch of `hand-and-foot`; `Default` is the game as RULES.md plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HfRules {
    /// Another meld of a rank that already has a natural book may be started.
    pub rebook: bool,
    /// The very first turn may take the upcard instead of two stock cards.
    pub upcard: bool,
    /// Natural books a partnership needs to go out.
    pub out_naturals: u8,
    /// Unnatural books a partnership needs to go out.
    pub out_unnaturals: u8,
    /// Bonus for going out.
    pub out_bonus: i32,
    /// Match target: the first partnership to reach it ends the match.
    pub target: i64,
}

impl Default for HfRules {
    fn default() -> Self {
        HfRules {
            rebook: true,
            upcard: true,
            out_naturals: 2,
            out_unnaturals: 1,
            out_bonus: 200,
            target: 10_000,
        }
    }
}

const SWITCHES: &[Switch] = &[
    Switch {
        key: "rebook",
        default: "on",
        allowed: "on|off",
        doc: "a new meld of a rank that already has a natural book may be started",
    },
    Switch {
        key: "upcard",
        default: "on",
        allowed: "on|off",
        doc: "the very first turn of a deal may take the upcard instead of two stock cards",
    },
    Switch {
        key: "out_naturals",
        default: "2",
        allowed: "an integer 0..=5",
        doc: "natural books a partnership needs before one of its players may go out",
    },
    Switch {
        key: "out_unnaturals",
        default: "1",
        allowed: "an integer 0..=5",
        doc: "unnatural books a partnership needs before one of its players may go out",
    },
    Switch {
        key: "out_bonus",
        default: "200",
        allowed: "an integer 0..=2000",
        doc: "bonus to the partnership that goes out",
    },
    Switch {
        key: "target",
        default: "10000",
        allowed: "an integer 500..=100000",
        doc: "match ends when a partnership reaches this total; the highest total wins",
    },
];

impl Rules for HfRules {
    fn switches() -> &'static [Switch] {
        SWITCHES
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "rebook" => self.rebook = parse_bool(key, value)?,
            "upcard" => self.upcard = parse_bool(key, value)?,
            "out_naturals" => self.out_naturals = parse_num(key, value, 0, 5)? as u8,
            "out_unnaturals" => self.out_unnaturals = parse_num(key, value, 0, 5)? as u8,
            "out_bonus" => self.out_bonus = parse_num(key, value, 0, 2000)? as i32,
            "target" => self.target = parse_num(key, value, 500, 100_000)?,
            _ => return Err(unknown_key::<Self>(super::NAME, key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_string();
        match key {
            "rebook" => onoff(self.rebook),
            "upcard" => onoff(self.upcard),
            "out_naturals" => self.out_naturals.to_string(),
            "out_unnaturals" => self.out_unnaturals.to_string(),
            "out_bonus" => self.out_bonus.to_string(),
            "target" => self.target.to_string(),
            _ => String::new(),
        }
    }
}
