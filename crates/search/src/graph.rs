use crate::cost::Cost;
use std::hash::Hash;

/// A state graph, described by its successor function.
///
/// States are small `Copy` values so the engine can store millions of them in flat arrays and
/// hash them cheaply; a puzzle keeps its fixed data (board size, walls, vehicle lanes) in the
/// implementing type, not in the state.
pub trait Graph {
    /// One position of the puzzle. Keep it packed: it is copied and hashed in the hot loop.
    type State: Copy + Eq + Hash;
    /// What a player does to go from one state to the next; used to print solutions.
    type Move: Copy;
    /// The price of one edge; `u32` with cost 1 for unit-cost puzzles.
    type Cost: Cost;

    /// Appends every edge leaving `state` to `out` (which the engine clears and reuses, so
    /// successor generation allocates nothing).
    fn successors(
        &self,
        state: &Self::State,
        out: &mut Vec<Edge<Self::State, Self::Move, Self::Cost>>,
    );
}

/// Marker for graphs in which every edge `s → t` has a reverse edge `t → s` of the same cost.
///
/// Sliding puzzles are reversible, which lets [`crate::sweep`] hold three levels only and
/// [`crate::CompactComponent`] measure distances from a goal set with the same successor
/// function.
pub trait Reversible: Graph {}

/// One edge of a [`Graph`]: the move taken, the state it leads to and its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge<S, M, C> {
    /// The move, as the puzzle names it.
    pub mv: M,
    /// The state after the move.
    pub to: S,
    /// What the move costs under the puzzle's metric.
    pub cost: C,
}

impl<S, M, C> Edge<S, M, C> {
    /// An edge with an explicit cost.
    pub fn new(mv: M, to: S, cost: C) -> Self {
        Edge { mv, to, cost }
    }
}

impl<S, M> Edge<S, M, u32> {
    /// An edge of cost 1, for puzzles where every move counts the same.
    pub fn unit(mv: M, to: S) -> Self {
        Edge { mv, to, cost: 1 }
    }
}
