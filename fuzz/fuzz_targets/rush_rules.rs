//! Random moves on random boards: the first line is a board in any format and shape, each
//! following byte triple is (vehicle, direction, distance). Invariants after every accepted
//! move, in the model the board is searched with: vehicles never overlap each other or a
//! wall, offsets stay inside the board, the move is exactly one of the slides the solver
//! generates (the solver and the verifier agree), and the step graph's edges are exactly the
//! one-cell slides.
#![no_main]

use gridlock_puzzles::rush_hour::{parse, Direction, Model, Prepared, Steps, Wide};
use gridlock_search::Graph;
use libfuzzer_sys::fuzz_target;

const DIRECTIONS: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'|').unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let Ok(puzzle) = parse(text, None) else {
        return;
    };
    let actions = &data[split..];
    match &puzzle.prepared {
        Prepared::Six(six) => walk(six, &puzzle.start, actions),
        Prepared::General(g) if g.words() == 1 => walk(&Wide::<1>(g), &puzzle.start, actions),
        Prepared::General(g) if g.words() == 2 => walk(&Wide::<2>(g), &puzzle.start, actions),
        Prepared::General(_) => {}
    }
});

fn walk<M: Model>(model: &M, start: &[u8], actions: &[u8]) {
    let board = model.board();
    let n = board.vehicles().len();
    if n == 0 {
        return;
    }
    let mut offsets = start.to_vec();
    for action in actions.chunks_exact(3).take(200) {
        let p = model.pack(&offsets);
        let i = action[0] as usize % n;
        let dir = DIRECTIONS[action[1] as usize % 4];
        let distance = u32::from(action[2] % 13);
        let mut generated = Vec::new();
        model.for_each_slide(&p, |m, next| generated.push((m, model.unpack(&next))));
        // the step graph (the contest's search) steps exactly the one-cell slides
        let mut steps = Vec::new();
        Steps(model).successors(&p, &mut steps);
        let one_cell: Vec<_> = generated.iter().filter(|(m, _)| m.distance() == 1).collect();
        assert_eq!(steps.len(), one_cell.len(), "step count");
        for e in &steps {
            let to = model.unpack(&e.to);
            assert!(
                one_cell.iter().any(|(m, q)| *q == to && *m == e.mv),
                "a step that is not a one-cell slide"
            );
        }
        match board.slide(&offsets, i, dir, distance) {
            Ok(next) if distance > 0 => {
                assert!(
                    generated.iter().any(|(m, q)| *q == next && m.vehicle as usize == i),
                    "a legal slide the generator does not produce"
                );
                offsets = next;
            }
            Ok(next) => assert_eq!(next, offsets, "sliding 0 cells changes nothing"),
            Err(_) => assert!(
                !generated.iter().any(|(m, _)| m.vehicle as usize == i
                    && board.direction(*m) == dir
                    && m.distance() == distance),
                "the generator produces a slide the rules reject"
            ),
        }
        assert_eq!(model.unpack(&model.pack(&offsets)), offsets, "packing round trip");
        let mut covered = vec![false; board.rows() * board.cols()];
        for (k, v) in board.vehicles().iter().enumerate() {
            assert!(offsets[k] <= board.max_offset(k), "inside the board");
            for c in offsets[k]..offsets[k] + v.len {
                let (r, col) = board.cell(k, c);
                assert!(!board.is_wall(r, col), "a vehicle on a wall");
                assert!(!covered[r * board.cols() + col], "vehicles overlap");
                covered[r * board.cols() + col] = true;
            }
        }
    }
}
