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

    /// Checks the clock and the cancel flag; cheap enough to call every few thousand
    /// expansions, too slow for every one.
    pub(crate) fn check_clock(&self) -> Result<(), StopReason> {
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
