//! The library's typed errors. `main` alone turns them into one line on stderr and an exit
//! code: 2 for bad input (unknown game, strategy, switch or value, bad card text, impossible
//! player count, unwritable output), 130 for a run stopped by Ctrl-C (whose results so far
//! were written), 1 for anything else.

use std::io;

/// Everything that can go wrong in the library; see [`Error::exit_code`].
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Something the user gave is wrong; the message says what and what is allowed.
    #[error("{0}")]
    Input(String),
    /// An output could not be written.
    #[error("cannot write {path}: {source}")]
    Output {
        /// The file or folder that could not be written.
        path: String,
        /// The I/O error behind it.
        source: io::Error,
    },
    /// A run stopped by Ctrl-C: the message says what was kept.
    #[error("{0}")]
    Interrupted(String),
    /// Anything else.
    #[error("{0}")]
    Other(String),
}

impl Error {
    /// An [`Error::Input`] with this message.
    pub fn input(msg: impl Into<String>) -> Error {
        Error::Input(msg.into())
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) | Error::Output { .. } => 2,
            Error::Interrupted(_) => 130,
            Error::Other(_) => 1,
        }
    }
}

impl From<crate::game::RuleError> for Error {
    fn from(e: crate::game::RuleError) -> Error {
        Error::Input(e.to_string())
    }
}

/// The library's result type, with [`Error`] by default.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `" (did you mean 'X'?)"` when one of `candidates` is close to `given` (a typo: a letter
/// wrong, missing, extra or swapped, ignoring case and accents' absence), else `""`. Error
/// messages append it after naming what was given.
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match closest(given, candidates) {
        Some(c) => format!(" (did you mean '{c}'?)"),
        None => String::new(),
    }
}

/// The candidate closest to `given` by edit distance (a swap of neighbours counts one
/// edit), if it is within a third of the length of `given` (at least one edit) or starts
/// with `given` (three letters or more); the first of equally close ones. `None` when
/// `given` is itself a candidate.
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let g: Vec<char> = given.trim().to_lowercase().chars().collect();
    if g.is_empty() {
        return None;
    }
    let limit = (g.len() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let cl: Vec<char> = c.to_lowercase().chars().collect();
        if cl == g {
            return None;
        }
        let d = if g.len() >= 3 && cl.starts_with(&g) {
            1
        } else {
            distance(&g, &cl)
        };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// two neighbouring letters, each one edit.
fn distance(a: &[char], b: &[char]) -> usize {
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * w + j] = if i == 0 || j == 0 {
                i + j
            } else {
                let sub = usize::from(a[i - 1] != b[j - 1]);
                let mut v = (d[(i - 1) * w + j] + 1)
                    .min(d[i * w + j - 1] + 1)
                    .min(d[(i - 1) * w + j - 1] + sub);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    v = v.min(d[(i - 2) * w + j - 2] + 1);
                }
                v
            };
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_get_the_nearest_name_and_far_words_get_nothing() {
        let games = [
            "lasso",
            "golf",
            "broken-ladder",
            "hand-and-foot",
            "chinchon",
        ];
        assert_eq!(closest("glof", games), Some("golf"));
        assert_eq!(closest("GOLFF", games), Some("golf"));
        assert_eq!(closest("chinchn", games), Some("chinchon"));
        assert_eq!(closest("hand", games), Some("hand-and-foot"));
        assert_eq!(closest("poker", games), None);
        assert_eq!(closest("golf", games), None);
        assert_eq!(closest("", games), None);
        assert_eq!(closest("greddy", ["random", "greedy"]), Some("greedy"));
        assert_eq!(closest("boxx", ["box", "row_rule"]), Some("box"));
        assert_eq!(closest("nosuch", ["base", "nofinal"]), None);
        assert_eq!(did_you_mean("boxx", ["box"]), " (did you mean 'box'?)");
        assert_eq!(did_you_mean("zzz", ["box"]), "");
    }

    #[test]
    fn the_distance_counts_each_kind_of_edit_once() {
        let d = |a: &str, b: &str| {
            distance(
                &a.chars().collect::<Vec<_>>(),
                &b.chars().collect::<Vec<_>>(),
            )
        };
        assert_eq!(d("golf", "golf"), 0);
        assert_eq!(d("glof", "golf"), 1);
        assert_eq!(d("gof", "golf"), 1);
        assert_eq!(d("gollf", "golf"), 1);
        assert_eq!(d("gXlf", "golf"), 1);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("kitten", "sitting"), 3);
    }
}
