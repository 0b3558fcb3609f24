//! `--fast`'s rounds hand the deadlock patterns learned in one round to every search of the
//! next: the answer must still depend on the level alone, never on the thread count, every
//! answer must replay, and the hand-over must change the work done (or it is not happening).
//! The first round is made tiny so that the levels take many rounds; budgets are state
//! counts, never clocks. (The work counts themselves depend on timing with more than one
//! thread, since a search that finishes stops the ones after it; on one thread the searches
//! run in list order, so they are compared there.)

use gridlock_puzzles::sokoban::{
    parse_collection, parse_solution, replay, solve_fast, Claim, Level, Replay, Tuning,
};
use gridlock_search::Limits;
use std::path::PathBuf;

fn levels() -> Vec<Level> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/sokoban/boxoban-hard-000-first300.txt");
    let mut levels = parse_collection(&std::fs::read_to_string(path).unwrap()).unwrap();
    levels.truncate(60);
    levels
}

/// Many small rounds.
fn tuning(share: bool) -> Tuning {
    Tuning {
        first_cap: 50,
        share,
        ..Tuning::default()
    }
}

/// The solution's steps and the work counts, on a pool of `threads` threads.
fn run(level: &Level, tuning: &Tuning, threads: usize) -> (String, u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let outcome = pool
        .install(|| solve_fast(level, &Limits::states(2_000_000), tuning))
        .expect("within the state budget");
    let s = outcome.solution.expect("Boxoban levels are solvable");
    let Claim::Steps(letters) = parse_solution(&s.lurd()).unwrap() else {
        panic!("steps expected")
    };
    assert_eq!(
        replay(level, &letters),
        Replay::Solved {
            moves: s.moves,
            pushes: s.pushes
        }
    );
    (s.lurd(), outcome.stats.expanded, outcome.stats.generated)
}

#[test]
fn shared_patterns_give_the_same_answer_on_any_thread_count() {
    let (mut differ, mut shared_work, mut own_work) = (0, 0, 0);
    for (i, level) in levels().iter().enumerate() {
        let one = run(level, &tuning(true), 1);
        let two = run(level, &tuning(true), 2);
        assert_eq!(
            one,
            two,
            "level {}: the thread count changed the answer",
            i + 1
        );
        let alone = run(level, &tuning(false), 2);
        differ += (alone.1 != one.1) as usize;
        shared_work += one.1;
        own_work += alone.1;
    }
    println!("{differ} levels differ; expanded {shared_work} shared, {own_work} not");
    assert!(differ > 0, "sharing the patterns changed nothing");
}
