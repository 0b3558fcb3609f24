//! What a board model gives the searches. Rush Hour has two: the 6×6 board with the exit in
//! row 3 ([`super::six`]: a position is one `u64`, moves come from precomputed tables, and
//! its components are explored by the engine's slot explorer) and every other board up to
//! 12×12 ([`super::general`]: positions of one to five words, lane masks, sorted levels).
//! The solver, the batch and `explore` ([`super::solve`](mod@super::solve)) are written once over this trait
//! and compiled for each; legality, rendering and the verifier read plain offsets and need
//! no model at all.

use super::board::Board;
use super::moves::{Metric, Move};
use gridlock_search::{Component, Guided, Limits, Stats, Stopped, Sweep};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;

/// What [`Model::guided_path`] found: the positions of a path (the start first), `None`
/// when no goal is within reach, and the work done.
pub type PathFound<S> = (Option<Vec<S>>, Stats);

/// A board prepared for search: the packed position and the moves out of it.
pub trait Model: Sync {
    /// One offset per vehicle, packed for the engine to hash, sort and store.
    type State: Copy + Eq + Hash + Ord + Debug + Send + Sync;
    /// The whole-component explorer this model's batch, `explore` and verifier run on,
    /// reused from board to board by a batch's threads.
    type Explorer: Explorer<Self> + Default;

    /// The board described.
    fn board(&self) -> &Board;

    /// Packs one offset per vehicle.
    fn pack(&self, offsets: &[u8]) -> Self::State;

    /// One offset per vehicle.
    fn unpack(&self, p: &Self::State) -> Vec<u8>;

    /// True when the red car covers the exit cells.
    fn is_goal(&self, p: &Self::State) -> bool;

    /// Every one-cell step from `p`, vehicle by vehicle, back (left/up) before forward.
    fn for_each_step(&self, p: &Self::State, emit: impl FnMut(Move, Self::State));

    /// Every legal slide from `p` (each vehicle, each direction, each distance).
    fn for_each_slide(&self, p: &Self::State, emit: impl FnMut(Move, Self::State));

    /// Visits `start`'s component level by level over steps or slides (`metric`), as the
    /// engine's `sweep` does, with the engine that suits the model's positions.
    fn sweep<T>(
        &self,
        metric: Metric,
        start: Self::State,
        limits: &Limits,
        visit: impl FnMut(&Self::State, u32) -> ControlFlow<T>,
    ) -> Result<Sweep<T>, Stopped>;

    /// The distance in `metric` (graph edges: slides, or steps without the exit steps) from
    /// `start` to the nearest goal within `max_depth`, by a search guided by a lower bound,
    /// when the model has one; `None` when the caller should sweep instead.
    fn guided(
        &self,
        _metric: Metric,
        _start: Self::State,
        _max_depth: Option<u32>,
        _limits: &Limits,
    ) -> Option<Result<Guided, Stopped>> {
        None
    }

    /// A shortest path in `metric` (graph edges, as [`Model::guided`] counts them) from
    /// `start` to the nearest goal within `max_depth`, and among those one that is shortest
    /// in the other metric, by a guided search, when the model has one (its positions, the
    /// start first; `None` inside when no goal is within reach); `None` when the caller
    /// should run Dijkstra instead.
    fn guided_path(
        &self,
        _metric: Metric,
        _start: Self::State,
        _max_depth: Option<u32>,
        _limits: &Limits,
    ) -> Option<Result<PathFound<Self::State>, Stopped>> {
        None
    }
}

/// A whole component, explored once over one-cell steps, then measured in both metrics from
/// a set of its states: one of the engine's component explorers, which number the states
/// densely in breadth-first order from the start and answer the engine's [`Component`]
/// questions (`len`, `state`, `depth`, `find_into`).
pub trait Explorer<M: Model + ?Sized>: Component<State = M::State> {
    /// Explores `start`'s component (replacing what was held).
    fn explore(&mut self, model: &M, start: M::State, limits: &Limits) -> Result<Stats, Stopped>;

    /// Every position's distance in `metric` (slides, or steps without the exit) to the
    /// nearest of `sources`, into `dist` (`UNREACHABLE` where none).
    fn distances_from(
        &mut self,
        model: &M,
        metric: Metric,
        sources: &[u32],
        dist: &mut Vec<u32>,
        limits: &Limits,
    ) -> Result<Stats, Stopped>;

    /// The start's fewest slides to the nearest of `goals` (`scratch`: buffers to reuse).
    fn start_moves(
        &mut self,
        model: &M,
        goals: &[u32],
        scratch: (&mut Vec<u32>, &mut Vec<u32>),
        limits: &Limits,
    ) -> Result<Option<u32>, Stopped>;

    /// Bytes held per stored position, given the exploration's statistics.
    fn bytes_per_state(&self, stats: &Stats) -> f64;
}
