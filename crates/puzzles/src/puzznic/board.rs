//! The model: a level as parsed, and the geometry the rules run on.
//!
//! The rules only ever look at cells a piece could occupy. A piece moves left, right or down,
//! never up, so the cells any piece can ever reach are the closure of the starting pieces'
//! cells under "left, right, down through non-wall cells". Only those *playable* cells are
//! numbered and stored in a search state; every other non-wall cell is forever empty.

use super::bits::Layout;

/// Largest board side accepted in general mode (the contest limit is 7).
pub const MAX_SIDE: usize = 16;

/// "No such cell": a wall, the outside, or a cell no piece can ever reach.
pub const NONE: u16 = u16::MAX;

/// The grid code of a wall in [`Puzzle::grid`].
pub const WALL: u8 = 0xFF;

/// The fixed part of a level: which cells are playable and who their neighbours are.
///
/// Playable cells are numbered in row-major order, so the cell below always has a larger
/// index than the cell above it; the rules rely on that to settle falling bottom-up in one
/// pass.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Rows of the whole grid.
    pub rows: usize,
    /// Columns of the whole grid.
    pub cols: usize,
    /// Grid position (`row * cols + col`) → playable index, or [`NONE`].
    pub index: Vec<u16>,
    /// Playable index → (row, column), 0-based.
    pub pos: Vec<(u8, u8)>,
    /// Playable index → the playable cell above, or [`NONE`].
    pub up: Vec<u16>,
    /// Playable index → the playable cell below, or [`NONE`].
    pub down: Vec<u16>,
    /// Playable index → the playable cell to the left, or [`NONE`].
    pub left: Vec<u16>,
    /// Playable index → the playable cell to the right, or [`NONE`].
    pub right: Vec<u16>,
    /// The same cells as bits, for the rules' bitboards.
    pub(crate) layout: Layout,
}

impl Geometry {
    /// Number of playable cells.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// True when no cell is playable (never the case for a parsed puzzle, which has a piece).
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// The four orthogonal neighbours of a playable cell (some may be [`NONE`]).
    #[inline]
    pub fn neighbours(&self, i: usize) -> [u16; 4] {
        [self.up[i], self.down[i], self.left[i], self.right[i]]
    }

    /// The playable cell at 0-based (row, col), if any.
    pub fn at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        match self.index[row * self.cols + col] {
            NONE => None,
            i => Some(i as usize),
        }
    }
}

/// A parsed level: the grid as written and the geometry derived from it.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Row-major grid: `0` empty, `1..=9` a piece of that type, `WALL` a wall.
    pub grid: Vec<u8>,
    /// Playable cells and their neighbours.
    pub geometry: Geometry,
    /// The starting board: one byte per playable cell, `0` empty or the piece's type.
    pub start: Vec<u8>,
}

impl Puzzle {
    /// Builds the playable geometry of a grid (see the module comment).
    pub fn new(rows: usize, cols: usize, grid: Vec<u8>) -> Puzzle {
        let open = |r: usize, c: usize| grid[r * cols + c] != WALL;
        let mut reach = vec![false; rows * cols];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if (1..=9).contains(&grid[r * cols + c]) {
                    reach[r * cols + c] = true;
                    stack.push((r, c));
                }
            }
        }
        while let Some((r, c)) = stack.pop() {
            let mut next = Vec::with_capacity(3);
            if r + 1 < rows {
                next.push((r + 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            if c + 1 < cols {
                next.push((r, c + 1));
            }
            for (nr, nc) in next {
                if open(nr, nc) && !reach[nr * cols + nc] {
                    reach[nr * cols + nc] = true;
                    stack.push((nr, nc));
                }
            }
        }
        let mut index = vec![NONE; rows * cols];
        let mut pos = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if reach[r * cols + c] {
                    index[r * cols + c] = pos.len() as u16;
                    pos.push((r as u8, c as u8));
                }
            }
        }
        let look = |r: isize, c: isize| -> u16 {
            if r < 0 || c < 0 || r as usize >= rows || c as usize >= cols {
                NONE
            } else {
                index[r as usize * cols + c as usize]
            }
        };
        let n = pos.len();
        let (mut up, mut down, mut left, mut right) =
            (vec![NONE; n], vec![NONE; n], vec![NONE; n], vec![NONE; n]);
        for (i, &(r, c)) in pos.iter().enumerate() {
            let (r, c) = (r as isize, c as isize);
            up[i] = look(r - 1, c);
            down[i] = look(r + 1, c);
            left[i] = look(r, c - 1);
            right[i] = look(r, c + 1);
        }
        let start = pos
            .iter()
            .map(|&(r, c)| grid[r as usize * cols + c as usize])
            .collect();
        Puzzle {
            rows,
            cols,
            grid: grid.clone(),
            geometry: Geometry {
                rows,
                cols,
                layout: Layout::new(&pos, &down, &left, &right),
                index,
                pos,
                up,
                down,
                left,
                right,
            },
            start,
        }
    }

    /// True when the grid cell (0-based) is a wall.
    pub fn is_wall(&self, row: usize, col: usize) -> bool {
        self.grid[row * self.cols + col] == WALL
    }

    /// Number of pieces on the starting board.
    pub fn piece_count(&self) -> usize {
        self.start.iter().filter(|&&t| t != 0).count()
    }

    /// The grid of a board as text rows (`#`, `.`, digits), as the input format writes it.
    pub fn rows_of(&self, cells: &[u8]) -> Vec<String> {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        if self.is_wall(r, c) {
                            '#'
                        } else {
                            match self.geometry.at(r, c) {
                                Some(i) if cells[i] != 0 => (b'0' + cells[i]) as char,
                                _ => '.',
                            }
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzznic::parse;

    #[test]
    fn playable_cells_exclude_what_no_piece_can_reach() {
        // The cell above the piece and the sealed pocket on the right are never playable.
        let p = parse("#####\n#..##\n#1#.#\n#..##\n#####\n").unwrap();
        let g = &p.geometry;
        assert_eq!(g.at(1, 1), None, "above the only piece");
        assert_eq!(g.at(2, 3), None, "sealed pocket");
        assert!(g.at(2, 1).is_some() && g.at(3, 1).is_some() && g.at(3, 2).is_some());
        assert_eq!(g.len(), 3);
        // Row-major numbering: the cell below has a larger index.
        for i in 0..g.len() {
            if g.down[i] != NONE {
                assert!(g.down[i] as usize > i);
            }
        }
    }
}
