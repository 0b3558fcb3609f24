//! # gridlock-puzzles
//!
//! The puzzles gridlock solves, each in its own module with the same layout: the rules in the
//! module's opening comment, `board.rs` (the model), `parse.rs` (every input format),
//! `moves.rs` (rules and move generation, shared by solver, verifier and renderer),
//! `solve.rs` (the search, through `gridlock-search`), `render.rs` (text), `json.rs` (every JSON
//! object the command line prints, the web API embeds and a binding returns) and `verify.rs`.

pub mod chips;
pub mod dataset;
pub mod error;
pub mod generator;
pub mod json;
pub mod n_puzzle;
pub mod puzznic;
pub mod rush_hour;
pub mod sokoban;
mod text;

pub use error::{ParseError, PuzzleError};
pub use text::quantity;

/// The state cap every solving command uses unless told otherwise (`--max-states`, Python's
/// `max_states=`): it keeps the peak memory of any search to a few GiB at most.
pub const DEFAULT_MAX_STATES: usize = 20_000_000;
