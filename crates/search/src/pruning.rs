//! A* whose bound may also declare a state a dead end (a puzzle's deadlock test, an
//! assignment that does not exist): such a state is remembered as dead, never queued, and
//! never bounded twice. Each live state's bound is stored, so a state re-opened by a cheaper
//! route is not bounded again either. Its buffers grow within [`Limits::max_bytes`] as
//! [`crate::astar`]'s do ([`crate::memory`]).

use crate::arena::Arena;
use crate::cost::Bound;
use crate::graph::Graph;
use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{reserve, Held};
use crate::path::{Found, SearchResult};
use crate::stats::Stats;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

/// A*, where `bound(state)` is an admissible lower bound on the cost left, or `None` when no
/// goal can be reached from `state`. Otherwise as [`crate::astar`]: states are re-opened
/// when a cheaper route appears, ties on `cost + bound` go to the larger cost so far, then
/// to the state stored first (a queue entry is 4 bytes smaller than `astar`'s, which breaks
/// ties by the order of queueing); a stopped search reports the smallest `cost + bound`
/// queued. `Stats::peak_states` counts the distinct states stored (not queue entries), so
/// `peak_bytes / peak_states` is the bytes per stored state.
pub fn astar_pruning<G: Graph>(
    graph: &G,
    start: G::State,
    is_goal: impl FnMut(&G::State) -> bool,
    bound: impl FnMut(&G::State) -> Option<G::Cost>,
    limits: &Limits,
) -> SearchResult<G> {
    Run::new(graph, start, bound, limits).search(is_goal)
}

/// A queue entry: `cost + bound`, then the larger cost first, then the state stored first
/// (its index, which also names it).
type Entry<C> = Reverse<(C, Reverse<C>, u32)>;

/// The state of one search: stored states, their best costs and bounds, the queue.
struct Run<'a, G: Graph, B> {
    graph: &'a G,
    bound: B,
    limits: &'a Limits,
    arena: Arena<G>,
    cost: Vec<G::Cost>,
    /// The bound of each live state; `None` marks a dead one.
    h: Vec<Option<G::Cost>>,
    heap: BinaryHeap<Entry<G::Cost>>,
    /// New states that fit before a buffer must grow (one memory check per edge).
    spare: usize,
    stats: Stats,
    clock: Instant,
}

impl<'a, G: Graph, B: FnMut(&G::State) -> Option<G::Cost>> Run<'a, G, B> {
    fn new(graph: &'a G, start: G::State, mut bound: B, limits: &'a Limits) -> Self {
        let h0 = bound(&start);
        let mut run = Run {
            graph,
            bound,
            limits,
            arena: Arena::new(start),
            cost: vec![G::Cost::default()],
            h: vec![h0],
            heap: BinaryHeap::new(),
            spare: 0,
            stats: Stats::default(),
            clock: Instant::now(),
        };
        if let Some(h) = h0 {
            run.heap.push(Reverse((h, Reverse(G::Cost::default()), 0)));
        }
        run
    }

    /// Bytes held by every buffer but the arena.
    fn others(&self) -> u64 {
        self.cost.held() + self.h.held() + self.heap.held()
    }

    /// Bytes held by the whole search.
    fn held(&self) -> u64 {
        self.arena.held() + self.others()
    }

    /// Room for one more state and its queue entry (an edge adds at most one to each
    /// buffer): one comparison while `spare` lasts, the budget's arithmetic when a buffer
    /// must grow.
    #[inline]
    fn make_room(&mut self) -> Result<(), StopReason> {
        if self.spare == 0 {
            let peak = self.arena.make_room(self.others(), self.limits)?;
            self.stats.hold_bytes(peak);
            let arena = self.arena.held();
            let (h, heap) = (self.h.held(), self.heap.held());
            reserve(&mut self.cost, 1, arena + h + heap, self.limits)?;
            reserve(&mut self.h, 1, arena + self.cost.held() + heap, self.limits)?;
            reserve(
                &mut self.heap,
                1,
                arena + self.cost.held() + self.h.held(),
                self.limits,
            )?;
            self.spare = self
                .arena
                .spare()
                .min(self.cost.capacity() - self.cost.len())
                .min(self.h.capacity() - self.h.len())
                .min(self.heap.capacity() - self.heap.len());
        }
        self.spare -= 1;
        Ok(())
    }

    /// The stop, with what the search held when it stopped.
    fn stopped(&mut self, reason: StopReason, f: G::Cost) -> Stopped {
        let held = self.held();
        self.stats.hold_bytes(held);
        self.stats.elapsed = self.clock.elapsed();
        Stopped {
            reason,
            stats: self.stats,
            lower_bound: Some(Bound::of(&f)),
        }
    }

    /// Runs until the first goal is taken from the queue.
    fn search(mut self, mut is_goal: impl FnMut(&G::State) -> bool) -> SearchResult<G> {
        let mut edges = Vec::new();
        while let Some(Reverse((f, Reverse(g), i))) = self.heap.pop() {
            if g > self.cost[i as usize] {
                continue; // a cheaper route to this state was queued after this entry
            }
            let state = self.arena.states[i as usize];
            if is_goal(&state) {
                self.stats.elapsed = self.clock.elapsed();
                let path = self.arena.path_to(i, g);
                let held = self.held() + edges.held() + path.steps.held();
                self.stats.hold_bytes(held);
                return Ok(Found {
                    path: Some(path),
                    stats: self.stats,
                });
            }
            if let Err(reason) = self
                .limits
                .expand(&mut self.stats, self.graph, &state, &mut edges)
            {
                return Err(self.stopped(reason, f));
            }
            for edge in &edges {
                let cost = g + edge.cost;
                // room for a new state and its queue entry, or the search stops here: `f` is
                // still the smallest `cost + bound` open
                if let Err(reason) = self.make_room() {
                    return Err(self.stopped(reason, f));
                }
                let (j, new) = self.arena.insert(i, edge);
                let h = if new {
                    let h = (self.bound)(&edge.to);
                    self.cost.push(cost);
                    self.h.push(h);
                    if let Err(reason) = self.limits.check_states(self.arena.len()) {
                        self.stats.hold_states(self.arena.len());
                        return Err(self.stopped(reason, f));
                    }
                    h
                } else {
                    match self.h[j as usize] {
                        Some(h) if cost < self.cost[j as usize] => {
                            self.cost[j as usize] = cost;
                            self.arena.parents[j as usize] = (i, Some(edge.mv));
                            Some(h)
                        }
                        _ => None,
                    }
                };
                if let Some(h) = h {
                    self.heap.push(Reverse((cost + h, Reverse(cost), j)));
                }
            }
            self.stats.hold_states(self.arena.len());
        }
        let held = self.held() + edges.held();
        self.stats.hold_bytes(held);
        self.stats.elapsed = self.clock.elapsed();
        Ok(Found {
            path: None,
            stats: self.stats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astar;
    use crate::test_graphs::{Grid, Line, Weighted};

    #[test]
    fn pruning_with_a_plain_bound_matches_astar() {
        let grid = Grid::new(&[
            "..........",
            "..######..",
            "..#....#..",
            "..#.##.#..",
            "..........",
        ]);
        let goal = (3, 2); // inside the box, entered from below
        let manhattan =
            |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs();
        let a = astar(&grid, (0, 0), |&s| s == goal, manhattan, &Limits::none()).unwrap();
        let b = astar_pruning(
            &grid,
            (0, 0),
            |&s| s == goal,
            |s| Some(manhattan(s)),
            &Limits::none(),
        )
        .unwrap();
        assert_eq!(a.path.unwrap().cost, b.path.unwrap().cost);
    }

    #[test]
    fn dead_states_are_never_entered() {
        // 0 -> 1 -> 3 costs 2, 0 -> 2 -> 3 costs 4; declaring 1 dead forces the dearer route
        let g = Weighted {
            edges: vec![(0, 1, 1), (1, 3, 1), (0, 2, 2), (2, 3, 2)],
        };
        let path = astar_pruning(
            &g,
            0,
            |&s| s == 3,
            |&s| (s != 1).then_some(0),
            &Limits::none(),
        )
        .unwrap()
        .path
        .unwrap();
        let states: Vec<u32> = path.steps.iter().map(|&(_, s)| s).collect();
        assert_eq!((path.cost, path.start, states), (4, 0, vec![2, 3]));
        // a dead start: no path, nothing expanded
        let none = astar_pruning(&g, 0, |&s| s == 3, |_| None, &Limits::none()).unwrap();
        assert!(none.path.is_none() && none.stats.expanded == 0);
    }

    #[test]
    fn a_stopped_search_reports_a_valid_bound() {
        let err = astar_pruning(
            &Line(1000),
            0,
            |&s| s == 999,
            |&s| Some(999 - s),
            &Limits::states(10),
        )
        .unwrap_err();
        let b = err.lower_bound.unwrap().0[0];
        assert!(b <= 999);
    }
}
