//! The key that tells two generated levels apart: the level drawn under each symmetry of
//! its grid (four for a rectangle, eight for a square), with the player shown as its whole
//! area rather than its cell, and the least of those drawings taken. Two levels with the
//! same key are the same puzzle turned or mirrored, the player standing elsewhere in the
//! same area: the same push problem.

/// One cell of a level, as the key draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Wall or outside.
    Wall,
    /// Floor the player cannot reach at the start.
    Floor,
    /// Floor in the player's starting area.
    Area,
    /// A goal.
    Goal,
    /// A box off a goal.
    Box,
    /// A box on a goal.
    BoxOnGoal,
}

impl Mark {
    fn symbol(self) -> char {
        match self {
            Mark::Wall => '#',
            Mark::Floor => ' ',
            Mark::Area => '-',
            Mark::Goal => '.',
            Mark::Box => '$',
            Mark::BoxOnGoal => '*',
        }
    }
}

/// The key of a `rows` × `cols` grid of marks (row by row; a goal in the player's area is
/// drawn as a goal).
pub fn key(rows: usize, cols: usize, marks: &[Mark]) -> String {
    let square = rows == cols;
    (0..if square { 8 } else { 4 })
        .map(|s| draw(rows, cols, marks, s))
        .min()
        .expect("at least one symmetry")
}

/// The grid under symmetry `s`: bit 0 mirrors left-right, bit 1 upside down, bit 2 swaps
/// rows and columns (squares only).
fn draw(rows: usize, cols: usize, marks: &[Mark], s: usize) -> String {
    let (out_rows, out_cols) = if s & 4 != 0 {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let mut text = String::with_capacity(out_rows * (out_cols + 1));
    for r in 0..out_rows {
        for c in 0..out_cols {
            let (mut rr, mut cc) = if s & 4 != 0 { (c, r) } else { (r, c) };
            if s & 1 != 0 {
                cc = cols - 1 - cc;
            }
            if s & 2 != 0 {
                rr = rows - 1 - rr;
            }
            text.push(marks[rr * cols + cc].symbol());
        }
        text.push('|');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turned_and_mirrored_grids_share_a_key() {
        use Mark::*;
        let a = [Wall, Box, Goal, Area, Floor, Wall, Wall, Wall, Wall];
        // mirrored left-right
        let b = [Goal, Box, Wall, Wall, Floor, Area, Wall, Wall, Wall];
        // transposed
        let c = [Wall, Area, Wall, Box, Floor, Wall, Goal, Wall, Wall];
        assert_eq!(key(3, 3, &a), key(3, 3, &b));
        assert_eq!(key(3, 3, &a), key(3, 3, &c));
        let d = [Wall, Box, Goal, Floor, Area, Wall, Wall, Wall, Wall];
        assert_ne!(key(3, 3, &a), key(3, 3, &d));
        // a rectangle is not transposed
        let e = [Wall, Box, Goal, Area, Floor, Wall];
        let f = [Area, Floor, Wall, Wall, Box, Goal];
        assert_eq!(key(2, 3, &e), key(2, 3, &f), "upside down");
    }
}
