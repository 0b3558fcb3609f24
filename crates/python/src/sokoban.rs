//! `gridlock.sokoban`: solve (fewest pushes or fewest moves, or `fast`), solve_many (a
//! collection or a list of levels, as `gridlock sokoban --batch`), verify. Levels in every
//! form the CLI reads (XSB, run-length rows, collections with `number=` picking a level);
//! answers from the library's JSON writer (`sokoban::json`).

use crate::convert::serialised;
use crate::errors;
use crate::run::{interruptible, Budget, Memory};
use gridlock_puzzles::sokoban::{
    parse_collection, parse_level, solve, verify, Level, Objective, Report, SolveOptions,
    VerifyJson,
};
use gridlock_puzzles::{PuzzleError, DEFAULT_MAX_STATES};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;

/// The `objective=` keyword's values.
const OBJECTIVES: [(&str, Objective); 2] =
    [("pushes", Objective::Pushes), ("moves", Objective::Moves)];

/// The CLI's state cap unless another is given.
fn budget(timeout: Option<f64>, max_states: Option<usize>, memory: Memory) -> Budget {
    let max_states = Some(max_states.unwrap_or(DEFAULT_MAX_STATES));
    Budget::new(timeout, max_states, memory)
}

/// The options of one solve.
fn options(objective: Objective, fast: bool, limits: gridlock_search::Limits) -> SolveOptions {
    SolveOptions {
        objective,
        fast,
        limits,
    }
}

/// Solves one level (or level `number` of a collection): `gridlock sokoban --format json`
/// as a dict; a limit raises `LimitError` with the proven bound.
#[pyfunction]
#[pyo3(signature = (level, number=None, objective="pushes", fast=false, timeout=None, max_states=None, max_memory=Memory::Auto))]
#[allow(clippy::too_many_arguments)]
pub fn sokoban_solve<'py>(
    py: Python<'py>,
    level: &str,
    number: Option<usize>,
    objective: &str,
    fast: bool,
    timeout: Option<f64>,
    max_states: Option<usize>,
    max_memory: Memory,
) -> PyResult<Bound<'py, PyAny>> {
    let objective = errors::choose(py, "objective", &OBJECTIVES, objective)?;
    let level = parse_level(level, number).map_err(|e| errors::parse(py, &e))?;
    let budget = budget(timeout, max_states, max_memory);
    let found = interruptible(py, |cancel| {
        solve(&level, &options(objective, fast, budget.limits(&cancel)))
    })?;
    match found {
        Ok(outcome) => serialised(py, &Report::solved(&level, objective, &outcome)),
        Err(stopped) => Err(crate::run::limit_error(py, &stopped)),
    }
}

/// The levels of `inputs`: a str is a collection (every level, as `--batch` reads a file),
/// a list holds one level per item (an item of several levels is the error `parse_level`
/// gives, with the item's index).
fn levels(py: Python<'_>, inputs: &Bound<'_, PyAny>) -> PyResult<Vec<Level>> {
    if let Ok(text) = inputs.cast::<PyString>() {
        return parse_collection(text.to_str()?).map_err(|e| errors::parse(py, &e));
    }
    let texts: Vec<String> = inputs.extract()?;
    let parsed: Vec<Result<Level, _>> = texts.par_iter().map(|t| parse_level(t, None)).collect();
    parsed
        .into_iter()
        .enumerate()
        .map(|(k, l)| l.map_err(|e| crate::many_error(py, k, &PuzzleError::Parse(e))))
        .collect()
}

/// Solves every level on every core, as `gridlock sokoban --batch --format json`: one dict
/// per level in input order, `id` its 1-based position; a level stopped by a limit is a dict
/// too (`solvable` None, `lower_bound` the proven bound), as the batch prints it. The time and
/// state limits apply to each level; the memory budget is shared by the searches running at
/// once, as the batch shares it.
#[pyfunction]
#[pyo3(signature = (inputs, objective="pushes", fast=false, timeout=None, max_states=None, max_memory=Memory::Auto))]
pub fn sokoban_solve_many<'py>(
    py: Python<'py>,
    inputs: &Bound<'py, PyAny>,
    objective: &str,
    fast: bool,
    timeout: Option<f64>,
    max_states: Option<usize>,
    max_memory: Memory,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let objective = errors::choose(py, "objective", &OBJECTIVES, objective)?;
    let levels = levels(py, inputs)?;
    let budget = budget(timeout, max_states, max_memory).shared();
    let reports = interruptible(py, |cancel| {
        levels
            .par_iter()
            .enumerate()
            .map(|(k, level)| {
                // limits made per level, so that a timeout counts from each level's start
                let report = match solve(level, &options(objective, fast, budget.limits(&cancel))) {
                    Ok(outcome) => Report::solved(level, objective, &outcome),
                    Err(stopped) => Report::stopped(level, objective, &stopped),
                };
                report.with_id(k + 1)
            })
            .collect::<Vec<_>>()
    })?;
    reports.iter().map(|r| serialised(py, r)).collect()
}

/// Replays a LURD solution (run-length counts, groups and line breaks allowed; `-1` claims
/// no solution) and solves the level within the budget to say whether it is optimal:
/// `gridlock verify sokoban`'s verdict as a dict.
#[pyfunction]
#[pyo3(signature = (level, solution, number=None, objective="pushes", timeout=30.0, max_states=None, max_memory=Memory::Auto))]
#[allow(clippy::too_many_arguments)]
pub fn sokoban_verify<'py>(
    py: Python<'py>,
    level: &str,
    solution: &str,
    number: Option<usize>,
    objective: &str,
    timeout: Option<f64>,
    max_states: Option<usize>,
    max_memory: Memory,
) -> PyResult<Bound<'py, PyAny>> {
    let objective = errors::choose(py, "objective", &OBJECTIVES, objective)?;
    let level = parse_level(level, number).map_err(|e| errors::parse(py, &e))?;
    let budget = budget(timeout, max_states, max_memory);
    let judged = interruptible(py, |cancel| {
        verify::judge(&level, solution, objective, &budget.limits(&cancel))
    })?;
    let judgement = judged.map_err(|e| errors::puzzle(py, &e))?;
    crate::verdict(py, &VerifyJson::new(&judgement))
}
