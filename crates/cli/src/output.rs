//! Standard output that never panics on a closed pipe and never leaves half a line.

use crate::error::CliError;
use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// One of the library's JSON objects as one line of text (no newline).
pub fn json(value: &impl Serialize) -> Result<String, CliError> {
    serde_json::to_string(value).map_err(|e| CliError::Internal(format!("cannot encode JSON: {e}")))
}

/// Buffered stdout. Commands hand it whole lines (or whole answers); a closed pipe surfaces as
/// [`CliError::BrokenPipe`], which `main` turns into a quiet exit.
pub struct Output {
    inner: BufWriter<Box<dyn Write>>,
}

impl Output {
    /// Writes to the process's standard output.
    pub fn stdout() -> Self {
        Output {
            inner: BufWriter::with_capacity(1 << 16, Box::new(io::stdout())),
        }
    }

    /// Writes `text` as is (callers include the trailing newline).
    pub fn write(&mut self, text: &str) -> Result<(), CliError> {
        self.inner
            .write_all(text.as_bytes())
            .map_err(CliError::from)
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.write(text)?;
        self.write("\n")
    }

    /// Writes one of the library's JSON objects on a line of its own.
    pub fn json(&mut self, value: &impl Serialize) -> Result<(), CliError> {
        self.line(&json(value)?)
    }

    /// Pushes buffered output to the reader (batch mode calls this so results stream).
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.inner.flush().map_err(CliError::from)
    }
}
