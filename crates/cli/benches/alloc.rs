//! What the command line's allocator (`src/alloc.rs`: the system's, with a refused
//! allocation turned into exit code 3) costs per allocation, against the system allocator in
//! the same run: allocate and free blocks of the sizes the searches use, through both.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;

#[path = "../src/alloc.rs"]
#[allow(dead_code)]
mod alloc;

/// Allocates and frees `layout` `rounds` times through `allocator`.
fn churn(allocator: &impl GlobalAlloc, layout: Layout, rounds: usize) {
    for _ in 0..rounds {
        // SAFETY: `layout` has a non-zero size, and the block is freed with the same layout
        // by the allocator that returned it (a null block is never freed).
        unsafe {
            let p = black_box(allocator.alloc(layout));
            if !p.is_null() {
                p.write(1);
                allocator.dealloc(black_box(p), layout);
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("alloc");
    for size in [16usize, 4096, 1 << 20] {
        let layout = Layout::from_size_align(size, 8).expect("a valid layout");
        group.bench_with_input(BenchmarkId::new("system", size), &layout, |b, &l| {
            b.iter(|| churn(&System, l, 1000))
        });
        group.bench_with_input(
            BenchmarkId::new("exit_on_refusal", size),
            &layout,
            |b, &l| b.iter(|| churn(&alloc::ExitOnRefusal, l, 1000)),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
