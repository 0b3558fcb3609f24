//! The search graph: one edge per *push*. A node is the box set and the player's exact
//! cell; an edge walks the player by a shortest route to the cell behind a box and pushes
//! it once, leaving the player on the cell the box left. Every solution is such a sequence
//! of walks and pushes, and between two pushes a shortest walk is always best, so the
//! cheapest path in this graph is an optimal solution when each edge costs
//! `Lex(1, walk + 1)` (fewest pushes, then moves) or `Lex(walk + 1, 1)` (fewest moves, then
//! pushes). Pushes onto dead cells and pushes that freeze a box off its goal are left out
//! (see [`super::deadlock`]), and a push into a tunnel is continued through it as one edge
//! ([`super::tunnel`]).

use super::area::{area_after, Least};
use super::bits::Bits;
use super::deadlock::frozen_off_goal;
use super::maze::{Maze, NONE};
use super::moves::Dir;
use super::tunnel::{Run, Tunnels};
use gridlock_search::{Edge, Graph, Lex};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

/// What an optimal answer minimises first. Read from a request by its [`Objective::name`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// Fewest pushes, then fewest moves.
    #[default]
    Pushes,
    /// Fewest moves, then fewest pushes.
    Moves,
}

impl Objective {
    /// `"pushes"` or `"moves"`.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Pushes => "pushes",
            Objective::Moves => "moves",
        }
    }

    /// The cost of a walk of `walk` steps and `pushes` pushes, in this objective's order.
    #[inline]
    pub fn edge_cost(self, walk: u32, pushes: u32) -> Lex<u32, u32> {
        match self {
            Objective::Pushes => Lex(pushes, walk + pushes),
            Objective::Moves => Lex(walk + pushes, pushes),
        }
    }
}

/// A search node: the boxes, the player's cell, and the incremental hash of both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node<const W: usize> {
    /// The boxes (live cells of the maze).
    pub boxes: Bits<W>,
    /// The boxes' keys and the player's key, xor-ed: updated per push, not recomputed.
    pub key: u32,
    /// The player's cell (a compact maze number).
    pub player: u16,
}

impl<const W: usize> Hash for Node<W> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.key);
    }
}

impl<const W: usize> Node<W> {
    /// A node, its key computed from scratch.
    pub fn new(maze: &Maze, boxes: Bits<W>, player: u16) -> Self {
        Node {
            boxes,
            key: maze.key_of(&boxes) ^ maze.player_key[player as usize],
            player,
        }
    }

    /// The node after pushing the box on `from` in `dir` (to `to`).
    #[inline]
    pub fn pushed(&self, maze: &Maze, from: u16, to: u16) -> Self {
        let mut boxes = self.boxes;
        boxes.remove(from as usize);
        boxes.insert(to as usize);
        let key = self.key
            ^ maze.box_key[from as usize]
            ^ maze.box_key[to as usize]
            ^ maze.player_key[self.player as usize]
            ^ maze.player_key[from as usize];
        Node {
            boxes,
            key,
            player: from,
        }
    }

    /// Is there a box on compact cell `cell`?
    #[inline]
    pub fn has_box(&self, maze: &Maze, cell: u16) -> bool {
        (cell as usize) < maze.live && self.boxes.has(cell as usize)
    }
}

/// One push: the box's cell before it and the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Push {
    /// Compact cell of the box before the push.
    pub from: u16,
    /// Direction of the push.
    pub dir: Dir,
}

/// Breadth-first walking distances of the player from one cell, with boxes as obstacles;
/// reused from node to node (a generation stamp instead of clearing).
#[derive(Clone, Debug, Default)]
pub struct Walk {
    dist: Vec<u16>,
    via: Vec<u8>,
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u16>,
}

impl Walk {
    /// Scratch space for a maze of `cells` floor cells.
    pub fn new(cells: usize) -> Self {
        Walk {
            dist: vec![0; cells],
            via: vec![0; cells],
            stamp: vec![0; cells],
            generation: 0,
            queue: Vec::with_capacity(cells),
        }
    }

    /// Walking distances from `node.player` to every cell it can reach.
    pub fn explore<const W: usize>(&mut self, maze: &Maze, node: &Node<W>) {
        self.generation = super::stamp::next(self.generation, &mut self.stamp);
        let g = self.generation;
        self.queue.clear();
        self.queue.push(node.player);
        self.stamp[node.player as usize] = g;
        self.dist[node.player as usize] = 0;
        let mut head = 0;
        while let Some(&cell) = self.queue.get(head) {
            head += 1;
            let d = self.dist[cell as usize] + 1;
            for dir in Dir::ALL {
                let n = maze.step(cell, dir);
                if n == NONE || self.stamp[n as usize] == g || node.has_box(maze, n) {
                    continue;
                }
                self.stamp[n as usize] = g;
                self.dist[n as usize] = d;
                self.via[n as usize] = dir as u8;
                self.queue.push(n);
            }
        }
    }

    /// The walking distance to `cell` found by the last [`Walk::explore`], if reachable.
    #[inline]
    pub fn distance(&self, cell: u16) -> Option<u32> {
        (self.stamp[cell as usize] == self.generation).then(|| self.dist[cell as usize] as u32)
    }

    /// The cells reached by the last [`Walk::explore`], nearest first.
    pub fn reached(&self) -> &[u16] {
        &self.queue
    }

    /// A shortest walk to a reachable `cell` found by the last [`Walk::explore`].
    pub fn route(&self, maze: &Maze, mut cell: u16) -> Vec<Dir> {
        let mut dirs = Vec::new();
        while self.dist[cell as usize] > 0 {
            let d = Dir::ALL[self.via[cell as usize] as usize];
            dirs.push(d);
            cell = maze.step(cell, d.opposite());
        }
        dirs.reverse();
        dirs
    }
}

/// The push graph of one level for one objective, with tunnel macros.
pub struct PushGraph<'a, const W: usize> {
    /// The level.
    pub maze: &'a Maze,
    /// How edges are priced.
    pub objective: Objective,
    tunnels: Tunnels,
    walk: RefCell<Walk>,
}

impl<'a, const W: usize> PushGraph<'a, W> {
    /// The graph of `maze` priced for `objective`, pushes into tunnels continued through them.
    pub fn new(maze: &'a Maze, objective: Objective) -> Self {
        Self::with(maze, objective, Tunnels::new(maze))
    }

    /// The same graph with one push per edge (no tunnel macros), to measure and test them.
    pub fn plain(maze: &'a Maze, objective: Objective) -> Self {
        Self::with(maze, objective, Tunnels::none(maze))
    }

    fn with(maze: &'a Maze, objective: Objective, tunnels: Tunnels) -> Self {
        PushGraph {
            maze,
            objective,
            tunnels,
            walk: RefCell::new(Walk::new(maze.cells.len())),
        }
    }
}

impl<const W: usize> Graph for PushGraph<'_, W> {
    type State = Node<W>;
    type Move = Run;
    type Cost = Lex<u32, u32>;

    fn successors(&self, node: &Node<W>, out: &mut Vec<Edge<Node<W>, Run, Lex<u32, u32>>>) {
        let maze = self.maze;
        let mut walk = self.walk.borrow_mut();
        walk.explore(maze, node);
        legal_pushes(
            maze,
            node,
            node.boxes,
            &walk,
            |Push { from, dir }, walked, next| {
                let Some((next, added)) = self.tunnels.run(maze, next, from, dir) else {
                    return;
                };
                let len = 1 + added;
                let cost = self.objective.edge_cost(walked, len as u32);
                out.push(Edge::new(Run { from, dir, len }, next, cost));
            },
        );
    }
}

/// Calls `each(push, walked, next)` for every push of a box of `boxes` (some or all of
/// `node`'s) from the cell behind it, which the player reaches in `walked` steps (`walk` is
/// explored from `node`): onto a live cell, not freezing a box off its goal. The pushes every
/// push graph is made of; each graph makes its own edges of them.
#[inline(always)]
pub(super) fn legal_pushes<const W: usize>(
    maze: &Maze,
    node: &Node<W>,
    boxes: Bits<W>,
    walk: &Walk,
    mut each: impl FnMut(Push, u32, Node<W>),
) {
    for from in boxes.iter() {
        let from = from as u16;
        for dir in Dir::ALL {
            let to = maze.step(from, dir);
            if to == NONE || to as usize >= maze.live || node.boxes.has(to as usize) {
                continue;
            }
            let behind = maze.step(from, dir.opposite());
            if behind == NONE {
                continue;
            }
            let Some(walked) = walk.distance(behind) else {
                continue;
            };
            let next = node.pushed(maze, from, to);
            if frozen_off_goal(maze, &next.boxes, to) {
                continue;
            }
            each(Push { from, dir }, walked, next);
        }
    }
}

impl<const W: usize> Node<W> {
    /// The same boxes with the player moved to `player`.
    #[inline]
    pub fn with_player(&self, maze: &Maze, player: u16) -> Self {
        Node {
            key: self.key
                ^ maze.player_key[self.player as usize]
                ^ maze.player_key[player as usize],
            player,
            ..*self
        }
    }
}

/// The push graph with the player normalised to the smallest cell of its reachable area:
/// nodes that differ only in where the player stands within one area are one node. Each
/// edge costs one push; walking is not counted.
pub struct RegionGraph<'a, const W: usize> {
    /// The level.
    pub maze: &'a Maze,
    walk: RefCell<Walk>,
    probe: RefCell<Walk>,
}

impl<'a, const W: usize> RegionGraph<'a, W> {
    /// The graph of `maze`.
    pub fn new(maze: &'a Maze) -> Self {
        RegionGraph {
            maze,
            walk: RefCell::new(Walk::new(maze.cells.len())),
            probe: RefCell::new(Walk::new(maze.cells.len())),
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

impl<const W: usize> Graph for RegionGraph<'_, W> {
    type State = Node<W>;
    type Move = Push;
    type Cost = u32;

    fn successors(&self, node: &Node<W>, out: &mut Vec<Edge<Node<W>, Push, u32>>) {
        self.successors_among(node, |_| None, out);
    }
}

impl<const W: usize> RegionGraph<'_, W> {
    /// The successors of `node` by pushes of the boxes `fence` names, once the player's area
    /// is known (all of them when it names none): how `--fast` keeps only the pushes of a
    /// PI-corral's fence ([`super::fast::FastGraph`]).
    #[inline]
    pub fn successors_among(
        &self,
        node: &Node<W>,
        fence: impl FnOnce(&Walk) -> Option<Bits<W>>,
        out: &mut Vec<Edge<Node<W>, Push, u32>>,
    ) {
        self.successors_with(node, fence, |_, next| Some((next, 1)), out);
    }

    /// As [`RegionGraph::successors_among`], each push then handed to `complete`, which
    /// continues it (a macro: the position at its end and its pushes) or drops it (`None`).
    #[inline]
    pub fn successors_with(
        &self,
        node: &Node<W>,
        fence: impl FnOnce(&Walk) -> Option<Bits<W>>,
        mut complete: impl FnMut(Push, Node<W>) -> Option<(Node<W>, u32)>,
        out: &mut Vec<Edge<Node<W>, Push, u32>>,
    ) {
        let maze = self.maze;
        let mut walk = self.walk.borrow_mut();
        walk.explore(maze, node);
        let boxes = fence(&walk).unwrap_or(node.boxes);
        let least = Least::of(walk.reached());
        legal_pushes(maze, node, boxes, &walk, |push, _, pushed| {
            if let Some((next, cost)) = complete(push, pushed) {
                let next = match next == pushed {
                    true => self.area_after(&walk, least, push, &next),
                    false => self.normalise(&next),
                };
                out.push(Edge::new(push, next, cost));
            }
        });
    }

    /// `child`, made by the single push `push` from a node whose player's walk is `walk`
    /// (its two smallest reached cells `least`), with the player normalised as
    /// [`RegionGraph::normalise`] does, mostly without a flood (see [`super::area`]).
    fn area_after(&self, walk: &Walk, least: Least, push: Push, child: &Node<W>) -> Node<W> {
        match area_after(self.maze, walk, least, push, child) {
            Some(cell) => child.with_player(self.maze, cell),
            None => self.normalise(child),
        }
    }
}
