//! Random play on random boards: the text before `|` is a board, each byte after it an
//! action (0: do nothing; otherwise move the piece on cell `byte / 2 % cells` left or right).
//! Invariants after every cycle: the piece count never grows; a type loses either no piece or
//! at least two (a group); `cycle` and `cycle_traced` (solver and renderer/verifier paths)
//! agree; and a move that `check_move` rejects is rejected by `cycle` too.
#![no_main]

use gridlock_puzzles::puzznic::{check_move, cycle, cycle_traced, falling, parse, Action};
use libfuzzer_sys::fuzz_target;

fn counts(cells: &[u8]) -> [usize; 10] {
    let mut n = [0; 10];
    for &c in cells {
        n[c as usize] += 1;
    }
    n
}

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'|').unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let Ok(puzzle) = parse(text) else {
        return;
    };
    let g = &puzzle.geometry;
    let mut cells = puzzle.start.clone();
    let mut fall = vec![false; cells.len()];
    for &byte in data[split..].iter().skip(1).take(300) {
        let action = if byte == 0 {
            Action::Wait
        } else {
            let from = (byte as usize / 2) % cells.len();
            falling(g, &cells, &mut fall);
            let right = byte % 2 == 1;
            let allowed = check_move(g, &cells, &fall, from, right).is_ok();
            let action = if right {
                Action::Right(from as u16)
            } else {
                Action::Left(from as u16)
            };
            if !allowed {
                let mut copy = cells.clone();
                assert!(cycle(g, &mut copy, action).is_err(), "cycle accepts a rejected move");
                assert_eq!(copy, cells, "a rejected move changed the board");
                continue;
            }
            action
        };
        let before = counts(&cells);
        let mut traced = cells.clone();
        cycle(g, &mut cells, action).expect("checked move is legal");
        cycle_traced(g, &mut traced, action).expect("checked move is legal");
        assert_eq!(cells, traced, "cycle and cycle_traced disagree");
        let after = counts(&cells);
        for t in 1..10 {
            assert!(after[t] <= before[t], "type {t} grew");
            assert_ne!(before[t] - after[t], 1, "a single piece of type {t} vanished");
        }
        assert_eq!(after[0] + (1..10).map(|t| after[t]).sum::<usize>(), cells.len());
    }
});
