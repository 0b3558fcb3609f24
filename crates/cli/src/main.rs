//! `gridlock`: the command-line front end. It parses arguments, reads input, calls the
//! puzzle library and prints; all puzzle logic lives in `gridlock-puzzles`.

mod alloc;
mod batch;
mod cmd;
mod common;
mod error;
mod input;
mod output;
mod progress;
mod stream;

use clap::{Parser, Subcommand};
use error::CliError;
use output::Output;
use std::process::ExitCode;

/// A refused allocation is exit code 3, not an abort (see `alloc.rs`).
#[global_allocator]
static ALLOCATOR: alloc::ExitOnRefusal = alloc::ExitOnRefusal;

const EXAMPLES: &str = "\
Examples:
  gridlock rush-hour examples/rush-hour/sample2.txt      # contest answer: 6
  gridlock rush-hour --limit none --format text board.txt
  gridlock chips examples/chips/sample.txt               # 4 moves, then 1 2 3 8
  gridlock puzznic --format text examples/puzznic/sample.txt
  gridlock verify chips input.txt solution.txt
  gridlock n-puzzle --goal blank-first --batch korf100.txt
  gridlock sokoban --batch boxoban/hard/000.txt

Exit codes: 0 answered (also \"no solution\": -1), 1 internal error (or an invalid solution
for verify), 2 malformed input, 3 a limit (--max-states, --timeout, --max-memory, or memory
the system refused) was hit.";

#[derive(Parser)]
#[command(name = "gridlock", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rush Hour: fewest steps (or moves) to drive the red car out.
    #[command(after_help = "Examples:
  gridlock rush-hour examples/rush-hour/sample2.txt            # contest answer: 6
  gridlock rush-hour --limit none --metric moves --format text board.txt
  gridlock rush-hour --batch rush_18k.txt > answers.txt        # MOVES STEPS BOARD per line
  gridlock rush-hour explore examples/rush-hour/sample2.txt    # the whole component")]
    RushHour(cmd::rush_hour::Args),
    /// Red-blue chips: shortest, lexicographically first move list to alternate the colours.
    #[command(after_help = "Examples:
  gridlock chips examples/chips/sample.txt                     # 4, then 1 2 3 8
  echo RRRRBBBB | gridlock chips --format text")]
    Chips(cmd::chips::Args),
    /// Puzznic: an optimal sequence of moves that clears the board.
    #[command(after_help = "Examples:
  gridlock puzznic examples/puzznic/sample.txt                 # R 2 3
  gridlock puzznic --objective cycles --format text level.txt
  gridlock puzznic --fast level.txt                            # quick, not proven optimal")]
    Puzznic(cmd::puzznic::Args),
    /// Sliding-tile puzzles (8-, 15-puzzle, any RxC): fewest moves, with pattern databases.
    #[command(after_help = "Examples:
  echo 8 6 7 2 5 4 3 0 1 | gridlock n-puzzle               # 31, then the tiles moved
  gridlock n-puzzle --format text board.txt
  gridlock n-puzzle pdb build --pattern 7-8 --goal blank-first   # once: the strongest 4x4 tables
  gridlock n-puzzle --goal blank-first --batch korf100.txt       # MOVES BOARD per line
  gridlock n-puzzle explore --size 3x3                     # 181440 positions, at most 31 moves")]
    NPuzzle(cmd::n_puzzle::Args),
    /// Sokoban: an optimal solution in LURD (fewest pushes then moves, or moves then pushes).
    #[command(after_help = "Examples:
  gridlock sokoban examples/sokoban/sample.txt                 # the LURD line
  gridlock sokoban --objective moves --format text level.xsb
  gridlock sokoban --batch boxoban/hard/000.txt                # ID MOVES PUSHES SOLUTION
  gridlock sokoban --level 3 collection.sok")]
    Sokoban(cmd::sokoban::Args),
    /// Special judge: replay a solution and say whether it is valid and optimal.
    #[command(after_help = "Examples:
  gridlock rush-hour --limit none --format moves board.txt > moves.txt
  gridlock verify rush-hour board.txt moves.txt
  gridlock chips ring.txt > answer.txt && gridlock verify chips ring.txt answer.txt")]
    Verify(cmd::verify::Args),
    /// Web player: solve boards and play the solutions back in a browser (local by default).
    Serve(cmd::serve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve(_)) {
        output::watch_reader();
    }
    let mut out = Output::stdout();
    let result = match cli.command {
        Command::RushHour(args) => cmd::rush_hour::run(args, &mut out),
        Command::Chips(args) => cmd::chips::run(args, &mut out),
        Command::Puzznic(args) => cmd::puzznic::run(args, &mut out),
        Command::NPuzzle(args) => cmd::n_puzzle::run(args, &mut out),
        Command::Sokoban(args) => cmd::sokoban::run(args, &mut out),
        Command::Verify(args) => cmd::verify::run(args, &mut out),
        Command::Serve(args) => cmd::serve::run(args, &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|()| code));
    match result {
        Ok(code) => ExitCode::from(code),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        // stopped because the reader went away (`| head`): as quiet as a closed pipe
        Err(_) if output::reader_gone() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gridlock: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
