//! The graphs the engine searches, written once over [`Model`] and compiled for each board
//! model: one-cell steps, whole slides, and slides ranked by two metrics.

use super::model::Model;
use super::moves::Move;
use gridlock_search::{Edge, Graph, Lex, Reversible};

/// The step graph: one cell per edge, cost 1. Its breadth-first distance is the contest's
/// step count (before the exit steps).
pub struct Steps<'a, M>(pub &'a M);

/// The slide graph: one edge per legal slide, costing its distance in cells. Breadth-first
/// search (edge count) gives moves.
pub struct Slides<'a, M>(pub &'a M);

/// The engine's view of a move graph: the model's moves (`$each`), each edge costing the
/// cells it travels (1 for a step); every move can be taken back.
macro_rules! move_graph {
    ($graph:ident, $each:ident) => {
        impl<M: Model> Graph for $graph<'_, M> {
            type State = M::State;
            type Move = Move;
            type Cost = u32;
            #[inline]
            fn successors(&self, p: &M::State, out: &mut Vec<Edge<M::State, Move, u32>>) {
                self.0
                    .$each(p, |m, q| out.push(Edge::new(m, q, m.distance())));
            }
        }

        impl<M: Model> Reversible for $graph<'_, M> {}
    };
}

move_graph!(Steps, for_each_step);
move_graph!(Slides, for_each_slide);

/// Slides ranked lexicographically: by the chosen metric first, the other second. Dijkstra
/// on it finds, among all optimal solutions, one that is also best in the other metric.
pub struct Ranked<'a, M> {
    /// The board model.
    pub model: &'a M,
    /// True: (moves, steps); false: (steps, moves).
    pub moves_first: bool,
}

impl<M: Model> Graph for Ranked<'_, M> {
    type State = M::State;
    type Move = Move;
    type Cost = Lex<u32, u32>;
    fn successors(&self, p: &M::State, out: &mut Vec<Edge<M::State, Move, Lex<u32, u32>>>) {
        let moves_first = self.moves_first;
        self.model.for_each_slide(p, |m, q| {
            let cost = if moves_first {
                Lex(1, m.distance())
            } else {
                Lex(m.distance(), 1)
            };
            out.push(Edge::new(m, q, cost));
        });
    }
}
