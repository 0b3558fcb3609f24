//! `--fast` benchmarks on the committed fixture (the first 300 Boxoban hard levels), one
//! thread:
//!
//! - before criterion runs, each piece measured in one process by turning it off
//!   ([`Tuning`]): nodes generated and expanded, time, and pushes against the recorded
//!   optimum, printed;
//! - `sokoban-fast/fixture`: all 300 levels with `--fast` as shipped.
//!
//! Run with `RAYON_NUM_THREADS=1 cargo bench -p gridlock-puzzles --bench sokoban_fast`.
//! Speed is read as ratios within one run.

use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::sokoban::{parse_collection, solve_fast, Level, Tuning};
use gridlock_search::Limits;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

fn fixture() -> Vec<Level> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/sokoban/boxoban-hard-000-first300.txt");
    parse_collection(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Solves every level with `tuning`; `(generated, expanded, pushes)`.
fn run(levels: &[Level], tuning: &Tuning) -> (u64, u64, u64) {
    let (mut generated, mut expanded, mut pushes) = (0, 0, 0);
    for level in levels {
        let outcome = solve_fast(level, &Limits::none(), tuning).unwrap();
        generated += outcome.stats.generated;
        expanded += outcome.stats.expanded;
        pushes += u64::from(outcome.solution.expect("solvable").pushes);
    }
    (generated, expanded, pushes)
}

fn pieces(levels: &[Level]) {
    let shipped = Tuning::default();
    let variants = [
        ("as shipped", shipped.clone()),
        (
            "no corral pruning",
            Tuning {
                corral: false,
                ..shipped.clone()
            },
        ),
        (
            "no corral-deadlock search",
            Tuning {
                deadlock: 0,
                ..shipped.clone()
            },
        ),
        (
            "no tunnel macros",
            Tuning {
                tunnels: false,
                ..shipped.clone()
            },
        ),
        (
            "no goal-room macros",
            Tuning {
                rooms: false,
                ..shipped.clone()
            },
        ),
        (
            "no macros",
            Tuning {
                tunnels: false,
                rooms: false,
                ..shipped.clone()
            },
        ),
        (
            "with the packing order (penalty 4)",
            Tuning {
                penalty: 4,
                ..shipped.clone()
            },
        ),
        (
            "no feature-space search",
            Tuning {
                fess: false,
                ..shipped.clone()
            },
        ),
        (
            "weight 5 alone",
            Tuning {
                weights: vec![5],
                fess: false,
                ..shipped.clone()
            },
        ),
        (
            "weight 1 alone (push-optimal)",
            Tuning {
                weights: vec![1],
                fess: false,
                ..shipped.clone()
            },
        ),
        (
            "feature-space search alone",
            Tuning {
                weights: Vec::new(),
                fess: true,
                bidirectional: None,
                ..shipped.clone()
            },
        ),
        (
            "weight 1 alone, no corral pruning",
            Tuning {
                weights: vec![1],
                fess: false,
                corral: false,
                ..shipped
            },
        ),
    ];
    for (name, tuning) in variants {
        let clock = Instant::now();
        let (g, e, p) = run(levels, &tuning);
        let s = clock.elapsed().as_secs_f64();
        println!("sokoban --fast, {name}: {g} generated, {e} expanded, {s:.3} s, {p} pushes");
    }
}

fn bench(c: &mut Criterion) {
    let levels = fixture();
    pieces(&levels);
    let mut group = c.benchmark_group("sokoban-fast");
    group.sample_size(10);
    group.bench_function("fixture", |b| {
        b.iter(|| black_box(run(&levels, &Tuning::default())))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
