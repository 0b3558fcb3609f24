//! Whole-component exploration for reversible graphs whose edges out of a state are labelled
//! by a small *slot* number (at most 64), where following slot `k` and then its reverse slot
//! leads back.
//!
//! Sliding-block puzzles are the example: slot `2v` moves piece `v` one cell back, slot
//! `2v + 1` one cell forward, and the reverse of a slot is the other one. Knowing that lets
//! the explorer do much less than a general one ([`crate::EdgeComponent`]):
//!
//! * when an edge `s → t` is first seen it is recorded at both ends, so every undirected edge
//!   costs one hash look-up instead of two;
//! * a state's edges are stored as a bit mask of its open slots plus one index per open slot,
//!   so "the neighbour of `t` through slot `k`" is an array read, not a search;
//! * the exploration is a breadth-first search from the start, so the distance of every state
//!   from the start is known from the order alone;
//! * **run distances**: in many sliding puzzles a *move* is any number of steps through the
//!   same slot (a piece sliding several cells at once). [`SlotComponent::runs_from`] counts
//!   those by walking stored chains of same-slot edges, with no hashing and without a second
//!   graph of long slides.
//!
//! A puzzle may cache data derived from a state (an occupancy bitboard, say) in an `Aux`
//! value that the explorer carries along and the puzzle updates incrementally on each step.

use crate::component::{Component, UNREACHABLE};
use crate::hash::home;
use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{reserve, reserve_exact, Held};
use crate::stats::Stats;
use std::hash::Hash;
use std::time::Instant;

/// A reversible graph with slot-labelled edges: what [`SlotComponent`] explores.
pub trait SlotGraph {
    /// A packed position.
    type State: Copy + Eq + Hash;
    /// Data derived from a state that makes its successors cheap to compute, carried along by
    /// the explorer (use `()` when there is none).
    type Aux: Copy;

    /// The aux data of a state, computed from scratch (called for the start only).
    fn aux(&self, state: &Self::State) -> Self::Aux;

    /// Bit `k` set when slot `k` leads to another state.
    fn open_slots(&self, state: &Self::State, aux: &Self::Aux) -> u64;

    /// The state through open slot `slot`. Keep it cheap: it is called for every edge,
    /// while [`SlotGraph::derive`] runs only for states not seen before.
    fn follow(&self, state: &Self::State, aux: &Self::Aux, slot: u32) -> Self::State;

    /// The aux data of `next`, reached from `state` through `slot`, computed incrementally.
    fn derive(
        &self,
        state: &Self::State,
        aux: &Self::Aux,
        slot: u32,
        next: &Self::State,
    ) -> Self::Aux;

    /// The slot that leads back: `follow(follow(s, k), reverse(k)) == s`, and it is open.
    fn reverse(&self, slot: u32) -> u32;

    /// How many slots there are (at most 64): every open slot is below it.
    fn slot_count(&self) -> u32;
}

/// A state and what the explorer keeps about it.
#[derive(Clone, Copy, Debug)]
struct Node<S, A> {
    state: S,
    aux: A,
    open: u64,
    /// The open slots whose neighbour is not known yet (the others were recorded from the
    /// other end of the edge).
    todo: u64,
}

/// Marks a target of [`SlotComponent::runs_until`] not reached yet.
const TARGET: u32 = UNREACHABLE - 1;

/// Smallest index table, in slots.
const MIN_SLOTS: usize = 64;
/// A closed slot (no edge), or an open one not looked up yet.
const CLOSED: u32 = u32::MAX;

/// One explored component of a [`SlotGraph`], kept between explorations so that solving many
/// puzzles reuses the memory: states numbered in breadth-first order from the start (state
/// 0), each state's neighbour through each open slot, and the breadth-first levels.
#[derive(Clone, Debug)]
pub struct SlotComponent<S, A> {
    /// Every state with its aux data and open slots, in one record (one push per state).
    nodes: Vec<Node<S, A>>,
    /// `links[i * width + k]`: the neighbour of state `i` through slot `k`, or [`CLOSED`]. A
    /// fixed row per state makes following a slot one read, with no counting.
    links: Vec<u32>,
    width: usize,
    /// `levels[d]`: the first state at distance `d` from the start; the last entry is the
    /// number of states.
    levels: Vec<u32>,
    /// Open addressing, linear probing: 0 is empty, otherwise state index + 1. It holds only
    /// the states from `window` on: in a breadth-first search of an undirected graph the
    /// neighbours of a state at depth `d` lie at depths `d - 1..=d + 1`, so the index only
    /// needs those three levels. It stays small and in cache however large the component.
    table: Vec<(u32, S)>,
    window: usize,
    /// Occupied slots of `table` (window states and states that have left the window).
    filled: usize,
    /// States that fit before a buffer grows or the table is due for a rebuild (when full of
    /// the current window and of states that have left it, it starts again with the window
    /// alone, with room for it to double): while it is not 0, a new state needs no check.
    spare: usize,
    shift: u32,
    queue: Vec<u32>,
    queue_b: Vec<u32>,
}

impl<S, A> Default for SlotComponent<S, A> {
    fn default() -> Self {
        SlotComponent {
            nodes: Vec::new(),
            links: Vec::new(),
            width: 0,
            levels: Vec::new(),
            table: Vec::new(),
            window: 0,
            filled: 0,
            spare: 0,
            shift: 64 - MIN_SLOTS.trailing_zeros(),
            queue: Vec::new(),
            queue_b: Vec::new(),
        }
    }
}

/// Marks `sources` at distance 0 and queues them.
fn seed(sources: &[u32], dist: &mut Vec<u32>, len: usize, queue: &mut Vec<u32>) {
    dist.clear();
    dist.resize(len, UNREACHABLE);
    queue.clear();
    for &s in sources {
        if dist[s as usize] != 0 {
            dist[s as usize] = 0;
            queue.push(s);
        }
    }
}

impl<S: Copy + Eq + Hash, A: Copy> SlotComponent<S, A> {
    /// An empty component.
    pub fn new() -> Self {
        Self::default()
    }

    /// Explores the whole component of `start` breadth-first, replacing what was held.
    /// Stops with [`Stopped`] on the state cap, the deadline or the cancel flag (the
    /// component is then partial and must be explored again before use).
    pub fn explore<G>(&mut self, graph: &G, start: S, limits: &Limits) -> Result<Stats, Stopped>
    where
        G: SlotGraph<State = S, Aux = A>,
    {
        let clock = Instant::now();
        let mut stats = Stats::default();
        self.reset(start);
        self.width = graph.slot_count() as usize;
        assert!(self.width <= 64, "at most 64 slots");
        let aux = graph.aux(&start);
        // room for the start is not worth a budget
        let _ = self.grow(&Limits::none());
        self.intern(graph, start, || aux);
        self.levels.push(0);
        let mut level_end = 1;
        let mut i = 0;
        let mut outcome = Ok(());
        'outer: while i < self.nodes.len() {
            if i == level_end {
                // level d + 1 starts: forget level d - 1
                self.window = self.levels[self.levels.len() - 1] as usize;
                self.levels.push(i as u32);
                level_end = self.nodes.len();
            }
            if let Err(reason) = limits.expanding(&mut stats) {
                outcome = Err(reason);
                break;
            }
            // only the slots not already linked from the other end need a look-up
            let Node {
                state,
                aux,
                mut todo,
                ..
            } = self.nodes[i];
            let row = i * self.width;
            while todo != 0 {
                let slot = todo.trailing_zeros();
                todo &= todo - 1;
                stats.generated += 1;
                let next = graph.follow(&state, &aux, slot);
                if let Err(reason) = self.make_room(limits) {
                    outcome = Err(reason);
                    break 'outer;
                }
                let before = self.nodes.len();
                let j = self.intern(graph, next, || graph.derive(&state, &aux, slot, &next));
                if self.nodes.len() != before {
                    if let Err(reason) = limits.check_states(self.nodes.len()) {
                        outcome = Err(reason);
                        break 'outer;
                    }
                }
                self.links[row + slot as usize] = j;
                // record the edge at its other end too, so that end never looks it up
                let rev = graph.reverse(slot);
                let node = &mut self.nodes[j as usize];
                debug_assert!(node.todo & 1 << rev != 0, "reverse slot not open");
                node.todo &= !(1 << rev);
                self.links[j as usize * self.width + rev as usize] = i as u32;
            }
            i += 1;
        }
        self.levels.push(self.nodes.len() as u32);
        stats.hold_states(self.nodes.len());
        stats.hold_bytes(self.held());
        stats.elapsed = clock.elapsed();
        match outcome {
            Ok(()) => Ok(stats),
            Err(reason) => Err(Stopped {
                reason,
                stats,
                lower_bound: None,
            }),
        }
    }

    /// Bytes held: states, links, levels, the index and the queues, by capacity.
    pub fn held(&self) -> u64 {
        self.nodes.held()
            + self.links.held()
            + self.levels.held()
            + self.table.held()
            + self.queue.held()
            + self.queue_b.held()
    }

    /// Makes room for one more state within `limits`' memory budget, so that
    /// [`SlotComponent::intern`] does not allocate: the state's record, its row of links and
    /// the index, rebuilt now if it is due.
    #[inline]
    fn make_room(&mut self, limits: &Limits) -> Result<(), StopReason> {
        if self.spare == 0 {
            self.grow(limits)?;
        }
        Ok(())
    }

    /// Grows what is full, then counts the states that fit before anything is full again
    /// ([`SlotComponent::spare`]).
    #[cold]
    fn grow(&mut self, limits: &Limits) -> Result<(), StopReason> {
        let rest = self.held() - self.nodes.held();
        reserve(&mut self.nodes, 1, rest, limits)?;
        let rest = self.held() - self.links.held();
        reserve(&mut self.links, self.width, rest, limits)?;
        if self.filled * 2 >= self.table.len() {
            let size = (8 * (self.nodes.len() - self.window))
                .next_power_of_two()
                .max(MIN_SLOTS);
            let more = size.saturating_sub(self.table.len());
            let rest = self.held() - self.table.held();
            reserve_exact(&mut self.table, more, rest, limits)?;
            self.rebuild(size);
        }
        let rows = (self.links.capacity() - self.links.len()) / self.width.max(1);
        self.spare = (self.nodes.capacity() - self.nodes.len())
            .min(rows)
            .min(self.table.len() / 2 - self.filled);
        Ok(())
    }

    /// Forgets the component.
    fn reset(&mut self, filler: S) {
        self.table.clear();
        self.table.resize(MIN_SLOTS, (0, filler));
        self.shift = 64 - MIN_SLOTS.trailing_zeros();
        self.window = 0;
        self.filled = 0;
        self.spare = 0;
        self.nodes.clear();
        self.links.clear();
        self.levels.clear();
    }

    /// The index of `state`, adding it (with its open slots, links not yet known) if new.
    #[inline]
    fn intern<G>(&mut self, graph: &G, state: S, aux: impl FnOnce() -> A) -> u32
    where
        G: SlotGraph<State = S, Aux = A>,
    {
        debug_assert!(self.spare > 0, "no room made");
        let mask = self.table.len() - 1;
        let mut p = home(&state, self.shift);
        loop {
            let (v, s) = self.table[p];
            if v == 0 {
                let index = self.nodes.len() as u32;
                self.table[p] = (index + 1, state);
                self.filled += 1;
                let aux = aux();
                let open = graph.open_slots(&state, &aux);
                self.nodes.push(Node {
                    state,
                    aux,
                    open,
                    todo: open,
                });
                self.links.extend(std::iter::repeat_n(CLOSED, self.width));
                self.spare -= 1;
                return index;
            }
            if s == state {
                return v - 1;
            }
            p = (p + 1) & mask;
        }
    }

    /// Refills the index with the states of the window, in a table of at least `slots`.
    fn rebuild(&mut self, slots: usize) {
        let size = slots.next_power_of_two().max(MIN_SLOTS);
        let filler = self.table[0].1;
        self.table.clear();
        self.table.resize(size, (0, filler));
        self.shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for (i, n) in self.nodes.iter().enumerate().skip(self.window) {
            let mut p = home(&n.state, self.shift);
            while self.table[p].0 != 0 {
                p = (p + 1) & mask;
            }
            self.table[p] = (i as u32 + 1, n.state);
        }
        self.filled = self.nodes.len() - self.window;
    }

    /// The neighbour of state `i` through `slot`, if that slot is open (what the tests check
    /// the links with).
    #[cfg(test)]
    fn neighbour(&self, i: u32, slot: u32) -> Option<u32> {
        let t = *self.links.get(i as usize * self.width + slot as usize)?;
        (slot < self.width as u32 && t != CLOSED).then_some(t)
    }

    /// Fewest edges from the nearest of `sources` to every state (multi-source BFS), written
    /// into `dist` ([`UNREACHABLE`] where no source reaches).
    pub fn distances_from(&mut self, sources: &[u32], dist: &mut Vec<u32>) {
        let mut queue = std::mem::take(&mut self.queue);
        seed(sources, dist, self.nodes.len(), &mut queue);
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let d = dist[i] + 1;
            let row = i * self.width;
            let mut open = self.nodes[i].open;
            while open != 0 {
                let t = self.links[row + open.trailing_zeros() as usize];
                open &= open - 1;
                if dist[t as usize] == UNREACHABLE {
                    dist[t as usize] = d;
                    queue.push(t);
                }
            }
        }
        self.queue = queue;
    }

    /// Fewest *runs* from the nearest of `sources` to every state, where a run is any number
    /// of consecutive edges through the same slot (a piece sliding several cells in one
    /// move), written into `dist`.
    pub fn runs_from(&mut self, sources: &[u32], dist: &mut Vec<u32>) {
        self.runs_until(sources, &[], dist);
    }

    /// Like [`SlotComponent::runs_from`], but stops as soon as one of `targets` is reached
    /// and returns its run distance, the fewest runs from a source to a target (`None` if no
    /// target is reachable; then `dist` is complete). States farther than the returned
    /// distance are left unmeasured.
    fn runs_until(&mut self, sources: &[u32], targets: &[u32], dist: &mut Vec<u32>) -> Option<u32> {
        let nodes = &self.nodes;
        let links = &self.links;
        let width = self.width;
        let mut queue = std::mem::take(&mut self.queue);
        seed(sources, dist, nodes.len(), &mut queue);
        let mut found = None;
        for &t in targets {
            match dist[t as usize] {
                0 => found = Some(0),
                _ => dist[t as usize] = TARGET,
            }
        }
        let mut head = 0;
        'bfs: while found.is_none() && head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let d = dist[i];
            let mut open = nodes[i].open;
            let row = i * width;
            while open != 0 {
                let slot = open.trailing_zeros() as usize;
                open &= open - 1;
                let mut t = links[row + slot];
                loop {
                    let seen = dist[t as usize];
                    if seen >= TARGET {
                        dist[t as usize] = d + 1;
                        queue.push(t);
                        if seen == TARGET {
                            found = Some(d + 1);
                            break 'bfs;
                        }
                    } else if seen <= d {
                        // t's own run through this slot covers the rest of the chain
                        break;
                    }
                    t = links[t as usize * width + slot];
                    if t == CLOSED {
                        break;
                    }
                }
            }
        }
        for &t in targets {
            if dist[t as usize] == TARGET {
                dist[t as usize] = UNREACHABLE;
            }
        }
        self.queue = queue;
        found
    }
    /// The fewest runs from any of `sources` to any of `targets` (`None` if none is
    /// reachable), by a bidirectional search: one full level at a time from whichever side
    /// has the smaller frontier, stopping when a state is labelled by both. Far fewer states
    /// are visited than by a one-sided search from the sources when the nearest target is far
    /// away. `from_sources` and `from_targets` are scratch space (partial distances).
    pub fn runs_between(
        &mut self,
        sources: &[u32],
        targets: &[u32],
        from_sources: &mut Vec<u32>,
        from_targets: &mut Vec<u32>,
    ) -> Option<u32> {
        let n = self.nodes.len();
        let mut qa = std::mem::take(&mut self.queue);
        let mut qb = std::mem::take(&mut self.queue_b);
        seed(sources, from_sources, n, &mut qa);
        seed(targets, from_targets, n, &mut qb);
        let mut found = sources
            .iter()
            .any(|&s| from_targets[s as usize] == 0)
            .then_some(0);
        let (mut a, mut b) = (0, 0);
        while found.is_none() {
            let (left_a, left_b) = (qa.len() - a, qb.len() - b);
            if left_a == 0 || left_b == 0 {
                break;
            }
            // expand the smaller frontier: the two searches meet after visiting far fewer
            // states than one search from either end
            if left_a <= left_b {
                let end = qa.len();
                found = self.run_level(from_sources, from_targets, &mut qa, a, end);
                a = end;
            } else {
                let end = qb.len();
                found = self.run_level(from_targets, from_sources, &mut qb, b, end);
                b = end;
            }
        }
        self.queue = qa;
        self.queue_b = qb;
        found
    }

    /// Expands `queue[from..to]` (one level of one side of [`SlotComponent::runs_between`]),
    /// labelling in `own`; returns the total run count as soon as a state labelled in
    /// `other` is reached.
    ///
    /// Why the first meeting is optimal: before this level, sides A (this one, levels up to
    /// `a` done) and B (levels up to `b`) share no state, so every path from A's seeds to
    /// B's has more than `a + b` runs (its state at `a` runs from A's end would otherwise
    /// carry both labels). A meeting now is a state at `a + 1` from A and at most `b` from
    /// B: a path of at most `a + b + 1` runs, hence exactly the optimum. Cutting a chain
    /// short (below) changes no label, only skips states another run already labels.
    fn run_level(
        &self,
        own: &mut [u32],
        other: &[u32],
        queue: &mut Vec<u32>,
        from: usize,
        to: usize,
    ) -> Option<u32> {
        let width = self.width;
        for h in from..to {
            let i = queue[h] as usize;
            let d = own[i];
            let mut open = self.nodes[i].open;
            let row = i * width;
            while open != 0 {
                let slot = open.trailing_zeros() as usize;
                open &= open - 1;
                let mut t = self.links[row + slot];
                loop {
                    let seen = own[t as usize];
                    if seen == UNREACHABLE {
                        own[t as usize] = d + 1;
                        queue.push(t);
                        let there = other[t as usize];
                        if there != UNREACHABLE {
                            return Some(d + 1 + there);
                        }
                    } else if seen <= d {
                        break;
                    }
                    t = self.links[t as usize * width + slot];
                    if t == CLOSED {
                        break;
                    }
                }
            }
        }
        None
    }
}

/// The slot explorer's answers; `index_of` is a linear scan (the explorer keeps no index of the
/// whole component, see the `table` field: callers look a state up now and then, not in a
/// loop).
impl<S: Copy + Eq + Hash, A: Copy> Component for SlotComponent<S, A> {
    type State = S;

    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn state(&self, i: u32) -> S {
        self.nodes[i as usize].state
    }

    fn index_of(&self, state: &S) -> Option<u32> {
        self.nodes
            .iter()
            .position(|n| n.state == *state)
            .map(|i| i as u32)
    }

    fn depth(&self, i: u32) -> u32 {
        self.levels[1..].partition_point(|&first| first <= i) as u32
    }

    fn find_into(&self, mut pred: impl FnMut(&S) -> bool, out: &mut Vec<u32>) {
        out.clear();
        out.extend((0..self.nodes.len() as u32).filter(|&i| pred(&self.nodes[i as usize].state)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Edge, Graph};
    use crate::{bfs, EdgeComponent, Limits};

    /// A maze of free cells; slot 0 left, 1 right, 2 up, 3 down. A run is a straight line.
    struct Maze {
        free: Vec<Vec<bool>>,
    }

    impl Maze {
        fn new(rows: &[&str]) -> Self {
            Maze {
                free: rows
                    .iter()
                    .map(|r| r.chars().map(|c| c == '.').collect())
                    .collect(),
            }
        }
        fn open(&self, (x, y): (i32, i32)) -> bool {
            y >= 0
                && x >= 0
                && (y as usize) < self.free.len()
                && (x as usize) < self.free[y as usize].len()
                && self.free[y as usize][x as usize]
        }
        fn go((x, y): (i32, i32), slot: u32) -> (i32, i32) {
            match slot {
                0 => (x - 1, y),
                1 => (x + 1, y),
                2 => (x, y - 1),
                _ => (x, y + 1),
            }
        }
    }

    impl SlotGraph for Maze {
        type State = (i32, i32);
        type Aux = ();
        fn aux(&self, _: &(i32, i32)) {}
        fn open_slots(&self, &s: &(i32, i32), _: &()) -> u64 {
            (0..4)
                .filter(|&k| self.open(Maze::go(s, k)))
                .fold(0, |m, k| m | 1 << k)
        }
        fn follow(&self, &s: &(i32, i32), _: &(), slot: u32) -> (i32, i32) {
            Maze::go(s, slot)
        }
        fn derive(&self, _: &(i32, i32), _: &(), _: u32, _: &(i32, i32)) {}
        fn reverse(&self, slot: u32) -> u32 {
            slot ^ 1
        }
        fn slot_count(&self) -> u32 {
            4
        }
    }

    /// The same maze as a plain graph: one edge per straight slide of any length.
    struct Rook<'a>(&'a Maze);

    impl Graph for Rook<'_> {
        type State = (i32, i32);
        type Move = u32;
        type Cost = u32;
        fn successors(&self, &s: &(i32, i32), out: &mut Vec<Edge<(i32, i32), u32, u32>>) {
            for k in 0..4 {
                let mut t = Maze::go(s, k);
                while self.0.open(t) {
                    out.push(Edge::unit(k, t));
                    t = Maze::go(t, k);
                }
            }
        }
    }

    /// One cell per edge.
    struct King<'a>(&'a Maze);

    impl Graph for King<'_> {
        type State = (i32, i32);
        type Move = u32;
        type Cost = u32;
        fn successors(&self, &s: &(i32, i32), out: &mut Vec<Edge<(i32, i32), u32, u32>>) {
            for k in 0..4 {
                let t = Maze::go(s, k);
                if self.0.open(t) {
                    out.push(Edge::unit(k, t));
                }
            }
        }
    }

    const ROWS: [&str; 6] = [
        "........#.",
        ".##.#.....",
        "...#..###.",
        "#.....#...",
        "...##.#.#.",
        "..#.......",
    ];

    #[test]
    fn explores_the_component_with_links_both_ways_and_bfs_depths() {
        let maze = Maze::new(&ROWS);
        let mut c = SlotComponent::new();
        for start in [(0, 0), (9, 5), (5, 2)] {
            c.explore(&maze, start, &Limits::none()).unwrap();
            let mut reference = EdgeComponent::new();
            reference
                .explore(&King(&maze), start, &Limits::none())
                .unwrap();
            assert_eq!(c.len(), reference.len());
            for i in 0..c.len() as u32 {
                let s = c.state(i);
                assert_eq!(c.index_of(&s), Some(i));
                for k in 0..4 {
                    let n = c.neighbour(i, k);
                    assert_eq!(n.map(|j| c.state(j)), {
                        let t = Maze::go(s, k);
                        maze.open(t).then_some(t)
                    });
                    if let Some(j) = n {
                        assert_eq!(c.neighbour(j, k ^ 1), Some(i));
                    }
                }
                let found = bfs(&King(&maze), start, |&t| t == s, &Limits::none()).unwrap();
                assert_eq!(c.depth(i), found.path.unwrap().len() as u32);
            }
        }
        assert_eq!(c.index_of(&(-5, -5)), None);
    }

    #[test]
    fn runs_count_straight_slides_and_units_count_cells() {
        let maze = Maze::new(&ROWS);
        let mut c = SlotComponent::new();
        c.explore(&maze, (0, 0), &Limits::none()).unwrap();
        let goals: Vec<(i32, i32)> = vec![(9, 0), (0, 5)];
        let mut sources = Vec::new();
        c.find_into(|s| goals.contains(s), &mut sources);
        let (mut runs, mut units) = (Vec::new(), Vec::new());
        c.runs_from(&sources, &mut runs);
        c.distances_from(&sources, &mut units);
        for i in 0..c.len() as u32 {
            let s = c.state(i);
            let rook = bfs(&Rook(&maze), s, |t| goals.contains(t), &Limits::none()).unwrap();
            let king = bfs(&King(&maze), s, |t| goals.contains(t), &Limits::none()).unwrap();
            assert_eq!(runs[i as usize], rook.path.unwrap().len() as u32, "{s:?}");
            assert_eq!(units[i as usize], king.path.unwrap().len() as u32, "{s:?}");
        }
        // stopping early gives the start's run distance to the nearest goal
        let mut dist = Vec::new();
        let first = c.runs_until(&[0], &sources, &mut dist);
        assert_eq!(first, Some(runs[0]));
        assert_eq!(c.runs_until(&[0], &[], &mut dist), None);
        assert_eq!(dist, {
            let mut full = Vec::new();
            c.runs_from(&[0], &mut full);
            full
        });
        assert_eq!(c.runs_until(&sources[..1], &sources, &mut dist), Some(0));
        // the bidirectional search agrees with the one-sided distances for many pairs
        let (mut fa, mut fb) = (Vec::new(), Vec::new());
        for i in (0..c.len() as u32).step_by(3) {
            let mut from_i = Vec::new();
            c.runs_from(&[i], &mut from_i);
            assert_eq!(
                c.runs_between(&[i], &sources, &mut fa, &mut fb),
                Some(runs[i as usize])
            );
            for j in (0..c.len() as u32).step_by(7) {
                let between = c.runs_between(&[i], &[j, 0], &mut fa, &mut fb);
                assert_eq!(between, Some(from_i[j as usize].min(from_i[0])), "{i} {j}");
            }
        }
    }

    #[test]
    fn unreachable_and_limits() {
        let maze = Maze::new(&["..#..", "..#.."]);
        let mut c = SlotComponent::new();
        c.explore(&maze, (0, 0), &Limits::none()).unwrap();
        assert_eq!(c.len(), 4);
        let mut dist = Vec::new();
        assert_eq!(c.runs_until(&[0], &[], &mut dist), None);
        assert_eq!(c.runs_until(&[0], &[3], &mut dist), Some(2));
        let (mut fa, mut fb) = (Vec::new(), Vec::new());
        assert_eq!(c.runs_between(&[0], &[3], &mut fa, &mut fb), Some(2));
        assert_eq!(c.runs_between(&[0], &[], &mut fa, &mut fb), None);
        let err = c.explore(&maze, (0, 0), &Limits::states(2)).unwrap_err();
        assert_eq!(err.reason, crate::StopReason::StateLimit(2));
        c.explore(&maze, (4, 1), &Limits::none()).unwrap();
        assert_eq!(c.len(), 4);
        assert_eq!(c.depth(3), 2);
    }
}
