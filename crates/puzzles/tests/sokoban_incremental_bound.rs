//! The assignment bound solved from the parent's assignment ([`FromParent`]) equals the bound
//! solved afresh: on every child of every reachable position of many small levels (the
//! warm start forced on, [`FromParent::any_size`]: the fresh bound of so few goals is
//! solved by subsets, the warm one by augmenting paths, so the two share no code), and on
//! every child along random walks through levels of 7 to 9 boxes, through the plain bound
//! ([`Bound::pushes_after`], and [`Bound::pushes`] moving its last solution along, against
//! the engine's [`Assignment`] solving each afresh) and the bound with boxes frozen on goals
//! ([`FrozenGoals::pushes_after`]) as `--fast` calls them, one instance of each kept across
//! all positions as a search keeps it. Both parts count the children the warm path
//! answered, so they cannot pass by never taking it.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::bound::{Bound, FromParent};
use gridlock_puzzles::sokoban::frozen_goals::FrozenGoals;
use gridlock_puzzles::sokoban::graph::{Node, RegionGraph};
use gridlock_puzzles::sokoban::maze::{Maze, NONE};
use gridlock_puzzles::sokoban::parse_level;
use gridlock_search::assignment::{Assignment, FORBIDDEN};
use gridlock_search::Graph;
use sokoban_nodes::{live_nodes, read};
use sokoban_support::{random_level, tunnel_level, Rng};

#[derive(Default, Debug)]
struct Tally {
    children: usize,
    /// Children the warm path answered (not sent back to a fresh solve).
    warm: usize,
    /// Of those, children with no assignment.
    dead: usize,
    /// Bounds [`Bound::pushes`] answered by moving its last solution along.
    near: usize,
}

fn check_level(text: &str, tally: &mut Tally) {
    let (grid, maze) = read(text);
    let graph = RegionGraph::<2>::new(&maze);
    let (mut plain, mut fresh) = (Bound::new(&maze), Bound::new(&maze));
    let mut warm = FromParent::<2>::new();
    let mut direct = FromParent::<2>::any_size();
    let (mut frozen, mut frozen_fresh) = (FrozenGoals::<2>::new(&maze), FrozenGoals::new(&maze));
    let row = |b: usize, out: &mut Vec<u32>| {
        out.extend(maze.goal_distance.iter().map(|d| match d[b] {
            NONE => FORBIDDEN,
            x => u32::from(x),
        }))
    };
    let mut edges = Vec::new();
    for (_, node) in live_nodes(&grid, &maze) {
        let bits = node.boxes;
        edges.clear();
        graph.successors(&node, &mut edges);
        for e in &edges {
            let child = &e.to.boxes;
            tally.children += 1;
            let want = fresh.pushes(child);
            assert_eq!(plain.pushes_after(&mut warm, &bits, child), want, "{text}");
            assert_eq!(
                frozen.pushes_after(&bits, child),
                frozen_fresh.pushes(child),
                "{text}"
            );
            let empty = Bits::EMPTY;
            if let Some(got) = direct.pushes((&bits, &empty), child, maze.goals.len(), row) {
                assert_eq!(got, want, "{text}");
                tally.warm += 1;
                tally.dead += got.is_none() as usize;
            }
        }
    }
}

#[test]
fn the_bound_from_the_parent_equals_the_bound_afresh() {
    let mut tally = Tally::default();
    for seed in 0..150u64 {
        let boxes = 2 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), &mut tally);
        check_level(&random_level(seed, boxes, false), &mut tally);
        check_level(&tunnel_level(seed, 1 + boxes % 3, true), &mut tally);
    }
    println!("{tally:?}");
    assert!(
        tally.warm * 2 > tally.children && tally.dead > 100,
        "{tally:?}"
    );
}

/// Random walks through `text` from its start, each child of each step checked.
fn walk_level(text: &str, seed: u64, tally: &mut Tally) {
    let level = parse_level(text, None).unwrap();
    let maze = Maze::new(&level);
    let graph = RegionGraph::<2>::new(&maze);
    let (mut plain, mut fresh) = (Bound::new(&maze), Bound::new(&maze));
    let mut warm = FromParent::<2>::new();
    let (mut frozen, mut frozen_fresh) = (FrozenGoals::<2>::new(&maze), FrozenGoals::new(&maze));
    let Some(start) = maze.boxes_of::<2>(&level.start) else {
        return;
    };
    let start = Node::new(&maze, start, maze.index[level.start.player]);
    let mut rng = Rng(seed);
    let mut edges = Vec::new();
    let mut node = start;
    for _ in 0..400 {
        edges.clear();
        graph.successors(&node, &mut edges);
        for e in &edges {
            let child = &e.to.boxes;
            tally.children += 1;
            let want = afresh(&maze, child);
            // one `Bound` kept across every position moves its last solution along
            assert_eq!(fresh.pushes(child), want, "{text}");
            let got = plain.pushes_after(&mut warm, &node.boxes, child);
            assert_eq!(got, want, "{text}");
            assert_eq!(
                frozen.pushes_after(&node.boxes, child),
                frozen_fresh.pushes(child),
                "{text}"
            );
            tally.dead += want.is_none() as usize;
        }
        // on to a random child, or back to the start now and then and when stuck
        node = match edges.len() {
            0 => start,
            n if rng.below(20) == 0 => edges[rng.below(n)].to.with_player(&maze, start.player),
            n => edges[rng.below(n)].to,
        };
        if rng.below(50) == 0 {
            node = start;
        }
    }
    tally.warm += warm.answered() as usize;
    tally.near += fresh.moved_along() as usize;
}

/// The assignment bound of `boxes` solved from nothing, by the engine's [`Assignment`].
fn afresh(maze: &Maze, boxes: &Bits<2>) -> Option<u32> {
    let mut matrix = Vec::new();
    for b in boxes.iter() {
        matrix.extend(maze.goal_distance.iter().map(|d| match d[b] {
            NONE => FORBIDDEN,
            x => u32::from(x),
        }));
    }
    let (rows, cols) = (boxes.count() as usize, maze.goals.len());
    Assignment::new()
        .min_cost(rows, cols, &matrix)
        .map(|t| t as u32)
}

#[test]
fn the_bound_from_the_parent_equals_the_bound_afresh_on_larger_levels() {
    let mut tally = Tally::default();
    for seed in 0..120u64 {
        let boxes = 7 + seed as usize % 3;
        walk_level(&random_level(seed, boxes, true), seed, &mut tally);
    }
    println!("{tally:?}");
    assert!(
        tally.warm * 2 > tally.children && tally.dead > 100 && tally.near * 2 > tally.children,
        "{tally:?}"
    );
}
