//! The package's exceptions: `ParseError` (a `ValueError` with `line` and `column`) and
//! `LimitError` (with `reason` and `lower_bound`), both under `GridlockError`.

use gridlock_puzzles::{ParseError as LibParseError, PuzzleError};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    gridlock,
    GridlockError,
    PyException,
    "Base class of the errors gridlock raises."
);
create_exception!(
    gridlock,
    ParseError,
    PyValueError,
    "Malformed input: `line` and `column` (1-based, columns in characters) say where, \
     `expected` what would have been accepted, `found` what was there."
);
create_exception!(
    gridlock,
    LimitError,
    GridlockError,
    "A search hit a limit: `reason` is \"timeout\", \"max_states\", \"max_memory\" (the \
     `max_memory=` budget) or \"memory\" (the machine refused memory first), `lower_bound` \
     the proven lower bound on the optimum (an int, or None when the search proves none) and \
     `bound` all its parts (a tuple: (moves, cycles) for Puzznic)."
);

/// A `ParseError` carrying the library error's position and wording.
pub fn parse(py: Python<'_>, e: &LibParseError) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    let value = err.value(py);
    // setting attributes on a fresh exception instance cannot fail in practice; if it did,
    // the message still names the line and column
    let _ = value.setattr("line", e.line);
    let _ = value.setattr("column", e.column);
    let _ = value.setattr("expected", e.expected.as_str());
    let _ = value.setattr("found", e.found.as_str());
    err
}

/// A `ParseError` about an argument rather than a text (a bad option value): line 0 and
/// column 0 say that it is not in the input.
pub fn argument(py: Python<'_>, message: impl Into<String>) -> PyErr {
    let message = message.into();
    let err = ParseError::new_err(message.clone());
    let value = err.value(py);
    let _ = value.setattr("line", 0);
    let _ = value.setattr("column", 0);
    let _ = value.setattr("expected", message);
    let _ = value.setattr("found", "");
    err
}

/// A `LimitError` with its attributes.
pub fn limit(py: Python<'_>, message: String, reason: &str, parts: Option<Vec<u64>>) -> PyErr {
    let err = LimitError::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("reason", reason);
    let _ = value.setattr(
        "lower_bound",
        parts.as_ref().and_then(|p| p.first().copied()),
    );
    let bound = parts.and_then(|p| pyo3::types::PyTuple::new(py, p).ok());
    let _ = value.setattr("bound", bound);
    err
}

/// A library error of either kind.
pub fn puzzle(py: Python<'_>, e: &PuzzleError) -> PyErr {
    match e {
        PuzzleError::Parse(p) => parse(py, p),
        PuzzleError::Limit(s) => crate::run::limit_error(py, s),
    }
}

/// The value of keyword `field` named `name` among `choices`, or a `ValueError` naming them:
/// `objective: expected "pushes" or "moves", found "x"`.
pub fn choose<T: Copy>(
    py: Python<'_>,
    field: &str,
    choices: &[(&str, T)],
    name: &str,
) -> PyResult<T> {
    if let Some(&(_, value)) = choices.iter().find(|c| c.0 == name) {
        return Ok(value);
    }
    let names: Vec<String> = choices.iter().map(|c| format!("{:?}", c.0)).collect();
    let (last, rest) = names.split_last().expect("at least one choice");
    let listed = if rest.is_empty() {
        last.clone()
    } else {
        format!("{} or {last}", rest.join(", "))
    };
    Err(argument(
        py,
        format!("{field}: expected {listed}, found {name:?}"),
    ))
}
