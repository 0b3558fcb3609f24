//! Universe enumeration speed: a reduced universe (a slice of units), and the dense explorer
//! against the generic engine's hash-map exploration of the same component (the ratio is the
//! number to watch; absolute times depend on the machine and its load).

use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::rush_hour::universe::{
    classify, layout::Layout, Board, Config, Rules, Units, Worker,
};
use gridlock_search::{Component, EdgeComponent, Limits};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let hardest = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    let mut g = c.benchmark_group("universe");
    g.sample_size(10);
    g.bench_function("dense classify, 51-move component", |b| {
        b.iter(|| classify(black_box(hardest), Rules::All).unwrap())
    });
    g.bench_function("baseline: engine explore, same component", |b| {
        let (layout, p) = Layout::from_board(&Board::parse(hardest).unwrap()).unwrap();
        b.iter(|| {
            let mut component = EdgeComponent::new();
            component
                .explore(&layout, black_box(p), &Limits::none())
                .unwrap();
            component.len()
        })
    });
    g.bench_function("units 66320..66340 (walls 0)", |b| {
        let units = Units::new(&Config::default());
        let mut worker = Worker::default();
        b.iter(|| {
            let mut rows = Vec::new();
            let mut explored = 0;
            for u in 66320..66340 {
                explored += units.run_unit(u, &mut worker, &mut rows).explored;
            }
            (explored, rows.len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
