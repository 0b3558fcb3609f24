//! How every search runs from Python: on a worker thread with the GIL released, under the
//! caller's `timeout` / `max_states`, stopped by Ctrl-C.
//!
//! Python runs signal handlers only on its main thread, between bytecodes: a search that
//! held the calling thread would leave Ctrl-C pending until it ended. So the search runs on
//! a scoped worker thread while the calling thread, with the GIL released, waits for it in
//! short ticks; after each tick it takes the GIL for a moment and asks Python whether a
//! signal arrived (`check_signals`). If one did (a `KeyboardInterrupt`), it raises the
//! search's cancel flag (the engine looks at it every few thousand expansions), waits for
//! the worker to return, and hands the exception back. Other Python threads run meanwhile.

use gridlock_search::{Limits, StopReason, Stopped};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// How often the waiting thread looks for Ctrl-C: well under the "fraction of a second" the
/// API promises, and rare enough to cost nothing measurable (one GIL round trip per tick).
const TICK: Duration = Duration::from_millis(20);

/// The budget a caller gives one call: `timeout=` (seconds) and `max_states=`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Seconds the call may search; `None` for no time limit.
    pub timeout: Option<f64>,
    /// The state cap; `None` for none.
    pub max_states: Option<usize>,
}

impl Budget {
    /// The engine's limits for this budget, watching `cancel` (the flag Ctrl-C raises). A
    /// negative timeout counts as zero; one too large to represent is no limit, as on the
    /// command line.
    pub fn limits(&self, cancel: &Arc<AtomicBool>) -> Limits {
        let mut limits = Limits::none().with_cancel(cancel.clone());
        limits.max_states = self.max_states;
        match self
            .timeout
            .map(|secs| Duration::try_from_secs_f64(secs.max(0.0)))
        {
            Some(Ok(budget)) => limits.with_timeout(budget),
            _ => limits,
        }
    }
}

/// Runs `work` on a worker thread with the GIL released, giving it a fresh cancel flag that
/// Ctrl-C raises; returns its value, or the `KeyboardInterrupt` (after the worker has
/// stopped), or a `RuntimeError` if the worker panicked (a bug: the library's inputs are
/// checked before any search).
pub fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<AtomicBool>) -> T + Send,
{
    let cancel = Arc::new(AtomicBool::new(false));
    py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let flag = cancel.clone();
            scope.spawn(move || {
                let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(flag))));
            });
            loop {
                match rx.recv_timeout(TICK) {
                    Ok(Ok(value)) => return Ok(value),
                    Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                        return Err(PyRuntimeError::new_err(
                            "gridlock: internal error (a search panicked); please report it",
                        ))
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(signal) = Python::attach(|py| py.check_signals()) {
                            cancel.store(true, Ordering::Relaxed);
                            // the worker sees the flag within a few thousand expansions
                            let _ = rx.recv();
                            return Err(signal);
                        }
                    }
                }
            }
        })
    })
}

/// What a stopped search becomes in Python: `LimitError` with the reason and the proven
/// lower bound. (A search cancelled by Ctrl-C never gets here: [`interruptible`] returns the
/// `KeyboardInterrupt` instead.)
pub fn limit_error(py: Python<'_>, stopped: &Stopped) -> PyErr {
    let reason = match stopped.reason {
        StopReason::StateLimit(_) => "max_states",
        StopReason::Timeout => "timeout",
        StopReason::Cancelled => "cancelled",
        StopReason::MemoryLimit { .. } => "max_memory",
        StopReason::OutOfMemory { .. } => "memory",
    };
    let parts: Option<Vec<u64>> = stopped.lower_bound.as_ref().map(|b| b.0.clone());
    let message = format!("{}{}", stopped.reason, stopped.bound_note());
    crate::errors::limit(py, message, reason, parts)
}
