//! # gridlock for Python
//!
//! The extension module `gridlock._gridlock` behind the `gridlock` package
//! (`python/gridlock/`): one function per puzzle operation, each converting Python values
//! into the library's inputs and the library's answers (the objects its JSON writers
//! produce, the verifiers' verdicts) back into dicts. No rule, format or search lives here:
//! every answer is the library's, so it is the command line's.
//!
//! Every search runs through `run::interruptible`: off the GIL, on a worker thread, under
//! the caller's `timeout=` / `max_states=` / `max_memory=` (`run::Budget`), and cancelled
//! by Ctrl-C. The typed result
//! objects, docstrings and stubs are in the Python package.

use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod asked;
mod chips;
mod convert;
mod dataset;
mod errors;
mod n_puzzle;
mod puzznic;
mod run;
mod rush_hour;
mod sokoban;

/// The error of input `index` of a `solve_many` call: the same exception as for one input,
/// its message prefixed with the input's index and an `index` attribute.
pub(crate) fn many_error(py: Python<'_>, index: usize, e: &gridlock_puzzles::PuzzleError) -> PyErr {
    let err = errors::puzzle(py, e);
    let value = err.value(py);
    let message = format!("input {index}: {e}");
    let _ = value.setattr("args", (message,));
    let _ = value.setattr("index", index);
    err
}

/// `solve_many` for a puzzle whose inputs are solved one by one: `answer` on every input,
/// on every core off the GIL (Ctrl-C watched, [`run::interruptible`]), the objects as dicts
/// in input order; the first input that fails raises its error ([`many_error`]).
pub(crate) fn each_input<'py, A: serde::Serialize + Send>(
    py: Python<'py>,
    inputs: &[String],
    answer: impl Fn(&str, &Arc<AtomicBool>) -> Result<A, gridlock_puzzles::PuzzleError> + Sync,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    use rayon::prelude::*;
    let found = run::interruptible(py, |cancel| {
        inputs
            .par_iter()
            .map(|text| answer(text, &cancel))
            .collect::<Vec<_>>()
    })?;
    found
        .into_iter()
        .enumerate()
        .map(|(k, r)| match r {
            Ok(a) => convert::serialised(py, &a),
            Err(e) => Err(many_error(py, k, &e)),
        })
        .collect()
}

/// A verdict object of the library's writers as a dict, with the problem's `reason` and
/// `line` also at the top level (None for a valid solution), as SPEC §14 names them.
pub(crate) fn verdict<'py>(
    py: Python<'py>,
    object: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let dict = convert::serialised(py, object)?;
    let problem = dict.get_item("problem")?;
    let (reason, line) = if problem.is_none() {
        (py.None().into_bound(py), py.None().into_bound(py))
    } else {
        (problem.get_item("reason")?, problem.get_item("line")?)
    };
    dict.set_item("reason", reason)?;
    dict.set_item("line", line)?;
    Ok(dict)
}

/// The module: functions named `<puzzle>_<operation>`, wrapped by `gridlock.<puzzle>`.
#[pymodule]
fn _gridlock(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GridlockError", py.get_type::<errors::GridlockError>())?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    m.add("DEFAULT_MAX_STATES", gridlock_puzzles::DEFAULT_MAX_STATES)?;
    m.add_function(wrap_pyfunction!(chips::chips_solve, m)?)?;
    m.add_function(wrap_pyfunction!(chips::chips_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(chips::chips_verify, m)?)?;
    m.add_function(wrap_pyfunction!(puzznic::puzznic_solve, m)?)?;
    m.add_function(wrap_pyfunction!(puzznic::puzznic_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(puzznic::puzznic_verify, m)?)?;
    m.add_function(wrap_pyfunction!(rush_hour::rush_hour_solve, m)?)?;
    m.add_function(wrap_pyfunction!(rush_hour::rush_hour_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(rush_hour::rush_hour_explore, m)?)?;
    m.add_function(wrap_pyfunction!(rush_hour::rush_hour_generate, m)?)?;
    m.add_function(wrap_pyfunction!(rush_hour::rush_hour_verify, m)?)?;
    m.add_function(wrap_pyfunction!(n_puzzle::n_puzzle_solve, m)?)?;
    m.add_function(wrap_pyfunction!(n_puzzle::n_puzzle_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(n_puzzle::n_puzzle_explore, m)?)?;
    m.add_function(wrap_pyfunction!(n_puzzle::n_puzzle_verify, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_verify, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban::sokoban_generate, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::dataset_make, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::dataset_score, m)?)?;
    Ok(())
}
