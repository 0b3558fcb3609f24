//! `gridlock n-puzzle`: sliding-tile puzzles solved optimally (SPEC §9): one board, a batch
//! over every core, the goal's component, pattern tables built ahead of time, and its part
//! of `gridlock verify`.

use crate::batch::Batch;
use crate::common::{self, format_parser, Format, Formats};
use crate::error::CliError;
use crate::input::{self, source_name};
use crate::output::Output;
use crate::progress::Progress;
use gridlock_puzzles::n_puzzle::cache::{self, Event};
use gridlock_puzzles::n_puzzle::explore::explore;
use gridlock_puzzles::n_puzzle::json::{BatchAnswer, ExploreJson, SolveJson};
use gridlock_puzzles::n_puzzle::render;
use gridlock_puzzles::n_puzzle::tables::{build_cost, Advice};
use gridlock_puzzles::n_puzzle::{
    parse_batch_line, parse_board, parse_size, parse_solution, prepare, verify, Board, Choice,
    Pattern, Shape, Solution, Solver,
};
use gridlock_search::{Bound, Limits, Stats, Stopped};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::Instant;

/// `--format` of `gridlock n-puzzle`.
const FORMATS: Formats = &[
    (
        "judge",
        "The contest answer: the number of moves, then the tile slid at each move, one per \
         line (-1 if the goal cannot be reached); with --batch, `MOVES BOARD` per line: the \
         fewest moves, then the start board's R·C numbers as read",
    ),
    (
        "text",
        "For people: the board drawn after every move; with --batch, the judge lines under a \
         header naming the columns",
    ),
    (
        "json",
        "One object: the start and goal boards, `moves`, `tiles` (the tile slid at each move), \
         directions, heuristic and statistics; with --batch one per line, `board` holding the \
         start board's numbers",
    ),
];

/// `--format` of `gridlock n-puzzle explore`.
const EXPLORE_FORMATS: Formats = &[
    (
        "text",
        "The goal, the component's size, the largest distance with the positions at it, and \
         the number of positions at each distance",
    ),
    ("json", "The same as one object"),
];

/// Arguments of `gridlock n-puzzle`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    /// Something other than solving boards.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Input file: R lines of C numbers (0 the blank), or one line of k² numbers; `-` or
    /// nothing for standard input.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub heuristic: HeuristicArgs,
    /// Many boards, one per line (each line's last R·C numbers); prints `MOVES BOARD` per
    /// line (the fewest moves, then the board's numbers), in input order, using every core.
    #[arg(long)]
    pub batch: bool,
    /// With --batch: solve only the input's lines A to B (1-based, inclusive; `A..` to the
    /// end, `N` one line), so that the parts of a job array concatenate to the whole run.
    #[arg(long, value_name = "A..B", requires = "batch", value_parser = parse_lines)]
    pub lines: Option<Lines>,
    /// Output format.
    #[arg(long, default_value = "judge", value_parser = format_parser(FORMATS))]
    pub format: Format,
    /// Stop with exit code 3 once a search has expanded this many nodes (IDA* holds only
    /// its path, so this bounds time, not memory); per puzzle with --batch. Default: none.
    #[arg(long, value_name = "N")]
    pub max_states: Option<usize>,
    /// Stop with exit code 3 after this many seconds (per puzzle with --batch; `none`, the
    /// default: no time limit).
    #[arg(long, value_name = "SECONDS|none", value_parser = common::parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    #[command(flatten)]
    pub memory: common::Memory,
    /// Search statistics on stderr: heuristic, bounds, nodes, nodes per second, tables.
    #[arg(long)]
    pub stats: bool,
}

/// The board's shape and the goal.
#[derive(Clone, Debug, clap::Args)]
pub struct BoardArgs {
    /// The board's shape, RxC (otherwise read from the input; 4x4 for `build`).
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Shape>,
    /// `blank-last` (the puzzle as sold), `blank-first` (Korf's: blank top-left, then 1..),
    /// or a file holding the goal board (R lines of C numbers, or one line).
    #[arg(
        long,
        value_name = "blank-last|blank-first|FILE",
        default_value = "blank-last"
    )]
    pub goal: String,
}

/// The heuristic.
#[derive(Clone, Debug, clap::Args)]
pub struct HeuristicArgs {
    /// `auto`: the strongest pattern table already cached (else a quick one, built now);
    /// `pdb`: the pattern of --pattern, else the strongest for the shape (built if needed);
    /// `manhattan`: Manhattan distance with linear conflicts.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Auto)]
    pub heuristic: HeuristicArg,
    /// Group sizes of the pattern tables, in the goal's reading order (5-5-5, 6-6-3, 7-8 for
    /// 4x4; 8 for 3x3); implies --heuristic pdb.
    #[arg(long, value_name = "P")]
    pub pattern: Option<String>,
}

/// `--heuristic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HeuristicArg {
    /// The strongest cached pattern table, else a quick one.
    Auto,
    /// Pattern databases.
    Pdb,
    /// Manhattan distance with linear conflicts.
    Manhattan,
}

/// Subcommands of `gridlock n-puzzle`.
#[derive(clap::Subcommand)]
pub enum Action {
    /// Pattern tables: build one ahead of time.
    #[command(subcommand)]
    Pdb(PdbAction),
    /// The goal's whole component: how many positions, how far the farthest are. Reads no
    /// input: the component is the one of --goal on a --size board.
    Explore(ExploreArgs),
}

/// `gridlock n-puzzle pdb ...`.
#[derive(clap::Subcommand)]
pub enum PdbAction {
    /// Builds (or checks) the tables of a pattern in the cache, with a progress bar.
    Build(BuildArgs),
}

/// Arguments of `gridlock n-puzzle pdb build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Group sizes (e.g. 7-8).
    #[arg(long, value_name = "P")]
    pub pattern: String,
    /// The shape (default 4x4) and the goal: the tables depend on the blank's goal cell.
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub memory: common::Memory,
}

/// Arguments of `gridlock n-puzzle explore`.
#[derive(clap::Args)]
#[command(mut_arg("size", |a| a.help("The board's shape, RxC (default 3x3; as many positions as the memory budget holds)")))]
pub struct ExploreArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Output format.
    #[arg(long, default_value = "text", value_parser = format_parser(EXPLORE_FORMATS))]
    pub format: Format,
    /// Largest table (positions, including the unreachable half) allowed. Default: no
    /// count; the memory budget (--max-memory) decides.
    #[arg(long, value_name = "N")]
    pub max_states: Option<usize>,
    #[command(flatten)]
    pub memory: common::Memory,
    /// Statistics on stderr.
    #[arg(long)]
    pub stats: bool,
}

/// Runs `gridlock n-puzzle`.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    match args.action {
        Some(Action::Pdb(PdbAction::Build(b))) => return build(b, out),
        Some(Action::Explore(e)) => return run_explore(e, out),
        None => {}
    }
    if args.batch {
        return batch(&args, out);
    }
    single(&args, out)
}

/// Resolves `--goal` for `shape`.
fn goal_board(spec: &str, shape: Shape) -> Result<Board, CliError> {
    match spec {
        "blank-last" => Ok(Board::blank_last(shape)),
        "blank-first" => Ok(Board::blank_first(shape)),
        path => {
            let path = Path::new(path);
            let text = input::read_text(Some(path))?;
            let goal = parse_board(&text, Some(shape))
                .map_err(|e| CliError::input_in(&source_name(Some(path)), &e))?;
            Ok(goal)
        }
    }
}

fn choice(h: &HeuristicArgs, shape: Shape) -> Result<Choice, CliError> {
    let pattern = h
        .pattern
        .as_deref()
        .map(|p| Pattern::parse(p, shape).map_err(|e| CliError::Input(format!("--pattern: {e}"))))
        .transpose()?;
    Ok(match (h.heuristic, pattern) {
        (HeuristicArg::Manhattan, Some(_)) => {
            return Err(CliError::Input(
                "--pattern names pattern tables; it cannot be used with --heuristic manhattan"
                    .into(),
            ))
        }
        (HeuristicArg::Manhattan, None) => Choice::Manhattan,
        (_, Some(p)) => Choice::Pdb(Some(p)),
        (HeuristicArg::Pdb, None) => Choice::Pdb(None),
        (HeuristicArg::Auto, None) => Choice::Auto,
    })
}

/// Table events on stderr: builds always (they take a while), loads with --stats.
fn reporter(stats: bool) -> impl Fn(Event) + Sync {
    move |event| match event {
        Event::Loaded { path, took } if stats => eprintln!(
            "gridlock: pattern table {} loaded in {:.3} s",
            path.display(),
            took.as_secs_f64()
        ),
        Event::Loaded { .. } => {}
        Event::Rejected { why } => eprintln!("gridlock: rebuilding a pattern table: {why}"),
        Event::Building { labels, placements } => eprintln!(
            "gridlock: building the pattern table of goal cells {:?} ({placements} placements)",
            labels
        ),
        Event::Layer { .. } => {}
        Event::Built { took, bytes } => eprintln!(
            "gridlock: built in {:.2} s ({:.1} MiB)",
            took.as_secs_f64(),
            bytes as f64 / (1 << 20) as f64
        ),
        Event::NotSaved { why } => {
            eprintln!("gridlock: warning: pattern table not saved (used from memory): {why}")
        }
    }
}

/// Says once per process which stronger table `auto` could use.
fn advise(advice: &Option<Advice>, goal: &str) {
    static ONCE: Once = Once::new();
    if let Some(a) = advice {
        ONCE.call_once(|| eprintln!("gridlock: note: {}", a.note(goal)));
    }
}

/// Builds the solver for `goal` as `args` ask; a table build stopped by a limit reports the
/// lower bound of `start`, when there is one board to solve.
fn solver_for(
    goal: Board,
    args: &Args,
    shape: Shape,
    start: Option<&Board>,
) -> Result<Solver, CliError> {
    let choice = choice(&args.heuristic, shape)?;
    let dir = cache::cache_dir();
    let limits = common::limits(None, args.timeout, args.memory.budget());
    let clock = Instant::now();
    let (heuristic, advice) = prepare(
        &goal,
        &choice,
        dir.as_deref(),
        &limits,
        &reporter(args.stats),
    )
    .map_err(|stopped| match start {
        Some(start) => with_manhattan_bound(stopped, start, &goal),
        None => stopped.into(),
    })?;
    if args.stats {
        eprintln!(
            "gridlock: heuristic {} ready in {:.3} s",
            heuristic.name(),
            clock.elapsed().as_secs_f64()
        );
    }
    if choice == Choice::Auto {
        advise(&advice, &args.board.goal);
    }
    Ok(Solver::new(goal, heuristic))
}

/// A table build that stopped proved nothing about the board; Manhattan distance with
/// linear conflicts, which needs no table, is a proven lower bound all the same.
fn with_manhattan_bound(mut stopped: Stopped, start: &Board, goal: &Board) -> CliError {
    if stopped.lower_bound.is_none() {
        let none = |_| {};
        if let Ok((h, _)) = prepare(goal, &Choice::Manhattan, None, &Limits::none(), &none) {
            let bound = Solver::new(goal.clone(), h).estimate(start);
            stopped.lower_bound = Some(Bound::of(&bound));
        }
    }
    stopped.into()
}

/// No node cap unless one is asked for: a capped search runs on one thread (the engine's
/// split search cannot share a cap exactly).
fn search_limits(args: &Args) -> Limits {
    let budget = args.memory.budget();
    common::limits(args.max_states, args.timeout, budget)
}

fn stats_line(solver: &Solver, solution: Option<&Solution>, stats: &Stats) -> String {
    let bounds = solution.map_or(String::new(), |s| {
        let its: Vec<String> = s.iterations.iter().map(u32::to_string).collect();
        format!(
            "start bound {}, iterations {}; ",
            s.start_bound,
            its.join(" ")
        )
    });
    format!(
        "gridlock: {}: {bounds}{stats}, {:.1} M nodes/s",
        solver.heuristic().name(),
        stats.nodes_per_second() / 1e6
    )
}

fn single(args: &Args, out: &mut Output) -> Result<u8, CliError> {
    let path = args.file.as_deref();
    let text = input::read_text(path)?;
    let start = parse_board(&text, args.board.size)
        .map_err(|e| CliError::input_in(&source_name(path), &e))?;
    let shape = start.shape;
    let goal = goal_board(&args.board.goal, shape)?;
    choice(&args.heuristic, shape)?;
    if !start.can_reach(&goal) {
        // parity: answered at once, no table is built
        return print_one(args, out, &start, &goal, None, None);
    }
    let solver = solver_for(goal.clone(), args, shape, Some(&start))?;
    let (solution, stats) = solver.solve(&start, &search_limits(args))?;
    if args.stats {
        eprintln!("{}", stats_line(&solver, solution.as_ref(), &stats));
    }
    print_one(
        args,
        out,
        &start,
        &goal,
        solution.as_ref(),
        Some((&solver, &stats)),
    )
}

fn print_one(
    args: &Args,
    out: &mut Output,
    start: &Board,
    goal: &Board,
    solution: Option<&Solution>,
    solved: Option<(&Solver, &Stats)>,
) -> Result<u8, CliError> {
    match args.format {
        Format::Judge | Format::Moves => out.write(&render::judge(solution))?,
        Format::Text => out.write(&render::text(start, goal, solution))?,
        Format::Json => out.json(&SolveJson::new(start, goal, solution, solved))?,
    }
    Ok(0)
}

/// Puzzles per parallel round: enough to keep every core busy on uneven puzzles, few
/// enough that output streams.
const CHUNK: usize = 256;
/// The input lines a batch solves: `first..=last`, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines {
    first: usize,
    last: usize,
}

impl Lines {
    fn all() -> Lines {
        Lines {
            first: 1,
            last: usize::MAX,
        }
    }
}

/// `A..B`, `A..`, `..B` or `N`, with 1 ≤ A ≤ B.
fn parse_lines(text: &str) -> Result<Lines, String> {
    let number = |w: &str, default: usize| -> Result<usize, String> {
        if w.is_empty() {
            return Ok(default);
        }
        match w.trim().parse::<usize>() {
            Ok(0) => Err("line numbers start at 1".to_string()),
            Ok(n) => Ok(n),
            Err(_) => Err(format!("expected a line number, found `{w}`")),
        }
    };
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number(a, 1)?, number(b, usize::MAX)?),
        None if text.trim().is_empty() => return Err("expected A..B, A.. or N".to_string()),
        None => {
            let n = number(text, 1)?;
            (n, n)
        }
    };
    if last < first {
        return Err(format!(
            "the range {text} is empty: {last} comes before {first}"
        ));
    }
    Ok(Lines { first, last })
}

struct Row {
    line: usize,
    board: Board,
}

/// The first line of `--batch --format text`: what the numbers of the judge lines are (in
/// JSON the board is `board`; `tiles` there are the tiles slid).
pub const BATCH_HEADER: &str = "# MOVES BOARD: the fewest moves (-1 if the goal cannot be \
                                reached), then the start board's numbers row by row, 0 the blank";

fn batch(args: &Args, out: &mut Output) -> Result<u8, CliError> {
    let header = (args.format == Format::Text).then_some(BATCH_HEADER);
    let mut batch = Batch::open(args.file.as_deref(), header, args.format == Format::Json)?;
    let mut solvers: HashMap<Shape, Solver> = HashMap::new();
    let mut total = Stats::default();
    let lines = args.lines.unwrap_or_else(Lines::all);
    batch.last = lines.last;
    let name = batch.name.clone();
    loop {
        let chunk = batch.chunk(CHUNK, |line, bytes| {
            let Some(bytes) = bytes.filter(|_| line >= lines.first) else {
                return Ok(Vec::new());
            };
            let parsed = input::decode(bytes.to_vec())
                .map_err(|mut e| {
                    e.line = line;
                    e
                })
                .and_then(|text| parse_batch_line(&text, line, args.board.size));
            match parsed {
                Ok(board) => Ok(Vec::from_iter(board.map(|board| Row { line, board }))),
                Err(e) => Err(CliError::input_in(&name, &e)),
            }
        })?;
        let rows = &chunk.rows;
        // every shape's solver (and tables) before the parallel round
        for row in rows {
            let shape = row.board.shape;
            if let std::collections::hash_map::Entry::Vacant(slot) = solvers.entry(shape) {
                let goal = goal_board(&args.board.goal, shape)?;
                slot.insert(solver_for(goal, args, shape, None)?);
            }
        }
        let results: Vec<_> = rows
            .par_iter()
            .map(|row| solvers[&row.board.shape].solve(&row.board, &search_limits(args)))
            .collect();
        let more = batch.answer_chunk(
            out,
            chunk,
            results,
            |row, result| {
                let answer = result.map(|(solution, stats)| {
                    total.absorb(&stats);
                    BatchAnswer::new(row.line, &row.board, solution.as_ref(), &stats)
                });
                (row.line, answer)
            },
            BatchAnswer::judge,
        )?;
        if !more {
            break;
        }
    }
    if args.stats {
        let secs = batch.secs();
        eprintln!(
            "gridlock: batch: {} puzzles, {} nodes generated, {} expanded, wall time \
             {secs:.3} s (search {:.3} s of CPU, {:.1} M nodes/s per core) on {} threads",
            batch.solved,
            total.generated,
            total.expanded,
            total.elapsed.as_secs_f64(),
            total.nodes_per_second() / 1e6,
            rayon::current_num_threads()
        );
    }
    Ok(0)
}

fn build(args: BuildArgs, out: &mut Output) -> Result<u8, CliError> {
    let shape = args.board.size.unwrap_or(Shape::new(4, 4).expect("4x4"));
    let pattern = Pattern::parse(&args.pattern, shape)
        .map_err(|e| CliError::Input(format!("--pattern: {e}")))?;
    let goal = goal_board(&args.board.goal, shape)?;
    let dir = cache::cache_dir()
        .ok_or_else(|| CliError::Internal("no cache directory: set GRIDLOCK_CACHE".into()))?;
    let (secs, bytes) = build_cost(shape, &pattern);
    eprintln!(
        "gridlock: pattern {pattern} on {shape}: {} placements, about {secs:.0} s and {:.1} GiB \
         peak if nothing is cached; tables in {}",
        pattern.placements(shape),
        bytes as f64 / (1u64 << 30) as f64,
        dir.display()
    );
    let bar = Progress::new("layers", None);
    let clock = Instant::now();
    let report = |event: Event| match event {
        Event::Layer { depth, .. } => bar.advance(depth as u64, 0, clock.elapsed().as_secs_f64()),
        other => reporter(true)(other),
    };
    let blank = goal.cells_of()[0];
    let limits = common::limits(None, None, args.memory.budget());
    cache::tables(Some(&dir), shape, blank, &pattern, &limits, &report)?;
    drop(bar);
    out.line(&format!(
        "pattern {pattern} for {shape} with the blank's goal in cell {blank}: ready in {:.1} s",
        clock.elapsed().as_secs_f64()
    ))?;
    Ok(0)
}

fn run_explore(args: ExploreArgs, out: &mut Output) -> Result<u8, CliError> {
    let shape = args.board.size.unwrap_or(Shape::new(3, 3).expect("3x3"));
    let goal = goal_board(&args.board.goal, shape)?;
    let limits = common::limits(args.max_states, None, args.memory.budget());
    let (c, stats) = explore(&goal, &limits)?;
    if args.stats {
        let memory = common::memory_note(&stats, args.memory.budget());
        eprintln!("gridlock: explore: {stats}; {memory}");
    }
    let farthest: Vec<String> = c.farthest.iter().map(Board::line).collect();
    let count = *c.by_distance.last().unwrap_or(&0);
    if args.format == Format::Json {
        return out.json(&ExploreJson::new(&goal, &c)).map(|()| 0);
    }
    let mut text = format!(
        "goal: {}\ncomponent: {} positions\nlargest distance: {}, {}\n",
        goal.line(),
        c.states,
        gridlock_puzzles::quantity(c.max_distance(), "move"),
        gridlock_puzzles::quantity(count, "position")
    );
    for f in &farthest {
        text.push_str(&format!("farthest: {f}\n"));
    }
    let counts: Vec<String> = c.by_distance.iter().map(u64::to_string).collect();
    text.push_str(&format!("positions by distance: {}\n", counts.join(" ")));
    out.write(&text)?;
    Ok(0)
}

/// `gridlock verify n-puzzle [--goal G] [--size RxC] INPUT SOLUTION`: replays the tile list;
/// the optimum comes from a search bounded by `limits`. Exit 0 valid, 1 invalid.
pub fn verify(
    input: &Path,
    solution: &Path,
    goal: Option<&str>,
    size: Option<Shape>,
    limits: &Limits,
    out: &mut Output,
) -> Result<u8, CliError> {
    let text = input::read_text(Some(input))?;
    let start =
        parse_board(&text, size).map_err(|e| CliError::input_in(&source_name(Some(input)), &e))?;
    let goal_spec = goal.unwrap_or("blank-last");
    let goal = goal_board(goal_spec, start.shape)?;
    let listed = input::read_text(Some(solution))?;
    let file = parse_solution(&listed)
        .map_err(|e| CliError::input_in(&source_name(Some(solution)), &e))?;
    let verdict = verify::verify(&start, &goal, &file);
    // an invalid list gets no length or optimality, so no search either
    let optimum = if !verdict.is_valid() {
        None
    } else if !start.can_reach(&goal) {
        Some(None)
    } else {
        let dir = cache::cache_dir();
        let (heuristic, _) = prepare(
            &goal,
            &Choice::Auto,
            dir.as_deref(),
            limits,
            &reporter(false),
        )?;
        let solver = Solver::new(goal, heuristic);
        match solver.solve(&start, limits) {
            Ok((s, _)) => Some(s.map(|s| s.tiles.len())),
            Err(_) => None,
        }
    };
    out.write(&verdict.report(optimum))?;
    Ok(if verdict.is_valid() { 0 } else { 1 })
}
