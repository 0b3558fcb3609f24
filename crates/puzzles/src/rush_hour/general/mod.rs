//! # Rush Hour on R×C boards (4 ≤ R, C ≤ 12)
//!
//! The rules of the 6×6 game on any shape: vehicles of length 2 or 3 slide along their own
//! lane (a *step* is one cell, a *move* any number of cells in one direction), walls are fixed
//! cells, and the red car (`1` or `A`) leaves through the exit on the right edge of the exit
//! row. The exit row is `--exit-row` when given, row 3 on a 6×6 board, and the red car's own
//! row on any other shape; the goal is the red car covering the last cells of that row, and
//! driving it out takes as many more steps as it is long. A red car that is missing, vertical
//! or outside the exit row can never leave.
//!
//! This model sits beside the 6×6 one ([`crate::rush_hour::board`]), which stays as fast as
//! it was: [`crate::rush_hour::parse_any`] sends a 6×6 board with the standard exit there and
//! every other board here. Files: [`board`] (packed positions sized to the board, lane
//! masks), [`parse`], [`moves`] (the legality rule and the graphs), [`solve`] (judge answer,
//! solutions, components), [`render`], [`verify`].

pub mod board;
pub mod moves;
pub mod parse;
pub mod render;
pub mod solve;
pub mod verify;

pub use board::{Board, Packed, Vehicle, MAX_SIDE, MIN_SIDE};
pub use parse::{parse_general, Puzzle};
pub use solve::{analyse, optima, optima_all, optimum, solve, Analysis, Solution};
