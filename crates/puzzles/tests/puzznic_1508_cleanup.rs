//! NES level 15-08: the cleanup after `3t` drops onto `3x`, for the plan family of
//! `docs/puzznic.md` ("A plan family from the structure, and its cleanup refuted").
//!
//! In that plan the block sends a multiset `room` of pieces into the room while the pocket is
//! full, the left column sends three to five of its six free pieces out, and all of them, with
//! `1d` and `1e`, stand in the nine cells the crossing of `3t` needs (column 2 rows 7-8, r7c3,
//! column 4 rows 7-8, the shaft rows 7-10) or in `1d`'s nook and `1e`'s alcove. Just after `3t`
//! and `3x` vanish, the block and the pocket are empty except for an optional `tail` sent last
//! (it falls to the pocket's bottom), and the left column's leftovers stand above `3m`. Every
//! such board is built (`puzznic_1508_support::boards`), in every arrangement without two equal
//! standing neighbours, and solved by the complete search: none can be cleared.

use gridlock_puzzles::puzznic::{parse, solve, SolveOptions};
use rayon::prelude::*;
use std::collections::BTreeSet;

mod puzznic_1508_support;

use puzznic_1508_support::boards;

/// The boards that the complete search can clear (it must finish: these boards are small).
fn clearable(boards: &BTreeSet<String>) -> Vec<String> {
    boards
        .par_iter()
        .filter(|text| {
            let puzzle = parse(text).expect("a well-formed board");
            let outcome = solve(&puzzle, &SolveOptions::default()).expect("no limits set");
            outcome.solution.is_some()
        })
        .cloned()
        .collect()
}

#[test]
fn the_enumeration_is_not_vacuous() {
    // With no leftover in column 1 (which the crossing cannot leave: the lowest leftover stays
    // below r7c2's support) the same kind of board can be cleared, so `clearable` can say yes.
    let board = "##########\n#.#......#\n#.#......#\n#.#......#\n#.1#####.#\n#.4......#\n\
                 #.6......#\n#.1642##.#\n#36#21.#.#\n#13##2##.#\n#41#.1#..#\n##########\n";
    assert_eq!(clearable(&BTreeSet::from([board.to_string()])).len(), 1);
    let family = boards(b"2261", b"");
    assert!(family.len() > 30_000, "{} boards", family.len());
    // Spot check of the generator: the hand-made board of the docs' argument is in it.
    let hand = "##########\n#.#......#\n#.#......#\n#.#......#\n#..#####.#\n#1.......#\n\
                #4.......#\n#61642##.#\n#36#21.#.#\n#13##2##.#\n#41#.1#..#\n##########\n";
    assert!(family.contains(hand));
}

#[test]
fn no_board_of_the_plan_family_can_be_cleared() {
    // The room multisets (and last pieces) with which the block can fill the pocket over `3x`
    // and empty it again in reverse order (docs/puzznic.md); the board counts are the docs'.
    for (room, tail, count) in [
        (&b"2261"[..], &b""[..], 39_570),
        (b"226", b"1", 23_120),
        (b"226144", b"", 39_680),
        (b"22644", b"1", 74_780),
    ] {
        let family = boards(room, tail);
        assert_eq!(family.len(), count, "{:?}", room);
        let ok = clearable(&family);
        assert!(ok.is_empty(), "{:?}: clearable: {:?}", room, ok);
    }
}
