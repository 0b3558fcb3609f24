//! Korf's 100 random 15-puzzles (tests/fixtures/n_puzzle/korf100.txt): gridlock's lengths
//! against the published optima, and the table cache's refusal of damaged files.
//!
//! CI solves a fast subset with the 6-6-3 tables (built in a temporary cache in a few
//! seconds); the whole set with the 7-8 tables is `#[ignore]`d (the 8-tile table takes
//! minutes to build the first time): `cargo test --release -p gridlock-puzzles --test
//! n_puzzle_korf -- --ignored` (uses `$GRIDLOCK_CACHE` or the user cache directory).

use gridlock_puzzles::n_puzzle::cache::{self, Event};
use gridlock_puzzles::n_puzzle::{parse_batch_line, Board, Pattern, Shape, Solver};
use gridlock_puzzles::n_puzzle::{prepare, Choice};
use gridlock_search::Limits;
use std::path::Path;
use std::sync::Mutex;

/// (id, optimal length, board) of every instance.
fn korf() -> Vec<(u32, u32, Board)> {
    let text = include_str!("../../../tests/fixtures/n_puzzle/korf100.txt");
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let words: Vec<u32> = line
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            let board = parse_batch_line(line, i + 1, None).unwrap().unwrap();
            (words[0], words[1], board)
        })
        .collect()
}

fn shape() -> Shape {
    Shape::new(4, 4).unwrap()
}

fn solver(dir: &Path, pattern: &str) -> Solver {
    let goal = Board::blank_first(shape());
    let choice = Choice::Pdb(Some(Pattern::parse(pattern, shape()).unwrap()));
    let (h, _) = prepare(&goal, &choice, Some(dir), &Limits::none(), &|_| {}).unwrap();
    Solver::new(goal, h)
}

fn replay(start: &Board, tiles: &[u8]) -> Board {
    let mut b = start.clone();
    for &t in tiles {
        let blank = b.blank();
        let (dir, _) = b
            .shape
            .neighbours(blank)
            .find(|&(_, c)| b.tiles[c] == t)
            .expect("each tile is next to the blank");
        b.slide(dir);
    }
    b
}

/// The twelve instances that 6-6-3 (mirrored) solves fastest: 3,000 to 13,000 nodes each
/// (measured; all 100 take 97 M nodes).
const FAST: [u32; 12] = [9, 12, 19, 31, 42, 47, 55, 57, 71, 93, 94, 97];

#[test]
fn fixture_is_korfs_set() {
    let all = korf();
    assert_eq!(all.len(), 100);
    assert_eq!(all.iter().map(|k| k.1).sum::<u32>(), 5305);
    let goal = Board::blank_first(shape());
    assert!(all.iter().all(|(_, _, b)| b.can_reach(&goal)));
}

#[test]
fn a_fast_subset_is_solved_optimally_with_6_6_3() {
    let dir = tempfile::tempdir().unwrap();
    let solver = solver(dir.path(), "6-6-3");
    for (id, optimal, board) in korf().into_iter().filter(|k| FAST.contains(&k.0)) {
        let (s, stats) = solver.solve(&board, &Limits::states(1_000_000)).unwrap();
        let s = s.unwrap();
        assert_eq!(s.tiles.len() as u32, optimal, "instance {id} ({stats})");
        assert_eq!(replay(&board, &s.tiles), *solver.goal());
        assert!(solver.estimate(&board) <= optimal);
    }
}

#[test]
#[ignore = "builds the 7-8 tables on first use (minutes); run with --ignored"]
fn all_of_korf_100_with_7_8() {
    let dir = cache::cache_dir().expect("a cache directory");
    let solver = solver(&dir, "7-8");
    let mut sum = 0;
    for (id, optimal, board) in korf() {
        let (s, _) = solver.solve(&board, &Limits::none()).unwrap();
        let s = s.unwrap();
        assert_eq!(s.tiles.len() as u32, optimal, "instance {id}");
        assert_eq!(replay(&board, &s.tiles), *solver.goal());
        sum += s.tiles.len();
    }
    assert_eq!(sum, 5305);
}

#[test]
fn truncated_or_damaged_tables_are_rebuilt_not_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let shape = Shape::new(3, 3).unwrap();
    let pattern = Pattern::parse("4-4", shape).unwrap();
    let events = Mutex::new(Vec::new());
    let record = |e: Event| events.lock().unwrap().push(e);
    let get = || {
        cache::tables(
            Some(dir.path()),
            shape,
            8,
            &pattern,
            &Limits::none(),
            &record,
        )
    };
    let first = get().unwrap();
    let files: Vec<_> = pattern
        .groups(shape, 8)
        .iter()
        .map(|labels| cache::file(dir.path(), shape, 8, labels))
        .collect();
    assert!(files.iter().all(|f| f.exists()));
    assert!(cache::is_cached(dir.path(), shape, 8, &pattern));
    let built = |events: &[Event]| {
        events
            .iter()
            .filter(|e| matches!(e, Event::Built { .. }))
            .count()
    };
    assert_eq!(built(&events.lock().unwrap()), 2);
    events.lock().unwrap().clear();
    // a second call loads both
    assert_eq!(get().unwrap(), first);
    assert_eq!(built(&events.lock().unwrap()), 0);
    // truncate one file, flip a byte of the other: both are rebuilt, and equal
    let bytes = std::fs::read(&files[0]).unwrap();
    std::fs::write(&files[0], &bytes[..bytes.len() / 2]).unwrap();
    let mut other = std::fs::read(&files[1]).unwrap();
    let last = other.len() - 1;
    other[last] ^= 0x10;
    std::fs::write(&files[1], &other).unwrap();
    assert!(!cache::is_cached(dir.path(), shape, 8, &pattern));
    events.lock().unwrap().clear();
    assert_eq!(get().unwrap(), first);
    let log = events.lock().unwrap();
    let rejected: Vec<&String> = log
        .iter()
        .filter_map(|e| match e {
            Event::Rejected { why } => Some(why),
            _ => None,
        })
        .collect();
    assert_eq!(rejected.len(), 2, "{log:?}");
    assert!(rejected[0].contains("truncated"), "{}", rejected[0]);
    assert!(rejected[1].contains("checksum"), "{}", rejected[1]);
    assert_eq!(built(&log), 2);
    drop(log);
    // a file of another table under this one's name is rejected by its key
    std::fs::copy(&files[1], &files[0]).unwrap();
    events.lock().unwrap().clear();
    assert_eq!(get().unwrap(), first);
    assert!(events
        .lock()
        .unwrap()
        .iter()
        .any(|e| matches!(e, Event::Rejected { why } if why.contains("expected"))));
    // and the rebuilt files are whole again
    assert!(cache::is_cached(dir.path(), shape, 8, &pattern));
}
