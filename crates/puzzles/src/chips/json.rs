//! The JSON objects of red-blue chips: the answer (`gridlock chips --format json`) and the
//! special judge's verdict. The command line prints them, the web API embeds them, and a
//! binding can hand them on, so the field names are written once (docs/chips.md).

use super::board::Position;
use super::solve::Solution;
use super::verify::Verdict;
use crate::json::Problem;
use serde::Serialize;

/// One board in the JSON output.
#[derive(Clone, Debug, Serialize)]
pub struct JsonBoard {
    /// The move that led here (`null` for the start).
    #[serde(rename = "move")]
    pub mv: Option<u8>,
    /// The empty cell.
    pub empty: u8,
    /// The nine cells in cell-number order, `.` for the empty one.
    pub cells: String,
    /// The board as drawn, top row first.
    pub rows: [String; 3],
}

/// `--format json`: one object with stable field names (documented in docs/chips.md).
#[derive(Clone, Debug, Serialize)]
pub struct JsonAnswer {
    /// Always `"chips"`, so mixed outputs can be told apart.
    pub puzzle: &'static str,
    /// The input ring, 8 letters.
    pub input: String,
    /// False when the colours can never alternate (judge answer `-1`).
    pub solvable: bool,
    /// Number of moves; `null` when unsolvable.
    pub length: Option<usize>,
    /// The judge's move list (empty when unsolvable or already solved).
    pub moves: Vec<u8>,
    /// The start and the board after every move.
    pub boards: Vec<JsonBoard>,
}

/// Builds the JSON answer.
pub fn json(start: Position, solution: Option<&Solution>) -> JsonAnswer {
    let to_board = |mv, p: Position| JsonBoard {
        mv,
        empty: p.empty(),
        cells: p.cells(),
        rows: p.rows(),
    };
    let mut boards = vec![to_board(None, start)];
    if let Some(s) = solution {
        boards.extend(
            s.moves
                .iter()
                .zip(&s.positions)
                .map(|(&m, &p)| to_board(Some(m), p)),
        );
    }
    JsonAnswer {
        puzzle: "chips",
        input: start.cells()[..8].to_string(),
        solvable: solution.is_some(),
        length: solution.map(|s| s.moves.len()),
        moves: solution.map(|s| s.moves.clone()).unwrap_or_default(),
        boards,
    }
}

/// The special judge's verdict (`gridlock verify chips`), as an object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyJson {
    /// Always `"chips"`.
    pub puzzle: &'static str,
    /// Every move legal and the colours alternating at the end (or `-1` right).
    pub valid: bool,
    /// Valid and as short as the judge answer.
    pub optimal: bool,
    /// The length the file claims: moves listed, or `-1`.
    pub length: i64,
    /// The first problem, when invalid.
    pub problem: Option<Problem>,
    /// What `gridlock verify chips` prints.
    pub report: String,
}

impl VerifyJson {
    /// The object of `verdict` on a file listing the moves `listed`.
    pub fn new(verdict: &Verdict, listed: &[i64]) -> VerifyJson {
        VerifyJson {
            puzzle: "chips",
            valid: verdict.is_valid(),
            optimal: verdict.is_optimal(),
            length: verdict.length,
            problem: verdict
                .problem
                .as_ref()
                .map(|(line, reason)| Problem::new(*line, reason)),
            report: verdict.report(listed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::render::judge;
    use crate::chips::{parse_board, Solver};
    use gridlock_search::Limits;

    #[test]
    fn judge_and_json_agree() {
        let start = parse_board("BRRBBRBR").unwrap();
        let s = Solver::new(&Limits::none()).unwrap().solve(start).unwrap();
        assert_eq!(judge(Some(&s)), "4\n1\n2\n3\n8\n");
        assert_eq!(judge(None), "-1\n");
        let j = json(start, Some(&s));
        assert_eq!(j.length, Some(4));
        assert_eq!(j.boards.len(), 5);
        assert_eq!(j.boards[4].cells, "BRBRBRBR.");
        assert_eq!(j.boards[1].mv, Some(1));
    }
}
