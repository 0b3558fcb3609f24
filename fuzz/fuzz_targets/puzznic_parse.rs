//! Arbitrary text into the Puzznic parser: nothing may panic, and every accepted board,
//! printed back as rows, parses to the same starting board.
#![no_main]

use gridlock_puzzles::puzznic::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = parse(text) else {
        return;
    };
    let printed = puzzle.rows_of(&puzzle.start).join("\n");
    let again = parse(&printed).expect("a printed board parses");
    assert_eq!(again.start, puzzle.start, "round trip of\n{printed}");
    assert_eq!(again.rows_of(&again.start), puzzle.rows_of(&puzzle.start));
});
