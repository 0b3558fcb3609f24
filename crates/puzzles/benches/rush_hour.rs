//! Rush Hour benchmarks (SPEC §7): the contest path, the whole published database in batch
//! (both metrics, every core), and the engine's component exploration against
//! `pathfinding::bfs` exploring the same components with the same successor function.
//!
//! `cargo bench -p gridlock-puzzles --bench rush_hour`; the batch uses
//! `../shared/data/rush_18k.txt` when present, else the fixture under `tests/fixtures`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gridlock_puzzles::rush_hour::{
    optima_all, parse, parse_database, Metric, Position, Puzzle, Six, StepSlots, Steps,
};
use gridlock_search::slots::SlotComponent;
use gridlock_search::{sweep, Component, EdgeComponent, Graph, Limits};
use std::hint::black_box;
use std::ops::ControlFlow;
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
                let p = parse(black_box(text), None).unwrap();
                p.optimum(Metric::Steps, Some(10), &Limits::none())
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
    // one iteration takes seconds: ten samples of one iteration each (about 10 × the time
    // of one run of the whole file)
    group
        .sample_size(10)
        .sampling_mode(criterion::SamplingMode::Flat)
        .measurement_time(Duration::from_secs(120))
        .warm_up_time(Duration::from_millis(1));
    group.bench_function(
        BenchmarkId::new("moves_and_steps", format!("{name}_{}", puzzles.len())),
        |b| b.iter(|| optima_all(black_box(&puzzles), &Limits::none()).len()),
    );
    group.finish();
}

/// The same Rush Hour components explored three ways, each visiting every state of the
/// component from the same start over one-cell steps:
///
/// * `pathfinding_bfs`: `pathfinding::bfs` (with a goal that never matches), its successor
///   closure calling the [`Steps`] graph's `successors` and collecting the positions;
/// * `engine_component_buffer`: the engine's general reusable explorer on the same [`Steps`]
///   graph (same successor function, every edge stored);
/// * `engine_sweep`: the engine's [`sweep`] on the same [`Steps`] graph (same successor
///   function; a reversible graph, so only three levels are held and looked up);
/// * `engine_slot_component`: the engine's slot explorer on [`StepSlots`], the same steps
///   described as slots (each undirected edge looked up once, open steps updated
///   incrementally), which the batch uses;
/// * `successors_only`: no search at all, the [`Steps`] successor function called once on
///   every state of the same components. It is the part of every run above that no engine
///   calling this function can save: `pathfinding_bfs / successors_only` bounds the speed-up
///   any engine can reach with the same successor function.
///
/// The ratio of `pathfinding_bfs` to each engine time is the engine's speed-up.
fn engine_vs_pathfinding(c: &mut Criterion) {
    let (_, puzzles) = database();
    // every 40th board: a spread of easy and hard components
    let sample: Vec<(&Six, Position)> = puzzles
        .iter()
        .step_by(40)
        .map(|p| p.six().expect("a 6x6 board"))
        .collect();
    // each component's states, for the successors-only baseline
    let components: Vec<Vec<_>> = sample
        .iter()
        .map(|&(six, start)| {
            let mut c = SlotComponent::new();
            c.explore(&StepSlots(six), start, &Limits::none()).unwrap();
            c.states().collect()
        })
        .collect();
    let states: usize = components.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("rush_hour_explore");
    group.sample_size(10);
    group.throughput(criterion::Throughput::Elements(states as u64));
    let mut slots = SlotComponent::new();
    group.bench_function("engine_slot_component", |b| {
        b.iter(|| {
            let mut total = 0;
            for &(six, start) in &sample {
                slots
                    .explore(&StepSlots(six), start, &Limits::none())
                    .unwrap();
                total += slots.len();
            }
            assert_eq!(total, states);
            total
        })
    });
    group.bench_function("successors_only", |b| {
        b.iter(|| {
            let mut edges = Vec::new();
            let mut total = 0;
            for (&(six, _), component) in sample.iter().zip(&components) {
                let graph = Steps(six);
                for s in component {
                    edges.clear();
                    graph.successors(s, &mut edges);
                    total += edges.len();
                }
            }
            total
        })
    });
    group.bench_function("engine_sweep", |b| {
        b.iter(|| {
            let mut total = 0;
            for &(six, start) in &sample {
                let swept = sweep(&Steps(six), start, &Limits::none(), |_, _| {
                    ControlFlow::<()>::Continue(())
                })
                .unwrap();
                total += swept.states as usize;
            }
            assert_eq!(total, states);
            total
        })
    });
    group.bench_function("engine_explore", |b| {
        b.iter(|| {
            let mut total = 0;
            for &(six, start) in &sample {
                let mut component = EdgeComponent::new();
                component
                    .explore(&Steps(six), start, &Limits::none())
                    .unwrap();
                total += component.len();
            }
            assert_eq!(total, states);
            total
        })
    });
    group.bench_function("pathfinding_bfs", |b| {
        b.iter(|| {
            let mut edges = Vec::new();
            for &(six, start) in &sample {
                let graph = Steps(six);
                let found = pathfinding::prelude::bfs(
                    &start,
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
