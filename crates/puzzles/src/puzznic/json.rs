//! The JSON objects of Puzznic: the answer (`gridlock puzznic --format json`) and the special
//! judge's verdict. The command line prints them, the web API embeds them, and a binding can
//! hand them on, so the field names are written once (docs/puzznic.md).

use super::board::Puzzle;
use super::graph::Objective;
use super::render::{at, traces};
use super::solve::Solution;
use super::verify::{Judgement, Optimality};
use crate::json::Problem;
use serde::Serialize;
use std::collections::BTreeMap;

/// One cycle of a solution as the JSON output gives it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// 1-based cycle number.
    pub cycle: usize,
    /// The judge line (`-`, `L r c`, `R r c`).
    pub action: String,
    /// The moved piece: 1-based `[row, col]` before and after step 1.
    pub moved: Option<[[usize; 2]; 2]>,
    /// 1-based `[row, col]` of every piece that vanished in step 2.
    pub vanished: Vec<[usize; 2]>,
    /// The board at the end of the cycle, one string per row.
    pub board: Vec<String>,
}

/// The whole answer as one JSON object (field names are stable; see docs/puzznic.md).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Always `"puzznic"`.
    pub puzzle: &'static str,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// `"moves"` or `"cycles"`.
    pub objective: &'static str,
    /// False when the board cannot be cleared (the judge answer is `-1`).
    pub solvable: bool,
    /// Whether the answer is proven optimal for the objective.
    pub optimal: bool,
    /// Player moves, or null when unsolvable.
    pub moves: Option<u32>,
    /// Cycles, or null when unsolvable.
    pub cycles: Option<u32>,
    /// The judge answer's lines (empty when unsolvable).
    pub actions: Vec<String>,
    /// The starting board.
    pub start: Vec<String>,
    /// Every cycle.
    pub steps: Vec<Step>,
}

/// The JSON report of an answer (`solution` `None` means unsolvable).
pub fn render_json(
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    objective: Objective,
    optimal: bool,
) -> Report {
    let steps = solution.map_or_else(Vec::new, |s| {
        traces(puzzle, s)
            .into_iter()
            .enumerate()
            .map(|(k, (a, t, _, after))| Step {
                cycle: k + 1,
                action: a.judge(&puzzle.geometry),
                moved: t.moved.map(|(f, to)| [at(puzzle, f), at(puzzle, to)]),
                vanished: t.vanished.iter().map(|&(i, _)| at(puzzle, i)).collect(),
                board: puzzle.rows_of(&after),
            })
            .collect()
    });
    Report {
        puzzle: "puzznic",
        rows: puzzle.rows,
        cols: puzzle.cols,
        objective: objective.name(),
        solvable: solution.is_some(),
        optimal,
        moves: solution.map(|s| s.moves),
        cycles: solution.map(|s| s.cycles),
        actions: solution.map_or_else(Vec::new, |s| {
            s.actions
                .iter()
                .map(|a| a.judge(&puzzle.geometry))
                .collect()
        }),
        start: puzzle.rows_of(&puzzle.start),
        steps,
    }
}

/// The lengths of an answer that clears the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lengths {
    /// Player moves.
    pub moves: u32,
    /// Cycles.
    pub cycles: u32,
}

/// The special judge's verdict (`gridlock verify puzznic`), as an object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyJson {
    /// Always `"puzznic"`.
    pub puzzle: &'static str,
    /// The answer clears the board (or `-1` is right).
    pub valid: bool,
    /// Optimal for `--objective moves` (`null`: unknown within the limits).
    pub optimal: Option<bool>,
    /// Optimality for each objective, when the answer clears the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal_by_objective: Option<BTreeMap<&'static str, Option<bool>>>,
    /// Cycles of an answer that clears the board, `-1` for a right `-1`, `null` when invalid.
    pub length: Option<i64>,
    /// Both lengths, when the answer clears the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lengths: Option<Lengths>,
    /// The first problem, when invalid.
    pub problem: Option<Problem>,
    /// What `gridlock verify puzznic` prints.
    pub report: String,
}

impl VerifyJson {
    /// The object of `judgement`.
    pub fn new(judgement: &Judgement) -> VerifyJson {
        let verdict = VerifyJson {
            puzzle: "puzznic",
            valid: true,
            optimal: Some(true),
            optimal_by_objective: None,
            length: Some(-1),
            lengths: None,
            problem: None,
            report: judgement.report(),
        };
        match judgement {
            Judgement::ProvenUnsolvable => verdict,
            Judgement::Invalid { line, reason } => VerifyJson {
                valid: false,
                optimal: Some(false),
                length: None,
                problem: Some(Problem::new(*line, reason)),
                ..verdict
            },
            Judgement::Valid {
                moves,
                cycles,
                optimality,
            } => {
                let by_objective: BTreeMap<&'static str, Option<bool>> = optimality
                    .iter()
                    .map(|(objective, o)| {
                        let known = match o {
                            Optimality::Optimal => Some(true),
                            Optimality::NotOptimal { .. } => Some(false),
                            Optimality::Unknown(_) => None,
                        };
                        (objective.name(), known)
                    })
                    .collect();
                VerifyJson {
                    optimal: by_objective.get("moves").copied().flatten(),
                    optimal_by_objective: Some(by_objective),
                    length: Some(i64::from(*cycles)),
                    lengths: Some(Lengths {
                        moves: *moves,
                        cycles: *cycles,
                    }),
                    ..verdict
                }
            }
        }
    }
}
