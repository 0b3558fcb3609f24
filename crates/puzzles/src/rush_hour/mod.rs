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
//! The rules hold on any board from 4×4 to 12×12 with the exit at the right end of any row
//! (row 3 on 6×6 unless `--exit-row` says otherwise, else the red car's own row). Two board
//! models search them ([`model`]): [`six`], the contest's 6×6 board with its packed `u64`
//! positions and slot explorer, and [`general`], every other board. What they share is
//! written once and compiled for each:
//!
//! - [`board`]: the board (shape, vehicles, walls, exit) and positions as offsets;
//!   [`bound`]: an admissible lower bound on the distance to the exit, for guided search;
//! - [`moves`]: moves, directions, metrics, the one legality rule; [`graphs`]: the graphs
//!   the engine searches;
//! - [`parse`](mod@parse): every input format and shape; [`puzzle`]: a parsed [`Puzzle`], which picks
//!   the model and is every command's entry point;
//! - [`solve`](mod@solve): the contest answer, optimal solutions, batch and component analysis;
//! - [`render`] (text), [`json`] (every JSON object the command line prints), [`verify`]
//!   (the special judge).
//!
//! Two products are built on the 6×6 rules: [`universe`] (every interesting puzzle,
//! enumerated from scratch) and [`generate`] (puzzles of a chosen difficulty on demand).

pub mod board;
pub mod bound;
pub mod dataset;
pub mod general;
pub mod generate;
pub mod graphs;
pub mod json;
pub mod model;
pub mod moves;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod six;
pub mod solve;
pub mod universe;
pub mod verify;

pub use board::{Board, Label, Vehicle};
pub use general::{General, Packed, Wide};
pub use graphs::{Ranked, Slides, Steps};
pub use model::{Explorer, Model};
pub use moves::{Direction, Illegal, Metric, Move};
pub use parse::{parse, parse_database, parse_database_at};
pub use puzzle::{optima_all, Format, Prepared, Puzzle};
pub use six::{Position, Six, StepSlots};
pub use solve::{optimum, solve, Analyser, Analysis, Optima, Solution};
