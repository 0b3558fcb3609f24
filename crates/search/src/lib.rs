//! # gridlock-search
//!
//! A small, puzzle-agnostic state-space search engine. A puzzle describes its state graph by
//! implementing [`Graph`]; the engine supplies the algorithms:
//!
//! | need | function |
//! |---|---|
//! | fewest edges, optional depth limit | [`bfs`] |
//! | cheapest path, any [`Cost`] (including lexicographic [`Lex`] pairs) | [`dijkstra`] |
//! | cheapest path with an admissible lower bound | [`astar`], [`ida_star`] |
//! | the same, with a bound that can also declare a state a dead end | [`astar_pruning`] |
//! | fewest moves, deep searches (10⁶–10¹⁰ nodes) on a state changed in place | [`ida_star_in_place`] over [`InPlace`] |
//! | exact distances in an abstraction, as a lower-bound table (pattern database) | [`pdb::build`] over [`pdb::PatternSpace`], [`pdb::save`], [`pdb::load`] |
//! | fewest edges in a reversible graph, searching from both ends | [`bidirectional_bfs`] |
//! | the whole connected component, distances to a goal set, optimal paths out of it | [`explore`], [`Component`] |
//! | every state of a reversible graph with its distance, in memory for three levels | [`sweep`] |
//! | a whole component of a reversible graph with numbered edge *slots*, in steps and in runs of one slot | [`slots::SlotComponent`] |
//! | the same sweep for levels far larger than the cache: duplicates found by radix-sorting whole levels, operators that lead back masked | [`frontier_sweep`] over [`MaskedGraph`] |
//! | a whole component holding its states only (tens of millions), distances over any graph on the same states | [`CompactComponent`] |
//! | the least total cost of matching items to distinct targets (an admissible bound for A*) | [`assignment::Assignment`] |
//!
//! Which to pick, and what each costs, is in `docs/engine.md`.
//!
//! Every search takes [`Limits`] (state cap, deadline, cancellation flag, memory budget) and
//! reports [`Stats`]. A search that hits a limit returns [`Stopped`] instead of exhausting
//! memory: its buffers grow within the budget ([`memory`]), whose default [`machine`] reads.
//!
//! ```
//! use gridlock_search::{bfs, Edge, Graph, Limits};
//!
//! /// Numbers on a line: from n you may go to n + 1 or 2n.
//! struct Doubling;
//!
//! impl Graph for Doubling {
//!     type State = u32;
//!     type Move = &'static str;
//!     type Cost = u32;
//!     fn successors(&self, n: &u32, out: &mut Vec<Edge<u32, &'static str, u32>>) {
//!         out.push(Edge::unit("+1", n + 1));
//!         out.push(Edge::unit("x2", n * 2));
//!     }
//! }
//!
//! let found = bfs(&Doubling, 1, |&n| n == 10, &Limits::none()).unwrap();
//! let path = found.path.unwrap();
//! assert_eq!(path.moves(), vec!["+1", "x2", "+1", "x2"]); // 1 → 2 → 4 → 5 → 10
//! assert_eq!(path.len(), 4);
//! ```
//!
//! The engine never looks inside a state: states are small `Copy` values (packed integers or
//! fixed arrays) that it hashes and stores, so a fourth puzzle plugs in without touching this
//! crate.

mod arena;
pub mod assignment;
mod astar;
mod bfs;
mod bidirectional;
mod compact;
mod component;
mod cost;
mod deep;
mod frontier;
mod graph;
mod ida;
mod levels;
mod limits;
pub mod machine;
pub mod memory;
mod path;
pub mod pdb;
mod pruning;
pub mod slots;
mod split;
mod stats;

pub use assignment::Assignment;
pub use astar::{astar, dijkstra};
pub use bfs::{bfs, bfs_with_depth};
pub use bidirectional::bidirectional_bfs;
pub use compact::CompactComponent;
pub use component::{explore, Component, UNREACHABLE};
pub use cost::{Bound, Cost, Lex, Parts};
pub use deep::{ida_star_in_place, probe_in_place, DeepFound, InPlace, Probe};
pub use frontier::{frontier_sweep, MaskedGraph, RadixKey};
pub use graph::{ComponentOf, Edge, EdgeOf, FoundIn, Graph, Reversible, SearchResult};
pub use ida::ida_star;
pub use levels::{sweep, Sweep};
pub use limits::{Limits, StopReason, Stopped};
pub use path::{Found, Path};
pub use pruning::astar_pruning;
pub use split::{ida_star_split, SPLIT_ABOVE};
pub use stats::Stats;

#[cfg(test)]
mod test_graphs;
