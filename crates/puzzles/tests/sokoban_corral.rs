//! PI-corral pruning keeps the fewest pushes: on every reachable, solvable position of small
//! levels where the library finds a corral, some push of a fence box (legal under the tests'
//! own step rule) leads to a position exactly one push nearer the goal, by the tests' own
//! backward search. By induction, a search that tries only the fence's pushes still finds
//! the fewest pushes from every position.

mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::corral::Corrals;
use gridlock_puzzles::sokoban::graph::{Node, Walk};
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::parse_level;
use sokoban_support::{random_level, remaining, Grid, State};

/// Cells the player reaches in `s` (the tests' own flood fill).
fn reach(g: &Grid, (player, boxes): State) -> u128 {
    let mut seen = 1u128 << player;
    let mut stack = vec![player];
    while let Some(c) = stack.pop() {
        for d in 0..4 {
            if let Some(n) = g.next(c, d) {
                if !g.wall[n] && boxes >> n & 1 == 0 && seen >> n & 1 == 0 {
                    seen |= 1 << n;
                    stack.push(n);
                }
            }
        }
    }
    seen
}

#[derive(Default, Debug)]
struct Tally {
    solvable: usize,
    corrals: usize,
    cut: usize,
}

fn check_level(text: &str, tally: &mut Tally) {
    let grid = Grid::read(text);
    let level = parse_level(text, None).unwrap();
    let maze = Maze::new(&level);
    let mut corrals = Corrals::new(&maze);
    let mut walk = Walk::new(maze.cells.len());
    let left = remaining(&grid, true);
    for (&s, &n) in &left {
        tally.solvable += 1;
        if n == 0 {
            continue;
        }
        // solvable: no box on a dead cell
        let mut bits = Bits::<1>::EMPTY;
        for cell in (0..128).filter(|c| s.1 >> c & 1 == 1) {
            bits.insert(maze.index[cell] as usize);
        }
        let node = Node::new(&maze, bits, maze.index[s.0]);
        walk.explore(&maze, &node);
        let Some(fence) = corrals.fence(&maze, &node, &walk) else {
            continue;
        };
        tally.corrals += 1;
        let fence: Vec<usize> = fence.iter().map(|c| maze.cells[c]).collect();
        assert!(fence.iter().all(|&b| s.1 >> b & 1 == 1), "fence of boxes");
        tally.cut += (s.1.count_ones() as usize > fence.len()) as usize;
        let reach = reach(&grid, s);
        let kept = fence.iter().any(|&b| {
            (0..4).any(|d| {
                let behind = grid.next(b, (d + 2) % 4);
                let Some(behind) = behind.filter(|&c| reach >> c & 1 == 1) else {
                    return false;
                };
                let Some(((_, boxes), true)) = grid.step((behind, s.1), d) else {
                    return false;
                };
                left.get(&(b, boxes)) == Some(&(n - 1))
            })
        });
        assert!(
            kept,
            "no fence push keeps the optimum at {s:?}, fence {fence:?}\n{text}"
        );
    }
}

#[test]
fn corral_pruning_never_loses_the_fewest_pushes() {
    let mut tally = Tally::default();
    for seed in 0..200u64 {
        let boxes = 1 + seed as usize % 4;
        check_level(&random_level(seed, boxes, true), &mut tally);
        check_level(&random_level(seed, boxes, false), &mut tally);
    }
    for text in [
        "#######\n#   $.#\n# @ $.#\n#   ###\n#######\n",
        "########\n#  #   #\n# $  $ #\n#.# ## #\n#.  @  #\n########\n",
        "#######\n#.. $ #\n# #$# #\n#  @  #\n#######\n",
    ] {
        check_level(text, &mut tally);
    }
    println!("{tally:?}");
    // the rule must have fired, and cut something, for this test to mean anything
    assert!(tally.corrals > 1000 && tally.cut > 300, "{tally:?}");
}
