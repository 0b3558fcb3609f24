//! # Rush Hour
//!
//! A 6×6 board holds vehicles, straight runs of 2 (cars) or 3 (trucks) cells, and possibly
//! fixed walls. A *step* slides one vehicle one cell along its own orientation into a free
//! cell; a *move* slides one vehicle any number of cells in one direction. The red car (id `1`
//! in the judge's matrix, `A` in letter formats) must reach the exit at the right end of row 3:
//! the goal is the red car covering the last cells of that row, after which driving it out
//! takes as many more steps as it is long (counted in the judge's step count, never in moves).
//! A board whose red car is missing, vertical, or in another row can never be solved.
//!
//! Files: [`board`] (packed positions, lane masks), [`parse`] (judge matrix, database string,
//! letter grid), [`moves`] (steps and slides, the graphs the engine searches), [`solve`]
//! (contest answer, optimal paths, batch and component analysis), [`render`], [`json`] (every
//! JSON object the command line prints), [`verify`], and
//! [`universe`] (every interesting puzzle, enumerated from scratch).
//!
//! Boards of other shapes (4×4 to 12×12) and other exit rows have their own model beside the
//! 6×6 one, in [`general`]; [`parse_any`] picks the model and [`AnyPuzzle`] answers every
//! command for both.

pub mod any;
pub mod board;
pub mod dataset;
pub mod general;
pub mod generate;
pub mod json;
pub mod moves;
pub mod parse;
pub mod render;
pub mod solve;
pub mod universe;
pub mod verify;

pub use any::{optima_all_any, parse_any, AnyPuzzle};
pub use board::{Board, Label, Position, Vehicle};
pub use moves::{Direction, Move, Slides, StepSlots, Steps};
pub use parse::{parse, parse_database, Format, Puzzle};
pub use solve::{optima_all, optimum, solve, Analyser, Analysis, Metric, Optima, Solution};
