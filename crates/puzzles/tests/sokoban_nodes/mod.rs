//! Glue between the tests' own reading of a level ([`super::sokoban_support::Grid`]) and
//! the library's positions: the states the tests reach, as the library's nodes. Kept apart
//! from `sokoban_support`, which calls nothing of the library.

#![allow(dead_code)]

use super::sokoban_support::{Grid, State};
use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::graph::Node;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::parse_level;

/// Every state reachable from `grid`'s start whose boxes all stand on live cells of
/// `maze` (the library's positions hold no box on a dead cell), with its node: the
/// player's cell as given, not normalised.
pub fn live_nodes(grid: &Grid, maze: &Maze) -> Vec<(State, Node<2>)> {
    grid.reachable()
        .into_iter()
        .filter_map(|(player, boxes)| {
            let mut bits = Bits::<2>::EMPTY;
            for c in (0..128).filter(|c| boxes >> c & 1 == 1) {
                let live = maze.index[c] as usize;
                if live >= maze.live {
                    return None;
                }
                bits.insert(live);
            }
            Some(((player, boxes), Node::new(maze, bits, maze.index[player])))
        })
        .collect()
}

/// A generated level read both ways: by the tests' own rules and as the library's maze.
pub fn read(text: &str) -> (Grid, Maze) {
    let level = parse_level(text, None).expect("generated levels are valid");
    (Grid::read(text), Maze::new(&level))
}
