use std::fmt;
use std::time::Duration;

/// What a search did; printed by `--stats` so users can see why a search was fast or slow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Edges produced by the successor function.
    pub generated: u64,
    /// States whose successors were produced.
    pub expanded: u64,
    /// Most distinct states held in memory at once.
    pub peak_states: u64,
    /// Peak bytes of search data (states, parents, tables, frontiers, buffers), as the
    /// search counts them against [`crate::Limits::max_bytes`].
    pub peak_bytes: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Records that `held` states of about `bytes_each` bytes are in memory now. Public so
    /// that a puzzle's own searches (beams, planners) report peak memory the way the
    /// engine's do.
    pub fn hold(&mut self, held: usize, bytes_each: usize) {
        let held = held as u64;
        if held > self.peak_states {
            self.peak_states = held;
            self.peak_bytes = self.peak_bytes.max(held * bytes_each as u64);
        }
    }

    /// Records that `held` states are in memory now, for a search that counts its bytes
    /// itself ([`Stats::hold_bytes`]).
    pub fn hold_states(&mut self, held: usize) {
        self.peak_states = self.peak_states.max(held as u64);
    }

    /// Records that the search holds `bytes` now (what it counts against its budget).
    pub fn hold_bytes(&mut self, bytes: u64) {
        self.peak_bytes = self.peak_bytes.max(bytes);
    }

    /// Nodes generated per second of wall time: the throughput of a deep search.
    pub fn nodes_per_second(&self) -> f64 {
        self.generated as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Adds another search's work to this one (used when a puzzle runs several searches).
    pub fn absorb(&mut self, other: &Stats) {
        self.generated += other.generated;
        self.expanded += other.expanded;
        self.peak_states = self.peak_states.max(other.peak_states);
        self.peak_bytes = self.peak_bytes.max(other.peak_bytes);
        self.elapsed += other.elapsed;
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "states generated {}, expanded {}, peak held {} (~{:.1} MiB), wall time {:.3} s",
            self.generated,
            self.expanded,
            self.peak_states,
            self.peak_bytes as f64 / (1024.0 * 1024.0),
            self.elapsed.as_secs_f64()
        )
    }
}
