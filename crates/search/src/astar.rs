use crate::arena::Arena;
use crate::cost::{Bound, Cost};
use crate::graph::Graph;
use crate::limits::{Limits, Stopped};
use crate::memory::{reserve, Held};
use crate::path::{path_cost, Found, SearchResult};
use crate::stats::Stats;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

/// Dijkstra's algorithm: the cheapest path under the graph's [`Cost`], which may be any
/// ordered additive type, including lexicographic [`crate::Lex`] pairs.
///
/// It is [`astar`] with a heuristic of zero.
pub fn dijkstra<G: Graph>(
    graph: &G,
    start: G::State,
    is_goal: impl FnMut(&G::State) -> bool,
    limits: &Limits,
) -> SearchResult<G> {
    astar(graph, start, is_goal, |_| G::Cost::default(), limits)
}

/// A*: the cheapest path, guided by `lower_bound(state)`, which must never exceed the true
/// remaining cost to a goal (admissible). Inconsistent bounds are handled by re-opening states
/// whose cost improves, so admissibility alone guarantees optimality.
///
/// Ties on `cost + bound` go to the state with the larger cost so far (closer to a goal), then
/// to the state queued first, so results are deterministic. When stopped by a limit, the
/// reported lower bound is the smallest `cost + bound` still queued: no solution is cheaper.
pub fn astar<G: Graph>(
    graph: &G,
    start: G::State,
    mut is_goal: impl FnMut(&G::State) -> bool,
    mut lower_bound: impl FnMut(&G::State) -> G::Cost,
    limits: &Limits,
) -> SearchResult<G> {
    let clock = Instant::now();
    let mut stats = Stats::default();
    let mut arena = Arena::<G>::new(start);
    let mut best: Vec<G::Cost> = vec![G::Cost::default()];
    let mut heap = BinaryHeap::new();
    let mut seq = 0u64;
    heap.push(Reverse((
        lower_bound(&start),
        Reverse(G::Cost::default()),
        seq,
        0u32,
    )));
    let mut edges = Vec::new();
    let mut spare = 0usize;

    while let Some(Reverse((f, Reverse(g), _, i))) = heap.pop() {
        if g > best[i as usize] {
            continue; // a cheaper route to this state was found after this entry was queued
        }
        let state = arena.states[i as usize];
        if is_goal(&state) {
            stats.elapsed = clock.elapsed();
            let mut path = arena.path_to(i, g);
            path.cost = path_cost(graph, &path);
            let held = arena.held() + best.held() + heap.held() + edges.held();
            stats.hold_bytes(held + path.steps.held());
            debug_assert_eq!(path.cost, g);
            return Ok(Found {
                path: Some(path),
                stats,
            });
        }
        if let Err(reason) = limits.expand(&mut stats, graph, &state, &mut edges) {
            return Err(stopped(reason, stats, clock, f));
        }
        for edge in &edges {
            let cost = g + edge.cost;
            // room for a new state and its queue entry, or the search stops here: `f` is
            // still the smallest `cost + bound` open
            // (an edge adds at most one entry to each buffer: `spare` counts down)
            if spare == 0 {
                let others = best.held() + heap.held() + edges.held();
                let room = arena.make_room(others, limits).and_then(|peak| {
                    stats.hold_bytes(peak);
                    reserve(&mut best, 1, arena.held() + heap.held(), limits)?;
                    reserve(&mut heap, 1, arena.held() + best.held(), limits)
                });
                if let Err(reason) = room {
                    stats.hold_bytes(arena.held() + best.held() + heap.held() + edges.held());
                    return Err(stopped(reason, stats, clock, f));
                }
                let queue = (best.capacity() - best.len()).min(heap.capacity() - heap.len());
                spare = arena.spare().min(queue);
            }
            spare -= 1;
            let (j, new) = arena.insert(i, edge);
            if new {
                best.push(cost);
                if let Err(reason) = limits.check_states(arena.len()) {
                    stats.hold_states(arena.len() + heap.len());
                    return Err(stopped(reason, stats, clock, f));
                }
            } else if cost < best[j as usize] {
                best[j as usize] = cost;
                arena.parents[j as usize] = (i, Some(edge.mv));
            } else {
                continue;
            }
            seq += 1;
            let h = lower_bound(&edge.to);
            heap.push(Reverse((cost + h, Reverse(cost), seq, j)));
        }
        stats.hold_states(arena.len() + heap.len());
    }
    stats.hold_bytes(arena.held() + best.held() + heap.held() + edges.held());
    stats.elapsed = clock.elapsed();
    Ok(Found { path: None, stats })
}

fn stopped<C: Cost>(
    reason: crate::StopReason,
    mut stats: Stats,
    clock: Instant,
    bound: C,
) -> Stopped {
    stats.elapsed = clock.elapsed();
    Stopped {
        reason,
        stats,
        lower_bound: Some(Bound::of(&bound)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_graphs::{Grid, Line, Weighted};
    use crate::{bfs, Lex};

    #[test]
    fn dijkstra_prefers_cheap_long_route() {
        // 0 -> 3 directly costs 10; 0 -> 1 -> 2 -> 3 costs 3.
        let g = Weighted {
            edges: vec![(0, 3, 10), (0, 1, 1), (1, 2, 1), (2, 3, 1)],
        };
        let path = dijkstra(&g, 0, |&s| s == 3, &Limits::none())
            .unwrap()
            .path
            .unwrap();
        assert_eq!(path.cost, 3);
        assert_eq!(path.moves(), vec![1, 2, 3]);
    }

    #[test]
    fn dijkstra_reports_unreachable() {
        let g = Weighted {
            edges: vec![(0, 1, 1), (2, 3, 1)],
        };
        assert!(dijkstra(&g, 0, |&s| s == 3, &Limits::none())
            .unwrap()
            .path
            .is_none());
    }

    #[test]
    fn astar_with_manhattan_matches_bfs_and_expands_less() {
        let grid = Grid::new(&[
            "..........",
            "..........",
            "..######..",
            "..........",
            "..........",
        ]);
        let goal = (9, 4);
        let manhattan =
            |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs();
        let a = astar(&grid, (0, 0), |&s| s == goal, manhattan, &Limits::none()).unwrap();
        let b = bfs(&grid, (0, 0), |&s| s == goal, &Limits::none()).unwrap();
        assert_eq!(a.path.as_ref().unwrap().len(), b.path.unwrap().len());
        assert_eq!(a.path.unwrap().cost, 13);
        assert!(a.stats.expanded < b.stats.expanded);
    }

    #[test]
    fn astar_stop_reports_a_valid_lower_bound() {
        let err = astar(
            &Line(1000),
            0,
            |&s| s == 999,
            |&s| 999 - s,
            &Limits::states(10),
        )
        .unwrap_err();
        let bound = err.lower_bound.unwrap().0[0] as u32;
        assert!(bound <= 999);
    }

    /// Lexicographic costs: fewest "moves" first, then fewest "cycles".
    struct TwoCost;
    impl Graph for TwoCost {
        type State = u8;
        type Move = &'static str;
        type Cost = Lex<u32, u32>;
        fn successors(&self, &s: &u8, out: &mut Vec<crate::Edge<u8, &'static str, Lex<u32, u32>>>) {
            match s {
                // Route a: one move, five cycles. Route b: two moves, two cycles.
                0 => {
                    out.push(crate::Edge::new("a", 1, Lex(1, 5)));
                    out.push(crate::Edge::new("b1", 2, Lex(1, 1)));
                }
                2 => out.push(crate::Edge::new("b2", 1, Lex(1, 1))),
                _ => {}
            }
        }
    }

    #[test]
    fn lexicographic_cost_minimises_first_component_first() {
        let path = dijkstra(&TwoCost, 0, |&s| s == 1, &Limits::none())
            .unwrap()
            .path
            .unwrap();
        assert_eq!(path.moves(), vec!["a"]);
        assert_eq!(path.cost, Lex(1, 5));
    }
}
