//! `--fast`: a solution, not proven optimal, for levels out of reach of the optimal search.
//!
//! A weighted best-first search over pushes: a node is the box set and the player's area
//! (the player normalised to the smallest cell it reaches), each push costs 1, and a node is
//! ordered by `pushes so far + WEIGHT × assignment bound`. The successors are cut by the
//! same dead cells and freeze deadlocks as the optimal search, and by PI-corral pruning
//! ([`super::corral`]): when a corral is found only its fence's pushes are tried. Every rule
//! only removes positions that cannot be solved (corral pruning keeps a shortest solution
//! from every position), so when the search runs out of nodes the level is proven
//! unsolvable.

use super::bits::Bits;
use super::bound::Bound;
use super::corral::Corrals;
use super::deadlock::frozen_off_goal;
use super::graph::{Node, Push, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;
use super::packing::Packing;
use gridlock_search::{astar_pruning, Edge, Graph, Limits, Stats, Stopped};
use std::cell::RefCell;

/// How much the search trusts the bound over the pushes so far (weighted A*).
pub const WEIGHT: u32 = 5;

/// What one box out of packing order adds to the bound in the priority ([`Packing`]).
pub const PENALTY: u32 = 4;

/// The push graph over normalised nodes, cut by PI-corrals.
pub struct FastGraph<'a, const W: usize> {
    maze: &'a Maze,
    /// Whether corral pruning is on (off only to measure it).
    corral: bool,
    walk: RefCell<Walk>,
    probe: RefCell<Walk>,
    corrals: RefCell<Corrals>,
}

impl<'a, const W: usize> FastGraph<'a, W> {
    /// The graph of `maze`, with corral pruning when `corral`.
    pub fn new(maze: &'a Maze, corral: bool) -> Self {
        FastGraph {
            maze,
            corral,
            walk: RefCell::new(Walk::new(maze.cells.len())),
            probe: RefCell::new(Walk::new(maze.cells.len())),
            corrals: RefCell::new(Corrals::new(maze)),
        }
    }

    /// `node` with the player moved to the smallest cell it can reach.
    pub fn normalise(&self, node: &Node<W>) -> Node<W> {
        let mut probe = self.probe.borrow_mut();
        probe.explore(self.maze, node);
        let least = probe.reached().iter().copied().min().unwrap_or(node.player);
        node.with_player(self.maze, least)
    }
}

impl<const W: usize> Graph for FastGraph<'_, W> {
    type State = Node<W>;
    type Move = Push;
    type Cost = u32;

    fn successors(&self, node: &Node<W>, out: &mut Vec<Edge<Node<W>, Push, u32>>) {
        let maze = self.maze;
        let mut walk = self.walk.borrow_mut();
        walk.explore(maze, node);
        let fence = if self.corral {
            self.corrals.borrow_mut().fence(maze, node, &walk)
        } else {
            None
        };
        for from in fence.unwrap_or(node.boxes).iter() {
            let from = from as u16;
            for dir in Dir::ALL {
                let to = maze.step(from, dir);
                if to == NONE || to as usize >= maze.live || node.boxes.has(to as usize) {
                    continue;
                }
                let behind = maze.step(from, dir.opposite());
                if behind == NONE || walk.distance(behind).is_none() {
                    continue;
                }
                let next = node.pushed(maze, from, to);
                if frozen_off_goal(maze, &next.boxes, to) {
                    continue;
                }
                out.push(Edge::new(Push { from, dir }, self.normalise(&next), 1));
            }
        }
    }
}

/// The pushes of a solution from `start`, `None` when the level is proven unsolvable. A
/// stopped search reports the start's assignment bound as the proven lower bound (the
/// weighted queue proves nothing more).
pub fn search<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    limits: &Limits,
) -> Result<(Option<Vec<Push>>, Stats), Stopped> {
    let goal: Bits<W> = maze.goal_set();
    let graph = FastGraph::new(maze, std::env::var_os("GRIDLOCK_NO_CORRAL").is_none());
    let weight: u32 = std::env::var("GRIDLOCK_FAST_W")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(WEIGHT);
    let penalty: u32 = std::env::var("GRIDLOCK_FAST_P")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(PENALTY);
    let packing = Packing::new(maze);
    let mut bound = Bound::new(maze);
    let first = bound.pushes(&start.boxes);
    let found = astar_pruning(
        &graph,
        graph.normalise(&start),
        |n| n.boxes == goal,
        |n| {
            let h = bound.pushes(&n.boxes)?;
            Some(weight * (h + penalty * packing.out_of_order(maze, &n.boxes)))
        },
        limits,
    );
    match found {
        Ok(found) => Ok((found.path.map(|p| p.moves()), found.stats)),
        Err(mut stopped) => {
            stopped.lower_bound = first.map(|b| gridlock_search::Bound(vec![u64::from(b)]));
            Err(stopped)
        }
    }
}
