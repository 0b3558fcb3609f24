//! What every `generate` command shares: the library's items written out as they are
//! accepted (so `| head -1` stops the run at the next item), a progress counter, and the
//! exit-3 message of a run that stopped short, in the library's words.

use crate::common::{limits, Memory};
use crate::error::CliError;
use crate::output::Output;
use crate::progress::Progress;
use gridlock_puzzles::generator::Outcome;
use gridlock_puzzles::quantity;
use gridlock_search::Limits;
use std::cell::RefCell;
use std::time::Instant;

/// Default `--timeout` of a generation, in seconds: long enough for every difficulty the
/// generators reach quickly, short enough that an impossible request ends.
pub const DEFAULT_TIMEOUT: f64 = 300.0;

/// The generator's two callbacks, as [`stream`] hands them to it: `each` on every item as
/// it is accepted (false: stop, the reader has gone), `progress` with the report so far.
pub struct Callbacks<'a, G, R> {
    /// Writes one accepted item; false once writing failed.
    pub each: &'a mut dyn FnMut(&G) -> bool,
    /// Shows how many items the report has kept so far.
    pub progress: &'a mut dyn FnMut(&R),
}

/// Runs a generator (`run`, given the callbacks) for `count` items named `unit`, writing
/// each item as `render(item, index)` makes it (index from 1) and flushing it at once.
/// Returns the generator's report and the seconds the run took; a write failure (a closed
/// pipe) is the error.
fn stream<G, R: Outcome>(
    out: &mut Output,
    unit: &'static str,
    count: usize,
    render: impl Fn(&G, usize) -> Result<String, CliError>,
    run: impl FnOnce(Callbacks<'_, G, R>) -> R,
) -> Result<(R, f64), CliError> {
    let clock = Instant::now();
    let bar = Progress::new(unit, (count > 1).then_some(count as u64));
    // both callbacks touch the output: it and the first failure are shared
    let sink = RefCell::new((out, None::<CliError>));
    let mut index = 0;
    let mut shown = 0u64;
    let report = run(Callbacks {
        each: &mut |g| {
            index += 1;
            let mut sink = sink.borrow_mut();
            let written = render(g, index)
                .and_then(|t| sink.0.write(&t))
                .and_then(|()| sink.0.flush());
            written.map_err(|e| sink.1 = Some(e)).is_ok()
        },
        progress: &mut |report| {
            let done = report.kept() as u64;
            bar.advance(done, done - shown, clock.elapsed().as_secs_f64());
            shown = done;
        },
    });
    drop(bar);
    let (out, failed) = sink.into_inner();
    if let Some(e) = failed {
        return Err(e);
    }
    out.flush()?;
    Ok((report, clock.elapsed().as_secs_f64()))
}

/// The options every `generate` command takes beside its request.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Number of puzzles (levels) to print.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: usize,
    /// Seed: the same options and seed print the same output on any machine.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many seconds (exit 3, printing what was found); `none`: no time
    /// limit. Default 300.
    #[arg(long, value_name = "SECONDS|none", value_parser = crate::common::parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    /// Stop after trying this many candidates, boards or rooms (exit 3, printing what was
    /// found): a bound that, unlike --timeout, gives the same output on any machine.
    /// Default: none.
    #[arg(long, value_name = "N")]
    pub max_candidates: Option<u64>,
    #[command(flatten)]
    pub memory: Memory,
    /// Print a summary (items, candidates tried, rate) on stderr.
    #[arg(long)]
    pub stats: bool,
}

/// What a `generate` command says of its items, for [`command`].
pub struct Command<'a> {
    /// The shared options.
    pub run: &'a RunArgs,
    /// What an item is called, singular ("puzzle", "level").
    pub unit: &'static str,
    /// Its plural, for the progress counter.
    pub units: &'static str,
    /// The options that widen the request, for the exit-3 message.
    pub widen: &'static str,
}

/// Runs a `generate` command: its limits from `cmd`, the items streamed (see [`stream`]),
/// the `--stats` line that `summary` makes from the report and the seconds, and exit 0, or
/// exit 3 saying why the run stopped short, what it found and what to raise.
pub fn command<G, R: Outcome>(
    out: &mut Output,
    cmd: Command<'_>,
    render: impl Fn(&G, usize) -> Result<String, CliError>,
    generate: impl FnOnce(&Limits, Callbacks<'_, G, R>) -> R,
    summary: impl Fn(&R, f64) -> String,
) -> Result<u8, CliError> {
    let (run, count) = (cmd.run, cmd.run.count);
    let timeout = run.timeout.unwrap_or(DEFAULT_TIMEOUT);
    let limits = limits(None, Some(timeout), run.memory.budget());
    let (report, secs) = stream(out, cmd.units, count, render, |c| generate(&limits, c))?;
    if run.stats {
        eprintln!("gridlock: {}", summary(&report, secs));
    }
    match report.stopped() {
        None => Ok(0),
        Some(stop) => Err(CliError::Limit(format!(
            "{}: found {} of {} ({}); {} or widen {}",
            stop.with_timeout(timeout),
            report.kept(),
            quantity(count, cmd.unit),
            report.shortfall(),
            stop.remedy(),
            cmd.widen
        ))),
    }
}
