//! `gridlock.datasets`: the library's dataset items as dicts, and its scores.

use crate::convert::{from_py, to_py};
use crate::run::{interruptible, Budget};
use gridlock_puzzles::dataset::{self, DatasetError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use serde_json::Value;

/// `count` items of `puzzle` with the difficulty parameters `difficulty` (a dict).
#[pyfunction]
pub fn dataset_make<'py>(
    py: Python<'py>,
    puzzle: &str,
    count: usize,
    seed: u64,
    difficulty: &Bound<'py, PyDict>,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let Some(Value::Object(params)) = from_py(difficulty.as_any()) else {
        return Err(PyValueError::new_err(
            "difficulty parameters must be integers, strings or pairs of integers",
        ));
    };
    let made = interruptible(py, |cancel| {
        dataset::make(puzzle, count, seed, &params, &budget.limits(&cancel))
    })?;
    let items = made.map_err(|e| match e {
        DatasetError::Invalid(why) => PyValueError::new_err(why),
        DatasetError::Stopped(s) => crate::run::limit_error(py, &s),
    })?;
    items
        .iter()
        .map(|item| {
            let dict = PyDict::new(py);
            dict.set_item("question", &item.question)?;
            dict.set_item("answer", &item.answer)?;
            dict.set_item("metadata", to_py(py, &item.metadata)?)?;
            Ok(dict.into_any())
        })
        .collect()
}

/// The score of `answer` for `item` (a dict made by `dataset_make`): never raises; 0.0 for
/// an answer that is not a string (or not valid Unicode) and for an item without metadata.
#[pyfunction]
pub fn dataset_score(py: Python<'_>, item: &Bound<'_, PyAny>, answer: &Bound<'_, PyAny>) -> f64 {
    let Ok(answer) = answer.cast::<PyString>() else {
        return 0.0;
    };
    let Ok(answer) = answer.to_str() else {
        return 0.0;
    };
    if answer.len() > dataset::MAX_ANSWER {
        return 0.0;
    }
    let metadata = item
        .cast::<PyDict>()
        .ok()
        .and_then(|d| d.get_item("metadata").ok().flatten())
        .and_then(|m| from_py(&m));
    let Some(metadata) = metadata else {
        return 0.0;
    };
    // scoring replays one answer: microseconds, no search, so the GIL is released only
    // for the replay itself
    py.detach(|| dataset::score(&metadata, answer))
}
