//! Puzznic for the web player: the same parser, solver and verifier as `gridlock puzznic` and
//! `gridlock verify puzznic`.
//!
//! Each cycle is played back in phases, replayed with the library's own rule code: the
//! board after the player's move (the groups about to vanish marked), after they vanished
//! (the pieces about to fall marked), and at the end of the cycle (pieces still in the air
//! marked as falling).

use crate::error::ApiError;
use crate::request::{body, ObjectiveSolve, StatsJson};
use crate::{object, Job, Reply};
use gridlock_puzzles::puzznic::{
    cycle_traced, describe_bound, falling, judge_text, parse, render_json, solve_with, Action,
    Analysis, Objective, Outcome, Puzzle, SolveOptions, Strategy,
};
use gridlock_puzzles::puzznic::{judge as judge_answer, VerifyJson};
use gridlock_puzzles::quantity;
use gridlock_search::Stopped;
use serde::Serialize;
use serde_json::json;

/// `POST /api/puzznic/solve`.
type SolveRequest = ObjectiveSolve<Objective>;

body! {
    struct VerifyRequest {
        solution: String,
        // Accepted (and ignored) so the page can send its solve options with a verification.
        #[allow(dead_code)]
        objective: Option<Objective>,
        #[allow(dead_code)]
        fast: Option<bool>,
    }
}

/// One board of the playback.
#[derive(Serialize)]
struct Frame {
    /// The grid, one string per row (`#` wall, `.` empty, digits).
    rows: Vec<String>,
    /// 0-based `[row, col]` of the piece the player moved (or where it is now).
    moved: Option<[u8; 2]>,
    /// Pieces about to vanish (step 2 of this cycle).
    vanishing: Vec<[u8; 2]>,
    /// Pieces that are falling on this board.
    falling: Vec<[u8; 2]>,
}

struct Painter<'a> {
    puzzle: &'a Puzzle,
}

impl Painter<'_> {
    fn at(&self, i: usize) -> [u8; 2] {
        let (r, c) = self.puzzle.geometry.pos[i];
        [r, c]
    }

    fn falling(&self, cells: &[u8]) -> Vec<[u8; 2]> {
        let mut fall = vec![false; cells.len()];
        falling(&self.puzzle.geometry, cells, &mut fall);
        (0..cells.len())
            .filter(|&i| fall[i])
            .map(|i| self.at(i))
            .collect()
    }

    fn frame(&self, cells: &[u8], moved: Option<usize>, vanishing: &[usize]) -> Frame {
        Frame {
            rows: self.puzzle.rows_of(cells),
            moved: moved.map(|i| self.at(i)),
            vanishing: vanishing.iter().map(|&i| self.at(i)).collect(),
            falling: self.falling(cells),
        }
    }
}

fn limit_error(stopped: &Stopped, objective: Objective, caps: &str) -> ApiError {
    let mut e = ApiError::stopped(stopped, caps);
    // As the CLI: the message ends with the bound in words, and suggests the fast search.
    let bound = describe_bound(stopped, objective);
    e.message = format!("{stopped} ({caps}, or choose the fast search); {bound}");
    e
}

fn describe(puzzle: &Puzzle, a: Action) -> String {
    let g = &puzzle.geometry;
    let at = |i: u16| {
        let (r, c) = g.pos[i as usize];
        format!("row {}, column {}", r + 1, c + 1)
    };
    match a {
        Action::Wait => "wait".to_string(),
        Action::Left(i) => format!("move the piece at {} left", at(i)),
        Action::Right(i) => format!("move the piece at {} right", at(i)),
    }
}

/// Solves a Puzznic board.
pub fn solve(mut job: Job) -> Reply {
    let req: SolveRequest = job.request()?;
    let limits = job.limits(&req.budget());
    let puzzle = parse(&req.board).map_err(|e| ApiError::parse("board", &e))?;
    let objective = req.objective;
    let analysis = Analysis::new(&puzzle.geometry);
    let options = SolveOptions {
        objective,
        strategy: Strategy::from_fast_flag(req.fast),
        limits,
    };
    let outcome = solve_with(&puzzle, &analysis, &options)
        .map_err(|e| limit_error(&e, objective, &job.caps.describe()))?;
    Ok(answer(&puzzle, &outcome, objective))
}

fn answer(puzzle: &Puzzle, outcome: &Outcome, objective: Objective) -> serde_json::Value {
    let paint = Painter { puzzle };
    let solution = outcome.solution.as_ref();
    let g = &puzzle.geometry;
    let mut steps = vec![json!({ "move": null, "board": paint.frame(&puzzle.start, None, &[]) })];
    let mut moves = Vec::new();
    let mut cells = puzzle.start.clone();
    for (k, &action) in solution.map_or(&[][..], |s| &s.actions).iter().enumerate() {
        let before = cells.clone();
        // The solver's own answer: every action is legal.
        let trace = cycle_traced(g, &mut cells, action).unwrap_or_default();
        let line = action.judge(g);
        moves.push(json!({
            "label": line,
            "text": format!("{line}: {}", describe(puzzle, action)),
        }));
        let mut after_move = before.clone();
        if let Some((from, to)) = trace.moved {
            after_move[to] = after_move[from];
            after_move[from] = 0;
        }
        let vanished: Vec<usize> = trace.vanished.iter().map(|&(i, _)| i).collect();
        let cycle = k + 1;
        let mut phases = Vec::new();
        if trace.moved.is_some() || !vanished.is_empty() {
            let what = match (trace.moved.is_some(), vanished.is_empty()) {
                (true, true) => "the player moves",
                (true, false) => "the player moves; the marked groups vanish",
                _ => "the marked groups vanish",
            };
            phases.push(json!({
                "label": format!("Cycle {cycle}, step 1: {line} \u{2014} {what}"),
                "board": paint.frame(&after_move, trace.moved.map(|(_, to)| to), &vanished),
            }));
        }
        if !vanished.is_empty() {
            let mut after_vanish = after_move.clone();
            for &i in &vanished {
                after_vanish[i] = 0;
            }
            let frame = paint.frame(&after_vanish, None, &[]);
            let falls = if frame.falling.is_empty() {
                ""
            } else {
                "; the marked pieces fall"
            };
            phases.push(json!({
                "label": format!(
                    "Cycle {cycle}, step 2: {} vanished{falls}",
                    quantity(vanished.len(), "piece")
                ),
                "board": frame,
            }));
        }
        let end = if trace.fell.is_empty() {
            format!("Cycle {cycle} ends: {line}")
        } else {
            format!(
                "Cycle {cycle}, step 3: {} fell one cell",
                quantity(trace.fell.len(), "piece")
            )
        };
        steps.push(json!({
            "move": k,
            "label": end,
            "board": paint.frame(&cells, trace.moved_now, &[]),
            "phases": phases,
        }));
    }
    let share: Vec<String> = puzzle.rows_of(&puzzle.start);
    let summary = match solution {
        None => "No solution: the board cannot be cleared (judge answer -1).".to_string(),
        Some(s) => format!(
            "Cleared in {} and {}; {}.",
            quantity(s.moves, "move"),
            quantity(s.cycles, "cycle"),
            if outcome.optimal {
                format!(
                    "proven optimal ({})",
                    match objective {
                        Objective::Moves => "fewest moves, then fewest cycles",
                        Objective::Cycles => "fewest cycles, then fewest moves",
                    }
                )
            } else {
                "found by the fast search, not proven optimal".to_string()
            }
        ),
    };
    let text = judge_text(puzzle, solution);
    json!({
        "puzzle": "puzznic",
        "share": format!("puzznic/{}", share.join("/")),
        "canonical": share.join("/"),
        "solvable": solution.is_some(),
        "optimal": outcome.optimal,
        "objective": objective.name(),
        "length": solution.map(|s| match objective {
            Objective::Moves => s.moves,
            Objective::Cycles => s.cycles,
        }),
        "lengths": {
            "moves": solution.map(|s| s.moves),
            "cycles": solution.map(|s| s.cycles),
        },
        "summary": summary,
        "judge": text,
        "solution": text,
        "json": render_json(puzzle, solution, objective, outcome.optimal),
        "moves": moves,
        "steps": steps,
        "stats": StatsJson::from(&outcome.stats),
    })
}

/// Replays a judge answer, as `gridlock verify puzznic` does, with the same report.
pub fn verify(mut job: Job) -> Reply {
    let req: VerifyRequest = job.request()?;
    let limits = job.limits(&req.budget());
    let puzzle = parse(&req.board).map_err(|e| ApiError::parse("board", &e))?;
    let analysis = Analysis::new(&puzzle.geometry);
    let judgement = judge_answer(&puzzle, &analysis, &req.solution, &limits)
        .map_err(|e| limit_error(&e, Objective::Moves, &job.caps.describe()))?;
    object(&VerifyJson::new(&judgement))
}
