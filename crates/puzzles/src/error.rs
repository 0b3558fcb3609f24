//! Errors shared by every puzzle: bad input, and searches that hit a limit.

use gridlock_search::Stopped;
use std::fmt;

/// Malformed input, located precisely so a user can fix the file.
///
/// `line` and `column` are 1-based; `column` counts characters, not bytes. A problem with the
/// input as a whole (an empty file, a missing row) points at the position where something
/// more was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column (in characters) of the problem.
    pub column: usize,
    /// What the parser saw there, as the user would describe it (`"'Q'"`, `"end of input"`).
    pub found: String,
    /// What would have been accepted.
    pub expected: String,
    /// An optional hint on how to fix it.
    pub hint: Option<String>,
}

impl ParseError {
    /// A parse error at `line`:`column` (both 1-based).
    pub fn new(
        line: usize,
        column: usize,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> Self {
        ParseError {
            line,
            column,
            found: found.into(),
            expected: expected.into(),
            hint: None,
        }
    }

    /// Adds a hint, shown after the message.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )?;
        if let Some(hint) = &self.hint {
            write!(f, " (hint: {hint})")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Describes a character for an error message: printable ones quoted, others by code.
pub fn describe_char(c: char) -> String {
    match c {
        '\n' => "end of line".to_string(),
        '\t' => "a tab".to_string(),
        c if c.is_control() || c == '\u{FFFD}' => format!("byte/char U+{:04X}", c as u32),
        c => format!("'{c}'"),
    }
}

/// Everything a puzzle operation can fail with.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The input is malformed (exit code 2).
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A search hit `--max-states`, `--timeout` or was cancelled (exit code 3).
    #[error("{0}")]
    Limit(#[from] Stopped),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_line_column_and_expectation() {
        let e = ParseError::new(3, 7, "'Q'", "a digit 0-9").with_hint("vehicles are numbered");
        assert_eq!(
            e.to_string(),
            "line 3, column 7: expected a digit 0-9, found 'Q' (hint: vehicles are numbered)"
        );
    }

    #[test]
    fn control_characters_are_described_by_code() {
        assert_eq!(describe_char('\u{0}'), "byte/char U+0000");
        assert_eq!(describe_char('x'), "'x'");
    }
}
