//! Options every solving command shares (SPEC §2).

use gridlock_search::machine;
use gridlock_search::memory::Bytes;
use gridlock_search::{Limits, Stats};
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

/// How answers are printed. Which values a command accepts, and what each prints there, is
/// the command's own list ([`format_arg`]): the help shows exactly those.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Exactly the contest output, nothing else.
    #[default]
    Judge,
    /// For people: every board, step by step.
    Text,
    /// One JSON object; fields documented in the puzzle's page under docs/.
    Json,
    /// Only the move list, one move per line (Rush Hour's; the input of `gridlock verify`).
    Moves,
}

/// One command's `--format` values: each name with what it prints for that command.
pub type Formats = &'static [(&'static str, &'static str)];

/// A `--format` parser that accepts exactly `values`, each listed in the help with what it
/// prints for this command; clap refuses any other value with the list.
pub fn format_parser(values: Formats) -> impl clap::builder::TypedValueParser<Value = Format> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        values
            .iter()
            .map(|&(name, help)| PossibleValue::new(name).help(help)),
    )
    .map(|name| {
        <Format as clap::ValueEnum>::from_str(&name, false).expect("every listed value is a Format")
    })
}

/// Gives `arg` (the [`Common`] `--format`) the command's own list of values
/// ([`format_parser`]).
pub fn format_arg(arg: clap::Arg, values: Formats) -> clap::Arg {
    arg.value_parser(format_parser(values))
}

/// Limits and reporting options of a solve. Each command sets the values of `--format` it
/// accepts with [`format_arg`].
#[derive(Clone, Debug, clap::Args)]
pub struct Common {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Judge)]
    pub format: Format,
    /// Stop with exit code 3 once a search holds this many states. Default: no count; a
    /// search grows until the memory budget (--max-memory) is reached. Rush Hour on boards
    /// other than 6×6 first retries a stopped pass at lower limits, as for --max-memory.
    #[arg(long, value_name = "N")]
    pub max_states: Option<usize>,
    /// Stop with exit code 3 after this many seconds of searching (`none`, the default: no
    /// time limit).
    #[arg(long, value_name = "SECONDS|none", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    #[command(flatten)]
    pub memory: Memory,
    /// Print search statistics (states generated, expanded, peak held, time, peak memory
    /// against the budget) on stderr.
    #[arg(long)]
    pub stats: bool,
}

impl Common {
    /// The search limits these options ask for.
    pub fn limits(&self) -> Limits {
        limits(self.max_states, self.timeout, self.memory.budget())
    }
}

/// `--max-memory`, shared by every command that searches.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct Memory {
    /// Stop with exit code 3 before a search holds more than SIZE: bytes, or K, M, G, T
    /// (powers of 1024), e.g. 512M, 8G; `none` for no budget. Default: 3/4 of the memory
    /// this process may use (the least of MemAvailable, the room under a cgroup limit and
    /// the room under `ulimit -v`). Rush Hour on boards other than 6×6 searches in passes,
    /// each within the budget: a stopped pass is retried at a lower limit before the search
    /// stops.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<Size>,
}

impl Memory {
    /// The budget in bytes: the one asked for, else the default share of the machine's room
    /// (read once per process); `None` for no budget.
    pub fn budget(&self) -> Option<u64> {
        static DEFAULT: OnceLock<Option<u64>> = OnceLock::new();
        match self.max_memory {
            Some(Size(bytes)) => bytes,
            None => *DEFAULT.get_or_init(machine::default_budget),
        }
    }
}

/// A `--max-memory` value: a number of bytes, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size(pub Option<u64>);

/// Reads `--max-memory`: the library's size reader ([`Bytes::parse`]): digits and an
/// optional unit K, M, G or T (powers of 1024), or `none`.
pub fn parse_size(text: &str) -> Result<Size, String> {
    Bytes::parse(text).map(Size)
}

/// Reads a `--timeout` value: seconds (a decimal number; negative counts as 0) or `none`, no
/// time limit at all (infinity, which [`limits`] turns into no deadline). `none` exists so that
/// a command with a default time budget (`verify`, `puzznic --fast`, `generate`) can be run
/// bounded by counts alone, with an answer that does not depend on the machine's speed.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(f64::INFINITY);
    }
    match text.parse::<f64>() {
        Ok(secs) if !secs.is_nan() => Ok(secs),
        _ => Err(format!(
            "expected a number of seconds or `none`, found `{text}`"
        )),
    }
}

/// An optional state cap, an optional time budget in seconds (negative counts as 0; one too
/// large to represent means none), a memory budget in bytes and Ctrl-C: what every
/// command's searches run under. No state cap by default: the memory budget, which follows
/// the machine, is what stops a search, so no board the machine can solve is refused for a
/// count.
pub fn limits(max_states: Option<usize>, timeout: Option<f64>, max_bytes: Option<u64>) -> Limits {
    let mut limits = Limits::none().with_cancel(interrupted());
    limits.max_states = max_states;
    limits.max_bytes = max_bytes;
    match timeout.map(|secs| Duration::try_from_secs_f64(secs.max(0.0))) {
        Some(Ok(budget)) => limits.with_timeout(budget),
        _ => limits,
    }
}

/// The `--stats` line: the search's statistics, then its peak memory against the budget.
pub fn stats_line(stats: &Stats, budget: Option<u64>) -> String {
    format!("gridlock: {stats}; {}", memory_note(stats, budget))
}

/// `peak memory 221.6 MiB of a budget of 17.2 GiB`: what `--stats` adds to a search's
/// statistics.
pub fn memory_note(stats: &Stats, budget: Option<u64>) -> String {
    let of = budget.map_or("no budget".to_string(), |b| {
        format!("a budget of {}", Bytes(b))
    });
    format!("peak memory {} of {of}", Bytes(stats.peak_bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of a solving command (rush-hour, chips, puzznic, sokoban share them).
    #[derive(clap::Parser)]
    struct Solving {
        #[command(flatten)]
        common: Common,
    }

    /// No count stops a search unless asked for: the memory budget (the machine's by
    /// default, or --max-memory) is the limit; an explicit --max-states still counts.
    #[test]
    fn no_state_count_by_default() {
        use clap::Parser;
        let limits = |args: &[&str]| Solving::try_parse_from(args).unwrap().common.limits();
        let default = limits(&["t"]);
        assert_eq!(default.max_states, None);
        assert_eq!(default.max_bytes, Memory::default().budget());
        assert_eq!(limits(&["t", "--max-states", "7"]).max_states, Some(7));
        let small = limits(&["t", "--max-memory", "2M"]);
        assert_eq!((small.max_states, small.max_bytes), (None, Some(2 << 20)));
    }

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(parse_size("512M"), Ok(Size(Some(512 << 20))));
        assert_eq!(parse_size("8G"), Ok(Size(Some(8 << 30))));
        assert_eq!(parse_size("8GiB"), Ok(Size(Some(8 << 30))));
        assert_eq!(parse_size("8gb"), Ok(Size(Some(8 << 30))));
        assert_eq!(parse_size("1.5G"), Ok(Size(Some(3 << 29))));
        assert_eq!(parse_size("100k"), Ok(Size(Some(102_400))));
        assert_eq!(parse_size("4096"), Ok(Size(Some(4096))));
        assert_eq!(parse_size("none"), Ok(Size(None)));
        for bad in ["", "G", "8X", "-1G", "1..5G", "99999999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn timeouts_read_seconds_or_none() {
        assert_eq!(parse_seconds("2.5"), Ok(2.5));
        assert_eq!(parse_seconds(" none "), Ok(f64::INFINITY));
        assert_eq!(parse_seconds("None"), Ok(f64::INFINITY));
        assert!(parse_seconds("NaN").is_err());
        let e = parse_seconds("soon").unwrap_err();
        assert!(e.contains("`none`") && e.contains("`soon`"), "{e}");
        assert!(limits(Some(10), Some(f64::INFINITY), None)
            .deadline
            .is_none());
        assert!(limits(Some(10), None, None).deadline.is_none());
        assert!(
            limits(Some(10), Some(-1.0), None).deadline.is_some(),
            "negative is 0, not none"
        );
    }
}
