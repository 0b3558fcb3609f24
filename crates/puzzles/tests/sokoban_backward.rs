//! `--fast`'s backward member ([`Tuning::backward`], the search over pulls) and bidirectional
//! member ([`Tuning::bidirectional`], pushes and pulls meeting), each alone and in the
//! default portfolio: on random and corridor levels each answers exactly the solvable ones
//! (against the tests' own brute force, so an exhausted search is only ever a true `-1`),
//! every answer replays under the tests' own rules with the counts reported and never beats
//! the optimum, and every pull edge undoes a legal push. Bounded by state counts, never by
//! the clock.

mod sokoban_support;

use gridlock_puzzles::sokoban::backward::PullGraph;
use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::graph::Node;
use gridlock_puzzles::sokoban::maze::{Maze, NONE};
use gridlock_puzzles::sokoban::{
    parse_collection, parse_level, solve_fast, Dir, Level, Position, Tuning,
};
use gridlock_search::{Edge, Graph, Limits};
use proptest::prelude::*;
use sokoban_support::{brute_force, random_level, tunnel_level, Grid};
use std::path::PathBuf;

/// The backward search with no forward search beside it.
fn alone(weight: u32) -> Tuning {
    Tuning {
        weights: Vec::new(),
        fess: false,
        backward: Some(weight),
        bidirectional: None,
        ..Tuning::default()
    }
}

/// The bidirectional search with no other member beside it.
fn both(weight: u32) -> Tuning {
    Tuning {
        weights: Vec::new(),
        fess: false,
        backward: None,
        bidirectional: Some(weight),
        ..Tuning::default()
    }
}

/// Its answer as `(moves, pushes)`, replayed by the tests' rules on `text`.
fn answer(level: &Level, text: &str, tuning: &Tuning) -> Option<(u32, u32)> {
    let outcome = solve_fast(level, &Limits::states(2_000_000), tuning).expect("within budget");
    assert_eq!(outcome.optimal, outcome.solution.is_none());
    let s = outcome.solution?;
    let counts = (s.moves, s.pushes);
    assert_eq!(Grid::read(text).replay(&s.lurd()), Some(counts), "{text}");
    Some(counts)
}

fn check(text: &str) {
    let level = parse_level(text, None).expect("generated levels are valid");
    let optimum = brute_force(&Grid::read(text), true);
    for tuning in [alone(1), alone(5), both(1), both(5), Tuning::default()] {
        let found = answer(&level, text, &tuning);
        assert_eq!(found.is_some(), optimum.is_some(), "{tuning:?}\n{text}");
        if let (Some(f), Some(o)) = (found, optimum) {
            assert!(f.1 >= o.1, "fewer pushes than the optimum: {text}");
        }
    }
    pulls_undo_pushes(&level);
}

/// Every pull edge from every node the pull graph reaches (up to 2,000) is the push it names
/// played backwards: from the edge's end, that push is legal by the rules' own step function
/// and leads back to a position whose boxes and player area are the edge's start's.
fn pulls_undo_pushes(level: &Level) {
    let maze = Maze::new(level);
    let graph = PullGraph::<1>::new(&maze);
    let mut seen = vec![PullGraph::<1>::root()];
    let mut edges: Vec<Edge<Node<1>, _, u32>> = Vec::new();
    let mut i = 0;
    while i < seen.len() && seen.len() < 2_000 {
        let from = seen[i];
        i += 1;
        edges.clear();
        graph.successors(&from, &mut edges);
        for e in &edges {
            if let Some(push) = e.mv {
                let back = forward_push(level, &maze, &e.to, push.from, push.dir);
                assert_eq!(back.0, from.boxes, "the push restores the boxes");
                assert!(back.1.contains(&from.player), "and the player's area");
            } else {
                assert_eq!(from.player, NONE, "only the root's edges name no push");
                assert_eq!(e.to.boxes, maze.goal_set::<1>());
            }
            if !seen.contains(&e.to) {
                seen.push(e.to);
            }
        }
    }
}

/// Plays the push of the box on `from` in `dir` on `node` with the rules' step function (the
/// player walked to the cell behind the box first): the boxes after it and the compact cells
/// of the player's area then.
fn forward_push(
    level: &Level,
    maze: &Maze,
    node: &Node<1>,
    from: u16,
    dir: Dir,
) -> (Bits<1>, Vec<u16>) {
    let grid = |c: u16| maze.cells[c as usize];
    let behind = maze.step(from, dir.opposite());
    assert_ne!(behind, NONE);
    let area = area_of(maze, node);
    assert!(area.contains(&behind), "the player can walk behind the box");
    let mut boxes = vec![false; maze.index.len()];
    node.boxes.iter().for_each(|b| boxes[grid(b as u16)] = true);
    let mut at = Position {
        player: grid(behind),
        boxes,
    };
    let pushed = gridlock_puzzles::sokoban::step(level, &mut at, dir).expect("a legal step");
    assert!(pushed, "the step pushes the box");
    let after: Bits<1> = maze.boxes_of(&at).expect("boxes on live cells");
    let node = Node::new(maze, after, maze.index[at.player]);
    (after, area_of(maze, &node))
}

/// The compact cells the player of `node` can walk to.
fn area_of(maze: &Maze, node: &Node<1>) -> Vec<u16> {
    let mut seen = vec![node.player];
    let mut i = 0;
    while let Some(&c) = seen.get(i) {
        i += 1;
        for d in Dir::ALL {
            let n = maze.step(c, d);
            if n != NONE && !node.has_box(maze, n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn solvable_levels_are_solved(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, true));
    }

    #[test]
    fn random_levels_answered_exactly_when_solvable(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, false));
    }

    #[test]
    fn corridor_levels_answered_exactly_when_solvable(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&tunnel_level(seed, boxes, seed % 2 == 0));
    }
}

#[test]
fn boxoban_fixture_answers_replay() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    let levels = parse_collection(&text).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").filter(|b| b.contains('#')).collect();
    let mut solved = 0;
    for (i, (level, block)) in levels.iter().zip(&blocks).take(40).enumerate() {
        let tuning = if i % 2 == 0 { alone(5) } else { both(5) };
        let outcome = solve_fast(level, &Limits::states(200_000), &tuning);
        if let Ok(outcome) = outcome {
            let s = outcome.solution.expect("Boxoban levels are solvable");
            let counts = (s.moves, s.pushes);
            assert_eq!(Grid::read(block).replay(&s.lurd()), Some(counts), "{block}");
            solved += 1;
        }
    }
    assert!(solved >= 20, "the members alone solved {solved} of 40");
}
