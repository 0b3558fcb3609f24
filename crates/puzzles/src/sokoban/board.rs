//! The model: a level's fixed parts (walls, the player's area, goals) on a grid of up to
//! 64 × 64 cells, and a [`Position`] (where the player and the boxes are) that the verifier
//! and the renderer move step by step. The solver works on the compact form of
//! [`super::maze`] instead.

use super::moves::Dir;

/// Largest number of rows, and of columns, a level may have.
pub const MAX_SIDE: usize = 64;

/// Where the player and the boxes are, on the level's grid (cells numbered row by row).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The player's cell.
    pub player: usize,
    /// `boxes[cell]` is true where a box stands.
    pub boxes: Vec<bool>,
}

/// One level: the grid, which cells are the player's area (floor), walls and goals, and the
/// starting position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The title line before the level in a collection (`; 12` gives `12`), if any.
    pub name: Option<String>,
    /// The input line of the level's first row (1-based), for messages about a collection.
    pub line: usize,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid (the longest row).
    pub cols: usize,
    /// `floor[cell]`: the player could reach it if every box were removed.
    pub(crate) floor: Vec<bool>,
    /// What the input drew on each cell outside the floor (`#`, or scenery such as a walled-off
    /// `*`, which is not part of the level), and `' '` on the floor.
    pub(crate) outside: Vec<char>,
    /// `goal[cell]`: a goal square.
    pub(crate) goal: Vec<bool>,
    /// The starting position.
    pub start: Position,
}

impl Level {
    /// The cell next to `cell` in direction `dir`, if it is on the grid.
    pub fn neighbor(&self, cell: usize, dir: Dir) -> Option<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        match dir {
            Dir::Left => (c > 0).then(|| cell - 1),
            Dir::Right => (c + 1 < self.cols).then(|| cell + 1),
            Dir::Up => (r > 0).then(|| cell - self.cols),
            Dir::Down => (r + 1 < self.rows).then(|| cell + self.cols),
        }
    }

    /// True for a cell of the player's area.
    pub fn is_floor(&self, cell: usize) -> bool {
        self.floor[cell]
    }

    /// True for a goal square.
    pub fn is_goal(&self, cell: usize) -> bool {
        self.goal[cell]
    }

    /// Number of boxes (equal to the number of goals).
    pub fn box_count(&self) -> usize {
        self.start.boxes.iter().filter(|&&b| b).count()
    }

    /// Every goal cell, in reading order.
    pub fn goals(&self) -> Vec<usize> {
        (0..self.goal.len()).filter(|&c| self.goal[c]).collect()
    }

    /// True when every box stands on a goal.
    pub fn is_solved(&self, position: &Position) -> bool {
        position
            .boxes
            .iter()
            .zip(&self.goal)
            .all(|(&b, &g)| !b || g)
    }

    /// 1-based `(row, column)` of a cell.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols + 1, cell % self.cols + 1)
    }

    /// The position drawn in XSB, one string per row, trailing spaces removed: `#` wall,
    /// space floor, `.` goal, `$` box, `*` box on goal, `@` player, `+` player on goal; the
    /// outside as the input drew it.
    pub fn draw(&self, position: &Position) -> Vec<String> {
        (0..self.rows)
            .map(|r| {
                let row: String = (0..self.cols)
                    .map(|c| self.symbol(position, r * self.cols + c))
                    .collect();
                row.trim_end().to_string()
            })
            .collect()
    }

    fn symbol(&self, position: &Position, cell: usize) -> char {
        if !self.floor[cell] {
            return self.outside[cell];
        }
        match (
            position.player == cell,
            position.boxes[cell],
            self.goal[cell],
        ) {
            (true, _, false) => '@',
            (true, _, true) => '+',
            (false, true, false) => '$',
            (false, true, true) => '*',
            (false, false, true) => '.',
            (false, false, false) => ' ',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;

    #[test]
    fn draws_what_it_read() {
        let text = "#####\n#@$.#\n# * #\n#####";
        let level = parse_level(text, None).unwrap();
        assert_eq!(level.draw(&level.start).join("\n"), text);
        assert_eq!(level.box_count(), 2);
        assert!(!level.is_solved(&level.start));
        assert_eq!(level.row_col(level.start.player), (2, 2));
    }
}
