//! The board: its shape, the tiles in reading order, the goals, and the parity rule.

use std::fmt;

/// Largest board, in cells (SPEC §9): a cell is a bit of a `u64` mask in the search.
pub const MAX_CELLS: usize = 64;

/// Rows × columns, each at least 2, at most 64 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
}

impl Shape {
    /// A shape, if it is a legal board (2 ≤ rows, cols; rows · cols ≤ 64).
    pub fn new(rows: usize, cols: usize) -> Option<Shape> {
        (rows >= 2 && cols >= 2 && rows * cols <= MAX_CELLS).then_some(Shape {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Row and column of `cell`.
    pub fn row_col(self, cell: usize) -> (usize, usize) {
        (cell / self.cols as usize, cell % self.cols as usize)
    }

    /// The cells next to `cell`, as (direction the blank goes, cell).
    pub fn neighbours(self, cell: usize) -> impl Iterator<Item = (Dir, usize)> {
        let (r, c) = self.row_col(cell);
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        [
            (Dir::Up, r > 0, cell.wrapping_sub(cols)),
            (Dir::Down, r + 1 < rows, cell + cols),
            (Dir::Left, c > 0, cell.wrapping_sub(1)),
            (Dir::Right, c + 1 < cols, cell + 1),
        ]
        .into_iter()
        .filter(|&(_, ok, _)| ok)
        .map(|(d, _, n)| (d, n))
    }

    /// True for square boards, whose main diagonal is a symmetry.
    pub fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// The cell mirrored about the main diagonal (square boards only).
    pub fn transpose(self, cell: usize) -> usize {
        let (r, c) = self.row_col(cell);
        c * self.cols as usize + r
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Where the blank goes in a move (the tile goes the other way): `U D L R` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// The blank moves up: the tile above it slides down.
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Dir {
    /// The move that undoes this one.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The letter used in JSON output.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }
}

/// A position: the tile in every cell, in reading order, `0` the blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The board's shape.
    pub shape: Shape,
    /// `tiles[cell]`, every number `0..cells` exactly once.
    pub tiles: Vec<u8>,
}

impl Board {
    /// A board from its tiles; `None` unless they are `0..cells` each once.
    pub fn new(shape: Shape, tiles: Vec<u8>) -> Option<Board> {
        let n = shape.cells();
        let mut seen = 0u64;
        for &t in &tiles {
            if t as usize >= n || seen & (1 << t) != 0 {
                return None;
            }
            seen |= 1 << t;
        }
        (tiles.len() == n).then_some(Board { shape, tiles })
    }

    /// The puzzle as sold: `1..cells-1` in reading order, the blank bottom-right.
    pub fn blank_last(shape: Shape) -> Board {
        let n = shape.cells();
        let tiles = (1..n as u8).chain(std::iter::once(0)).collect();
        Board { shape, tiles }
    }

    /// Korf's convention: the blank top-left, then `1..cells-1`.
    pub fn blank_first(shape: Shape) -> Board {
        let tiles = (0..shape.cells() as u8).collect();
        Board { shape, tiles }
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.tiles
            .iter()
            .position(|&t| t == 0)
            .expect("a board has a blank")
    }

    /// `cell_of[tile]`: where each tile is.
    pub fn cells_of(&self) -> Vec<u8> {
        let mut at = vec![0u8; self.tiles.len()];
        for (cell, &t) in self.tiles.iter().enumerate() {
            at[t as usize] = cell as u8;
        }
        at
    }

    /// Slides the tile next to the blank in direction `dir` into it; `None` off the board.
    pub fn slide(&mut self, dir: Dir) -> Option<u8> {
        let blank = self.blank();
        let (_, to) = self.shape.neighbours(blank).find(|&(d, _)| d == dir)?;
        let tile = self.tiles[to];
        self.tiles.swap(blank, to);
        Some(tile)
    }

    /// True when `goal` (same shape) can be reached from this board.
    ///
    /// A move swaps the blank with a neighbour: it flips the parity of the permutation of
    /// all cells and moves the blank one step, so (permutation parity) + (blank's taxicab
    /// distance) is even along every solution. On every rectangle of at least 2 × 2 that
    /// invariant is also sufficient (Johnson & Story, 1879), so this decides solvability at
    /// once, without search.
    pub fn can_reach(&self, goal: &Board) -> bool {
        let goal_at = goal.cells_of();
        // the permutation taking each cell's tile to its goal cell
        let perm: Vec<usize> = self
            .tiles
            .iter()
            .map(|&t| goal_at[t as usize] as usize)
            .collect();
        let mut seen = vec![false; perm.len()];
        let mut odd = false;
        for start in 0..perm.len() {
            let mut len = 0;
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                i = perm[i];
                len += 1;
            }
            if len > 0 && len % 2 == 0 {
                odd = !odd;
            }
        }
        let (r, c) = self.shape.row_col(self.blank());
        let (gr, gc) = self.shape.row_col(goal.blank());
        let taxicab = r.abs_diff(gr) + c.abs_diff(gc);
        odd == (taxicab % 2 == 1)
    }

    /// The tiles in reading order, separated by spaces (the batch output's board).
    pub fn line(&self) -> String {
        let words: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_and_parity() {
        let s = Shape::new(3, 3).unwrap();
        let sold = Board::blank_last(s);
        assert_eq!(sold.tiles, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(Board::blank_first(s).tiles, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(sold.can_reach(&sold));
        let mut swapped = sold.clone();
        swapped.tiles.swap(0, 1);
        assert!(!swapped.can_reach(&sold));
        let mut moved = sold.clone();
        assert_eq!(moved.slide(Dir::Up), Some(6));
        assert_eq!(moved.slide(Dir::Down), Some(6));
        assert_eq!(moved.slide(Dir::Down), None);
        moved.slide(Dir::Left);
        assert!(moved.can_reach(&sold) && sold.can_reach(&moved));
        // 3x3: blank-first to blank-last is a 9-cycle (even) and the blank moves 4: reachable
        assert!(Board::blank_first(s).can_reach(&sold));
        // on 4x4 they are not: the permutation is a 16-cycle (odd) and the blank moves 6
        let f = Shape::new(4, 4).unwrap();
        assert!(!Board::blank_first(f).can_reach(&Board::blank_last(f)));
    }

    #[test]
    fn shapes() {
        assert!(Shape::new(1, 5).is_none() && Shape::new(8, 9).is_none());
        let s = Shape::new(2, 3).unwrap();
        let n: Vec<_> = s.neighbours(4).collect();
        assert_eq!(n, [(Dir::Up, 1), (Dir::Left, 3), (Dir::Right, 5)]);
        assert_eq!(Shape::new(4, 4).unwrap().transpose(1), 4);
        assert!(Board::new(s, vec![0, 1, 2, 3, 4, 4]).is_none());
        assert!(Board::new(s, vec![0, 1, 2, 3, 4]).is_none());
    }
}
