use crate::bytes::Bytes;
use crate::graph::{Edge, Graph};
use crate::stats::Stats;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Bounds on one search, so that no input can exhaust memory or run forever.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop once this many distinct states are stored.
    pub max_states: Option<usize>,
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop as soon as this flag is set (Ctrl-C, a sibling search that already answered).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stop before the search would hold more than this many bytes (its states, tables,
    /// frontiers and buffers, counted by capacity: see [`crate::memory`]).
    pub max_bytes: Option<u64>,
}

impl Limits {
    /// No bounds at all; for tests and for graphs known to be small.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Only a state cap.
    pub fn states(max: usize) -> Self {
        Limits {
            max_states: Some(max),
            ..Limits::default()
        }
    }

    /// Adds a time budget counted from now.
    pub fn with_timeout(mut self, budget: Duration) -> Self {
        self.deadline = Instant::now().checked_add(budget);
        self
    }

    /// Adds a memory budget in bytes.
    pub fn with_max_bytes(mut self, bytes: u64) -> Self {
        self.max_bytes = Some(bytes);
        self
    }

    /// The limits of a search run while its caller already holds `bytes` (a table built
    /// before, the distances of a first pass): the same limits, with that much less memory.
    pub fn with_held(&self, bytes: u64) -> Self {
        Limits {
            max_bytes: self.max_bytes.map(|b| b.saturating_sub(bytes)),
            ..self.clone()
        }
    }

    /// The limits of each of `n` searches run at once (a batch on `n` threads): the memory
    /// budget is shared between them, the other limits apply to each.
    pub fn shared(&self, n: usize) -> Self {
        Limits {
            max_bytes: self.max_bytes.map(|b| b / n.max(1) as u64),
            ..self.clone()
        }
    }

    /// Checks the memory budget before a step that takes the search from holding `held`
    /// bytes to holding `needed`. Public so that a puzzle's own searches obey the budget the
    /// way the engine's do (see [`crate::memory`] for growing buffers).
    #[inline]
    pub fn check_bytes(&self, held: u64, needed: u64) -> Result<(), StopReason> {
        match self.max_bytes {
            Some(budget) if needed > budget => Err(StopReason::MemoryLimit {
                budget,
                held,
                needed,
            }),
            _ => Ok(()),
        }
    }

    /// Checks the memory budget against the process's resident memory
    /// ([`crate::machine::resident`]): for work made of many small searches whose buffers
    /// no one counts (the Rush Hour universe, the generator), called between them. Nothing is
    /// checked where the figure cannot be read.
    pub fn check_resident(&self) -> Result<(), StopReason> {
        match (self.max_bytes, crate::machine::resident()) {
            (Some(_), Some(held)) => self.check_bytes(held, held),
            _ => Ok(()),
        }
    }

    /// Adds a cancellation flag.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Checks the state cap; called whenever a new state is stored.
    #[inline]
    pub(crate) fn check_states(&self, stored: usize) -> Result<(), StopReason> {
        match self.max_states {
            Some(max) if stored > max => Err(StopReason::StateLimit(max)),
            _ => Ok(()),
        }
    }

    /// Checks the cancel flag, then the deadline; cheap enough to call every few thousand
    /// expansions, too slow for every one. Public for loops outside the engine's searches
    /// (a generator between its jobs) that stop on the same limits.
    pub fn check_clock(&self) -> Result<(), StopReason> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Err(StopReason::Cancelled);
            }
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(StopReason::Timeout),
            _ => Ok(()),
        }
    }

    /// Counts one expansion in `stats`; every [`CLOCK_EVERY`] expansions, looks at the
    /// deadline and the cancel flag first (a stop is not counted): every search's step.
    #[inline]
    pub(crate) fn expanding(&self, stats: &mut Stats) -> Result<(), StopReason> {
        if stats.expanded % CLOCK_EVERY == CLOCK_EVERY - 1 {
            self.check_clock()?;
        }
        stats.expanded += 1;
        Ok(())
    }

    /// [`Limits::expanding`], then `state`'s successors into `out` (cleared first), counted
    /// in `stats`.
    #[inline]
    pub(crate) fn expand<G: Graph>(
        &self,
        stats: &mut Stats,
        graph: &G,
        state: &G::State,
        out: &mut Vec<Edge<G::State, G::Move, G::Cost>>,
    ) -> Result<(), StopReason> {
        self.expanding(stats)?;
        out.clear();
        graph.successors(state, out);
        stats.generated += out.len() as u64;
        Ok(())
    }
}

/// How often (in expansions) the searches look at the clock and the cancel flag.
pub(crate) const CLOCK_EVERY: u64 = 4096;

/// Why a search gave up before answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StopReason {
    /// More than the allowed number of states would have been stored.
    #[error("state limit of {0} states reached")]
    StateLimit(usize),
    /// The deadline passed.
    #[error("time limit reached")]
    Timeout,
    /// The cancel flag was raised.
    #[error("search cancelled")]
    Cancelled,
    /// The next step would have held more memory than the budget allows (or, for searches
    /// checked by [`Limits::check_resident`], the process holds more than the budget).
    #[error("{}", memory_limit(*budget, *held, *needed))]
    MemoryLimit {
        /// The budget, in bytes.
        budget: u64,
        /// Bytes held when the search stopped.
        held: u64,
        /// Bytes the next step would have held.
        needed: u64,
    },
    /// The system refused memory within the budget (another process took it, or an address
    /// space limit is below the budget).
    #[error(
        "out of memory: the system refused {} more while the search held {}",
        Bytes(needed.saturating_sub(*held)),
        Bytes(*held)
    )]
    OutOfMemory {
        /// Bytes held when the search stopped.
        held: u64,
        /// Bytes the next step would have held.
        needed: u64,
    },
}

/// The words of [`StopReason::MemoryLimit`].
fn memory_limit(budget: u64, held: u64, needed: u64) -> String {
    let budget = Bytes(budget);
    if needed > held {
        let more = Bytes(needed - held);
        format!(
            "memory limit of {budget} reached: the search held {} and its next step needed \
             {more} more",
            Bytes(held)
        )
    } else {
        format!(
            "memory limit of {budget} reached: the process holds {}",
            Bytes(held)
        )
    }
}

/// A search that hit one of its [`Limits`]; carries the statistics gathered until then and,
/// for searches that prove one, the best lower bound on the answer's cost established so far.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{reason} after {} expanded states", stats.expanded)]
pub struct Stopped {
    /// Which limit was hit.
    pub reason: StopReason,
    /// Work done before stopping.
    pub stats: Stats,
    /// A proven lower bound on the optimal cost, as the cost's numbers (its type depends on
    /// the graph), when the algorithm establishes one (layered BFS, A*, IDA*).
    pub lower_bound: Option<crate::Bound>,
}

impl Stopped {
    /// `; proven lower bound B` when the search proved one, else nothing: what every front
    /// end (command line, web, Python) writes after the reason.
    pub fn bound_note(&self) -> String {
        self.lower_bound
            .as_ref()
            .map(|b| format!("; proven lower bound {b}"))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_cap_is_inclusive() {
        let limits = Limits::states(3);
        assert!(limits.check_states(3).is_ok());
        assert_eq!(limits.check_states(4), Err(StopReason::StateLimit(3)));
    }

    #[test]
    fn memory_budget_is_inclusive_and_shared() {
        let limits = Limits::none().with_max_bytes(1000);
        assert!(limits.check_bytes(10, 1000).is_ok());
        let err = limits.check_bytes(10, 1001).unwrap_err();
        assert_eq!(
            err.to_string(),
            "memory limit of 1000 B reached: the search held 10 B and its next step needed \
             991 B more"
        );
        assert_eq!(limits.with_held(300).max_bytes, Some(700));
        assert_eq!(limits.with_held(3000).max_bytes, Some(0));
        assert_eq!(limits.shared(3).max_bytes, Some(333));
        assert_eq!(Limits::none().shared(3).max_bytes, None);
        assert!(Limits::none().check_bytes(0, u64::MAX).is_ok());
        let resident = Limits::none().with_max_bytes(1).check_resident();
        if cfg!(target_os = "linux") {
            let err = resident.unwrap_err();
            assert!(err
                .to_string()
                .starts_with("memory limit of 1 B reached: the process holds"));
        }
        assert!(Limits::none().check_resident().is_ok());
    }

    #[test]
    fn cancel_flag_and_deadline_stop() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::none().with_cancel(flag.clone());
        assert!(limits.check_clock().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert_eq!(limits.check_clock(), Err(StopReason::Cancelled));
        let past = Limits::none().with_timeout(Duration::ZERO);
        assert_eq!(past.check_clock(), Err(StopReason::Timeout));
    }
}
