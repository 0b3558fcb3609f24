//! Storage shared by the forward searches: every state gets a dense `u32` index, and the
//! parent links live in flat vectors, so a path is rebuilt without any per-node allocation.

use crate::cost::Cost;
use crate::graph::{Edge, Graph};
use crate::limits::{Limits, StopReason};
use crate::memory::{reserve, reserve_map, Held};
use crate::path::Path;
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// Index meaning "no parent" (the start state).
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Dense state storage with parent links.
pub(crate) struct Arena<G: Graph> {
    pub states: Vec<G::State>,
    pub parents: Vec<(u32, Option<G::Move>)>,
    pub index: FxHashMap<G::State, u32>,
}

impl<G: Graph> Arena<G> {
    pub fn new(start: G::State) -> Self {
        let mut index = FxHashMap::default();
        index.insert(start, 0);
        Arena {
            states: vec![start],
            parents: vec![(NO_PARENT, None)],
            index,
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Bytes held: the states, the parent links and the index, by capacity.
    pub fn held(&self) -> u64 {
        self.states.held() + self.parents.held() + self.index.held()
    }

    /// How many more states fit before a buffer grows.
    pub fn spare(&self) -> usize {
        (self.index.capacity() - self.index.len())
            .min(self.states.capacity() - self.states.len())
            .min(self.parents.capacity() - self.parents.len())
    }

    /// Makes room for one more state within `limits`' memory budget, the search holding
    /// `others` bytes besides the arena. One comparison per buffer unless one is full.
    /// Returns the most bytes held meanwhile (0 when nothing grew): the index holds its old
    /// and its new table while it grows.
    #[inline]
    pub fn make_room(&mut self, others: u64, limits: &Limits) -> Result<u64, StopReason> {
        let mut peak = 0;
        if self.index.len() == self.index.capacity() {
            let rest = others + self.states.held() + self.parents.held();
            peak = reserve_map(&mut self.index, 1, rest, limits)?;
        }
        if self.states.len() == self.states.capacity() {
            let rest = others + self.index.held() + self.parents.held();
            reserve(&mut self.states, 1, rest, limits)?;
        }
        if self.parents.len() == self.parents.capacity() {
            let rest = others + self.index.held() + self.states.held();
            reserve(&mut self.parents, 1, rest, limits)?;
        }
        Ok(peak)
    }

    /// Stores `edge.to` if it is new, with `parent` as its parent; returns its index and
    /// whether it was new.
    pub fn insert(&mut self, parent: u32, edge: &Edge<G::State, G::Move, G::Cost>) -> (u32, bool) {
        let next = self.states.len() as u32;
        match self.index.entry(edge.to) {
            Entry::Occupied(slot) => (*slot.get(), false),
            Entry::Vacant(slot) => {
                slot.insert(next);
                self.states.push(edge.to);
                self.parents.push((parent, Some(edge.mv)));
                (next, true)
            }
        }
    }

    /// Rebuilds the path from the start to `at` by following parent links.
    pub fn path_to(&self, at: u32, cost: G::Cost) -> Path<G::State, G::Move, G::Cost>
    where
        G::Cost: Cost,
    {
        let mut steps = Vec::new();
        let mut i = at;
        while let (parent, Some(mv)) = self.parents[i as usize] {
            steps.push((mv, self.states[i as usize]));
            i = parent;
        }
        steps.reverse();
        Path {
            start: self.states[0],
            steps,
            cost,
        }
    }
}
