//! (being written)

use crate::common::Common;
use crate::error::CliError;
use crate::output::Output;
use std::path::PathBuf;

/// Arguments of this subcommand.
#[derive(clap::Args)]
pub struct Args {
    /// Input file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub common: Common,
}

/// Runs the subcommand.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let _ = (args.file, args.common, out);
    Err(CliError::Internal("not implemented yet".into()))
}

/// `gridlock verify` for this puzzle: prints the verdict, returns the exit code.
pub fn verify(
    input: &std::path::Path,
    solution: &std::path::Path,
    out: &mut Output,
) -> Result<u8, CliError> {
    let _ = (input, solution, out);
    Err(CliError::Internal("not implemented yet".into()))
}
