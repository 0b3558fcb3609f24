//! Arbitrary text into the Rush Hour parser (every format and shape): nothing may panic, and
//! every accepted board, printed in its one-line form, parses back to the same position.
#![no_main]

use gridlock_puzzles::rush_hour::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = parse(text, None) else {
        return;
    };
    let printed = puzzle.string(&puzzle.start);
    if printed.contains('?') {
        // a judge matrix of more than 50 vehicles: letters run out, the form is for reading
        return;
    }
    let again = parse(&printed, None).expect("a printed board parses");
    assert_eq!(again.string(&again.start), printed, "one-line round trip");
    assert_eq!(again.board().walls(), puzzle.board().walls());
    assert_eq!(again.board().exit_row(), puzzle.board().exit_row());
});
