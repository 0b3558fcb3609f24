use crate::graph::Graph;
use crate::limits::Stopped;
use crate::stats::Stats;

/// A route through a graph: the start state, then each move with the state it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path<S, M, C> {
    /// Where the path begins.
    pub start: S,
    /// Each move and the state after it, in order.
    pub steps: Vec<(M, S)>,
    /// The path's total cost under the graph's metric.
    pub cost: C,
}

impl<S: Copy, M: Copy, C> Path<S, M, C> {
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True for the empty path (the start already was a goal).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The moves alone, for printing a solution.
    pub fn moves(&self) -> Vec<M> {
        self.steps.iter().map(|&(m, _)| m).collect()
    }
}

/// The result of a search that ran to completion: the path, if one exists, and the work done.
#[derive(Clone, Debug)]
pub struct Found<S, M, C> {
    /// The optimal path, or `None` when no goal is reachable (within the depth limit, if any).
    pub path: Option<Path<S, M, C>>,
    /// What the search did.
    pub stats: Stats,
}

/// What a completed search over `G` returns: the optimal path, if any, and statistics.
pub type FoundIn<G> = Found<<G as Graph>::State, <G as Graph>::Move, <G as Graph>::Cost>;

/// The outcome of a search over `G`: an answer, or the limit that stopped it.
pub type SearchResult<G> = Result<FoundIn<G>, Stopped>;

/// Sums the edge costs along a path by asking the graph for each edge again; paths are short
/// compared with the search, so this costs nothing measurable and keeps the hot loop lean.
pub(crate) fn path_cost<G: Graph>(graph: &G, path: &Path<G::State, G::Move, G::Cost>) -> G::Cost {
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
