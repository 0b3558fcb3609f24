//! `LEVEL|SOLUTION`: arbitrary LURD (counts, groups, any case) into the verifier's parser
//! and replay, and the solver's push graph against the step rule. Nothing may panic; a
//! replay that says solved counts exactly the listed steps and ends with every box on a
//! goal; an invalid one names a step inside the list (or one past it, for an unsolved end);
//! every push the solver's graph offers from the start is a legal walk and push under the
//! verifier's rule, leading to the same boxes.
#![no_main]

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::graph::{Node, Objective, PushGraph, Walk};
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::{parse_level, parse_solution, replay, step, Claim, Replay};
use gridlock_search::Graph;
use libfuzzer_sys::fuzz_target;

const SAMPLE: &str = "#######\n#.  # #\n#.$ $ #\n#.$@  #\n#  #  #\n#######\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (board, answer) = text.split_once('|').unwrap_or((SAMPLE, text));
    let Ok(level) = parse_level(board, None) else {
        return;
    };
    if let Ok(Claim::Steps(letters)) = parse_solution(answer) {
        match replay(&level, &letters) {
            Replay::Solved { moves, .. } => {
                assert_eq!(moves as usize, letters.len());
                let mut p = level.start.clone();
                for l in &letters {
                    step(&level, &mut p, l.dir).expect("a solved replay is legal");
                }
                assert!(level.is_solved(&p));
            }
            Replay::Invalid { step, .. } => assert!(step >= 1 && step <= letters.len() + 1),
        }
    }
    graph_agrees_with_rule(&level);
});

fn graph_agrees_with_rule(level: &gridlock_puzzles::sokoban::Level) {
    let maze = Maze::new(level);
    if maze.live > 64 {
        return;
    }
    let Some(boxes) = maze.boxes_of::<1>(&level.start) else {
        return;
    };
    let start = Node::new(&maze, boxes, maze.index[level.start.player]);
    let mut edges = Vec::new();
    PushGraph::<1>::new(&maze, Objective::Pushes).successors(&start, &mut edges);
    let mut walk = Walk::new(maze.cells.len());
    walk.explore(&maze, &start);
    for e in edges {
        let mut p = level.start.clone();
        let behind = maze.step(e.mv.from, e.mv.dir.opposite());
        let route = walk.route(&maze, behind);
        assert_eq!(e.cost.1 as usize, route.len() + 1, "walk cost");
        for d in route {
            assert_eq!(step(level, &mut p, d), Ok(false), "a walk never pushes");
        }
        assert_eq!(step(level, &mut p, e.mv.dir), Ok(true), "the push is legal");
        let mut after: Bits<1> = Bits::EMPTY;
        for c in (0..p.boxes.len()).filter(|&c| p.boxes[c]) {
            after.insert(maze.index[c] as usize);
        }
        assert_eq!(after, e.to.boxes);
        assert_eq!(maze.cells[e.to.player as usize], p.player);
    }
}
