//! The feature-space search with its move advisors ([`Tuning::fess`]) alone: on random
//! small levels, open and built round tunnels, it answers exactly the solvable ones
//! (against the tests' own brute force; its packing macros and advised moves must neither
//! lose a solution nor make an invalid one), and every answer, there and on the Boxoban
//! fixture, replays under the tests' own rules with the counts reported and never beats
//! the optimum. Each search is bounded by a state count, never by the clock.

mod sokoban_support;

use gridlock_puzzles::sokoban::{parse_collection, parse_level, solve_fast, Level, Tuning};
use gridlock_search::Limits;
use proptest::prelude::*;
use sokoban_support::{brute_force, random_level, tunnel_level, Grid};
use std::path::PathBuf;

/// The feature-space search with no weighted search beside it.
fn alone() -> Tuning {
    Tuning {
        weights: Vec::new(),
        fess: true,
        bidirectional: None,
        backward: None,
        ..Tuning::default()
    }
}

/// Its answer as `(moves, pushes)`, replayed by the tests' rules on `text`.
fn answer(level: &Level, text: &str, limits: &Limits) -> Option<(u32, u32)> {
    let outcome = solve_fast(level, limits, &alone()).expect("within the budget");
    assert_eq!(outcome.optimal, outcome.solution.is_none());
    let s = outcome.solution?;
    let counts = (s.moves, s.pushes);
    assert_eq!(Grid::read(text).replay(&s.lurd()), Some(counts), "{text}");
    Some(counts)
}

fn check(text: &str) {
    let level = parse_level(text, None).expect("generated levels are valid");
    let found = answer(&level, text, &Limits::states(1_000_000));
    let optimum = brute_force(&Grid::read(text), true);
    assert_eq!(found.is_some(), optimum.is_some(), "{text}");
    if let (Some(f), Some(o)) = (found, optimum) {
        assert!(f.1 >= o.1, "fewer pushes than the optimum: {text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn solvable_levels_are_solved(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, true));
    }

    #[test]
    fn random_levels_answered_exactly_when_solvable(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, false));
    }

    #[test]
    fn tunnel_levels_answered_exactly_when_solvable(
        seed in any::<u64>(),
        boxes in 1usize..=3,
        pulled in any::<bool>(),
    ) {
        check(&tunnel_level(seed, boxes, pulled));
    }
}

#[test]
fn boxoban_fixture_answers_replay() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    let levels = parse_collection(&text).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").filter(|b| b.contains('#')).collect();
    for (level, block) in levels.iter().zip(&blocks).take(60) {
        assert!(answer(level, block, &Limits::states(2_000_000)).is_some());
    }
}
