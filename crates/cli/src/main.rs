//! `gridlock`: the command-line front end. It parses arguments, reads input, calls the
//! puzzle library and prints; all puzzle logic lives in `gridlock-puzzles`.

mod cmd;
mod common;
mod error;
mod input;
mod output;

use clap::{Parser, Subcommand};
use error::CliError;
use output::Output;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  gridlock rush-hour examples/rush-hour/sample2.txt      # contest answer: 6
  gridlock rush-hour --limit none --format text board.txt
  gridlock chips examples/chips/sample.txt               # 4 moves, then 1 2 3 8
  gridlock puzznic --format text examples/puzznic/sample.txt
  gridlock verify chips input.txt solution.txt

Exit codes: 0 answered (also \"no solution\": -1), 1 internal error (or an invalid solution
for verify), 2 malformed input, 3 a limit (--max-states, --timeout) was hit.";

/// Solve grid puzzles optimally: Rush Hour, red-blue chips, Puzznic.
#[derive(Parser)]
#[command(name = "gridlock", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rush Hour: fewest steps (or moves) to drive the red car out.
    RushHour(cmd::rush_hour::Args),
    /// Red-blue chips: shortest, lexicographically first move list to alternate the colours.
    Chips(cmd::chips::Args),
    /// Puzznic: an optimal sequence of moves that clears the board.
    Puzznic(cmd::puzznic::Args),
    /// Special judge: replay a solution and say whether it is valid and optimal.
    Verify(cmd::verify::Args),
    /// Rush Hour universe: every interesting puzzle (temporary top level; moves under rush-hour).
    Universe(cmd::universe::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = Output::stdout();
    let result = match cli.command {
        Command::RushHour(args) => cmd::rush_hour::run(args, &mut out),
        Command::Chips(args) => cmd::chips::run(args, &mut out),
        Command::Puzznic(args) => cmd::puzznic::run(args, &mut out),
        Command::Verify(args) => cmd::verify::run(args, &mut out),
        Command::Universe(args) => cmd::universe::run(args, &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|()| code));
    match result {
        Ok(code) => ExitCode::from(code),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gridlock: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
