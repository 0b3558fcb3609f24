//! How failures become exit codes: 2 bad input, 3 a limit, 1 anything else.

use gridlock_puzzles::{ParseError, PuzzleError};
use gridlock_search::memory::Bytes;
use gridlock_search::{StopReason, Stopped};

/// A failure of one command, already classified for its exit code.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input is malformed: exit code 2, nothing on stdout.
    #[error("{0}")]
    Input(String),
    /// A search limit was hit: exit code 3.
    #[error("{0}")]
    Limit(String),
    /// Something went wrong that is not the user's fault: exit code 1.
    #[error("{0}")]
    Internal(String),
    /// stdout was closed by the reader (`| head`): stop quietly with exit code 0.
    #[error("broken pipe")]
    BrokenPipe,
}

impl CliError {
    /// The process exit code for this failure (SPEC §2).
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Limit(_) => 3,
            CliError::Internal(_) => 1,
            CliError::BrokenPipe => 0,
        }
    }

    /// A malformed-input error about a named file.
    pub fn input_in(source: &str, e: &ParseError) -> Self {
        CliError::Input(format!("{source}: {e}"))
    }
}

impl From<ParseError> for CliError {
    fn from(e: ParseError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<Stopped> for CliError {
    fn from(e: Stopped) -> Self {
        let bound = e.bound_note();
        // a memory stop says what was held; the others say it here
        let held = match e.reason {
            StopReason::MemoryLimit { .. } | StopReason::OutOfMemory { .. } => String::new(),
            _ => format!("; the search held {}", Bytes(e.stats.peak_bytes)),
        };
        let hint = match e.reason {
            StopReason::StateLimit(_) => " (raise --max-states)",
            StopReason::Timeout => " (raise --timeout)",
            StopReason::Cancelled => " (interrupted)",
            StopReason::MemoryLimit { .. } => " (raise --max-memory)",
            StopReason::OutOfMemory { .. } => {
                " (the machine has no more memory to give; lower --max-memory to stop sooner)"
            }
        };
        CliError::Limit(format!("{}{hint}{held}{bound}; {}", e.reason, e.stats))
    }
}

impl From<PuzzleError> for CliError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::Parse(p) => p.into(),
            PuzzleError::Limit(s) => s.into(),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Internal(format!("I/O error: {e}"))
        }
    }
}
