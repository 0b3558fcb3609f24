//! Puzznic benchmarks: the contest path (parse and solve a 7×7 board optimally), the NES
//! levels with `--fast` (one after the other, as the command line solves them, on all
//! cores and on one), and the NES levels cheap enough to solve optimally.
//!
//! Run with `cargo bench --bench puzznic`. Speed is read as ratios between these groups and
//! against earlier runs on the same machine, never as absolute timings in tests.

use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::puzznic::{parse, solve, SolveOptions, Strategy};
use gridlock_search::Limits;
use std::hint::black_box;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap()
}

/// (name, text) of every NES level in the fixture.
fn nes() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(root().join("tests/fixtures/puzznic/nes"))
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_stem().unwrap().to_string_lossy().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// Levels marked `ci` in `nes-optimal.txt` (proven optimal in well under a second).
fn cheap_optimal() -> Vec<String> {
    read("tests/fixtures/puzznic/nes-optimal.txt")
        .lines()
        .filter(|l| l.split_whitespace().nth(3) == Some("ci"))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

fn contest(c: &mut Criterion) {
    let boards = [
        read("examples/puzznic/sample.txt"),
        read("examples/puzznic/contest7a.txt"),
        read("examples/puzznic/contest7b.txt"),
    ];
    c.bench_function(
        "puzznic/contest: parse + optimal solve of three boards up to 7x7",
        |b| {
            b.iter(|| {
                for text in &boards {
                    let p = parse(black_box(text)).unwrap();
                    black_box(solve(&p, &SolveOptions::default()).unwrap());
                }
            })
        },
    );
}

fn nes_levels(c: &mut Criterion) {
    let levels = nes();
    let fast = |text: &str| {
        let p = parse(text).unwrap();
        let options = SolveOptions {
            strategy: Strategy::Fast,
            limits: Limits::states(2_000_000),
            ..SolveOptions::default()
        };
        solve(&p, &options)
    };
    // The levels --fast answers within its budget (the others are listed in docs/puzznic.md).
    let solved: Vec<&(String, String)> = levels.iter().filter(|(_, t)| fast(t).is_ok()).collect();
    let mut group = c.benchmark_group("puzznic/nes");
    group.sample_size(10);
    // What `gridlock puzznic --fast` does per level, one level after the other (each solve
    // expands its beam layers and short searches on all cores).
    group.bench_function(
        format!("fast, {} levels one after the other", solved.len()),
        |b| {
            b.iter(|| {
                for (_, text) in &solved {
                    black_box(fast(text).unwrap());
                }
            })
        },
    );
    // The same on a pool of one thread: the baseline, in the same run, for what solving on
    // both cores gains (the answers are the same on any number of threads).
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    group.bench_function(
        format!(
            "fast, {} levels one after the other, one thread",
            solved.len()
        ),
        |b| {
            b.iter(|| {
                one.install(|| {
                    for (_, text) in &solved {
                        black_box(fast(text).unwrap());
                    }
                })
            })
        },
    );
    let cheap = cheap_optimal();
    let subset: Vec<&(String, String)> = levels.iter().filter(|(n, _)| cheap.contains(n)).collect();
    group.bench_function(format!("optimal, {} cheap levels", subset.len()), |b| {
        b.iter(|| {
            for (_, text) in &subset {
                let p = parse(text).unwrap();
                black_box(solve(&p, &SolveOptions::default()).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, contest, nes_levels);
criterion_main!(benches);
