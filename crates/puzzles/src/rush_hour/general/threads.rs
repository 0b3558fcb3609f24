//! The guided search expands its large levels on every core: the answer, the solution and
//! every figure of `--stats` must not depend on how many.

use crate::rush_hour::{parse, Metric};
use gridlock_search::{Limits, Stats};

/// `stats` without the wall time, the one figure that may differ between runs.
fn counts(mut stats: Stats) -> Stats {
    stats.elapsed = Default::default();
    stats
}

/// The 12×12 chain (levels of tens of thousands of positions, past the one-thread
/// threshold) on a pool of one thread and of four: the same optimum, the same solution and
/// the same counts and bytes, in both metrics.
#[test]
fn one_thread_and_four_give_the_same_answer_path_and_stats() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/rush_hour/chain_12x12.txt"
    );
    let p = parse(&std::fs::read_to_string(path).unwrap(), None).unwrap();
    let run = |threads: usize, metric: Metric| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let limits = Limits::none();
            let (best, stats) = p.optimum(metric, None, &limits).unwrap();
            let (solution, path_stats) = p.solve(metric, None, &limits).unwrap();
            (best, counts(stats), solution, counts(path_stats))
        })
    };
    for (metric, want) in [(Metric::Moves, 41), (Metric::Steps, 52)] {
        let one = run(1, metric);
        assert_eq!(one.0, Some(want));
        assert!(one.1.peak_states > 3 * 8192, "{:?}", one.1);
        assert_eq!(one, run(4, metric), "{metric:?}");
    }
}
