//! Corral-deadlock detection never calls a solvable position lost: on every reachable
//! position of many small levels (boxes on live cells only: the detector is never asked
//! about the others), each position the library declares lost is unsolvable by the tests'
//! own backward search over full states. One detector serves every position of a level, so
//! the patterns learned under one position are also checked under all the others.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::corral_deadlock::{CorralDeadlocks, Counts, CAP};
use gridlock_puzzles::sokoban::graph::Node;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::parse_level;
use sokoban_nodes::{live_nodes, read};
use sokoban_support::{random_level, remaining, tunnel_level};

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    unsolvable: usize,
    pruned: usize,
    /// Positions the inherited patterns alone declared lost.
    inherited: usize,
    counts: Counts,
}

/// The node of a reachable position, `None` when a box stands on a dead cell.
fn check_level(text: &str, cap: usize, tally: &mut Tally) {
    let (grid, maze) = read(text);
    let mut detector = CorralDeadlocks::<2>::new(&maze, cap);
    let solvable = remaining(&grid, true);
    let nodes = live_nodes(&grid, &maze);
    for &((player, boxes), node) in &nodes {
        tally.positions += 1;
        let lost = !solvable.contains_key(&(player, boxes));
        tally.unsolvable += lost as usize;
        if detector.dead(&node) {
            tally.pruned += 1;
            assert!(
                lost,
                "a solvable position declared lost: player {player}, boxes {boxes:#x}\n{text}"
            );
        }
    }
    // a second detector that starts from the first one's patterns (as `--fast` hands them
    // from round to round) must not declare a solvable position lost either
    let learned = detector.patterns().clone();
    let mut heir = CorralDeadlocks::<2>::inheriting(&maze, cap, &learned);
    for &((player, boxes), node) in &nodes {
        if heir.known(&node) {
            tally.inherited += 1;
            assert!(
                !solvable.contains_key(&(player, boxes)),
                "an inherited pattern declared a solvable position lost: player {player}\n{text}"
            );
        }
    }
    let c = detector.counts;
    tally.counts.checked += c.checked;
    tally.counts.by_pattern += c.by_pattern;
    tally.counts.searches += c.searches;
    tally.counts.proved += c.proved;
    tally.counts.stored += c.stored;
}

#[test]
fn corral_deadlocks_are_unsolvable() {
    let mut tally = Tally::default();
    for seed in 0..200u64 {
        let boxes = 2 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), CAP, &mut tally);
        check_level(&random_level(seed, boxes, false), CAP, &mut tally);
        // goal rooms behind a corridor (the generator fits at most three boxes)
        check_level(&tunnel_level(seed, 1 + boxes % 3, true), CAP, &mut tally);
    }
    println!("{tally:?}");
    // the rule must have fired, by search and by pattern, for this test to mean anything
    let c = tally.counts;
    assert!(
        tally.pruned > 1000 && c.proved > 300 && c.by_pattern > 300 && tally.inherited > 1000,
        "{tally:?}"
    );
}

#[test]
fn a_tiny_cap_proves_less_but_nothing_false() {
    let (mut small, mut full) = (Tally::default(), Tally::default());
    for seed in 0..60u64 {
        let text = random_level(seed, 3, false);
        check_level(&text, 3, &mut small);
        check_level(&text, CAP, &mut full);
    }
    println!("{small:?}\n{full:?}");
    assert!(small.pruned < full.pruned, "{small:?} {full:?}");
}

/// Positions by hand: what the detector says about each.
fn verdict(text: &str) -> bool {
    let level = parse_level(text, None).unwrap();
    let maze = Maze::new(&level);
    let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
    let node = Node::new(&maze, boxes, maze.index[level.start.player]);
    CorralDeadlocks::new(&maze, CAP).dead(&node)
}

#[test]
fn a_jammed_goal_room_is_lost_and_an_open_one_is_not() {
    // the box on the room's entrance goal can move neither up into the room (a wall below
    // it) nor sideways: the goal behind it can never be filled. Lost, though the freeze
    // rule passes it (the frozen box is on a goal)
    let jammed = "#######\n#.#####\n#*   @#\n## $  #\n#     #\n#######";
    assert!(verdict(jammed));
    // with floor below the entrance box, it can be pushed in and the other box follow
    let open = "#######\n#.#####\n#*   @#\n#  $  #\n#     #\n#######";
    assert!(!verdict(open));
}
