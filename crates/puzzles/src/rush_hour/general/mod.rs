//! # The R×C model (4 ≤ R, C ≤ 12)
//!
//! Every board that is not 6×6 with the exit in row 3: the same rules on any shape, the exit
//! in any row. A position packs each vehicle's offset in just the bits its lane needs, into
//! one to five 64-bit words, and the searches are compiled for each word count
//! ([`Wide`]); occupancy is one 16-bit mask per row and per column. Everything the two
//! models share (the board, legality, solving, rendering, the verifier) is written once in
//! [`crate::rush_hour`]; this module is only what makes large boards searchable. Files:
//! [`board`] (packing, occupancy, room to slide) and [`moves`] (steps, slides, the masked
//! graphs of the sorted-level sweep, the engines).

pub mod board;
pub mod moves;
#[cfg(test)]
mod threads;

pub use board::{General, Packed, MAX_WORDS};
pub use moves::Wide;
