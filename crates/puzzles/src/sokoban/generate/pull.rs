//! The reverse search: every position a level's boxes can reach by being *pulled* away
//! from the goals, with its exact distance.
//!
//! A pull is a push played backwards: the player stands next to a box, steps away from it
//! and drags the box onto the cell it left. A position reached from the solved position by
//! `d` pulls is therefore solved by `d` pushes, and a breadth-first search of pulls, started
//! from the boxes on the goals with the player in each area it could end in, finds every
//! position's *fewest* pushes: each level of the search is complete before the next one
//! starts, so a position's level is its optimal push count even when the search is cut off
//! by a cap (the levels done so far stay exact). The player is normalised to the smallest
//! cell of its area, as the push count does not depend on where in the area it stands.

use super::super::bits::Bits;
use super::super::graph::Push;
use super::super::maze::{Maze, NONE};
use super::super::moves::Dir;
use gridlock_search::Limits;
use rustc_hash::{FxHashMap, FxHashSet};

/// A reverse-search node: the boxes and the smallest cell of the player's area.
pub type Node<const W: usize> = (Bits<W>, u16);

/// Cells as a set over every floor cell of the maze (the player's area), with the few set
/// operations the flood fill needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area<const W: usize>(pub [u64; W]);

impl<const W: usize> Area<W> {
    const EMPTY: Self = Area([0; W]);

    fn has(&self, cell: u16) -> bool {
        self.0[cell as usize / 64] >> (cell % 64) & 1 == 1
    }

    fn insert(&mut self, cell: u16) {
        self.0[cell as usize / 64] |= 1 << (cell % 64);
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The smallest cell of a non-empty set.
    fn least(&self) -> u16 {
        let (i, w) = self.0.iter().enumerate().find(|(_, &w)| w != 0).unwrap();
        (i * 64) as u16 + w.trailing_zeros() as u16
    }

    /// The cells, increasing.
    pub fn cells(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as u16;
                    rest &= rest - 1;
                    i as u16 * 64 + bit
                })
            })
        })
    }
}

/// The pull graph of one maze whose floor cells all fit `W` words.
pub struct PullGraph<'a, const W: usize> {
    maze: &'a Maze,
    /// `around[c]`: the floor neighbours of `c`.
    around: Vec<Area<W>>,
    /// Every floor cell.
    floor: Area<W>,
}

impl<'a, const W: usize> PullGraph<'a, W> {
    /// The pull graph of `maze`; `None` when its floor has more than `64 * W` cells.
    pub fn new(maze: &'a Maze) -> Option<Self> {
        let cells = maze.cells.len();
        if cells > 64 * W {
            return None;
        }
        let mut floor = Area::EMPTY;
        let around = (0..cells as u16)
            .map(|c| {
                floor.insert(c);
                let mut a = Area::EMPTY;
                for d in Dir::ALL {
                    let n = maze.step(c, d);
                    if n != NONE {
                        a.insert(n);
                    }
                }
                a
            })
            .collect();
        Some(PullGraph {
            maze,
            around,
            floor,
        })
    }

    /// The cells the player reaches from `from` with `boxes` in the way.
    pub fn area(&self, boxes: &Bits<W>, from: u16) -> Area<W> {
        let mut free = self.floor;
        for (f, b) in free.0.iter_mut().zip(boxes.0) {
            *f &= !b;
        }
        let mut reached = Area::EMPTY;
        reached.insert(from);
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = Area::EMPTY;
            for c in frontier.cells() {
                for (n, a) in next.0.iter_mut().zip(self.around[c as usize].0) {
                    *n |= a;
                }
            }
            for ((n, f), r) in next.0.iter_mut().zip(free.0).zip(reached.0.iter_mut()) {
                *n &= f & !*r;
                *r |= *n;
            }
            frontier = next;
        }
        reached
    }

    /// The boxes on the goals with the player in each area it can stand in, smallest cell
    /// first: the positions a solution can end in.
    pub fn solved(&self) -> Vec<Node<W>> {
        let boxes: Bits<W> = self.maze.goal_set();
        let mut covered = Area::<W>::EMPTY;
        let mut out = Vec::new();
        for c in 0..self.maze.cells.len() as u16 {
            if covered.has(c) || ((c as usize) < self.maze.live && boxes.has(c as usize)) {
                continue;
            }
            let area = self.area(&boxes, c);
            for (k, a) in covered.0.iter_mut().zip(area.0) {
                *k |= a;
            }
            out.push((boxes, c));
        }
        out
    }

    /// Every node one pull away from `node`, its player normalised, into `out`.
    pub fn pulls(&self, node: &Node<W>, out: &mut Vec<Node<W>>) {
        let (boxes, player) = *node;
        let maze = self.maze;
        let area = self.area(&boxes, player);
        for b in boxes.iter() {
            for d in Dir::ALL {
                // the player stands at `p` beside the box and steps back to `q`
                let p = maze.step(b as u16, d);
                if p == NONE || !area.has(p) {
                    continue;
                }
                let q = maze.step(p, d);
                if q == NONE || ((q as usize) < maze.live && boxes.has(q as usize)) {
                    continue;
                }
                // a pulled box can always be pushed back, so it stays on live cells
                debug_assert!((p as usize) < maze.live);
                let mut next = boxes;
                next.remove(b);
                next.insert(p as usize);
                out.push((next, self.area(&next, q).least()));
            }
        }
    }
}

impl<const W: usize> PullGraph<'_, W> {
    /// Every node one *push* away from `node` (the game's rule: the player reaches the cell
    /// behind a box, the cell beyond it is floor without a box), its player normalised,
    /// into `out` with the push. Only pushes onto live cells are listed: a box pushed off
    /// them can never reach a goal again.
    pub fn pushes(&self, node: &Node<W>, out: &mut Vec<(Push, Node<W>)>) {
        let (boxes, player) = *node;
        let maze = self.maze;
        let area = self.area(&boxes, player);
        for b in boxes.iter() {
            for dir in Dir::ALL {
                let behind = maze.step(b as u16, dir.opposite());
                let to = maze.step(b as u16, dir);
                if behind == NONE || to == NONE || !area.has(behind) {
                    continue;
                }
                if to as usize >= maze.live || boxes.has(to as usize) {
                    continue;
                }
                let mut next = boxes;
                next.remove(b);
                next.insert(to as usize);
                let least = self.area(&next, b as u16).least();
                out.push((
                    Push {
                        from: b as u16,
                        dir,
                    },
                    (next, least),
                ));
            }
        }
    }
}

/// The result of a layered search of pulls.
pub struct Layers<const W: usize> {
    /// The nodes in the order found; `starts[d]` is the index of the first at distance `d`.
    pub nodes: Vec<Node<W>>,
    /// Where each distance begins in `nodes` (one past the end closes the last).
    pub starts: Vec<usize>,
    /// Distances below this are exact (every node at that distance was found, each at its
    /// fewest pushes); from this distance on, a layer was cut to the beam's width and a
    /// node's distance is only an upper bound on its fewest pushes.
    pub exact_below: usize,
    /// Whether the search ran to the end (every reachable node found) with no layer cut.
    pub complete: bool,
}

impl<const W: usize> Layers<W> {
    /// The largest distance with at least one node.
    pub fn deepest(&self) -> usize {
        self.starts.len().saturating_sub(2)
    }

    /// The nodes at distance `d` (possibly only some of them at the last distance of a
    /// search cut off by its cap; each is still at exactly that distance when `d` is below
    /// [`Layers::exact_below`]).
    pub fn at(&self, d: usize) -> &[Node<W>] {
        &self.nodes[self.starts[d]..self.starts[d + 1]]
    }

    /// The distance of every stored node.
    pub fn distances(&self) -> FxHashMap<Node<W>, u32> {
        let mut out = FxHashMap::default();
        out.reserve(self.nodes.len());
        for d in 0..=self.deepest() {
            out.extend(self.at(d).iter().map(|&n| (n, d as u32)));
        }
        out
    }
}

/// A solution of `node` in `distance[node]` pushes: from each node, a push to a stored node
/// one layer nearer the goals, down to layer 0 (the boxes on the goals). One always exists:
/// every stored node past layer 0 was found by a pull from a stored node of the layer
/// before, and that pull played forwards is such a push. `None` if `node` is not stored.
pub fn descend<const W: usize>(
    graph: &PullGraph<W>,
    distance: &FxHashMap<Node<W>, u32>,
    node: Node<W>,
) -> Option<Vec<Push>> {
    let mut at = node;
    let mut d = *distance.get(&at)?;
    let mut path = Vec::with_capacity(d as usize);
    let mut out = Vec::new();
    while d > 0 {
        out.clear();
        graph.pushes(&at, &mut out);
        let &(push, next) = out
            .iter()
            .find(|(_, n)| distance.get(n) == Some(&(d - 1)))
            .expect("a stored node has a parent one layer nearer");
        path.push(push);
        (at, d) = (next, d - 1);
    }
    Some(path)
}

/// Nodes [`layers`] expands between two looks at the deadline and the cancel flag.
pub const CLOCK_EVERY: usize = 1024;

/// Layers of the beam in a row whose best rank is no higher than the best before them,
/// after which the beam stops: it is wandering, not getting farther.
pub const PATIENCE: usize = 8;

/// Searches pulls from the solved positions layer by layer: a breadth-first search while
/// every layer holds at most `width` nodes, then a beam that keeps the `width` nodes of
/// each layer that `rank` puts highest (ties in the order found), until [`PATIENCE`]
/// layers bring no higher rank. Stops once `cap` nodes are stored. Every node is stored
/// once, at the first layer that reaches it. Also stops, cut short, when `limits`' deadline
/// passes or its cancel flag goes up (looked at every [`CLOCK_EVERY`] nodes expanded): one
/// room's layers can take minutes, and Ctrl-C must not wait for them. The caller tells a
/// cut from a finished search by asking `limits` again (both conditions stay true).
pub fn layers<const W: usize>(
    graph: &PullGraph<W>,
    cap: usize,
    width: usize,
    mut rank: impl FnMut(&Node<W>) -> u32,
    limits: &Limits,
) -> Layers<W> {
    let mut nodes = graph.solved();
    let mut seen: FxHashSet<Node<W>> = nodes.iter().copied().collect();
    // `starts[d]`: the first node at distance `d`; the last distance runs to the end
    let mut starts = vec![0];
    let mut out = Vec::new();
    let mut head = 0;
    let mut complete = true;
    let mut exact_below = usize::MAX;
    let (mut best, mut idle) = (0, 0);
    'search: loop {
        let end = nodes.len();
        if head == end {
            break;
        }
        if end - head > width {
            // keep the best `width` of this layer (a stable sort: ties in the order found)
            let mut layer: Vec<(u32, Node<W>)> =
                nodes[head..].iter().map(|n| (rank(n), *n)).collect();
            layer.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
            if layer[0].0 > best {
                (best, idle) = (layer[0].0, 0);
            } else {
                idle += 1;
            }
            nodes.truncate(head);
            nodes.extend(layer.iter().take(width).map(|&(_, n)| n));
            exact_below = exact_below.min(starts.len());
            complete = false;
            if idle >= PATIENCE {
                break;
            }
        }
        let end = nodes.len();
        starts.push(end);
        while head < end {
            if head % CLOCK_EVERY == 0 && limits.check_clock().is_err() {
                complete = false;
                break 'search;
            }
            out.clear();
            graph.pulls(&nodes[head], &mut out);
            head += 1;
            for &n in &out {
                if seen.insert(n) {
                    nodes.push(n);
                    if seen.len() >= cap {
                        complete = false;
                        break 'search;
                    }
                }
            }
        }
    }
    starts.push(nodes.len());
    while starts.len() > 2 && starts[starts.len() - 1] == starts[starts.len() - 2] {
        starts.pop();
    }
    Layers {
        nodes,
        exact_below: exact_below.min(starts.len()),
        starts,
        complete,
    }
}
