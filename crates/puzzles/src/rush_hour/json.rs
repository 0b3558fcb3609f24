//! The JSON objects of Rush Hour: what `--format json` prints for one board, a batch line,
//! `explore` and `generate`, and the special judge's verdict. The command line prints them,
//! the web API embeds them, and a binding can hand them on: one writer, so the field names
//! cannot drift apart (the README's "JSON output" table lists them).
//!
//! Fields are declared in alphabetical order, the order `gridlock` has always printed them;
//! `crates/cli/tests/json_fields.rs` pins every name and its place.

use super::generate::Generated;
use super::moves::Metric;
use super::parse::parse_database;
use super::puzzle::{Prepared, Puzzle};
use super::solve::{Analysis, Optima, Solution};
use super::verify::{Judgement, Verdict};
use crate::json::Problem;
use crate::PuzzleError;
use gridlock_search::Limits;
use serde::Serialize;

/// The unit a metric counts in, as JSON and messages name it.
pub fn unit(metric: Metric) -> &'static str {
    match metric {
        Metric::Steps => "steps",
        Metric::Moves => "moves",
    }
}

/// One slide of a solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveJson {
    /// `up`, `down`, `left` or `right`.
    pub direction: &'static str,
    /// Cells travelled.
    pub distance: u32,
    /// The vehicle's name as the input wrote it (`B`, or `2` in a judge matrix).
    pub vehicle: String,
}

/// `gridlock rush-hour --format json`: the judge answer and an optimal solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveJson {
    /// The judge answer in the chosen metric, `-1` when there is no solution within the limit.
    pub answer: i64,
    /// The start in its one-line form (the database string on 6×6).
    pub board: String,
    /// Columns, for boards other than the 6×6 one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cols: Option<usize>,
    /// The exit row, 1-based, for boards other than the 6×6 one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_row: Option<usize>,
    /// The largest answer looked for (`null`: none).
    pub limit: Option<u32>,
    /// `steps` or `moves`.
    pub metric: &'static str,
    /// Slides of the solution.
    pub moves: Option<u32>,
    /// Rows, for boards other than the 6×6 one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// The slides, in order.
    pub solution: Option<Vec<MoveJson>>,
    /// Cells travelled until the red car covers the exit cells.
    pub steps: Option<u32>,
    /// `steps` plus the red car's exit steps (the contest's count).
    pub steps_out: Option<u32>,
}

impl SolveJson {
    /// The object for `puzzle` solved in `metric` within `limit` (`found`: the solver's answer).
    pub fn new(
        puzzle: &Puzzle,
        metric: Metric,
        limit: Option<u32>,
        found: Option<&Solution>,
    ) -> SolveJson {
        let board = puzzle.board();
        let general = matches!(puzzle.prepared, Prepared::General(_));
        let solution = found.map(|s| {
            s.moves
                .iter()
                .map(|&m| MoveJson {
                    direction: board.direction(m).word(),
                    distance: m.distance(),
                    vehicle: board.vehicles()[m.vehicle as usize].label.to_string(),
                })
                .collect()
        });
        SolveJson {
            answer: found.map_or(-1, |s| i64::from(s.answer(metric))),
            board: puzzle.string(&puzzle.start),
            cols: general.then_some(board.cols()),
            exit_row: general.then_some(board.exit_row() + 1),
            limit,
            metric: unit(metric),
            moves: found.map(|s| s.move_count()),
            rows: general.then_some(board.rows()),
            solution,
            steps: found.map(|s| s.steps),
            steps_out: found.map(|s| s.steps_out),
        }
    }
}

/// One board of `--batch`: both optima when they are within the limit, in either of the
/// batch's formats ([`BatchAnswer::judge`] or JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BatchAnswer {
    /// The board as the line wrote it (or the one-line form of a grid).
    pub board: String,
    /// The board's first input line, 1-based.
    pub line: usize,
    /// Fewest slides, `null` when unsolvable or beyond the limit.
    pub moves: Option<u32>,
    /// Positions in the board's component.
    pub states: usize,
    /// Fewest steps to the exit cells (exit steps not included), `null` likewise.
    pub steps: Option<u32>,
    /// `steps` plus the red car's exit steps.
    pub steps_out: Option<u32>,
}

impl BatchAnswer {
    /// The answer for the board `board` (red car `red_len` long) read at `line`: `optima`
    /// are reported only when the one in `metric` is within `limit`, as a judge would.
    pub fn new(
        line: usize,
        board: String,
        red_len: u32,
        optima: &Optima,
        metric: Metric,
        limit: Option<u32>,
    ) -> BatchAnswer {
        let within = match (metric, limit) {
            (_, None) => true,
            (Metric::Moves, Some(l)) => optima.moves.is_some_and(|m| m <= l),
            (Metric::Steps, Some(l)) => optima.steps.is_some_and(|s| s + red_len <= l),
        };
        let (moves, steps) = if within {
            (optima.moves, optima.steps)
        } else {
            (None, None)
        };
        BatchAnswer {
            board,
            line,
            moves,
            states: optima.states,
            steps,
            steps_out: steps.map(|s| s + red_len),
        }
    }

    /// The judge format's line: `MOVES STEPS BOARD`, `-1` for an optimum not reported.
    pub fn judge(&self) -> String {
        let show = |n: Option<u32>| n.map_or("-1".to_string(), |n| n.to_string());
        format!("{} {} {}", show(self.moves), show(self.steps), self.board)
    }
}

/// `gridlock rush-hour explore --format json`: the start's whole component.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExploreJson {
    /// The start, one-line form.
    pub board: String,
    /// A farthest position in moves (the smallest string among them), one-line form.
    pub farthest_moves: Option<String>,
    /// A farthest position in steps, likewise.
    pub farthest_steps: Option<String>,
    /// Positions of the component with the red car on the exit cells.
    pub goal_states: usize,
    /// The component's key in the `rush-hour universe` table, when it has one.
    pub key: Option<String>,
    /// Largest distance to a goal in moves.
    pub max_moves: Option<u32>,
    /// Largest distance to a goal in steps (exit steps not included).
    pub max_steps: Option<u32>,
    /// `max_steps` plus the red car's exit steps.
    pub max_steps_out: Option<u32>,
    /// The start's fewest moves.
    pub start_moves: Option<u32>,
    /// The start's fewest steps.
    pub start_steps: Option<u32>,
    /// `start_steps` plus the red car's exit steps.
    pub start_steps_out: Option<u32>,
    /// Positions in the component.
    pub states: usize,
}

impl ExploreJson {
    /// The object for `puzzle`'s component `a`, whose universe key is `key`.
    pub fn new(puzzle: &Puzzle, a: &Analysis, key: Option<String>) -> ExploreJson {
        let red = u32::from(puzzle.board().red_len().unwrap_or(0));
        let far = |f: &Option<(u32, Vec<u8>)>| f.as_ref().map(|(_, p)| puzzle.string(p));
        ExploreJson {
            board: puzzle.string(&puzzle.start),
            farthest_moves: far(&a.farthest_moves),
            farthest_steps: far(&a.farthest_steps),
            goal_states: a.goal_states,
            key,
            max_moves: a.farthest_moves.as_ref().map(|f| f.0),
            max_steps: a.farthest_steps.as_ref().map(|f| f.0),
            max_steps_out: a.farthest_steps.as_ref().map(|f| f.0 + red),
            start_moves: a.start.moves,
            start_steps: a.start.steps,
            start_steps_out: a.start.steps.map(|s| s + red),
            states: a.states,
        }
    }
}

/// `gridlock rush-hour generate --format json`: a generated puzzle with its optima and an
/// optimal solution (its text format draws the same numbers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratedJson {
    /// The 36-character board.
    pub board: String,
    /// The component's key.
    pub key: String,
    /// Optimal moves.
    pub moves: u32,
    /// Positions in the component.
    pub size: u64,
    /// An optimal solution in moves, as `--format moves` writes it.
    pub solution: Vec<String>,
    /// The steps metric's own optimum (exit steps not included).
    pub steps: u32,
    /// `steps` plus the red car's two exit steps.
    pub steps_out: u32,
    /// Vehicles, the red car included.
    pub vehicles: usize,
    /// Walls.
    pub walls: usize,
}

impl GeneratedJson {
    /// Solves `g` in both metrics (generated puzzles are small components: no limit).
    pub fn new(g: &Generated) -> Result<GeneratedJson, PuzzleError> {
        let puzzle = parse_database(&g.board)?;
        let none = Limits::none();
        // the generator only keeps puzzles with a goal in their component
        let steps_out = puzzle
            .optimum(Metric::Steps, None, &none)?
            .0
            .expect("generated puzzles are solvable");
        let solution = puzzle
            .solve(Metric::Moves, None, &none)?
            .0
            .expect("generated puzzles are solvable");
        let exit = u32::from(puzzle.board().red_len().unwrap_or(0));
        Ok(GeneratedJson {
            board: g.board.clone(),
            key: g.key.clone(),
            moves: g.moves,
            size: g.size,
            solution: solution
                .moves
                .iter()
                .map(|&m| puzzle.move_name(m))
                .collect(),
            steps: steps_out - exit,
            steps_out,
            vehicles: g.vehicles,
            walls: g.walls(),
        })
    }
}

/// The lengths of a valid move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lengths {
    /// Slides (lines).
    pub moves: u32,
    /// Cells travelled plus the red car's exit steps.
    pub steps_out: u32,
}

/// The special judge's verdict on a move list (`gridlock verify rush-hour`), as an object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyJson {
    /// The list's length in steps (exit steps included), `null` when invalid.
    pub length: Option<u32>,
    /// Both lengths, when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lengths: Option<Lengths>,
    /// Optimal in steps (`null`: the optimum was not found within the limits).
    pub optimal: Option<bool>,
    /// Optimal in moves, when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal_moves: Option<Option<bool>>,
    /// The first problem, when invalid.
    pub problem: Option<Problem>,
    /// Always `"rush-hour"`.
    pub puzzle: &'static str,
    /// What `gridlock verify rush-hour` prints.
    pub report: String,
    /// Every move legal and the red car on the exit cells at the end.
    pub valid: bool,
}

impl VerifyJson {
    /// The object of `judgement`.
    pub fn new(judgement: &Judgement) -> VerifyJson {
        let report = judgement.report();
        match &judgement.verdict {
            Verdict::Invalid { line, reason } => VerifyJson {
                length: None,
                lengths: None,
                optimal: Some(false),
                optimal_moves: None,
                problem: Some(Problem::new(*line, reason)),
                puzzle: "rush-hour",
                report,
                valid: false,
            },
            &Verdict::Valid { steps_out, moves } => VerifyJson {
                length: Some(steps_out),
                lengths: Some(Lengths { moves, steps_out }),
                optimal: judgement.optimal_steps(),
                optimal_moves: Some(judgement.optimal_moves()),
                problem: None,
                puzzle: "rush-hour",
                report,
                valid: true,
            },
        }
    }
}
