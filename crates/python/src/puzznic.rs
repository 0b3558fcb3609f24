//! `gridlock.puzznic`: parse, solve (optimal or `fast`), verify.

use crate::convert::serialised;
use crate::errors;
use crate::run::{interruptible, Budget, Memory};
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
    /// The options of `objective=`, `fast=`, `timeout=`, `max_states=` and `max_memory=`.
    fn new(
        py: Python<'_>,
        objective: &str,
        fast: bool,
        (timeout, max_states, memory): (Option<f64>, Option<usize>, Memory),
    ) -> PyResult<Options> {
        Ok(Options {
            objective: errors::choose(py, "objective", &OBJECTIVES, objective)?,
            fast,
            budget: Budget::new(timeout, max_states, memory),
        })
    }
}

/// The `objective=` keyword's values.
const OBJECTIVES: [(&str, Objective); 2] =
    [("moves", Objective::Moves), ("cycles", Objective::Cycles)];

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
#[pyo3(signature = (board, objective="moves", fast=false, timeout=None, max_states=None, max_memory=Memory::Auto))]
pub fn puzznic_solve<'py>(
    py: Python<'py>,
    board: &str,
    objective: &str,
    fast: bool,
    timeout: Option<f64>,
    max_states: Option<usize>,
    max_memory: Memory,
) -> PyResult<Bound<'py, PyAny>> {
    let options = Options::new(py, objective, fast, (timeout, max_states, max_memory))?;
    let found = interruptible(py, |cancel| answer(board, options, &cancel))?;
    serialised(py, &found.map_err(|e| errors::puzzle(py, &e))?)
}

/// Solves many boards on every core (the time and state limits apply to each, the memory
/// budget is shared by the searches running at once); dicts in input order.
#[pyfunction]
#[pyo3(signature = (inputs, objective="moves", fast=false, timeout=None, max_states=None, max_memory=Memory::Auto))]
pub fn puzznic_solve_many<'py>(
    py: Python<'py>,
    inputs: Vec<String>,
    objective: &str,
    fast: bool,
    timeout: Option<f64>,
    max_states: Option<usize>,
    max_memory: Memory,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut options = Options::new(py, objective, fast, (timeout, max_states, max_memory))?;
    options.budget = options.budget.shared();
    crate::each_input(py, &inputs, |text, cancel| answer(text, options, cancel))
}

/// Replays a judge answer, then solves both objectives to say whether it is optimal.
#[pyfunction]
#[pyo3(signature = (board, solution, timeout=30.0, max_states=None, max_memory=Memory::Auto))]
pub fn puzznic_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    timeout: Option<f64>,
    max_states: Option<usize>,
    max_memory: Memory,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = puzznic::parse(board).map_err(|e| errors::parse(py, &e))?;
    let max_states = max_states.or(Some(gridlock_puzzles::DEFAULT_MAX_STATES));
    let budget = Budget::new(timeout, max_states, max_memory);
    let judged = interruptible(py, |cancel| {
        let analysis = Analysis::new(&puzzle.geometry);
        puzznic::judge(&puzzle, &analysis, solution, &budget.limits(&cancel))
    })?;
    let judgement = judged.map_err(|e| crate::run::limit_error(py, &e))?;
    crate::verdict(py, &VerifyJson::new(&judgement))
}
