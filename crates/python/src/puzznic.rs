//! `gridlock.puzznic`: parse, solve (optimal or `fast`), verify.

use crate::asked::{Asked, Objectives};
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

/// `(objective, fast)`, as `solve` and `solve_many` take them.
type Options = Asked<Objective>;

impl Objectives for Objective {
    const NAMES: [(&'static str, Objective); 2] = OBJECTIVES;
}

/// The `objective=` keyword's values.
const OBJECTIVES: [(&str, Objective); 2] =
    [("moves", Objective::Moves), ("cycles", Objective::Cycles)];

/// Solves one board: the library's JSON report. `fast` gets the CLI's 10-second budget when
/// no timeout is given.
fn answer(
    text: &str,
    (options, mut budget): (Options, Budget),
    cancel: &Arc<AtomicBool>,
) -> Result<Report, PuzzleError> {
    let puzzle = puzznic::parse(text)?;
    let analysis = Analysis::new(&puzzle.geometry);
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
pub fn puzznic_solve<'py>(
    py: Python<'py>,
    board: &str,
    options: Options,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let asked = (options, budget.capped());
    let found = interruptible(py, |cancel| answer(board, asked, &cancel))?;
    serialised(py, &found.map_err(|e| errors::puzzle(py, &e))?)
}

/// Solves many boards on every core (the time and state limits apply to each, the memory
/// budget is shared by the searches running at once); dicts in input order.
#[pyfunction]
pub fn puzznic_solve_many<'py>(
    py: Python<'py>,
    inputs: Vec<String>,
    options: Options,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let asked = (options, budget.capped().shared());
    crate::each_input(py, &inputs, |text, cancel| answer(text, asked, cancel))
}

/// Replays a judge answer, then solves both objectives to say whether it is optimal.
#[pyfunction]
pub fn puzznic_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = puzznic::parse(board).map_err(|e| errors::parse(py, &e))?;
    let budget = budget.capped();
    let judged = interruptible(py, |cancel| {
        let analysis = Analysis::new(&puzzle.geometry);
        puzznic::judge(&puzzle, &analysis, solution, &budget.limits(&cancel))
    })?;
    let judgement = judged.map_err(|e| crate::run::limit_error(py, &e))?;
    crate::verdict(py, &VerifyJson::new(&judgement))
}
