//! What every Rush Hour board is, whichever model searches it: its shape, the vehicles and
//! their lanes, the walls and the exit. A position is one offset per vehicle (where it sits
//! in its lane); the models pack it for the engine ([`super::model`]), everything else
//! (legality, rendering, the verifier) reads it as a slice of offsets.

use std::fmt;

/// The smallest side a board may have, in cells.
pub const MIN_SIDE: usize = 4;
/// The largest side a board may have, in cells.
pub const MAX_SIDE: usize = 12;

/// A vehicle's name as the input wrote it, so that output and move lists speak the user's
/// language: a number in the judge's matrix, a letter in the database and grid formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// A positive id from the judge's matrix (`1` is the red car).
    Id(u32),
    /// A letter `A`..`Z` (`A` is the red car), or past `Z` a lower-case one.
    Letter(char),
}

impl Label {
    /// True for the red car's name in either alphabet.
    pub fn is_red(self) -> bool {
        matches!(self, Label::Id(1) | Label::Letter('A'))
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Id(n) => write!(f, "{n}"),
            Label::Letter(c) => write!(f, "{c}"),
        }
    }
}

/// One vehicle: its name and its lane. Where it sits in the lane is part of the position,
/// not of the vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vehicle {
    /// Name as written in the input.
    pub label: Label,
    /// Slides left/right (true) or up/down (false).
    pub horizontal: bool,
    /// The row (horizontal) or column (vertical) it lives in, 0-based.
    pub line: u8,
    /// 2 for a car, 3 for a truck.
    pub len: u8,
}

/// Everything about a puzzle that never changes: the shape, the vehicles' lanes and lengths,
/// the walls and the exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: u8,
    cols: u8,
    vehicles: Vec<Vehicle>,
    /// `walls[r]`: bit `c` set when cell (r, c) is a wall.
    walls: [u16; MAX_SIDE],
    /// The exit row (0-based), whether or not the red car can use it.
    exit_row: u8,
    /// The red car's offset on the exit cells, when it can ever get there.
    goal: Option<u8>,
    has_red: bool,
}

impl Board {
    /// A board of `rows` × `cols` cells from its vehicles (the red car, if present, first),
    /// walls (`walls[r]` bit `c`) and exit row (0-based). The parser guarantees the rest
    /// (sides within [`MIN_SIDE`]..=[`MAX_SIDE`], straight runs of 2–3 cells inside the board,
    /// no overlaps).
    pub fn new(
        rows: usize,
        cols: usize,
        vehicles: Vec<Vehicle>,
        walls: [u16; MAX_SIDE],
        exit_row: usize,
    ) -> Self {
        assert!((MIN_SIDE..=MAX_SIDE).contains(&rows) && (MIN_SIDE..=MAX_SIDE).contains(&cols));
        let has_red = vehicles.first().is_some_and(|v| v.label.is_red());
        let goal = match vehicles.first() {
            Some(v) if has_red && v.horizontal && v.line as usize == exit_row => {
                Some(cols as u8 - v.len)
            }
            _ => None,
        };
        Board {
            rows: rows as u8,
            cols: cols as u8,
            vehicles,
            walls,
            exit_row: exit_row as u8,
            goal,
            has_red,
        }
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The vehicles; index `i` is vehicle `i` of every position.
    pub fn vehicles(&self) -> &[Vehicle] {
        &self.vehicles
    }

    /// The walls, one mask per row (bit `c`: column `c`).
    pub fn walls(&self) -> &[u16; MAX_SIDE] {
        &self.walls
    }

    /// True when cell (`row`, `col`) is a wall.
    pub fn is_wall(&self, row: usize, col: usize) -> bool {
        self.walls[row] & 1 << col != 0
    }

    /// The exit row, 0-based.
    pub fn exit_row(&self) -> usize {
        self.exit_row as usize
    }

    /// True when the board has a red car (vehicle 0).
    pub fn has_red(&self) -> bool {
        self.has_red
    }

    /// The red car's length, when there is one.
    pub fn red_len(&self) -> Option<u8> {
        self.has_red.then(|| self.vehicles[0].len)
    }

    /// True when the red car exists and lies horizontally in the exit row, so the exit is
    /// reachable at least in principle (the contest rule: otherwise the answer is `-1`).
    pub fn can_exit(&self) -> bool {
        self.goal.is_some()
    }

    /// The red car's offset on the exit cells, when it can ever get there.
    pub fn goal(&self) -> Option<u8> {
        self.goal
    }

    /// Why the board can never be solved, when the board itself says so (no red car, or
    /// one that cannot reach the exit); `None` when only a search can tell.
    pub fn unsolvable_reason(&self) -> Option<String> {
        if !self.has_red {
            Some("there is no red car".into())
        } else if self.goal.is_none() {
            Some(format!(
                "the red car is not horizontal in row {}, so it can never reach the exit",
                self.exit_row + 1
            ))
        } else {
            None
        }
    }

    /// True when the red car covers the exit cells in `offsets`.
    pub fn is_goal(&self, offsets: &[u8]) -> bool {
        self.goal.is_some_and(|g| offsets.first() == Some(&g))
    }

    /// The length of vehicle `i`'s lane: the board's width or height.
    pub fn lane_len(&self, i: usize) -> u8 {
        if self.vehicles[i].horizontal {
            self.cols
        } else {
            self.rows
        }
    }

    /// The largest offset of vehicle `i` in its lane.
    pub fn max_offset(&self, i: usize) -> u8 {
        self.lane_len(i) - self.vehicles[i].len
    }

    /// Board cell (row, column) of lane cell `k` of vehicle `i`.
    pub fn cell(&self, i: usize, k: u8) -> (usize, usize) {
        let v = &self.vehicles[i];
        if v.horizontal {
            (v.line as usize, k as usize)
        } else {
            (k as usize, v.line as usize)
        }
    }

    /// For each cell (row-major, `cols` per row), the index of the vehicle on it, if any.
    pub fn owners(&self, offsets: &[u8]) -> Vec<Option<u8>> {
        let mut cells = vec![None; self.rows() * self.cols()];
        for (i, v) in self.vehicles.iter().enumerate() {
            let o = offsets[i];
            for k in o..o + v.len {
                let (r, c) = self.cell(i, k);
                cells[r * self.cols() + c] = Some(i as u8);
            }
        }
        cells
    }

    /// The index of the vehicle called `label`.
    pub fn find(&self, label: Label) -> Option<usize> {
        self.vehicles.iter().position(|v| v.label == label)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The vehicle lettered `c` in lane `line` (the general board's tests use it too).
    pub(crate) fn car(c: char, horizontal: bool, line: u8, len: u8) -> Vehicle {
        Vehicle {
            label: Label::Letter(c),
            horizontal,
            line,
            len,
        }
    }

    #[test]
    fn the_goal_is_the_red_car_on_the_right_end_of_the_exit_row() {
        let b = Board::new(7, 9, vec![car('A', true, 4, 3)], [0; MAX_SIDE], 4);
        assert!(b.can_exit());
        assert!(b.is_goal(&[6]));
        assert!(!b.is_goal(&[5]));
        assert_eq!(b.unsolvable_reason(), None);
        let elsewhere = Board::new(7, 9, vec![car('A', true, 4, 3)], [0; 12], 3);
        assert!(!elsewhere.can_exit());
        assert!(elsewhere.unsolvable_reason().unwrap().contains("row 4"));
        assert!(!Board::new(7, 9, vec![car('A', false, 4, 3)], [0; 12], 4).can_exit());
        let no_red = Board::new(7, 9, vec![car('B', true, 4, 3)], [0; 12], 4);
        assert!(!no_red.can_exit());
        assert_eq!(no_red.unsolvable_reason().unwrap(), "there is no red car");
    }

    #[test]
    fn lanes_follow_orientation() {
        let b = Board::new(
            5,
            8,
            vec![car('A', true, 1, 2), car('B', false, 6, 3)],
            [0; MAX_SIDE],
            1,
        );
        assert_eq!((b.max_offset(0), b.max_offset(1)), (6, 2));
        assert_eq!((b.cell(0, 3), b.cell(1, 2)), ((1, 3), (2, 6)));
        let owners = b.owners(&[0, 2]);
        assert_eq!(owners[8..10], [Some(0), Some(0)]);
        assert_eq!(
            (owners[2 * 8 + 6], owners[4 * 8 + 6], owners[6]),
            (Some(1), Some(1), None)
        );
    }
}
