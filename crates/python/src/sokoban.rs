//! `gridlock.sokoban`: solve (fewest pushes or fewest moves, or `fast`), solve_many (a
//! collection or a list of levels, as `gridlock sokoban --batch`), verify, generate (the
//! library's generator, as `gridlock sokoban generate`). Levels in every form the CLI reads
//! (XSB, run-length rows, collections with `number=` picking a level); answers from the
//! library's JSON writers (`sokoban::json`, `sokoban::generate::render`).

use crate::asked::{Asked, Objectives};
use crate::convert::serialised;
use crate::errors;
use crate::run::{interruptible, Budget};
use gridlock_puzzles::sokoban::generate::{generate, Request};
use gridlock_puzzles::sokoban::{
    parse_collection, parse_level, solve, verify, Level, Objective, Report, SolveOptions,
    VerifyJson,
};
use gridlock_puzzles::PuzzleError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;

/// The `objective=` keyword's values.
const OBJECTIVES: [(&str, Objective); 2] =
    [("pushes", Objective::Pushes), ("moves", Objective::Moves)];

/// `(objective, fast)`, as `solve` and `solve_many` take them.
type Options = Asked<Objective>;

impl Objectives for Objective {
    const NAMES: [(&'static str, Objective); 2] = OBJECTIVES;
}

impl Options {
    /// The library's options of one solve under `limits`.
    fn with(self, limits: gridlock_search::Limits) -> SolveOptions {
        SolveOptions {
            objective: self.objective,
            fast: self.fast,
            limits,
        }
    }
}

/// Solves one level (or level `number` of a collection): `gridlock sokoban --format json`
/// as a dict; a limit raises `LimitError` with the proven bound.
#[pyfunction]
pub fn sokoban_solve<'py>(
    py: Python<'py>,
    level: &str,
    number: Option<usize>,
    options: Options,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let level = parse_level(level, number).map_err(|e| errors::parse(py, &e))?;
    let budget = budget.capped();
    let found = interruptible(py, |cancel| {
        solve(&level, &options.with(budget.limits(&cancel)))
    })?;
    match found {
        Ok(outcome) => serialised(py, &Report::solved(&level, options.objective, &outcome)),
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
pub fn sokoban_solve_many<'py>(
    py: Python<'py>,
    inputs: &Bound<'py, PyAny>,
    options: Options,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let levels = levels(py, inputs)?;
    let budget = budget.capped().shared();
    let objective = options.objective;
    let reports = interruptible(py, |cancel| {
        levels
            .par_iter()
            .enumerate()
            .map(|(k, level)| {
                // limits made per level, so that a timeout counts from each level's start
                let report = match solve(level, &options.with(budget.limits(&cancel))) {
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
pub fn sokoban_verify<'py>(
    py: Python<'py>,
    level: &str,
    solution: &str,
    number: Option<usize>,
    objective: &str,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let objective = errors::choose(py, "objective", &OBJECTIVES, objective)?;
    let level = parse_level(level, number).map_err(|e| errors::parse(py, &e))?;
    let budget = budget.capped();
    let judged = interruptible(py, |cancel| {
        verify::judge(&level, solution, objective, &budget.limits(&cancel))
    })?;
    let judgement = judged.map_err(|e| errors::puzzle(py, &e))?;
    crate::verdict(py, &VerifyJson::new(&judgement))
}

/// `size=` of `generate`: `"RxC"` (or `"N"`), an int `N` for N × N, or a pair `(R, C)`; a
/// bad one is a `ParseError` at line 0.
fn shape(py: Python<'_>, size: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let read = if let Ok(text) = size.cast::<PyString>() {
        let text = text.to_str()?;
        let side = |s: &str| s.trim().parse::<usize>().ok();
        match text.split_once(['x', 'X']) {
            Some((r, c)) => side(r).zip(side(c)),
            None => side(text).map(|n| (n, n)),
        }
    } else if let Ok(n) = size.extract::<usize>() {
        Some((n, n))
    } else {
        size.extract::<(usize, usize)>().ok()
    };
    read.ok_or_else(|| {
        let found = size.repr().map(|r| r.to_string()).unwrap_or_default();
        errors::argument(
            py,
            format!("size: expected \"RxC\" such as \"10x10\", N or (R, C); found {found}"),
        )
    })
}

/// New levels of a size, box count and optimal pushes: `gridlock sokoban generate --format
/// json`, one dict per level, from the library's generator. `boxes` and `pushes` are
/// `(low, high)`, high None for "no upper end" (boxes: as many as the room takes).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn sokoban_generate<'py>(
    py: Python<'py>,
    size: &Bound<'py, PyAny>,
    boxes: (usize, Option<usize>),
    pushes: (u32, Option<u32>),
    per_box: u32,
    count: usize,
    seed: u64,
    max_candidates: Option<u64>,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut req = Request {
        size: shape(py, size)?,
        boxes: (boxes.0, boxes.1.unwrap_or(boxes.0)),
        pushes,
        per_box,
        count,
        seed,
        max_candidates,
    };
    req.check().map_err(|why| errors::argument(py, why))?;
    if boxes.1.is_none() {
        // `A..`, as `--boxes A..`: up to what the room takes (checked to be at least A)
        req.boxes.1 = req.most_boxes();
    }
    let report = interruptible(py, |cancel| {
        generate(&req, &budget.limits(&cancel), |_| true, |_| {})
    })?;
    if let Some(stop) = report.stopped {
        return Err(crate::run::generator_stop(py, stop, report.levels.len()));
    }
    let levels = report.levels.iter().enumerate();
    levels
        .map(|(k, g)| serialised(py, &g.json(k + 1)))
        .collect()
}
