//! What Puzznic's and Sokoban's `solve` and `solve_many` are asked besides the budget: the
//! objective and whether to search fast, passed by the package as one tuple
//! `(objective, fast)` and read here once for both puzzles and both functions.

use crate::errors;
use pyo3::prelude::*;

/// The values `objective=` takes for a puzzle, by name.
pub trait Objectives: Copy + 'static {
    /// The names and their objectives, the default first.
    const NAMES: [(&'static str, Self); 2];
}

/// The objective and `fast=` of one call.
#[derive(Clone, Copy)]
pub struct Asked<O> {
    /// What to minimise first.
    pub objective: O,
    /// Any solution, quickly, instead of a proven optimal one.
    pub fast: bool,
}

/// A name that is not an objective is a `ParseError` at line 0, as every bad option value.
impl<'a, 'py, O: Objectives> FromPyObject<'a, 'py> for Asked<O> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Asked<O>> {
        let (name, fast): (String, bool) = obj.extract()?;
        let objective = errors::choose(obj.py(), "objective", &O::NAMES, &name)?;
        Ok(Asked { objective, fast })
    }
}
