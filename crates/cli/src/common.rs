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

/// Default state cap: keeps peak memory of any search around a few GiB at most.
pub const DEFAULT_MAX_STATES: usize = gridlock_puzzles::DEFAULT_MAX_STATES;

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
    /// Stop with exit code 3 once a search holds this many states.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: usize,
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
    /// the room under `ulimit -v`).
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

/// Reads `--max-memory`: digits (a decimal point allowed) and an optional unit K, M, G or T
/// (powers of 1024; `KiB`, `MB`, any case, mean the same), or `none`.
pub fn parse_size(text: &str) -> Result<Size, String> {
    let expected =
        || format!("expected a size such as 512M, 8G or 1.5G, or `none`; found `{text}`");
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(Size(None));
    }
    let digits = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let unit = unit.trim().to_ascii_uppercase();
    let unit = unit.trim_end_matches('B').trim_end_matches('I');
    let shift = match unit {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(expected()),
    };
    let value: f64 = number.parse().map_err(|_| expected())?;
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(expected());
    }
    Ok(Size(Some(bytes as u64)))
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

/// A state cap, an optional time budget in seconds (negative counts as 0; one too large to
/// represent means none), a memory budget in bytes and Ctrl-C: what every command's
/// searches run under.
pub fn limits(max_states: usize, timeout: Option<f64>, max_bytes: Option<u64>) -> Limits {
    let mut limits = Limits::states(max_states).with_cancel(interrupted());
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
        assert!(limits(10, Some(f64::INFINITY), None).deadline.is_none());
        assert!(limits(10, None, None).deadline.is_none());
        assert!(
            limits(10, Some(-1.0), None).deadline.is_some(),
            "negative is 0, not none"
        );
    }
}
