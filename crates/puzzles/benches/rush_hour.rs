//! Rush Hour benchmarks (SPEC §7): the contest path, the whole published database in batch
//! (both metrics, every core), and the engine's component exploration against
//! `pathfinding::bfs` exploring the same components with the same successor function.
//!
//! `cargo bench -p gridlock-puzzles --bench rush_hour`; the batch uses
//! `../shared/data/rush_18k.txt` when present, else the fixture under `tests/fixtures`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gridlock_puzzles::rush_hour::{
    optima_all, optimum, parse, parse_database, Metric, Puzzle, Slides,
};
use gridlock_search::{ComponentBuffer, Graph, Limits};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

const SAMPLE1: &str =
    "2 2 0 0 0 7\n3 0 0 5 0 7\n3 1 1 5 0 7\n3 0 0 5 0 0\n4 0 0 0 8 8\n4 0 6 6 6 0\n";
const SAMPLE2: &str =
    "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";

fn database() -> (String, Vec<Puzzle>) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let full = root.join("../shared/data/rush_18k.txt");
    let (name, text) = match std::fs::read_to_string(&full) {
        Ok(text) => ("rush_18k".to_string(), text),
        Err(_) => (
            "fixture".to_string(),
            std::fs::read_to_string(root.join("tests/fixtures/rush_hour/rush_18k_sample.txt"))
                .unwrap(),
        ),
    };
    let puzzles = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .map(|b| parse_database(b).unwrap())
        .collect();
    (name, puzzles)
}

fn contest(c: &mut Criterion) {
    let mut group = c.benchmark_group("rush_hour_contest");
    for (name, text) in [("sample1", SAMPLE1), ("sample2", SAMPLE2)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let p = parse(black_box(text)).unwrap();
                optimum(&p.board, p.start, Metric::Steps, Some(10), &Limits::none())
                    .unwrap()
                    .0
            })
        });
    }
    group.finish();
}

fn batch(c: &mut Criterion) {
    let (name, puzzles) = database();
    let mut group = c.benchmark_group("rush_hour_batch");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    group.bench_function(
        BenchmarkId::new("moves_and_steps", format!("{name}_{}", puzzles.len())),
        |b| b.iter(|| optima_all(black_box(&puzzles), &Limits::none()).len()),
    );
    group.finish();
}

/// The same Rush Hour components explored by the engine's reusable component buffer and by
/// `pathfinding::bfs` (with a goal that never matches, so it visits the whole component); both
/// call the same successor function. The ratio of the two times is the engine's speed-up.
fn engine_vs_pathfinding(c: &mut Criterion) {
    let (_, puzzles) = database();
    // every 40th board: a spread of easy and hard components
    let sample: Vec<&Puzzle> = puzzles.iter().step_by(40).collect();
    let mut group = c.benchmark_group("rush_hour_explore");
    group.sample_size(10);
    let mut buffer = ComponentBuffer::new();
    group.bench_function("engine_component_buffer", |b| {
        b.iter(|| {
            let mut total = 0;
            for p in &sample {
                buffer
                    .explore(&Slides(&p.board), p.start, &Limits::none())
                    .unwrap();
                total += buffer.len();
            }
            total
        })
    });
    group.bench_function("pathfinding_bfs", |b| {
        b.iter(|| {
            let mut edges = Vec::new();
            for p in &sample {
                let graph = Slides(&p.board);
                let found = pathfinding::prelude::bfs(
                    &p.start,
                    |s| {
                        edges.clear();
                        graph.successors(s, &mut edges);
                        edges.iter().map(|e| e.to).collect::<Vec<_>>()
                    },
                    |_| false,
                );
                assert!(found.is_none());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, contest, batch, engine_vs_pathfinding);
criterion_main!(benches);
