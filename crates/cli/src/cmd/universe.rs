//! `gridlock rush-hour universe`: enumerate every interesting Rush Hour component.

use crate::common::interrupted;
use crate::error::CliError;
use crate::output::Output;
use gridlock_puzzles::rush_hour::universe::{
    count, enumerate, Cancelled, Config, Event, Rules, Summary,
};
use gridlock_search::StopReason;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `universe`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Exact number of 1×1 walls on the board.
    #[arg(long, default_value_t = 0, value_name = "K", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub walls: u8,
    /// Write the table here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Do part I of N (1-based); the N parts' outputs, concatenated in order, are the whole table.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Use the published database's definitions (red car alone in its row, no lane filled by
    /// its own vehicles, walls must matter too) instead of counting every position.
    #[arg(long)]
    pub published: bool,
    /// Skip counting the whole universe for the summary (saves a few seconds per wall cell).
    #[arg(long)]
    pub no_count: bool,
    /// Only the units START..END of the enumeration order (tests and benchmarks).
    #[arg(long, hide = true, value_name = "START..END", value_parser = parse_units)]
    pub units: Option<std::ops::Range<u64>>,
    #[command(flatten)]
    pub memory: crate::common::Memory,
}

fn parse_units(s: &str) -> Result<std::ops::Range<u64>, String> {
    let (a, b) = s.split_once("..").ok_or("expected START..END")?;
    let a: u64 = a
        .parse()
        .map_err(|_| format!("'{a}' is not a unit number"))?;
    let b: u64 = b
        .parse()
        .map_err(|_| format!("'{b}' is not a unit number"))?;
    Ok(a..b.max(a))
}

fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s.split_once('/').ok_or("expected I/N, e.g. 3/8")?;
    let i: usize = i
        .trim()
        .parse()
        .map_err(|_| format!("'{i}' is not a part number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("'{n}' is not a number of parts"))?;
    if n == 0 || i == 0 || i > n {
        return Err(format!("part {i} of {n}: expected 1 <= I <= N"));
    }
    Ok((i - 1, n))
}

/// Why the enumeration ended early: the output failed, or Ctrl-C or the memory budget (with
/// the totals so far).
enum Early {
    Failed(CliError),
    Interrupted(Box<Summary>, StopReason),
}

impl From<Cancelled> for Early {
    fn from(c: Cancelled) -> Self {
        Early::Interrupted(Box::new(c.summary), c.reason)
    }
}

impl From<CliError> for Early {
    fn from(e: CliError) -> Self {
        Early::Failed(e)
    }
}

fn thousands(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Runs the enumeration, streaming rows to `out` (or `--out`), the summary to stderr.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let clock = Instant::now();
    let rules = if args.published {
        Rules::Published
    } else {
        Rules::All
    };
    let config = Config {
        walls: usize::from(args.walls),
        shard: args.shard.unwrap_or((0, 1)),
        rules,
        cancel: Some(interrupted()),
        only_units: args.units.clone(),
        max_bytes: args.memory.budget(),
    };
    let mut file = match &args.out {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| CliError::Input(format!("{}: cannot create: {e}", path.display())))?,
        )),
        None => None,
    };
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {pos}/{len} units ({eta} left)",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(bar)
    } else {
        None
    };
    let total = std::cell::Cell::new(0);
    let summary = enumerate(&config, |event| -> Result<(), Early> {
        match event {
            Event::Rows(rows) => {
                let mut text = String::with_capacity(rows.len() * 90);
                for row in rows {
                    text.push_str(&row.to_string());
                    text.push('\n');
                }
                match file.as_mut() {
                    Some(f) => f
                        .write_all(text.as_bytes())
                        .map_err(|e| CliError::Internal(format!("writing the table: {e}")))?,
                    // each unit's rows go out at once: a reader that has gone (`| head`) is
                    // noticed at the next unit, not after hundreds of units
                    None => {
                        out.write(&text)?;
                        out.flush()?;
                    }
                }
            }
            Event::Progress { done, total: units } => {
                total.set(units);
                if let Some(bar) = &bar {
                    bar.set_length(units);
                    bar.set_position(done);
                }
                if file.is_none() {
                    out.flush()?;
                }
            }
        }
        Ok(())
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    // Ctrl-C: the rows of every finished unit are written (in order), and the summary of
    // those units is still worth printing
    let (summary, stopped) = match summary {
        Ok(summary) => (summary, None),
        // the reader has gone (`| head`): nothing more to say, to anyone
        Err(Early::Interrupted(..)) if crate::output::reader_gone() => {
            return Err(CliError::BrokenPipe)
        }
        Err(Early::Interrupted(summary, reason)) => (*summary, Some(reason)),
        Err(Early::Failed(e)) => return Err(e),
    };
    let interrupted = stopped.is_some();
    if let Some(f) = file.as_mut() {
        f.flush()
            .map_err(|e| CliError::Internal(format!("writing the table: {e}")))?;
    }
    out.flush()?;
    let mut lines = Vec::new();
    let (i, n) = config.shard;
    lines.push(format!(
        "universe: {}, {} rules, part {}/{}",
        gridlock_puzzles::quantity(args.walls, "wall"),
        if args.published {
            "published"
        } else {
            "all-positions"
        },
        i + 1,
        n
    ));
    if !args.no_count && !interrupted {
        let all = count::positions(config.walls, rules);
        let packed = count::packed_positions(config.walls);
        lines.push(format!(
            "positions in the universe: {} (packed positions under the published rules: {})",
            thousands(all),
            thousands(packed)
        ));
    }
    lines.push(format!(
        "positions enumerated (in solvable components): {}; goal positions: {}",
        thousands(u128::from(summary.explored)),
        thousands(u128::from(summary.goal_positions))
    ));
    lines.push(format!(
        "components: {} solvable (unsolvable ones are never visited); interesting: {}",
        thousands(u128::from(summary.solvable)),
        thousands(u128::from(summary.interesting))
    ));
    lines.push(format!(
        "positions skipped: proven uninteresting: {} layouts holding {} goal positions (not visited); \
         {} solvable components ({} positions) proven not minimal before the hardest-position scan",
        thousands(u128::from(summary.skipped_layouts)),
        thousands(u128::from(summary.skipped_goal_positions)),
        thousands(u128::from(summary.rejected_early)),
        thousands(u128::from(summary.rejected_early_positions))
    ));
    let dist: Vec<String> = summary
        .by_moves
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(m, c)| format!("{m}:{c}"))
        .collect();
    lines.push(format!("interesting by MOVES: {}", dist.join(" ")));
    lines.push(format!(
        "layouts: {}; largest layout numbering: {} positions; wall time: {:.1} s",
        thousands(u128::from(summary.layouts)),
        thousands(u128::from(summary.peak_layout)),
        clock.elapsed().as_secs_f64()
    ));
    if interrupted {
        let how = match stopped {
            Some(StopReason::Cancelled) => "interrupted",
            _ => "stopped by the memory budget",
        };
        lines.push(format!(
            "{how} after {} of {} units: the table holds every row of those units, and the \
             totals above are theirs",
            thousands(u128::from(summary.units)),
            thousands(u128::from(total.get()))
        ));
    }
    for l in lines {
        eprintln!("{l}");
    }
    match stopped {
        Some(StopReason::Cancelled) => Err(CliError::Limit("interrupted".into())),
        Some(reason) => Err(CliError::Limit(format!("{reason} (raise --max-memory)"))),
        None => Ok(0),
    }
}
