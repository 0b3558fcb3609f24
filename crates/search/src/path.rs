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

    /// Every state visited, start included.
    pub fn states(&self) -> Vec<S> {
        std::iter::once(self.start)
            .chain(self.steps.iter().map(|&(_, s)| s))
            .collect()
    }

    /// The state the path ends in.
    pub fn end(&self) -> S {
        self.steps.last().map_or(self.start, |&(_, s)| s)
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
