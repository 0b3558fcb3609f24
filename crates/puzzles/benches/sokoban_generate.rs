//! Sokoban generator speed (issue 36): fixed requests with a fixed seed (every iteration does
//! the same work and prints the same levels), reported as levels per second. Inside each
//! group the same request on a pool of one thread is the in-run baseline for what both cores
//! gain; the groups side by side show the cost of longer levels and of many boxes.
//!
//! The counts are smaller than the README's runs (`--pushes 20.. --count 1000`) so that
//! `cargo bench -p gridlock-puzzles --bench sokoban_generate` ends in a few minutes; the CLI
//! figures in docs/sokoban-generate.md come from the full requests.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gridlock_puzzles::sokoban::generate::{generate, Request};
use gridlock_search::Limits;
use std::time::Duration;

/// One request: its name and the request (seed 1).
fn requests() -> Vec<(&'static str, Request)> {
    vec![
        (
            "default 10x10, 4 boxes",
            Request {
                count: 50,
                ..Request::default()
            },
        ),
        (
            "10x10, 4 boxes, 20.. pushes",
            Request {
                pushes: (20, None),
                count: 50,
                ..Request::default()
            },
        ),
        (
            "14x14, 10..15 boxes",
            Request {
                size: (14, 14),
                boxes: (10, 15),
                count: 2,
                ..Request::default()
            },
        ),
    ]
}

/// Runs one request to the end and returns how many levels it printed.
fn run(req: &Request) -> usize {
    generate(req, &Limits::none(), |_| true, |_| {})
        .levels
        .len()
}

fn levels(c: &mut Criterion) {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for (name, req) in requests() {
        req.check().unwrap();
        let mut group = c.benchmark_group(format!("sokoban_generate/{name}"));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(5));
        group.throughput(Throughput::Elements(req.count as u64));
        group.bench_with_input(BenchmarkId::new("all threads", req.count), &req, |b, r| {
            b.iter(|| assert_eq!(run(r), r.count))
        });
        group.bench_with_input(BenchmarkId::new("one thread", req.count), &req, |b, r| {
            b.iter(|| one.install(|| assert_eq!(run(r), r.count)))
        });
        group.finish();
    }
}

criterion_group!(benches, levels);
criterion_main!(benches);
