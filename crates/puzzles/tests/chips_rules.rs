//! The rules, the parser and the verifier against the independent model in `chips_support`,
//! on random positions, random move lists and random text.

mod chips_support;

use chips_support as brute;
use gridlock_puzzles::chips::{
    moves::play, parse_board, parse_solution, verify, Chips, Position, Solver,
};
use gridlock_search::{Graph, Limits};
use proptest::prelude::*;

/// A random ring, then a random walk of legal moves, so the hole can be anywhere.
fn position() -> impl Strategy<Value = (String, Vec<usize>)> {
    ("[RB]{8}", prop::collection::vec(0usize..4, 0..30))
}

/// Replays the walk on both models; picks moves by index among the legal ones.
fn walk(ring: &str, picks: &[usize]) -> (Position, brute::Board) {
    let mut ours = parse_board(ring).unwrap();
    let mut theirs = brute::start(ring);
    for &k in picks {
        let legal = brute::moves(&theirs);
        let m = legal[k % legal.len()];
        ours = play(ours, i64::from(m)).unwrap();
        theirs = brute::play(&theirs, i64::from(m)).unwrap();
    }
    (ours, theirs)
}

fn cells(b: &brute::Board) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn successors_and_goal_test_match_the_model((ring, picks) in position()) {
        let (ours, theirs) = walk(&ring, &picks);
        prop_assert_eq!(ours.cells(), cells(&theirs));
        prop_assert_eq!(ours.is_goal(), brute::is_goal(&theirs));
        let mut out = Vec::new();
        Chips.successors(&ours, &mut out);
        let mut moves: Vec<u8> = out.iter().map(|e| e.mv).collect();
        moves.sort_unstable();
        prop_assert_eq!(&moves, &brute::moves(&theirs));
        for e in &out {
            prop_assert_eq!(e.to.cells(), cells(&brute::play(&theirs, i64::from(e.mv)).unwrap()));
        }
        for cell in -1..10i64 {
            prop_assert_eq!(
                play(ours, cell).ok().map(|p| p.cells()),
                brute::play(&theirs, cell).map(|b| cells(&b))
            );
        }
    }

    #[test]
    fn verify_blames_the_first_wrong_line(
        ring in "[RB]{8}",
        listed in prop::collection::vec(-1i64..10, 0..10),
        count_shift in prop_oneof![Just(0i64), -2i64..3],
    ) {
        let solver = Solver::new(&Limits::none()).unwrap();
        let count = listed.len() as i64 + count_shift;
        let mut text = format!("{count}\n");
        for m in &listed {
            text.push_str(&format!("{m}\n"));
        }
        let file = parse_solution(&text).unwrap();
        let v = verify(parse_board(&ring).unwrap(), &file, &solver);
        // The model's verdict: the count must match, every move be legal, the end a goal.
        let mut expected_line = None;
        if count == -1 {
            if !listed.is_empty() {
                expected_line = Some(2);
            } else if brute::solve(brute::start(&ring)).is_some() {
                expected_line = Some(1);
            }
        } else if count < 0 || count > listed.len() as i64 {
            expected_line = Some(1);
        } else if count < listed.len() as i64 {
            expected_line = Some(count as usize + 2);
        } else {
            let mut b = brute::start(&ring);
            for (i, &m) in listed.iter().enumerate() {
                match brute::play(&b, m) {
                    Some(n) => b = n,
                    None => {
                        expected_line = Some(i + 2);
                        break;
                    }
                }
            }
            if expected_line.is_none() && !brute::is_goal(&b) {
                expected_line = Some(listed.len() + 1);
            }
        }
        prop_assert_eq!(v.problem.as_ref().map(|p| p.0), expected_line, "{:?}", v);
    }

    #[test]
    fn board_parser_accepts_exactly_eight_letters_amid_whitespace(text in "[RBrbX \t\r\n]{0,14}") {
        let trimmed = text.trim();
        let ok = trimmed.len() == 8 && trimmed.bytes().all(|b| b == b'R' || b == b'B');
        match parse_board(&text) {
            Ok(p) => {
                prop_assert!(ok);
                prop_assert_eq!(&p.cells()[..8], trimmed);
            }
            Err(e) => {
                prop_assert!(!ok);
                prop_assert!(e.line >= 1 && e.column >= 1);
            }
        }
    }

    #[test]
    fn parsers_never_panic_on_any_text(text in "\\PC{0,40}|[0-9+\\- \r\n]{0,30}") {
        let _ = parse_board(&text);
        if let Ok(file) = parse_solution(&text) {
            let solver = Solver::new(&Limits::none()).unwrap();
            let v = verify(parse_board("BRRBBRBR").unwrap(), &file, &solver);
            let listed: Vec<i64> = file.moves.iter().map(|&(_, m)| m).collect();
            let lines = v.report(&listed).lines().count();
            prop_assert_eq!(lines, if v.is_valid() { 3 } else { 2 });
        }
    }
}
