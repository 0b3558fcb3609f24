use criterion::{criterion_group, criterion_main, Criterion};
use gridlock_puzzles::rush_hour::{parse, Analyser, Slides};
use gridlock_search::{ComponentBuffer, Limits};

fn probe(c: &mut Criterion) {
    let p = parse("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").unwrap();
    let mut buffer = ComponentBuffer::new();
    c.bench_function("explore_4780", |b| {
        b.iter(|| {
            buffer
                .explore(&Slides(&p.board), p.start, &Limits::none())
                .unwrap()
        })
    });
    let mut a = Analyser::new();
    c.bench_function("optima_4780", |b| {
        b.iter(|| a.optima(&p.board, p.start, &Limits::none()).unwrap())
    });
    let mut n = 0;
    c.bench_function("successors_4780", |b| {
        b.iter(|| {
            for &s in buffer.states() {
                p.board.for_each_slide(s, |_, q| n ^= q);
            }
        })
    });
}

criterion_group! {name = benches; config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500)); targets = probe}
criterion_main!(benches);
