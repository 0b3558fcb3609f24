//! # The driver every generator runs on
//!
//! A generator (Rush Hour's `rush_hour::generate`, Sokoban's `sokoban::generate`) splits its
//! work into *jobs*: job `i` draws its candidates from the random stream of `(seed, i)`
//! alone. This module runs the jobs and decides what is kept, written once for both:
//! - [`run_jobs`]: jobs run in parallel, in chunks that grow with the run, and their results
//!   are taken in job order, so the output depends only on the request, never on the
//!   machine or the number of threads;
//! - the limits: the deadline and Ctrl-C (the engine's `Limits::check_clock`) and the memory
//!   budget between chunks, and a cap on candidates checked before each job's result is
//!   taken (a count, so a capped run prints the same on any machine);
//! - [`Accept`]: the found items kept in job order, one per key, up to the count asked;
//! - [`Stop`]: why a run ended early, in the words the command line, the web server and the
//!   bindings use.

use gridlock_search::{Limits, StopReason};
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use std::convert::Infallible;
use std::fmt;
use std::marker::PhantomData;

/// What a generator calls one candidate and what it measures, for its messages.
pub trait Candidate: Copy {
    /// The plural noun: `candidate limit of 5 boards reached`.
    const PLURAL: &'static str;
    /// What the best candidate met is measured in: `largest MOVES met: 12`.
    const MEASURE: &'static str;
}

/// Why a run ended before it had the count asked for. `C` names the candidates in the
/// messages; a generator exports its instance (`rush_hour::generate::Stop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop<C> {
    /// The limits' deadline passed.
    Timeout,
    /// The limits' cancel flag was raised (Ctrl-C), or the caller's `each` asked to stop.
    Cancelled,
    /// The request's candidate cap was spent.
    Candidates(u64),
    /// The process holds more than the limits' memory budget (or a job's search would hold
    /// more than its share of it).
    Memory(StopReason),
    /// Never built: carries the candidates' name (no value of this variant exists, and a
    /// `match` need not name it).
    #[doc(hidden)]
    Named(Infallible, PhantomData<C>),
}

impl<C: Candidate> fmt::Display for Stop<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Timeout => f.write_str("time limit reached"),
            Stop::Cancelled => f.write_str("interrupted"),
            Stop::Candidates(n) => write!(f, "candidate limit of {n} {} reached", C::PLURAL),
            Stop::Memory(reason) => write!(f, "{reason}"),
            Stop::Named(never, _) => match *never {},
        }
    }
}

impl<C: Candidate + fmt::Debug> std::error::Error for Stop<C> {}

impl<C> Stop<C> {
    /// The engine's word for this stop, for callers that report every limit alike (the
    /// datasets, the Python bindings). A candidate cap counts as a state cap of that many
    /// candidates: both are counts that do not depend on the machine's speed.
    pub fn reason(self) -> StopReason {
        match self {
            Stop::Timeout => StopReason::Timeout,
            Stop::Cancelled => StopReason::Cancelled,
            Stop::Memory(reason) => reason,
            Stop::Candidates(n) => StopReason::StateLimit(n.try_into().unwrap_or(usize::MAX)),
            Stop::Named(never, _) => match never {},
        }
    }

    /// The stop for a search that ended with `reason` (a state cap is not a stop of the
    /// run: it is part of a job, and the same on every machine).
    pub fn from_reason(reason: StopReason) -> Option<Stop<C>> {
        match reason {
            StopReason::StateLimit(_) => None,
            StopReason::Timeout => Some(Stop::Timeout),
            StopReason::Cancelled => Some(Stop::Cancelled),
            other => Some(Stop::Memory(other)),
        }
    }

    /// Whether the same request stops here on every machine (a candidate cap), unlike a
    /// deadline, a cancel or the memory budget: the web server answers 422 or 503 by it.
    pub fn is_count(self) -> bool {
        matches!(self, Stop::Candidates(_))
    }

    /// The option a command-line user raises to get further.
    pub fn remedy(self) -> &'static str {
        match self {
            Stop::Timeout => "raise --timeout",
            Stop::Cancelled => "run again",
            Stop::Candidates(_) => "raise --max-candidates",
            Stop::Memory(_) => "raise --max-memory",
            Stop::Named(never, _) => match never {},
        }
    }
}

impl<C: Candidate> Stop<C> {
    /// The stop in the command line's words: the deadline with its seconds.
    pub fn with_timeout(self, seconds: f64) -> String {
        match self {
            Stop::Timeout => format!("time limit of {seconds} s reached"),
            other => other.to_string(),
        }
    }
}

/// What a run met before it stopped, in the words of every generator's message:
/// `largest MOVES met: 12; 300 candidate boards tried`.
pub fn shortfall<C: Candidate>(best: u32, tried: u64) -> String {
    format!(
        "largest {} met: {best}; {tried} candidate {} tried",
        C::MEASURE,
        C::PLURAL
    )
}

/// What every generator's report tells its callers: the items kept, why the run stopped
/// early, and what it met short of its count.
pub trait Outcome {
    /// What the generator's candidates are called.
    type Candidate: Candidate;
    /// Items kept (printed).
    fn kept(&self) -> usize;
    /// Why the run ended before its count, if it did.
    fn stopped(&self) -> Option<Stop<Self::Candidate>>;
    /// What the run met, in the words of every message of a stopped run:
    /// `largest MOVES met: 12; 300 candidate boards tried`.
    fn shortfall(&self) -> String;
}

/// What the driver does after taking one job's result.
pub enum Take<C> {
    /// Take the next job's result.
    More,
    /// The run has its count: stop here, complete.
    Done,
    /// Stop here, early.
    Stop(Stop<C>),
}

/// How a generator's jobs are run.
#[derive(Clone, Copy, Debug)]
pub struct Plan<'a> {
    /// The deadline, cancel flag and memory budget.
    pub limits: &'a Limits,
    /// The candidate cap (`None`: no cap), checked before each job's result is taken.
    pub max_candidates: Option<u64>,
    /// Jobs per thread in a chunk once the run is under way: enough to keep the threads
    /// busy, few enough that little is done past the last item.
    pub per_thread: u64,
}

impl Plan<'_> {
    /// Whether the deadline has passed or the cancel flag is raised.
    fn clock_hit<C>(&self) -> Option<Stop<C>> {
        self.limits.check_clock().err().and_then(Stop::from_reason)
    }

    /// Whether the candidate cap is spent.
    fn cap_hit<C>(&self, tried: u64) -> Option<Stop<C>> {
        self.max_candidates
            .filter(|&cap| tried >= cap)
            .map(Stop::Candidates)
    }

    /// The process's resident memory against the budget (a job's tables are not counted one
    /// by one: they are freed when the job ends).
    fn memory_hit<C>(&self) -> Option<Stop<C>> {
        self.limits.check_resident().err().map(Stop::Memory)
    }
}

/// Runs jobs 0, 1, 2, … of a generator until `take` says the run is done or a limit stops
/// it: `job(i)` runs in parallel (chunk sizes decide only how much work runs at once),
/// `take` receives the results in job order and counts them in `tally` (whose candidates so
/// far `tried` reads), and `progress` is called after every chunk and at the end. Returns why
/// the run stopped early (`None`: done). Every job is taken to try at least one candidate,
/// so no more jobs start than the cap has candidates left.
pub fn run_jobs<C, R: Send, T>(
    plan: Plan<'_>,
    (tally, tried): (&mut T, fn(&T) -> u64),
    job: impl Fn(u64) -> R + Sync,
    mut take: impl FnMut(&mut T, R) -> Take<C>,
    mut progress: impl FnMut(&T),
) -> Option<Stop<C>> {
    let threads = rayon::current_num_threads() as u64;
    let mut chunk = threads.max(1);
    let mut next = 0u64;
    let stopped = 'run: loop {
        let hit = plan
            .clock_hit()
            .or_else(|| plan.cap_hit(tried(tally)))
            .or_else(|| plan.memory_hit());
        if hit.is_some() {
            break hit;
        }
        let left = plan
            .max_candidates
            .map_or(u64::MAX, |cap| cap - tried(tally));
        let end = next + chunk.min(left);
        let results: Vec<R> = (next..end).into_par_iter().map(&job).collect();
        next = end;
        for result in results {
            if let Some(stop) = plan.cap_hit(tried(tally)) {
                break 'run Some(stop);
            }
            match take(tally, result) {
                Take::More => {}
                Take::Done => break 'run None,
                Take::Stop(stop) => break 'run Some(stop),
            }
        }
        progress(tally);
        chunk = (chunk * 2).min(threads * plan.per_thread);
    };
    progress(tally);
    stopped
}

/// The items a run keeps: in job order, one per key, up to the count asked; each shown to
/// the caller's `each` as it is kept (returning false stops the run, e.g. when the reader
/// has gone).
pub struct Accept<G, E> {
    keys: FxHashSet<String>,
    key: fn(&G) -> &str,
    count: usize,
    each: E,
    item: PhantomData<G>,
}

impl<G, E: FnMut(&G) -> bool> Accept<G, E> {
    /// Keeps up to `count` items, no two with the same `key`, calling `each` on every one.
    pub fn new(count: usize, key: fn(&G) -> &str, each: E) -> Self {
        Accept {
            keys: FxHashSet::default(),
            key,
            count,
            each,
            item: PhantomData,
        }
    }

    /// Offers `item`: kept in `kept` unless its key was met (then `duplicates` counts it).
    pub fn offer<C>(&mut self, item: G, kept: &mut Vec<G>, duplicates: &mut u64) -> Take<C> {
        if !self.keys.insert((self.key)(&item).to_string()) {
            *duplicates += 1;
            return Take::More;
        }
        let go_on = (self.each)(&item);
        kept.push(item);
        if !go_on {
            Take::Stop(Stop::Cancelled)
        } else if kept.len() >= self.count {
            Take::Done
        } else {
            Take::More
        }
    }
}
