//! The rules as the searches see them: tiles renamed after their goal cells, the board as
//! two arrays changed in place, and the blank's moves per cell, precomputed.
//!
//! Renaming each tile after the cell it must reach makes every goal look alike (label `c`
//! belongs in cell `c`), so heuristics and pattern tables depend only on the shape, the
//! blank's goal cell and the cells of each pattern, not on the tile numbers.

use super::board::{Board, Dir, Shape, MAX_CELLS};

/// The shape's fixed data: the moves of the blank from every cell and their offsets.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// The board's shape.
    pub shape: Shape,
    moves: Vec<Vec<Dir>>,
    cols: i32,
}

impl Geometry {
    /// Precomputes the moves of `shape`.
    pub fn new(shape: Shape) -> Geometry {
        let moves = (0..shape.cells())
            .map(|c| shape.neighbours(c).map(|(d, _)| d).collect())
            .collect();
        Geometry {
            shape,
            moves,
            cols: shape.cols as i32,
        }
    }

    /// The blank's moves from `cell`.
    #[inline]
    pub fn moves(&self, cell: u8) -> &[Dir] {
        &self.moves[cell as usize]
    }

    /// The cell the blank reaches from `cell` going `dir` (the move must be legal).
    #[inline]
    pub fn target(&self, cell: u8, dir: Dir) -> u8 {
        let offset = match dir {
            Dir::Up => -self.cols,
            Dir::Down => self.cols,
            Dir::Left => -1,
            Dir::Right => 1,
        };
        (cell as i32 + offset) as u8
    }
}

/// A position in the search: the label (goal cell) of the tile in every cell and the cell
/// of every label. The blank's label is its goal cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// `cell[c]`: the label in cell `c`.
    pub cell: [u8; MAX_CELLS],
    /// `pos[label]`: where that label is.
    pub pos: [u8; MAX_CELLS],
    /// The blank's cell.
    pub blank: u8,
}

/// One slide as [`Tiles::slide`] played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The label of the tile that moved.
    pub label: u8,
    /// The cell it left (the blank's cell now).
    pub from: u8,
    /// The cell it entered (the blank's cell before).
    pub into: u8,
}

/// Tiles renamed after their goal cells: `labels[tile]` is the goal cell of `tile`.
pub fn labels(goal: &Board) -> Vec<u8> {
    goal.cells_of()
}

impl Tiles {
    /// `board` with every tile renamed by `labels`.
    pub fn new(board: &Board, labels: &[u8]) -> Tiles {
        let mut t = Tiles {
            cell: [0; MAX_CELLS],
            pos: [0; MAX_CELLS],
            blank: board.blank() as u8,
        };
        for (c, &tile) in board.tiles.iter().enumerate() {
            let l = labels[tile as usize];
            t.cell[c] = l;
            t.pos[l as usize] = c as u8;
        }
        t
    }

    /// Moves the blank one cell (`to`, a neighbour of the blank); returns what moved.
    #[inline]
    pub fn slide(&mut self, to: u8) -> Slide {
        let from = to;
        let into = self.blank;
        let label = self.cell[from as usize];
        let blank_label = self.cell[into as usize];
        self.cell[into as usize] = label;
        self.pos[label as usize] = into;
        self.cell[from as usize] = blank_label;
        self.pos[blank_label as usize] = from;
        self.blank = from;
        Slide { label, from, into }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_keep_both_arrays_in_step() {
        let shape = Shape::new(3, 3).unwrap();
        let goal = Board::blank_last(shape);
        let labels = labels(&goal);
        assert_eq!(labels, [8, 0, 1, 2, 3, 4, 5, 6, 7]);
        let g = Geometry::new(shape);
        let mut t = Tiles::new(&goal, &labels);
        assert_eq!(g.moves(8), [Dir::Up, Dir::Left]);
        let to = g.target(t.blank, Dir::Up);
        let s = t.slide(to);
        assert_eq!(
            s,
            Slide {
                label: 5,
                from: 5,
                into: 8
            }
        );
        assert_eq!((t.blank, t.cell[8], t.pos[5], t.pos[8]), (5, 5, 8, 5));
        t.slide(g.target(t.blank, Dir::Down));
        assert_eq!(t, Tiles::new(&goal, &labels));
    }
}
