//! The rule switches of Broken Ladder (RULES.md section `broken-ladder`), with their defaults.

use crate::game::{
    RuleError, Rules as RulesTrait, Switch, parse_bool, parse_choice, parse_num, unknown_key,
};

/// Most deals a `deals` switch may ask for (also the match deal cap).
pub const MAX_MATCH_DEALS: u32 = 200;

/// Every switch of Broken Ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Packs per two players, in halves: 2 = one pack per two players, 3 = one and a half.
    pub packs_half: u8,
    /// Most copies of one rank a valid hand may hold (`None`: no limit).
    pub rank_limit: Option<u8>,
    /// A card just drawn from the discard pile may be discarded again in the same turn.
    pub rediscard: bool,
    /// Deals in a match (`None`: one per player, each deals once).
    pub deals: Option<u32>,
    /// A score target ending the match instead of the deal count (`None`: off).
    pub target: Option<u32>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            packs_half: 2,
            rank_limit: Some(2),
            rediscard: true,
            deals: None,
            target: None,
        }
    }
}

impl Rules {
    /// Packs shuffled together for `players`: packs-per-two times players / 2, rounded up.
    pub fn packs(&self, players: usize) -> u8 {
        (players * self.packs_half as usize).div_ceil(4) as u8
    }
}

const SWITCHES: &[Switch] = &[
    Switch {
        key: "packs_per_two",
        default: "1",
        allowed: "1|1.5",
        doc: "52-card packs per two players, rounded up (1.5: three packs for four players)",
    },
    Switch {
        key: "rank_limit",
        default: "2",
        allowed: "2|off",
        doc: "most cards of one rank a valid hand may hold (off: no limit)",
    },
    Switch {
        key: "rediscard",
        default: "on",
        allowed: "on|off",
        doc: "a card just taken from the discard pile may be discarded again the same turn",
    },
    Switch {
        key: "deals",
        default: "players",
        allowed: "players|an integer 1..=200",
        doc: "deals in a match (players: each player deals once); ignored when target is set",
    },
    Switch {
        key: "target",
        default: "off",
        allowed: "off|an integer 1..=1000000",
        doc: "end the match after the deal in which someone reaches this total",
    },
];

impl RulesTrait for Rules {
    fn switches() -> &'static [Switch] {
        SWITCHES
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "packs_per_two" => self.packs_half = [2, 3][parse_choice(key, value, &["1", "1.5"])?],
            "rank_limit" => {
                self.rank_limit = [Some(2), None][parse_choice(key, value, &["2", "off"])?];
            }
            "rediscard" => self.rediscard = parse_bool(key, value)?,
            "deals" => {
                self.deals = match value.trim() {
                    v if v.eq_ignore_ascii_case("players") => None,
                    _ => Some(num_or(key, value, "players", MAX_MATCH_DEALS as i64)?),
                }
            }
            "target" => {
                self.target = match value.trim() {
                    v if v.eq_ignore_ascii_case("off") => None,
                    _ => Some(num_or(key, value, "off", 1_000_000)?),
                }
            }
            _ => return Err(unknown_key::<Self>(super::NAME, key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        let opt = |v: Option<u32>, none: &str| v.map_or(none.to_string(), |n| n.to_string());
        match key {
            "packs_per_two" => if self.packs_half == 3 { "1.5" } else { "1" }.to_string(),
            "rank_limit" => opt(self.rank_limit.map(u32::from), "off"),
            "rediscard" => if self.rediscard { "on" } else { "off" }.to_string(),
            "deals" => opt(self.deals, "players"),
            "target" => opt(self.target, "off"),
            _ => String::new(),
        }
    }
}

/// An integer 1..=hi, or the error naming the word alternative too.
fn num_or(key: &str, value: &str, word: &str, hi: i64) -> Result<u32, RuleError> {
    parse_num(key, value, 1, hi)
        .map(|n| n as u32)
        .map_err(|_| RuleError::BadValue {
            key: key.into(),
            value: value.into(),
            allowed: format!("{word}|an integer 1..={hi}"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_round_trip() {
        let mut r = Rules::default();
        assert_eq!(r.packs(2), 1);
        assert_eq!(r.packs(3), 2);
        assert_eq!(r.packs(8), 4);
        for s in SWITCHES {
            assert_eq!(r.get(s.key), s.default, "{}", s.key);
        }
        r.set("packs_per_two", "1.5").unwrap();
        assert_eq!(
            (r.packs(2), r.packs(3), r.packs(4), r.packs(8)),
            (2, 3, 3, 6)
        );
        r.set("rank_limit", "off").unwrap();
        r.set("rediscard", "off").unwrap();
        r.set("deals", "7").unwrap();
        r.set("target", "500").unwrap();
        for s in SWITCHES {
            let v = r.get(s.key);
            let mut again = Rules::default();
            again.set(s.key, &v).unwrap();
            assert_eq!(again.get(s.key), v);
        }
        assert_eq!(r.rank_limit, None);
        assert_eq!((r.deals, r.target), (Some(7), Some(500)));
    }

    #[test]
    fn bad_values_name_what_is_allowed() {
        let mut r = Rules::default();
        let e = r.set("deals", "0").unwrap_err().to_string();
        assert!(e.contains("players|an integer 1..=200"), "{e}");
        assert!(r.set("packs_per_two", "2").is_err());
        assert!(r.set("rank_limit", "3").is_err());
        assert!(
            r.set("nope", "1")
                .unwrap_err()
                .to_string()
                .contains("packs_per_two")
        );
    }
}
