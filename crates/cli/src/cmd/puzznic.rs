//! `gridlock puzznic`: an optimal (or, with `--fast`, a quick) sequence of cycles that clears
//! a Puzznic board, and `gridlock verify puzznic`.

use crate::common::{format_arg, memory_note, Common, Format, Formats};
use crate::error::CliError;
use crate::input::{read_text, source_name};
use crate::output::Output;
use gridlock_puzzles::puzznic::{
    describe_bound, judge, judge_text, parse, render_json, render_text, solve_with, Analysis,
    Objective, Outcome, Puzzle, Solution, SolveOptions, Strategy, FAST_BUDGET,
};
use gridlock_search::memory::Bytes;
use gridlock_search::{Limits, StopReason};
use std::path::{Path, PathBuf};

/// What to minimise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ObjectiveArg {
    /// Fewest player moves, then fewest cycles.
    #[default]
    Moves,
    /// Fewest cycles, then fewest player moves.
    Cycles,
}

impl From<ObjectiveArg> for Objective {
    fn from(o: ObjectiveArg) -> Objective {
        match o {
            ObjectiveArg::Moves => Objective::Moves,
            ObjectiveArg::Cycles => Objective::Cycles,
        }
    }
}

/// `--format` of `gridlock puzznic`.
const FORMATS: Formats = &[
    (
        "judge",
        "The contest answer: one line per cycle (`-`, `L r c` or `R r c`), or -1 if the board \
         cannot be cleared; what `gridlock verify puzznic` reads",
    ),
    (
        "text",
        "For people: the start, then each cycle's boards (the moved piece and the vanishing \
         ones marked), and the totals",
    ),
    (
        "json",
        "One object: the solution, its moves and cycles, and whether it is proven optimal",
    ),
];

/// Arguments of this subcommand.
#[derive(clap::Args)]
#[command(mut_arg("format", |a| format_arg(a, FORMATS)))]
pub struct Args {
    /// Input file: rows of `#` (wall), `.` (empty) and digits 1-9 (pieces), up to 16x16; `-`
    /// or nothing for standard input.
    pub file: Option<PathBuf>,
    /// What an optimal answer minimises first.
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Moves)]
    pub objective: ObjectiveArg,
    /// Find a valid answer quickly, without the optimality guarantee (beam search); gives up
    /// after 10 seconds unless --timeout says otherwise (`--timeout none`: never).
    #[arg(long, conflicts_with = "fast_fallback")]
    pub fast: bool,
    /// If the optimal search hits --max-states or --timeout, print the answer of a fast
    /// search instead (still exit code 3) and the proven lower bound on stderr.
    #[arg(long)]
    pub fast_fallback: bool,
    #[command(flatten)]
    pub common: Common,
}

/// Smallest state budget of the `--fast-fallback` search.
const FALLBACK_STATES: usize = 1_000_000;

fn load(path: Option<&Path>) -> Result<Puzzle, CliError> {
    let text = read_text(path)?;
    parse(&text).map_err(|e| CliError::input_in(&source_name(path), &e))
}

fn print(
    out: &mut Output,
    format: Format,
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    objective: Objective,
    optimal: bool,
) -> Result<(), CliError> {
    match format {
        Format::Judge | Format::Moves => out.write(&judge_text(puzzle, solution)),
        Format::Text => out.write(&render_text(puzzle, solution, objective, optimal)),
        Format::Json => out.json(&render_json(puzzle, solution, objective, optimal)),
    }
}

/// The limits of the search `args` ask for: `--fast` without `--timeout` gives up after
/// [`FAST_BUDGET`] (`--timeout none` lifts it).
fn search_limits(args: &Args) -> Limits {
    let limits = args.common.limits();
    if args.fast && args.common.timeout.is_none() {
        limits.with_timeout(FAST_BUDGET)
    } else {
        limits
    }
}

/// Runs the subcommand.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let puzzle = load(args.file.as_deref())?;
    let objective = Objective::from(args.objective);
    let analysis = Analysis::new(&puzzle.geometry);
    let limits = search_limits(&args);
    let options = SolveOptions {
        objective,
        strategy: Strategy::from_fast_flag(args.fast),
        limits,
    };
    match solve_with(&puzzle, &analysis, &options) {
        Ok(outcome) => {
            if args.common.stats {
                let bound = analysis
                    .moves_bound(&puzzle.start)
                    .map_or("none (dead end)".to_string(), |b| b.to_string());
                eprintln!(
                    "gridlock: puzznic: {}; {}; lower bound on moves at the start: {bound}",
                    outcome.stats,
                    memory_note(&outcome.stats, args.common.memory.budget())
                );
            }
            print(
                out,
                args.common.format,
                &puzzle,
                outcome.solution.as_ref(),
                objective,
                outcome.optimal,
            )?;
            Ok(0)
        }
        Err(stopped) if args.fast_fallback => {
            let bound = describe_bound(&stopped, objective);
            // The fallback gets a fresh time budget (the --fast one when none was given) and at
            // least FALLBACK_STATES states: a tiny cap that stopped the optimal search should
            // not also starve the beam.
            let mut limits = args.common.limits();
            if args.common.timeout.is_none() {
                limits = limits.with_timeout(FAST_BUDGET);
            }
            limits.max_states = limits.max_states.map(|m| m.max(FALLBACK_STATES));
            let fast = SolveOptions {
                strategy: Strategy::Fast,
                limits,
                ..options
            };
            eprintln!("gridlock: the optimal search stopped: {stopped}; {bound}");
            match solve_with(&puzzle, &analysis, &fast) {
                Ok(Outcome {
                    solution: Some(s), ..
                }) => {
                    eprintln!(
                        "gridlock: printing a solution that is not proven optimal: {}, {}",
                        gridlock_puzzles::quantity(s.moves, "move"),
                        gridlock_puzzles::quantity(s.cycles, "cycle")
                    );
                    print(out, args.common.format, &puzzle, Some(&s), objective, false)?;
                    out.flush()?;
                    Ok(3)
                }
                Ok(_) => {
                    // The fast search explores the same graph fully: no solution exists.
                    print(out, args.common.format, &puzzle, None, objective, true)?;
                    Ok(0)
                }
                Err(again) => Err(CliError::Limit(format!(
                    "{stopped}; the fast fallback stopped too ({again}); {bound}"
                ))),
            }
        }
        Err(stopped) => {
            let bound = describe_bound(&stopped, objective);
            let held = format!("; the search held {}", Bytes(stopped.stats.peak_bytes));
            let (raise, held) = match stopped.reason {
                StopReason::MemoryLimit { .. } => ("raise --max-memory", String::new()),
                StopReason::OutOfMemory { .. } => {
                    ("the machine has no more memory to give", String::new())
                }
                _ => ("raise --max-states or --timeout", held),
            };
            // --fast already ran every quick method and then the complete search
            let hint = if args.fast {
                raise.to_string()
            } else {
                format!("{raise}, or use --fast / --fast-fallback")
            };
            Err(CliError::Limit(format!(
                "{stopped} ({hint}){held}; {bound}"
            )))
        }
    }
}

/// `gridlock verify puzznic`: replays the answer, then solves both objectives to say whether
/// it is optimal.
pub fn verify(
    input: &Path,
    solution: &Path,
    limits: &Limits,
    out: &mut Output,
) -> Result<u8, CliError> {
    let puzzle = load(Some(input))?;
    let text = read_text(Some(solution))?;
    let analysis = Analysis::new(&puzzle.geometry);
    // only a `-1` answer needs the search to finish: say so, with the bound in words
    let judgement = judge(&puzzle, &analysis, &text, limits).map_err(|stopped| {
        let hint = match stopped.reason {
            StopReason::Timeout => "raise --timeout",
            StopReason::StateLimit(_) => "the board is too large to prove unsolvable here",
            StopReason::Cancelled => "interrupted",
            StopReason::MemoryLimit { .. } => "raise --max-memory",
            StopReason::OutOfMemory { .. } => "the machine has no more memory to give",
        };
        let bound = describe_bound(&stopped, Objective::Moves);
        CliError::Limit(format!(
            "{stopped} while checking that the board cannot be cleared ({hint}); {bound}"
        ))
    })?;
    out.write(&judgement.report())?;
    Ok(if judgement.is_valid() { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use std::time::Instant;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: Args,
    }

    fn limits_of(words: &[&str]) -> Limits {
        let line = Line::try_parse_from(std::iter::once("puzznic").chain(words.iter().copied()))
            .expect("valid options");
        search_limits(&line.args)
    }

    /// `--fast` alone gets the 10-second budget, counted from when the search is set up
    /// (bounds read around the call, so the check holds however slow the machine);
    /// `--timeout none` and the optimal search have no deadline.
    #[test]
    fn fast_gets_its_default_budget_unless_a_timeout_is_given() {
        let before = Instant::now();
        let fast = limits_of(&["--fast"]).deadline.expect("a deadline");
        let after = Instant::now();
        assert!(fast >= before + FAST_BUDGET && fast <= after + FAST_BUDGET);
        assert!(limits_of(&["--fast", "--timeout", "none"])
            .deadline
            .is_none());
        assert!(limits_of(&[]).deadline.is_none());
        let two = limits_of(&["--fast", "--timeout", "2"])
            .deadline
            .expect("2 s");
        assert!(two <= Instant::now() + std::time::Duration::from_secs(2));
    }
}
