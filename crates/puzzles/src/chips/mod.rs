//! # Red-blue chips
//!
//! A 3×3 board, cells numbered
//!
//! ```text
//! 0 1 2
//! 7 8 3
//! 6 5 4
//! ```
//!
//! Cell 8 (the centre) starts empty; cells 0..7 hold a red (`R`) or blue (`B`) chip. A move
//! slides a chip orthogonally adjacent to the empty cell into it and is named by the cell the
//! chip came from (which becomes empty). The goal: the centre empty again and the colours
//! alternating around the ring 0→1→…→7→0. The judge answer is the fewest moves, and among
//! all shortest move lists the lexicographically smallest; `-1` when no move list exists
//! (moves never change how many chips of each colour there are, and alternation needs four
//! of each).
//!
//! Layout: [`board`] (cells, positions packed into 13 bits), [`parse`] (the judge input and
//! the judge output read back for verification), [`moves`] (the rules as a search graph),
//! [`solve`] (the engine run once over every position, then a table look-up per puzzle),
//! [`render`] (text and the judge answer), [`json`] (the JSON objects) and [`verify`](mod@verify) (the
//! special judge).

pub mod board;
pub mod dataset;
pub mod json;
pub mod moves;
pub mod parse;
pub mod render;
pub mod solve;
pub mod verify;

pub use board::{Chip, Position, CENTRE};
pub use moves::Chips;
pub use parse::{parse_board, parse_solution, SolutionFile};
pub use solve::{Solution, Solver};
pub use verify::{verify, Verdict};
