//! `gridlock.chips`: parse, solve (through the library's component table), verify.

use crate::convert::serialised;
use crate::errors;
use crate::run::limit_error;
use gridlock_puzzles::chips::json::{json, JsonAnswer, VerifyJson};
use gridlock_puzzles::chips::{self, Solver};
use gridlock_puzzles::PuzzleError;
use gridlock_search::{Limits, Stopped};
use pyo3::prelude::*;
use std::sync::OnceLock;

/// The table of every solvable position, explored once per process (630 positions, tens of
/// microseconds) and shared by every call and thread.
fn solver() -> Result<&'static Solver, Stopped> {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    if let Some(s) = SOLVER.get() {
        return Ok(s);
    }
    let built = Solver::new(&Limits::none())?;
    Ok(SOLVER.get_or_init(|| built))
}

/// The `--format json` object of one board, from the library's writer.
fn answer(text: &str) -> Result<JsonAnswer, PuzzleError> {
    let start = chips::parse_board(text)?;
    let solution = solver()?.solve(start);
    Ok(json(start, solution.as_ref()))
}

/// Solves one board (8 letters R/B): the CLI's JSON object as a dict.
/// No search runs (a table look-up of microseconds), so the call keeps the GIL.
#[pyfunction]
pub fn chips_solve<'py>(py: Python<'py>, chips: &str) -> PyResult<Bound<'py, PyAny>> {
    let found = answer(chips).map_err(|e| errors::puzzle(py, &e))?;
    serialised(py, &found)
}

/// Solves many boards on every core; the dicts in input order.
#[pyfunction]
pub fn chips_solve_many<'py>(
    py: Python<'py>,
    inputs: Vec<String>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    crate::each_input(py, &inputs, |text, _| answer(text))
}

/// Replays a judge output (the move count, then one cell per line) against a board.
#[pyfunction]
pub fn chips_verify<'py>(
    py: Python<'py>,
    chips: &str,
    solution: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let start = chips::parse_board(chips).map_err(|e| errors::parse(py, &e))?;
    let file = chips::parse_solution(solution).map_err(|e| errors::parse(py, &e))?;
    let solver = solver().map_err(|e| limit_error(py, &e))?;
    let verdict = chips::verify(start, &file, solver);
    let listed: Vec<i64> = file.moves.iter().map(|&(_, m)| m).collect();
    crate::verdict(py, &VerifyJson::new(&verdict, &listed))
}
