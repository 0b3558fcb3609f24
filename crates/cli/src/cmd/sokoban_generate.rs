//! `gridlock sokoban generate`: Sokoban levels of a chosen size, box count and optimal
//! pushes (SPEC §13, issue 36). Parses and checks the options, streams the library's levels
//! in the chosen format, and reports the run on stderr.

use super::generate::parse_range;
use crate::error::CliError;
use crate::output::Output;
use crate::stream::{command, Command, RunArgs};
use gridlock_puzzles::sokoban::generate::{generate, Generated, Report, Request};

/// Arguments of `gridlock sokoban generate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rows x columns of the level, the outer wall included (5 to 24 each).
    #[arg(long, value_name = "RxC", default_value = "10x10")]
    pub size: String,
    /// Boxes (as many goals): `A..B`, `A..` or `N`.
    #[arg(long, value_name = "A..B", default_value = "4")]
    pub boxes: String,
    /// Optimal pushes: `A..B`, `A..` (at least A) or `N`. Each level is one of the farthest
    /// positions of its room within this range.
    #[arg(long, value_name = "A..B", default_value = "1..")]
    pub pushes: String,
    /// Keep only levels of at least N optimal pushes a box (long for their size; 0: no such
    /// rule).
    #[arg(long, value_name = "N", default_value_t = gridlock_puzzles::sokoban::generate::PER_BOX)]
    pub pushes_per_box: u32,
    /// Output format: a collection `gridlock sokoban --batch` reads (judge: `; N (P pushes)`
    /// then the rows), levels with their solution for people (text), or one JSON object per
    /// level with an optimal solution (json).
    #[arg(long, value_enum, default_value_t = GenFormat::Judge)]
    pub format: GenFormat,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `--format` of generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GenFormat {
    /// A collection: `; N (P pushes)`, the rows, a blank line.
    Judge,
    /// Each level drawn, with its counts and solution.
    Text,
    /// One JSON object per line.
    Json,
}

/// Parses `RxC` (or `N` for a square).
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--size {text}: expected ROWSxCOLUMNS such as 10x10, found '{text}'");
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    match text.split_once(['x', 'X']) {
        Some((r, c)) => Ok((number(r)?, number(c)?)),
        None => number(text).map(|n| (n, n)),
    }
}

/// The library's request from the options, checked (exit 2 with the reason otherwise).
pub fn request(args: &Args) -> Result<Request, CliError> {
    let size = parse_size(&args.size).map_err(CliError::Input)?;
    let pushes = parse_range("--pushes", &args.pushes, 1).map_err(CliError::Input)?;
    let (lo, hi) = parse_range("--boxes", &args.boxes, 1).map_err(CliError::Input)?;
    let mut req = Request {
        size,
        boxes: (lo as usize, usize::MAX),
        pushes,
        per_box: args.pushes_per_box,
        count: args.run.count,
        seed: args.run.seed,
        max_candidates: args.run.max_candidates,
    };
    // `A..` asks for as many boxes as the room allows
    req.boxes.1 = hi.map_or(req.most_boxes().max(lo as usize), |h| h as usize);
    req.check().map_err(CliError::Input)?;
    Ok(req)
}

/// Runs `gridlock sokoban generate`.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let req = request(&args)?;
    let cmd = Command {
        run: &args.run,
        unit: "level",
        units: "levels",
        widen: "--pushes/--boxes/--size",
    };
    command(
        out,
        cmd,
        |g, index| render(g, index, req.count, args.format),
        |limits, c| generate(&req, limits, c.each, c.progress),
        |r, secs| summary(r, req.count, secs),
    )
}

fn levels(n: usize) -> String {
    format!("{n} level{}", if n == 1 { "" } else { "s" })
}

/// The `--stats` line.
fn summary(r: &Report, count: usize, secs: f64) -> String {
    let per = |n: f64| n / secs.max(1e-9);
    let pushes: u64 = r.levels.iter().map(|g| u64::from(g.pushes)).sum();
    format!(
        "sokoban generate: {} of {} in {secs:.3} s ({:.1} levels/s), mean optimal pushes \
         {:.1}; {} candidate rooms tried ({:.0}/s), {} positions searched backwards, {} \
         duplicates dropped; largest optimal pushes met {}; {} threads",
        r.levels.len(),
        levels(count),
        per(r.levels.len() as f64),
        pushes as f64 / r.levels.len().max(1) as f64,
        r.tried,
        per(r.tried as f64),
        r.nodes,
        r.duplicates,
        r.best_pushes,
        rayon::current_num_threads()
    )
}

/// One level in the chosen format, newline included.
fn render(
    g: &Generated,
    index: usize,
    count: usize,
    format: GenFormat,
) -> Result<String, CliError> {
    Ok(match format {
        GenFormat::Judge => g.judge(index),
        GenFormat::Text => g.text(index, count),
        GenFormat::Json => {
            let json = serde_json::to_string(&g.json(index))
                .map_err(|e| CliError::Internal(format!("JSON encoding failed: {e}")))?;
            format!("{json}\n")
        }
    })
}
