//! Knobs: the numeric settings a bot exposes, and the values a strategy file gives them.

/// One numeric setting of a bot.
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    /// The name in knob files and `cardsim list <game>`.
    pub name: &'static str,
    /// The value when a strategy file does not set it.
    pub default: f64,
    /// One line on what the knob does, for `cardsim list <game>`.
    pub doc: &'static str,
}

/// The largest knob value a strategy file may give (either sign).
pub const KNOB_LIMIT: f64 = 1_000_000.0;

/// Knob values given by a strategy file; anything not given takes the knob's default.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    values: Vec<(String, f64)>,
}

impl Params {
    /// Knob values as given, `(name, value)` in file order.
    pub fn new(values: Vec<(String, f64)>) -> Params {
        Params { values }
    }

    /// The value of knob `k` (its default when not set).
    pub fn get(&self, k: &Knob) -> f64 {
        self.values
            .iter()
            .find(|(n, _)| n == k.name)
            .map(|(_, v)| *v)
            .unwrap_or(k.default)
    }

    /// The value of the knob named `name` among `knobs`; panics on a name not in the list
    /// (a typo in the bot's own code, caught by its tests).
    pub fn knob(&self, knobs: &[Knob], name: &str) -> f64 {
        let k = knobs
            .iter()
            .find(|k| k.name == name)
            .unwrap_or_else(|| panic!("bot reads unknown knob {name}"));
        self.get(k)
    }

    /// Rejects a value for a knob the bot does not have, and a value that is not a finite
    /// number within ±[`KNOB_LIMIT`] (bots add knobs to scores in fixed-width integers).
    pub fn check(&self, bot: &str, knobs: &[Knob]) -> Result<(), String> {
        for (n, v) in &self.values {
            if !v.is_finite() || v.abs() > KNOB_LIMIT {
                return Err(format!(
                    "knob '{n}' is {v}; a knob takes a number from -{KNOB_LIMIT} to {KNOB_LIMIT}"
                ));
            }
            if !knobs.iter().any(|k| k.name == n) {
                let known: Vec<&str> = knobs.iter().map(|k| k.name).collect();
                return Err(format!(
                    "bot '{bot}' has no knob '{n}'{}; knobs: {}",
                    crate::error::did_you_mean(n, known.iter().copied()),
                    if known.is_empty() {
                        "(none)".to_string()
                    } else {
                        known.join(", ")
                    }
                ));
            }
        }
        Ok(())
    }

    /// The values given, `(name, value)` in the order given.
    pub fn entries(&self) -> &[(String, f64)] {
        &self.values
    }
}
