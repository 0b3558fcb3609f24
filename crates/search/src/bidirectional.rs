use crate::bfs::path_cost;
use crate::cost::Bound;
use crate::graph::SearchResult;
use crate::graph::{Edge, Reversible};
use crate::limits::{Limits, StopReason, Stopped, CLOCK_EVERY};
use crate::memory::{reserve, reserve_map, Held};
use crate::path::{Found, Path};
use crate::stats::Stats;
use rustc_hash::FxHashMap;
use std::time::Instant;

/// Bidirectional breadth-first search in a reversible graph: one search from `start`, one from
/// all of `goals`, each expanding a whole layer at a time (the smaller frontier first), until
/// they meet. Finds a path with the fewest edges while storing roughly the square root of the
/// states a one-sided search would.
///
/// The backward half of the path is relabelled with forward moves by asking the graph for the
/// edge between each pair of states, so [`Reversible`] graphs need no inverse-move function.
pub fn bidirectional_bfs<G: Reversible>(
    graph: &G,
    start: G::State,
    goals: &[G::State],
    limits: &Limits,
) -> SearchResult<G> {
    let clock = Instant::now();
    let mut stats = Stats::default();
    // state -> (parent state, depth); the roots are their own parents.
    let mut fwd: FxHashMap<G::State, (G::State, u32)> = FxHashMap::default();
    let mut bwd: FxHashMap<G::State, (G::State, u32)> = FxHashMap::default();
    fwd.insert(start, (start, 0));
    for &g in goals {
        bwd.insert(g, (g, 0));
    }
    if bwd.contains_key(&start) {
        stats.elapsed = clock.elapsed();
        return Ok(finish(graph, start, start, &fwd, &bwd, stats));
    }
    let mut fwd_layer = vec![start];
    let mut bwd_layer: Vec<G::State> = bwd.keys().copied().collect();
    let mut edges: Vec<Edge<G::State, G::Move, G::Cost>> = Vec::new();
    let mut depth_sum = 0u32;

    while !fwd_layer.is_empty() && !bwd_layer.is_empty() {
        let forward = fwd_layer.len() <= bwd_layer.len();
        let idle = if forward {
            bwd_layer.held()
        } else {
            fwd_layer.held()
        };
        let (layer, seen, other) = if forward {
            (&mut fwd_layer, &mut fwd, &bwd)
        } else {
            (&mut bwd_layer, &mut bwd, &fwd)
        };
        let mut next = Vec::new();
        let mut best: Option<(u32, G::State)> = None;
        for &s in layer.iter() {
            if stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
                if let Err(reason) = limits.check_clock() {
                    return Err(stop(reason, stats, clock, depth_sum + 1));
                }
            }
            stats.expanded += 1;
            let depth = seen[&s].1;
            edges.clear();
            graph.successors(&s, &mut edges);
            stats.generated += edges.len() as u64;
            for e in &edges {
                if seen.contains_key(&e.to) {
                    continue;
                }
                if seen.len() == seen.capacity() || next.len() == next.capacity() {
                    let others = idle + layer.held() + other.held() + edges.held();
                    let room =
                        reserve_map(seen, 1, others + next.held(), limits).and_then(|peak| {
                            stats.hold_bytes(peak);
                            reserve(&mut next, 1, others + seen.held(), limits)
                        });
                    if let Err(reason) = room {
                        stats.hold_bytes(others + seen.held() + next.held());
                        return Err(stop(reason, stats, clock, depth_sum + 1));
                    }
                }
                seen.insert(e.to, (s, depth + 1));
                next.push(e.to);
                if let Err(reason) = limits.check_states(seen.len() + other.len()) {
                    stats.hold_states(seen.len() + other.len());
                    return Err(stop(reason, stats, clock, depth_sum + 1));
                }
                if let Some(&(_, d)) = other.get(&e.to) {
                    let total = depth + 1 + d;
                    if best.is_none_or(|(b, _)| total < b) {
                        best = Some((total, e.to));
                    }
                }
            }
        }
        stats.hold_bytes(idle + layer.held() + seen.held() + other.held() + next.held());
        stats.hold_states(fwd.len() + bwd.len());
        depth_sum += 1;
        if let Some((_, meet)) = best {
            stats.elapsed = clock.elapsed();
            return Ok(finish(graph, start, meet, &fwd, &bwd, stats));
        }
        if forward {
            fwd_layer = next;
        } else {
            bwd_layer = next;
        }
    }
    stats.elapsed = clock.elapsed();
    Ok(Found { path: None, stats })
}

fn stop(reason: StopReason, mut stats: Stats, clock: Instant, bound: u32) -> Stopped {
    stats.elapsed = clock.elapsed();
    Stopped {
        reason,
        stats,
        lower_bound: Some(Bound::of(&bound)),
    }
}

/// Joins the two half-paths at `meet` and names every move in the forward direction.
fn finish<G: Reversible>(
    graph: &G,
    start: G::State,
    meet: G::State,
    fwd: &FxHashMap<G::State, (G::State, u32)>,
    bwd: &FxHashMap<G::State, (G::State, u32)>,
    stats: Stats,
) -> Found<G::State, G::Move, G::Cost> {
    let mut states = vec![meet];
    let mut at = meet;
    while fwd[&at].0 != at {
        at = fwd[&at].0;
        states.push(at);
    }
    states.reverse();
    let mut at = meet;
    while bwd[&at].0 != at {
        at = bwd[&at].0;
        states.push(at);
    }
    let mut steps = Vec::with_capacity(states.len());
    let mut edges = Vec::new();
    for pair in states.windows(2) {
        edges.clear();
        graph.successors(&pair[0], &mut edges);
        let edge = edges
            .iter()
            .filter(|e| e.to == pair[1])
            .min_by_key(|e| e.cost)
            .expect("Reversible graph has an edge for every reverse edge");
        steps.push((edge.mv, pair[1]));
    }
    let mut path = Path {
        start,
        steps,
        cost: Default::default(),
    };
    path.cost = path_cost(graph, &path);
    Found {
        path: Some(path),
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bfs;
    use crate::test_graphs::{Grid, Line};

    #[test]
    fn meets_in_the_middle_with_optimal_length() {
        let grid = Grid::new(&[
            "...........",
            ".#########.",
            ".#.......#.",
            ".#.#####.#.",
            "...#...#...",
        ]);
        let goal = (6, 2);
        let bi = bidirectional_bfs(&grid, (0, 0), &[goal], &Limits::none()).unwrap();
        let uni = bfs(&grid, (0, 0), |&s| s == goal, &Limits::none()).unwrap();
        let path = bi.path.unwrap();
        assert_eq!(path.len(), uni.path.unwrap().len());
        assert_eq!(path.end(), goal);
        for pair in path.states().windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1);
        }
    }

    #[test]
    fn several_goals_take_the_nearest() {
        let bi = bidirectional_bfs(&Line(100), 50, &[10, 57, 90], &Limits::none()).unwrap();
        let path = bi.path.unwrap();
        assert_eq!(path.len(), 7);
        assert_eq!(path.end(), 57);
        assert_eq!(path.moves(), vec![1; 7]);
    }

    #[test]
    fn start_on_goal_and_unreachable() {
        let bi = bidirectional_bfs(&Line(10), 4, &[4], &Limits::none()).unwrap();
        assert!(bi.path.unwrap().is_empty());
        let grid = Grid::new(&["..#.."]);
        let none = bidirectional_bfs(&grid, (0, 0), &[(4, 0)], &Limits::none()).unwrap();
        assert!(none.path.is_none());
    }

    #[test]
    fn agrees_with_bfs_on_every_pair_of_a_line() {
        let line = Line(12);
        for a in 0..12 {
            for b in 0..12 {
                let bi = bidirectional_bfs(&line, a, &[b], &Limits::none()).unwrap();
                assert_eq!(bi.path.unwrap().len() as u32, a.abs_diff(b));
            }
        }
    }
}
