use crate::arena::Arena;
use crate::cost::Bound;
use crate::graph::Graph;
use crate::graph::SearchResult;
use crate::limits::{Limits, Stopped, CLOCK_EVERY};
use crate::memory::Held;
use crate::path::Found;
use crate::stats::Stats;
use std::time::Instant;

/// Breadth-first search for a path with the fewest edges (edge costs are ignored; the
/// returned path's `cost` is its number of edges as the graph's cost type counts them).
///
/// Equivalent to [`bfs_with_depth`] with no depth limit.
pub fn bfs<G: Graph>(
    graph: &G,
    start: G::State,
    is_goal: impl FnMut(&G::State) -> bool,
    limits: &Limits,
) -> SearchResult<G> {
    bfs_with_depth(graph, start, is_goal, None, limits)
}

/// Layered breadth-first search: expands the states at distance 0, then 1, ..., stopping at the
/// first layer that holds a goal, or after `max_depth` layers.
///
/// Within a layer, states are expanded in the order they were discovered and each state's
/// successors in the order the graph yields them, so the answer is deterministic. When the
/// search stops on a limit, the lower bound it reports is the first layer not fully explored.
pub fn bfs_with_depth<G: Graph>(
    graph: &G,
    start: G::State,
    mut is_goal: impl FnMut(&G::State) -> bool,
    max_depth: Option<u32>,
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
        if layer_start == layer_end || max_depth.is_some_and(|d| depth >= d) {
            stats.hold_states(arena.len());
            stats.hold_bytes(arena.held() + edges.held());
            stats.elapsed = clock.elapsed();
            return Ok(Found { path: None, stats });
        }
        for i in layer_start..layer_end {
            if stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
                if let Err(reason) = limits.check_clock() {
                    return stop(reason, stats, depth + 1);
                }
            }
            stats.expanded += 1;
            edges.clear();
            graph.successors(&arena.states[i], &mut edges);
            stats.generated += edges.len() as u64;
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

/// Sums the edge costs along a path by asking the graph for each edge again; paths are short
/// compared with the search, so this costs nothing measurable and keeps the hot loop lean.
pub(crate) fn path_cost<G: Graph>(
    graph: &G,
    path: &crate::path::Path<G::State, G::Move, G::Cost>,
) -> G::Cost {
    let mut total = G::Cost::default();
    let mut at = path.start;
    let mut edges = Vec::new();
    for &(_, next) in &path.steps {
        edges.clear();
        graph.successors(&at, &mut edges);
        let cost = edges
            .iter()
            .filter(|e| e.to == next)
            .map(|e| e.cost)
            .min()
            .unwrap_or_default();
        total = total + cost;
        at = next;
    }
    total
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
        assert_eq!(path.end(), (4, 0));
        // every step is a real edge
        for pair in path.states().windows(2) {
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
    fn depth_limit_cuts_the_search() {
        let line = Line(100);
        let within = bfs_with_depth(&line, 0, |&s| s == 5, Some(5), &Limits::none()).unwrap();
        assert_eq!(within.path.unwrap().len(), 5);
        let beyond = bfs_with_depth(&line, 0, |&s| s == 6, Some(5), &Limits::none()).unwrap();
        assert!(beyond.path.is_none());
    }

    #[test]
    fn state_cap_stops_with_lower_bound() {
        let err = bfs(&Line(1000), 0, |&s| s == 900, &Limits::states(50)).unwrap_err();
        assert_eq!(err.reason, crate::StopReason::StateLimit(50));
        let bound = err.lower_bound.unwrap().0[0] as u32;
        assert!((20..=51).contains(&bound), "bound {bound}");
    }

    #[test]
    fn path_cost_sums_edge_costs() {
        // Line edges cost 1, so cost equals length.
        let found = bfs(&Line(10), 0, |&s| s == 7, &Limits::none()).unwrap();
        assert_eq!(found.path.unwrap().cost, 7);
    }
}
