//! `gridlock.rush_hour`: solve, solve_many, explore, generate, verify. Boards in every format
//! and shape the CLI reads ([`parse`]); answers from the library's JSON writers
//! (`rush_hour::json`).

use crate::convert::serialised;
use crate::errors;
use crate::run::{generator_stop, interruptible, limit_error, Budget};
use gridlock_puzzles::rush_hour::generate::{generate, Request, Set, MAX_VEHICLES};
use gridlock_puzzles::rush_hour::json::{
    BatchAnswer, ExploreJson, GeneratedJson, SolveJson, VerifyJson,
};
use gridlock_puzzles::rush_hour::universe::component_key;
use gridlock_puzzles::rush_hour::verify::parse_moves;
use gridlock_puzzles::rush_hour::{optima_all, parse, Metric, Prepared, Puzzle};
use gridlock_puzzles::PuzzleError;
use gridlock_search::Limits;
use pyo3::prelude::*;
use rayon::prelude::*;

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

/// The `metric=` keyword's values.
const METRICS: [(&str, Metric); 2] = [("steps", Metric::Steps), ("moves", Metric::Moves)];

/// What `solve` and `solve_many` are asked, passed as one tuple `(metric, limit,
/// exit_row)`: the metric, the depth limit and the 0-based exit row.
#[derive(Clone, Copy)]
pub struct Options {
    metric: Metric,
    limit: Option<u32>,
    exit: Option<usize>,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Options {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Options> {
        let py = obj.py();
        let (metric, limit, exit_row): (String, Option<u32>, Option<u32>) = obj.extract()?;
        Ok(Options {
            metric: errors::choose(py, "metric", &METRICS, &metric)?,
            limit,
            exit: exit(py, exit_row)?,
        })
    }
}

/// One board's `--format json` object.
fn answer(text: &str, options: Options, limits: &Limits) -> Result<SolveJson, PuzzleError> {
    let Options {
        metric,
        limit,
        exit,
    } = options;
    let puzzle = parse(text, exit)?;
    let (found, _) = puzzle.solve(metric, limit, limits)?;
    Ok(SolveJson::new(&puzzle, metric, limit, found.as_ref()))
}

/// Solves one board: the `--format json` object of `gridlock rush-hour` as a dict.
#[pyfunction]
pub fn rush_hour_solve<'py>(
    py: Python<'py>,
    board: &str,
    options: Options,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = budget.capped();
    let found = interruptible(py, |cancel| answer(board, options, &budget.limits(&cancel)))?;
    serialised(py, &found.map_err(|e| errors::puzzle(py, &e))?)
}

/// The boards' optima on every core: one `gridlock rush-hour --batch --format json` object
/// per input, in input order, `line` its 1-based position. Each board is explored as a whole
/// (both metrics at once, one reused explorer per thread), as the batch does; `metric` and
/// `limit` only decide which optima are within the limit.
#[pyfunction]
pub fn rush_hour_solve_many<'py>(
    py: Python<'py>,
    inputs: Vec<String>,
    options: Options,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let Options {
        metric,
        limit,
        exit,
    } = options;
    let budget = budget.capped().shared();
    let found = interruptible(py, |cancel| {
        let puzzles = inputs
            .par_iter()
            .map(|text| parse(text, exit))
            .collect::<Vec<_>>();
        let parsed: Vec<Puzzle> = match puzzles.iter().position(Result::is_err) {
            Some(k) => {
                let e = puzzles.into_iter().nth(k).and_then(Result::err);
                return Err((k, PuzzleError::from(e.expect("an error"))));
            }
            None => puzzles.into_iter().flatten().collect(),
        };
        let optima = optima_all(&parsed, &budget.limits(&cancel));
        parsed
            .iter()
            .zip(optima)
            .zip(&inputs)
            .enumerate()
            .map(|(k, ((puzzle, optima), text))| {
                let optima = optima.map_err(|e| (k, PuzzleError::from(e)))?;
                // the board as the batch prints it: a database token as given, else the
                // board's one-line form
                let token = text.trim();
                let board = if token.chars().count() == 36 && !token.contains(char::is_whitespace) {
                    token.to_string()
                } else {
                    puzzle.string(&puzzle.start)
                };
                let red = u32::from(puzzle.board().red_len().unwrap_or(0));
                Ok(BatchAnswer::new(k + 1, board, red, &optima, metric, limit))
            })
            .collect::<Result<Vec<_>, _>>()
    })?;
    match found {
        Ok(answers) => answers.iter().map(|a| serialised(py, a)).collect(),
        Err((k, e)) => Err(crate::many_error(py, k, &e)),
    }
}

/// The whole component of a board: `gridlock rush-hour explore --format json`.
#[pyfunction]
pub fn rush_hour_explore<'py>(
    py: Python<'py>,
    board: &str,
    exit_row: Option<u32>,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = parse(board, exit(py, exit_row)?).map_err(|e| errors::parse(py, &e))?;
    let budget = budget.capped();
    let found = interruptible(py, |cancel| {
        let limits = budget.limits(&cancel);
        let (analysis, _) = puzzle.analyse(&limits)?;
        // the universe's key, for the boards of its definition (as the CLI gives it)
        let key = match &puzzle.prepared {
            Prepared::Six(_) => component_key(&puzzle.string(&puzzle.start), &limits)
                .ok()
                .map(|k| k.key),
            Prepared::General(_) => None,
        };
        Ok::<_, gridlock_search::Stopped>(ExploreJson::new(&puzzle, &analysis, key))
    })?;
    serialised(py, &found.map_err(|e| limit_error(py, &e))?)
}

/// Fresh interesting puzzles: `gridlock rush-hour generate --format json`, one dict each.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn rush_hour_generate<'py>(
    py: Python<'py>,
    moves: (u32, Option<u32>),
    count: usize,
    seed: u64,
    vehicles: Option<(usize, usize)>,
    walls: usize,
    set: &str,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let set = errors::choose(
        py,
        "set",
        &[("any", Set::Any), ("physical", Set::Physical)],
        set,
    )?;
    let req = Request {
        moves,
        vehicles: vehicles.unwrap_or((2, MAX_VEHICLES)),
        walls,
        set,
        count,
        seed,
        max_candidates: None,
    };
    req.check().map_err(|why| errors::argument(py, why))?;
    let report = interruptible(py, |cancel| {
        generate(&req, &budget.limits(&cancel), |_| true, |_| {})
    })?;
    if let Some(stop) = report.stopped {
        return Err(generator_stop(py, stop, report.puzzles.len()));
    }
    let objects = interruptible(py, |_| {
        report
            .puzzles
            .par_iter()
            .map(GeneratedJson::new)
            .collect::<Result<Vec<_>, _>>()
    })?;
    objects
        .map_err(|e| errors::puzzle(py, &e))?
        .iter()
        .map(|g| serialised(py, g))
        .collect()
}

/// Replays a move list (one `VEHICLE DIRECTION DISTANCE` per line) and measures it against
/// both optima: `gridlock verify rush-hour`'s verdict object.
#[pyfunction]
pub fn rush_hour_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    exit_row: Option<u32>,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = parse(board, exit(py, exit_row)?).map_err(|e| errors::parse(py, &e))?;
    let list = parse_moves(solution).map_err(|e| errors::parse(py, &e))?;
    let budget = budget.capped();
    let judgement = interruptible(py, |cancel| puzzle.judge(&list, &budget.limits(&cancel)))?;
    crate::verdict(py, &VerifyJson::new(&judgement))
}
