#![warn(missing_docs)]

//! cardsim: a Monte Carlo strategy simulator and analytics toolkit for card games.
//!
//! Data flows one way: `cli` parses and validates into a spec, `sim` plays deals (each game in
//! `games`, built on `cards` and the `game` traits, driven by `strategy` bots), `stats` counts
//! exactly, `output` writes CSV/JSON and tables. See README.md for the user's view.

/// `println!` to stdout that never panics: a closed pipe (`cardsim list | head`) is ignored,
/// as command-line tools do; any other failure (a full disk, `> /dev/full`) is remembered and
/// `main` reports it with exit 1 (see [`stdout`]).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::stdout::write(format_args!("\n"))
    };
    ($($t:tt)*) => {
        $crate::stdout::write(format_args!("{}\n", format_args!($($t)*)))
    };
}

/// `print!` to stdout that never panics (see [`outln!`]).
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => {
        $crate::stdout::write(format_args!($($t)*))
    };
}

pub mod stdout {
    //! Writes to stdout whose failures are not lost: a closed pipe stays quiet, anything else
    //! is kept (the first one) until [`finish`] reports it.

    use std::io::{ErrorKind, Write};
    use std::sync::Mutex;

    static FAILED: Mutex<Option<String>> = Mutex::new(None);

    fn note(e: std::io::Error) {
        if e.kind() != ErrorKind::BrokenPipe
            && let Ok(mut f) = FAILED.lock()
            && f.is_none()
        {
            *f = Some(e.to_string());
        }
    }

    /// Writes formatted text to stdout, remembering a failure instead of panicking.
    pub fn write(args: std::fmt::Arguments) {
        if let Err(e) = std::io::stdout().lock().write_fmt(args) {
            note(e);
        }
    }

    /// Flushes stdout now (a prompt that must show before input is read).
    pub fn flush() {
        if let Err(e) = std::io::stdout().lock().flush() {
            note(e);
        }
    }

    /// Flushes stdout; the first failure of the whole run (other than a closed pipe), if any.
    pub fn finish() -> Option<String> {
        if let Err(e) = std::io::stdout().lock().flush() {
            note(e);
        }
        FAILED.lock().ok().and_then(|f| f.clone())
    }
}

pub mod cards;
pub mod cleanup;
pub mod cli;
pub mod error;
pub mod game;
pub mod games;
pub mod lab;
pub mod output;
pub mod progress;
pub mod report;
pub mod sim;
pub mod stats;
pub mod strategy;

pub use error::{Error, Result};
