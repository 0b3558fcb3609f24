//! Deterministic counts for `--fast` on a collection: each level solved with every search of
//! a round capped at `STATES` stored positions, for each of the [`Tuning`] variants named.
//! Counts, not clocks, so the figures are the same on a loaded machine.
//!
//! `cargo run --release -p gridlock-puzzles --example sokoban_fast_counts -- FILE STATES
//! [FIRST LAST] [VARIANT...]` (levels FIRST..=LAST, 1-based; variants: see [`variant`]).
//!
//! The variant `fess-probe` runs the feature-space search alone, in the portfolio's rounds
//! (see [`probe`]), and also prints the most boxes it packed in order: how far it came on a
//! level it does not solve; `fess-probe+CHANGES` runs it with a variant's changes
//! (`hotspots`, `stuck-hotspots`, `opener`, `out-of-plan`, `parking`; `fess-probe-parking`
//! is `fess-probe+parking`); `fess-dumpN` also draws the packing layers and the first
//! positions with the most boxes packed, and runs `--fast` from each, capped at N states a
//! search (is the position lost?).

use gridlock_puzzles::sokoban::corral_deadlock::CAP;
use gridlock_puzzles::sokoban::fast::FIRST_CAP;
use gridlock_puzzles::sokoban::fess::Fess;
use gridlock_puzzles::sokoban::graph::Node;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::packing::Packing;
use gridlock_puzzles::sokoban::patterns::Patterns;
use gridlock_puzzles::sokoban::{parse_collection, solve_fast, Level, Position, Tuning};
use gridlock_search::{Limits, Stats};

/// The tuning a variant names: `shipped`, `before` (no sharing, sub-searches at generation
/// and in every round, plain bound), or `+`-joined changes to the shipped one: `no-share`,
/// `on-generation`, `no-deadlock`, `no-frozen-goals`, `deadlock-first-round`,
/// `no-corral`, `areas` / `no-areas` (goal areas of several entrances on / off), `wN`
/// (weight N alone), `no-patterns`, `patternsN` (penalty-pattern
/// sub-searches of N positions), `backN` (the backward member with weight N),
/// `bothN` (the bidirectional member), `both-none`, `backward-none`,
/// `forward-none` (no weighted forward search), `no-fess` (no feature-space search),
/// `no-fess-deadlock` (no corral deadlocks in the feature-space search), `fess-restart`
/// (the feature-space search from scratch each round), `fess-shareN` (its cap N times the
/// round's), `hotspots` (FESS with its hotspot advisor), `stuck-hotspots` (the hotspot
/// advisor where the packing advisor names nothing), `opener`, `out-of-plan` (FESS with
/// those advisors), `parking` / `no-parking` (FESS with / without the packing order from
/// the start's boxes and parking cells, `Tuning::fess_parking`, on as shipped).
fn variant(name: &str) -> Tuning {
    if name == "before" {
        return Tuning {
            share: false,
            on_expansion: false,
            frozen_goals: false,
            deadlock_first_round: true,
            fess_deadlock: false,
            ..Tuning::default()
        };
    }
    name.split('+')
        .fold(Tuning::default(), |t, change| match change {
            "shipped" => t,
            "no-share" => Tuning { share: false, ..t },
            "on-generation" => Tuning {
                on_expansion: false,
                ..t
            },
            "no-deadlock" => Tuning { deadlock: 0, ..t },
            "no-frozen-goals" => Tuning {
                frozen_goals: false,
                ..t
            },
            "deadlock-first-round" => Tuning {
                deadlock_first_round: true,
                ..t
            },
            "no-corral" => Tuning { corral: false, ..t },
            "areas" => Tuning {
                room_areas: true,
                ..t
            },
            "no-areas" => Tuning {
                room_areas: false,
                ..t
            },
            "no-fess" => Tuning { fess: false, ..t },
            "no-fess-deadlock" => Tuning {
                fess_deadlock: false,
                ..t
            },
            "no-patterns" => Tuning { patterns: 0, ..t },
            p if p.starts_with("patterns") => Tuning {
                patterns: p[8..].parse().expect("a cap"),
                ..t
            },
            "backward-none" => Tuning {
                backward: None,
                ..t
            },
            b if b.starts_with("back") => Tuning {
                backward: Some(b[4..].parse().expect("a weight")),
                ..t
            },
            "both-none" => Tuning {
                bidirectional: None,
                ..t
            },
            b if b.starts_with("both") => Tuning {
                bidirectional: Some(b[4..].parse().expect("a weight")),
                ..t
            },
            "forward-none" => Tuning {
                weights: Vec::new(),
                ..t
            },
            "hotspots" => Tuning {
                hotspots: true,
                ..t
            },
            "stuck-hotspots" => Tuning {
                stuck_hotspots: true,
                ..t
            },
            "opener" => Tuning { opener: true, ..t },
            "out-of-plan" => Tuning {
                out_of_plan: true,
                ..t
            },
            "parking" => Tuning {
                fess_parking: true,
                ..t
            },
            "no-parking" => Tuning {
                fess_parking: false,
                ..t
            },
            "fess-restart" => Tuning {
                fess_resume: false,
                ..t
            },
            f if f.starts_with("fess-share") => Tuning {
                fess_share: f["fess-share".len()..].parse().expect("a multiple"),
                ..t
            },
            w if w.starts_with('w') => Tuning {
                weights: vec![w[1..].parse().expect("a weight")],
                ..t
            },
            other => panic!("unknown variant {other}"),
        })
}

/// What [`probe`] finds: the verdict, the statistics of every round, the most boxes packed
/// in order and the number of boxes, and the first [`DUMPED`] positions with that many
/// packed.
type Probe = (String, Stats, (u16, usize), Vec<Position>);

/// Positions with the most boxes packed that `fess-dump` examines.
const DUMPED: usize = 4;

/// The grid position of a search node.
fn position_of<const W: usize>(maze: &Maze, node: &Node<W>) -> Position {
    let cells = maze.index.len();
    let mut boxes = vec![false; cells];
    node.boxes.iter().for_each(|b| boxes[maze.cells[b]] = true);
    Position {
        player: maze.cells[node.player as usize],
        boxes,
    }
}

/// The feature-space search alone on `level`, as the portfolio runs it: rounds of caps
/// [`FIRST_CAP`], then 4 times more each round up to `states`, corral deadlocks from the
/// second round on with the patterns of the rounds before, its advisors and packing order
/// as `tuning` sets them.
fn probe(level: &Level, states: usize, tuning: &Tuning) -> Probe {
    let maze = Maze::new(level);
    match maze.live {
        0..=64 => probe_in::<1>(&maze, level, states, tuning),
        65..=128 => probe_in::<2>(&maze, level, states, tuning),
        129..=256 => probe_in::<4>(&maze, level, states, tuning),
        _ => probe_in::<8>(&maze, level, states, tuning),
    }
}

fn probe_in<const W: usize>(maze: &Maze, level: &Level, states: usize, tuning: &Tuning) -> Probe {
    let boxes = maze
        .boxes_of::<W>(&level.start)
        .expect("no box on a dead cell");
    let count = (0..maze.live).filter(|&c| boxes.has(c)).count();
    let start = Node::new(maze, boxes, maze.index[level.start.player]);
    let mut fess = Fess::new(maze, start)
        .with_hotspots(tuning.hotspots)
        .with_advisors(tuning.extra_advisors())
        .with_parking(tuning.fess_parking);
    let mut store = Patterns::new(maze);
    let (mut cap, mut first, mut total) = (FIRST_CAP.min(states), true, Stats::default());
    loop {
        let deadlocks = (!first).then_some((CAP, &store));
        let (answer, learned) = fess.resume(&Limits::states(cap), deadlocks);
        if let Some(learned) = learned {
            store.absorb(maze, &learned);
        }
        let (verdict, stats) = match answer {
            Ok((Some(p), stats)) => (Some(format!("solved {} pushes", p.len())), stats),
            Ok((None, stats)) => (Some("unsolvable".to_string()), stats),
            Err(e) => (None, e.stats),
        };
        total.absorb(&stats);
        let done = verdict.or_else(|| (cap >= states).then(|| "stopped".to_string()));
        if let Some(v) = done {
            let best = fess.most_packed_positions(DUMPED);
            let best = best.iter().map(|n| position_of(maze, n)).collect();
            return (v, total, (fess.most_packed(), count), best);
        }
        (cap, first) = (cap.saturating_mul(4).min(states), false);
    }
}

/// Prints [`probe`] for levels `first..=last`.
/// Draws the level with each goal's packing layer (by the first rule, then
/// [`Packing::from_start`]) as a digit
/// or letter (0 is filled last), parking cells as `P`.
fn draw_layers(level: &Level) {
    let maze = Maze::new(level);
    let start = maze
        .boxes_of::<8>(&level.start)
        .expect("no box on a dead cell");
    for packing in [Packing::new(&maze), Packing::from_start(&maze, &start)] {
        draw_order(level, &maze, &packing);
    }
}

/// Draws `level` with the layers and parking cells of `packing`.
fn draw_order(level: &Level, maze: &Maze, packing: &Packing) {
    let mut rows = level.draw(&level.start);
    for (k, &g) in maze.goals.iter().enumerate() {
        let (r, c) = (
            maze.cells[g as usize] / level.cols,
            maze.cells[g as usize] % level.cols,
        );
        let digit = char::from_digit(u32::from(packing.layers()[k]).min(35), 36).unwrap_or('?');
        rows[r].replace_range(c..c + 1, &digit.to_string());
    }
    for park in packing.parks() {
        let cell = maze.cells[park.cell as usize];
        let (r, c) = (cell / level.cols, cell % level.cols);
        rows[r].replace_range(c..c + 1, "P");
    }
    rows.iter().for_each(|r| println!("  {r}"));
}

/// Prints [`probe`] for levels `first..=last` under the variant `name` (`fess-probe`,
/// `+`-joined changes of [`variant`], or `fess-dumpN`). With `dump`, also draws the first
/// positions with the most boxes packed and runs the shipped `--fast` from each, capped at
/// `dump` states a search: is the position lost?
fn probe_all(levels: &[Level], states: usize, (first, last): (usize, usize), name: &str) {
    let dump: usize = name
        .strip_prefix("fess-dump")
        .map_or(0, |cap| cap.parse().expect("a state cap"));
    let changes = name.strip_prefix("fess-probe").unwrap_or_default();
    let changes = changes.strip_prefix(['+', '-']).unwrap_or("shipped");
    let tuning = variant(changes);
    let (mut solved, mut expanded) = (0, 0);
    for n in first..=last {
        let (verdict, stats, (packed, boxes), best) = probe(&levels[n - 1], states, &tuning);
        println!(
            "{name} level {n}: {verdict}, {} expanded, {} generated, packed {packed} of {boxes}",
            stats.expanded, stats.generated
        );
        solved += u32::from(verdict.starts_with("solved"));
        expanded += stats.expanded;
        if dump == 0 {
            continue;
        }
        draw_layers(&levels[n - 1]);
        for position in best {
            let mut level = levels[n - 1].clone();
            level.start = position;
            level
                .draw(&level.start)
                .iter()
                .for_each(|r| println!("  {r}"));
            let verdict = match solve_fast(&level, &Limits::states(dump), &Tuning::default()) {
                Ok(o) => o.solution.map_or("proven lost".to_string(), |s| {
                    format!("solved, {} more pushes", s.pushes)
                }),
                Err(e) => format!("stopped, {} expanded", e.stats.expanded),
            };
            println!("  from here (--fast, {dump} states a search): {verdict}");
        }
    }
    println!("{name}: {solved} solved, {expanded} expanded");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("a level file");
    let states: usize = args[1].parse().expect("a state count");
    let levels = parse_collection(&text).expect("levels");
    let first: usize = args.get(2).map_or(1, |a| a.parse().unwrap());
    let last: usize = args.get(3).map_or(levels.len(), |a| a.parse().unwrap());
    let names: Vec<&str> = if args.len() > 4 {
        args[4..].iter().map(String::as_str).collect()
    } else {
        vec!["shipped"]
    };
    for name in names {
        if name.starts_with("fess-probe") || name.starts_with("fess-dump") {
            probe_all(&levels, states, (first, last), name);
            continue;
        }
        let tuning = variant(name);
        let (mut solved, mut expanded, mut generated) = (0, 0u64, 0u64);
        for n in first..=last {
            let level = &levels[n - 1];
            let limits = Limits::states(states);
            let (verdict, stats) = match solve_fast(level, &limits, &tuning) {
                Ok(o) => {
                    let pushes = o.solution.as_ref().map_or(0, |s| s.pushes);
                    solved += o.solution.is_some() as u32;
                    (format!("solved {pushes} pushes"), o.stats)
                }
                Err(e) => ("stopped".to_string(), e.stats),
            };
            expanded += stats.expanded;
            generated += stats.generated;
            println!(
                "{name} level {n}: {verdict}, {} expanded, {} generated",
                stats.expanded, stats.generated
            );
        }
        println!("{name}: {solved} solved, {expanded} expanded, {generated} generated");
    }
}
