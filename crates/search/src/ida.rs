use crate::bfs::path_cost;
use crate::cost::Bound;
use crate::graph::Graph;
use crate::graph::SearchResult;
use crate::limits::{Limits, StopReason, Stopped, CLOCK_EVERY};
use crate::path::{Found, Path};
use crate::stats::Stats;
use std::time::Instant;

/// Iterative-deepening A*: depth-first searches with a growing bound on `cost + lower_bound`.
///
/// Memory is proportional to the solution depth, not the number of states, which suits deep
/// searches with a good bound. States on the current path are never revisited; other
/// transpositions are re-searched (the price of using no table). `limits.max_states` caps the
/// total number of expansions here, since IDA* stores almost nothing. `max_cost`, when given,
/// ends the search with no path once the bound exceeds it.
pub fn ida_star<G: Graph>(
    graph: &G,
    start: G::State,
    mut is_goal: impl FnMut(&G::State) -> bool,
    mut lower_bound: impl FnMut(&G::State) -> G::Cost,
    max_cost: Option<G::Cost>,
    limits: &Limits,
) -> SearchResult<G> {
    let clock = Instant::now();
    let mut search = Ida {
        graph,
        is_goal: &mut is_goal,
        lower_bound: &mut lower_bound,
        limits,
        stats: Stats::default(),
        path: vec![start],
        moves: Vec::new(),
        buffers: Vec::new(),
    };
    let mut bound = (search.lower_bound)(&start);
    loop {
        if max_cost.is_some_and(|m| bound > m) {
            search.stats.elapsed = clock.elapsed();
            return Ok(Found {
                path: None,
                stats: search.stats,
            });
        }
        match search.dfs(G::Cost::default(), bound) {
            Ok(Probe::Found) => {
                let mut path = Path {
                    start,
                    steps: search
                        .moves
                        .iter()
                        .copied()
                        .zip(search.path[1..].iter().copied())
                        .collect(),
                    cost: G::Cost::default(),
                };
                path.cost = path_cost(graph, &path);
                search.stats.elapsed = clock.elapsed();
                return Ok(Found {
                    path: Some(path),
                    stats: search.stats,
                });
            }
            Ok(Probe::Exceeded(Some(next))) => bound = next,
            Ok(Probe::Exceeded(None)) => {
                search.stats.elapsed = clock.elapsed();
                return Ok(Found {
                    path: None,
                    stats: search.stats,
                });
            }
            Err(reason) => {
                let mut stats = search.stats;
                stats.elapsed = clock.elapsed();
                return Err(Stopped {
                    reason,
                    stats,
                    lower_bound: Some(Bound::of(&bound)),
                });
            }
        }
    }
}

enum Probe<C> {
    Found,
    /// The goal was not within the bound; the smallest `f` that exceeded it, if any did.
    Exceeded(Option<C>),
}

struct Ida<'a, G: Graph, F, H> {
    graph: &'a G,
    is_goal: &'a mut F,
    lower_bound: &'a mut H,
    limits: &'a Limits,
    stats: Stats,
    path: Vec<G::State>,
    moves: Vec<G::Move>,
    /// One successor buffer per depth, reused across iterations.
    buffers: Vec<Vec<crate::EdgeOf<G>>>,
}

impl<G, F, H> Ida<'_, G, F, H>
where
    G: Graph,
    F: FnMut(&G::State) -> bool,
    H: FnMut(&G::State) -> G::Cost,
{
    fn dfs(&mut self, g: G::Cost, bound: G::Cost) -> Result<Probe<G::Cost>, StopReason> {
        let state = *self.path.last().expect("path holds the start");
        let f = g + (self.lower_bound)(&state);
        if f > bound {
            return Ok(Probe::Exceeded(Some(f)));
        }
        if (self.is_goal)(&state) {
            return Ok(Probe::Found);
        }
        if self.stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
            self.limits.check_clock()?;
        }
        self.stats.expanded += 1;
        self.limits.check_states(self.stats.expanded as usize)?;
        let depth = self.moves.len();
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut edges = std::mem::take(&mut self.buffers[depth]);
        edges.clear();
        self.graph.successors(&state, &mut edges);
        self.stats.generated += edges.len() as u64;
        self.stats
            .hold(self.path.len(), std::mem::size_of::<G::State>() * 8);
        let mut next: Option<G::Cost> = None;
        for edge in &edges {
            if self.path.contains(&edge.to) {
                continue;
            }
            self.path.push(edge.to);
            self.moves.push(edge.mv);
            match self.dfs(g + edge.cost, bound) {
                Ok(Probe::Found) => {
                    self.buffers[depth] = edges;
                    return Ok(Probe::Found);
                }
                Ok(Probe::Exceeded(Some(c))) => next = Some(next.map_or(c, |n: G::Cost| n.min(c))),
                Ok(Probe::Exceeded(None)) => {}
                Err(e) => return Err(e),
            }
            self.path.pop();
            self.moves.pop();
        }
        self.buffers[depth] = edges;
        Ok(Probe::Exceeded(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_graphs::{Grid, Weighted};
    use crate::{bfs, dijkstra};

    #[test]
    fn ida_matches_bfs_on_a_maze() {
        let grid = Grid::new(&["....#", ".##.#", ".#...", ".#.#.", "...#."]);
        let goal = (4, 4);
        let h = |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs();
        let ida = ida_star(&grid, (0, 0), |&s| s == goal, h, None, &Limits::none()).unwrap();
        let reference = bfs(&grid, (0, 0), |&s| s == goal, &Limits::none()).unwrap();
        let path = ida.path.unwrap();
        assert_eq!(path.len(), reference.path.unwrap().len());
        assert_eq!(path.end(), goal);
    }

    #[test]
    fn ida_matches_dijkstra_with_weights() {
        let g = Weighted {
            edges: vec![
                (0, 3, 10),
                (0, 1, 4),
                (1, 2, 1),
                (2, 3, 1),
                (1, 3, 7),
                (0, 2, 6),
            ],
        };
        let ida = ida_star(&g, 0, |&s| s == 3, |_| 0, None, &Limits::none()).unwrap();
        let dj = dijkstra(&g, 0, |&s| s == 3, &Limits::none()).unwrap();
        assert_eq!(ida.path.unwrap().cost, dj.path.unwrap().cost);
    }

    #[test]
    fn ida_gives_up_past_max_cost_and_on_unreachable() {
        let g = Weighted {
            edges: vec![(0, 1, 1), (1, 0, 1)],
        };
        let none = ida_star(&g, 0, |&s| s == 5, |_| 0, Some(20), &Limits::none()).unwrap();
        assert!(none.path.is_none());
    }

    #[test]
    fn ida_respects_expansion_cap() {
        let grid = Grid::new(&["........", "........", "........", "........"]);
        let err =
            ida_star(&grid, (0, 0), |_| false, |_| 0, None, &Limits::states(100)).unwrap_err();
        assert_eq!(err.reason, StopReason::StateLimit(100));
    }
}
