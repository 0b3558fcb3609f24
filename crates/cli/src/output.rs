//! Standard output that never panics on a closed pipe and never leaves half a line.

use crate::error::CliError;
use std::io::{self, BufWriter, Write};

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

    /// Writes `text` and a newline, in one write: what reaches stdout always ends with a
    /// newline, so its line buffer never holds half a line that an exit would flush.
    pub fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.write(&format!("{text}\n"))
    }

    /// Pushes buffered output to the reader (batch mode calls this so results stream).
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.inner.flush().map_err(CliError::from)
    }
}
