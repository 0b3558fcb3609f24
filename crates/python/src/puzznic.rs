//! `gridlock.puzznic`: parse, solve (optimal or `fast`), verify.

use crate::convert::serialised;
use crate::errors;
use crate::run::{interruptible, Budget};
use gridlock_puzzles::puzznic::{
    self, solve_with, Analysis, Objective, SolveOptions, Strategy, FAST_BUDGET,
};
use gridlock_puzzles::puzznic::{render_json, Report, VerifyJson};
use gridlock_puzzles::PuzzleError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The options of one solve, as the CLI takes them.
#[derive(Clone, Copy)]
struct Options {
    objective: Objective,
    fast: bool,
    budget: Budget,
}

impl Options {
    /// The options of `objective=`, `fast=`, `timeout=` and `max_states=`.
    fn new(
        py: Python<'_>,
        objective: &str,
        fast: bool,
        (timeout, max_states): (Option<f64>, Option<usize>),
    ) -> PyResult<Options> {
        Ok(Options {
            objective: self::objective(py, objective)?,
            fast,
            budget: Budget {
                timeout,
                max_states,
            },
        })
    }
}

fn objective(py: Python<'_>, name: &str) -> PyResult<Objective> {
    match name {
        "moves" => Ok(Objective::Moves),
        "cycles" => Ok(Objective::Cycles),
        other => Err(errors::argument(
            py,
            format!("objective: expected \"moves\" or \"cycles\", found {other:?}"),
        )),
    }
}

/// Solves one board: the library's JSON report. `fast` gets the CLI's 10-second budget when
/// no timeout is given.
fn answer(text: &str, options: Options, cancel: &Arc<AtomicBool>) -> Result<Report, PuzzleError> {
    let puzzle = puzznic::parse(text)?;
    let analysis = Analysis::new(&puzzle.geometry);
    let mut budget = options.budget;
    budget.max_states = budget
        .max_states
        .or(Some(gridlock_puzzles::DEFAULT_MAX_STATES));
    if options.fast && budget.timeout.is_none() {
        budget.timeout = Some(FAST_BUDGET.as_secs_f64());
    }
    let solve = SolveOptions {
        objective: options.objective,
        strategy: Strategy::from_fast_flag(options.fast),
        limits: budget.limits(cancel),
    };
    let outcome = solve_with(&puzzle, &analysis, &solve)?;
    Ok(render_json(
        &puzzle,
        outcome.solution.as_ref(),
        options.objective,
        outcome.optimal,
    ))
}

/// Solves one board: the CLI's JSON object as a dict.
#[pyfunction]
#[pyo3(signature = (board, objective="moves", fast=false, timeout=None, max_states=None))]
pub fn puzznic_solve<'py>(
    py: Python<'py>,
    board: &str,
    objective: &str,
    fast: bool,
    timeout: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = Options::new(py, objective, fast, (timeout, max_states))?;
    let found = interruptible(py, |cancel| answer(board, options, &cancel))?;
    serialised(py, &found.map_err(|e| errors::puzzle(py, &e))?)
}

/// Solves many boards on every core (the budget applies to each); dicts in input order.
#[pyfunction]
#[pyo3(signature = (inputs, objective="moves", fast=false, timeout=None, max_states=None))]
pub fn puzznic_solve_many<'py>(
    py: Python<'py>,
    inputs: Vec<String>,
    objective: &str,
    fast: bool,
    timeout: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let options = Options::new(py, objective, fast, (timeout, max_states))?;
    crate::each_input(py, &inputs, |text, cancel| answer(text, options, cancel))
}

/// Replays a judge answer, then solves both objectives to say whether it is optimal.
#[pyfunction]
#[pyo3(signature = (board, solution, timeout=30.0, max_states=None))]
pub fn puzznic_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    timeout: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = puzznic::parse(board).map_err(|e| errors::parse(py, &e))?;
    let budget = Budget {
        timeout,
        max_states: max_states.or(Some(gridlock_puzzles::DEFAULT_MAX_STATES)),
    };
    let judged = interruptible(py, |cancel| {
        let analysis = Analysis::new(&puzzle.geometry);
        puzznic::judge(&puzzle, &analysis, solution, &budget.limits(&cancel))
    })?;
    let judgement = judged.map_err(|e| crate::run::limit_error(py, &e))?;
    crate::verdict(py, &VerifyJson::new(&judgement))
}
