//! How every search runs from Python: on a worker thread with the GIL released, under the
//! caller's `timeout` / `max_states` / `max_memory`, stopped by Ctrl-C.
//!
//! Python runs signal handlers only on its main thread, between bytecodes: a search that
//! held the calling thread would leave Ctrl-C pending until it ended. So the search runs on
//! a scoped worker thread while the calling thread, with the GIL released, waits for it in
//! short ticks; after each tick it takes the GIL for a moment and asks Python whether a
//! signal arrived (`check_signals`). If one did (a `KeyboardInterrupt`), it raises the
//! search's cancel flag (the engine looks at it every few thousand expansions), waits for
//! the worker to return, and hands the exception back. Other Python threads run meanwhile.

use gridlock_puzzles::generator::{Candidate, Stop};
use gridlock_puzzles::DEFAULT_MAX_STATES;
use gridlock_search::memory::Bytes;
use gridlock_search::{machine, Limits, StopReason, Stopped};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::Duration;

/// How often the waiting thread looks for Ctrl-C: well under the "fraction of a second" the
/// API promises, and rare enough to cost nothing measurable (one GIL round trip per tick).
const TICK: Duration = Duration::from_millis(20);

/// `max_memory=` as the caller gave it: an int (bytes), a size text (`"512M"`, `"8G"`, the
/// command line's `--max-memory` reader, [`Bytes::parse`]), `"auto"` or `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// The command line's default (`"auto"`): [`machine::DEFAULT_QUARTERS`] quarters of the
    /// memory this process may use, read once per process as the CLI reads it once per run.
    Auto,
    /// At most this many bytes.
    Bytes(u64),
    /// No budget (`None` or `"none"`): the state caps and the allocator are the only bounds.
    Unlimited,
}

impl Memory {
    /// The budget in bytes, `None` for none.
    pub fn budget(self) -> Option<u64> {
        static DEFAULT: OnceLock<Option<u64>> = OnceLock::new();
        match self {
            Memory::Auto => *DEFAULT.get_or_init(machine::default_budget),
            Memory::Bytes(b) => Some(b),
            Memory::Unlimited => None,
        }
    }

    fn bad(py: Python<'_>, found: String) -> PyErr {
        crate::errors::argument(
            py,
            format!(
                "max_memory: expected a number of bytes, a size such as \"512M\" or \"8G\", \
                 \"auto\" or None; found {found}"
            ),
        )
    }
}

/// A bad value is a `ParseError` at line 0, as every bad option value is (PyO3 hands an
/// argument's non-`TypeError` error back unchanged).
impl<'a, 'py> FromPyObject<'a, 'py> for Memory {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Memory> {
        let py = obj.py();
        if obj.is_none() {
            return Ok(Memory::Unlimited);
        }
        if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
            return match obj.extract::<u64>() {
                Ok(bytes) => Ok(Memory::Bytes(bytes)),
                Err(_) => Err(Memory::bad(py, obj.repr()?.to_string())),
            };
        }
        if let Ok(text) = obj.cast::<PyString>() {
            let text = text.to_str()?;
            if text.trim().eq_ignore_ascii_case("auto") {
                return Ok(Memory::Auto);
            }
            return match Bytes::parse(text) {
                Ok(Some(bytes)) => Ok(Memory::Bytes(bytes)),
                Ok(None) => Ok(Memory::Unlimited),
                Err(_) => Err(Memory::bad(py, format!("{text:?}"))),
            };
        }
        Err(Memory::bad(py, obj.repr()?.to_string()))
    }
}

/// The budget a caller gives one call: `timeout=` (seconds), `max_states=` and
/// `max_memory=`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Seconds the call may search; `None` for no time limit.
    pub timeout: Option<f64>,
    /// The state cap; `None` for none.
    pub max_states: Option<usize>,
    /// The memory budget in bytes; `None` for none.
    pub max_bytes: Option<u64>,
}

/// The package passes every call's `timeout=`, `max_states=` and `max_memory=` as one tuple
/// `(timeout, max_states, max_memory)`, read here once for every function (a bad
/// `max_memory` is its `ParseError`).
impl<'a, 'py> FromPyObject<'a, 'py> for Budget {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Budget> {
        let (timeout, max_states, memory): (Option<f64>, Option<usize>, Memory) = obj.extract()?;
        Ok(Budget {
            timeout,
            max_states,
            max_bytes: memory.budget(),
        })
    }
}

impl Budget {
    /// This budget with the command line's state cap ([`DEFAULT_MAX_STATES`]) when the
    /// caller gave none, as every search but the n-puzzle's has.
    pub fn capped(self) -> Budget {
        Budget {
            max_states: self.max_states.or(Some(DEFAULT_MAX_STATES)),
            ..self
        }
    }

    /// The budget of each of the searches a `solve_many` runs at once on every core: the
    /// memory shared between them, as the command line's `--batch` shares it.
    pub fn shared(self) -> Budget {
        let threads = rayon::current_num_threads().max(1) as u64;
        Budget {
            max_bytes: self.max_bytes.map(|b| b / threads),
            ..self
        }
    }

    /// The engine's limits for this budget, watching `cancel` (the flag Ctrl-C raises). A
    /// negative timeout counts as zero; one too large to represent is no limit, as on the
    /// command line.
    pub fn limits(&self, cancel: &Arc<AtomicBool>) -> Limits {
        let mut limits = Limits::none().with_cancel(cancel.clone());
        limits.max_states = self.max_states;
        limits.max_bytes = self.max_bytes;
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

/// The `reason` a `LimitError` names for an engine stop.
fn reason_name(reason: &StopReason) -> &'static str {
    match reason {
        StopReason::StateLimit(_) => "max_states",
        StopReason::Timeout => "timeout",
        StopReason::Cancelled => "cancelled",
        StopReason::MemoryLimit { .. } => "max_memory",
        StopReason::OutOfMemory { .. } => "memory",
    }
}

/// What a stopped search becomes in Python: `LimitError` with the reason and the proven
/// lower bound. (A search cancelled by Ctrl-C never gets here: [`interruptible`] returns the
/// `KeyboardInterrupt` instead.)
pub fn limit_error(py: Python<'_>, stopped: &Stopped) -> PyErr {
    let parts: Option<Vec<u64>> = stopped.lower_bound.as_ref().map(|b| b.0.clone());
    let message = format!("{}{}", stopped.reason, stopped.bound_note());
    crate::errors::limit(py, message, reason_name(&stopped.reason), parts)
}

/// A generator run stopped before its count: `LimitError` whose `reason` is
/// `"max_candidates"` for the candidate cap (else the engine's), with `found`, the number
/// of puzzles made before the stop (they are not returned: a call gives all it was asked
/// for or raises).
pub fn generator_stop<C: Candidate>(py: Python<'_>, stop: Stop<C>, found: usize) -> PyErr {
    let reason = match stop {
        Stop::Candidates(_) => "max_candidates",
        other => reason_name(&other.reason()),
    };
    let err = crate::errors::limit(py, stop.to_string(), reason, None);
    let _ = err.value(py).setattr("found", found);
    err
}
