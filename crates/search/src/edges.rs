//! The general whole-component explorer: every state reachable from a start, numbered
//! densely, with every edge between them stored as a compressed adjacency array.

use crate::component::{Component, UNREACHABLE};
use crate::cost::Cost;
use crate::graph::{Edge, Graph};
use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{reserve, reserve_map, Held};
use crate::path::Path;
use crate::stats::Stats;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::time::Instant;

/// Every state reachable from a start, numbered densely, with all edges between them stored
/// as a compressed adjacency array.
///
/// Once a component is explored, every question about it — distances to the goal set, an
/// optimal path from any state, the lexicographically smallest one — is answered with array
/// operations and no further hashing. That is what solving many puzzles of one component
/// needs, on any [`Graph`] (edges of any cost, one-way edges).
#[derive(Clone, Debug)]
pub struct EdgeComponent<S, M, C> {
    states: Vec<S>,
    index: FxHashMap<S, u32>,
    /// `levels[d]`: the first state at distance `d` from the start.
    levels: Vec<u32>,
    /// `edges[offsets[i]..offsets[i + 1]]` leave state `i`.
    offsets: Vec<u32>,
    edges: Vec<Edge<u32, M, C>>,
}

/// The [`EdgeComponent`] of `G`'s states, moves and costs.
pub type EdgeComponentOf<G> =
    EdgeComponent<<G as Graph>::State, <G as Graph>::Move, <G as Graph>::Cost>;

impl<S, M, C> Default for EdgeComponent<S, M, C> {
    fn default() -> Self {
        EdgeComponent {
            states: Vec::new(),
            index: FxHashMap::default(),
            levels: Vec::new(),
            offsets: Vec::new(),
            edges: Vec::new(),
        }
    }
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy, C: Cost> EdgeComponent<S, M, C> {
    /// An empty component.
    pub fn new() -> Self {
        Self::default()
    }

    /// Explores the whole component reachable from `start` (state 0) breadth first over
    /// `graph`, storing every edge and replacing what was held. Stops with [`Stopped`] on the
    /// state cap, the memory budget, the deadline or the cancel flag.
    pub fn explore<G>(&mut self, graph: &G, start: S, limits: &Limits) -> Result<Stats, Stopped>
    where
        G: Graph<State = S, Move = M, Cost = C>,
    {
        let clock = Instant::now();
        let mut stats = Stats::default();
        *self = EdgeComponent::default();
        self.states.push(start);
        self.index.insert(start, 0u32);
        self.offsets.push(0);
        self.levels.push(0);
        let mut level_end = 1;
        let mut buffer = Vec::new();
        let stop = |reason: StopReason, mut stats: Stats, held: usize| {
            stats.hold_states(held);
            stats.elapsed = clock.elapsed();
            Stopped {
                reason,
                stats,
                lower_bound: None,
            }
        };
        let mut i = 0;
        while i < self.states.len() {
            if i == level_end {
                self.levels.push(i as u32);
                level_end = self.states.len();
            }
            if let Err(reason) = limits.expand(&mut stats, graph, &self.states[i], &mut buffer) {
                return Err(stop(reason, stats, self.states.len()));
            }
            // room for this state's edges, its offset and (below) each new state
            let edges_room = self.edges.capacity() - self.edges.len();
            if edges_room < buffer.len() || self.offsets.len() == self.offsets.capacity() {
                let rest =
                    self.states.held() + self.index.held() + self.levels.held() + buffer.held();
                let room = reserve(
                    &mut self.edges,
                    buffer.len(),
                    rest + self.offsets.held(),
                    limits,
                )
                .and_then(|()| reserve(&mut self.offsets, 1, rest + self.edges.held(), limits));
                if let Err(reason) = room {
                    stats.hold_bytes(rest + self.edges.held() + self.offsets.held());
                    return Err(stop(reason, stats, self.states.len()));
                }
            }
            for e in &buffer {
                if self.states.len() == self.states.capacity()
                    || self.index.len() == self.index.capacity()
                {
                    let rest = self.edges.held()
                        + self.offsets.held()
                        + self.levels.held()
                        + buffer.held();
                    match self.grow(rest, limits) {
                        Ok(peak) => stats.hold_bytes(peak),
                        Err(reason) => {
                            stats.hold_bytes(rest + self.states.held() + self.index.held());
                            return Err(stop(reason, stats, self.states.len()));
                        }
                    }
                }
                let next = self.states.len() as u32;
                let to = *self.index.entry(e.to).or_insert(next);
                if to == next {
                    self.states.push(e.to);
                    if let Err(reason) = limits.check_states(self.states.len()) {
                        return Err(stop(reason, stats, self.states.len()));
                    }
                }
                self.edges.push(Edge::new(e.mv, to, e.cost));
            }
            self.offsets.push(self.edges.len() as u32);
            i += 1;
        }
        stats.hold_states(self.states.len());
        stats.hold_bytes(
            self.states.held()
                + self.index.held()
                + self.edges.held()
                + self.offsets.held()
                + self.levels.held()
                + buffer.held(),
        );
        stats.elapsed = clock.elapsed();
        Ok(stats)
    }

    /// Room for one more state in the list and the index, the search holding `rest` besides;
    /// returns the most bytes held meanwhile.
    fn grow(&mut self, rest: u64, limits: &Limits) -> Result<u64, StopReason> {
        let peak = reserve_map(&mut self.index, 1, rest + self.states.held(), limits)?;
        reserve(&mut self.states, 1, rest + self.index.held(), limits)?;
        Ok(peak)
    }

    /// The edges leaving state `i` (targets are state numbers).
    fn edges(&self, i: u32) -> &[Edge<u32, M, C>] {
        &self.edges[self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize]
    }

    /// The same edges, reversed: `reverse.edges(j)` lists `i` for every edge `i → j`.
    fn reversed(&self) -> EdgeComponent<S, M, C> {
        let n = self.states.len();
        let mut counts = vec![0u32; n + 1];
        for e in &self.edges {
            counts[e.to as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let offsets = counts.clone();
        let mut fill = counts;
        let mut edges: Vec<Option<Edge<u32, M, C>>> = vec![None; self.edges.len()];
        for from in 0..n as u32 {
            for e in self.edges(from) {
                let slot = &mut fill[e.to as usize];
                edges[*slot as usize] = Some(Edge::new(e.mv, from, e.cost));
                *slot += 1;
            }
        }
        EdgeComponent {
            states: self.states.clone(),
            index: self.index.clone(),
            levels: self.levels.clone(),
            offsets,
            edges: edges
                .into_iter()
                .map(|e| e.expect("every slot filled"))
                .collect(),
        }
    }

    /// Fewest edges from the nearest of `sources` to every state, following edges forwards
    /// (multi-source BFS); [`UNREACHABLE`] where no source reaches.
    pub fn distances_from(&self, sources: &[u32]) -> Vec<u32> {
        let mut dist = vec![UNREACHABLE; self.states.len()];
        let mut queue = VecDeque::with_capacity(self.states.len());
        for &s in sources {
            if dist[s as usize] != 0 {
                dist[s as usize] = 0;
                queue.push_back(s);
            }
        }
        while let Some(i) = queue.pop_front() {
            let d = dist[i as usize] + 1;
            for e in self.edges(i) {
                if dist[e.to as usize] == UNREACHABLE {
                    dist[e.to as usize] = d;
                    queue.push_back(e.to);
                }
            }
        }
        dist
    }

    /// Fewest edges from every state to the nearest of `targets` (BFS over reversed edges).
    /// Pass `reversible = true` when every edge has a reverse edge, to skip building the
    /// reversed adjacency.
    pub fn distances_to(&self, targets: &[u32], reversible: bool) -> Vec<u32> {
        if reversible {
            self.distances_from(targets)
        } else {
            self.reversed().distances_from(targets)
        }
    }

    /// A path with the fewest edges from state `from` down to a state at distance 0, given
    /// `dist` from [`EdgeComponent::distances_to`], and among those the one whose move
    /// sequence is lexicographically smallest (the contest tie-break of red-blue chips):
    /// greedily taking the smallest move that lowers the distance by one is exactly that.
    /// `None` if `from` is unreachable.
    pub fn lexicographic_path_down(&self, from: u32, dist: &[u32]) -> Option<Path<S, M, C>>
    where
        M: Ord,
    {
        if dist[from as usize] == UNREACHABLE {
            return None;
        }
        let mut steps = Vec::new();
        let mut cost = C::default();
        let mut at = from;
        while dist[at as usize] != 0 {
            let e = self
                .edges(at)
                .iter()
                .filter(|e| {
                    dist[e.to as usize] != UNREACHABLE
                        && dist[e.to as usize] + 1 == dist[at as usize]
                })
                .min_by_key(|e| e.mv)?;
            steps.push((e.mv, self.states[e.to as usize]));
            cost = cost + e.cost;
            at = e.to;
        }
        Some(Path {
            start: self.states[from as usize],
            steps,
            cost,
        })
    }
}

/// The general explorer's answers: `index_of` is one hash look-up.
impl<S: Copy + Eq + std::hash::Hash, M, C> Component for EdgeComponent<S, M, C> {
    type State = S;

    fn len(&self) -> usize {
        self.states.len()
    }

    fn state(&self, i: u32) -> S {
        self.states[i as usize]
    }

    fn index_of(&self, state: &S) -> Option<u32> {
        self.index.get(state).copied()
    }

    fn depth(&self, i: u32) -> u32 {
        (self.levels.partition_point(|&first| first <= i) - 1) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bfs;
    use crate::test_graphs::{Grid, Line, Weighted};

    fn explored<G: Graph>(graph: &G, start: G::State) -> (EdgeComponentOf<G>, Stats) {
        let mut c = EdgeComponent::new();
        let stats = c.explore(graph, start, &Limits::none()).unwrap();
        (c, stats)
    }

    fn find<C: Component>(c: &C, pred: impl FnMut(&C::State) -> bool) -> Vec<u32> {
        let mut out = Vec::new();
        c.find_into(pred, &mut out);
        out
    }

    #[test]
    fn explores_exactly_the_reachable_states_level_by_level() {
        let grid = Grid::new(&["..#..", "..#..", "###.."]);
        let (c, stats) = explored(&grid, (0, 0));
        assert_eq!(c.len(), 4);
        assert_eq!(stats.expanded, 4);
        assert_eq!(c.edges.len(), 8);
        assert_eq!(c.index_of(&(0, 0)), Some(0));
        assert_eq!(c.index_of(&(3, 0)), None);
        let far = c.index_of(&(1, 1)).unwrap();
        assert_eq!((c.depth(0), c.depth(far)), (0, 2));
    }

    #[test]
    fn distances_to_goal_set_match_bfs_from_each_state() {
        let grid = Grid::new(&["......", ".##.#.", "...#..", "#.....", "...##."]);
        let (c, _) = explored(&grid, (0, 0));
        let goals = find(&c, |&s| s == (5, 0) || s == (0, 4));
        let dist = c.distances_to(&goals, true);
        let dist_general = c.distances_to(&goals, false);
        assert_eq!(dist, dist_general);
        for i in 0..c.len() as u32 {
            let s = c.state(i);
            let reference = bfs(&grid, s, |&t| t == (5, 0) || t == (0, 4), &Limits::none())
                .unwrap()
                .path
                .unwrap();
            assert_eq!(dist[i as usize], reference.len() as u32, "from {s:?}");
            assert_eq!(c.depth(i), {
                let from_start = bfs(&grid, (0, 0), |&t| t == s, &Limits::none()).unwrap();
                from_start.path.unwrap().len() as u32
            });
            let path = c.lexicographic_path_down(i, &dist).unwrap();
            assert_eq!(path.len(), reference.len());
            let end = path.steps.last().map_or(path.start, |s| s.1);
            assert!(end == (5, 0) || end == (0, 4));
        }
    }

    #[test]
    fn one_way_edges_need_the_reversed_graph() {
        // 0 -> 1 -> 2, and 2 -> 0 costs 5. Distance to 2: from 0 is 2, from 1 is 1.
        let g = Weighted {
            edges: vec![(0, 1, 1), (1, 2, 1), (2, 0, 5)],
        };
        let (c, _) = explored(&g, 0);
        let target = find(&c, |&s| s == 2);
        let dist = c.distances_to(&target, false);
        assert_eq!(dist[c.index_of(&0).unwrap() as usize], 2);
        assert_eq!(dist[c.index_of(&1).unwrap() as usize], 1);
    }

    #[test]
    fn lexicographic_path_prefers_smallest_moves() {
        // Two shortest routes from 0 to 3: via edge 0 then 2, or edge 1 then 3.
        let g = Weighted {
            edges: vec![(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)],
        };
        let (c, _) = explored(&g, 0);
        let dist = c.distances_to(&find(&c, |&s| s == 3), false);
        let path = c.lexicographic_path_down(0, &dist).unwrap();
        assert_eq!(path.moves(), vec![0, 2]);
        assert_eq!(path.cost, 2);
    }

    #[test]
    fn explore_respects_the_state_cap_and_starts_afresh() {
        let mut c = EdgeComponent::new();
        let err = c.explore(&Line(1000), 0, &Limits::states(100)).unwrap_err();
        assert_eq!(err.reason, crate::StopReason::StateLimit(100));
        c.explore(&Line(5), 2, &Limits::none()).unwrap();
        assert_eq!(c.states().collect::<Vec<_>>(), vec![2, 1, 3, 0, 4]);
        assert_eq!(c.depth(4), 2);
    }
}
