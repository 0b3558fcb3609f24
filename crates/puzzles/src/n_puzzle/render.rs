//! Output for people (`--format text`) and the judge answer.

use super::board::{Board, Dir};
use super::solve::Solution;

/// The judge output: the number of moves, then the tile moved at each, one per line; `-1`
/// when the goal cannot be reached.
pub fn judge(solution: Option<&Solution>) -> String {
    match solution {
        None => "-1\n".to_string(),
        Some(s) => {
            let mut out = format!("{}\n", s.tiles.len());
            for t in &s.tiles {
                out.push_str(&format!("{t}\n"));
            }
            out
        }
    }
}

/// The board as a grid, numbers right-aligned, the blank as `.`.
pub fn grid(board: &Board) -> String {
    let width = (board.shape.cells() - 1).to_string().len();
    let mut out = String::new();
    for row in board.tiles.chunks(board.shape.cols as usize) {
        let cells: Vec<String> = row
            .iter()
            .map(|&t| match t {
                0 => format!("{:>width$}", "."),
                t => format!("{t:>width$}"),
            })
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// Which way the tile slides when the blank goes `dir`.
pub fn tile_goes(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "down",
        Dir::Down => "up",
        Dir::Left => "right",
        Dir::Right => "left",
    }
}

/// Every board from the start to the goal, each move named by its tile and direction.
pub fn text(start: &Board, goal: &Board, solution: Option<&Solution>) -> String {
    let mut out = format!("Start ({} board):\n{}", start.shape, grid(start));
    let Some(s) = solution else {
        out.push_str(&format!(
            "\nNo solution: this board and the goal\n{}are in different parity classes (the \
             permutation's parity plus the blank's distance is odd), so no sequence of moves \
             joins them.\n",
            grid(goal)
        ));
        return out;
    };
    let mut board = start.clone();
    for (k, &dir) in s.dirs.iter().enumerate() {
        let tile = board.slide(dir).expect("a legal move");
        out.push_str(&format!(
            "\n{}. {tile} {}\n{}",
            k + 1,
            tile_goes(dir),
            grid(&board)
        ));
    }
    let n = s.tiles.len();
    out.push_str(&format!(
        "\nSolved in {n} move{} (optimal; the heuristic's bound at the start was {}).\n",
        if n == 1 { "" } else { "s" },
        s.start_bound
    ));
    out
}

/// The blank's directions as letters `U D L R`.
pub fn directions(solution: &Solution) -> String {
    solution.dirs.iter().map(|d| d.letter()).collect()
}
