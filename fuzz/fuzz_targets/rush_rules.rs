//! Random moves on random boards: the first line is a board in any format, each following
//! byte triple is (vehicle, direction, distance). Invariants after every accepted move:
//! vehicles never overlap each other or a wall, offsets stay inside the board, and the move
//! is exactly one of the slides the solver generates (the solver and the verifier agree), and
//! the step graph's edges are exactly the one-cell slides.
#![no_main]

use gridlock_puzzles::rush_hour::{parse, Direction, Steps};
use gridlock_search::Graph;
use libfuzzer_sys::fuzz_target;

const DIRECTIONS: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'|').unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let Ok(puzzle) = parse(text) else {
        return;
    };
    let board = &puzzle.board;
    let n = board.vehicles().len();
    if n == 0 {
        return;
    }
    let mut p = puzzle.start;
    for action in data[split..].chunks_exact(3).take(200) {
        let i = action[0] as usize % n;
        let dir = DIRECTIONS[action[1] as usize % 4];
        let distance = u32::from(action[2] % 8);
        let mut generated = Vec::new();
        board.for_each_slide(p, |m, next| generated.push((m, next)));
        // the step graph (the contest's search) steps exactly the one-cell slides
        let mut steps = Vec::new();
        Steps(board).successors(&p, &mut steps);
        let one_cell: Vec<_> = generated.iter().filter(|(m, _)| m.distance() == 1).collect();
        assert_eq!(steps.len(), one_cell.len(), "step count");
        for e in &steps {
            assert!(
                one_cell.iter().any(|&&(m, q)| q == e.to && m == e.mv),
                "a step that is not a one-cell slide"
            );
        }
        match board.slide(p, i, dir, distance) {
            Ok(next) if distance > 0 => {
                assert!(
                    generated.iter().any(|&(m, q)| q == next && m.vehicle as usize == i),
                    "a legal slide the generator does not produce"
                );
                p = next;
            }
            Ok(next) => assert_eq!(next, p, "sliding 0 cells changes nothing"),
            Err(_) => assert!(
                !generated.iter().any(|&(m, _)| m.vehicle as usize == i
                    && board.direction(m) == dir
                    && m.distance() == distance),
                "the generator produces a slide the rules reject"
            ),
        }
        let mut cells = 0u64;
        let mut total = 0u32;
        for (k, v) in board.vehicles().iter().enumerate() {
            let offset = board.offset(p, k);
            assert!(offset <= v.max_offset());
            let body = v.body(offset);
            assert_eq!(body & cells, 0, "vehicles overlap");
            assert_eq!(body & board.walls(), 0, "a vehicle on a wall");
            cells |= body;
            total += u32::from(v.len);
        }
        assert_eq!(cells.count_ones(), total);
        assert_eq!(board.occupied(p) & !board.walls(), cells);
    }
});
