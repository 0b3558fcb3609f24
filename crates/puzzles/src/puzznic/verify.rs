//! The special judge: reads a judge answer and replays it with the solver's own rule code.

use super::board::Puzzle;
use super::rules::{cycle, Action};
use super::solve::Solution;
use crate::quantity;

/// One parsed line of a judge answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionLine {
    /// 1-based line number in the solution file.
    pub line: usize,
    /// `None` for `-`; `Some(false)` for `L`, `Some(true)` for `R`.
    pub right: Option<bool>,
    /// 1-based row and column as written (meaningless for `-`).
    pub row: usize,
    /// 1-based column as written.
    pub col: usize,
}

/// What a judge answer says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `-1`: the answer claims the board cannot be cleared.
    NoSolution,
    /// A list of cycles.
    Lines(Vec<SolutionLine>),
}

/// The outcome of replaying an answer: a solution, or the first problem with its line.
pub type Replay = Result<Solution, (usize, String)>;

/// Parses a judge answer: `-1` alone, or one line per cycle (`-`, `L r c`, `R r c`).
/// Trailing blank lines, CRLF endings and a byte-order mark are accepted; anything else is
/// reported with its 1-based line number.
pub fn parse_solution(text: &str) -> Result<Verdict, (usize, String)> {
    let lines: Vec<&str> = crate::text::lines(text).collect();
    let used = crate::text::used(&lines, |l| l.trim().is_empty());
    if used == 0 {
        return Err((
            1,
            "the answer is empty; expected `-1` or one line per cycle".into(),
        ));
    }
    if used == 1 && lines[0].trim() == "-1" {
        return Ok(Verdict::NoSolution);
    }
    let mut out = Vec::with_capacity(used);
    for (i, raw) in lines[..used].iter().enumerate() {
        let line = i + 1;
        let words: Vec<&str> = raw.split_whitespace().collect();
        let bad = |what: &str| {
            Err((
                line,
                format!("{what} `{raw}`; expected `-`, `L ROW COL` or `R ROW COL` (1-based)"),
            ))
        };
        match words.as_slice() {
            ["-"] => out.push(SolutionLine {
                line,
                right: None,
                row: 0,
                col: 0,
            }),
            [dir @ ("L" | "R"), r, c] => {
                let (Ok(row), Ok(col)) = (r.parse::<usize>(), c.parse::<usize>()) else {
                    return bad("bad row or column in");
                };
                out.push(SolutionLine {
                    line,
                    right: Some(*dir == "R"),
                    row,
                    col,
                });
            }
            ["-1"] => return bad("`-1` must be the whole answer, found"),
            [] => return bad("empty line"),
            _ => return bad("cannot read"),
        }
    }
    Ok(Verdict::Lines(out))
}

/// Replays `lines` from the puzzle's start: every action must be legal, the board must be
/// empty after the last line, and no line may follow the cycle that empties it.
pub fn replay(puzzle: &Puzzle, lines: &[SolutionLine]) -> Replay {
    let g = &puzzle.geometry;
    let mut cells = puzzle.start.clone();
    let mut actions = Vec::with_capacity(lines.len());
    for l in lines {
        if cells.iter().all(|&t| t == 0) {
            return Err((
                l.line,
                "the board is already empty; nothing may follow the cycle that clears it".into(),
            ));
        }
        let action = match l.right {
            None => Action::Wait,
            Some(right) => {
                let what = format!("{} {} {}", if right { 'R' } else { 'L' }, l.row, l.col);
                if l.row == 0 || l.col == 0 || l.row > puzzle.rows || l.col > puzzle.cols {
                    return Err((
                        l.line,
                        format!(
                            "{what}: row {} column {} is outside the {}x{} board",
                            l.row, l.col, puzzle.rows, puzzle.cols
                        ),
                    ));
                }
                if puzzle.is_wall(l.row - 1, l.col - 1) {
                    return Err((l.line, format!("{what}: that cell is a wall")));
                }
                let Some(i) = g.at(l.row - 1, l.col - 1) else {
                    return Err((l.line, format!("{what}: there is no piece on that cell")));
                };
                if right {
                    Action::Right(i as u16)
                } else {
                    Action::Left(i as u16)
                }
            }
        };
        if let Err(e) = cycle(g, &mut cells, action) {
            return Err((l.line, format!("{}: {e}", action.judge(g))));
        }
        actions.push(action);
    }
    let left = cells.iter().filter(|&&t| t != 0).count();
    if left > 0 {
        let line = lines.last().map_or(1, |l| l.line);
        return Err((
            line,
            format!(
                "the board still has {} after the last line",
                quantity(left, "piece")
            ),
        ));
    }
    Ok(Solution::new(actions))
}

/// How a valid answer compares with the optimum of one objective.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimality {
    /// As good as the proven optimum.
    Optimal,
    /// Worse than the optimum, which is given.
    NotOptimal {
        /// The optimum's player moves.
        moves: u32,
        /// The optimum's cycles.
        cycles: u32,
    },
    /// The optimum could not be established (the reason, in words).
    Unknown(String),
}

/// The special judge's whole answer for a Puzznic board, worded once here so the command line
/// and the web API say the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The answer is `-1` and the board indeed cannot be cleared.
    ProvenUnsolvable,
    /// The first problem, with its 1-based line.
    Invalid {
        /// Line of the problem.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The answer clears the board.
    Valid {
        /// Its player moves.
        moves: u32,
        /// Its cycles.
        cycles: u32,
        /// Compared with the optimum of `--objective moves`, then of `--objective cycles`.
        optimality: [(super::graph::Objective, Optimality); 2],
    },
}

/// Parses and replays `answer` on `puzzle`, then solves the board optimally for both
/// objectives (within `limits`) to say whether the answer is optimal. Only checking a `-1`
/// answer needs the search to finish: if it stops on a limit, that is the error.
pub fn judge(
    puzzle: &Puzzle,
    analysis: &super::bound::Analysis,
    answer: &str,
    limits: &gridlock_search::Limits,
) -> Result<Judgement, gridlock_search::Stopped> {
    use super::graph::Objective;
    use super::solve::{solve_with, SolveOptions, Strategy};
    let solve = |objective| {
        solve_with(
            puzzle,
            analysis,
            &SolveOptions {
                objective,
                strategy: Strategy::Optimal,
                limits: limits.clone(),
            },
        )
    };
    let lines = match parse_solution(answer) {
        Ok(Verdict::Lines(lines)) => lines,
        Ok(Verdict::NoSolution) => {
            return Ok(match solve(Objective::Moves)?.solution {
                None => Judgement::ProvenUnsolvable,
                Some(s) => Judgement::Invalid {
                    line: 1,
                    reason: format!(
                        "the answer is -1 but the board can be cleared ({}, {})",
                        quantity(s.moves, "move"),
                        quantity(s.cycles, "cycle")
                    ),
                },
            });
        }
        Err((line, reason)) => return Ok(Judgement::Invalid { line, reason }),
    };
    let found = match replay(puzzle, &lines) {
        Ok(s) => s,
        Err((line, reason)) => return Ok(Judgement::Invalid { line, reason }),
    };
    let optimality = [Objective::Moves, Objective::Cycles].map(|objective| {
        let verdict = match solve(objective) {
            Ok(super::solve::Outcome {
                solution: Some(best),
                ..
            }) => {
                if objective.key(found.moves, found.cycles)
                    == objective.key(best.moves, best.cycles)
                {
                    Optimality::Optimal
                } else {
                    Optimality::NotOptimal {
                        moves: best.moves,
                        cycles: best.cycles,
                    }
                }
            }
            Ok(_) => {
                Optimality::Unknown("the solver found no solution: please report this".to_string())
            }
            Err(stopped) => Optimality::Unknown(format!("search stopped: {stopped}")),
        };
        (objective, verdict)
    });
    Ok(Judgement::Valid {
        moves: found.moves,
        cycles: found.cycles,
        optimality,
    })
}

impl Judgement {
    /// True for a valid answer (including a correct `-1`).
    pub fn is_valid(&self) -> bool {
        !matches!(self, Judgement::Invalid { .. })
    }

    /// What `gridlock verify puzznic` prints.
    pub fn report(&self) -> String {
        match self {
            Judgement::ProvenUnsolvable => {
                "valid\nno solution: the board cannot be cleared (proven)\n".to_string()
            }
            Judgement::Invalid { line, reason } => format!("invalid: line {line}: {reason}\n"),
            Judgement::Valid {
                moves,
                cycles,
                optimality,
            } => {
                let mut report = format!("valid\nmoves {moves}, cycles {cycles}\n");
                for (objective, verdict) in optimality {
                    let words = match verdict {
                        Optimality::Optimal => "optimal".to_string(),
                        Optimality::NotOptimal { moves, cycles } => {
                            format!(
                                "not optimal (optimum: {}, {})",
                                quantity(moves, "move"),
                                quantity(cycles, "cycle")
                            )
                        }
                        Optimality::Unknown(why) => format!("unknown ({why})"),
                    };
                    report.push_str(&format!("objective {}: {words}\n", objective.name()));
                }
                report
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_like_boards() {
        // CRLF, a byte-order mark and trailing blank lines are accepted; line numbers count
        // from the first line
        let Ok(Verdict::Lines(moves)) = parse_solution("\u{FEFF}L 1 2\r\n-\r\n\r\n  \n") else {
            panic!("a valid answer")
        };
        assert_eq!(moves.len(), 2);
        assert!(matches!(
            parse_solution("\u{FEFF}-1\n"),
            Ok(Verdict::NoSolution)
        ));
        assert_eq!(parse_solution("-\r\nX 1 1\r\n").unwrap_err().0, 2);
        assert_eq!(parse_solution(" \n\n").unwrap_err().0, 1);
    }
}
