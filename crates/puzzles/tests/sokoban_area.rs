//! The player's area after a push found from the area before it ([`area_after`]) equals a
//! fresh flood ([`RegionGraph::normalise`]) on every child of every reachable position of
//! many small random levels, and the region graph's successors carry that same player. The
//! test counts the children answered without a flood and those sent to one, so it cannot
//! pass by never taking either path.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::area::{area_after, Least};
use gridlock_puzzles::sokoban::graph::{RegionGraph, Walk};
use gridlock_search::Graph;
use sokoban_nodes::{live_nodes, read};
use sokoban_support::{random_level, tunnel_level};

#[derive(Default, Debug)]
struct Tally {
    children: usize,
    /// Children whose area was found without a flood.
    shortcut: usize,
}

fn check_level(text: &str, tally: &mut Tally) {
    let (grid, maze) = read(text);
    let graph = RegionGraph::<2>::new(&maze);
    let mut walk = Walk::new(maze.cells.len());
    let mut edges = Vec::new();
    for (_, node) in live_nodes(&grid, &maze) {
        walk.explore(&maze, &node);
        let least = Least::of(walk.reached());
        edges.clear();
        graph.successors(&node, &mut edges);
        for e in &edges {
            let push = e.mv;
            let pushed = node.pushed(&maze, push.from, maze.step(push.from, push.dir));
            let want = graph.normalise(&pushed);
            assert_eq!(e.to, want, "{text}");
            tally.children += 1;
            if let Some(cell) = area_after(&maze, &walk, least, push, &pushed) {
                assert_eq!(cell, want.player, "{text} {push:?}");
                tally.shortcut += 1;
            }
        }
    }
}

#[test]
fn the_area_after_a_push_equals_a_fresh_flood() {
    let mut tally = Tally::default();
    for seed in 0..150u64 {
        let boxes = 2 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), &mut tally);
        check_level(&random_level(seed, boxes, false), &mut tally);
        check_level(&tunnel_level(seed, 1 + boxes % 3, true), &mut tally);
    }
    println!("{tally:?}");
    let flooded = tally.children - tally.shortcut;
    assert!(
        tally.shortcut * 2 > tally.children && flooded > 1000,
        "{tally:?}"
    );
}

#[test]
fn least_keeps_the_two_smallest_cells() {
    let least = Least::of(&[9, 4, 7, 2, 8]);
    assert_eq!((least.first, least.second), (2, 4));
    let one = Least::of(&[5]);
    assert_eq!((one.first, one.second), (5, u16::MAX));
}
