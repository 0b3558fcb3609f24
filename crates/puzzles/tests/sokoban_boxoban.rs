//! Sokoban on DeepMind's Boxoban levels (Apache-2.0, attributed in
//! `tests/fixtures/sokoban/README.md`):
//! - the committed fixture (the first 300 hard levels): both objectives give the recorded
//!   optima, and every answer replays under the tests' own rules with those counts; the
//!   library's verifier accepts every answer and names the step of a wrongly-cased push or
//!   of a missing last step;
//! - three of them, and with `--ignored` every fifth (60), against the tests' brute force (a
//!   plain Dijkstra over full states) in both objectives;
//! - with `--ignored` and `../shared/data` present: all 3,332 hard levels and the 1,000
//!   unfiltered test levels solved push-optimal, each answer replayed.

mod sokoban_support;

use gridlock_puzzles::sokoban::{
    parse_collection, parse_solution, replay, solve, Claim, Level, Objective, Replay, SolveOptions,
};
use gridlock_search::Limits;
use rayon::prelude::*;
use sokoban_support::{brute_force, Grid};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture() -> (Vec<Level>, Vec<String>) {
    let dir = root().join("tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    let levels = parse_collection(&text).unwrap();
    // the independent reading of each level: its own rows, as the file has them
    let blocks = text
        .split("\n\n")
        .filter(|b| b.contains('#'))
        .map(str::to_string)
        .collect();
    (levels, blocks)
}

/// Recorded `(pushes, moves)` of the push optimum and `(moves, pushes)` of the move
/// optimum, by id.
fn recorded() -> Vec<((u32, u32), (u32, u32))> {
    let text = std::fs::read_to_string(
        root().join("tests/fixtures/sokoban/boxoban-hard-000-first300-optimal.txt"),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .enumerate()
        .map(|(i, l)| {
            let n: Vec<u32> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            assert_eq!(n[0] as usize, i + 1);
            ((n[1], n[2]), (n[3], n[4]))
        })
        .collect()
}

/// `(moves, pushes)` of the library's answer, replayed by the tests' rules.
fn answer(level: &Level, block: &str, objective: Objective) -> (u32, u32) {
    let options = SolveOptions {
        objective,
        fast: false,
        limits: Limits::none(),
    };
    let s = solve(level, &options)
        .unwrap()
        .solution
        .expect("Boxoban levels are solvable");
    let lurd = s.lurd();
    assert_eq!(Grid::read(block).replay(&lurd), Some((s.moves, s.pushes)));
    library_verifier_agrees(level, &lurd, s.moves, s.pushes);
    (s.moves, s.pushes)
}

/// The library's verifier accepts `lurd` with its counts, and names the step where a copy
/// with its first push in lower case, or without its last step, fails.
fn library_verifier_agrees(level: &Level, lurd: &str, moves: u32, pushes: u32) {
    let steps = |text: &str| match parse_solution(text).unwrap() {
        Claim::Steps(letters) => letters,
        Claim::Unsolvable => panic!("steps expected"),
    };
    assert_eq!(
        replay(level, &steps(lurd)),
        Replay::Solved { moves, pushes }
    );
    let push = lurd.find(|c: char| c.is_ascii_uppercase()).unwrap();
    if lurd.contains(|c: char| c.is_ascii_lowercase()) {
        let mut cased = lurd.to_string();
        cased.replace_range(push..=push, &lurd[push..=push].to_ascii_lowercase());
        assert!(
            matches!(replay(level, &steps(&cased)), Replay::Invalid { step, .. } if step == push + 1),
            "{cased}"
        );
    }
    // the last step is a push onto the last goal: without it a box is left off its goal
    let dropped = &lurd[..lurd.len() - 1];
    assert!(
        matches!(replay(level, &steps(dropped)), Replay::Invalid { step, .. } if step == lurd.len()),
        "{dropped}"
    );
}

#[test]
fn fixture_levels_give_the_recorded_optima() {
    let (levels, blocks) = fixture();
    let record = recorded();
    assert_eq!((levels.len(), blocks.len(), record.len()), (300, 300, 300));
    levels
        .par_iter()
        .zip(&blocks)
        .zip(&record)
        .for_each(|((level, block), want)| {
            let (m, p) = answer(level, block, Objective::Pushes);
            assert_eq!((p, m), want.0, "level {:?}", level.name);
            assert_eq!(
                answer(level, block, Objective::Moves),
                want.1,
                "level {:?}",
                level.name
            );
        });
}

/// The brute force's answers on fixture level `i` (0-based) in both objectives, against the
/// library's.
fn cross_check(levels: &[Level], blocks: &[String], i: usize) {
    let grid = Grid::read(&blocks[i]);
    let p = brute_force(&grid, true).expect("solvable");
    assert_eq!(
        answer(&levels[i], &blocks[i], Objective::Pushes),
        p,
        "level {i}"
    );
    let m = brute_force(&grid, false).expect("solvable");
    assert_eq!(
        answer(&levels[i], &blocks[i], Objective::Moves),
        m,
        "level {i}"
    );
}

#[test]
fn a_few_fixture_levels_match_the_brute_force() {
    let (levels, blocks) = fixture();
    for i in [4, 27, 150] {
        cross_check(&levels, &blocks, i);
    }
}

#[test]
#[ignore = "minutes: every fifth fixture level (60) through the brute force, both objectives"]
fn a_sample_of_fixture_levels_matches_the_brute_force() {
    let (levels, blocks) = fixture();
    (0..levels.len())
        .into_par_iter()
        .filter(|i| i % 5 == 0)
        .for_each(|i| cross_check(&levels, &blocks, i));
}

#[test]
#[ignore = "needs ../shared/data/boxoban; all 4,332 levels, about ten seconds"]
fn boxoban_hard_and_unfiltered_test_sets_solve_push_optimal() {
    // `../shared/data` next to the repository (or to the worktree's parent)
    let data = root()
        .canonicalize()
        .unwrap()
        .ancestors()
        .map(|a| a.join("shared/data/boxoban"))
        .find(|d| d.is_dir())
        .expect("../shared/data/boxoban");
    let mut files: Vec<PathBuf> = [
        "hard/000.txt",
        "hard/001.txt",
        "hard/002.txt",
        "hard/003.txt",
    ]
    .iter()
    .map(|f| data.join(f))
    .collect();
    files.push(data.join("unfiltered-test/000.txt"));
    let mut count = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("../shared/data/boxoban");
        let levels = parse_collection(&text).unwrap();
        let blocks: Vec<&str> = text.split("\n\n").filter(|b| b.contains('#')).collect();
        assert_eq!(levels.len(), blocks.len());
        count += levels.len();
        levels.par_iter().zip(&blocks).for_each(|(level, block)| {
            answer(level, block, Objective::Pushes);
        });
    }
    assert_eq!(count, 3332 + 1000);
}
