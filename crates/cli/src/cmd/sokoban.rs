//! `gridlock sokoban`: an optimal solution of a Sokoban level (fewest pushes then moves, or
//! fewest moves then pushes), a whole collection with `--batch`, and `gridlock verify
//! sokoban`.

use crate::common::{format_arg, memory_note, stats_line, Common, Format, Formats};
use crate::error::CliError;
use crate::input::{self, read_text, source_name};
use crate::output::Output;
use crate::progress::Progress;
use gridlock_puzzles::sokoban::{
    batch_line, batch_stopped_line, describe_bound, judge, parse_collection, parse_level,
    render_text, solve, verify, Level, Objective, Outcome, Report, SolveOptions,
};
use gridlock_puzzles::PuzzleError;
use gridlock_search::memory::Bytes;
use gridlock_search::{Limits, StopReason, Stopped};
use rayon::prelude::*;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to minimise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ObjectiveArg {
    /// Fewest pushes, then fewest moves.
    #[default]
    Pushes,
    /// Fewest moves, then fewest pushes.
    Moves,
}

impl From<ObjectiveArg> for Objective {
    fn from(o: ObjectiveArg) -> Objective {
        match o {
            ObjectiveArg::Pushes => Objective::Pushes,
            ObjectiveArg::Moves => Objective::Moves,
        }
    }
}

/// `--format` of `gridlock sokoban` (no `moves`: the judge line is the move list).
const FORMATS: Formats = &[
    (
        "judge",
        "One line, the solution in LURD (l u r d moves, L U R D pushes), empty when the level \
         starts solved, -1 when it cannot be solved; what `gridlock verify sokoban` reads. With \
         --batch: `ID MOVES PUSHES SOLUTION` per level",
    ),
    (
        "text",
        "For people: the level, the counts, then the board after every push (with --batch: \
         the judge lines)",
    ),
    (
        "json",
        "One object: the solution, its moves and pushes, whether it is proven optimal, the \
         bound when stopped, the search statistics; one per level with --batch",
    ),
];

/// Arguments of `gridlock sokoban`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(mut_arg("format", |a| format_arg(a, FORMATS)))]
pub struct Args {
    /// Something other than solving levels.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// A level or a collection in XSB (`#` wall, space floor, `.` goal, `$` box, `*` box on
    /// goal, `@` player, `+` player on goal; run-length rows; Boxoban files); `-` or nothing
    /// for standard input.
    pub file: Option<PathBuf>,
    /// Solve the N-th level of a collection (1-based).
    #[arg(long, value_name = "N", conflicts_with = "batch")]
    pub level: Option<usize>,
    /// What an optimal answer minimises first.
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Pushes)]
    pub objective: ObjectiveArg,
    /// Any solution, quickly, not proven optimal (for levels out of reach of the optimal
    /// search).
    #[arg(long, conflicts_with = "fast_fallback")]
    pub fast: bool,
    /// If the optimal search hits --max-states, --timeout or --max-memory, print the answer
    /// of the fast search instead (a fresh budget of the same limits, at least 1,000,000
    /// states; still exit code 3) and the proven lower bound on stderr.
    #[arg(long, conflicts_with = "batch")]
    pub fast_fallback: bool,
    /// Solve every level of the file, using every core; one line per level in file order:
    /// `ID MOVES PUSHES SOLUTION`, `ID -1` when unsolvable, `ID stopped pushes>=B` (or
    /// `moves>=B`) when a limit stopped it. --max-states and --timeout apply per level.
    #[arg(long)]
    pub batch: bool,
    #[command(flatten)]
    pub common: Common,
}

/// Subcommands of `gridlock sokoban`.
#[derive(clap::Subcommand)]
pub enum Action {
    /// Levels of a chosen size, box count and optimal pushes, each with its fewest pushes
    /// proven (see docs/sokoban-generate.md).
    Generate(super::sokoban_generate::Args),
}

/// Smallest state budget of the `--fast-fallback` search.
const FALLBACK_STATES: usize = 1_000_000;

/// Largest collection `--batch` reads.
const MAX_BATCH_BYTES: u64 = 64 << 20;

/// Levels per parallel round: enough to keep every core busy, few enough that output
/// streams.
const CHUNK: usize = 64;

/// Runs the subcommand.
pub fn run(mut args: Args, out: &mut Output) -> Result<u8, CliError> {
    if let Some(Action::Generate(g)) = args.action.take() {
        return super::sokoban_generate::run(g, out);
    }
    if args.batch {
        return batch(&args, out);
    }
    let path = args.file.as_deref();
    let text = read_text(path)?;
    let level =
        parse_level(&text, args.level).map_err(|e| CliError::input_in(&source_name(path), &e))?;
    let objective = Objective::from(args.objective);
    let options = options(&args, args.common.limits());
    match solve(&level, &options) {
        Ok(outcome) => {
            if args.common.stats {
                eprintln!(
                    "{}",
                    stats_line(&outcome.stats, args.common.memory.budget())
                );
            }
            print(out, args.common.format, &level, objective, &outcome)?;
            Ok(0)
        }
        Err(stopped) if args.fast_fallback && stopped.reason != StopReason::Cancelled => {
            fallback(&args, out, &level, &stopped)
        }
        Err(stopped) => {
            if args.common.format == Format::Json {
                let report = Report::stopped(&level, objective, &stopped);
                out.line(&to_json(&report)?)?;
                out.flush()?;
            }
            Err(limit_error(&stopped, objective, args.fast))
        }
    }
}

/// `--fast-fallback` after the optimal search stopped: the fast search with a fresh budget of
/// the same limits; its answer (exit 3, not optimal) and the optimal search's proven bound,
/// or the limit error if it stops too.
fn fallback(
    args: &Args,
    out: &mut Output,
    level: &Level,
    stopped: &Stopped,
) -> Result<u8, CliError> {
    let objective = Objective::from(args.objective);
    let bound = describe_bound(stopped, objective);
    eprintln!("gridlock: the optimal search stopped: {stopped}; {bound}");
    // at least FALLBACK_STATES states: a tiny cap that stopped the optimal search should not
    // also starve the fast one
    let mut limits = args.common.limits();
    limits.max_states = limits.max_states.map(|m| m.max(FALLBACK_STATES));
    let fast = SolveOptions {
        fast: true,
        ..options(args, limits)
    };
    match solve(level, &fast) {
        Ok(outcome) if outcome.solution.is_some() => {
            if let Some(s) = &outcome.solution {
                eprintln!(
                    "gridlock: printing a solution that is not proven optimal: {} moves, {} \
                     pushes; {bound}",
                    s.moves, s.pushes
                );
            }
            print(out, args.common.format, level, objective, &outcome)?;
            out.flush()?;
            Ok(3)
        }
        // the fast search explores the same graph to the end: proven unsolvable
        Ok(outcome) => {
            print(out, args.common.format, level, objective, &outcome)?;
            Ok(0)
        }
        Err(again) => Err(CliError::Limit(format!(
            "{stopped}; the fast fallback stopped too ({again}); {bound}"
        ))),
    }
}

fn options(args: &Args, limits: Limits) -> SolveOptions {
    SolveOptions {
        objective: args.objective.into(),
        fast: args.fast,
        limits,
    }
}

/// The exit-3 message of a stopped search: the limit, what to do, what the search held (a
/// memory stop says it already), the proven bound, the statistics.
fn limit_error(stopped: &Stopped, objective: Objective, fast: bool) -> CliError {
    let held = format!("; the search held {}", Bytes(stopped.stats.peak_bytes));
    let or_fast = if fast { "" } else { ", or try --fast" };
    let (hint, held) = match stopped.reason {
        StopReason::StateLimit(_) => (format!("raise --max-states{or_fast}"), held),
        StopReason::Timeout => (format!("raise --timeout{or_fast}"), held),
        StopReason::Cancelled => ("interrupted".to_string(), held),
        StopReason::MemoryLimit { .. } => (format!("raise --max-memory{or_fast}"), String::new()),
        StopReason::OutOfMemory { .. } => (
            "the machine has no more memory to give; lower --max-memory to stop sooner".to_string(),
            String::new(),
        ),
    };
    CliError::Limit(format!(
        "{stopped} ({hint}){held}; {}; {}",
        describe_bound(stopped, objective),
        stopped.stats
    ))
}

fn to_json(report: &Report) -> Result<String, CliError> {
    serde_json::to_string(report)
        .map_err(|e| CliError::Internal(format!("JSON encoding failed: {e}")))
}

fn print(
    out: &mut Output,
    format: Format,
    level: &Level,
    objective: Objective,
    outcome: &Outcome,
) -> Result<(), CliError> {
    match format {
        Format::Judge | Format::Moves => out.write(&judge(outcome.solution.as_ref())),
        Format::Text => out.write(&render_text(level, objective, outcome)),
        Format::Json => out.line(&to_json(&Report::solved(level, objective, outcome))?),
    }
}

/// Reads a whole collection (up to [`MAX_BATCH_BYTES`]).
fn read_collection(path: Option<&Path>) -> Result<String, CliError> {
    let name = source_name(path);
    let mut bytes = Vec::new();
    input::open(path)?
        .take(MAX_BATCH_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Input(format!("{name}: cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_BATCH_BYTES {
        return Err(CliError::Input(format!(
            "{name}: input is larger than {MAX_BATCH_BYTES} bytes; split the collection"
        )));
    }
    input::decode(bytes).map_err(|e| CliError::input_in(&name, &e))
}

fn batch(args: &Args, out: &mut Output) -> Result<u8, CliError> {
    let path = args.file.as_deref();
    let name = source_name(path);
    let levels =
        parse_collection(&read_collection(path)?).map_err(|e| CliError::input_in(&name, &e))?;
    let objective = Objective::from(args.objective);
    let progress = Progress::new("levels", Some(levels.len() as u64));
    let clock = Instant::now();
    // one search per thread at once: each gets its share of the memory budget; the limits
    // are made per level, so that --timeout's deadline counts from each level's start
    let threads = rayon::current_num_threads();
    let limits = || args.common.limits().shared(threads);
    let mut total = gridlock_search::Stats::default();
    let (mut stopped_any, mut done) = (false, 0u64);
    for (k, chunk) in levels.chunks(CHUNK).enumerate() {
        let results: Vec<Result<Outcome, Stopped>> = chunk
            .par_iter()
            .map(|level| solve(level, &options(args, limits())))
            .collect();
        let mut text = String::new();
        for (i, (level, result)) in chunk.iter().zip(results).enumerate() {
            let id = k * CHUNK + i + 1;
            let line = match (&result, args.common.format) {
                (Ok(o), Format::Json) => to_json(&Report::solved(level, objective, o).with_id(id))?,
                (Ok(o), _) => batch_line(id, o.solution.as_ref()),
                (Err(s), Format::Json) => {
                    to_json(&Report::stopped(level, objective, s).with_id(id))?
                }
                (Err(s), _) => batch_stopped_line(id, objective, s),
            };
            text.push_str(&line);
            text.push('\n');
            match result {
                Ok(o) => total.absorb(&o.stats),
                Err(s) => {
                    total.absorb(&s.stats);
                    stopped_any = true;
                    if s.reason == StopReason::Cancelled {
                        out.write(&text)?;
                        return Err(limit_error(&s, objective, args.fast));
                    }
                }
            }
        }
        out.write(&text)?;
        out.flush()?;
        done += chunk.len() as u64;
        progress.advance(done, chunk.len() as u64, clock.elapsed().as_secs_f64());
    }
    if args.common.stats {
        eprintln!(
            "gridlock: sokoban batch: {} level{}, {} nodes generated, {} expanded, wall time \
             {:.3} s on {threads} thread{} (the searches' own times add up to {:.3} s); {} per \
             search",
            levels.len(),
            if levels.len() == 1 { "" } else { "s" },
            total.generated,
            total.expanded,
            clock.elapsed().as_secs_f64(),
            if threads == 1 { "" } else { "s" },
            total.elapsed.as_secs_f64(),
            memory_note(&total, limits().max_bytes),
        );
    }
    Ok(if stopped_any { 3 } else { 0 })
}

/// `gridlock verify sokoban [--objective O] [--level N] LEVEL SOLUTION`: replays the LURD
/// solution; the optimum comes from a search bounded by `limits`. Exit 0 valid, 1 invalid.
pub fn verify(
    input: &Path,
    solution: &Path,
    objective: ObjectiveArg,
    pick: Option<usize>,
    limits: &Limits,
    out: &mut Output,
) -> Result<u8, CliError> {
    let text = read_text(Some(input))?;
    let level =
        parse_level(&text, pick).map_err(|e| CliError::input_in(&source_name(Some(input)), &e))?;
    let answer = read_text(Some(solution))?;
    let objective = Objective::from(objective);
    let judgement = verify::judge(&level, &answer, objective, limits).map_err(|e| match e {
        PuzzleError::Parse(p) => CliError::input_in(&source_name(Some(solution)), &p),
        PuzzleError::Limit(stopped) => {
            let hint = match stopped.reason {
                StopReason::MemoryLimit { .. } => "raise --max-memory",
                StopReason::OutOfMemory { .. } => "the machine has no more memory to give",
                StopReason::StateLimit(_) => "the level is too large to prove unsolvable here",
                StopReason::Timeout => "raise --timeout",
                StopReason::Cancelled => "interrupted",
            };
            CliError::Limit(format!(
                "{stopped} while checking that the level cannot be solved ({hint}); {}",
                describe_bound(&stopped, objective)
            ))
        }
    })?;
    out.write(&judgement.report())?;
    Ok(if judgement.is_valid() { 0 } else { 1 })
}
