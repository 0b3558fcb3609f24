//! The special judge: replays a judge output with the solver's own rules ([`play`]) and says
//! whether it is valid, shortest, and the contest's (lexicographically smallest) answer.
//!
//! A file that is not "one integer per line" is malformed and never reaches this module
//! (see [`parse_solution`](super::parse::parse_solution)); everything well-formed but wrong
//! is a verdict with the line to blame.

use super::board::{Position, CENTRE};
use super::moves::{play, IllegalMove};
use super::parse::SolutionFile;
use super::solve::{Solution, Solver};
use crate::quantity;
use crate::text::count_mismatch;

/// The outcome of checking one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `None` when valid; otherwise the 1-based line to blame and why.
    pub problem: Option<(usize, String)>,
    /// The length the file claims: the number of listed moves, or `-1`.
    pub length: i64,
    /// The judge answer for this input (`None`: the colours can never alternate).
    pub expected: Option<Solution>,
}

impl Verdict {
    /// True when the moves are legal and end in a goal (or `-1` is right).
    pub fn is_valid(&self) -> bool {
        self.problem.is_none()
    }

    /// True when the solution is valid and as short as possible.
    pub fn is_optimal(&self) -> bool {
        self.is_valid()
            && self.length == self.expected.as_ref().map_or(-1, |s| s.moves.len() as i64)
    }

    /// The verdict as printed by `gridlock verify`: `valid`, then `length: L`, then
    /// `optimal: yes|no (...)`; or `invalid: line N: reason` and the judge's own answer (an
    /// invalid list has no length or optimality to report).
    pub fn report(&self, listed: &[i64]) -> String {
        let judge = match &self.expected {
            None => "the judge answer is -1".to_string(),
            Some(s) if s.moves.is_empty() => "the judge answer is 0 moves".to_string(),
            Some(s) => format!(
                "the judge answer is {}: {}",
                quantity(s.moves.len(), "move"),
                join(&s.moves)
            ),
        };
        if let Some((line, reason)) = &self.problem {
            return format!("invalid: line {line}: {reason}\n{judge}\n");
        }
        let optimal = if !self.is_optimal() {
            format!("no ({judge})")
        } else if self.expected.as_ref().is_none_or(|s| {
            s.moves
                .iter()
                .map(|&m| i64::from(m))
                .eq(listed.iter().copied())
        }) {
            "yes (the judge answer: shortest, and lexicographically smallest among the shortest)"
                .to_string()
        } else {
            format!("yes, shortest, but not the lexicographically smallest ({judge})")
        };
        format!("valid\nlength: {}\noptimal: {optimal}\n", self.length)
    }
}

fn join(moves: &[u8]) -> String {
    moves
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks `file` as an answer for `start`.
pub fn verify(start: Position, file: &SolutionFile, solver: &Solver) -> Verdict {
    let expected = solver.solve(start);
    let listed = file.moves.len() as i64;
    let length = if file.count == -1 { -1 } else { listed };
    let problem = check(start, file, expected.as_ref());
    Verdict {
        problem,
        length,
        expected,
    }
}

fn check(
    start: Position,
    file: &SolutionFile,
    expected: Option<&Solution>,
) -> Option<(usize, String)> {
    if file.count == -1 {
        return if let Some(&(line, _)) = file.moves.first() {
            Some((
                line,
                "nothing may follow -1 (which means no solution)".to_string(),
            ))
        } else {
            expected.map(|s| {
                (
                    1,
                    format!(
                        "-1 claims the colours can never alternate, but {} make them alternate",
                        quantity(s.moves.len(), "move")
                    ),
                )
            })
        };
    }
    if file.count < 0 {
        return Some((
            1,
            format!(
                "{} is not a move count (a count is 0 or more, or -1 for no solution)",
                file.count
            ),
        ));
    }
    if let Some(mismatch) = count_mismatch(file.count, &file.moves) {
        return Some(mismatch);
    }
    let mut at = start;
    for &(line, cell) in &file.moves {
        at = match play(at, cell) {
            Ok(next) => next,
            Err(IllegalMove::NotACell) => {
                return Some((line, format!("{cell} is not a cell (cells are numbered 0 to 8)")))
            }
            Err(IllegalMove::EmptyCell) => {
                return Some((line, format!("cell {cell} is the empty cell: there is no chip to move")))
            }
            Err(IllegalMove::NotAdjacent) => {
                return Some((
                    line,
                    format!(
                        "the chip in cell {cell} is not next to the empty cell {} (the position before this move: {at})",
                        at.empty()
                    ),
                ))
            }
        };
    }
    if at.is_goal() {
        return None;
    }
    let line = file.moves.last().map_or(1, |&(line, _)| line);
    let mut reason = if at.empty() != CENTRE {
        format!(
            "the moves end with a chip in the centre (cell {} is empty): {at}",
            at.empty()
        )
    } else {
        format!("the moves end with the ring {at}, whose colours do not alternate")
    };
    if expected.is_none() {
        reason.push_str(&format!(
            "; with {} red and {} blue chips they never can (the answer is -1)",
            8 - start.blues(),
            start.blues()
        ));
    }
    Some((line, reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::parse::{parse_board, parse_solution};
    use gridlock_search::Limits;

    fn run(board: &str, solution: &str) -> Verdict {
        let solver = Solver::new(&Limits::none()).unwrap();
        verify(
            parse_board(board).unwrap(),
            &parse_solution(solution).unwrap(),
            &solver,
        )
    }

    fn blamed(v: &Verdict) -> usize {
        v.problem.as_ref().expect("invalid").0
    }

    #[test]
    fn judge_answer_is_valid_and_optimal() {
        let v = run("BRRBBRBR", "4\n1\n2\n3\n8\n");
        assert!(v.is_valid() && v.is_optimal());
        assert!(v
            .report(&[1, 2, 3, 8])
            .starts_with("valid\nlength: 4\noptimal: yes (the judge answer"));
        assert!(run("RRRRRBBB", "-1").is_optimal());
        assert!(run("RBRBRBRB", "0").is_optimal());
    }

    #[test]
    fn longer_detours_are_valid_but_not_optimal() {
        let v = run("RBRBRBRB", "2\n1\n8\n");
        assert!(v.is_valid() && !v.is_optimal());
        assert!(v
            .report(&[1, 8])
            .contains("optimal: no (the judge answer is 0 moves)"));
    }

    #[test]
    fn each_wrong_answer_names_its_line() {
        let v = run("BRRBBRBR", "4\n1\n3\n2\n8\n");
        assert_eq!(blamed(&v), 3);
        assert!(v
            .problem
            .unwrap()
            .1
            .contains("not next to the empty cell 1"));
        let v = run("BRRBBRBR", "2\n1\n8\n");
        assert_eq!(blamed(&v), 3);
        assert!(v.problem.unwrap().1.contains("do not alternate"));
        let v = run("BRRBBRBR", "1\n1\n");
        assert!(v.problem.unwrap().1.contains("chip in the centre"));
        assert_eq!(blamed(&run("BRRBBRBR", "4\n1\n2\n3\n")), 1);
        assert_eq!(blamed(&run("BRRBBRBR", "3\n1\n2\n3\n8\n")), 5);
        assert_eq!(blamed(&run("BRRBBRBR", "-1\n")), 1);
        assert_eq!(blamed(&run("BRRBBRBR", "-2\n")), 1);
        assert_eq!(blamed(&run("BRRBBRBR", "-1\n1\n")), 2);
        assert_eq!(blamed(&run("BRRBBRBR", "2\n1\n9\n")), 3);
        assert_eq!(blamed(&run("BRRBBRBR", "1\n8\n")), 2);
        let v = run("RRRRRBBB", "0\n");
        assert!(v.problem.unwrap().1.contains("answer is -1"));
    }
}
