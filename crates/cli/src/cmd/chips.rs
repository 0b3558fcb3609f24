//! `gridlock chips`: red-blue chips (SPEC §4), and its part of `gridlock verify`.

use crate::common::{format_arg, memory_note, Common, Format, Formats};
use crate::error::CliError;
use crate::input::{read_text, source_name};
use crate::output::Output;
use gridlock_puzzles::chips::{self, json, render, Solver};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// `--format` of `gridlock chips`.
const FORMATS: Formats = &[
    (
        "judge",
        "The contest answer: the number of moves, then the cell each move leaves, one per line \
         (-1 if the colours can never alternate); what `gridlock verify chips` reads",
    ),
    ("text", "For people: the board drawn after every move"),
    (
        "json",
        "One object: the input, the length, the move list and the board after each move",
    ),
];

/// Arguments of this subcommand.
#[derive(clap::Args)]
#[command(mut_arg("format", |a| format_arg(a, FORMATS)))]
pub struct Args {
    /// Input file (8 letters R/B, the chips of cells 0..7); `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub common: Common,
}

/// True when `--format text` should colour the chips: stdout is a terminal and the user has
/// not opted out with a non-empty `NO_COLOR` (<https://no-color.org>).
fn use_colour() -> bool {
    colour_wanted(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

fn colour_wanted(terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    terminal && no_color.is_none_or(|v| v.is_empty())
}

/// Solves one puzzle and prints it in the chosen format.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let path = args.file.as_deref();
    let text = read_text(path)?;
    let start =
        chips::parse_board(&text).map_err(|e| CliError::input_in(&source_name(path), &e))?;
    let solver = Solver::new(&args.common.limits())?;
    if args.common.stats {
        eprintln!(
            "gridlock: chips: {} solvable positions; {}; {}",
            solver.solvable_positions(),
            solver.stats(),
            memory_note(solver.stats(), args.common.memory.budget())
        );
    }
    let solution = solver.solve(start);
    let printed = match args.common.format {
        // The judge output already is the move list `gridlock verify chips` reads.
        Format::Judge | Format::Moves => render::judge(solution.as_ref()),
        Format::Text => render::text(start, solution.as_ref(), use_colour()),
        Format::Json => {
            return out.json(&json::json(start, solution.as_ref())).map(|()| 0);
        }
    };
    out.write(&printed)?;
    Ok(0)
}

/// `gridlock verify chips`: prints the verdict; exit code 0 valid, 1 invalid, 2 malformed.
pub fn verify(input: &Path, solution: &Path, out: &mut Output) -> Result<u8, CliError> {
    let board_text = read_text(Some(input))?;
    let start = chips::parse_board(&board_text)
        .map_err(|e| CliError::input_in(&source_name(Some(input)), &e))?;
    let solution_text = read_text(Some(solution))?;
    let file = chips::parse_solution(&solution_text)
        .map_err(|e| CliError::input_in(&source_name(Some(solution)), &e))?;
    let solver = Solver::new(&gridlock_search::Limits::none())?;
    let verdict = chips::verify(start, &file, &solver);
    let listed: Vec<i64> = file.moves.iter().map(|&(_, m)| m).collect();
    out.write(&verdict.report(&listed))?;
    Ok(if verdict.is_valid() { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::colour_wanted;
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour_wanted(true, None));
        assert!(colour_wanted(true, Some(OsStr::new(""))));
        assert!(!colour_wanted(true, Some(OsStr::new("1"))));
        assert!(!colour_wanted(false, None));
    }
}
