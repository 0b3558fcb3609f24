//! Red-blue chips: all 70 solvable contest inputs (four chips of each colour).
//!
//! - `table_cold`: what one process pays: explore the 630 solvable positions once, then
//!   answer all 70 (the SPEC §7 target is under 10 ms in total).
//! - `table_warm`: the 70 answers from a ready table.
//! - `explore_each`: the textbook route, one engine exploration per input (the baseline;
//!   `explore_each / table_cold` is what exploring once buys).

use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::chips::{parse_board, solve::solve_by_exploring, Position, Solver};
use gridlock_search::Limits;
use std::hint::black_box;

fn inputs() -> Vec<Position> {
    (0..256u32)
        .filter(|n| n.count_ones() == 4)
        .map(|n| {
            let ring: String = (0..8)
                .map(|i| if n >> i & 1 == 1 { 'B' } else { 'R' })
                .collect();
            parse_board(&ring).unwrap()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    assert_eq!(inputs.len(), 70);
    let mut group = c.benchmark_group("chips_all70");
    group.bench_function("table_cold", |b| {
        b.iter(|| {
            let solver = Solver::new(&Limits::none()).unwrap();
            inputs
                .iter()
                .map(|&p| solver.solve(black_box(p)).unwrap().moves.len())
                .sum::<usize>()
        })
    });
    let solver = Solver::new(&Limits::none()).unwrap();
    group.bench_function("table_warm", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|&p| solver.solve(black_box(p)).unwrap().moves.len())
                .sum::<usize>()
        })
    });
    group.bench_function("explore_each", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|&p| {
                    solve_by_exploring(black_box(p), &Limits::none())
                        .unwrap()
                        .unwrap()
                        .moves
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
