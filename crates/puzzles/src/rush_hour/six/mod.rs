//! # The 6×6 model
//!
//! The contest's board: 6×6, the exit at the right end of row 3. A position is one `u64`
//! (3 bits per vehicle), moves come from tables built once per board, and whole components
//! are explored by the engine's slot explorer, which measures slides as runs of one-cell
//! steps. Everything the two models share (the board, legality, solving, rendering, the
//! verifier) is written once in [`crate::rush_hour`]; this module is only what makes the
//! 6×6 board fast. Files: [`board`] (packed positions, occupancy masks, the reach and step
//! tables) and [`moves`] (steps, slides, the slot graph, the engines).

pub mod board;
pub mod moves;

pub use board::{Position, Six, EXIT_ROW, SIDE};
pub use moves::StepSlots;
