use crate::cost::Cost;
use crate::graph::ComponentOf;
use crate::graph::{Edge, Graph};
use crate::limits::{Limits, StopReason, Stopped, CLOCK_EVERY};
use crate::memory::{reserve, reserve_map, Held};
use crate::path::Path;
use crate::stats::Stats;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::time::Instant;

/// Distance of a state from which no goal (or source) can be reached.
pub const UNREACHABLE: u32 = u32::MAX;

/// Every state reachable from a start, numbered densely, with all edges between them stored
/// as a compressed adjacency array.
///
/// Once a component is explored, every question about it — distances to the goal set in
/// edges or in cost, the farthest state, an optimal path from any state — is answered with
/// array operations and no further hashing. That is what whole-component analysis (and
/// solving many puzzles of one component) needs.
#[derive(Clone, Debug)]
pub struct Component<S, M, C> {
    states: Vec<S>,
    index: FxHashMap<S, u32>,
    /// `edges[offsets[i]..offsets[i + 1]]` leave state `i`.
    offsets: Vec<u32>,
    edges: Vec<Edge<u32, M, C>>,
}

/// Explores the whole component reachable from `start` (state 0 of the result), breadth
/// first, storing every edge.
pub fn explore<G: Graph>(
    graph: &G,
    start: G::State,
    limits: &Limits,
) -> Result<(ComponentOf<G>, Stats), Stopped> {
    let clock = Instant::now();
    let mut stats = Stats::default();
    let mut states = vec![start];
    let mut index = FxHashMap::default();
    index.insert(start, 0u32);
    let mut offsets = vec![0u32];
    let mut edges = Vec::new();
    let mut buffer = Vec::new();
    let mut i = 0;
    while i < states.len() {
        if stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
            if let Err(reason) = limits.check_clock() {
                return Err(stopped(reason, stats, clock, states.len()));
            }
        }
        stats.expanded += 1;
        buffer.clear();
        graph.successors(&states[i], &mut buffer);
        stats.generated += buffer.len() as u64;
        // room for this state's edges, its offset and (below) each new state
        if edges.capacity() - edges.len() < buffer.len() || offsets.len() == offsets.capacity() {
            let rest = states.held() + index.held() + buffer.held();
            let room = reserve(&mut edges, buffer.len(), rest + offsets.held(), limits)
                .and_then(|()| reserve(&mut offsets, 1, rest + edges.held(), limits));
            if let Err(reason) = room {
                stats.hold_bytes(rest + edges.held() + offsets.held());
                return Err(stopped(reason, stats, clock, states.len()));
            }
        }
        for e in &buffer {
            if states.len() == states.capacity() || index.len() == index.capacity() {
                let rest = edges.held() + offsets.held() + buffer.held();
                match grow(&mut states, &mut index, rest, limits) {
                    Ok(peak) => stats.hold_bytes(peak),
                    Err(reason) => {
                        stats.hold_bytes(rest + states.held() + index.held());
                        return Err(stopped(reason, stats, clock, states.len()));
                    }
                }
            }
            let next = states.len() as u32;
            let to = *index.entry(e.to).or_insert(next);
            if to == next {
                states.push(e.to);
                if let Err(reason) = limits.check_states(states.len()) {
                    return Err(stopped(reason, stats, clock, states.len()));
                }
            }
            edges.push(Edge::new(e.mv, to, e.cost));
        }
        offsets.push(edges.len() as u32);
        i += 1;
    }
    stats.hold_states(states.len());
    stats.hold_bytes(states.held() + index.held() + edges.held() + offsets.held());
    stats.elapsed = clock.elapsed();
    let component = Component {
        states,
        index,
        offsets,
        edges,
    };
    Ok((component, stats))
}

/// Room for one more state in the list and the index, the search holding `rest` besides;
/// returns the most bytes held meanwhile.
fn grow<S: Copy + Eq + std::hash::Hash>(
    states: &mut Vec<S>,
    index: &mut FxHashMap<S, u32>,
    rest: u64,
    limits: &Limits,
) -> Result<u64, StopReason> {
    let peak = reserve_map(index, 1, rest + states.held(), limits)?;
    reserve(states, 1, rest + index.held(), limits)?;
    Ok(peak)
}

fn stopped(reason: StopReason, mut stats: Stats, clock: Instant, held: usize) -> Stopped {
    stats.hold_states(held);
    stats.elapsed = clock.elapsed();
    Stopped {
        reason,
        stats,
        lower_bound: None,
    }
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy, C: Cost> Component<S, M, C> {
    /// Number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Never true for an explored component (it holds at least its start); here for clippy's
    /// sake and for components built by hand in tests.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// All states, in the order they were discovered (index 0 is the start).
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The state with index `i`.
    pub fn state(&self, i: u32) -> S {
        self.states[i as usize]
    }

    /// The index of `state`, if it belongs to the component.
    pub fn index_of(&self, state: &S) -> Option<u32> {
        self.index.get(state).copied()
    }

    /// Number of stored edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The edges leaving state `i` (targets are state indices).
    pub fn edges(&self, i: u32) -> &[Edge<u32, M, C>] {
        &self.edges[self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize]
    }

    /// Indices of the states for which `is_goal` holds.
    pub fn find(&self, mut is_goal: impl FnMut(&S) -> bool) -> Vec<u32> {
        (0..self.states.len() as u32)
            .filter(|&i| is_goal(&self.states[i as usize]))
            .collect()
    }

    /// The same edges, reversed: `reverse.edges(j)` lists `i` for every edge `i → j`.
    pub fn reversed(&self) -> Component<S, M, C> {
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
        Component {
            states: self.states.clone(),
            index: self.index.clone(),
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

    /// Cheapest cost from every state to the nearest of `targets` (Dijkstra over reversed
    /// edges); `None` where no target is reachable.
    pub fn costs_to(&self, targets: &[u32], reversible: bool) -> Vec<Option<C>> {
        let reversed;
        let graph = if reversible {
            self
        } else {
            reversed = self.reversed();
            &reversed
        };
        let mut best: Vec<Option<C>> = vec![None; self.states.len()];
        let mut heap = BinaryHeap::new();
        for &t in targets {
            best[t as usize] = Some(C::default());
            heap.push(Reverse((C::default(), t)));
        }
        while let Some(Reverse((c, i))) = heap.pop() {
            if best[i as usize].is_some_and(|b| c > b) {
                continue;
            }
            for e in graph.edges(i) {
                let next = c + e.cost;
                if best[e.to as usize].is_none_or(|b| next < b) {
                    best[e.to as usize] = Some(next);
                    heap.push(Reverse((next, e.to)));
                }
            }
        }
        best
    }

    /// A path with the fewest edges from state `from` down to a state at distance 0, given
    /// `dist` from [`Component::distances_to`]. At each step it takes the first edge (in the
    /// graph's successor order) that lowers the distance by one. `None` if `from` is
    /// unreachable.
    pub fn path_down(&self, from: u32, dist: &[u32]) -> Option<Path<S, M, C>> {
        self.descend(
            from,
            |i| {
                self.edges(i).iter().find(|e| {
                    dist[e.to as usize] != UNREACHABLE
                        && dist[e.to as usize] + 1 == dist[i as usize]
                })
            },
            dist[from as usize] != UNREACHABLE,
            |i| dist[i as usize] == 0,
        )
    }

    /// Like [`Component::path_down`], but among all shortest paths returns the one whose move
    /// sequence is lexicographically smallest (the contest tie-break of red-blue chips):
    /// greedily taking the smallest move that lowers the distance is exactly that.
    pub fn lexicographic_path_down(&self, from: u32, dist: &[u32]) -> Option<Path<S, M, C>>
    where
        M: Ord,
    {
        self.descend(
            from,
            |i| {
                self.edges(i)
                    .iter()
                    .filter(|e| {
                        dist[e.to as usize] != UNREACHABLE
                            && dist[e.to as usize] + 1 == dist[i as usize]
                    })
                    .min_by_key(|e| e.mv)
            },
            dist[from as usize] != UNREACHABLE,
            |i| dist[i as usize] == 0,
        )
    }

    /// A cheapest path from `from` to a target, given `costs` from [`Component::costs_to`].
    pub fn cheapest_path_down(&self, from: u32, costs: &[Option<C>]) -> Option<Path<S, M, C>> {
        self.descend(
            from,
            |i| {
                let here = costs[i as usize]?;
                self.edges(i)
                    .iter()
                    .find(|e| costs[e.to as usize].is_some_and(|c| c + e.cost == here))
            },
            costs[from as usize].is_some(),
            |i| costs[i as usize] == Some(C::default()),
        )
    }

    /// The state with the largest finite distance (ties: the smallest index), and that distance.
    pub fn farthest(&self, dist: &[u32]) -> Option<(u32, u32)> {
        dist.iter()
            .enumerate()
            .filter(|(_, &d)| d != UNREACHABLE)
            .max_by_key(|&(i, &d)| (d, Reverse(i)))
            .map(|(i, &d)| (i as u32, d))
    }

    fn descend<'a>(
        &'a self,
        from: u32,
        mut choose: impl FnMut(u32) -> Option<&'a Edge<u32, M, C>>,
        reachable: bool,
        mut arrived: impl FnMut(u32) -> bool,
    ) -> Option<Path<S, M, C>> {
        if !reachable {
            return None;
        }
        let mut steps = Vec::new();
        let mut cost = C::default();
        let mut at = from;
        while !arrived(at) {
            let e = choose(at)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_graphs::{Grid, Line, Weighted};
    use crate::{bfs, dijkstra};

    #[test]
    fn explores_exactly_the_reachable_states() {
        let grid = Grid::new(&["..#..", "..#..", "###.."]);
        let (c, stats) = explore(&grid, (0, 0), &Limits::none()).unwrap();
        assert_eq!(c.len(), 4);
        assert_eq!(stats.expanded, 4);
        assert_eq!(c.edge_count(), 8);
        assert_eq!(c.index_of(&(0, 0)), Some(0));
        assert_eq!(c.index_of(&(3, 0)), None);
    }

    #[test]
    fn distances_to_goal_set_match_bfs_from_each_state() {
        let grid = Grid::new(&["......", ".##.#.", "...#..", "#.....", "...##."]);
        let (c, _) = explore(&grid, (0, 0), &Limits::none()).unwrap();
        let goals = c.find(|&s| s == (5, 0) || s == (0, 4));
        let dist = c.distances_to(&goals, true);
        let dist_general = c.distances_to(&goals, false);
        assert_eq!(dist, dist_general);
        for i in 0..c.len() as u32 {
            let s = c.state(i);
            let reference = bfs(&grid, s, |&t| t == (5, 0) || t == (0, 4), &Limits::none())
                .unwrap()
                .path
                .unwrap()
                .len() as u32;
            assert_eq!(dist[i as usize], reference, "from {s:?}");
            let path = c.path_down(i, &dist).unwrap();
            assert_eq!(path.len() as u32, reference);
            assert!(path.end() == (5, 0) || path.end() == (0, 4));
        }
    }

    #[test]
    fn farthest_state_on_a_line() {
        let (c, _) = explore(&Line(9), 4, &Limits::none()).unwrap();
        let goals = c.find(|&s| s == 2);
        let dist = c.distances_to(&goals, true);
        let (far, d) = c.farthest(&dist).unwrap();
        assert_eq!((c.state(far), d), (8, 6));
    }

    #[test]
    fn one_way_edges_need_the_reversed_graph() {
        // 0 -> 1 -> 2, and 2 -> 0 costs 5. Distance to 2: from 0 is 2, from 1 is 1.
        let g = Weighted {
            edges: vec![(0, 1, 1), (1, 2, 1), (2, 0, 5)],
        };
        let (c, _) = explore(&g, 0, &Limits::none()).unwrap();
        let target = c.find(|&s| s == 2);
        let dist = c.distances_to(&target, false);
        assert_eq!(dist[c.index_of(&0).unwrap() as usize], 2);
        assert_eq!(dist[c.index_of(&1).unwrap() as usize], 1);
    }

    #[test]
    fn weighted_costs_match_dijkstra() {
        let g = Weighted {
            edges: vec![
                (0, 3, 10),
                (0, 1, 4),
                (1, 2, 1),
                (2, 3, 1),
                (1, 3, 7),
                (3, 0, 1),
                (2, 0, 2),
            ],
        };
        let (c, _) = explore(&g, 0, &Limits::none()).unwrap();
        let target = c.find(|&s| s == 3);
        let costs = c.costs_to(&target, false);
        for i in 0..c.len() as u32 {
            let s = c.state(i);
            let reference = dijkstra(&g, s, |&t| t == 3, &Limits::none())
                .unwrap()
                .path
                .unwrap();
            assert_eq!(costs[i as usize], Some(reference.cost));
            assert_eq!(
                c.cheapest_path_down(i, &costs).unwrap().cost,
                reference.cost
            );
        }
    }

    #[test]
    fn lexicographic_path_prefers_smallest_moves() {
        // Two shortest routes from 0 to 3: via edge 0 then 2, or edge 1 then 3.
        let g = Weighted {
            edges: vec![(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)],
        };
        let (c, _) = explore(&g, 0, &Limits::none()).unwrap();
        let dist = c.distances_to(&c.find(|&s| s == 3), false);
        let path = c.lexicographic_path_down(0, &dist).unwrap();
        assert_eq!(path.moves(), vec![0, 2]);
    }

    #[test]
    fn explore_respects_the_state_cap() {
        let err = explore(&Line(1000), 0, &Limits::states(100)).unwrap_err();
        assert_eq!(err.reason, crate::StopReason::StateLimit(100));
    }
}
