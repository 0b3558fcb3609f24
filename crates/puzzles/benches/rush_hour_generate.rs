//! Rush Hour generator speed (SPEC §10, issue 24): one group per difficulty band, each
//! generating a fixed request with a fixed seed (so every iteration does the same work and
//! prints the same puzzles), reported as puzzles per second. Inside each group the same
//! request on a pool of one thread is the baseline, in the same run, for what both cores
//! gain; the bands side by side show how the rate falls with difficulty.
//!
//! The counts are smaller than the README's targets (`--moves 10..20 --count 1000` and so
//! on) so that `cargo bench -p gridlock-puzzles --bench rush_hour_generate` ends in a few
//! minutes; the CLI figures in docs/generate.md come from the full requests.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gridlock_puzzles::rush_hour::generate::{generate, Request};
use gridlock_search::Limits;
use std::time::Duration;

/// One band: its name, the request's moves range, walls and puzzle count per iteration.
struct Band {
    name: &'static str,
    moves: (u32, Option<u32>),
    walls: usize,
    count: usize,
}

const BANDS: [Band; 4] = [
    Band {
        name: "easy 10..20",
        moves: (10, Some(20)),
        walls: 0,
        count: 50,
    },
    Band {
        name: "medium 20..30",
        moves: (20, Some(30)),
        walls: 0,
        count: 10,
    },
    Band {
        name: "hard 30..40",
        moves: (30, Some(40)),
        walls: 0,
        count: 1,
    },
    Band {
        name: "walls 1, 30..",
        moves: (30, None),
        walls: 1,
        count: 1,
    },
];

/// Runs one request to the end and returns how many puzzles it printed.
fn run(req: &Request) -> usize {
    generate(req, &Limits::none(), |_| true, |_| {})
        .puzzles
        .len()
}

fn bands(c: &mut Criterion) {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for band in &BANDS {
        let req = Request {
            moves: band.moves,
            walls: band.walls,
            count: band.count,
            seed: 1,
            ..Request::default()
        };
        req.check().unwrap();
        let mut group = c.benchmark_group(format!("rush_hour_generate/{}", band.name));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(5));
        group.throughput(Throughput::Elements(band.count as u64));
        group.bench_with_input(BenchmarkId::new("all threads", band.count), &req, |b, r| {
            b.iter(|| assert_eq!(run(r), r.count))
        });
        group.bench_with_input(BenchmarkId::new("one thread", band.count), &req, |b, r| {
            b.iter(|| one.install(|| assert_eq!(run(r), r.count)))
        });
        group.finish();
    }
}

criterion_group!(benches, bands);
criterion_main!(benches);
