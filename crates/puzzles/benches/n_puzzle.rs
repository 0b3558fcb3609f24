//! Sliding tiles (docs/n-puzzle.md, Performance): Korf's 100 with the 7-8 tables cached,
//! Korf's 100 from an empty cache with the table `auto` picks (6-6-3, built inside the
//! measurement), Manhattan with linear conflicts on the 20 instances Korf's Manhattan IDA*
//! found easiest, IDA* throughput per table, the 3×3 whole component, and one 24-puzzle
//! (Korf and Felner's instance 40) on one thread against two (the split IDA*'s speed-up).
//!
//! The 7-8 tables are looked for in `$GRIDLOCK_CACHE` (else the user cache directory) and
//! built there first if missing (about 3–5 minutes, 2.1 GB); set `GRIDLOCK_BENCH_SKIP_78=1`
//! to leave that group out. The 24-puzzle group runs only when the 6-6-6-6 tables are
//! already cached (`gridlock n-puzzle pdb build --size 5x5 --pattern 6-6-6-6 --goal
//! blank-first`, about 100 s and 1.9 GiB), since building them is no part of a search. Run: `cargo bench -p gridlock-puzzles --bench n_puzzle`.

use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::n_puzzle::cache;
use gridlock_puzzles::n_puzzle::explore::explore;
use gridlock_puzzles::n_puzzle::{parse_batch_line, Board, Pattern, Shape, Solver};
use gridlock_puzzles::n_puzzle::{prepare, Choice};
use gridlock_search::{Limits, Stats};
use rayon::prelude::*;
use std::path::Path;
use std::time::Duration;

fn korf() -> Vec<(u32, Board)> {
    let text = include_str!("../../../tests/fixtures/n_puzzle/korf100.txt");
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            let id = l.split(' ').next().unwrap().parse().unwrap();
            (id, parse_batch_line(l, i + 1, None).unwrap().unwrap())
        })
        .collect()
}

/// The 20 instances with the fewest nodes in Korf's 1985 Manhattan-distance IDA*.
const EASIEST: [u32; 20] = [
    9, 12, 19, 28, 30, 31, 42, 45, 47, 48, 55, 61, 73, 74, 79, 85, 86, 93, 94, 97,
];

fn goal() -> Board {
    Board::blank_first(Shape::new(4, 4).unwrap())
}

fn solver(choice: Choice, dir: Option<&Path>) -> Solver {
    let (h, _) = prepare(&goal(), &choice, dir, &Limits::none(), &|_| {}).unwrap();
    Solver::new(goal(), h)
}

fn pattern(p: &str) -> Choice {
    Choice::Pdb(Some(Pattern::parse(p, Shape::new(4, 4).unwrap()).unwrap()))
}

/// Solves every board on every core; returns the summed lengths and work.
fn solve_all(solver: &Solver, boards: &[&Board]) -> (usize, Stats) {
    let results: Vec<_> = boards
        .par_iter()
        .map(|b| solver.solve(b, &Limits::none()).unwrap())
        .collect();
    let mut stats = Stats::default();
    let mut moves = 0;
    for (s, st) in results {
        moves += s.unwrap().tiles.len();
        stats.absorb(&st);
    }
    (moves, stats)
}

fn report(what: &str, stats: &Stats) {
    eprintln!(
        "{what}: {} nodes generated, {:.1} M nodes/s per core",
        stats.generated,
        stats.nodes_per_second() / 1e6
    );
}

fn korf_cached(c: &mut Criterion) {
    if std::env::var_os("GRIDLOCK_BENCH_SKIP_78").is_some() {
        return;
    }
    let dir = cache::cache_dir().expect("a cache directory");
    let all = korf();
    let boards: Vec<&Board> = all.iter().map(|k| &k.1).collect();
    drop(solver(pattern("7-8"), Some(&dir))); // build once if missing
    let mut g = c.benchmark_group("n_puzzle");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("korf100/7-8 cached, load included", |b| {
        b.iter(|| {
            let s = solver(pattern("7-8"), Some(&dir));
            let (moves, _) = solve_all(&s, &boards);
            assert_eq!(moves, 5305);
        })
    });
    let s = solver(pattern("7-8"), Some(&dir));
    g.bench_function("korf100/7-8 search only", |b| {
        b.iter(|| assert_eq!(solve_all(&s, &boards).0, 5305))
    });
    report("7-8, Korf 100", &solve_all(&s, &boards).1);
    g.finish();
}

fn korf_empty_cache(c: &mut Criterion) {
    let all = korf();
    let boards: Vec<&Board> = all.iter().map(|k| &k.1).collect();
    let mut g = c.benchmark_group("n_puzzle");
    g.sample_size(10).measurement_time(Duration::from_secs(60));
    g.bench_function("korf100/auto from an empty cache (6-6-3 built)", |b| {
        b.iter(|| {
            let dir = tempfile::tempdir().unwrap();
            let s = solver(Choice::Auto, Some(dir.path()));
            assert_eq!(solve_all(&s, &boards).0, 5305);
        })
    });
    g.finish();
}

fn manhattan_easiest(c: &mut Criterion) {
    let all = korf();
    let boards: Vec<&Board> = all
        .iter()
        .filter(|k| EASIEST.contains(&k.0))
        .map(|k| &k.1)
        .collect();
    let s = solver(Choice::Manhattan, None);
    report("manhattan+lc, 20 easiest", &solve_all(&s, &boards).1);
    let mut g = c.benchmark_group("n_puzzle");
    g.sample_size(10);
    g.bench_function("korf20 easiest/manhattan+lc", |b| {
        b.iter(|| solve_all(&s, &boards))
    });
    g.finish();
}

/// One core, the first 20 Korf instances, each table (5-5-5 and 6-6-3 fit the caches; the
/// 7-8 tables do not, see korf_cached).
fn throughput(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let all = korf();
    let first: Vec<&Board> = all.iter().take(20).map(|k| &k.1).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut g = c.benchmark_group("n_puzzle");
    g.sample_size(10);
    for p in ["5-5-5", "6-6-3"] {
        let s = solver(pattern(p), Some(dir.path()));
        let stats = pool.install(|| solve_all(&s, &first).1);
        report(&format!("{p}, first 20, one core"), &stats);
        g.bench_function(format!("first20/{p} one core"), |b| {
            b.iter(|| pool.install(|| solve_all(&s, &first)))
        });
    }
    g.finish();
}

fn component(c: &mut Criterion) {
    let goal = Board::blank_last(Shape::new(3, 3).unwrap());
    let mut g = c.benchmark_group("n_puzzle");
    g.bench_function("explore 3x3 (181,440 positions)", |b| {
        b.iter(|| {
            let (c, _) = explore(&goal, &Limits::none()).unwrap();
            assert_eq!(c.states, 181_440);
        })
    });
    g.finish();
}

/// Korf and Felner's instance 40 (82 moves, the second easiest), the 6-6-6-6 tables: one
/// thread against two in the same run, so the ratio is the split search's speed-up.
fn split_24(c: &mut Criterion) {
    let shape = Shape::new(5, 5).unwrap();
    let six = Pattern::parse("6-6-6-6", shape).unwrap();
    let Some(dir) = cache::cache_dir().filter(|d| cache::is_cached(d, shape, 0, &six)) else {
        eprintln!("24-puzzle: the 6-6-6-6 tables are not cached; group left out");
        return;
    };
    let goal = Board::blank_first(shape);
    let text = include_str!("../../../tests/fixtures/n_puzzle/korf-felner-24.txt");
    let line = text.lines().find(|l| l.starts_with("40 ")).unwrap();
    let board = parse_batch_line(line, 40, None).unwrap().unwrap();
    let choice = Choice::Pdb(Some(six));
    let (h, _) = prepare(&goal, &choice, Some(&dir), &Limits::none(), &|_| {}).unwrap();
    let s = Solver::new(goal, h);
    let mut g = c.benchmark_group("n_puzzle");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        g.bench_function(format!("korf-felner 40/6-6-6-6 {threads} thread(s)"), |b| {
            b.iter(|| {
                let (found, _) = pool.install(|| s.solve(&board, &Limits::none()).unwrap());
                assert_eq!(found.unwrap().tiles.len(), 82);
            })
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    component,
    throughput,
    manhattan_easiest,
    korf_empty_cache,
    korf_cached,
    split_24
);
criterion_main!(benches);
