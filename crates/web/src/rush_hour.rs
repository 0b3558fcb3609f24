//! Rush Hour for the web player: the same parser, solver and verifier as `gridlock rush-hour`
//! and `gridlock verify rush-hour`, on every board shape they accept (4×4 to 12×12, SPEC §11):
//! [`parse`](fn@parse) picks the 6×6 model or the general one, as on the command line.
//!
//! Playback is one frame per single-cell step, so the counter reads in the contest's unit
//! whatever the metric; the red car's exit steps come last, as the contest counts them.

use crate::error::ApiError;
use crate::request::{body, StatsJson};
use crate::{object, Job, Reply};
use gridlock_puzzles::rush_hour::json::{self, SolveJson, VerifyJson};
use gridlock_puzzles::rush_hour::render::letter;
use gridlock_puzzles::rush_hour::verify::parse_moves;
use gridlock_puzzles::rush_hour::{parse, Label, Metric, Puzzle};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The contest's limit, the CLI's default.
const DEFAULT_LIMIT: u32 = 10;

#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum MetricField {
    #[default]
    Steps,
    Moves,
}

body! {
    struct SolveRequest {
        #[serde(default)]
        metric: MetricField,
        /// A number, `"none"`, or a number as a string (as the page's select sends it).
        limit: Option<Value>,
        /// `--exit-row`: a 1-based row, `"auto"` or absent for the default exit.
        exit_row: Option<Value>,
    }
}

body! {
    struct VerifyRequest {
        solution: String,
        // Accepted (and ignored) so the page can send its solve options with a verification.
        #[allow(dead_code)]
        metric: Option<MetricField>,
        #[allow(dead_code)]
        limit: Option<Value>,
        /// `--exit-row`, as for solve: the moves are replayed towards this exit.
        exit_row: Option<Value>,
    }
}

/// Reads `limit` as the CLI's `--limit N|none` does; the default is the contest's 10.
fn read_limit(value: Option<&Value>) -> Result<Option<u32>, ApiError> {
    let bad = || {
        ApiError::bad_request(format!(
            "bad request: limit: expected a non-negative integer or `none`, found `{}`",
            value.map_or(String::new(), |v| v.to_string())
        ))
    };
    match value {
        None | Some(Value::Null) => Ok(Some(DEFAULT_LIMIT)),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("none") => Ok(None),
        Some(Value::String(s)) => s.trim().parse::<u32>().map(Some).map_err(|_| bad()),
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(bad),
        Some(_) => Err(bad()),
    }
}

/// Reads `exit_row` as the CLI's `--exit-row N` (1-based): absent, `null` or `"auto"` is the
/// default exit (row 3 on 6×6, else the red car's row). Answers the 0-based row the parser
/// takes; whether the red car lies in it is the parser's check, with the CLI's message.
fn read_exit_row(value: Option<&Value>) -> Result<Option<usize>, ApiError> {
    let bad = || {
        ApiError::bad_request(format!(
            "bad request: exit_row: expected a row number from 1 or `auto`, found `{}`",
            value.map_or(String::new(), |v| v.to_string())
        ))
    };
    let row = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("auto") => return Ok(None),
        Some(Value::String(s)) => s.trim().parse::<usize>().map_err(|_| bad())?,
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(bad)?,
        Some(_) => return Err(bad()),
    };
    row.checked_sub(1).map(Some).ok_or_else(bad)
}

/// One frame of the playback.
#[derive(Serialize)]
struct Frame {
    /// The position's cells in reading order, `rows × cols` characters (`o` empty, `x` wall,
    /// letters): on 6×6 the database's 36 characters.
    cells: String,
    /// Rows of the board.
    rows: usize,
    /// Columns of the board.
    cols: usize,
    /// The exit row, 1-based (the exit is at its right end).
    exit_row: usize,
    /// Cells the red car has driven past the exit (only in the final exit steps).
    out: u8,
    /// The red car's length, so the page knows when it is fully out.
    red_length: u8,
    /// The letter of the vehicle that moved into this frame.
    moved: Option<char>,
    /// The name the input gave each letter's vehicle, when it differs (judge matrices use
    /// numbers).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    labels: BTreeMap<char, String>,
}

fn labels(puzzle: &Puzzle) -> BTreeMap<char, String> {
    let board = puzzle.board();
    (0..board.vehicles().len())
        .filter_map(|i| match board.vehicles()[i].label {
            Label::Letter(_) => None,
            label => Some((letter(board, i), label.to_string())),
        })
        .collect()
}

/// The cells of a position in reading order (the one-line form without its `/`s).
fn cells(puzzle: &Puzzle, offsets: &[u8]) -> String {
    puzzle.string(offsets).replace('/', "")
}

/// Solves a Rush Hour board of any shape in any of its formats.
pub fn solve(mut job: Job) -> Reply {
    let req: SolveRequest = job.request()?;
    let limit = read_limit(req.limit.as_ref())?;
    let metric = match req.metric {
        MetricField::Steps => Metric::Steps,
        MetricField::Moves => Metric::Moves,
    };
    let asked_exit = read_exit_row(req.exit_row.as_ref())?;
    let limits = job.limits(&req.budget());
    let puzzle = parse(&req.board, asked_exit).map_err(|e| ApiError::parse("board", &e))?;
    let start = puzzle.start.clone();
    let (found, stats) = puzzle
        .solve(metric, limit, &limits)
        .map_err(|e| ApiError::stopped(&e, &job.caps.describe()))?;
    let names = labels(&puzzle);
    let board = puzzle.board();
    let red_length = board.red_len().unwrap_or(0);
    let (rows, cols) = (board.rows(), board.cols());
    let exit_row = board.exit_row() + 1;
    let frame = |p: &[u8], out: u8, moved: Option<char>| Frame {
        cells: cells(&puzzle, p),
        rows,
        cols,
        exit_row,
        out,
        red_length,
        moved,
        labels: names.clone(),
    };
    let mut steps = vec![json!({ "move": null, "board": frame(&start, 0, None) })];
    let mut moves = Vec::new();
    if let Some(s) = &found {
        let mut p = start.clone();
        let mut travelled = 0;
        for (k, &m) in s.moves.iter().enumerate() {
            let i = m.vehicle as usize;
            let from = p[i];
            let name = puzzle.move_name(m);
            moves.push(json!({
                "label": name,
                "text": format!(
                    "{name} (step{} {})",
                    if m.distance() > 1 { "s" } else { "" },
                    if m.distance() > 1 {
                        format!("{}\u{2013}{}", travelled + 1, travelled + m.distance())
                    } else {
                        (travelled + 1).to_string()
                    }
                ),
            }));
            for d in 1..=m.delta.unsigned_abs() {
                p[i] = if m.delta > 0 { from + d } else { from - d };
                let moved = Some(letter(board, i));
                steps.push(json!({ "move": k, "board": frame(&p, 0, moved) }));
            }
            travelled += m.distance();
            debug_assert_eq!(p, s.positions[k]);
        }
        let (red, red_label) = (letter(board, 0), board.vehicles()[0].label);
        moves.push(json!({
            "label": format!("{red_label} out"),
            "text": format!(
                "{red_label} drives out ({red_length} exit steps, counted in steps, not in moves)"
            ),
            "exit": true,
        }));
        for out in 1..=red_length {
            steps.push(json!({ "move": s.moves.len(), "board": frame(&p, out, Some(red)) }));
        }
    }
    let unit = json::unit(metric);
    let summary = match &found {
        Some(s) => format!(
            "Solved in {}, {} ({} to the exit + {} to drive out): the fewest {unit}{}.",
            gridlock_puzzles::quantity(s.move_count(), "move"),
            gridlock_puzzles::quantity(s.steps_out, "step"),
            s.steps,
            s.steps_out - s.steps,
            match metric {
                Metric::Steps => ", and the fewest moves among those",
                Metric::Moves => ", and the fewest steps among those",
            }
        ),
        None => match (board.unsolvable_reason(), limit) {
            (Some(why), _) => format!("No solution: {why}."),
            (None, Some(l)) => format!(
                "No solution within {l} {unit} (judge answer -1; choose Limit: none to search at any depth)."
            ),
            (None, None) => {
                "No solution: no reachable position has the red car on the exit cells.".into()
            }
        },
    };
    let judge = found.as_ref().map_or(-1, |s| i64::from(s.answer(metric)));
    let move_list: String = found
        .iter()
        .flat_map(|s| s.moves.iter().map(|&m| puzzle.move_name(m) + "\n"))
        .collect();
    let share = puzzle.string(&start);
    Ok(json!({
        "puzzle": "rush-hour",
        "share": match asked_exit {
            Some(row) => format!("rush-hour/{share}?exit-row={}", row + 1),
            None => format!("rush-hour/{share}"),
        },
        "canonical": share,
        "solvable": found.is_some(),
        "optimal": true,
        "metric": unit,
        "limit": limit,
        "length": found.as_ref().map(|s| s.answer(metric)),
        "lengths": {
            "moves": found.as_ref().map(|s| s.move_count()),
            "steps": found.as_ref().map(|s| s.steps),
            "steps_out": found.as_ref().map(|s| s.steps_out),
        },
        "summary": summary,
        "judge": format!("{judge}\n"),
        "solution": if found.is_some() { move_list } else { "-1\n".to_string() },
        "json": SolveJson::new(&puzzle, metric, limit, found.as_ref()),
        "moves": moves,
        "steps": steps,
        "stats": StatsJson::from(&stats),
    }))
}

/// Replays a move list, as `gridlock verify rush-hour` does, with the same report.
pub fn verify(mut job: Job) -> Reply {
    let req: VerifyRequest = job.request()?;
    let exit_row = read_exit_row(req.exit_row.as_ref())?;
    let limits = job.limits(&req.budget());
    let puzzle = parse(&req.board, exit_row).map_err(|e| ApiError::parse("board", &e))?;
    let list = parse_moves(&req.solution).map_err(|e| ApiError::parse("solution", &e))?;
    let judgement = puzzle.judge(&list, &limits);
    object(&VerifyJson::new(&judgement))
}
