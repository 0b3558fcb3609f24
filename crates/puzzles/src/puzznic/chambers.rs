//! Independent chambers: parts of a level whose pieces can never interact.
//!
//! Two pieces interact only through cells that are orthogonally adjacent (matching, standing
//! on each other, blocking a move). Pieces never leave their connected component of playable
//! cells (they move left, right and down through playable cells only), so pieces in two
//! different components never touch, never hold each other up and never block each other:
//! each component — a *chamber* — evolves on its own, and a cycle in which the player acts in
//! one chamber is a waiting cycle for every other one.
//!
//! Consequences used by the solver:
//!
//! * **Projection.** Any solution of the whole level, with the moves made in other chambers
//!   replaced by waiting, clears each chamber: so a chamber with no solution from its starting
//!   board makes the level unsolvable, and the level needs at least the sum over chambers of
//!   each chamber's fewest moves (the moves of a solution are split among the chambers).
//! * **Concatenation.** Playing one chamber's solution while the others wait, then the next
//!   chamber's solution from the board the waiting left it in, and so on, clears the level.
//!   Waiting can change an unsettled chamber (its pieces fall and match), so a later chamber
//!   is solved from its board at the time its turn comes; the result is always replayed with
//!   the full rules before it is trusted.

use super::board::{Geometry, Puzzle, NONE};

/// The chambers of a level: for each, its playable cells (indices of `geometry`), ascending.
/// A single chamber means the level does not split.
pub(super) fn chambers(geometry: &Geometry) -> Vec<Vec<usize>> {
    let n = geometry.len();
    let mut label = vec![usize::MAX; n];
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for seed in 0..n {
        if label[seed] != usize::MAX {
            continue;
        }
        let id = out.len();
        let mut cells = vec![seed];
        label[seed] = id;
        stack.push(seed);
        while let Some(c) = stack.pop() {
            for nb in geometry.neighbours(c) {
                if nb != NONE && label[nb as usize] == usize::MAX {
                    label[nb as usize] = id;
                    cells.push(nb as usize);
                    stack.push(nb as usize);
                }
            }
        }
        cells.sort_unstable();
        out.push(cells);
    }
    out
}

/// The level reduced to one chamber, with the pieces of `board` (a board of `puzzle`) on the
/// chamber's cells and every other piece removed. Removing pieces from other chambers changes
/// nothing for this chamber's pieces (see the module comment). `None` when the chamber holds no
/// piece.
pub(super) fn sub_puzzle(puzzle: &Puzzle, board: &[u8], cells: &[usize]) -> Option<Puzzle> {
    let geometry = &puzzle.geometry;
    let mut grid: Vec<u8> = puzzle
        .grid
        .iter()
        .map(|&g| if (1..=9).contains(&g) { 0 } else { g })
        .collect();
    let mut any = false;
    for &c in cells {
        if board[c] != 0 {
            let (r, col) = geometry.pos[c];
            grid[r as usize * puzzle.cols + col as usize] = board[c];
            any = true;
        }
    }
    any.then(|| Puzzle::new(puzzle.rows, puzzle.cols, grid))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzznic::parse;

    #[test]
    fn walls_split_a_level_into_chambers() {
        let p = parse("#1.1#2.2#\n#########\n").unwrap();
        let ch = chambers(&p.geometry);
        assert_eq!(ch.len(), 2);
        let sub = sub_puzzle(&p, &p.start, &ch[1]).unwrap();
        assert_eq!(sub.piece_count(), 2);
        assert_eq!(sub.rows_of(&sub.start)[0], "#...#2.2#");
    }

    #[test]
    fn cells_touching_vertically_are_one_chamber() {
        // The upper room drains into the lower one through the gap.
        let p = parse("#1.#\n#.##\n#.1#\n####\n").unwrap();
        assert_eq!(chambers(&p.geometry).len(), 1);
    }
}
