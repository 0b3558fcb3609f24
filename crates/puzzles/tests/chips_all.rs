//! Every input the contest can give (all 256 rings), and every position the solver knows,
//! checked against an independent brute force.

mod chips_support;

use chips_support as brute;
use gridlock_puzzles::chips::{parse_board, parse_solution, verify, Position, Solver};
use gridlock_search::Limits;

fn solver() -> Solver {
    Solver::new(&Limits::none()).unwrap()
}

fn judge_text(moves: &[u8]) -> String {
    let mut s = format!("{}\n", moves.len());
    for m in moves {
        s.push_str(&format!("{m}\n"));
    }
    s
}

#[test]
fn all_256_rings_match_the_brute_force_and_verify() {
    let solver = solver();
    let (mut solvable, mut unsolvable) = (0, 0);
    for ring in brute::all_rings() {
        let start = parse_board(&ring).unwrap();
        let ours = solver.solve(start).map(|s| s.moves);
        let theirs = brute::solve(brute::start(&ring));
        assert_eq!(ours, theirs, "{ring}");
        let blues = ring.matches('B').count();
        match ours {
            Some(moves) => {
                assert_eq!(blues, 4, "{ring}");
                solvable += 1;
                let v = verify(
                    start,
                    &parse_solution(&judge_text(&moves)).unwrap(),
                    &solver,
                );
                assert!(v.is_valid() && v.is_optimal(), "{ring}: {v:?}");
            }
            None => {
                assert_ne!(blues, 4, "{ring}");
                unsolvable += 1;
                let v = verify(start, &parse_solution("-1\n").unwrap(), &solver);
                assert!(v.is_valid() && v.is_optimal(), "{ring}: {v:?}");
            }
        }
    }
    assert_eq!((solvable, unsolvable), (70, 186));
}

#[test]
fn samples_from_the_spec() {
    let solver = solver();
    let moves = |s: &str| solver.solve(parse_board(s).unwrap()).map(|s| s.moves);
    assert_eq!(moves("BRRBBRBR"), Some(vec![1, 2, 3, 8]));
    assert_eq!(moves("RBRBRBRB"), Some(vec![]));
}

/// Starts with the hole anywhere (all 630 solvable positions), not only the contest's
/// centre-empty ones: the table walk must be right from every position it can pass through.
#[test]
fn every_solvable_position_matches_the_brute_force() {
    let solver = solver();
    let mut seen = std::collections::HashSet::new();
    for p in solver.positions() {
        let board: brute::Board = p.cells().into_bytes().try_into().unwrap();
        seen.insert(board);
        let ours = solver.solve(p).map(|s| s.moves);
        assert_eq!(ours, brute::solve(board), "{p:?}");
    }
    // The brute force's own reachable set from a goal is the same 630 positions.
    let goal = brute::start("RBRBRBRB");
    assert_eq!(brute::reachable(goal), seen);
}

#[test]
fn codes_of_all_positions_are_distinct_and_in_range() {
    let solver = solver();
    let mut codes: Vec<u16> = solver.positions().map(|p| p.code()).collect();
    assert!(codes.iter().all(|&c| (c as usize) < Position::CODES));
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), solver.positions().len());
}

/// Every legal move list of the shortest length (inputs up to 8 moves, where that is cheap):
/// the lexicographically smallest one ending in a goal is the solver's, and the verifier
/// calls every one of them valid and shortest but only that one the judge answer.
#[test]
fn every_shortest_list_is_verified_and_only_the_smallest_is_the_judge_answer() {
    fn lists(b: brute::Board, left: usize, path: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
        if left == 0 {
            if brute::is_goal(&b) {
                found.push(path.clone());
            }
            return;
        }
        for m in brute::moves(&b) {
            path.push(m);
            lists(
                brute::play(&b, i64::from(m)).unwrap(),
                left - 1,
                path,
                found,
            );
            path.pop();
        }
    }
    let solver = solver();
    let mut with_ties = 0;
    for ring in brute::all_rings()
        .into_iter()
        .filter(|r| r.matches('B').count() == 4)
    {
        let start = parse_board(&ring).unwrap();
        let answer = solver.solve(start).unwrap().moves;
        if answer.len() > 8 {
            continue;
        }
        let mut found = Vec::new();
        lists(
            brute::start(&ring),
            answer.len(),
            &mut Vec::new(),
            &mut found,
        );
        assert_eq!(found.iter().min(), Some(&answer), "{ring}");
        with_ties += usize::from(found.len() > 1);
        for list in &found {
            let v = verify(start, &parse_solution(&judge_text(list)).unwrap(), &solver);
            let listed: Vec<i64> = list.iter().map(|&m| i64::from(m)).collect();
            let report = v.report(&listed);
            assert!(v.is_valid() && v.is_optimal(), "{ring} {list:?}");
            assert_eq!(
                report.contains("optimal: yes (the judge answer"),
                *list == answer,
                "{ring} {list:?}: {report}"
            );
        }
    }
    assert!(with_ties > 0, "some input has several shortest lists");
}
