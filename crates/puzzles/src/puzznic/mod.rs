//! # Puzznic
//!
//! The rules implemented here (SPEC §5), in one place so that the solver, the verifier and the
//! renderer cannot disagree:
//!
//! * A piece is **falling** if the cell below it is empty, or holds a piece that is itself
//!   falling. Falling pieces touch nothing.
//! * Each **cycle** has three steps: (1) the player does nothing, or moves one piece one cell
//!   left or right — only a piece that is not falling, into an empty cell, and only if no
//!   orthogonal neighbour is a matching piece that is not falling; (2) every group of two or
//!   more orthogonally adjacent matching pieces that are not falling (falling evaluated on the
//!   board after step 1) vanishes, all at once; (3) falling is evaluated again and every
//!   falling piece moves down one cell, all at once.
//! * The goal is a board with no pieces.
//!
//! A state of the search is the whole board between two cycles: falling is a function of the
//! board, so nothing else needs remembering. The rules compute on bitboards (`bits.rs`): a
//! whole board's falling pieces, groups and fall are a few word operations. See `docs/puzznic.md` for every decision the
//! specification leaves open.

mod bits;
mod board;
mod bound;
mod chambers;
pub mod dataset;
mod fast;
mod graph;
mod json;
mod packed;
mod parse;
mod plan;
mod render;
mod rules;
mod solve;
mod verify;

pub use board::{Geometry, Puzzle, MAX_SIDE, NONE};
pub use bound::Analysis;
pub use graph::Objective;
pub use json::{render_json, Lengths, Report, Step, VerifyJson};
pub use parse::parse;
pub use render::{judge_lines, judge_text, render_text};
pub use rules::{
    check_move, cycle, cycle_traced, falling, is_settled, legal_actions, resolve, resolve_in,
    Action, Illegal, Trace,
};
pub use solve::{
    describe_bound, solve, solve_with, Outcome, Solution, SolveOptions, Strategy, FAST_BUDGET,
};
pub use verify::{
    judge, parse_solution, replay, Judgement, Optimality, Replay, SolutionLine, Verdict,
};
