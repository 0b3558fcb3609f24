//! The solver's pruning rules and bounds, checked on every reachable state of small levels
//! against exact remaining costs computed by the tests' own backward search:
//! - a box on a dead cell, a frozen box off its goal, or a bound that finds no assignment
//!   happens only in states that cannot be solved (no rule removes a solution);
//! - the pushes bound never exceeds the fewest pushes left, and the moves bound never
//!   exceeds the fewest moves left.

mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::bound::Bound;
use gridlock_puzzles::sokoban::deadlock::frozen_off_goal;
use gridlock_puzzles::sokoban::graph::Node;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::parse_level;
use sokoban_support::{random_level, remaining, Grid, State};

/// The library's compact form of a test state, or `None` when a box is on a dead cell.
fn compact(maze: &Maze, (player, boxes): State) -> Option<Node<1>> {
    let mut bits = Bits::<1>::EMPTY;
    for cell in (0..128).filter(|c| boxes >> c & 1 == 1) {
        let i = maze.index[cell] as usize;
        if i >= maze.live {
            return None;
        }
        bits.insert(i);
    }
    Some(Node::new(maze, bits, maze.index[player]))
}

/// Counts of what was checked, so the test can assert it checked something.
#[derive(Default, Debug)]
struct Tally {
    states: usize,
    dead_cell: usize,
    frozen: usize,
    no_assignment: usize,
    tight: usize,
}

fn check_level(text: &str, tally: &mut Tally) {
    let grid = Grid::read(text);
    let level = parse_level(text, None).unwrap();
    let maze = Maze::new(&level);
    let mut bound = Bound::new(&maze);
    let pushes_left = remaining(&grid, true);
    let moves_left = remaining(&grid, false);
    for s in grid.reachable() {
        tally.states += 1;
        let solvable = pushes_left.contains_key(&s);
        let Some(node) = compact(&maze, s) else {
            tally.dead_cell += 1;
            assert!(
                !solvable,
                "a box on a dead cell in a solvable state {s:?}\n{text}"
            );
            continue;
        };
        for b in node.boxes.iter() {
            if frozen_off_goal(&maze, &node.boxes, b as u16) {
                tally.frozen += 1;
                assert!(
                    !solvable,
                    "frozen box {b} in a solvable state {s:?}\n{text}"
                );
            }
        }
        match bound.pushes(&node.boxes) {
            None => {
                tally.no_assignment += 1;
                assert!(!solvable, "no assignment in a solvable state {s:?}\n{text}");
            }
            Some(h) if solvable => {
                let exact = pushes_left[&s];
                assert!(h <= exact, "pushes bound {h} > {exact} at {s:?}\n{text}");
                // every push is a move: the same number bounds the moves left
                let exact_m = moves_left[&s];
                assert!(h <= exact_m, "moves bound {h} > {exact_m} at {s:?}\n{text}");
                tally.tight += (h == exact) as usize;
                if let Some(n) = bound.nearest_goal(&node.boxes) {
                    assert!(n <= h, "the assignment is at least the nearest-goal sum");
                }
            }
            Some(_) => {}
        }
    }
}

#[test]
fn rules_never_remove_a_solution_and_bounds_are_admissible() {
    let mut tally = Tally::default();
    for seed in 0..150u64 {
        let boxes = 1 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), &mut tally);
        check_level(&random_level(seed, boxes, false), &mut tally);
    }
    for text in [
        "#######\n# $$..#\n#     #\n#  @  #\n#######\n",
        "########\n#      #\n# $$   #\n# $$   #\n# .... #\n#  @   #\n########\n",
        "#######\n#.   .#\n# $ $ #\n#  @  #\n#######\n",
        // more than 64 floor cells, at most 64 live: dead cells numbered beyond one word
        // (a freeze test once read them from the box set, found by fuzzing)
        "##############\n#            #\n#            #\n#    $  $    #\n#    .  .    #\n#            #\n#     @      #\n#            #\n##############\n",
    ] {
        check_level(text, &mut tally);
    }
    println!("{tally:?}");
    // the rules and bounds must actually have fired for this test to mean anything
    assert!(tally.states > 100_000, "{tally:?}");
    assert!(
        tally.dead_cell > 1000 && tally.frozen > 100 && tally.no_assignment > 10,
        "{tally:?}"
    );
    assert!(tally.tight > 1000, "{tally:?}");
}

/// A request names an objective as the command line and the JSON do ([`Objective::name`]);
/// any other word is refused.
#[test]
fn an_objective_is_read_by_its_name() {
    use gridlock_puzzles::sokoban::Objective;
    for o in [Objective::Pushes, Objective::Moves] {
        let read: Objective = serde_json::from_str(&format!("\"{}\"", o.name())).unwrap();
        assert_eq!(read, o);
    }
    assert!(serde_json::from_str::<Objective>("\"cycles\"").is_err());
}
