use crate::arena::Arena;
use crate::cost::Bound;
use crate::graph::Graph;
use crate::limits::{Limits, Stopped};
use crate::memory::Held;
use crate::path::{path_cost, Found, SearchResult};
use crate::stats::Stats;
use std::time::Instant;

/// Breadth-first search for a path with the fewest edges (edge costs are ignored in the
/// search; the returned path's `cost` sums the edges' costs).
///
/// Layered: expands the states at distance 0, then 1, ..., stopping at the first layer that
/// holds a goal. Within a layer, states are expanded in the order they were discovered and
/// each state's successors in the order the graph yields them, so the answer is
/// deterministic. When the search stops on a limit, the lower bound it reports is the first
/// layer not fully explored.
pub fn bfs<G: Graph>(
    graph: &G,
    start: G::State,
    mut is_goal: impl FnMut(&G::State) -> bool,
    limits: &Limits,
) -> SearchResult<G> {
    let clock = Instant::now();
    let mut stats = Stats::default();
    let mut arena = Arena::<G>::new(start);
    let mut edges = Vec::new();
    let mut layer_start = 0usize;
    let mut depth = 0u32;
    let mut spare = 0usize;

    let stop = |reason, mut stats: Stats, depth: u32| {
        stats.elapsed = clock.elapsed();
        Err(Stopped {
            reason,
            stats,
            lower_bound: Some(Bound::of(&depth)),
        })
    };

    if is_goal(&start) {
        stats.hold_states(1);
        stats.elapsed = clock.elapsed();
        return Ok(Found {
            path: Some(arena.path_to(0, G::Cost::default())),
            stats,
        });
    }

    loop {
        let layer_end = arena.len();
        if layer_start == layer_end {
            stats.hold_states(arena.len());
            stats.hold_bytes(arena.held() + edges.held());
            stats.elapsed = clock.elapsed();
            return Ok(Found { path: None, stats });
        }
        for i in layer_start..layer_end {
            if let Err(reason) = limits.expand(&mut stats, graph, &arena.states[i], &mut edges) {
                return stop(reason, stats, depth + 1);
            }
            for edge in &edges {
                // (an edge adds at most one state: `spare` counts down)
                if spare == 0 {
                    match arena.make_room(edges.held(), limits) {
                        Ok(peak) => stats.hold_bytes(peak),
                        Err(reason) => {
                            stats.hold_bytes(arena.held() + edges.held());
                            return stop(reason, stats, depth + 1);
                        }
                    }
                    spare = arena.spare();
                }
                spare -= 1;
                let (j, new) = arena.insert(i as u32, edge);
                if !new {
                    continue;
                }
                if let Err(reason) = limits.check_states(arena.len()) {
                    stats.hold_states(arena.len());
                    stats.hold_bytes(arena.held() + edges.held());
                    return stop(reason, stats, depth + 1);
                }
                if is_goal(&edge.to) {
                    stats.hold_states(arena.len());
                    stats.elapsed = clock.elapsed();
                    let mut path = arena.path_to(j, G::Cost::default());
                    path.cost = path_cost(graph, &path);
                    stats.hold_bytes(arena.held() + edges.held() + path.steps.held());
                    return Ok(Found {
                        path: Some(path),
                        stats,
                    });
                }
            }
        }
        layer_start = layer_end;
        depth += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_graphs::{Grid, Line};

    #[test]
    fn start_that_is_a_goal_gives_empty_path() {
        let found = bfs(&Line(10), 3, |&s| s == 3, &Limits::none()).unwrap();
        let path = found.path.unwrap();
        assert!(path.is_empty());
        assert_eq!(path.cost, 0);
    }

    #[test]
    fn finds_fewest_edges_on_a_grid_with_walls() {
        // 5x5 grid, walls force a detour: shortest path from (0,0) to (4,0) has 12 edges.
        let grid = Grid::new(&["..#..", "..#..", "..#..", "..#..", "....."]);
        let found = bfs(&grid, (0, 0), |&s| s == (4, 0), &Limits::none()).unwrap();
        let path = found.path.unwrap();
        assert_eq!(path.len(), 12);
        assert_eq!(path.steps.last().map(|s| s.1), Some((4, 0)));
        // every step is a real edge
        let states: Vec<_> = std::iter::once(path.start)
            .chain(path.steps.iter().map(|s| s.1))
            .collect();
        for pair in states.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1);
        }
    }

    #[test]
    fn unreachable_goal_gives_none_after_exhausting() {
        let grid = Grid::new(&["..#..", "..#..", "..#.."]);
        let found = bfs(&grid, (0, 0), |&s| s == (4, 0), &Limits::none()).unwrap();
        assert!(found.path.is_none());
        assert_eq!(found.stats.expanded, 6);
    }

    #[test]
    fn state_cap_stops_with_lower_bound() {
        let err = bfs(&Line(1000), 0, |&s| s == 900, &Limits::states(50)).unwrap_err();
        assert_eq!(err.reason, crate::StopReason::StateLimit(50));
        let bound = err.lower_bound.unwrap().0[0] as u32;
        assert!((20..=51).contains(&bound), "bound {bound}");
    }
}
