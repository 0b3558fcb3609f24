//! `gridlock verify PUZZLE INPUT SOLUTION`: the special judge (SPEC §6).

use crate::error::CliError;
use crate::output::Output;
use std::path::PathBuf;

/// Which puzzle's rules to replay the solution with.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Puzzle {
    /// Rush Hour: SOLUTION is a move list, `VEHICLE DIRECTION DISTANCE` per line.
    RushHour,
    /// Red-blue chips: SOLUTION is the judge output.
    Chips,
    /// Puzznic: SOLUTION is the judge output.
    Puzznic,
}

/// Arguments of `gridlock verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The puzzle.
    #[arg(value_enum)]
    pub puzzle: Puzzle,
    /// The puzzle input, in any format the solver accepts.
    pub input: PathBuf,
    /// The solution to check.
    pub solution: PathBuf,
}

/// Prints `valid` or `invalid: <reason>` and the solution's length and optimality; exit code
/// 0 for valid, 1 for invalid, 2 for a malformed file.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    match args.puzzle {
        Puzzle::RushHour => super::rush_hour::verify(&args.input, &args.solution, out),
        Puzzle::Chips => super::chips::verify(&args.input, &args.solution, out),
        Puzzle::Puzznic => super::puzznic::verify(&args.input, &args.solution, out),
    }
}
