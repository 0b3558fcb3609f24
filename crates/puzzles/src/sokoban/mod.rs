//! # Sokoban
//!
//! The rules implemented here (SPEC §13), in one place so that the solver, the verifier and
//! the renderer cannot disagree:
//!
//! * A level is a grid of walls and floor with boxes, as many goals as boxes, and one
//!   player. The floor is what the player could reach if every box were removed; the rest
//!   is outside, and the floor must be closed by walls.
//! * A **move** steps the player one cell left, up, right or down onto floor. If a box is
//!   there, the move is also a **push**: allowed only when the cell beyond the box in the
//!   same direction is floor without a box, and the box moves there. Boxes are never pulled.
//! * The level is solved when every box stands on a goal.
//! * Answers are optimal in one of two orders: fewest pushes, then fewest moves (the
//!   default), or fewest moves, then fewest pushes. They are written in LURD: `l u r d` a
//!   move, `L U R D` a push.
//!
//! Layout: [`board`] (the level and a position on its grid), [`parse`] (XSB, run-length
//! rows, collections), [`moves`] (the step rule), [`maze`] (the compact level the solver
//! uses: live cells first, neighbours, push distances), [`bits`] (box sets),
//! [`deadlock`] (dead cells and freeze deadlocks), [`bound`] (lower bounds), [`graph`]
//! (the push graph), [`tunnel`] (tunnel macros), [`solve`](mod@solve), [`corral`] (PI-corral pruning),
//! [`fast`] (`--fast`'s portfolio), [`backward`] (its backward search over pulls), [`bidirectional`] (both at once), [`packing`] (goal-room packing order), [`goal_room`]
//! (`--fast`'s goal-room macros), [`features`], [`advisors`] and [`fess`] (a feature-space search,
//! measured, off by default), [`frozen_goals`] (`--fast`'s bound with boxes frozen on goals
//! as walls), [`penalty`] (`--fast`'s learned penalty patterns), [`render`], [`json`],
//! [`verify`] and [`dataset`] (levels with optimal answers for `gridlock.datasets`). See
//! `docs/sokoban.md` and `docs/sokoban-solver.md`.

pub mod advisors;
pub mod area;
pub mod backward;
pub mod bidirectional;
pub mod bits;
pub mod board;
pub mod bound;
pub mod corral;
pub mod corral_deadlock;
pub mod dataset;
pub mod deadlock;
pub mod fast;
pub mod features;
pub mod fess;
pub mod frozen_goals;
pub mod generate;
pub mod goal_room;
mod goal_room_find;
mod goal_room_order;
mod goal_room_space;
pub mod graph;
pub mod hotspots;
pub mod json;
pub mod maze;
pub mod moves;
pub mod opener;
pub mod out_of_plan;
pub mod packing;
pub mod parse;
pub mod patterns;
pub mod penalty;
pub mod render;
pub mod solve;
mod stamp;
pub mod tunnel;
pub mod verify;

pub use board::{Level, Position, MAX_SIDE};
pub use fast::Tuning;
pub use graph::Objective;
pub use json::{Report, StatsReport, VerifyJson};
pub use moves::{step, Blocked, Dir};
pub use parse::{parse_collection, parse_level};
pub use render::{batch_line, batch_stopped_line, describe_bound, judge, render_text};
pub use solve::{solve, solve_fast, Outcome, Solution, SolveOptions, Step};
pub use verify::{parse_solution, replay, Claim, Judgement, Letter, Optimality, Replay};
