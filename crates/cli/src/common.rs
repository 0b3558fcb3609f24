//! Options every solving command shares (SPEC §2).

use gridlock_search::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Raised by Ctrl-C; every search made from [`Common::limits`] watches it, so a long batch or
/// search stops promptly (exit code 3) instead of being killed mid-line.
pub fn interrupted() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = flag.clone();
        // If a handler cannot be installed (already set by an embedding program), Ctrl-C
        // simply keeps its default meaning: searches are still bounded by their limits.
        let _ = ctrlc::set_handler(move || {
            handler_flag.store(true, std::sync::atomic::Ordering::Relaxed)
        });
        flag
    })
    .clone()
}

/// Default state cap: keeps peak memory of any search around a few GiB at most.
pub const DEFAULT_MAX_STATES: usize = gridlock_puzzles::DEFAULT_MAX_STATES;

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Exactly the contest output, nothing else.
    #[default]
    Judge,
    /// For people: every board, step by step.
    Text,
    /// One JSON object (one per line in batch mode); fields documented in the README.
    Json,
    /// Only the move list, one move per line (Rush Hour; the input of `gridlock verify`).
    Moves,
}

/// Limits and reporting options of a solve.
#[derive(Clone, Debug, clap::Args)]
pub struct Common {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Judge)]
    pub format: Format,
    /// Stop with exit code 3 once a search holds this many states.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// Stop with exit code 3 after this many seconds of searching.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Print search statistics (states generated, expanded, peak held, time) on stderr.
    #[arg(long)]
    pub stats: bool,
}

impl Common {
    /// The search limits these options ask for.
    pub fn limits(&self) -> Limits {
        limits(self.max_states, self.timeout)
    }
}

/// A state cap, an optional time budget in seconds (negative counts as 0; one too large to
/// represent means none) and Ctrl-C: what every command's searches run under.
pub fn limits(max_states: usize, timeout: Option<f64>) -> Limits {
    let limits = Limits::states(max_states).with_cancel(interrupted());
    match timeout.map(|secs| Duration::try_from_secs_f64(secs.max(0.0))) {
        Some(Ok(budget)) => limits.with_timeout(budget),
        _ => limits,
    }
}
