//! The library's typed errors. `main` alone turns them into one line on stderr and an exit
//! code: 2 for bad input (unknown game, strategy, switch or value, bad card text, impossible
//! player count, unwritable output), 1 for anything else.

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
