//! `--fast`'s bidirectional member ([`super::fast::Tuning::bidirectional`]): a weighted
//! search forward over pushes and one backward over pulls ([`super::backward`]), expanded in
//! turn, meeting where both reach the same node.
//!
//! **Why.** Each side alone must cross the whole level; each side here only needs to reach
//! what the other one has stored. Both sides use the same normalised nodes (the box set and
//! the least cell of the player's area), so a node stored by both is a position the forward
//! side reaches from the start and the backward side leads to a solved position: the forward
//! pushes to it, then the backward pulls from it reversed, are a solution.
//!
//! **The sides.** Forward: [`FastGraph`] (dead cells, freeze deadlocks, PI-corral pruning,
//! tunnel runs; no goal-room macros, which may lose a solution), `pushes + weight × bound`
//! with the bound around boxes frozen on goals. Backward: the pull graph, `pulls + weight ×`
//! the assignment bound to the start's box cells. Each node is stored once, by the first
//! route found (weighted searches do not reopen here). Every rule of either side keeps some
//! solution, so when either side runs out of nodes the level is unsolvable.

use super::backward::{PullBound, PullGraph};
use super::bits::Bits;
use super::fast::FastGraph;
use super::frozen_goals::FrozenGoals;
use super::graph::{Node, Push};
use gridlock_search::{Edge, Graph, Limits, Stats, StopReason, Stopped};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Expansions between looks at the clock and the cancel flag.
const CLOCK_EVERY: u64 = 4096;

/// Bytes one stored node of `W` words costs a side, counted for the memory budget: the node
/// twice (its list and its map entry, with the map's spare room), its parent link, cost and
/// queue entry.
fn bytes_per_node<const W: usize>() -> u64 {
    2 * std::mem::size_of::<Node<W>>() as u64 + 48
}

/// One side: its stored nodes, how each was reached, the queue.
struct Side<const W: usize> {
    nodes: Vec<Node<W>>,
    /// The node each was reached from and the push of that edge (`None` for the start and
    /// the backward root's edges).
    parent: Vec<(u32, Option<Push>)>,
    cost: Vec<u32>,
    index: FxHashMap<Node<W>, u32>,
    /// `(priority, index)`, least first; equal priorities go to the node stored first.
    queue: BinaryHeap<Reverse<(u32, u32)>>,
}

impl<const W: usize> Side<W> {
    fn new(start: Node<W>, h: u32) -> Self {
        let mut index = FxHashMap::default();
        index.insert(start, 0);
        Side {
            nodes: vec![start],
            parent: vec![(0, None)],
            cost: vec![0],
            index,
            queue: BinaryHeap::from([Reverse((h, 0))]),
        }
    }

    /// Stores `to` reached from node `from` by `edge` with priority `cost + h`, unless known.
    fn add(&mut self, from: u32, edge: &Edge<Node<W>, Option<Push>, u32>, h: u32) -> Option<u32> {
        if self.index.contains_key(&edge.to) {
            return None;
        }
        let i = self.nodes.len() as u32;
        let cost = self.cost[from as usize] + edge.cost;
        self.nodes.push(edge.to);
        self.parent.push((from, edge.mv));
        self.cost.push(cost);
        self.index.insert(edge.to, i);
        self.queue.push(Reverse((cost + h, i)));
        Some(i)
    }

    /// The pushes (or pulls' pushes) on the route from the start to node `i`, start first,
    /// with the node after each.
    fn route(&self, mut i: u32) -> Vec<(Option<Push>, Node<W>)> {
        let mut steps = Vec::new();
        while i != 0 {
            let (p, mv) = self.parent[i as usize];
            steps.push((mv, self.nodes[i as usize]));
            i = p;
        }
        steps.reverse();
        steps
    }
}

/// The bidirectional member: the pushes of a solution from `start` (`None`: unsolvable).
pub fn bidirectional<const W: usize>(
    maze: &super::maze::Maze,
    start: Node<W>,
    weight: u32,
    limits: &Limits,
) -> Result<(Option<Vec<Push>>, Stats), Stopped> {
    let fast = FastGraph::new(maze, true).with_macros(true, None);
    let pulls = PullGraph::new(maze);
    let goal: Bits<W> = maze.goal_set();
    let mut frozen = FrozenGoals::new(maze);
    let mut back_bound = PullBound::new(maze, &start.boxes);
    let start = fast.normalise(&start);
    let mut stats = Stats::default();
    let Some(h0) = frozen.pushes(&start.boxes) else {
        return Ok((None, stats));
    };
    let mut ahead = Side::new(start, weight * h0);
    let mut behind = Side::new(PullGraph::root(), 0);
    let mut forward_edges: Vec<Edge<Node<W>, Push, u32>> = Vec::new();
    let mut edges: Vec<Edge<Node<W>, Option<Push>, u32>> = Vec::new();
    let stop = |reason, stats: Stats| Stopped {
        reason,
        stats,
        lower_bound: None,
    };
    let mut turn_forward = true;
    loop {
        if stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
            limits.check_clock().map_err(|r| stop(r, stats))?;
        }
        let stored = ahead.nodes.len() + behind.nodes.len();
        if let Some(max) = limits.max_states.filter(|&m| stored > m) {
            return Err(stop(StopReason::StateLimit(max), stats));
        }
        let bytes = stored as u64 * bytes_per_node::<W>();
        limits
            .check_bytes(bytes, bytes)
            .map_err(|r| stop(r, stats))?;
        stats.peak_states = stored as u64;
        let side = if turn_forward {
            &mut ahead
        } else {
            &mut behind
        };
        let Some(Reverse((_, i))) = side.queue.pop() else {
            // one side ran out: nothing on it reaches the other end
            return Ok((None, stats));
        };
        stats.expanded += 1;
        let node = side.nodes[i as usize];
        edges.clear();
        if turn_forward {
            forward_edges.clear();
            fast.successors(&node, &mut forward_edges);
            edges.extend(
                forward_edges
                    .iter()
                    .map(|e| Edge::new(Some(e.mv), e.to, e.cost)),
            );
        } else {
            pulls.successors(&node, &mut edges);
        }
        stats.generated += edges.len() as u64;
        for e in &edges {
            let (side, other) = if turn_forward {
                (&mut ahead, &behind)
            } else {
                (&mut behind, &ahead)
            };
            let h = match turn_forward {
                true => frozen.pushes_after(&node.boxes, &e.to.boxes),
                false => back_bound.pulls_after(&node.boxes, &e.to.boxes),
            };
            let Some(h) = h else { continue };
            let Some(j) = side.add(i, e, weight * h) else {
                continue;
            };
            let met = other.index.get(&e.to).copied();
            let solved = turn_forward && e.to.boxes == goal;
            if let Some(k) = met.or(solved.then_some(u32::MAX)) {
                let (f, b) = if turn_forward { (j, k) } else { (k, j) };
                let pushes = join(&fast, (&ahead, f), (&behind, b));
                return Ok((Some(pushes), stats));
            }
        }
        turn_forward = !turn_forward;
    }
}

/// The solution through the meeting node: the forward route to node `f` of `ahead`
/// (macros unrolled), then the backward route to node `b` of `behind` reversed (`b` is
/// `u32::MAX` when the forward side reached a solved position itself).
fn join<const W: usize>(
    fast: &FastGraph<'_, W>,
    (ahead, f): (&Side<W>, u32),
    (behind, b): (&Side<W>, u32),
) -> Vec<Push> {
    let steps: Vec<(Push, Node<W>)> = ahead
        .route(f)
        .into_iter()
        .filter_map(|(mv, n)| mv.map(|m| (m, n)))
        .collect();
    let mut pushes = fast.unroll(ahead.nodes[0], &steps);
    if b != u32::MAX {
        pushes.extend(behind.route(b).iter().rev().filter_map(|&(mv, _)| mv));
    }
    pushes
}
