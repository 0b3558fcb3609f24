//! What every whole-component explorer answers, whichever one built the component.
//!
//! Three explorers keep different things (every edge, states only, one link per slot: see
//! [`crate::EdgeComponent`], [`crate::CompactComponent`], [`crate::slots::SlotComponent`]),
//! and so answer different further questions cheaply; all three number the states of the
//! component densely in breadth-first order from the start and answer the questions below the
//! same way. All three are built the same way too: `new()` once, then
//! `explore(&graph, start, &limits)` for each start, reusing the memory.

use std::hash::Hash;

/// Distance of a state from which no goal (or source) can be reached.
pub const UNREACHABLE: u32 = u32::MAX;

/// An explored component: its states numbered `0..len()` in breadth-first order from the
/// start (state 0).
pub trait Component {
    /// The graph's state.
    type State: Copy + Eq + Hash;

    /// Number of states of the last explored component.
    fn len(&self) -> usize;

    /// True before the first exploration.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The state numbered `i`.
    fn state(&self, i: u32) -> Self::State;

    /// The number of `state`, if it belongs to the component.
    fn index_of(&self, state: &Self::State) -> Option<u32>;

    /// Fewest edges from the start to state `i`, read off the breadth-first order.
    fn depth(&self, i: u32) -> u32;

    /// Every state, in breadth-first order from the start.
    fn states(&self) -> impl ExactSizeIterator<Item = Self::State> + '_ {
        (0..self.len() as u32).map(|i| self.state(i))
    }

    /// Writes into `out` the numbers of the states for which `pred` holds, in increasing
    /// order (so the first is one nearest the start).
    fn find_into(&self, mut pred: impl FnMut(&Self::State) -> bool, out: &mut Vec<u32>) {
        out.clear();
        out.extend((0..self.len() as u32).filter(|&i| pred(&self.state(i))));
    }
}
