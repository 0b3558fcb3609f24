//! Arbitrary text into the Sokoban parser (XSB, run-length rows, collections): nothing may
//! panic, and every accepted level, drawn back as XSB, parses to the same level.
#![no_main]

use gridlock_puzzles::sokoban::parse_collection;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(levels) = parse_collection(text) else {
        return;
    };
    for level in &levels {
        let drawn = level.draw(&level.start).join("\n");
        let again = parse_collection(&drawn).expect("a drawn level parses");
        assert_eq!(again.len(), 1, "one level drawn is one level:\n{drawn}");
        assert_eq!(again[0].draw(&again[0].start), level.draw(&level.start));
        assert_eq!(again[0].box_count(), level.box_count());
        assert_eq!(
            again[0].row_col(again[0].start.player),
            level.row_col(level.start.player)
        );
    }
});
