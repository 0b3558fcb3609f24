//! A feature-space search for `--fast`, after Shoham and Schaeffer's FESS ("The FESS
//! Algorithm: A Feature Based Approach to Single-Agent Search", IEEE CoG 2020).
//!
//! A weighted best-first search spends its whole budget under the first position its bound
//! likes, however lost that position is. Here every stored position is projected onto a
//! small feature space ([`super::features`]: boxes packed in order, floor regions, boxes
//! out of plan), and the search **cycles over the occupied feature cells**, expanding one
//! position of each in turn: a cell of well-packed positions gets as many expansions as a
//! cell of barely-started ones, however many positions each holds, so no single family of
//! positions can drown the rest. Within a cell the position expanded is the one whose
//! assignment bound is least (then the fewest pushes so far, then the oldest).
//!
//! The graph is [`super::fast::FastGraph`] (pushes over normalised nodes, dead cells, freeze
//! deadlocks and PI-corral pruning), and a position whose boxes cannot all be given distinct
//! goals is dropped. Each rule only removes unsolvable positions or keeps some solution, so
//! a search that runs out of positions has proven the level unsolvable.
//!
//! **Not the paper's full algorithm**: FESS's move advisors (moves that enter the search at
//! no cost) and its room-connectivity feature are not built, and positions are ordered by
//! the bound within a cell where the paper orders moves by advisor weight. As built it
//! solved no more XSokoban levels than weighted A* under the same state budget, so
//! `--fast` leaves it off ([`super::fast::Tuning::fess`]; docs/sokoban-solver.md).

use super::bits::Bits;
use super::bound::Bound;
use super::fast::FastGraph;
use super::features::{Cell, Features};
use super::graph::{Node, Push};
use super::maze::Maze;
use gridlock_search::{Edge, Graph, Limits, Stats, StopReason, Stopped};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One stored position: the node, and the push and the position it was reached by.
#[derive(Clone, Copy)]
struct Entry<const W: usize> {
    node: Node<W>,
    parent: u32,
    push: Push,
}

/// The open positions of one feature cell, least `(bound, pushes, id)` first.
type Open = BinaryHeap<Reverse<(u32, u32, u32)>>;

/// Approximate bytes per stored position: the entry, its map slot, its queue slot.
const BYTES_EACH: u64 = 96;

/// The pushes of a solution from `start`, `None` when the level is proven unsolvable.
pub fn fess<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    limits: &Limits,
) -> Result<(Option<Vec<Push>>, Stats), Stopped> {
    let mut search = Search::new(maze, limits);
    let found = search.run(start);
    let mut stats = search.stats;
    stats.hold(search.entries.len(), BYTES_EACH as usize);
    match found {
        Ok(path) => Ok((path, stats)),
        Err(reason) => Err(Stopped {
            reason,
            stats,
            lower_bound: None,
        }),
    }
}

/// The state of one feature-space search.
struct Search<'a, const W: usize> {
    maze: &'a Maze,
    limits: &'a Limits,
    graph: FastGraph<'a, W>,
    bound: Bound<'a>,
    features: Features,
    goal: Bits<W>,
    entries: Vec<Entry<W>>,
    pushes: Vec<u32>,
    index: FxHashMap<Node<W>, u32>,
    cells: Vec<Open>,
    cell_of: FxHashMap<Cell, usize>,
    stats: Stats,
}

impl<'a, const W: usize> Search<'a, W> {
    fn new(maze: &'a Maze, limits: &'a Limits) -> Self {
        Search {
            maze,
            limits,
            graph: FastGraph::new(maze, true),
            bound: Bound::new(maze),
            features: Features::new(maze),
            goal: maze.goal_set(),
            entries: Vec::new(),
            pushes: Vec::new(),
            index: FxHashMap::default(),
            cells: Vec::new(),
            cell_of: FxHashMap::default(),
            stats: Stats::default(),
        }
    }

    /// Cycles over the feature cells until a solution is found or nothing is left open.
    fn run(&mut self, start: Node<W>) -> Result<Option<Vec<Push>>, StopReason> {
        let root = self.graph.normalise(&start);
        if root.boxes == self.goal {
            return Ok(Some(Vec::new()));
        }
        let none = Push {
            from: 0,
            dir: super::moves::Dir::Left,
        };
        if !self.store(root, u32::MAX, none)? {
            return Ok(None);
        }
        let mut out = Vec::new();
        let mut turn = 0;
        loop {
            let Some(id) = self.next(&mut turn) else {
                return Ok(None);
            };
            if self.stats.expanded % 1024 == 1023 {
                self.limits.check_clock()?;
            }
            self.stats.expanded += 1;
            out.clear();
            let node = self.entries[id as usize].node;
            self.graph.successors(&node, &mut out);
            self.stats.generated += out.len() as u64;
            for &Edge { to: state, mv, .. } in &out {
                if self.index.contains_key(&state) || !self.store(state, id, mv)? {
                    continue;
                }
                if state.boxes == self.goal {
                    return Ok(Some(self.path(self.entries.len() as u32 - 1)));
                }
            }
        }
    }

    /// The next position to expand: the best of the next occupied cell after `turn`.
    fn next(&mut self, turn: &mut usize) -> Option<u32> {
        for _ in 0..self.cells.len() {
            *turn = (*turn + 1) % self.cells.len();
            if let Some(Reverse((_, _, id))) = self.cells[*turn].pop() {
                return Some(id);
            }
        }
        None
    }

    /// Stores a new position and queues it in its feature cell; `false` when its boxes
    /// cannot all be given distinct goals (it is lost and not stored).
    fn store(&mut self, node: Node<W>, parent: u32, push: Push) -> Result<bool, StopReason> {
        let Some(h) = self.bound.pushes(&node.boxes) else {
            return Ok(false);
        };
        let id = self.entries.len() as u32;
        let g = if parent == u32::MAX {
            0
        } else {
            self.pushes[parent as usize] + 1
        };
        self.entries.push(Entry { node, parent, push });
        self.pushes.push(g);
        self.index.insert(node, id);
        let feature = self.features.of(self.maze, &node);
        let cells = &mut self.cells;
        let k = *self.cell_of.entry(feature).or_insert_with(|| {
            cells.push(Open::new());
            cells.len() - 1
        });
        self.cells[k].push(Reverse((h, g, id)));
        let held = self.entries.len();
        if let Some(max) = self.limits.max_states {
            if held > max {
                return Err(StopReason::StateLimit(max));
            }
        }
        if held.is_multiple_of(4096) {
            let bytes = held as u64 * BYTES_EACH;
            self.limits.check_bytes(bytes, bytes)?;
        }
        Ok(true)
    }

    /// The pushes from the start to entry `id`.
    fn path(&self, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.entries[id as usize].parent != u32::MAX {
            pushes.push(self.entries[id as usize].push);
            id = self.entries[id as usize].parent;
        }
        pushes.reverse();
        pushes
    }
}
