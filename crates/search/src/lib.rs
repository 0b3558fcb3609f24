//! # gridlock-search
//!
//! A small, puzzle-agnostic state-space search engine. A puzzle describes its state graph by
//! implementing [`Graph`]; the engine supplies the algorithms:
//!
//! | need | call |
//! |---|---|
//! | fewest edges from a start to a goal | [`bfs`] |
//! | cheapest path, any [`Cost`] (including lexicographic [`Lex`] pairs) | [`dijkstra`] |
//! | cheapest path with an admissible lower bound | [`astar`] |
//! | the same, with a bound that can also declare a state a dead end | [`astar_pruning`] |
//! | fewest moves, deep searches (10⁶–10¹⁰ nodes) on a state changed in place, every core | [`ida_star_split`] over [`InPlace`] |
//! | exact distances in an abstraction, as a lower-bound table (pattern database) | [`pdb::build`] over [`pdb::PatternSpace`], [`pdb::save`], [`pdb::load`] |
//! | how far the states of a reversible graph lie from a start, three levels in memory | [`sweep`] (hashed levels), [`frontier_sweep`] over [`MaskedGraph`] (sorted levels, for levels larger than the cache) |
//! | the nearest goal of a reversible graph with an admissible bound, three levels in memory | [`guided_sweep`] (sorted levels restricted by distance plus bound, the limit raised geometrically) |
//! | the same with a shortest path, cheapest in a second measure, read back from the last pass's sorted levels | [`guided_levels`], then [`Levels::on_shortest_paths`] and [`Levels::cheapest_path`] |
//! | a whole component, then questions about it ([`Component`]) | [`EdgeComponent`] (every edge: any graph, lexicographic paths), [`CompactComponent`] (states only: the largest components), [`slots::SlotComponent`] (one link per slot: steps and runs of one slot) |
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
mod bytes;
mod compact;
mod component;
mod cost;
mod deep;
mod edges;
mod frontier;
mod graph;
mod guided;
mod hash;
mod kept;
mod levels;
mod limits;
pub mod machine;
pub mod memory;
mod path;
pub mod pdb;
mod pruning;
pub mod slots;
mod split;
mod spread;
mod stats;

pub use assignment::Assignment;
pub use astar::{astar, dijkstra};
pub use bfs::bfs;
pub use compact::CompactComponent;
pub use component::{Component, UNREACHABLE};
pub use cost::{Bound, Cost, Lex, Parts};
pub use deep::{DeepFound, InPlace};
pub use edges::{EdgeComponent, EdgeComponentOf};
pub use frontier::{frontier_sweep, MaskedGraph, RadixKey};
pub use graph::{Edge, Graph, Reversible};
pub use guided::{guided_levels, guided_sweep, Guided, DEAD_END};
pub use kept::Levels;
pub use levels::{sweep, Sweep};
pub use limits::{Limits, StopReason, Stopped};
pub use path::{Found, FoundIn, Path, SearchResult};
pub use pruning::astar_pruning;
pub use split::{ida_star_split, SPLIT_ABOVE};
pub use stats::Stats;

#[cfg(test)]
mod retry_tests;
#[cfg(test)]
mod shares_tests;
#[cfg(test)]
mod test_graphs;
