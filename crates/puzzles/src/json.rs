//! What every puzzle's JSON objects share: where a checked solution goes wrong. Each
//! puzzle's own objects are in its `json.rs`.

use serde::Serialize;

/// The first problem the special judge found in a solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// 1-based line of the solution file.
    pub line: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl Problem {
    /// The problem at `line`.
    pub fn new(line: usize, reason: &str) -> Problem {
        Problem {
            line,
            reason: reason.to_string(),
        }
    }
}
