//! A whole-component explorer whose memory is kept from one call to the next.
//!
//! [`crate::explore`] builds a fresh [`crate::Component`] (hash map, edge list) for every
//! start. Solving thousands of small puzzles that way spends most of its time allocating and
//! growing tables. [`ComponentBuffer`] keeps its vectors and its open-addressing index between
//! explorations, stores edges in flat parallel arrays (targets, then moves and costs), and
//! answers distance questions into caller-owned vectors, so a worker thread that solves many
//! puzzles allocates only when a component is larger than every one before it.

use crate::graph::{Edge, Graph};
use crate::limits::{Limits, Stopped, CLOCK_EVERY};
use crate::stats::Stats;
use crate::UNREACHABLE;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::time::Instant;

/// Smallest index table, in slots.
const MIN_SLOTS: usize = 1 << 10;

/// A reusable, flat store of one explored component: states numbered densely in breadth-first
/// order (the start is state 0), and every edge between them.
///
/// Call [`ComponentBuffer::explore`] as often as you like; each call forgets the previous
/// component but keeps the memory.
#[derive(Clone, Debug)]
pub struct ComponentBuffer<S, M, C> {
    states: Vec<S>,
    /// Open addressing, linear probing: index 0 is empty, otherwise state index + 1, stored
    /// next to the state itself so a probe touches one cache line, not two.
    slots: Vec<(u32, S)>,
    /// `64 - log2(slots.len())`: the hash's top bits pick the home slot.
    shift: u32,
    /// `targets[offsets[i]..offsets[i + 1]]` are the edges leaving state `i`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
    labels: Vec<(M, C)>,
    scratch: Vec<Edge<S, M, C>>,
    queue: Vec<u32>,
}

impl<S, M, C> Default for ComponentBuffer<S, M, C> {
    fn default() -> Self {
        ComponentBuffer {
            states: Vec::new(),
            slots: Vec::new(),
            shift: 64 - MIN_SLOTS.trailing_zeros(),
            offsets: Vec::new(),
            targets: Vec::new(),
            labels: Vec::new(),
            scratch: Vec::new(),
            queue: Vec::new(),
        }
    }
}

#[inline]
fn home<S: Hash>(state: &S, shift: u32) -> usize {
    let mut h = FxHasher::default();
    state.hash(&mut h);
    // A second multiplicative round, then the top bits: good spread whatever the hasher's
    // finishing step does with the low bits of packed states.
    (h.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

impl<S: Copy + Eq + Hash, M: Copy, C: Copy> ComponentBuffer<S, M, C> {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Explores the whole component reachable from `start`, replacing what the buffer held.
    /// Stops with [`Stopped`] on the state cap, the deadline or the cancel flag of `limits`
    /// (the buffer then holds a partial component and must be explored again before use).
    pub fn explore<G>(&mut self, graph: &G, start: S, limits: &Limits) -> Result<Stats, Stopped>
    where
        G: Graph<State = S, Move = M, Cost = C>,
    {
        let clock = Instant::now();
        let mut stats = Stats::default();
        self.reset(start);
        self.intern(start);
        self.offsets.push(0);
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut i = 0;
        let mut outcome = Ok(());
        'outer: while i < self.states.len() {
            if stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
                if let Err(reason) = limits.check_clock() {
                    outcome = Err(reason);
                    break;
                }
            }
            stats.expanded += 1;
            scratch.clear();
            graph.successors(&self.states[i], &mut scratch);
            stats.generated += scratch.len() as u64;
            for e in &scratch {
                let before = self.states.len();
                let to = self.intern(e.to);
                if self.states.len() != before {
                    if let Err(reason) = limits.check_states(self.states.len()) {
                        outcome = Err(reason);
                        break 'outer;
                    }
                }
                self.targets.push(to);
                self.labels.push((e.mv, e.cost));
            }
            self.offsets.push(self.targets.len() as u32);
            i += 1;
        }
        self.scratch = scratch;
        stats.hold(self.states.len(), self.bytes_each());
        stats.elapsed = clock.elapsed();
        match outcome {
            Ok(()) => Ok(stats),
            Err(reason) => Err(Stopped {
                reason,
                stats,
                lower_bound: None,
            }),
        }
    }

    fn bytes_each(&self) -> usize {
        let per_edge = 4 + std::mem::size_of::<(M, C)>();
        let edges = self.targets.len() / self.states.len().max(1);
        std::mem::size_of::<S>() + 4 + 2 * 4 + edges * per_edge
    }

    /// Forgets the component; shrinks the index if it is far larger than the last component
    /// needed, so that clearing it does not dominate a run of small components.
    fn reset(&mut self, filler: S) {
        let wanted = (self.states.len() * 4).next_power_of_two().max(MIN_SLOTS);
        if self.slots.len() > 4 * wanted || self.slots.is_empty() {
            self.slots = vec![(0, filler); wanted];
            self.shift = 64 - wanted.trailing_zeros();
        } else {
            self.slots.fill((0, filler));
        }
        self.states.clear();
        self.offsets.clear();
        self.targets.clear();
        self.labels.clear();
    }

    /// The index of `state`, adding it if new.
    #[inline]
    fn intern(&mut self, state: S) -> u32 {
        if self.states.len() * 2 >= self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut p = home(&state, self.shift);
        loop {
            let (v, s) = self.slots[p];
            if v == 0 {
                let index = self.states.len() as u32;
                self.slots[p] = (index + 1, state);
                self.states.push(state);
                return index;
            }
            if s == state {
                return v - 1;
            }
            p = (p + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let filler = self.slots[0].1;
        self.slots.clear();
        self.slots.resize(size, (0, filler));
        self.shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for (i, s) in self.states.iter().enumerate() {
            let mut p = home(s, self.shift);
            while self.slots[p].0 != 0 {
                p = (p + 1) & mask;
            }
            self.slots[p] = (i as u32 + 1, *s);
        }
    }

    /// Number of states of the last explored component.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// True before the first exploration.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// All states, in breadth-first order from the start (state 0).
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The state with index `i`.
    pub fn state(&self, i: u32) -> S {
        self.states[i as usize]
    }

    /// The index of `state`, if it belongs to the component.
    pub fn index_of(&self, state: &S) -> Option<u32> {
        if self.states.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut p = home(state, self.shift);
        loop {
            let (v, s) = self.slots[p];
            if v == 0 {
                return None;
            }
            if s == *state {
                return Some(v - 1);
            }
            p = (p + 1) & mask;
        }
    }

    /// Number of stored edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The edges leaving state `i`: their target indices and, in the same order, their moves
    /// and costs.
    pub fn edges(&self, i: u32) -> (&[u32], &[(M, C)]) {
        let range = self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize;
        (&self.targets[range.clone()], &self.labels[range])
    }

    /// Writes into `out` the indices of the states for which `pred` holds.
    pub fn find_into(&self, mut pred: impl FnMut(&S) -> bool, out: &mut Vec<u32>) {
        out.clear();
        out.extend((0..self.states.len() as u32).filter(|&i| pred(&self.states[i as usize])));
    }

    /// Fewest edges from the nearest of `sources` to every state, following edges forwards
    /// (multi-source BFS), written into `dist` ([`UNREACHABLE`] where no source reaches). In a
    /// reversible graph these are also the distances *to* the sources.
    pub fn distances_from(&mut self, sources: &[u32], dist: &mut Vec<u32>) {
        self.distances_from_where(sources, |_, _| true, dist)
    }

    /// Like [`ComponentBuffer::distances_from`], but only along the edges for which `keep`
    /// holds: one explored component answers several metrics (e.g. Rush Hour slides of any
    /// length for moves, slides of one cell for steps).
    pub fn distances_from_where(
        &mut self,
        sources: &[u32],
        keep: impl Fn(&M, &C) -> bool,
        dist: &mut Vec<u32>,
    ) {
        dist.clear();
        dist.resize(self.states.len(), UNREACHABLE);
        let queue = &mut self.queue;
        queue.clear();
        for &s in sources {
            if dist[s as usize] != 0 {
                dist[s as usize] = 0;
                queue.push(s);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let d = dist[i] + 1;
            let range = self.offsets[i] as usize..self.offsets[i + 1] as usize;
            for (&t, (m, c)) in self.targets[range.clone()].iter().zip(&self.labels[range]) {
                if dist[t as usize] == UNREACHABLE && keep(m, c) {
                    dist[t as usize] = d;
                    queue.push(t);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore;
    use crate::test_graphs::{Grid, Line, Weighted};

    #[test]
    fn matches_the_one_shot_component_on_many_starts() {
        let grid = Grid::new(&["......", ".##.#.", "...#..", "#.....", "...##."]);
        let mut buffer = ComponentBuffer::new();
        for start in [(0, 0), (5, 4), (2, 2), (3, 0)] {
            let (c, _) = explore(&grid, start, &Limits::none()).unwrap();
            buffer.explore(&grid, start, &Limits::none()).unwrap();
            assert_eq!(buffer.states(), c.states());
            assert_eq!(buffer.edge_count(), c.edge_count());
            let goals: Vec<u32> = c.find(|&s| s == (5, 0));
            let mut mine = Vec::new();
            buffer.find_into(|&s| s == (5, 0), &mut mine);
            assert_eq!(goals, mine);
            let mut dist = Vec::new();
            buffer.distances_from(&mine, &mut dist);
            assert_eq!(dist, c.distances_to(&goals, true));
            for i in 0..c.len() as u32 {
                assert_eq!(buffer.index_of(&c.state(i)), Some(i));
                let (targets, _) = buffer.edges(i);
                let theirs: Vec<u32> = c.edges(i).iter().map(|e| e.to).collect();
                assert_eq!(targets, &theirs[..]);
            }
        }
        assert_eq!(buffer.index_of(&(99, 99)), None);
    }

    #[test]
    fn grows_past_its_first_table_and_shrinks_back() {
        let mut buffer = ComponentBuffer::new();
        buffer.explore(&Line(100_000), 0, &Limits::none()).unwrap();
        assert_eq!(buffer.len(), 100_000);
        for s in [0u32, 1, 77_777, 99_999] {
            assert_eq!(buffer.index_of(&s), Some(s));
        }
        buffer.explore(&Line(10), 3, &Limits::none()).unwrap();
        buffer.explore(&Line(10), 3, &Limits::none()).unwrap();
        assert_eq!(buffer.len(), 10);
        assert!(buffer.slots.len() <= 4 * MIN_SLOTS);
        assert_eq!(buffer.index_of(&50_000), None);
    }

    #[test]
    fn filtered_distances_use_only_kept_edges() {
        // 0 -> 1 (cost 1), 1 -> 2 (cost 1), 0 -> 2 (cost 5): all edges: 2 is one edge away;
        // only cost-1 edges: two.
        let g = Weighted {
            edges: vec![(0, 1, 1), (1, 2, 1), (0, 2, 5)],
        };
        let mut buffer = ComponentBuffer::new();
        buffer.explore(&g, 0, &Limits::none()).unwrap();
        let mut dist = Vec::new();
        buffer.distances_from(&[0], &mut dist);
        assert_eq!(dist[buffer.index_of(&2).unwrap() as usize], 1);
        buffer.distances_from_where(&[0], |_, &c| c == 1, &mut dist);
        assert_eq!(dist[buffer.index_of(&2).unwrap() as usize], 2);
    }

    #[test]
    fn state_cap_stops_exploration() {
        let mut buffer = ComponentBuffer::new();
        let err = buffer
            .explore(&Line(1000), 0, &Limits::states(50))
            .unwrap_err();
        assert_eq!(err.reason, crate::StopReason::StateLimit(50));
        // and the buffer is usable again afterwards
        buffer.explore(&Line(5), 0, &Limits::none()).unwrap();
        assert_eq!(buffer.len(), 5);
    }
}
