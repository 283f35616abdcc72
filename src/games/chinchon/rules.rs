//! The rule switches of Chinchón, defaults as in RULES.md (`cardsim rules chinchon`).

use crate::game::{RuleError, Rules as RulesTrait, Switch, parse_choice, parse_num, unknown_key};

/// What a closing chinchón (a 7-card run without wild) is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChinchonBonus {
    /// Nothing special: it is a -10 close.
    None,
    /// The closer wins the match at once.
    Win,
    /// The closer scores -25.
    Minus25,
    /// The closer scores -50.
    Minus50,
}

const BONUS: [&str; 4] = ["none", "win", "-25", "-50"];
const REV2: [&str; 2] = ["nothing", "skip"];

/// Every switch of the `chinchon` section of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `WILD` cards per deck.
    pub wild: u8,
    /// `CIRC` cards per deck.
    pub circ: u8,
    /// `DRAW` cards per deck.
    pub draw: u8,
    /// `SKIP` cards per deck.
    pub skip: u8,
    /// `REV` cards per deck.
    pub reverse: u8,
    /// With two players a `REV` skips the other player (else it does nothing).
    pub reverse_skips_two: bool,
    /// Most unmatched points a player may close with.
    pub close_limit: u16,
    /// What a closing chinchón is worth.
    pub chinchon: ChinchonBonus,
    /// An unmatched `WILD`'s points.
    pub wild_points: u16,
    /// An unmatched `CIRC`'s points.
    pub circ_points: u16,
    /// An unmatched action card's points.
    pub action_points: u16,
    /// A match total over this eliminates.
    pub eliminate_over: i64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            wild: 2,
            circ: 4,
            draw: 2,
            skip: 2,
            reverse: 2,
            reverse_skips_two: false,
            close_limit: 5,
            chinchon: ChinchonBonus::None,
            wild_points: 25,
            circ_points: 10,
            action_points: 10,
            eliminate_over: 100,
        }
    }
}

impl Rules {
    /// Classic Chinchón: the defaults with every special-card count at 0.
    pub fn classic() -> Rules {
        Rules {
            wild: 0,
            circ: 0,
            draw: 0,
            skip: 0,
            reverse: 0,
            ..Rules::default()
        }
    }
}

const SWITCHES: &[Switch] = &[
    Switch {
        key: "wild",
        default: "2",
        allowed: "an integer 0..=8",
        doc: "WILD cards per deck",
    },
    Switch {
        key: "circ",
        default: "4",
        allowed: "an integer 0..=8",
        doc: "CIRC cards per deck",
    },
    Switch {
        key: "draw",
        default: "2",
        allowed: "an integer 0..=8",
        doc: "DRAW cards per deck",
    },
    Switch {
        key: "skip",
        default: "2",
        allowed: "an integer 0..=8",
        doc: "SKIP cards per deck",
    },
    Switch {
        key: "reverse",
        default: "2",
        allowed: "an integer 0..=8",
        doc: "REV cards per deck",
    },
    Switch {
        key: "reverse_two_players",
        default: "nothing",
        allowed: "nothing|skip",
        doc: "what a REV does with two players",
    },
    Switch {
        key: "close_limit",
        default: "5",
        allowed: "an integer 0..=25",
        doc: "most unmatched points a player may close with",
    },
    Switch {
        key: "chinchon",
        default: "none",
        allowed: "none|win|-25|-50",
        doc: "closing with a 7-card run without wild: nothing special, wins the match, or scores -25/-50",
    },
    Switch {
        key: "wild_points",
        default: "25",
        allowed: "an integer 0..=50",
        doc: "an unmatched WILD's points",
    },
    Switch {
        key: "circ_points",
        default: "10",
        allowed: "an integer 0..=50",
        doc: "an unmatched CIRC's points",
    },
    Switch {
        key: "action_points",
        default: "10",
        allowed: "an integer 0..=50",
        doc: "an unmatched DRAW/SKIP/REV's points",
    },
    Switch {
        key: "eliminate_over",
        default: "100",
        allowed: "an integer 10..=1000",
        doc: "a match total over this eliminates the player",
    },
];

impl RulesTrait for Rules {
    fn switches() -> &'static [Switch] {
        SWITCHES
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        let small = |v: &str, hi| parse_num(key, v, 0, hi);
        match key {
            "wild" => self.wild = small(value, 8)? as u8,
            "circ" => self.circ = small(value, 8)? as u8,
            "draw" => self.draw = small(value, 8)? as u8,
            "skip" => self.skip = small(value, 8)? as u8,
            "reverse" => self.reverse = small(value, 8)? as u8,
            "reverse_two_players" => self.reverse_skips_two = parse_choice(key, value, &REV2)? == 1,
            "close_limit" => self.close_limit = small(value, 25)? as u16,
            "chinchon" => {
                self.chinchon = [
                    ChinchonBonus::None,
                    ChinchonBonus::Win,
                    ChinchonBonus::Minus25,
                    ChinchonBonus::Minus50,
                ][parse_choice(key, value, &BONUS)?]
            }
            "wild_points" => self.wild_points = small(value, 50)? as u16,
            "circ_points" => self.circ_points = small(value, 50)? as u16,
            "action_points" => self.action_points = small(value, 50)? as u16,
            "eliminate_over" => self.eliminate_over = parse_num(key, value, 10, 1000)?,
            _ => return Err(unknown_key::<Self>(super::NAME, key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "wild" => self.wild.to_string(),
            "circ" => self.circ.to_string(),
            "draw" => self.draw.to_string(),
            "skip" => self.skip.to_string(),
            "reverse" => self.reverse.to_string(),
            "reverse_two_players" => REV2[self.reverse_skips_two as usize].into(),
            "close_limit" => self.close_limit.to_string(),
            "chinchon" => BONUS[self.chinchon as usize].into(),
            "wild_points" => self.wild_points.to_string(),
            "circ_points" => self.circ_points.to_string(),
            "action_points" => self.action_points.to_string(),
            "eliminate_over" => self.eliminate_over.to_string(),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_round_trips_and_defaults_match_the_docs() {
        let d = Rules::default();
        for s in Rules::switches() {
            assert_eq!(d.get(s.key), s.default, "{}", s.key);
            let mut r = d;
            r.set(s.key, s.default).unwrap();
            assert_eq!(r, d);
        }
        let mut r = d;
        r.set("chinchon", "-50").unwrap();
        r.set("reverse_two_players", "skip").unwrap();
        assert_eq!(
            (r.chinchon, r.reverse_skips_two),
            (ChinchonBonus::Minus50, true)
        );
        assert!(r.set("wild", "9").is_err());
        assert!(r.set("nope", "1").is_err());
        assert!(r.set("chinchon", "-10").is_err());
    }
}
