//! Whole-component exploration of a reversible graph that stores states only: no edges, no
//! parents, no per-slot links.
//!
//! [`crate::EdgeComponent`] keeps every edge and [`crate::slots::SlotComponent`] a link per slot
//! (at most 64 slots); both cost many bytes per state. [`CompactComponent`] keeps each state
//! once, in breadth-first order from the start, and an open-addressing index of 4-byte state
//! numbers, so a state costs its own size plus about 8 bytes of index. Distances over any
//! graph with the same states (one-cell steps, or whole slides) are then computed by
//! breadth-first searches that call the successor function again and look the neighbours up
//! in the index: successors are recomputed rather than stored, which is what makes tens of
//! millions of states fit in a few hundred MiB.

use crate::component::{Component, UNREACHABLE};
use crate::graph::{Edge, Graph, Reversible};
use crate::hash::home;
use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{reserve, reserve_exact, Held};
use crate::stats::Stats;
use std::hash::Hash;
use std::time::Instant;

/// Smallest index, in entries.
const MIN_ENTRIES: usize = 64;

/// One explored component: its states in breadth-first order from the start (state 0), the
/// start's breadth-first levels, and an index from state to number.
#[derive(Clone, Debug)]
pub struct CompactComponent<S> {
    states: Vec<S>,
    /// `levels[d]`: the first state at distance `d` from the start; the last entry is the
    /// number of states.
    levels: Vec<u32>,
    /// Open addressing, linear probing: 0 empty, otherwise state number + 1.
    index: Vec<u32>,
    shift: u32,
}

impl<S> Default for CompactComponent<S> {
    fn default() -> Self {
        CompactComponent {
            states: Vec::new(),
            levels: Vec::new(),
            index: Vec::new(),
            shift: 64 - MIN_ENTRIES.trailing_zeros(),
        }
    }
}

impl<S: Copy + Eq + Hash> CompactComponent<S> {
    /// An empty component.
    pub fn new() -> Self {
        Self::default()
    }

    /// Bytes held per state: the state, its share of the index (kept between a quarter and
    /// a half full), and the `u32` distance array each metric's search fills.
    pub fn bytes_per_state(&self) -> f64 {
        let n = self.states.len().max(1) as f64;
        std::mem::size_of::<S>() as f64 + 4.0 * self.index.len() as f64 / n
    }

    /// Explores the whole component of `start` breadth-first over `graph`, replacing what was
    /// held. Stops with [`Stopped`] on the state cap, the deadline or the cancel flag.
    pub fn explore<G>(&mut self, graph: &G, start: S, limits: &Limits) -> Result<Stats, Stopped>
    where
        G: Reversible<State = S>,
    {
        let clock = Instant::now();
        let mut stats = Stats::default();
        self.states.clear();
        self.levels.clear();
        self.index.clear();
        self.index.resize(MIN_ENTRIES, 0);
        self.shift = 64 - MIN_ENTRIES.trailing_zeros();
        self.insert(start);
        self.levels.push(0);
        let mut buffer: Vec<Edge<S, G::Move, G::Cost>> = Vec::new();
        let mut level_end = 1;
        let mut i = 0;
        let mut outcome = Ok(());
        let mut spare = 0usize;
        'outer: while i < self.states.len() {
            if i == level_end {
                self.levels.push(i as u32);
                level_end = self.states.len();
            }
            if let Err(reason) = limits.expand(&mut stats, graph, &self.states[i], &mut buffer) {
                outcome = Err(reason);
                break;
            }
            for e in &buffer {
                // (an edge adds at most one state: `spare` counts down)
                if spare == 0 {
                    if let Err(reason) = self.make_room(buffer.held(), limits) {
                        outcome = Err(reason);
                        break 'outer;
                    }
                    spare = (self.states.capacity() - self.states.len())
                        .min(self.index.len() / 2 - self.states.len());
                }
                if self.insert(e.to) {
                    spare -= 1;
                    if let Err(reason) = limits.check_states(self.states.len()) {
                        outcome = Err(reason);
                        break 'outer;
                    }
                }
            }
            i += 1;
        }
        self.levels.push(self.states.len() as u32);
        stats.hold_states(self.states.len());
        stats.hold_bytes(self.held() + buffer.held());
        stats.elapsed = clock.elapsed();
        outcome.map(|()| stats).map_err(|reason| Stopped {
            reason,
            stats,
            lower_bound: None,
        })
    }

    /// Bytes held: the states, the index and the levels, by capacity.
    pub fn held(&self) -> u64 {
        self.states.held() + self.index.held() + self.levels.held()
    }

    /// Makes room for one more state within `limits`' memory budget, the search holding
    /// `others` bytes besides, so that [`CompactComponent::insert`] does not allocate.
    #[cold]
    fn make_room(&mut self, others: u64, limits: &Limits) -> Result<(), StopReason> {
        if self.states.len() == self.states.capacity() {
            let rest = others + self.index.held() + self.levels.held();
            reserve(&mut self.states, 1, rest, limits)?;
        }
        if self.states.len() * 2 >= self.index.len() {
            let more = self.index.len();
            let rest = others + self.states.held() + self.levels.held();
            reserve_exact(&mut self.index, more, rest, limits)?;
            self.grow();
        }
        Ok(())
    }

    /// Adds `state` unless it is known; true when it is new.
    #[inline]
    fn insert(&mut self, state: S) -> bool {
        if self.states.len() * 2 >= self.index.len() {
            self.grow();
        }
        let mask = self.index.len() - 1;
        let mut p = home(&state, self.shift);
        loop {
            let k = self.index[p];
            if k == 0 {
                self.states.push(state);
                self.index[p] = self.states.len() as u32;
                return true;
            }
            if self.states[k as usize - 1] == state {
                return false;
            }
            p = (p + 1) & mask;
        }
    }

    /// Doubles the index and re-enters every state.
    fn grow(&mut self) {
        let len = self.index.len() * 2;
        self.index.clear();
        self.index.resize(len, 0);
        self.shift = 64 - len.trailing_zeros();
        let mask = len - 1;
        for (k, s) in self.states.iter().enumerate() {
            let mut p = home(s, self.shift);
            while self.index[p] != 0 {
                p = (p + 1) & mask;
            }
            self.index[p] = k as u32 + 1;
        }
    }

    /// Breadth-first distances (edge counts) from `sources` over `graph`, whose states must be
    /// those of this component (a graph with the same reachable set, such as whole slides
    /// where the component was explored over one-cell steps), into `dist`
    /// ([`UNREACHABLE`] where none). With `stop`, returns as soon as that state's distance is
    /// known.
    pub fn distances_from<G>(
        &self,
        graph: &G,
        sources: &[u32],
        stop: Option<u32>,
        dist: &mut Vec<u32>,
        limits: &Limits,
    ) -> Result<Stats, Stopped>
    where
        G: Graph<State = S>,
    {
        let clock = Instant::now();
        let mut stats = Stats::default();
        let n = self.states.len();
        // the distances and the states in order of distance (a queue that is also the visit
        // order): 8 bytes a state besides the component
        let mut order: Vec<u32> = Vec::new();
        dist.clear();
        let room = reserve_exact(dist, n, self.held(), limits)
            .and_then(|()| reserve_exact(&mut order, n, self.held() + dist.held(), limits));
        if let Err(reason) = room {
            stats.hold_bytes(self.held() + dist.held());
            return Err(Stopped {
                reason,
                stats,
                lower_bound: None,
            });
        }
        dist.resize(n, UNREACHABLE);
        for &s in sources {
            if dist[s as usize] != 0 {
                dist[s as usize] = 0;
                order.push(s);
            }
        }
        let mut buffer: Vec<Edge<S, G::Move, G::Cost>> = Vec::new();
        let mut head = 0;
        while head < order.len() {
            let i = order[head];
            head += 1;
            if stop == Some(i) {
                break;
            }
            let state = &self.states[i as usize];
            if let Err(reason) = limits.expand(&mut stats, graph, state, &mut buffer) {
                stats.elapsed = clock.elapsed();
                return Err(Stopped {
                    reason,
                    stats,
                    lower_bound: None,
                });
            }
            let d = dist[i as usize] + 1;
            for e in &buffer {
                let j = self
                    .index_of(&e.to)
                    .expect("the graph stays inside the explored component");
                if dist[j as usize] == UNREACHABLE {
                    dist[j as usize] = d;
                    order.push(j);
                }
            }
        }
        stats.hold_states(self.states.len());
        stats.hold_bytes(self.held() + dist.held() + order.held() + buffer.held());
        stats.elapsed = clock.elapsed();
        Ok(stats)
    }
}

/// The compact explorer's answers: `index_of` is one probe of its index.
impl<S: Copy + Eq + Hash> Component for CompactComponent<S> {
    type State = S;

    fn len(&self) -> usize {
        self.states.len()
    }

    fn state(&self, i: u32) -> S {
        self.states[i as usize]
    }

    #[inline]
    fn index_of(&self, state: &S) -> Option<u32> {
        let mask = self.index.len() - 1;
        let mut p = home(state, self.shift);
        loop {
            let k = self.index[p];
            if k == 0 {
                return None;
            }
            if self.states[k as usize - 1] == *state {
                return Some(k - 1);
            }
            p = (p + 1) & mask;
        }
    }

    fn depth(&self, i: u32) -> u32 {
        (self.levels.partition_point(|&first| first <= i) - 1) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_graphs::Grid;

    #[test]
    fn explores_a_grid_and_measures_distances() {
        let g = Grid::new(&["....", ".##.", "...."]);
        let mut c = CompactComponent::new();
        let stats = c.explore(&g, (0, 0), &Limits::none()).unwrap();
        assert_eq!(c.len(), 10);
        assert_eq!(stats.expanded, 10);
        let far = c.index_of(&(3, 2)).unwrap();
        assert_eq!(c.depth(far), 5);
        assert_eq!(c.index_of(&(1, 1)), None);
        let mut dist = Vec::new();
        c.distances_from(&g, &[far], None, &mut dist, &Limits::none())
            .unwrap();
        assert_eq!(dist[0], 5);
        assert_eq!(dist.iter().filter(|&&d| d == UNREACHABLE).count(), 0);
        let mut goals = Vec::new();
        c.find_into(|&(_, y)| y == 2, &mut goals);
        assert_eq!(goals.len(), 4);
        assert!(c.explore(&g, (0, 0), &Limits::states(3)).is_err());
    }
}
