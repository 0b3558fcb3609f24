//! Arbitrary text into the Rush Hour parser (all three formats): nothing may panic, and every
//! accepted board, printed in database format, parses back to the same position.
#![no_main]

use gridlock_puzzles::rush_hour::{parse, parse_database, render};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = parse(text) else {
        return;
    };
    let printed = render::database(&puzzle.board, puzzle.start);
    let again = parse_database(&printed).expect("a printed board parses");
    assert_eq!(
        render::database(&again.board, again.start),
        printed,
        "database round trip"
    );
    assert_eq!(again.board.walls(), puzzle.board.walls());
});
