//! `--fast` on DeepMind's Boxoban levels (the committed fixture, Apache-2.0, attributed in
//! `tests/fixtures/sokoban/README.md`): every level solved within a fixed state budget (no
//! clock), every answer accepted by the library's verifier and by the tests' own replay with
//! the counts reported, never fewer pushes than the recorded optimum, reported not optimal.
//! (Random small levels: `sokoban_brute.rs` checks every `--fast` answer there, and that it
//! answers exactly the solvable ones.)

mod sokoban_support;

use gridlock_puzzles::sokoban::{
    parse_collection, parse_solution, replay, solve, Claim, Replay, SolveOptions,
};
use gridlock_search::Limits;
use rayon::prelude::*;
use sokoban_support::Grid;
use std::path::PathBuf;

fn fixture(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn fast_answers_on_the_boxoban_fixture_are_valid_and_no_shorter_than_the_optimum() {
    let text = fixture("boxoban-hard-000-first300.txt");
    let levels = parse_collection(&text).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").filter(|b| b.contains('#')).collect();
    let optimum: Vec<u32> = fixture("boxoban-hard-000-first300-optimal.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!((levels.len(), blocks.len(), optimum.len()), (300, 300, 300));
    let options = SolveOptions {
        fast: true,
        limits: Limits::states(2_000_000),
        ..SolveOptions::default()
    };
    let pushes: Vec<u32> = levels
        .par_iter()
        .zip(&blocks)
        .map(|(level, block)| {
            let outcome = solve(level, &options).expect("within the state budget");
            assert!(!outcome.optimal, "--fast answers are not claimed optimal");
            let s = outcome.solution.expect("Boxoban levels are solvable");
            let Claim::Steps(letters) = parse_solution(&s.lurd()).unwrap() else {
                panic!("steps expected")
            };
            let counts = (s.moves, s.pushes);
            assert_eq!(
                replay(level, &letters),
                Replay::Solved {
                    moves: counts.0,
                    pushes: counts.1
                }
            );
            assert_eq!(Grid::read(block).replay(&s.lurd()), Some(counts));
            s.pushes
        })
        .collect();
    for (i, (&p, &o)) in pushes.iter().zip(&optimum).enumerate() {
        assert!(p >= o, "level {}: {p} pushes, optimum {o}", i + 1);
    }
    let (sum, best): (u32, u32) = (pushes.iter().sum(), optimum.iter().sum());
    println!("fast {sum} pushes against the optimal {best}");
}
