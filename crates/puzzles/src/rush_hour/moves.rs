//! The vocabulary of play: a move, its direction, why a move is illegal, what is counted;
//! and the one rule that decides legality.
//!
//! [`Board::slide`] decides legality for the verifier, cell by cell; each model's successor
//! functions ([`super::model::Model::for_each_step`], `for_each_slide`) generate exactly the
//! slides it accepts (property tests check this for both models), so solver and verifier
//! cannot disagree.

use super::board::Board;
use std::fmt;

/// What is being minimised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// Single-cell steps; the printed number includes the red car's exit steps (the contest).
    #[default]
    Steps,
    /// Slides of any length; the exit is not counted (the published database).
    Moves,
}

/// A slide of one vehicle: `delta` cells towards the right/bottom (positive) or the
/// left/top (negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Index of the vehicle in [`Board::vehicles`].
    pub vehicle: u8,
    /// Signed distance in cells, never 0.
    pub delta: i8,
}

impl Move {
    /// Vehicle `i` by `delta` cells.
    #[inline]
    pub fn new(i: usize, delta: i8) -> Move {
        Move {
            vehicle: i as u8,
            delta,
        }
    }

    /// Cells travelled: the move's length in steps.
    pub fn distance(self) -> u32 {
        self.delta.unsigned_abs() as u32
    }
}

/// The four directions a move list names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 1.
    Left,
    /// Towards the last column (the exit side).
    Right,
}

impl Direction {
    /// The word used in move lists.
    pub fn word(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// Parses `up|down|left|right` (any case).
    pub fn from_word(word: &str) -> Option<Direction> {
        match word.to_ascii_lowercase().as_str() {
            "up" => Some(Direction::Up),
            "down" => Some(Direction::Down),
            "left" => Some(Direction::Left),
            "right" => Some(Direction::Right),
            _ => None,
        }
    }

    /// Whether this direction moves along rows (left/right).
    pub fn horizontal(self) -> bool {
        matches!(self, Direction::Left | Direction::Right)
    }

    /// +1 towards the right/bottom, -1 towards the left/top.
    pub fn sign(self) -> i8 {
        match self {
            Direction::Up | Direction::Left => -1,
            Direction::Down | Direction::Right => 1,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Why a slide is illegal; the verifier puts it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The vehicle does not move in that direction.
    WrongAxis,
    /// The slide would take the vehicle past the edge of the board.
    OffBoard,
    /// A wall at (row, column), 0-based.
    Wall(usize, usize),
    /// This vehicle (index) at (row, column).
    Blocked(usize, usize, u8),
}

impl Board {
    /// The direction of `m`.
    pub fn direction(&self, m: Move) -> Direction {
        match (self.vehicles()[m.vehicle as usize].horizontal, m.delta > 0) {
            (true, true) => Direction::Right,
            (true, false) => Direction::Left,
            (false, true) => Direction::Down,
            (false, false) => Direction::Up,
        }
    }

    /// Slides vehicle `i` of `offsets` by `distance` cells in direction `dir`, if every cell
    /// it passes is free and inside the board: the single definition of a legal move.
    pub fn slide(
        &self,
        offsets: &[u8],
        i: usize,
        dir: Direction,
        distance: u32,
    ) -> Result<Vec<u8>, Illegal> {
        let v = self.vehicles()[i];
        if v.horizontal != dir.horizontal() {
            return Err(Illegal::WrongAxis);
        }
        let offset = offsets[i] as i64;
        let target = offset + dir.sign() as i64 * distance as i64;
        if target < 0 || target > self.max_offset(i) as i64 {
            return Err(Illegal::OffBoard);
        }
        let owners = self.owners(offsets);
        // the cells entered, in the order the vehicle reaches them
        let entered: Vec<i64> = if dir.sign() > 0 {
            (offset + v.len as i64..target + v.len as i64).collect()
        } else {
            (target..offset).rev().collect()
        };
        for k in entered {
            let (r, c) = self.cell(i, k as u8);
            if self.is_wall(r, c) {
                return Err(Illegal::Wall(r, c));
            }
            if let Some(other) = owners[r * self.cols() + c] {
                return Err(Illegal::Blocked(r, c, other));
            }
        }
        let mut next = offsets.to_vec();
        next[i] = target as u8;
        Ok(next)
    }
}
