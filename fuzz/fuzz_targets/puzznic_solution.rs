//! `BOARD|SOLUTION`: arbitrary judge answers into the Puzznic verifier's parser and replay.
//! Nothing may panic, and a replay that succeeds leaves the board empty.
#![no_main]

use gridlock_puzzles::puzznic::{parse, parse_solution, replay, Verdict};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (board, answer) = text.split_once('|').unwrap_or(("#####\n#.1.#\n#.#1#\n#####", text));
    let Ok(Verdict::Lines(lines)) = parse_solution(answer) else {
        return;
    };
    let Ok(puzzle) = parse(board) else {
        return;
    };
    let _ = replay(&puzzle, &lines);
});
