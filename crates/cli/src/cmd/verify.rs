//! `gridlock verify PUZZLE INPUT SOLUTION`: the special judge (SPEC §6).

use crate::error::CliError;
use crate::output::Output;
use gridlock_search::Limits;
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
    /// Sliding tiles: SOLUTION is the judge output (the count, then one tile per line).
    #[value(name = "n-puzzle")]
    SlidingTiles,
    /// Sokoban: SOLUTION is LURD (counts such as `3r` and groups such as `2(dl)` allowed),
    /// or `-1`.
    Sokoban,
}

/// Arguments of `gridlock verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The puzzle.
    #[arg(value_enum)]
    pub puzzle: Puzzle,
    /// The puzzle input, in any format the solver accepts.
    pub input: PathBuf,
    /// The solution to check, in the format PUZZLE names (see its values above).
    pub solution: PathBuf,
    /// Seconds the optimality check may search (`none`: no time limit). The solution is
    /// always replayed in full; when the budget runs out before the optimum is known,
    /// optimality is reported as unknown (a `-1` answer, which only a finished search can
    /// confirm, exits with 3).
    #[arg(long, value_name = "SECONDS|none", default_value = "30", value_parser = crate::common::parse_seconds, allow_negative_numbers = true)]
    pub timeout: f64,
    #[command(flatten)]
    pub memory: crate::common::Memory,
    #[command(flatten)]
    pub exit: super::rush_hour::ExitRow,
    /// n-puzzle only: the goal (`blank-last`, `blank-first` or a file).
    #[arg(long, value_name = "blank-last|blank-first|FILE")]
    pub goal: Option<String>,
    /// n-puzzle only: the board's shape, RxC.
    #[arg(long, value_name = "RxC", value_parser = gridlock_puzzles::n_puzzle::parse_size)]
    pub size: Option<gridlock_puzzles::n_puzzle::Shape>,
    /// sokoban only: the objective optimality is judged in (default pushes).
    #[arg(long, value_enum, value_name = "pushes|moves")]
    pub objective: Option<super::sokoban::ObjectiveArg>,
    /// sokoban only: the level of a collection (1-based).
    #[arg(long, value_name = "N")]
    pub level: Option<usize>,
}

impl Args {
    /// The limits of the optimality check: the time and memory budgets, Ctrl-C (no state
    /// count, as for solving).
    fn limits(&self) -> Limits {
        crate::common::limits(None, Some(self.timeout), self.memory.budget())
    }
}

/// Prints `valid` or `invalid: <reason>` and the solution's length and optimality; exit code
/// 0 for valid, 1 for invalid, 2 for a malformed file.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let limits = args.limits();
    if !matches!(args.puzzle, Puzzle::SlidingTiles) && (args.goal.is_some() || args.size.is_some())
    {
        return Err(CliError::Input(
            "--goal and --size are options of `verify n-puzzle` only".into(),
        ));
    }
    if !matches!(args.puzzle, Puzzle::RushHour) && args.exit.exit_row.is_some() {
        return Err(CliError::Input(
            "--exit-row is an option of `verify rush-hour` only".into(),
        ));
    }
    if !matches!(args.puzzle, Puzzle::Sokoban) && (args.objective.is_some() || args.level.is_some())
    {
        return Err(CliError::Input(
            "--objective and --level are options of `verify sokoban` only".into(),
        ));
    }
    match args.puzzle {
        Puzzle::Sokoban => super::sokoban::verify(
            &args.input,
            &args.solution,
            args.objective.unwrap_or_default(),
            args.level,
            &limits,
            out,
        ),
        Puzzle::RushHour => {
            super::rush_hour::verify(&args.input, &args.solution, args.exit, &limits, out)
        }
        Puzzle::Chips => super::chips::verify(&args.input, &args.solution, out),
        Puzzle::Puzznic => super::puzznic::verify(&args.input, &args.solution, &limits, out),
        Puzzle::SlidingTiles => super::n_puzzle::verify(
            &args.input,
            &args.solution,
            args.goal.as_deref(),
            args.size,
            &limits,
            out,
        ),
    }
}
