//! `--fast`'s backward member: a weighted best-first search over *pulls*, from the solved
//! position back to the level's start ([`super::fast::Tuning::backward`]).
//!
//! **Why.** The forward searches spend their budget under positions no deadlock rule proves
//! lost; played backwards, from the boxes on the goals, a box is pulled out of a packed goal
//! room in the one order that leaves room, and every position met is one from which the
//! level *can* be solved. The strongest solvers (Sokolution) search from both ends for that
//! reason.
//!
//! **The graph.** A node is the box set and the player's area, normalised to its smallest
//! cell as in [`super::graph::RegionGraph`]. A *pull*: the player stands on a cell next to a
//! box, steps one cell further away from it (onto floor without a box), and the box follows
//! onto the cell the player left. Played forward it is the push of that box back, from the
//! cell behind it, so a path of pulls from a solved position to the start, reversed, is a
//! solution (the player walks within its area between pushes). The search starts from a
//! virtual root whose successors are the boxes on the goals with the player in each area
//! they leave; it ends at the start's boxes with the start player's area.
//!
//! **The guide.** `pulls + weight × bound`, the bound being the least assignment of boxes to
//! the start's box cells, each box costing the pushes a lone box needs from that start cell
//! to its own (the forward bound with the start cells as goals). A box no start cell's box
//! can reach is a *dead cell for pulling*: no assignment, the node is dropped.
//!
//! **Sound, so an exhausted search proves the level unsolvable.** Take any solution and its
//! positions in reverse. The solved one is a root successor; each earlier one is one pull
//! from the next (the player stood on the cell it pushed from, which was empty, and the box
//! comes back onto a cell it stood on in a solvable position, hence live); and each holds
//! boxes that come from distinct start boxes by at least their lone-box push distances, so
//! the assignment exists. No node of it is dropped, so the search finds a solution unless
//! none exists (`crates/puzzles/tests/sokoban_backward.rs` checks both against a brute force).

use super::bits::Bits;
use super::bound::{cost_row, FromParent};
use super::graph::{Node, Push, RegionGraph, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;
use gridlock_search::assignment::Assignment;
use gridlock_search::{astar_pruning, Edge, Graph, Limits, Stats, Stopped};
use std::cell::RefCell;

/// The pull graph of one level: a virtual root, then pulls over normalised nodes. An edge's
/// move is the forward push it undoes (`None` from the root).
pub struct PullGraph<'a, const W: usize> {
    maze: &'a Maze,
    regions: RegionGraph<'a, W>,
    walk: RefCell<Walk>,
}

impl<'a, const W: usize> PullGraph<'a, W> {
    /// The pull graph of `maze`.
    pub fn new(maze: &'a Maze) -> Self {
        PullGraph {
            maze,
            regions: RegionGraph::new(maze),
            walk: RefCell::new(Walk::new(maze.cells.len())),
        }
    }

    /// The virtual root: no boxes (no real node has none), its successors the solved
    /// positions.
    pub fn root() -> Node<W> {
        Node {
            boxes: Bits::EMPTY,
            key: 0,
            player: NONE,
        }
    }

    /// The boxes on the goals with the player normalised in each area they leave.
    fn solved(&self, out: &mut Vec<Edge<Node<W>, Option<Push>, u32>>) {
        let maze = self.maze;
        let goals: Bits<W> = maze.goal_set();
        let mut seen = vec![false; maze.cells.len()];
        let mut walk = self.walk.borrow_mut();
        for cell in 0..maze.cells.len() as u16 {
            if seen[cell as usize] || (cell as usize) < maze.live && goals.has(cell as usize) {
                continue;
            }
            walk.explore(maze, &Node::new(maze, goals, cell));
            walk.reached().iter().for_each(|&c| seen[c as usize] = true);
            let least = walk.reached().iter().copied().min().unwrap_or(cell);
            out.push(Edge::new(None, Node::new(maze, goals, least), 0));
        }
    }
}

impl<const W: usize> Graph for PullGraph<'_, W> {
    type State = Node<W>;
    type Move = Option<Push>;
    type Cost = u32;

    fn successors(&self, node: &Node<W>, out: &mut Vec<Edge<Node<W>, Option<Push>, u32>>) {
        if node.player == NONE {
            return self.solved(out);
        }
        let maze = self.maze;
        let mut walk = self.walk.borrow_mut();
        walk.explore(maze, node);
        for b in node.boxes.iter() {
            let b = b as u16;
            for dir in Dir::ALL {
                // the player on `p` beside the box steps to `q`; the box follows onto `p`
                let p = maze.step(b, dir);
                if p == NONE || p as usize >= maze.live || walk.distance(p).is_none() {
                    continue;
                }
                let q = maze.step(p, dir);
                if q == NONE || node.has_box(maze, q) {
                    continue;
                }
                let pulled = node.pushed(maze, b, p).with_player(maze, q);
                let push = Push {
                    from: p,
                    dir: dir.opposite(),
                };
                out.push(Edge::new(Some(push), self.regions.normalise(&pulled), 1));
            }
        }
    }
}

/// The bound of a backward node: the least assignment of its boxes to the start's box cells,
/// each at the lone-box push distance from that start cell ([`PullBound::pulls`]).
pub struct PullBound<'a, const W: usize> {
    /// `from_start[k][cell]`: fewest pushes that bring a lone box from the `k`-th start box
    /// to `cell`, the player free to stand on any floor cell ([`NONE`]: never).
    from_start: Vec<Vec<u16>>,
    maze: &'a Maze,
    matrix: Vec<u32>,
    assignment: Assignment,
    /// Children's bounds solved from their parent's ([`FromParent`]).
    warm: FromParent<W>,
}

impl<'a, const W: usize> PullBound<'a, W> {
    /// The bound towards the start boxes `start`.
    pub fn new(maze: &'a Maze, start: &Bits<W>) -> Self {
        PullBound {
            from_start: start
                .iter()
                .map(|s| push_distances(maze, s as u16))
                .collect(),
            maze,
            matrix: Vec::new(),
            assignment: Assignment::new(),
            warm: FromParent::new(),
        }
    }

    /// [`PullBound::pulls`] of `boxes`, a child of `parent`: the same value, solved from the
    /// parent's assignment when one box moved ([`FromParent`]).
    pub fn pulls_after(&mut self, parent: &Bits<W>, boxes: &Bits<W>) -> Option<u32> {
        let from_start = &self.from_start;
        let row = |b: usize, out: &mut Vec<u32>| cost_row(from_start, b, out);
        let (key, cols) = (Bits::EMPTY, from_start.len());
        match self.warm.pushes((parent, &key), boxes, cols, row) {
            Some(answer) => answer,
            None => self.pulls(boxes),
        }
    }

    /// Least total pulls that could bring `boxes` back to the start cells; `None` when no
    /// assignment exists (some box stands where no start box can be pushed).
    pub fn pulls(&mut self, boxes: &Bits<W>) -> Option<u32> {
        self.matrix.clear();
        let mut rows = 0;
        for b in boxes.iter() {
            rows += 1;
            cost_row(&self.from_start, b, &mut self.matrix);
        }
        let cols = self.from_start.len();
        debug_assert!(self.maze.live >= rows);
        self.assignment
            .min_cost(rows, cols, &self.matrix)
            .map(|total| total as u32)
    }
}

/// Fewest pushes of a lone box from `from` to every cell (the player free to stand on any
/// floor cell): a box on `x` goes to `x + d` when `x - d` is floor.
fn push_distances(maze: &Maze, from: u16) -> Vec<u16> {
    let mut dist = vec![NONE; maze.cells.len()];
    dist[from as usize] = 0;
    let mut queue = vec![from];
    let mut head = 0;
    while let Some(&x) = queue.get(head) {
        head += 1;
        for d in Dir::ALL {
            let (to, behind) = (maze.step(x, d), maze.step(x, d.opposite()));
            if to == NONE || behind == NONE || dist[to as usize] != NONE {
                continue;
            }
            dist[to as usize] = dist[x as usize] + 1;
            queue.push(to);
        }
    }
    dist
}

/// The backward member: the pushes of a solution from `start` found by a weighted search of
/// pulls (`pulls + weight × bound`), `None` when it runs out of nodes (the level is then
/// unsolvable: module doc).
pub fn backward<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    weight: u32,
    limits: &Limits,
) -> Result<(Option<Vec<Push>>, Stats), Stopped> {
    let graph = PullGraph::new(maze);
    let target = graph.regions.normalise(&start);
    let mut bound = PullBound::new(maze, &start.boxes);
    let found = astar_pruning(
        &graph,
        PullGraph::root(),
        |n| n.boxes == target.boxes && n.player == target.player,
        |n| match n.player {
            NONE => Some(0),
            _ => bound.pulls(&n.boxes).map(|h| weight * h),
        },
        limits,
    )?;
    // the pulls from the solved position back to the start, reversed, are the pushes
    let pushes = found
        .path
        .map(|p| p.steps.iter().rev().filter_map(|&(push, _)| push).collect());
    Ok((pushes, found.stats))
}
