//! Red-blue chips for the web player: the same parser, solver and verifier as
//! `gridlock chips` and `gridlock verify chips`.

use crate::error::ApiError;
use crate::request::{body, Caps, StatsJson};
use crate::{object, Job, Reply};
use gridlock_puzzles::chips::{self, json, render, Chip, Position, Solver, CENTRE};
use gridlock_search::Limits;
use serde::Serialize;
use serde_json::json;

body! {
    /// `POST /api/chips/solve`. Chips has no options: the answer is always the shortest move
    /// list, lexicographically smallest among the shortest (SPEC §4).
    struct SolveRequest {}
}

body! {
    /// `POST /api/chips/verify`: the board and a judge output to replay.
    struct VerifyRequest {
        solution: String,
    }
}

/// One board of the playback: the page draws it.
#[derive(Serialize)]
struct Board {
    /// The nine cells in cell-number order (`BRRBBRBR.`), `.` for the empty one.
    cells: String,
    /// The empty cell.
    empty: u8,
    /// The cell the last chip moved into (`null` at the start).
    moved_to: Option<u8>,
}

fn board(p: Position, moved_to: Option<u8>) -> Board {
    Board {
        cells: p.cells(),
        empty: p.empty(),
        moved_to,
    }
}

fn cell_name(cell: u8) -> String {
    if cell == CENTRE {
        "the centre".into()
    } else {
        format!("cell {cell}")
    }
}

/// Solves a chips board.
pub fn solve(mut job: Job) -> Reply {
    let req: SolveRequest = job.request()?;
    let limits = job.limits(&req.budget());
    let start = chips::parse_board(&req.board).map_err(|e| ApiError::parse("board", &e))?;
    let solver = solver(&limits, &job.caps)?;
    let solution = solver.solve(start);
    let mut steps = vec![json!({ "move": null, "board": board(start, None) })];
    let mut moves = Vec::new();
    if let Some(s) = &solution {
        let mut before = start;
        for (&mv, &after) in s.moves.iter().zip(&s.positions) {
            let colour = before.chip(mv).map_or("?", |c| match c {
                Chip::Red => "red",
                Chip::Blue => "blue",
            });
            let text = format!(
                "{mv}: the {colour} chip from cell {mv} into {}",
                cell_name(before.empty())
            );
            moves.push(json!({ "label": mv.to_string(), "text": text }));
            steps.push(
                json!({ "move": moves.len() - 1, "board": board(after, Some(before.empty())) }),
            );
            before = after;
        }
    }
    let ring = &start.cells()[..8];
    Ok(json!({
        "puzzle": "chips",
        "share": format!("chips/{ring}"),
        "canonical": ring,
        "solvable": solution.is_some(),
        "optimal": true,
        "length": solution.as_ref().map(|s| s.moves.len()),
        "lengths": { "moves": solution.as_ref().map(|s| s.moves.len()) },
        "summary": match &solution {
            None => format!(
                "No solution (judge answer -1): {} red and {} blue chips; alternating colours need four of each.",
                8 - start.blues(),
                start.blues()
            ),
            Some(s) if s.moves.is_empty() => "Already solved: the colours alternate (0 moves).".into(),
            Some(s) => format!(
                "{}, the fewest possible; the lexicographically smallest of the shortest lists.",
                gridlock_puzzles::quantity(s.moves.len(), "move")
            ),
        },
        "judge": render::judge(solution.as_ref()),
        "solution": render::judge(solution.as_ref()),
        "moves": moves,
        "steps": steps,
        "stats": StatsJson::from(solver.stats()),
        "json": json::json(start, solution.as_ref()),
    }))
}

/// Replays a judge output against a board, as `gridlock verify chips` does.
pub fn verify(mut job: Job) -> Reply {
    let req: VerifyRequest = job.request()?;
    let limits = job.limits(&req.budget());
    let start = chips::parse_board(&req.board).map_err(|e| ApiError::parse("board", &e))?;
    let file = chips::parse_solution(&req.solution).map_err(|e| ApiError::parse("solution", &e))?;
    let solver = solver(&limits, &job.caps)?;
    let verdict = chips::verify(start, &file, &solver);
    let listed: Vec<i64> = file.moves.iter().map(|&(_, m)| m).collect();
    object(&json::VerifyJson::new(&verdict, &listed))
}

fn solver(limits: &Limits, caps: &Caps) -> Result<Solver, ApiError> {
    Solver::new(limits).map_err(|e| ApiError::stopped(&e, &caps.describe()))
}
