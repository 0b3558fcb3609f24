//! The special judge: replays a judge output tile by tile with the board's own rules and
//! says whether it is valid, and (given the optimum) whether it is optimal.

use super::board::Board;
use super::parse::SolutionFile;
use crate::quantity;
use crate::text::count_mismatch;

/// The outcome of replaying one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `None` when valid; otherwise the 1-based line to blame and why.
    pub problem: Option<(usize, String)>,
    /// The length the file claims: the number of moves listed, or `-1`.
    pub length: i64,
}

impl Verdict {
    /// True when every move is legal and the goal is reached (or `-1` is right).
    pub fn is_valid(&self) -> bool {
        self.problem.is_none()
    }

    /// The report printed by `gridlock verify n-puzzle`: `invalid: line N: why` alone (an
    /// invalid list has no length or optimality to report), or `valid`, the length and the
    /// optimality line: `optimum` is the optimal length (`Some(None)` for unreachable) or
    /// `None` when the search did not finish.
    pub fn report(&self, optimum: Option<Option<usize>>) -> String {
        if let Some((line, why)) = &self.problem {
            return format!("invalid: line {line}: {why}\n");
        }
        let optimal = match optimum {
            None => "unknown (the optimal search did not finish within --timeout)".to_string(),
            Some(None) => "yes (the goal cannot be reached: -1)".to_string(),
            Some(Some(best)) if self.length == best as i64 => {
                format!("yes ({} is the minimum)", quantity(best, "move"))
            }
            Some(Some(best)) => format!("no (the minimum is {})", quantity(best, "move")),
        };
        format!("valid\nlength: {}\noptimal: {optimal}\n", self.length)
    }
}

/// Replays `file` from `start`; `solvable` says whether `goal` can be reached at all (the
/// parity rule), which a `-1` answer is checked against.
pub fn verify(start: &Board, goal: &Board, file: &SolutionFile) -> Verdict {
    let length = if file.count == -1 {
        -1
    } else {
        file.tiles.len() as i64
    };
    Verdict {
        problem: check(start, goal, file),
        length,
    }
}

fn check(start: &Board, goal: &Board, file: &SolutionFile) -> Option<(usize, String)> {
    if file.count == -1 {
        if let Some(&(line, _)) = file.tiles.first() {
            return Some((
                line,
                "nothing may follow -1 (which means no solution)".into(),
            ));
        }
        return start.can_reach(goal).then(|| {
            (
                1,
                "-1 claims the goal cannot be reached, but it can (the parity rule allows it)"
                    .into(),
            )
        });
    }
    if file.count < 0 {
        return Some((
            1,
            format!("{} is not a move count (0 or more, or -1)", file.count),
        ));
    }
    let n = start.shape.cells() as u64;
    let mut board = start.clone();
    for &(line, tile) in &file.tiles {
        if tile == 0 || tile >= n {
            return Some((
                line,
                format!("{tile} is not a tile (tiles are 1 to {})", n - 1),
            ));
        }
        let blank = board.blank();
        let next = start
            .shape
            .neighbours(blank)
            .find(|&(_, c)| board.tiles[c] as u64 == tile);
        let Some((dir, _)) = next else {
            let (r, c) = start.shape.row_col(blank);
            return Some((
                line,
                format!(
                    "tile {tile} is not next to the blank (row {}, column {}) after the moves before it",
                    r + 1,
                    c + 1
                ),
            ));
        };
        board.slide(dir);
    }
    if let Some(mismatch) = count_mismatch(file.count, &file.tiles) {
        return Some(mismatch);
    }
    if board != *goal {
        let line = file.tiles.last().map_or(1, |&(l, _)| l);
        return Some((
            line,
            format!(
                "the moves end at {}, not at the goal {}",
                board.line(),
                goal.line()
            ),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::board::Shape;
    use super::super::parse::parse_solution;
    use super::*;

    fn run(start: &[u8], solution: &str) -> Verdict {
        let shape = Shape::new(3, 3).unwrap();
        let start = Board::new(shape, start.to_vec()).unwrap();
        verify(
            &start,
            &Board::blank_last(shape),
            &parse_solution(solution).unwrap(),
        )
    }

    #[test]
    fn replays_and_blames_lines() {
        let start = [1, 2, 3, 4, 5, 6, 0, 7, 8];
        assert!(run(&start, "2\n7\n8\n").is_valid());
        assert_eq!(run(&start, "2\n8\n7\n").problem.unwrap().0, 2);
        assert_eq!(run(&start, "2\n7\n").problem.unwrap().0, 1);
        assert_eq!(run(&start, "1\n7\n").problem.unwrap().0, 2);
        assert_eq!(run(&start, "1\n7\n8\n").problem.unwrap().0, 3);
        assert_eq!(run(&start, "2\n7\n9\n").problem.unwrap().0, 3);
        assert_eq!(run(&start, "-1\n").problem.unwrap().0, 1);
        assert_eq!(run(&start, "-2\n").problem.unwrap().0, 1);
        let odd = [2, 1, 3, 4, 5, 6, 7, 8, 0];
        assert!(run(&odd, "-1\n").is_valid());
        assert_eq!(run(&odd, "-1\n5\n").problem.unwrap().0, 2);
        let v = run(&start, "4\n7\n8\n6\n6\n");
        assert!(v.problem.is_none(), "a detour is valid: {v:?}");
        assert!(v
            .report(Some(Some(2)))
            .contains("optimal: no (the minimum is 2 moves)"));
        assert!(run(&start, "2\n7\n8\n")
            .report(Some(Some(2)))
            .starts_with("valid\nlength: 2\noptimal: yes"));
        // an invalid list is only that: no length, no "optimal: no" as if it were valid
        let wrong = run(&start, "2\n7\n9\n");
        let why = wrong.problem.clone().unwrap().1;
        assert_eq!(
            wrong.report(Some(Some(2))),
            format!("invalid: line 3: {why}\n")
        );
        assert_eq!(run(&start, "1\n7\n").report(None).lines().count(), 1);
        // one move: singular
        let one = [1, 2, 3, 4, 5, 6, 7, 0, 8];
        assert_eq!(
            run(&one, "1\n8\n").report(Some(Some(1))),
            "valid\nlength: 1\noptimal: yes (1 move is the minimum)\n"
        );
    }
}
