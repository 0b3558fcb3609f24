//! One IDA* tree on several threads (the engine's `ida_star_split`, which `Solver::solve`
//! uses): the same move list as on one thread, the published optimum on Korf's instances,
//! and a stop by the clock that ends every worker.

use gridlock_puzzles::n_puzzle::manhattan::Manhattan;
use gridlock_puzzles::n_puzzle::solve::Heuristic;
use gridlock_puzzles::n_puzzle::{parse_batch_line, Board, Shape, Solver};
use gridlock_search::{Limits, StopReason, SPLIT_ABOVE};
use std::time::Duration;

fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
        .install(f)
}

fn manhattan(shape: Shape) -> Solver {
    let goal = Board::blank_first(shape);
    Solver::new(goal, Heuristic::Manhattan(Manhattan::new(shape, 0)))
}

/// The same tiles on 1, 2 and 3 threads; returns the length and the nodes of the serial
/// search.
fn same_on_any_threads(solver: &Solver, board: &Board) -> (usize, u64) {
    let (one, stats) = on_threads(1, || solver.solve(board, &Limits::none())).unwrap();
    let one = one.unwrap();
    for threads in [2, 3] {
        let (many, _) = on_threads(threads, || solver.solve(board, &Limits::none())).unwrap();
        assert_eq!(many.unwrap(), one, "{threads} threads on {:?}", board.tiles);
    }
    (one.tiles.len(), stats.expanded)
}

/// Korf's instances that Manhattan distance with linear conflicts solves in 1.7 to 2.4 M
/// expansions: iterations large enough for the search to split, small enough for CI.
const KORF: [u32; 4] = [2, 6, 38, 39];

#[test]
fn korf_instances_give_the_serial_answer_and_the_optimum() {
    let text = include_str!("../../../tests/fixtures/n_puzzle/korf100.txt");
    let solver = manhattan(Shape::new(4, 4).unwrap());
    let mut split = 0;
    for (i, line) in text.lines().enumerate() {
        let words: Vec<u32> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        if !KORF.contains(&words[0]) {
            continue;
        }
        let board = parse_batch_line(line, i + 1, None).unwrap().unwrap();
        let (length, nodes) = same_on_any_threads(&solver, &board);
        assert_eq!(length as u32, words[1], "instance {}", words[0]);
        split += (nodes > 4 * SPLIT_ABOVE) as usize;
    }
    assert_eq!(split, KORF.len(), "every search was big enough to split");
}

#[test]
fn random_5x5_scrambles_give_the_serial_answer() {
    let shape = Shape::new(5, 5).unwrap();
    let solver = manhattan(shape);
    let mut seed = 0x51_7cc1_b727_220au64;
    let mut split = 0;
    for case in 0..5 {
        let mut b = Board::blank_first(shape);
        let mut last = None;
        for _ in 0..56 + 6 * case {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let dirs: Vec<_> = shape
                .neighbours(b.blank())
                .map(|(d, _)| d)
                .filter(|d| Some(d.opposite()) != last)
                .collect();
            let d = dirs[(seed % dirs.len() as u64) as usize];
            b.slide(d);
            last = Some(d);
        }
        let (_, nodes) = same_on_any_threads(&solver, &b);
        split += (nodes > 4 * SPLIT_ABOVE) as usize;
    }
    assert!(split >= 1, "{split} searches were big enough to split");
}

/// A deadline that has passed (certain to fire: the search needs hours) stops every worker
/// of a split search on two threads: the call returns, with the time limit as the reason and
/// a proven lower bound between the heuristic's estimate and the optimum.
#[test]
fn a_timeout_stops_every_worker_with_the_proven_bound() {
    // Korf's instance 88 (65 moves): hours with Manhattan distance
    let hard = "88 65 15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";
    let board = parse_batch_line(hard, 1, None).unwrap().unwrap();
    let solver = manhattan(Shape::new(4, 4).unwrap());
    let limits = Limits::none().with_timeout(Duration::ZERO);
    let stopped = on_threads(2, || solver.solve(&board, &limits)).unwrap_err();
    assert_eq!(stopped.reason, StopReason::Timeout);
    let bound = stopped.lower_bound.expect("a proven lower bound");
    let bound = bound.0[0] as u32;
    assert!(
        bound <= 65 && bound >= solver.estimate(&board),
        "bound {bound}"
    );
}
