//! `gridlock.rush_hour`: parse (every format and shape the CLI reads), verify.

use crate::errors;
use crate::run::{interruptible, Budget};
use gridlock_puzzles::rush_hour::verify::{parse_moves, Verdict};
use gridlock_puzzles::rush_hour::{parse_any, AnyPuzzle};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The 0-based exit row of `exit_row=` (1-based, as `--exit-row`).
fn exit(py: Python<'_>, exit_row: Option<u32>) -> PyResult<Option<usize>> {
    match exit_row {
        None => Ok(None),
        Some(n @ 1..=12) => Ok(Some(n as usize - 1)),
        Some(n) => Err(errors::argument(
            py,
            format!("exit_row: expected a row from 1 to 12, found {n}"),
        )),
    }
}

/// Parses a board as the CLI does.
pub fn board(py: Python<'_>, text: &str, exit_row: Option<u32>) -> PyResult<AnyPuzzle> {
    parse_any(text, exit(py, exit_row)?).map_err(|e| errors::parse(py, &e))
}

/// Replays a move list (one `VEHICLE DIRECTION DISTANCE` per line) and measures it against
/// both optima, as `gridlock verify rush-hour` does.
#[pyfunction]
#[pyo3(signature = (board, solution, metric="steps", exit_row=None, timeout=30.0, max_states=None))]
pub fn rush_hour_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    metric: &str,
    exit_row: Option<u32>,
    timeout: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    if !matches!(metric, "steps" | "moves") {
        return Err(errors::argument(
            py,
            format!("metric: expected \"steps\" or \"moves\", found {metric:?}"),
        ));
    }
    let puzzle = self::board(py, board, exit_row)?;
    let list = parse_moves(solution).map_err(|e| errors::parse(py, &e))?;
    let budget = Budget {
        timeout,
        max_states: max_states.or(Some(gridlock_puzzles::DEFAULT_MAX_STATES)),
    };
    let judgement = interruptible(py, |cancel| puzzle.judge(&list, &budget.limits(&cancel)))?;
    let dict = PyDict::new(py);
    dict.set_item("valid", matches!(judgement.verdict, Verdict::Valid { .. }))?;
    match &judgement.verdict {
        Verdict::Valid { steps_out, moves } => {
            dict.set_item("reason", py.None())?;
            dict.set_item("line", py.None())?;
            dict.set_item("moves", moves)?;
            dict.set_item("steps", steps_out)?;
        }
        Verdict::Invalid { line, reason } => {
            dict.set_item("reason", reason)?;
            dict.set_item("line", line)?;
            dict.set_item("moves", py.None())?;
            dict.set_item("steps", py.None())?;
        }
    }
    let (steps, moves) = (judgement.optimal_steps(), judgement.optimal_moves());
    dict.set_item("optimal", if metric == "steps" { steps } else { moves })?;
    dict.set_item("optimal_steps", steps)?;
    dict.set_item("optimal_moves", moves)?;
    dict.set_item("best_steps", judgement.best_steps_out)?;
    dict.set_item("best_moves", judgement.best_moves)?;
    dict.set_item("report", judgement.report())?;
    Ok(dict)
}
