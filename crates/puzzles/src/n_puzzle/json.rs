//! The JSON objects of the sliding-tile puzzles: what `--format json` prints for one board,
//! a batch line and `explore`, and the special judge's verdict. The command line prints them,
//! the web API embeds them, and a binding can hand them on, so the field names are written
//! once (the README's "JSON output" table lists them).
//!
//! Fields are declared in alphabetical order, the order `gridlock` has always printed them;
//! `crates/cli/tests/json_fields.rs` pins every name and its place.

use super::board::Board;
use super::explore::Component;
use super::render::directions;
use super::solve::{Solution, Solver};
use super::verify::Verdict;
use crate::json::Problem;
use gridlock_search::Stats;
use serde::Serialize;

/// The numbers of one search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchJson {
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// The bound of each IDA* iteration (`null` without a solution).
    pub iterations: Option<Vec<u32>>,
    /// Generated nodes per second of search, rounded.
    pub nodes_per_second: f64,
    /// Wall time of the search.
    pub seconds: f64,
}

/// `gridlock n-puzzle --format json`: one board, its optimal solution and the search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveJson {
    /// Columns.
    pub cols: u8,
    /// The blank's moves as letters `U D L R`.
    pub directions: Option<String>,
    /// The goal's tiles in reading order.
    pub goal: Vec<u8>,
    /// The heuristic searched with (`null` when parity answered without a search).
    pub heuristic: Option<String>,
    /// The heuristic's bound at the start.
    pub lower_bound: Option<u32>,
    /// Fewest moves, `-1` when the goal cannot be reached.
    pub moves: i64,
    /// Rows.
    pub rows: u8,
    /// Whether the goal can be reached (the parity rule).
    pub solvable: bool,
    /// The start's tiles in reading order.
    pub start: Vec<u8>,
    /// The search's numbers (`null` when parity answered).
    pub stats: Option<SearchJson>,
    /// The tile slid at each move (the judge output).
    pub tiles: Option<Vec<u8>>,
}

impl SolveJson {
    /// The object for `start` and `goal`; `solved` holds the solver and its statistics when
    /// a search ran (`None` when parity decided).
    pub fn new(
        start: &Board,
        goal: &Board,
        solution: Option<&Solution>,
        solved: Option<(&Solver, &Stats)>,
    ) -> SolveJson {
        SolveJson {
            cols: start.shape.cols,
            directions: solution.map(directions),
            goal: goal.tiles.clone(),
            heuristic: solved.map(|(s, _)| s.heuristic().name()),
            lower_bound: solution.map(|s| s.start_bound),
            moves: moves(solution),
            rows: start.shape.rows,
            solvable: start.can_reach(goal),
            start: start.tiles.clone(),
            stats: solved.map(|(_, stats)| SearchJson {
                expanded: stats.expanded,
                generated: stats.generated,
                iterations: solution.map(|s| s.iterations.clone()),
                nodes_per_second: stats.nodes_per_second().round(),
                seconds: stats.elapsed.as_secs_f64(),
            }),
            tiles: solution.map(|s| s.tiles.clone()),
        }
    }
}

/// Fewest moves, `-1` for no solution.
fn moves(solution: Option<&Solution>) -> i64 {
    solution.map_or(-1, |s| s.tiles.len() as i64)
}

/// One board of `--batch`, in either of the batch's formats ([`BatchAnswer::judge`] or
/// JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchAnswer {
    /// The board's tiles in reading order.
    pub board: Vec<u8>,
    /// The blank's moves as letters.
    pub directions: Option<String>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// The input line, 1-based.
    pub line: usize,
    /// Fewest moves, `-1` when the goal cannot be reached.
    pub moves: i64,
    /// Wall time of the search.
    pub seconds: f64,
    /// The tile slid at each move.
    pub tiles: Option<Vec<u8>>,
}

impl BatchAnswer {
    /// The answer for `board`, read at `line`.
    pub fn new(
        line: usize,
        board: &Board,
        solution: Option<&Solution>,
        stats: &Stats,
    ) -> BatchAnswer {
        BatchAnswer {
            board: board.tiles.clone(),
            directions: solution.map(directions),
            expanded: stats.expanded,
            generated: stats.generated,
            line,
            moves: moves(solution),
            seconds: stats.elapsed.as_secs_f64(),
            tiles: solution.map(|s| s.tiles.clone()),
        }
    }

    /// The judge format's line: `MOVES TILES...`.
    pub fn judge(&self) -> String {
        let words: Vec<String> = self.board.iter().map(u8::to_string).collect();
        format!("{} {}", self.moves, words.join(" "))
    }
}

/// `gridlock n-puzzle explore --format json`: the goal's whole component.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExploreJson {
    /// Positions at each distance from the goal, from 0.
    pub by_distance: Vec<u64>,
    /// Columns.
    pub cols: u8,
    /// The farthest positions (at most a few), tiles separated by spaces.
    pub farthest: Vec<String>,
    /// How many positions lie at the largest distance.
    pub farthest_count: u64,
    /// The goal's tiles.
    pub goal: Vec<u8>,
    /// The largest distance from the goal.
    pub max_distance: usize,
    /// Rows.
    pub rows: u8,
    /// Positions in the component.
    pub states: u64,
}

impl ExploreJson {
    /// The object for `goal`'s component `c`.
    pub fn new(goal: &Board, c: &Component) -> ExploreJson {
        ExploreJson {
            by_distance: c.by_distance.clone(),
            cols: goal.shape.cols,
            farthest: c.farthest.iter().map(Board::line).collect(),
            farthest_count: *c.by_distance.last().unwrap_or(&0),
            goal: goal.tiles.clone(),
            max_distance: c.max_distance(),
            rows: goal.shape.rows,
            states: c.states,
        }
    }
}

/// The special judge's verdict (`gridlock verify n-puzzle`), as an object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyJson {
    /// The length the file claims: moves listed, or `-1`.
    pub length: i64,
    /// Valid and as short as the optimum (false when the optimum is unknown).
    pub optimal: bool,
    /// Whether the optimal search finished.
    pub optimum_known: bool,
    /// The first problem, when invalid.
    pub problem: Option<Problem>,
    /// Always `"n-puzzle"`.
    pub puzzle: &'static str,
    /// What `gridlock verify n-puzzle` prints.
    pub report: String,
    /// Every move legal and the goal reached (or `-1` right).
    pub valid: bool,
}

impl VerifyJson {
    /// The object of `verdict` against `optimum`: the optimal length (`Some(None)` when the
    /// goal cannot be reached), `None` when the search did not finish.
    pub fn new(verdict: &Verdict, optimum: Option<Option<usize>>) -> VerifyJson {
        VerifyJson {
            length: verdict.length,
            optimal: verdict.is_valid()
                && match optimum {
                    Some(Some(best)) => verdict.length == best as i64,
                    Some(None) => true,
                    None => false,
                },
            optimum_known: optimum.is_some(),
            problem: verdict
                .problem
                .as_ref()
                .map(|(line, reason)| Problem::new(*line, reason)),
            puzzle: "n-puzzle",
            report: verdict.report(optimum),
            valid: verdict.is_valid(),
        }
    }
}
