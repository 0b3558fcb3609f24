//! Sokoban for the web player: the same parser, solver, verifier and generator as
//! `gridlock sokoban`, `gridlock verify sokoban` and `gridlock sokoban generate` (SPEC §13).
//!
//! The playback has one frame per move (every step of the LURD solution), replayed with the
//! library's own step rule, so the page draws exactly what the verifier accepts.

use crate::error::ApiError;
use crate::generate::{generate_one, nothing_found, pick, range_text, Asked};
use crate::request::{body, ObjectiveSolve, StatsJson};
use crate::{object, Job, Reply};
use gridlock_puzzles::quantity;
use gridlock_puzzles::sokoban::generate::{generate as run_generator, Request};
use gridlock_puzzles::sokoban::json::VerifyJson;
use gridlock_puzzles::sokoban::verify;
use gridlock_puzzles::sokoban::{
    describe_bound, judge, parse_level, solve as solve_level, step, Level, Objective, Report,
    Solution, SolveOptions,
};
use gridlock_search::Stopped;
use serde::Serialize;
use serde_json::{json, Value};

/// `POST /api/sokoban/solve`: the level (XSB, run-length rows; one level).
type SolveRequest = ObjectiveSolve<Objective>;

body! {
    /// `POST /api/sokoban/verify`: the level and a LURD solution to replay.
    struct VerifyRequest {
        solution: String,
        #[serde(default)]
        objective: Objective,
        // Accepted (and ignored) so the page can send its solve options with a verification.
        #[allow(dead_code)]
        fast: Option<bool>,
    }
}

/// One board of the playback.
#[derive(Serialize)]
struct Frame {
    /// The level in XSB, one string per row, as `gridlock sokoban --format text` draws it.
    rows: Vec<String>,
    /// 0-based `[row, col]` of the box the last step pushed, if it pushed one.
    pushed: Option<[usize; 2]>,
}

/// The level of a request: one level (a collection of several is a 400, as in the CLI
/// without `--level`).
fn level(text: &str) -> Result<Level, ApiError> {
    parse_level(text, None).map_err(|e| ApiError::parse("board", &e))
}

fn limit_error(stopped: &Stopped, objective: Objective, caps: &str) -> ApiError {
    let mut e = ApiError::stopped(stopped, caps);
    // as the CLI: the bound in words, and the fast search suggested
    e.message = format!(
        "{} ({caps}, or choose the fast search); {}",
        stopped.reason,
        describe_bound(stopped, objective)
    );
    e
}

/// `1 push`, `2 pushes`.
fn pushes_text(n: u32) -> String {
    format!("{n} push{}", if n == 1 { "" } else { "es" })
}

/// Solves a Sokoban level.
pub fn solve(mut job: Job) -> Reply {
    let req: SolveRequest = job.request()?;
    let limits = job.limits(&req.budget());
    let level = level(&req.board)?;
    let objective = req.objective;
    let options = SolveOptions {
        objective,
        fast: req.fast,
        limits,
    };
    let outcome = solve_level(&level, &options)
        .map_err(|e| limit_error(&e, objective, &job.caps.describe()))?;
    let solution = outcome.solution.as_ref();
    let (moves, steps) = playback(&level, solution);
    // floor as `-` in links (a space would be `%20`), as XSB allows
    let canonical = level.draw(&level.start).join("/").replace(' ', "-");
    let summary = match solution {
        None => "No solution: the boxes cannot all reach the goals (proven; judge answer -1)."
            .to_string(),
        Some(s) if s.moves == 0 => "Already solved: every box is on a goal.".to_string(),
        Some(s) => format!(
            "Solved in {} and {}; {}.",
            pushes_text(s.pushes),
            quantity(s.moves, "move"),
            if outcome.optimal {
                match objective {
                    Objective::Pushes => "proven optimal: fewest pushes, then fewest moves",
                    Objective::Moves => "proven optimal: fewest moves, then fewest pushes",
                }
            } else {
                "found by the fast search, not proven optimal"
            }
        ),
    };
    let text = judge(solution);
    Ok(json!({
        "puzzle": "sokoban",
        "share": format!("sokoban/{canonical}"),
        "canonical": canonical,
        "solvable": solution.is_some(),
        "optimal": outcome.optimal,
        "objective": objective.name(),
        "length": solution.map(|s| match objective {
            Objective::Pushes => s.pushes,
            Objective::Moves => s.moves,
        }),
        "lengths": {
            "moves": solution.map(|s| s.moves),
            "pushes": solution.map(|s| s.pushes),
        },
        "summary": summary,
        "judge": text,
        "solution": text.trim_end(),
        "json": Report::solved(&level, objective, &outcome),
        "moves": moves,
        "steps": steps,
        "stats": StatsJson::from(&outcome.stats),
    }))
}

/// The move list and the playback frames of a solution, replayed with the library's step
/// rule (the same code the verifier runs).
fn playback(level: &Level, solution: Option<&Solution>) -> (Vec<Value>, Vec<Value>) {
    let mut position = level.start.clone();
    let frame = |position: &_, pushed| Frame {
        rows: level.draw(position),
        pushed,
    };
    let mut steps = vec![json!({ "move": null, "board": frame(&position, None) })];
    let mut moves = Vec::new();
    for s in solution.map_or(&[][..], |s| &s.steps[..]) {
        let pushed = step(level, &mut position, s.dir).expect("the solver's steps are legal");
        let label = s.dir.letter(pushed).to_string();
        let text = if pushed {
            format!("{label}: push {}", s.dir.name())
        } else {
            format!("{label}: {}", s.dir.name())
        };
        let at = pushed.then(|| {
            let b = level
                .neighbor(position.player, s.dir)
                .expect("a pushed box is on the floor");
            [b / level.cols, b % level.cols]
        });
        moves.push(json!({ "label": label, "text": text }));
        steps.push(json!({ "move": moves.len() - 1, "board": frame(&position, at) }));
    }
    (moves, steps)
}

/// Replays a LURD solution, as `gridlock verify sokoban` does, with the same report.
pub fn verify(mut job: Job) -> Reply {
    let req: VerifyRequest = job.request()?;
    let limits = job.limits(&req.budget());
    let level = level(&req.board)?;
    let objective = req.objective;
    let judgement =
        verify::judge(&level, &req.solution, objective, &limits).map_err(|e| match e {
            gridlock_puzzles::PuzzleError::Parse(p) => ApiError::parse("solution", &p),
            gridlock_puzzles::PuzzleError::Limit(s) => {
                limit_error(&s, objective, &job.caps.describe())
            }
        })?;
    object(&VerifyJson::new(&judgement))
}

/// The New level menu: a name, the optimal pushes it asks for, and the boxes. Each is a
/// Boxoban-sized room (10 × 10, the outer wall included) generated well inside the
/// server's default 10 s cap (docs/sokoban-generate.md has the figures).
pub const DIFFICULTIES: [(&str, u32, Option<u32>, usize); 4] = [
    ("easy", 8, Some(15), 3),
    ("medium", 16, Some(25), 4),
    ("hard", 26, Some(35), 4),
    ("expert", 30, None, 5),
];

/// The request of a difficulty name, or a 400 naming the choices.
fn band(name: &str) -> Result<(u32, Option<u32>, usize), ApiError> {
    pick(&DIFFICULTIES, |d| d.0, name).map(|&(_, a, b, boxes)| (a, b, boxes))
}

/// The easy band's levels need fewer pushes than the default rule of 4 a box allows for 3
/// boxes (12): the band asks for 3 a box, and its command line says so.
fn per_box(lo: u32, boxes: usize) -> u32 {
    (lo / boxes as u32).min(gridlock_puzzles::sokoban::generate::PER_BOX)
}

/// Generates one level of the requested difficulty.
pub fn generate(mut job: Job) -> Reply {
    let asked = Asked::read(&mut job)?;
    let difficulty = &asked.difficulty;
    let (lo, hi, boxes) = band(difficulty)?;
    let seed = asked.seed;
    let per_box = per_box(lo, boxes);
    let request = Request {
        boxes: (boxes, boxes),
        pushes: (lo, hi),
        per_box,
        seed,
        count: 1,
        max_candidates: Some(asked.max_candidates),
        ..Request::default()
    };
    let (report, elapsed_ms) = generate_one(request.check(), || {
        run_generator(&request, &asked.limits, |_| true, |_| {})
    })?;
    let range = range_text(lo, hi);
    let Some(g) = report.levels.first() else {
        let what = format!("{difficulty} level ({range} pushes)");
        return Err(nothing_found(&report, &job, &what));
    };
    let rows = g.rows();
    let board = rows.join("\n") + "\n";
    let (r, c) = request.size;
    Ok(json!({
        "puzzle": "sokoban",
        "difficulty": difficulty,
        "range": range,
        "seed": seed,
        "board": board,
        "boxes": boxes,
        "pushes": g.pushes,
        "moves": g.solution.moves,
        "moves_optimal": g.moves_optimal,
        "solution": g.solution.lurd(),
        "key": g.key,
        "share": format!("sokoban/{}", rows.join("/").replace(' ', "-")),
        "command": format!(
            "gridlock sokoban generate --size {r}x{c} --boxes {boxes} --pushes {range} \
             --pushes-per-box {per_box} --seed {seed}"
        ),
        "summary": format!(
            "New {difficulty} level: {} boxes, {} (proven fewest); every box is pushed at \
             least twice. Play it with the arrow keys, or Solve to watch an optimal solution.",
            boxes,
            pushes_text(g.pushes),
        ),
        "stats": {
            "tried": report.tried,
            "elapsed_ms": elapsed_ms,
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::check_menu;

    #[test]
    fn difficulties_are_checked_requests_in_rising_order() {
        let check = |&(_, a, b, boxes): &(&str, u32, Option<u32>, usize)| {
            Request::check(&Request {
                boxes: (boxes, boxes),
                pushes: (a, b),
                per_box: per_box(a, boxes),
                ..Request::default()
            })
        };
        check_menu(&DIFFICULTIES, |d| d.0, |d| d.1, check);
        let (name, a, b, boxes) = DIFFICULTIES[1];
        assert_eq!(band(name).unwrap(), (a, b, boxes));
        assert_eq!(range_text(30, None), "30..");
    }
}
