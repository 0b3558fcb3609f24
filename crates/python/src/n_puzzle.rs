//! `gridlock.n_puzzle`: parse (both board shapes, `size=`, goals), verify.

use crate::errors;
use crate::run::{interruptible, Budget};
use gridlock_puzzles::n_puzzle::{
    cache, parse_board, parse_size, parse_solution, prepare, verify, Board, Choice, Shape, Solver,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `size=`: `"RxC"` or None.
pub fn size(py: Python<'_>, size: Option<&str>) -> PyResult<Option<Shape>> {
    size.map(|s| parse_size(s).map_err(|why| errors::argument(py, format!("size: {why}"))))
        .transpose()
}

/// `goal=`: `"blank-last"`, `"blank-first"` or a board of `shape` (the text of a goal
/// file, as `--goal FILE` reads it).
pub fn goal(py: Python<'_>, goal: &str, shape: Shape) -> PyResult<Board> {
    match goal {
        "blank-last" => Ok(Board::blank_last(shape)),
        "blank-first" => Ok(Board::blank_first(shape)),
        text => parse_board(text, Some(shape)).map_err(|e| errors::parse(py, &e)),
    }
}

/// Replays a judge output (the move count, then one tile per line), then solves the board
/// (within the budget) to say whether it is optimal, as `gridlock verify n-puzzle` does.
#[pyfunction]
#[pyo3(signature = (board, solution, goal="blank-last", size=None, timeout=30.0))]
pub fn n_puzzle_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    goal: &str,
    size: Option<&str>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let shape = self::size(py, size)?;
    let start = parse_board(board, shape).map_err(|e| errors::parse(py, &e))?;
    let goal = self::goal(py, goal, start.shape)?;
    let file = parse_solution(solution).map_err(|e| errors::parse(py, &e))?;
    let verdict = verify::verify(&start, &goal, &file);
    let budget = Budget {
        timeout,
        max_states: None,
    };
    // the optimum: None when it could not be found within the budget
    let optimum: Option<Option<usize>> = if !start.can_reach(&goal) {
        Some(None)
    } else {
        interruptible(py, |cancel| {
            let limits = budget.limits(&cancel);
            let dir = cache::cache_dir();
            let (heuristic, _) =
                prepare(&goal, &Choice::Auto, dir.as_deref(), &limits, &|_| {}).ok()?;
            let solver = Solver::new(goal.clone(), heuristic);
            solver
                .solve(&start, &limits)
                .ok()
                .map(|(s, _)| s.map(|s| s.tiles.len()))
        })?
    };
    let dict = PyDict::new(py);
    dict.set_item("valid", verdict.is_valid())?;
    dict.set_item("reason", verdict.problem.as_ref().map(|(_, r)| r.as_str()))?;
    dict.set_item("line", verdict.problem.as_ref().map(|(l, _)| *l))?;
    dict.set_item("length", verdict.length)?;
    let optimal =
        optimum.map(|best| verdict.is_valid() && verdict.length == best.map_or(-1, |b| b as i64));
    dict.set_item("optimal", optimal)?;
    dict.set_item("best", optimum.map(|b| b.map_or(-1, |b| b as i64)))?;
    dict.set_item("report", verdict.report(optimum))?;
    Ok(dict)
}
