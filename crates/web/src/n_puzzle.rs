//! Sliding-tile puzzles for the web player: the same parser, solver and verifier as
//! `gridlock n-puzzle` and `gridlock verify n-puzzle`, on any board the library accepts
//! (R×C cells, 2 ≤ R, C, R·C ≤ 64).
//!
//! A request is answered under the server's deadline, so the web never starts a table build
//! that takes long: it uses the strongest pattern tables already in the cache (as
//! `--heuristic auto` does), else small ones it builds in about a second (the library's
//! [`REQUEST_PLACEMENTS`] policy, `n_puzzle::tables`). Built or loaded tables stay in memory
//! for the next requests. IDA* holds only its path, so the state cap does not bound it: the
//! deadline does, and a request's `max_states` caps the expanded nodes, as `--max-states`
//! does.

use crate::error::ApiError;
use crate::request::{body, Budget, Caps, StatsJson};
use crate::{object, Job, Reply};
use gridlock_puzzles::n_puzzle::json::{SolveJson, VerifyJson};
use gridlock_puzzles::n_puzzle::render::{self, tile_goes};
use gridlock_puzzles::n_puzzle::tables::{
    build_command, kept, resolve, strongest_pattern, Choice, REQUEST_PLACEMENTS,
};
use gridlock_puzzles::n_puzzle::verify as judge;
use gridlock_puzzles::n_puzzle::{
    parse_board, parse_size, parse_solution, Board, Shape, Solution, Solver,
};
use gridlock_search::{Limits, Stats, Stopped};
use serde::Serialize;
use serde_json::json;
use std::borrow::Cow;

/// The web's choice of tables: the strongest cached, else a second's build.
const CHOICE: Choice = Choice::AutoWithin(REQUEST_PLACEMENTS);

body! {
    /// `POST /api/n-puzzle/solve`.
    struct SolveRequest {
        /// `blank-last` (default), `blank-first`, or a board of the same shape (also in the
        /// link form).
        goal: Option<String>,
        /// `RxC`, as `--size`: needed only for a single line of numbers that is not k².
        size: Option<String>,
    }
}

body! {
    /// `POST /api/n-puzzle/verify`: a board and a judge output to replay.
    struct VerifyRequest {
        solution: String,
        goal: Option<String>,
        size: Option<String>,
    }
}

/// One board of the playback.
#[derive(Serialize)]
struct Frame {
    rows: u8,
    cols: u8,
    /// The tile in every cell, in reading order, `0` the blank.
    tiles: Vec<u8>,
    /// The cell the last tile slid into (`null` at the start).
    moved: Option<usize>,
}

fn frame(board: &Board, moved: Option<usize>) -> Frame {
    Frame {
        rows: board.shape.rows,
        cols: board.shape.cols,
        tiles: board.tiles.clone(),
        moved,
    }
}

/// The board in its link form: rows joined by `/`, tiles by `-` (`8-6-7/2-5-4/3-0-1`).
pub fn link_form(board: &Board) -> String {
    let rows: Vec<String> = board
        .tiles
        .chunks(board.shape.cols as usize)
        .map(|row| {
            let words: Vec<String> = row.iter().map(u8::to_string).collect();
            words.join("-")
        })
        .collect();
    rows.join("/")
}

/// Board text in the link form (`8-6-7/2-5-4/3-0-1`) rewritten as rows of numbers, one
/// character for one, so that a parse error's line and column point at the same character
/// in what was sent; any other text unchanged.
fn from_link_form(text: &str) -> Cow<'_, str> {
    let t = text.trim();
    let link = t.contains(['-', '/'])
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '/');
    if link {
        Cow::Owned(text.replace('-', " ").replace('/', "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// Reads a board as `gridlock n-puzzle` does, or in the link form.
fn read_board(text: &str, size: Option<Shape>, field: &'static str) -> Result<Board, ApiError> {
    parse_board(&from_link_form(text), size).map_err(|e| ApiError::parse(field, &e))
}

/// The goal a request names, for `shape`.
fn goal_of(spec: Option<&str>, shape: Shape) -> Result<(Board, String), ApiError> {
    match spec.map(str::trim) {
        None | Some("") | Some("blank-last") => Ok((Board::blank_last(shape), "blank-last".into())),
        Some("blank-first") => Ok((Board::blank_first(shape), "blank-first".into())),
        Some(text) => {
            let goal = read_board(text, Some(shape), "goal")?;
            let link = link_form(&goal);
            Ok((goal, link))
        }
    }
}

fn size_of(size: Option<&str>) -> Result<Option<Shape>, ApiError> {
    size.map(|s| {
        parse_size(s).map_err(|e| ApiError::bad_request(format!("bad request: size: {e}")))
    })
    .transpose()
}

/// The limits of one search: the deadline and cancel flag of the server; the node cap only
/// when the request asks for one (at most the server's state cap).
fn search_limits(job: &Job, asked: &Budget) -> Limits {
    let mut limits = job.limits(asked);
    limits.max_states = asked.max_states.map(|n| n.min(job.caps.max_states));
    limits
}

/// A search that stopped: the CLI's words, the proven lower bound in moves, and what would
/// make the board answerable.
fn limit_error(e: &Stopped, caps: &Caps, solver: Option<&Solver>, shape: Shape) -> ApiError {
    let mut err = ApiError::stopped(e, &caps.describe());
    let bound = e
        .lower_bound
        .as_ref()
        .map(|b| {
            format!(
                "; the optimum is at least {} (proven)",
                gridlock_puzzles::quantity(b, "move")
            )
        })
        .unwrap_or_default();
    let used = solver.map_or(String::new(), |s| format!(" with {}", s.heuristic().name()));
    err.message = format!(
        "too hard within this server's budget: {} (this server allows {} per solve; a \
         request's max_states caps the nodes expanded){bound}; searched{used}: {}. Stronger \
         tables (`{}`, with the same --goal) and a longer `gridlock serve --timeout` solve \
         more boards",
        e.reason,
        caps.seconds(),
        e.stats,
        build_command(shape, &strongest_pattern(shape), "blank-last"),
    );
    err
}

/// A solver for `goal` with the web's tables (see the module comment). A build is bounded by
/// the server's own time cap, not by a lower one the request asked for: the tables serve
/// every later request too, and a build cut short would be redone by each of them.
fn solver_for(job: &Job, goal: &Board) -> Result<Solver, ApiError> {
    let limits = job.limits(&Budget::default());
    let heuristic = kept(goal, &CHOICE, job.tables.as_deref(), &limits).map_err(|e| {
        let mut err = ApiError::stopped(&e, &job.caps.describe());
        err.message = format!(
            "too hard within this server's budget: building the {} pattern tables for {} did \
             not finish ({}; this server allows {} per solve); `gridlock n-puzzle pdb build` \
             builds them ahead of time",
            resolve(goal, &CHOICE, job.tables.as_deref())
                .pattern
                .map_or_else(String::new, |p| p.to_string()),
            goal.shape,
            e.reason,
            job.caps.seconds()
        );
        err
    })?;
    Ok(Solver::new(goal.clone(), heuristic))
}

fn summary(solution: Option<&Solution>, solver: Option<&Solver>) -> String {
    match (solution, solver) {
        (None, _) => "No solution (judge answer -1): the board and the goal are in different \
                      parity classes (the permutation's parity plus the blank's distance to \
                      its goal cell is odd), so no sequence of moves joins them. Decided at \
                      once, without search."
            .into(),
        (Some(s), _) if s.tiles.is_empty() => "Already at the goal (0 moves).".into(),
        (Some(s), Some(solver)) => format!(
            "Solved in {} move{}, the fewest possible ({}; the start's lower bound was {}, \
             {} IDA* iteration{}).",
            s.tiles.len(),
            if s.tiles.len() == 1 { "" } else { "s" },
            solver.heuristic().name(),
            s.start_bound,
            s.iterations.len(),
            if s.iterations.len() == 1 { "" } else { "s" },
        ),
        (Some(s), None) => format!(
            "Solved in {}.",
            gridlock_puzzles::quantity(s.tiles.len(), "move")
        ),
    }
}

/// Solves a board.
pub fn solve(mut job: Job) -> Reply {
    let req: SolveRequest = job.request()?;
    let limits = search_limits(&job, &req.budget());
    let size = size_of(req.size.as_deref())?;
    let start = read_board(&req.board, size, "board")?;
    let shape = start.shape;
    let (goal, goal_name) = goal_of(req.goal.as_deref(), shape)?;
    let (solution, solver, stats) = if start.can_reach(&goal) {
        let solver = solver_for(&job, &goal)?;
        let (solution, stats) = solver
            .solve(&start, &limits)
            .map_err(|e| limit_error(&e, &job.caps, Some(&solver), shape))?;
        (solution, Some(solver), stats)
    } else {
        // parity: answered at once, no table is loaded or built
        (None, None, Stats::default())
    };
    let mut steps = vec![json!({ "move": null, "board": frame(&start, None) })];
    let mut moves = Vec::new();
    if let Some(s) = &solution {
        let mut board = start.clone();
        for (k, &dir) in s.dirs.iter().enumerate() {
            let into = board.blank();
            let tile = board.slide(dir).expect("the solver plays legal moves");
            moves.push(json!({
                "label": tile.to_string(),
                "text": format!("{tile} {}", tile_goes(dir)),
                "direction": dir.letter().to_string(),
            }));
            steps.push(json!({ "move": k, "board": frame(&board, Some(into)) }));
        }
    }
    let canonical = link_form(&start);
    let share = match goal_name.as_str() {
        "blank-last" => format!("n-puzzle/{canonical}"),
        name => format!("n-puzzle/{canonical}?goal={name}"),
    };
    let length = solution.as_ref().map(|s| s.tiles.len());
    Ok(json!({
        "puzzle": "n-puzzle",
        "share": share,
        "canonical": canonical,
        "rows": shape.rows,
        "cols": shape.cols,
        "goal": goal_name,
        "goal_tiles": goal.tiles,
        "solvable": solution.is_some(),
        "optimal": true,
        "length": length,
        "lengths": { "moves": length },
        "heuristic": solver.as_ref().map(|s| s.heuristic().name()),
        "lower_bound": solution.as_ref().map(|s| s.start_bound),
        "summary": summary(solution.as_ref(), solver.as_ref()),
        "judge": render::judge(solution.as_ref()),
        "solution": render::judge(solution.as_ref()),
        "json": SolveJson::new(&start, &goal, solution.as_ref(), solver.as_ref().map(|s| (s, &stats))),
        "moves": moves,
        "steps": steps,
        "stats": StatsJson::from(&stats),
    }))
}

/// Replays a judge output, as `gridlock verify n-puzzle` does, with the same report; the
/// optimum comes from a search within the server's budget (`unknown` when it stops).
pub fn verify(mut job: Job) -> Reply {
    let req: VerifyRequest = job.request()?;
    let limits = search_limits(&job, &req.budget());
    let size = size_of(req.size.as_deref())?;
    let start = read_board(&req.board, size, "board")?;
    let (goal, _) = goal_of(req.goal.as_deref(), start.shape)?;
    let file = parse_solution(&req.solution).map_err(|e| ApiError::parse("solution", &e))?;
    let verdict = judge::verify(&start, &goal, &file);
    let optimum = if !start.can_reach(&goal) {
        Some(None)
    } else {
        solver_for(&job, &goal)
            .ok()
            .and_then(|solver| solver.solve(&start, &limits).ok())
            .map(|(s, _)| s.map(|s| s.tiles.len()))
    };
    object(&VerifyJson::new(&verdict, optimum))
}
