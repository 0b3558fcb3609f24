//! `gridlock rush-hour`: the contest answer, optimal solutions in either metric, batch runs
//! over many boards, component exploration, and the move-list verifier (SPEC §3, §6).

use crate::batch::Batch;
use crate::common::{format_arg, stats_line, Common, Format, Formats};
use crate::error::CliError;
use crate::input::{self, source_name};
use crate::output::Output;
use gridlock_puzzles::quantity;
use gridlock_puzzles::rush_hour::json::{self, BatchAnswer, ExploreJson, SolveJson};
use gridlock_puzzles::rush_hour::universe::component_key;
use gridlock_puzzles::rush_hour::verify::{parse_moves, Verdict};
use gridlock_puzzles::rush_hour::{optima_all, parse, parse_database_at, Metric, Prepared, Puzzle};
use gridlock_search::Limits;
use std::path::{Path, PathBuf};

/// `--format` of `gridlock rush-hour`.
const FORMATS: Formats = &[
    (
        "judge",
        "The contest answer: the fewest steps (or moves), -1 if there is none within --limit; \
         with --batch, `MOVES STEPS BOARD` per board",
    ),
    (
        "text",
        "For people: every position drawn, move by move; with --batch, the judge lines under a \
         header naming the columns",
    ),
    (
        "json",
        "One object: answer, metric, board, moves, steps and the solution; with --batch, one \
         object per board",
    ),
    (
        "moves",
        "Only the move list, `VEHICLE DIRECTION DISTANCE` per line: what `gridlock verify \
         rush-hour` reads (not with --batch)",
    ),
];

/// `--format` of `gridlock rush-hour explore`.
const EXPLORE_FORMATS: Formats = &[
    (
        "text",
        "The component: its size, goal states and key, this position's distance to the goal, \
         the farthest positions",
    ),
    ("json", "The same as one object"),
];

/// Arguments of `gridlock rush-hour`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(mut_arg("format", |a| format_arg(a, FORMATS)))]
pub struct Args {
    /// Something other than solving one board.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Input file (judge matrix, 36-character string, or lines of letters; any board from
    /// 4x4 to 12x12); `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Largest answer printed, in the chosen metric (steps include the red car's exit);
    /// `none` to solve at any depth. Default 10 (the contest's), none with --batch.
    #[arg(long, value_name = "N|none", value_parser = parse_limit)]
    pub limit: Option<Limit>,
    /// What to minimise: single-cell steps (the contest) or slides of any length (the
    /// published database).
    #[arg(long, value_enum, default_value_t = MetricArg::Steps)]
    pub metric: MetricArg,
    /// Many boards: one per line (the first 36-character token of each line), or grids of
    /// several lines (letters or numbers, any shape) separated by a blank line; prints
    /// `MOVES STEPS BOARD` per board, in input order, using every core.
    #[arg(long)]
    pub batch: bool,
    #[command(flatten)]
    pub exit: ExitRow,
    #[command(flatten)]
    pub common: Common,
}

/// `--exit-row`, shared by every Rush Hour command.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct ExitRow {
    /// The row (1-based) whose right end is the exit; the red car must lie in it. Default:
    /// row 3 on a 6x6 board, the red car's row on any other shape.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=12))]
    pub exit_row: Option<u32>,
}

impl ExitRow {
    /// The 0-based row, if one was asked for.
    pub fn row(&self) -> Option<usize> {
        self.exit_row.map(|n| n as usize - 1)
    }
}

/// Subcommands of `gridlock rush-hour`.
#[derive(clap::Subcommand)]
pub enum Action {
    /// The whole component of a position: its size, its goal states, the largest distance to
    /// a goal in moves and in steps, and the farthest positions (in database format).
    Explore(ExploreArgs),
    /// Every interesting Rush Hour puzzle, enumerated from scratch: one line `MOVES BOARD SIZE
    /// KEY` per solvable, minimal component (see docs/universe.md).
    Universe(super::universe::Args),
    /// Interesting puzzles of a chosen difficulty, on demand: one line `MOVES BOARD SIZE` per
    /// puzzle, each the hardest position of its component (see docs/generate.md).
    Generate(super::generate::Args),
}

/// Arguments of `gridlock rush-hour explore`.
#[derive(clap::Args)]
#[command(mut_arg("format", |a| format_arg(a, EXPLORE_FORMATS).default_value("text")))]
pub struct ExploreArgs {
    /// Input file (judge matrix, 36-character string, or lines of letters; any board from
    /// 4x4 to 12x12); `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub exit: ExitRow,
    #[command(flatten)]
    pub common: Common,
}

/// The metric, as a command-line value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MetricArg {
    /// Single-cell steps, exit steps included in the printed number.
    Steps,
    /// Slides of any length, exit not counted.
    Moves,
}

impl From<MetricArg> for Metric {
    fn from(m: MetricArg) -> Metric {
        match m {
            MetricArg::Steps => Metric::Steps,
            MetricArg::Moves => Metric::Moves,
        }
    }
}

/// `--limit`: a bound, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit(pub Option<u32>);

fn parse_limit(text: &str) -> Result<Limit, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(Limit(None));
    }
    text.parse::<u32>()
        .map(|n| Limit(Some(n)))
        .map_err(|_| format!("expected a non-negative integer or `none`, found `{text}`"))
}

/// Runs `gridlock rush-hour`.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    match args.action {
        Some(Action::Explore(e)) => return explore(e, out),
        Some(Action::Universe(u)) => return super::universe::run(u, out),
        Some(Action::Generate(g)) => return super::generate::run(g, out),
        None => {}
    }
    if args.batch {
        return batch(&args, out);
    }
    single(&args, out)
}

fn read_puzzle(file: Option<&Path>, exit: ExitRow) -> Result<Puzzle, CliError> {
    let text = input::read_text(file)?;
    parse(&text, exit.row()).map_err(|e| CliError::input_in(&source_name(file), &e))
}

/// Said on stderr when the default limit turns an answer into `-1` (stdout stays the
/// contest's answer).
pub const LIMIT_NOTE: &str = "-1 means no solution within 10 steps, the contest's limit (the \
                              red car's exit steps included); `--limit none` searches at any \
                              depth, and `--limit none --metric moves` counts slides as the \
                              published database and `generate` do";

fn single(args: &Args, out: &mut Output) -> Result<u8, CliError> {
    let puzzle = read_puzzle(args.file.as_deref(), args.exit)?;
    let start = puzzle.start.clone();
    let metric = Metric::from(args.metric);
    let limit = args.limit.unwrap_or(Limit(Some(10))).0;
    let limits = args.common.limits();
    if args.common.format == Format::Judge {
        let (best, stats) = puzzle.optimum(metric, limit, &limits)?;
        if args.common.stats {
            eprintln!("{}", stats_line(&stats, args.common.memory.budget()));
        }
        if best.is_none() && args.limit.is_none() && puzzle.board().unsolvable_reason().is_none() {
            // the contest's -1 also means "not within 10 steps", which surprises anyone
            // feeding it a harder board (a generated puzzle, a database line): say so
            eprintln!("gridlock: note: {}", LIMIT_NOTE);
        }
        out.line(&best.map_or("-1".to_string(), |n| n.to_string()))?;
        return Ok(0);
    }
    let (found, stats) = puzzle.solve(metric, limit, &limits)?;
    if args.common.stats {
        eprintln!("{}", stats_line(&stats, args.common.memory.budget()));
    }
    let names: Vec<String> = found
        .iter()
        .flat_map(|s| s.moves.iter().map(|&m| puzzle.move_name(m)))
        .collect();
    match args.common.format {
        Format::Judge => unreachable!("answered above"),
        Format::Moves => match &found {
            Some(_) => {
                let mut text = String::new();
                for name in &names {
                    text.push_str(name);
                    text.push('\n');
                }
                out.write(&text)?;
            }
            None => out.line("-1")?,
        },
        Format::Json => {
            let json = SolveJson::new(&puzzle, metric, limit, found.as_ref());
            out.json(&json)?;
        }
        Format::Text => {
            let mut text = format!(
                "Start ({}):\n{}",
                puzzle.string(&start),
                puzzle.grid(&start)
            );
            match &found {
                Some(s) => {
                    for (k, (name, p)) in names.iter().zip(&s.positions).enumerate() {
                        text.push_str(&format!("\n{}. {name}\n{}", k + 1, puzzle.grid(p)));
                    }
                    text.push_str(&format!(
                        "\nSolved in {}, {}; driving the red car out takes {} more: {}.\n",
                        quantity(s.move_count(), "move"),
                        quantity(s.steps, "step"),
                        s.steps_out - s.steps,
                        quantity(s.steps_out, "step")
                    ));
                }
                None => match (puzzle.board().unsolvable_reason(), limit) {
                    (Some(why), _) => text.push_str(&format!("\nNo solution: {why}.\n")),
                    (None, Some(l)) => text.push_str(&format!(
                        "\nNo solution within {l} {} (use --limit none to search at any depth).\n",
                        json::unit(metric)
                    )),
                    (None, None) => text.push_str(
                        "\nNo solution: no reachable position has the red car on the exit cells.\n",
                    ),
                },
            }
            out.write(&text)?;
        }
    }
    Ok(0)
}

/// Boards per parallel round: large enough to keep every core busy, small enough that output
/// starts at once and memory stays flat however long the input is.
const CHUNK: usize = 1024;

struct Row {
    line: usize,
    token: String,
    puzzle: Puzzle,
}

/// Grid lines waiting for the blank line (or the end) that closes their board.
#[derive(Default)]
struct Block {
    first: usize,
    text: String,
    lines: usize,
}

/// The first line of `--batch --format text`: what the columns of the judge lines are.
pub const BATCH_HEADER: &str = "# MOVES STEPS BOARD: the fewest moves and the fewest steps \
                                until the red car covers the exit cells (-1 if none within \
                                --limit), then the board as read";

fn batch(args: &Args, out: &mut Output) -> Result<u8, CliError> {
    if args.common.format == Format::Moves {
        return Err(CliError::Input(
            "--format moves prints one solution; it cannot be combined with --batch".into(),
        ));
    }
    let header = (args.common.format == Format::Text).then_some(BATCH_HEADER);
    let json = args.common.format == Format::Json;
    let mut batch = Batch::open(args.file.as_deref(), header, json)?;
    let name = batch.name.clone();
    let metric = Metric::from(args.metric);
    let limit = args.limit.and_then(|l| l.0);
    // the boards of a chunk are solved at once, one per thread: each gets its share
    let limits = args.common.limits().shared(rayon::current_num_threads());
    let exit = args.exit.row();
    let mut block = Block::default();
    let mut explored = 0u64;
    loop {
        let chunk = batch.chunk(CHUNK, |line, bytes| {
            let found = match bytes {
                Some(bytes) => batch_line_in(bytes, line, &mut block, exit),
                None => block_row(&mut block, exit).map(Vec::from_iter),
            };
            found.map_err(|e| CliError::input_in(&name, &e))
        })?;
        let rows = &chunk.rows;
        let puzzles: Vec<&Puzzle> = rows.iter().map(|r| &r.puzzle).collect();
        let results = optima_all(&puzzles, &limits);
        let more = batch.answer_chunk(
            out,
            chunk,
            results,
            |row, result| {
                let answer = result.map(|optima| {
                    explored += optima.states as u64;
                    let red = u32::from(row.puzzle.board().red_len().unwrap_or(0));
                    BatchAnswer::new(row.line, row.token.clone(), red, &optima, metric, limit)
                });
                (row.line, answer)
            },
            BatchAnswer::judge,
        )?;
        if !more {
            break;
        }
    }
    if args.common.stats {
        let (solved, secs) = (batch.solved, batch.secs());
        eprintln!(
            "gridlock: batch: {solved} puzzles, {explored} states in their components, wall time \
             {secs:.3} s ({:.0} puzzles/s, {:.1} M states/s) on {} threads",
            solved as f64 / secs.max(1e-9),
            explored as f64 / secs.max(1e-9) / 1e6,
            rayon::current_num_threads()
        );
    }
    Ok(0)
}

/// One line of batch input. A line holding a 36-character token is a board by itself (the
/// database format); a blank line ends the grid being collected; any other line is a row of
/// a grid (letters or numbers) that continues until a blank line, a database line or the end.
/// Returns the boards this line completes (the grid it closes, the line's own board).
fn batch_line_in(
    bytes: &[u8],
    line: usize,
    block: &mut Block,
    exit: Option<usize>,
) -> Result<Vec<Row>, gridlock_puzzles::ParseError> {
    let text = input::decode(bytes.to_vec()).map_err(|mut e| {
        e.line = line;
        e
    })?;
    let text = text.trim_end_matches(['\n', '\r']);
    let mut rows = Vec::new();
    if text.trim().is_empty() {
        rows.extend(block_row(block, exit)?);
        return Ok(rows);
    }
    if text.split_whitespace().any(|t| t.chars().count() == 36) {
        rows.extend(block_row(block, exit)?);
        rows.extend(database_row(text, line, exit)?);
        return Ok(rows);
    }
    if block.lines == 0 {
        block.first = line;
    }
    block.text.push_str(text);
    block.text.push('\n');
    block.lines += 1;
    Ok(rows)
}

/// The board of the collected grid lines, if any: one line alone is a database line (and
/// reported as one when malformed) unless it is a grid written with `/` between rows.
fn block_row(
    block: &mut Block,
    exit: Option<usize>,
) -> Result<Option<Row>, gridlock_puzzles::ParseError> {
    let taken = std::mem::take(block);
    if taken.lines == 0 {
        return Ok(None);
    }
    if taken.lines == 1 && !taken.text.contains('/') {
        return database_row(taken.text.trim_end(), taken.first, exit);
    }
    let puzzle = parse(&taken.text, exit).map_err(|mut e| {
        e.line += taken.first - 1;
        e
    })?;
    Ok(Some(Row {
        line: taken.first,
        token: puzzle.string(&puzzle.start),
        puzzle,
    }))
}

/// A database line: its first 36-character token (else its first token, reported as
/// malformed) is the board.
fn database_row(
    text: &str,
    line: usize,
    exit: Option<usize>,
) -> Result<Option<Row>, gridlock_puzzles::ParseError> {
    let mut column = 1;
    let mut found = None;
    let mut first = None;
    for token in text.split(|c: char| c.is_whitespace()) {
        if !token.is_empty() {
            first.get_or_insert((column, token));
            if token.chars().count() == 36 {
                found = Some((column, token));
                break;
            }
        }
        column += token.chars().count() + 1;
    }
    let (column, token) = found.or(first).expect("line is not blank");
    let puzzle = parse_database_at(token, line, column, exit)?;
    Ok(Some(Row {
        line,
        token: token.to_string(),
        puzzle,
    }))
}

fn explore(args: ExploreArgs, out: &mut Output) -> Result<u8, CliError> {
    let puzzle = read_puzzle(args.file.as_deref(), args.exit)?;
    let start = puzzle.start.clone();
    let (a, stats) = puzzle.analyse(&args.common.limits())?;
    if args.common.stats {
        eprintln!("{}", stats_line(&stats, args.common.memory.budget()));
    }
    let red = puzzle.board().red_len().unwrap_or(0) as u32;
    let board = puzzle.string(&start);
    // The component's KEY (its smallest normalised position) looks the puzzle up in the
    // `rush-hour universe` table; boards outside the universe's definition (not 6x6, no red
    // car in row 3, a vertical or long red car) have none.
    let key = match &puzzle.prepared {
        Prepared::Six(_) => component_key(&board, &args.common.limits())
            .ok()
            .map(|k| k.key),
        Prepared::General(_) => None,
    };
    let far = |f: &Option<(u32, Vec<u8>)>| f.as_ref().map(|(_, p)| puzzle.string(p));
    if args.common.format == Format::Json {
        out.json(&ExploreJson::new(&puzzle, &a, key))?;
        return Ok(0);
    }
    let mut text = format!(
        "position: {board}\ncomponent: {} states\ngoal states: {}\n",
        a.states, a.goal_states
    );
    if let Some(key) = &key {
        text.push_str(&format!("key: {key}\n"));
    }
    match (a.start.moves, a.start.steps) {
        (Some(m), Some(s)) => text.push_str(&format!(
            "this position: {}, {} to the exit cells ({} with the exit)\n",
            quantity(m, "move"),
            quantity(s, "step"),
            s + red
        )),
        _ => text.push_str("this position: unsolvable (no goal state in its component)\n"),
    }
    if let (Some((m, _)), Some((s, _))) = (&a.farthest_moves, &a.farthest_steps) {
        text.push_str(&format!(
            "farthest in moves: {}, {}\n",
            quantity(m, "move"),
            far(&a.farthest_moves).unwrap_or_default()
        ));
        text.push_str(&format!(
            "farthest in steps: {} ({} with the exit), {}\n",
            quantity(s, "step"),
            s + red,
            far(&a.farthest_steps).unwrap_or_default()
        ));
    }
    out.write(&text)?;
    Ok(0)
}

/// `gridlock verify rush-hour INPUT SOLUTION`: prints the verdict, then (if valid) the length
/// in steps and in moves and whether each is optimal. Exit 0 valid, 1 invalid, 2 malformed.
pub fn verify(
    input: &Path,
    solution: &Path,
    exit: ExitRow,
    limits: &Limits,
    out: &mut Output,
) -> Result<u8, CliError> {
    let puzzle = read_puzzle(Some(input), exit)?;
    let list_text = input::read_text(Some(solution))?;
    let list = parse_moves(&list_text)
        .map_err(|e| CliError::input_in(&source_name(Some(solution)), &e))?;
    let judgement = puzzle.judge(&list, limits);
    out.write(&judgement.report())?;
    Ok(match judgement.verdict {
        Verdict::Valid { .. } => 0,
        Verdict::Invalid { .. } => 1,
    })
}
