//! Rule switches: every game's `Rules` struct implements [`Rules`], so `--rule key=value`,
//! `cardsim rules` and `run.json` work the same for all games.

use std::fmt::Debug;

/// One switch, as documented by `cardsim rules <game>`.
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// The name after `--rule`, e.g. `deals`.
    pub key: &'static str,
    /// The value when the switch is not given, as text.
    pub default: &'static str,
    /// The allowed values, as shown to users (`no|optional|required`, `integer 1..=20`).
    pub allowed: &'static str,
    /// What the switch changes, in a few words (shown by `cardsim rules`).
    pub doc: &'static str,
}

/// A bad `--rule` (unknown key or value); the message names what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has no switch of this name.
    #[error(
        "unknown rule switch '{key}' for {game}{hint}; switches: {known}",
        hint = crate::error::did_you_mean(.key, .known.split(", "))
    )]
    UnknownKey {
        /// The game's command-line name.
        game: &'static str,
        /// The key given.
        key: String,
        /// The game's keys, comma-separated.
        known: String,
    },
    /// The key is known but the value is not allowed.
    #[error(
        "bad value '{value}' for rule '{key}': allowed {allowed}{hint}",
        hint = crate::error::did_you_mean(.value, value_words(.allowed))
    )]
    BadValue {
        /// The key given.
        key: String,
        /// The value given.
        value: String,
        /// The allowed values, as in [`Switch::allowed`].
        allowed: String,
    },
}

/// The words an `allowed` text offers as values, for suggestions: the choices of
/// `a|b|c`, with `yes`, `no`, `true` and `false` beside `on|off`. A description such as
/// `an integer 1..=36` is not a value, so it is never suggested.
fn value_words(allowed: &str) -> Vec<&str> {
    let mut w: Vec<&str> = allowed
        .split('|')
        .filter(|c| !c.contains(char::is_whitespace))
        .collect();
    if allowed == "on|off" {
        w.extend(["yes", "no", "true", "false"]);
    }
    w
}

/// A game's rule switches.
pub trait Rules: Clone + Default + Debug + Send + Sync + 'static {
    /// Every switch with its default and allowed values.
    fn switches() -> &'static [Switch];
    /// Sets one switch from its text value.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError>;
    /// The current value of a switch, in the same text form `set` accepts.
    fn get(&self, key: &str) -> String;

    /// Every switch and its current value, in documentation order.
    fn values(&self) -> Vec<(&'static str, String)> {
        Self::switches()
            .iter()
            .map(|s| (s.key, self.get(s.key)))
            .collect()
    }

    /// Every switch and its value as a JSON object (for `state_json` and `run.json`).
    fn values_json(&self) -> serde_json::Value {
        let m: serde_json::Map<String, serde_json::Value> = self
            .values()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.into()))
            .collect();
        m.into()
    }
}

/// The error for a key no switch has.
pub fn unknown_key<R: Rules>(game: &'static str, key: &str) -> RuleError {
    RuleError::UnknownKey {
        game,
        key: key.to_string(),
        known: R::switches()
            .iter()
            .map(|s| s.key)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn bad(key: &str, value: &str, allowed: &str) -> RuleError {
    RuleError::BadValue {
        key: key.into(),
        value: value.into(),
        allowed: allowed.into(),
    }
}

/// Picks the index of `value` among `choices` (case-insensitive).
pub fn parse_choice(key: &str, value: &str, choices: &[&str]) -> Result<usize, RuleError> {
    choices
        .iter()
        .position(|c| c.eq_ignore_ascii_case(value.trim()))
        .ok_or_else(|| bad(key, value, &choices.join("|")))
}

/// `on|off` (also `yes|no`, `true|false`).
pub fn parse_bool(key: &str, value: &str) -> Result<bool, RuleError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        _ => Err(bad(key, value, "on|off")),
    }
}

/// An integer within `lo..=hi`.
pub fn parse_num(key: &str, value: &str, lo: i64, hi: i64) -> Result<i64, RuleError> {
    match value.trim().parse::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(bad(key, value, &format!("an integer {lo}..={hi}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default, Debug)]
    struct TestRules;

    impl Rules for TestRules {
        fn switches() -> &'static [Switch] {
            const S: &[Switch] = &[
                Switch {
                    key: "box",
                    default: "-20",
                    allowed: "integer",
                    doc: "",
                },
                Switch {
                    key: "row_rule",
                    default: "on",
                    allowed: "on|off",
                    doc: "",
                },
            ];
            S
        }
        fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
            Err(unknown_key::<Self>("x", key))
        }
        fn get(&self, _key: &str) -> String {
            String::new()
        }
    }

    #[test]
    fn parsers_accept_and_reject() {
        assert_eq!(parse_choice("k", "Optional", &["no", "optional"]), Ok(1));
        let e = parse_choice("k", "maybe", &["no", "optional"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value 'maybe' for rule 'k': allowed no|optional"
        );
        assert_eq!(parse_bool("k", "off"), Ok(false));
        assert!(parse_bool("k", "2").is_err());
        let e = parse_choice("k", "optinal", &["no", "optional"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value 'optinal' for rule 'k': allowed no|optional (did you mean 'optional'?)"
        );
        let e = parse_bool("k", "yess").unwrap_err();
        assert!(e.to_string().ends_with("(did you mean 'yes'?)"), "{e}");
        let e = unknown_key::<TestRules>("x", "boxx");
        assert_eq!(
            e.to_string(),
            "unknown rule switch 'boxx' for x (did you mean 'box'?); switches: box, row_rule"
        );
        assert_eq!(parse_num("k", "9", 1, 20), Ok(9));
        assert!(parse_num("k", "0", 1, 20).is_err());
        // A description is not a value: typing it back gets no suggestion of it.
        let e = parse_num("k", "integer 1..=20", 1, 20).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value 'integer 1..=20' for rule 'k': allowed an integer 1..=20"
        );
        assert_eq!(value_words("off|an integer 1..=9"), ["off"]);
    }
}
