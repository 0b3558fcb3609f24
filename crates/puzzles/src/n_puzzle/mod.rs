//! # Sliding-tile puzzles (the 8-, 15- and 24-puzzle, any R×C board)
//!
//! A board of R×C cells (2 ≤ R, C; R·C ≤ 64) holds the tiles `1..R·C−1` and one blank
//! (`0`). A move slides a tile orthogonally adjacent to the blank into it. The goal is, by
//! default, the puzzle as sold (tiles in reading order, the blank bottom-right); Korf's
//! `blank-first` (blank top-left, then `1..`) or any board of the same shape may be asked
//! for. The answer is the fewest moves and, one per move, the tile slid. A goal is
//! reachable exactly when the permutation's parity plus the blank's taxicab distance to its
//! goal cell is even: otherwise the answer is `-1`, decided without search.
//!
//! Layout: [`board`] (shape, tiles, goals, the parity rule), [`parse`] (boards in both
//! shapes, batch lines, `--size`, the judge output for verify), [`moves`] (tiles renamed
//! after their goal cells, changed in place), [`manhattan`] (Manhattan distance with linear
//! conflicts), [`pdb`] (additive pattern databases with the mirrored look-up), [`cache`]
//! (the table files), [`tables`] (which heuristic to use, what to advise, the tables kept in
//! memory), [`solve`] (parity, IDA* on the engine), [`explore`] (the goal's whole component),
//! [`render`] (text and the judge answer), [`json`] (the JSON objects) and [`verify`].

pub mod board;
pub mod cache;
pub mod dataset;
pub mod explore;
pub mod json;
pub mod manhattan;
pub mod moves;
pub mod parse;
pub mod pdb;
pub mod render;
pub mod solve;
pub mod tables;
pub mod verify;

pub use board::{Board, Dir, Shape};
pub use parse::{parse_batch_line, parse_board, parse_size, parse_solution, SolutionFile};
pub use pdb::Pattern;
pub use solve::{Heuristic, Solution, Solver};
pub use tables::{prepare, Choice};
