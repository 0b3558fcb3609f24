//! Sokoban answers against an independent brute force: on random small levels (solvable
//! ones made by pulling boxes away from the goals, and plain random ones, often
//! unsolvable), both objectives give exactly the optimum of a plain Dijkstra over full
//! states, `--fast` answers exactly the solvable ones, and every answer replays under the
//! tests' own rules with the counts reported.

mod sokoban_support;

use gridlock_puzzles::sokoban::goal_room::GoalRooms;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::{parse_level, solve, Objective, SolveOptions};
use gridlock_search::Limits;
use proptest::prelude::*;
use sokoban_support::{brute_force, random_level, tunnel_level, Grid};

/// The library's answer as `(moves, pushes)`, checked by replaying it with the tests' rules.
fn library(text: &str, objective: Objective) -> Option<(u32, u32)> {
    let level = parse_level(text, None).expect("generated levels are valid");
    let options = SolveOptions {
        objective,
        fast: false,
        limits: Limits::none(),
    };
    let outcome = solve(&level, &options).expect("no limits");
    assert!(outcome.optimal);
    let s = outcome.solution?;
    let replayed = Grid::read(text).replay(&s.lurd());
    assert_eq!(replayed, Some((s.moves, s.pushes)), "{text}{}", s.lurd());
    Some((s.moves, s.pushes))
}

/// `--fast`: a valid answer exactly when one exists (it searches the same graph, only in
/// another order), not claimed optimal.
fn fast(text: &str) -> Option<(u32, u32)> {
    let level = parse_level(text, None).expect("generated levels are valid");
    let options = SolveOptions {
        fast: true,
        ..SolveOptions::default()
    };
    let outcome = solve(&level, &options).expect("no limits");
    assert_eq!(outcome.optimal, outcome.solution.is_none());
    let s = outcome.solution?;
    assert_eq!(
        Grid::read(text).replay(&s.lurd()),
        Some((s.moves, s.pushes))
    );
    Some((s.moves, s.pushes))
}

fn check(text: &str) {
    let grid = Grid::read(text);
    let quick = fast(text);
    for (objective, pushes_first) in [(Objective::Pushes, true), (Objective::Moves, false)] {
        assert_eq!(
            library(text, objective),
            brute_force(&grid, pushes_first),
            "objective {objective:?} on\n{text}"
        );
    }
    let optimum = brute_force(&grid, true);
    assert_eq!(quick.is_some(), optimum.is_some(), "{text}");
    if let (Some(q), Some(o)) = (quick, optimum) {
        assert!(
            q.1 >= o.1,
            "fast found fewer pushes than the optimum: {text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solvable_levels_match_brute_force(seed in any::<u64>(), boxes in 1usize..=3) {
        let text = random_level(seed, boxes, true);
        prop_assert!(brute_force(&Grid::read(&text), true).is_some(), "pulled levels are solvable");
        check(&text);
    }

    #[test]
    fn random_levels_match_brute_force(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, false));
    }
}

#[test]
fn hand_made_levels_match_brute_force() {
    for text in [
        "#####\n#@$.#\n#####\n",            // one push
        "#####\n#@*.#\n#####\n", // unsolvable: two goals? no: one box on goal, one goal free
        "######\n#.$@ #\n#  $.#\n######\n", // two boxes
        "#######\n#.  # #\n#.$ $ #\n#.$@  #\n#  #  #\n#######\n",
        "#####\n#+$ #\n#####\n", // the box must go left: impossible
        "######\n#@ *.#\n#  $ #\n######\n",
    ] {
        if parse_level(text, None).is_ok() {
            check(text);
        }
    }
}

/// Levels whose goals lie behind a corridor (goal rooms with one entrance, where `--fast`
/// routes boxes by the packing order): `--fast` still answers exactly the solvable ones, with
/// valid answers, and the rooms are really there (so the macros are exercised).
#[test]
fn fast_with_goal_rooms_answers_exactly_the_solvable_levels() {
    let mut with_room = 0;
    for seed in 0..240u64 {
        let text = tunnel_level(seed, 1 + seed as usize % 3, seed % 4 != 0);
        let level = parse_level(&text, None).expect("generated levels are valid");
        let maze = Maze::new(&level);
        if let Some(boxes) = maze.boxes_of::<1>(&level.start) {
            let player = maze.index[level.start.player];
            with_room += GoalRooms::new::<1>(&maze, &boxes, player, true).is_some() as u32;
        }
        let optimum = brute_force(&Grid::read(&text), true);
        let quick = fast(&text);
        assert_eq!(quick.is_some(), optimum.is_some(), "{text}");
        if let (Some(q), Some(o)) = (quick, optimum) {
            assert!(
                q.1 >= o.1,
                "fast found fewer pushes than the optimum: {text}"
            );
        }
    }
    assert!(with_room >= 30, "only {with_room} levels with a goal room");
}
