//! Sokoban benchmarks, on the committed fixture (the first 300 Boxoban hard levels):
//!
//! - `sokoban/vs-dijkstra`: five levels solved by gridlock and by a plain Dijkstra over full
//!   states (the player's cell and the box set, one edge per step, the engine's `dijkstra`
//!   with `Lex` costs and no Sokoban knowledge), in both objectives; the ratio is printed
//!   once before criterion runs, from the same process;
//! - `sokoban/fixture`: all 300 levels, each objective, on one thread;
//! - `sokoban/bound`: the assignment bound against the nearest-goal bound on the same search,
//!   with their node counts printed (nodes per second per core, and bytes per stored state
//!   on the largest search of the sample);
//! - `sokoban/tunnel`: the same search (assignment bound, no memo) over the push graph with
//!   and without tunnel macros, 300 levels, node counts and the in-run time ratio printed.
//!
//! Run with `cargo bench -p gridlock-puzzles --bench sokoban`. Speed is read as ratios within
//! one run, never as absolute timings in tests.

use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::bound::Bound;
use gridlock_puzzles::sokoban::graph::{Node, Objective, PushGraph};
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::{parse_collection, solve, Level, SolveOptions};
use gridlock_search::{astar_pruning, dijkstra, Edge, Graph, Lex, Limits, Stats};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

fn fixture() -> Vec<Level> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/sokoban/boxoban-hard-000-first300.txt");
    parse_collection(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The plain baseline: full states on the level's grid (at most 128 cells), one edge per
/// step, priced `Lex(pushes, moves)` or `Lex(moves, pushes)`.
struct FullStates<'a> {
    level: &'a Level,
    pushes_first: bool,
}

type Full = (u16, u128);

impl Graph for FullStates<'_> {
    type State = Full;
    type Move = u8;
    type Cost = Lex<u32, u32>;
    fn successors(&self, &(player, boxes): &Full, out: &mut Vec<Edge<Full, u8, Lex<u32, u32>>>) {
        let l = self.level;
        for (k, dir) in gridlock_puzzles::sokoban::Dir::ALL.into_iter().enumerate() {
            let Some(to) = l.neighbor(player as usize, dir).filter(|&c| l.is_floor(c)) else {
                continue;
            };
            let mut next = boxes;
            let pushed = boxes >> to & 1 == 1;
            if pushed {
                let Some(beyond) = l.neighbor(to, dir).filter(|&c| l.is_floor(c)) else {
                    continue;
                };
                if boxes >> beyond & 1 == 1 {
                    continue;
                }
                next = boxes & !(1u128 << to) | 1u128 << beyond;
            }
            let cost = if self.pushes_first {
                Lex(pushed as u32, 1)
            } else {
                Lex(1, pushed as u32)
            };
            out.push(Edge::new(k as u8, (to as u16, next), cost));
        }
    }
}

fn plain_dijkstra(level: &Level, pushes_first: bool) -> Lex<u32, u32> {
    assert!(level.rows * level.cols <= 128);
    let boxes = (0..level.rows * level.cols)
        .filter(|&c| level.start.boxes[c])
        .fold(0u128, |m, c| m | 1 << c);
    let goals = level.goals().iter().fold(0u128, |m, &c| m | 1 << c);
    let graph = FullStates {
        level,
        pushes_first,
    };
    let found = dijkstra(
        &graph,
        (level.start.player as u16, boxes),
        |&(_, b)| b == goals,
        &Limits::none(),
    )
    .unwrap();
    found.path.unwrap().cost
}

fn gridlock(level: &Level, objective: Objective) -> Stats {
    let options = SolveOptions {
        objective,
        ..SolveOptions::default()
    };
    solve(level, &options).unwrap().stats
}

/// The optimal search, with or without tunnel macros, bounded by the assignment (no memo,
/// so that the two graphs compared pay the same for it).
fn assignment_search(level: &Level, objective: Objective, macros: bool) -> Stats {
    let maze = Maze::new(level);
    let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
    let goal: Bits<1> = maze.goal_set();
    let start = Node::new(&maze, boxes, maze.index[level.start.player]);
    let graph = if macros {
        PushGraph::<1>::new(&maze, objective)
    } else {
        PushGraph::<1>::plain(&maze, objective)
    };
    let mut bound = Bound::new(&maze);
    let h = |n: &Node<1>| bound.pushes(&n.boxes).map(|p| Lex(p, p));
    let found = astar_pruning(&graph, start, |n| n.boxes == goal, h, &Limits::none()).unwrap();
    assert!(found.path.is_some());
    found.stats
}

/// The optimal search with the nearest-goal bound in place of the assignment bound.
fn nearest_goal_search(level: &Level, objective: Objective) -> Stats {
    let maze = Maze::new(level);
    let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
    let goal: Bits<1> = maze.goal_set();
    let start = Node::new(&maze, boxes, maze.index[level.start.player]);
    let graph = PushGraph::<1>::new(&maze, objective);
    let bound = Bound::new(&maze);
    let h = |n: &Node<1>| bound.nearest_goal(&n.boxes).map(|p| Lex(p, p));
    astar_pruning(&graph, start, |n| n.boxes == goal, h, &Limits::none())
        .unwrap()
        .stats
}

const AGAINST: std::ops::Range<usize> = 0..5;

fn against_dijkstra(c: &mut Criterion) {
    let levels = fixture();
    let sample = &levels[AGAINST];
    for (objective, pushes_first) in [(Objective::Pushes, true), (Objective::Moves, false)] {
        // the in-run ratio, with the answers compared
        let clock = Instant::now();
        let plain: Vec<Lex<u32, u32>> = sample
            .iter()
            .map(|l| plain_dijkstra(l, pushes_first))
            .collect();
        let t_plain = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        for (level, want) in sample.iter().zip(&plain) {
            let options = SolveOptions {
                objective,
                ..SolveOptions::default()
            };
            let s = solve(level, &options).unwrap().solution.unwrap();
            let got = if pushes_first {
                Lex(s.pushes, s.moves)
            } else {
                Lex(s.moves, s.pushes)
            };
            assert_eq!(&got, want);
        }
        let t_ours = clock.elapsed().as_secs_f64();
        println!(
            "sokoban {}: plain Dijkstra over full states {t_plain:.3} s, gridlock {t_ours:.4} s: \
             {:.0}x on {} levels",
            objective.name(),
            t_plain / t_ours,
            sample.len()
        );
    }
    let mut group = c.benchmark_group("sokoban/vs-dijkstra");
    group.sample_size(10);
    for (objective, pushes_first) in [(Objective::Pushes, true), (Objective::Moves, false)] {
        group.bench_function(
            format!("plain Dijkstra, {}, 5 levels", objective.name()),
            |b| {
                b.iter(|| {
                    for l in sample {
                        black_box(plain_dijkstra(l, pushes_first));
                    }
                })
            },
        );
        group.bench_function(format!("gridlock, {}, 5 levels", objective.name()), |b| {
            b.iter(|| {
                for l in sample {
                    black_box(gridlock(l, objective));
                }
            })
        });
    }
    group.finish();
}

fn whole_fixture(c: &mut Criterion) {
    let levels = fixture();
    let mut group = c.benchmark_group("sokoban/fixture");
    group.sample_size(10);
    for objective in [Objective::Pushes, Objective::Moves] {
        group.bench_function(
            format!("{}, 300 levels, one thread", objective.name()),
            |b| {
                b.iter(|| {
                    for l in &levels {
                        black_box(gridlock(l, objective));
                    }
                })
            },
        );
    }
    group.finish();
}

fn bounds(c: &mut Criterion) {
    let levels = fixture();
    let sample = &levels[..100];
    for objective in [Objective::Pushes, Objective::Moves] {
        let mut totals = [Stats::default(), Stats::default()];
        // bytes per stored state where memory matters: the largest search of the sample
        let mut largest = Stats::default();
        for l in sample {
            let a = gridlock(l, objective);
            if a.peak_states > largest.peak_states {
                largest = a;
            }
            totals[0].absorb(&a);
            totals[1].absorb(&nearest_goal_search(l, objective));
        }
        for (name, t) in ["assignment", "nearest goal"].iter().zip(&totals) {
            println!(
                "sokoban {} bound {name}: {} expanded, {} generated, {:.2} M generated/s on one \
                 core, {:.3} s (100 levels)",
                objective.name(),
                t.expanded,
                t.generated,
                t.nodes_per_second() / 1e6,
                t.elapsed.as_secs_f64()
            );
        }
        println!(
            "sokoban {}: {:.0} bytes per stored state on the largest search ({} states, {} \
             bytes by capacity, bound memo included)",
            objective.name(),
            largest.peak_bytes as f64 / largest.peak_states as f64,
            largest.peak_states,
            largest.peak_bytes
        );
    }
    let mut group = c.benchmark_group("sokoban/bound");
    group.sample_size(10);
    for objective in [Objective::Pushes, Objective::Moves] {
        group.bench_function(
            format!("assignment, {}, 100 levels", objective.name()),
            |b| {
                b.iter(|| {
                    for l in sample {
                        black_box(gridlock(l, objective));
                    }
                })
            },
        );
        group.bench_function(
            format!("nearest goal, {}, 100 levels", objective.name()),
            |b| {
                b.iter(|| {
                    for l in sample {
                        black_box(nearest_goal_search(l, objective));
                    }
                })
            },
        );
    }
    group.finish();
}

fn tunnels(c: &mut Criterion) {
    let levels = fixture();
    for objective in [Objective::Pushes, Objective::Moves] {
        let mut totals = [Stats::default(), Stats::default()];
        // alternate the two level by level, so that a change of load hits both alike, and
        // swap which goes first each level, so that neither always finds the caches warm
        for (i, l) in levels.iter().enumerate() {
            for k in [i % 2, 1 - i % 2] {
                totals[k].absorb(&assignment_search(l, objective, k == 1));
            }
        }
        let [plain, macros] = &totals;
        println!(
            "sokoban {} tunnel macros: {} expanded, {} generated, {:.3} s against {} expanded, \
             {} generated, {:.3} s without (300 levels): {:.1} % fewer expansions, time ratio \
             {:.3}",
            objective.name(),
            macros.expanded,
            macros.generated,
            macros.elapsed.as_secs_f64(),
            plain.expanded,
            plain.generated,
            plain.elapsed.as_secs_f64(),
            100.0 * (1.0 - macros.expanded as f64 / plain.expanded as f64),
            macros.elapsed.as_secs_f64() / plain.elapsed.as_secs_f64()
        );
    }
    let mut group = c.benchmark_group("sokoban/tunnel");
    group.sample_size(10);
    for objective in [Objective::Pushes, Objective::Moves] {
        for (name, macros) in [("without", false), ("with", true)] {
            group.bench_function(
                format!("{name} tunnel macros, {}, 300 levels", objective.name()),
                |b| {
                    b.iter(|| {
                        for l in &levels {
                            black_box(assignment_search(l, objective, macros));
                        }
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, against_dijkstra, whole_fixture, bounds, tunnels);
criterion_main!(benches);
