//! `--fast`'s bound with boxes frozen on goals as walls ([`FrozenGoals`]) never calls a
//! solvable position lost and never overestimates: on every reachable position of many
//! small levels it is checked against the exact pushes left, found by the tests' own
//! backward search over full states. It must also prune where the plain bound does not, or
//! the check means nothing.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::bound::Bound;
use gridlock_puzzles::sokoban::frozen_goals::FrozenGoals;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::parse_level;
use sokoban_nodes::{live_nodes, read};
use sokoban_support::{random_level, remaining, tunnel_level};

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    /// Lost by the frozen bound, not by the plain one.
    lost: usize,
    /// Above the plain bound.
    sharper: usize,
}

fn check_level(text: &str, tally: &mut Tally) {
    let (grid, maze) = read(text);
    let (mut frozen, mut plain) = (FrozenGoals::<2>::new(&maze), Bound::new(&maze));
    let exact = remaining(&grid, true);
    for (state, node) in live_nodes(&grid, &maze) {
        let (bits, cells) = (node.boxes, state.1);
        tally.positions += 1;
        let left = exact.get(&state).copied();
        let (sharp, base) = (frozen.pushes(&bits), plain.pushes(&bits));
        match (sharp, left) {
            (None, Some(l)) => {
                panic!("a solvable position ({l} pushes) declared lost: {cells:#x}\n{text}")
            }
            (Some(h), Some(l)) => assert!(
                h <= l,
                "bound {h} above the {l} pushes left: {cells:#x}\n{text}"
            ),
            _ => {}
        }
        match (sharp, base) {
            (None, Some(_)) => tally.lost += 1,
            (Some(h), Some(b)) => {
                assert!(h >= b, "below the plain bound: {cells:#x}\n{text}");
                tally.sharper += (h > b) as usize;
            }
            (Some(_), None) => panic!("the plain bound found a loss the frozen one missed"),
            (None, None) => {}
        }
    }
}

#[test]
fn the_frozen_goals_bound_is_admissible_and_sharper() {
    let mut tally = Tally::default();
    for seed in 0..200u64 {
        let boxes = 2 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), &mut tally);
        check_level(&random_level(seed, boxes, false), &mut tally);
        check_level(&tunnel_level(seed, 1 + boxes % 3, true), &mut tally);
    }
    println!("{tally:?}");
    assert!(tally.lost > 100 && tally.sharper > 100, "{tally:?}");
}

/// The bound of a level's start position.
fn start_bound(text: &str) -> Option<u32> {
    let level = parse_level(text, None).unwrap();
    let maze = Maze::new(&level);
    let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
    FrozenGoals::new(&maze).pushes(&boxes)
}

#[test]
fn a_box_frozen_where_the_pusher_must_stand_seals_the_corridor() {
    // the goal corridor is filled by pushing up from its mouth (3, 1) with the player on
    // (4, 1); a box frozen on the goal there (walls left and below) seals the two goals
    // above for good, which the plain bound does not see
    let sealed = "#######\n#.#####\n#.#####\n#.    #\n#*$$$ #\n##   @#\n#######";
    // the same corridor with nothing on (4, 1) yet
    let open = "#######\n#.#####\n#.#####\n#. $  #\n#.$$$ #\n##   @#\n#######";
    assert_eq!(start_bound(sealed), None);
    assert!(start_bound(open).is_some());
    let level = parse_level(sealed, None).unwrap();
    let maze = Maze::new(&level);
    let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
    assert!(
        Bound::new(&maze).pushes(&boxes).is_some(),
        "the plain bound misses it"
    );
}
