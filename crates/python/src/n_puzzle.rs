//! `gridlock.n_puzzle`: solve, solve_many, explore, verify. Boards in both shapes the CLI
//! reads, `size=`, goals; heuristics chosen by the library's table policy
//! (`n_puzzle::tables`, tables kept in memory between calls); answers from the library's
//! JSON writers (`n_puzzle::json`).

use crate::convert::serialised;
use crate::errors;
use crate::run::{interruptible, limit_error, Budget};
use gridlock_puzzles::n_puzzle::explore::explore;
use gridlock_puzzles::n_puzzle::json::{BatchAnswer, ExploreJson, SolveJson, VerifyJson};
use gridlock_puzzles::n_puzzle::tables::kept;
use gridlock_puzzles::n_puzzle::{
    cache, parse_board, parse_size, parse_solution, verify, Board, Choice, Pattern, Shape, Solver,
};
use gridlock_puzzles::PuzzleError;
use gridlock_search::Limits;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::collections::HashMap;

/// `size=`: `"RxC"` or None.
fn size(py: Python<'_>, size: Option<&str>) -> PyResult<Option<Shape>> {
    size.map(|s| parse_size(s).map_err(|why| errors::argument(py, format!("size: {why}"))))
        .transpose()
}

/// What `goal=` names: `"blank-last"`, `"blank-first"` or the text of a goal board (what
/// `--goal FILE` reads).
#[derive(Clone, Copy)]
enum GoalSpec<'a> {
    Last,
    First,
    Text(&'a str),
}

impl GoalSpec<'_> {
    fn of(text: &str) -> GoalSpec<'_> {
        match text {
            "blank-last" => GoalSpec::Last,
            "blank-first" => GoalSpec::First,
            text => GoalSpec::Text(text),
        }
    }

    fn board(self, shape: Shape) -> Result<Board, PuzzleError> {
        Ok(match self {
            GoalSpec::Last => Board::blank_last(shape),
            GoalSpec::First => Board::blank_first(shape),
            GoalSpec::Text(text) => parse_board(text, Some(shape))?,
        })
    }
}

/// `heuristic=` and `pattern=` as the CLI's `--heuristic` and `--pattern`.
#[derive(Clone)]
struct Heuristic {
    name: String,
    pattern: Option<String>,
}

impl Heuristic {
    fn choice(&self, shape: Shape) -> Result<Choice, String> {
        let pattern = self
            .pattern
            .as_deref()
            .map(|p| Pattern::parse(p, shape).map_err(|e| format!("pattern: {e}")))
            .transpose()?;
        Ok(match (self.name.as_str(), pattern) {
            ("manhattan", Some(_)) => {
                return Err("pattern names pattern tables; it cannot be used with \
                            heuristic=\"manhattan\""
                    .into())
            }
            ("manhattan", None) => Choice::Manhattan,
            ("pdb" | "auto", Some(p)) => Choice::Pdb(Some(p)),
            ("pdb", None) => Choice::Pdb(None),
            ("auto", None) => Choice::Auto,
            (other, _) => {
                return Err(format!(
                    "heuristic: expected \"auto\", \"pdb\" or \"manhattan\", found {other:?}"
                ))
            }
        })
    }
}

/// What `solve` and `solve_many` are asked besides the budget, passed as one tuple
/// `(size, goal, heuristic, pattern)`; the size is read here, the goal and the heuristic
/// for each board's shape.
pub struct Options {
    shape: Option<Shape>,
    goal: String,
    heuristic: Heuristic,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Options {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Options> {
        let (size, goal, name, pattern): (Option<String>, String, String, Option<String>) =
            obj.extract()?;
        Ok(Options {
            shape: self::size(obj.py(), size.as_deref())?,
            goal,
            heuristic: Heuristic { name, pattern },
        })
    }
}

/// Why one board could not be answered.
enum Failure {
    Puzzle(PuzzleError),
    Argument(String),
}

impl From<PuzzleError> for Failure {
    fn from(e: PuzzleError) -> Self {
        Failure::Puzzle(e)
    }
}

impl From<gridlock_puzzles::ParseError> for Failure {
    fn from(e: gridlock_puzzles::ParseError) -> Self {
        Failure::Puzzle(e.into())
    }
}

impl From<gridlock_search::Stopped> for Failure {
    fn from(e: gridlock_search::Stopped) -> Self {
        Failure::Puzzle(e.into())
    }
}

/// The solver of `goal` under `heuristic` (tables loaded once per process and kept).
fn solver(goal: &Board, heuristic: &Heuristic, limits: &Limits) -> Result<Solver, Failure> {
    let choice = heuristic.choice(goal.shape).map_err(Failure::Argument)?;
    let dir = cache::cache_dir();
    let h = kept(goal, &choice, dir.as_deref(), limits)?;
    Ok(Solver::new(goal.clone(), h))
}

/// One board's `--format json` object.
fn answer(
    start: &Board,
    goal: &Board,
    solver: Option<&Solver>,
    limits: &Limits,
) -> Result<SolveJson, Failure> {
    if !start.can_reach(goal) {
        // parity: answered at once, no table is built (as the CLI does)
        return Ok(SolveJson::new(start, goal, None, None));
    }
    let solver = solver.expect("a solver for every reachable goal");
    let (solution, stats) = solver.solve(start, limits)?;
    Ok(SolveJson::new(
        start,
        goal,
        solution.as_ref(),
        Some((solver, &stats)),
    ))
}

fn raise(py: Python<'_>, f: Failure) -> PyErr {
    match f {
        Failure::Puzzle(e) => errors::puzzle(py, &e),
        Failure::Argument(why) => errors::argument(py, why),
    }
}

/// The board of `board=` (its shape `shape` when given) and the goal of `goal=` for it.
fn board_and_goal(
    py: Python<'_>,
    board: &str,
    shape: Option<Shape>,
    goal: &str,
) -> PyResult<(Board, Board)> {
    let start = parse_board(board, shape).map_err(|e| errors::parse(py, &e))?;
    let goal = GoalSpec::of(goal)
        .board(start.shape)
        .map_err(|e| errors::puzzle(py, &e))?;
    Ok((start, goal))
}

/// Solves one board: the `--format json` object of `gridlock n-puzzle` as a dict.
#[pyfunction]
pub fn n_puzzle_solve<'py>(
    py: Python<'py>,
    board: &str,
    options: Options,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let (start, goal) = board_and_goal(py, board, options.shape, &options.goal)?;
    let h = options.heuristic;
    h.choice(start.shape)
        .map_err(|why| errors::argument(py, why))?;
    // `max_states` counts expanded nodes, as `--max-states`; no cap by default, which lets
    // the search use every core
    let found = interruptible(py, |cancel| {
        let limits = budget.limits(&cancel);
        let solver = if start.can_reach(&goal) {
            Some(solver(&goal, &h, &limits)?)
        } else {
            None
        };
        answer(&start, &goal, solver.as_ref(), &limits)
    })?;
    serialised(py, &found.map_err(|f| raise(py, f))?)
}

/// Solves many boards on every core (the limits apply to each): one
/// `gridlock n-puzzle --batch --format json` object per input, in input order, `line` its
/// 1-based position.
#[pyfunction]
pub fn n_puzzle_solve_many<'py>(
    py: Python<'py>,
    inputs: Vec<String>,
    options: Options,
    budget: Budget,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (shape, spec, h) = (
        options.shape,
        GoalSpec::of(&options.goal),
        &options.heuristic,
    );
    let found = interruptible(py, |cancel| {
        let limits = budget.limits(&cancel);
        let mut boards = Vec::with_capacity(inputs.len());
        // one solver per goal, built before the parallel round (tables load once), as the
        // batch builds one per shape
        let mut solvers: HashMap<Vec<u8>, Solver> = HashMap::new();
        for (k, text) in inputs.iter().enumerate() {
            let parsed = parse_board(text, shape)
                .map_err(PuzzleError::from)
                .and_then(|start| Ok((spec.board(start.shape)?, start)));
            let (goal, start) = parsed.map_err(|e| (k, Failure::Puzzle(e)))?;
            if !solvers.contains_key(&goal.tiles) {
                let made = solver(&goal, h, &limits).map_err(|f| (k, f))?;
                solvers.insert(goal.tiles.clone(), made);
            }
            boards.push((start, goal.tiles));
        }
        boards
            .par_iter()
            .enumerate()
            .map(|(k, (start, goal))| {
                let (solution, stats) = solvers[goal]
                    .solve(start, &limits)
                    .map_err(|e| (k, Failure::from(e)))?;
                Ok(BatchAnswer::new(k + 1, start, solution.as_ref(), &stats))
            })
            .collect::<Result<Vec<_>, _>>()
    })?;
    match found {
        Ok(answers) => answers.iter().map(|a| serialised(py, a)).collect(),
        Err((k, Failure::Puzzle(e))) => Err(crate::many_error(py, k, &e)),
        Err((k, Failure::Argument(why))) => Err(errors::argument(py, format!("input {k}: {why}"))),
    }
}

/// The goal's whole component: `gridlock n-puzzle explore --format json`.
#[pyfunction]
pub fn n_puzzle_explore<'py>(
    py: Python<'py>,
    size: &str,
    goal: &str,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let shape = self::size(py, Some(size))?.expect("given");
    let goal = GoalSpec::of(goal)
        .board(shape)
        .map_err(|e| errors::puzzle(py, &e))?;
    let budget = budget.capped();
    let found = interruptible(py, |cancel| explore(&goal, &budget.limits(&cancel)))?;
    let (component, _) = found.map_err(|e| limit_error(py, &e))?;
    serialised(py, &ExploreJson::new(&goal, &component))
}

/// Replays a judge output (the move count, then one tile per line), then solves the board
/// (within the budget) to say whether it is optimal: `gridlock verify n-puzzle`'s verdict.
#[pyfunction]
pub fn n_puzzle_verify<'py>(
    py: Python<'py>,
    board: &str,
    solution: &str,
    goal: &str,
    size: Option<&str>,
    budget: Budget,
) -> PyResult<Bound<'py, PyAny>> {
    let (start, goal) = board_and_goal(py, board, self::size(py, size)?, goal)?;
    let file = parse_solution(solution).map_err(|e| errors::parse(py, &e))?;
    let verdict = verify::verify(&start, &goal, &file);
    // the optimum: None when it could not be found within the budget (as the CLI)
    let optimum: Option<Option<usize>> = if !start.can_reach(&goal) {
        Some(None)
    } else {
        let auto = Heuristic {
            name: "auto".into(),
            pattern: None,
        };
        interruptible(py, |cancel| {
            let limits = budget.limits(&cancel);
            let solver = solver(&goal, &auto, &limits).ok()?;
            solver
                .solve(&start, &limits)
                .ok()
                .map(|(s, _)| s.map(|s| s.tiles.len()))
        })?
    };
    crate::verdict(py, &VerifyJson::new(&verdict, optimum))
}
