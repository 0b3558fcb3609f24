//! A breadth-first sweep of a reversible graph that holds only three levels of states.
//!
//! In a graph where every edge can be walked back, the neighbours of a state at distance `d`
//! from the start lie at distances `d - 1`, `d` or `d + 1`. So to know whether a neighbour is
//! new, a breadth-first search only has to remember the last three levels: memory follows the
//! widest three levels instead of the whole component, and the look-up table stays small
//! enough to live in cache. What it gives up is the path: [`sweep`] answers "how many states,
//! how far, which ones at which distance", not "by which moves" (use [`crate::bfs`] or
//! [`crate::explore`] for that).

use crate::cost::Bound;
use crate::graph::{Edge, Reversible};
use crate::hash::home;
use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{reserve, reserve_exact, Held};
use crate::stats::Stats;
use std::hash::Hash;
use std::ops::ControlFlow;
use std::time::Instant;

/// What a [`sweep`] saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep<B> {
    /// States visited, the start included.
    pub states: u64,
    /// Distance of the last level reached: the start's eccentricity when the sweep ran to the
    /// end, the level of the state that stopped it otherwise.
    pub depth: u32,
    /// The value the visitor stopped the sweep with, if it did.
    pub stopped: Option<B>,
    /// Work done.
    pub stats: Stats,
}

/// Visits every state reachable from `start` once, in breadth-first order, calling
/// `visit(state, distance)`; the visitor returns [`ControlFlow::Break`] to stop early (the
/// first goal found, say).
///
/// Only the last three levels are held, so [`Limits::max_states`] bounds the states held at
/// once, not the states visited; use a deadline to bound the work. A sweep stopped by a limit
/// reports as its lower bound the distance of the first level it did not finish: every state
/// nearer than that was visited.
///
/// ```
/// use gridlock_search::{sweep, Edge, Graph, Limits, Reversible};
/// use std::ops::ControlFlow;
///
/// /// A ring of 10 cells: step left or right.
/// struct Ring;
/// impl Graph for Ring {
///     type State = u8;
///     type Move = i8;
///     type Cost = u32;
///     fn successors(&self, n: &u8, out: &mut Vec<Edge<u8, i8, u32>>) {
///         out.push(Edge::unit(-1, (n + 9) % 10));
///         out.push(Edge::unit(1, (n + 1) % 10));
///     }
/// }
/// impl Reversible for Ring {}
///
/// let all = sweep(&Ring, 0, &Limits::none(), |_, _| ControlFlow::<()>::Continue(())).unwrap();
/// assert_eq!((all.states, all.depth), (10, 5));
/// let seven = sweep(&Ring, 0, &Limits::none(), |&n, d| {
///     if n == 7 { ControlFlow::Break(d) } else { ControlFlow::Continue(()) }
/// })
/// .unwrap();
/// assert_eq!(seven.stopped, Some(3));
/// ```
pub fn sweep<G, B>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    mut visit: impl FnMut(&G::State, u32) -> ControlFlow<B>,
) -> Result<Sweep<B>, Stopped>
where
    G: Reversible,
{
    let clock = Instant::now();
    let mut run = Run::new(start);
    let mut stats = Stats::default();
    let mut buffer: Vec<Edge<G::State, G::Move, G::Cost>> = Vec::new();
    let mut depth = 0;
    let mut stopped = None;
    if let ControlFlow::Break(b) = visit(&start, 0) {
        stopped = Some(b);
    }
    let mut outcome = Ok(());
    // `run.held[lo..mid]` is level `depth`, `run.held[mid..]` level `depth + 1` as found so
    // far, `run.held[..lo]` level `depth - 1`
    let (mut lo, mut mid) = (0, 1);
    'levels: while stopped.is_none() {
        for i in lo..mid {
            if let Err(reason) = limits.expand(&mut stats, graph, &run.held[i], &mut buffer) {
                outcome = Err(reason);
                break 'levels;
            }
            for e in &buffer {
                if run.spare == 0 {
                    if let Err(reason) = run.make_room(buffer.held(), limits) {
                        outcome = Err(reason);
                        break 'levels;
                    }
                }
                if !run.insert(e.to) {
                    continue;
                }
                if let Err(reason) = limits.check_states(run.held.len()) {
                    outcome = Err(reason);
                    break 'levels;
                }
                if let ControlFlow::Break(b) = visit(&e.to, depth + 1) {
                    stopped = Some(b);
                    depth += 1;
                    break 'levels;
                }
            }
        }
        stats.hold_states(run.held.len());
        stats.hold_bytes(run.bytes() + buffer.held());
        if run.held.len() == mid {
            break;
        }
        // level depth + 1 is complete: forget level depth - 1
        run.forget(lo);
        (lo, mid) = (mid - lo, run.held.len());
        depth += 1;
    }
    stats.hold_states(run.held.len());
    stats.hold_bytes(run.bytes() + buffer.held());
    stats.elapsed = clock.elapsed();
    Sweep::ended(outcome, run.visited, depth, stopped, stats)
}

impl<B> Sweep<B> {
    /// A sweep's answer: what it saw, or the limit that stopped it at level `depth + 1` (every
    /// state nearer was visited, and not stopped on).
    pub(crate) fn ended(
        outcome: Result<(), StopReason>,
        states: u64,
        depth: u32,
        stopped: Option<B>,
        stats: Stats,
    ) -> Result<Sweep<B>, Stopped> {
        match outcome {
            Ok(()) => Ok(Sweep {
                states,
                depth,
                stopped,
                stats,
            }),
            Err(reason) => Err(Stopped {
                reason,
                stats,
                lower_bound: Some(Bound::of(&(depth + 1))),
            }),
        }
    }
}

/// Smallest look-up table, in entries.
const MIN_ENTRIES: usize = 64;

/// The states of the last three levels and an open-addressing table of them (plus states
/// that left the window since the table was last rebuilt: they are still seen states, so
/// finding one is a right answer, and a rebuild drops them).
struct Run<S> {
    held: Vec<S>,
    /// `(stamp, state)`; an entry is occupied when its stamp is the current one, so the table
    /// is emptied by changing the stamp.
    table: Vec<(u32, S)>,
    stamp: u32,
    filled: usize,
    shift: u32,
    visited: u64,
    /// Insertions that fit without a buffer growing or the table filling up: while it is
    /// not 0, an insertion needs no other check.
    spare: usize,
}

impl<S: Copy + Eq + Hash> Run<S> {
    fn new(start: S) -> Self {
        let mut run = Run {
            held: Vec::new(),
            table: vec![(0, start); MIN_ENTRIES],
            stamp: 1,
            filled: 0,
            shift: 64 - MIN_ENTRIES.trailing_zeros(),
            visited: 0,
            spare: 0,
        };
        // a table of 64 entries and room for one state are not worth a budget
        let _ = run.make_room(0, &Limits::none());
        run.insert(start);
        run
    }

    /// Bytes held: the states and the table, by capacity.
    fn bytes(&self) -> u64 {
        self.held.held() + self.table.held()
    }

    /// Makes room for more states within `limits`' memory budget, the search holding
    /// `others` bytes besides (called when [`Run::spare`] is 0): grows the states or
    /// rebuilds the table now, so that [`Run::insert`] does not allocate.
    #[cold]
    fn make_room(&mut self, others: u64, limits: &Limits) -> Result<(), StopReason> {
        if self.held.len() == self.held.capacity() {
            reserve(&mut self.held, 1, others + self.table.held(), limits)?;
        }
        if self.filled * 2 >= self.table.len() {
            self.rebuild(others, limits)?;
        }
        let in_table = self.table.len() / 2 - self.filled;
        self.spare = (self.held.capacity() - self.held.len()).min(in_table);
        Ok(())
    }

    /// Adds `state` unless it was seen; true when it is new. Only with room made
    /// ([`Run::spare`] above 0).
    #[inline]
    fn insert(&mut self, state: S) -> bool {
        debug_assert!(self.spare > 0, "no room made");
        let mask = self.table.len() - 1;
        let mut p = home(&state, self.shift);
        loop {
            let (stamp, s) = self.table[p];
            if stamp != self.stamp {
                self.table[p] = (self.stamp, state);
                self.filled += 1;
                self.held.push(state);
                self.visited += 1;
                self.spare -= 1;
                return true;
            }
            if s == state {
                return false;
            }
            p = (p + 1) & mask;
        }
    }

    /// Drops the first `n` held states (the oldest level).
    fn forget(&mut self, n: usize) {
        self.held.drain(..n);
    }

    /// Starts the table again with the held states alone, with room for them to double
    /// (growing it only within the budget). Rare, so kept out of line: [`Run::insert`] stays
    /// small enough to inline.
    #[cold]
    #[inline(never)]
    fn rebuild(&mut self, others: u64, limits: &Limits) -> Result<(), StopReason> {
        let size = (8 * self.held.len()).next_power_of_two().max(MIN_ENTRIES);
        let grow = size.saturating_sub(self.table.len());
        reserve_exact(&mut self.table, grow, others + self.held.held(), limits)?;
        if size != self.table.len() || self.stamp == u32::MAX {
            let filler = self.table[0].1;
            self.table.clear();
            self.table.resize(size, (0, filler));
            self.stamp = 0;
        }
        self.stamp += 1;
        self.shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for &state in &self.held {
            let mut p = home(&state, self.shift);
            while self.table[p].0 == self.stamp {
                p = (p + 1) & mask;
            }
            self.table[p] = (self.stamp, state);
        }
        self.filled = self.held.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::limits::StopReason;
    use crate::test_graphs::{Grid, Line};
    use proptest::prelude::*;
    use std::collections::{HashMap, VecDeque};

    /// An undirected graph from an edge list (each edge walkable both ways).
    struct Undirected(Vec<Vec<u32>>);

    impl Undirected {
        fn new(n: usize, edges: &[(u32, u32)]) -> Self {
            let mut adj = vec![Vec::new(); n];
            for &(a, b) in edges {
                let (a, b) = (a % n as u32, b % n as u32);
                adj[a as usize].push(b);
                adj[b as usize].push(a);
            }
            Undirected(adj)
        }
    }

    impl Graph for Undirected {
        type State = u32;
        type Move = ();
        type Cost = u32;
        fn successors(&self, &s: &u32, out: &mut Vec<Edge<u32, (), u32>>) {
            out.extend(self.0[s as usize].iter().map(|&t| Edge::unit((), t)));
        }
    }
    impl Reversible for Undirected {}

    /// Distances from `start` by a plain queue and a map of every state.
    fn reference<G: Graph>(graph: &G, start: G::State) -> HashMap<G::State, u32> {
        let mut dist = HashMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        let mut out = Vec::new();
        while let Some(s) = queue.pop_front() {
            out.clear();
            graph.successors(&s, &mut out);
            for e in &out {
                if !dist.contains_key(&e.to) {
                    dist.insert(e.to, dist[&s] + 1);
                    queue.push_back(e.to);
                }
            }
        }
        dist
    }

    /// Every state of the sweep with its distance, failing on a state visited twice.
    fn swept<G: Reversible>(graph: &G, start: G::State) -> (HashMap<G::State, u32>, Sweep<()>) {
        let mut seen = HashMap::new();
        let sweep = sweep(graph, start, &Limits::none(), |&s, d| {
            assert!(seen.insert(s, d).is_none(), "a state visited twice");
            ControlFlow::Continue(())
        })
        .unwrap();
        (seen, sweep)
    }

    proptest! {
        #[test]
        fn visits_each_reachable_state_once_at_its_distance(
            n in 1usize..3000,
            edges in prop::collection::vec((0u32..3000, 0u32..3000), 0..6000),
        ) {
            let graph = Undirected::new(n, &edges);
            let expected = reference(&graph, 0);
            let (seen, sweep) = swept(&graph, 0);
            prop_assert_eq!(&seen, &expected);
            prop_assert_eq!(sweep.states, expected.len() as u64);
            prop_assert_eq!(sweep.depth, *expected.values().max().unwrap());
            prop_assert!(sweep.stopped.is_none());
        }
    }

    #[test]
    fn a_maze_is_swept_like_a_plain_breadth_first_search() {
        let maze = Grid::new(&[
            "..........#.........",
            ".########.#.#######.",
            ".#......#.#.#.....#.",
            ".#.####.#...#.###.#.",
            ".#.#..#.#####.#.#.#.",
            "...#..#.......#...#.",
        ]);
        let (seen, sweep) = swept(&maze, (0, 0));
        assert_eq!(seen, reference(&maze, (0, 0)));
        assert_eq!(sweep.states, seen.len() as u64);
    }

    #[test]
    fn holds_three_levels_not_the_whole_component() {
        let (_, sweep) = swept(&Line(100_000), 0);
        assert_eq!((sweep.states, sweep.depth), (100_000, 99_999));
        assert!(sweep.stats.peak_states <= 3, "{}", sweep.stats.peak_states);
    }

    #[test]
    fn the_visitor_stops_it_at_the_first_goal() {
        let found = sweep(&Line(100), 10, &Limits::none(), |&s, d| {
            if s == 3 {
                ControlFlow::Break((s, d))
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(found.stopped, Some((3, 7)));
        assert_eq!(found.depth, 7);
        // states 3..=17, and nothing beyond the first level that reached the goal
        assert!(found.states <= 16, "{}", found.states);
    }

    #[test]
    fn a_state_cap_stops_it_with_a_lower_bound() {
        let grid = Grid::new(&["..............................."; 31]);
        let stopped = sweep(&grid, (15, 15), &Limits::states(50), |_, _| {
            ControlFlow::<()>::Continue(())
        })
        .unwrap_err();
        assert_eq!(stopped.reason, StopReason::StateLimit(50));
        // levels 3, 4, 5, 6 hold 12, 16, 20, 24 states: levels 3..=5 fit (48), the 51st
        // state held is found in level 6, so every state nearer than 6 was visited
        assert_eq!(stopped.lower_bound, Some(Bound::of(&6u32)));
    }
}
