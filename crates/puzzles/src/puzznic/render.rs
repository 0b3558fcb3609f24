//! Solutions for people (`--format text`) and the judge answer, replayed cycle by cycle with
//! the same rule code as the solver (JSON: [`super::json`]).

use super::board::{Geometry, Puzzle};
use super::graph::Objective;
use super::rules::{cycle_traced, Action, Trace};
use super::solve::Solution;
use std::fmt::Write;

/// The judge answer: `-1`, or one line per cycle (`-`, `L r c`, `R r c`). One writer for the
/// command line, the web API and the tests, so what is printed is exactly what
/// `gridlock verify` reads back.
pub fn judge_text(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    match solution {
        None => "-1\n".to_string(),
        Some(s) => judge_lines(&puzzle.geometry, &s.actions),
    }
}

/// The judge lines of a list of actions, each ended by a newline.
pub fn judge_lines(geometry: &Geometry, actions: &[Action]) -> String {
    let mut text = String::new();
    for a in actions {
        text.push_str(&a.judge(geometry));
        text.push('\n');
    }
    text
}

/// Every cycle of `solution` replayed: the action, its trace, the board before and after.
pub(super) fn traces(
    puzzle: &Puzzle,
    solution: &Solution,
) -> Vec<(Action, Trace, Vec<u8>, Vec<u8>)> {
    let mut cells = puzzle.start.clone();
    let mut out = Vec::new();
    for &a in &solution.actions {
        let before = cells.clone();
        // The solution came from the solver or passed the verifier: every action is legal.
        let trace = cycle_traced(&puzzle.geometry, &mut cells, a).unwrap_or_default();
        out.push((a, trace, before, cells.clone()));
    }
    out
}

/// 1-based `[row, col]` of cell `i`.
pub(super) fn at(puzzle: &Puzzle, i: usize) -> [usize; 2] {
    let (r, c) = puzzle.geometry.pos[i];
    [r as usize + 1, c as usize + 1]
}

/// The text rendering: the start, then for every cycle the board after the player's action
/// (moved piece and vanishing pieces marked) next to the board at the end of the cycle.
pub fn render_text(
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    objective: Objective,
    optimal: bool,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Puzznic, {} rows x {} columns, {} pieces.",
        puzzle.rows,
        puzzle.cols,
        puzzle.piece_count()
    );
    let _ = writeln!(s, "start:");
    for row in puzzle.rows_of(&puzzle.start) {
        let _ = writeln!(s, "  {row}");
    }
    let Some(solution) = solution else {
        let _ = writeln!(s, "\nThe board cannot be cleared (answer -1).");
        return s;
    };
    let _ = writeln!(
        s,
        "\nLeft: the board after the player's action, the moved piece marked < or >, pieces\n\
         that vanish this cycle marked *. Right: the board at the end of the cycle (after\n\
         falling pieces moved down one cell)."
    );
    let g = &puzzle.geometry;
    let mut moves = 0;
    for (k, (a, t, before, after)) in traces(puzzle, solution).into_iter().enumerate() {
        if a.is_move() {
            moves += 1;
        }
        let _ = write!(s, "\ncycle {}: {}", k + 1, a.judge(g));
        if let Some((from, to)) = t.moved {
            let [r, c] = at(puzzle, to);
            let dir = if matches!(a, Action::Right(_)) {
                "right"
            } else {
                "left"
            };
            let _ = write!(
                s,
                " (piece {} moves {dir} to row {r} column {c}; move {moves})",
                before[from]
            );
        } else {
            let _ = write!(s, " (wait)");
        }
        if !t.vanished.is_empty() {
            let _ = write!(s, "; {} pieces vanish", t.vanished.len());
        }
        let _ = writeln!(s);
        // The board after step 1.
        let mut mid = before.clone();
        if let Some((from, to)) = t.moved {
            mid[to] = mid[from];
            mid[from] = 0;
        }
        let end_rows = puzzle.rows_of(&after);
        for (r, end_row) in end_rows.iter().enumerate() {
            let mut left = String::new();
            for c in 0..puzzle.cols {
                if puzzle.is_wall(r, c) {
                    left.push_str("# ");
                    continue;
                }
                let Some(i) = g.at(r, c) else {
                    left.push_str(". ");
                    continue;
                };
                if mid[i] == 0 {
                    left.push_str(". ");
                    continue;
                }
                left.push((b'0' + mid[i]) as char);
                let mark = if t.moved.is_some_and(|(_, to)| to == i) {
                    if matches!(a, Action::Right(_)) {
                        '>'
                    } else {
                        '<'
                    }
                } else if t.vanished.iter().any(|&(v, _)| v == i) {
                    '*'
                } else {
                    ' '
                };
                left.push(mark);
            }
            let _ = writeln!(s, "  {left}   {end_row}");
        }
    }
    let _ = writeln!(
        s,
        "\nsolved: {}, {} ({} for --objective {}).",
        crate::quantity(solution.moves, "move"),
        crate::quantity(solution.cycles, "cycle"),
        if optimal {
            "optimal"
        } else {
            "not proven optimal"
        },
        objective.name()
    );
    s
}
