//! `gridlock rush-hour generate`: interesting Rush Hour puzzles of a chosen difficulty
//! (SPEC §10). Parses and checks the options, streams the library's puzzles in the chosen
//! format, and reports the run on stderr.

use crate::error::CliError;
use crate::output::{self, Output};
use crate::stream::{command, Command, RunArgs};
use gridlock_puzzles::quantity;
use gridlock_puzzles::rush_hour::generate::{generate, Generated, Report, Request, Set};
use gridlock_puzzles::rush_hour::json::GeneratedJson;
use gridlock_puzzles::rush_hour::parse_database;

/// Arguments of `gridlock rush-hour generate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Optimal moves (slide metric): `A..B`, `A..` (at least A) or `N` (exactly N).
    #[arg(long, value_name = "A..B", default_value = "1..")]
    pub moves: String,
    /// Vehicles on the board, the red car included: `A..B`, `A..` or `N`.
    #[arg(long, value_name = "A..B", default_value = "2..18")]
    pub vehicles: String,
    /// Exactly this many 1x1 walls (0 to 4).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub walls: usize,
    /// Pieces allowed: any, or what the boxed game holds (no walls, at most 12 cars with the
    /// red car, 4 trucks).
    #[arg(long, value_enum, default_value_t = SetArg::Any)]
    pub set: SetArg,
    /// Output format: `MOVES BOARD SIZE` lines (judge), boards for people (text), or one
    /// JSON object per puzzle with steps, key and an optimal solution (json).
    #[arg(long, value_enum, default_value_t = GenFormat::Judge)]
    pub format: GenFormat,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `--set`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SetArg {
    /// Cars and trucks in any number, walls as asked.
    Any,
    /// The boxed game's pieces.
    Physical,
}

/// `--format` of generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GenFormat {
    /// `MOVES BOARD SIZE`, the database's line.
    Judge,
    /// Each puzzle drawn, with its numbers.
    Text,
    /// One JSON object per line.
    Json,
}

/// Parses `A..B`, `A..` or `N` (a missing upper end is `None`; `..B` starts at `low`).
pub fn parse_range(option: &str, text: &str, low: u32) -> Result<(u32, Option<u32>), String> {
    let bad = || {
        format!(
            "{option} {text}: expected N, A..B or A.. with whole numbers (e.g. 20..30), found \
             '{text}'"
        )
    };
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
    match text.split_once("..") {
        Some((a, b)) => {
            let a = if a.trim().is_empty() { low } else { number(a)? };
            let b = if b.trim().is_empty() {
                None
            } else {
                Some(number(b)?)
            };
            Ok((a, b))
        }
        None => number(text).map(|n| (n, Some(n))),
    }
}

/// The library's request from the options, checked (exit 2 with the reason otherwise).
pub fn request(args: &Args) -> Result<Request, CliError> {
    let moves = parse_range("--moves", &args.moves, 1).map_err(CliError::Input)?;
    let (lo, hi) = parse_range("--vehicles", &args.vehicles, 2).map_err(CliError::Input)?;
    let req = Request {
        moves,
        vehicles: (lo as usize, hi.map_or(18, |h| h as usize)),
        walls: args.walls,
        set: match args.set {
            SetArg::Any => Set::Any,
            SetArg::Physical => Set::Physical,
        },
        count: args.run.count,
        seed: args.run.seed,
        max_candidates: args.run.max_candidates,
    };
    req.check().map_err(CliError::Input)?;
    Ok(req)
}

/// Runs `gridlock rush-hour generate`.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let req = request(&args)?;
    let cmd = Command {
        run: &args.run,
        unit: "puzzle",
        units: "puzzles",
        widen: "--moves/--vehicles",
    };
    command(
        out,
        cmd,
        |g, index| render(g, index, req.count, args.format),
        |limits, c| generate(&req, limits, c.each, c.progress),
        |r, secs| summary(r, req.count, secs),
    )
}

/// The `--stats` line.
fn summary(r: &Report, count: usize, secs: f64) -> String {
    let per = |n: f64| n / secs.max(1e-9);
    format!(
        "generate: {} of {count} puzzles in {secs:.3} s ({:.1} puzzles/s); {} jobs, {} \
         candidate boards tried ({:.0}/s), {} duplicates dropped; largest MOVES met {}; {} threads",
        r.puzzles.len(),
        per(r.puzzles.len() as f64),
        r.jobs,
        r.tried,
        per(r.tried as f64),
        r.duplicates,
        r.best_moves,
        rayon::current_num_threads()
    )
}

/// The 36-character board drawn as a grid.
fn grid_of(board: &str) -> Result<String, CliError> {
    let puzzle = parse_database(board)?;
    Ok(puzzle.grid(&puzzle.start))
}

/// One puzzle in the chosen format, newline included.
fn render(
    g: &Generated,
    index: usize,
    count: usize,
    format: GenFormat,
) -> Result<String, CliError> {
    if format == GenFormat::Judge {
        return Ok(format!("{g}\n"));
    }
    let j = GeneratedJson::new(g)?;
    Ok(match format {
        GenFormat::Judge => unreachable!("handled above"),
        GenFormat::Json => format!("{}\n", output::json(&j)?),
        GenFormat::Text => format!(
            "Puzzle {index} of {count}: {} ({} to the exit cells), {} vehicles, {}; its \
             component has {} positions\n{}\n{}key: {}\nsolution: {}\n\n",
            quantity(j.moves, "move"),
            quantity(j.steps, "step"),
            j.vehicles,
            quantity(j.walls, "wall"),
            j.size,
            j.board,
            grid_of(&j.board)?,
            j.key,
            j.solution.join(", ")
        ),
    })
}
