//! The published database's hardest puzzles, classified one by one exactly as the enumeration
//! classifies components: same MOVES, same component size, minimal, and the same hardest
//! position. Uses the full data file when present, the committed fixture otherwise.

use gridlock_puzzles::universe::{classify, component_key, normalise, Rules};
use gridlock_puzzles::universe::{layout::Layout, Board};
use gridlock_search::{bfs, Limits};

fn optimal_moves(board: &str) -> u32 {
    let (layout, p) = Layout::from_board(&Board::parse(board).unwrap()).unwrap();
    let found = bfs(&layout, p, |&s| layout.is_goal(s), &Limits::none()).unwrap();
    found.path.expect("solvable").len() as u32
}
use std::path::Path;

fn rows() -> Vec<(u32, String, u64)> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/rush_18k.txt");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/universe/rush_36plus.txt");
    let text = match std::fs::read_to_string(&shared) {
        Ok(t) => t,
        Err(_) => {
            eprintln!("note: {} absent, using the fixture", shared.display());
            std::fs::read_to_string(fixture).expect("fixture")
        }
    };
    text.lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let m: u32 = f.next()?.parse().ok()?;
            let b = f.next()?.to_string();
            let s: u64 = f.next()?.parse().ok()?;
            (m >= 36).then_some((m, b, s))
        })
        .collect()
}

#[test]
fn every_wall_free_36_plus_puzzle_is_an_interesting_component_with_its_size() {
    let rows: Vec<_> = rows()
        .into_iter()
        .filter(|(_, b, _)| !b.contains('x'))
        .collect();
    assert_eq!(rows.len(), 380);
    let mut other_hardest = Vec::new();
    for (moves, board, size) in &rows {
        let info = classify(board, Rules::All).unwrap().expect("solvable");
        assert_eq!((info.moves, info.size), (*moves, *size), "{board}");
        assert!(info.minimal, "{board} should be minimal");
        let hardest = String::from_utf8(info.hardest.to_vec()).unwrap();
        let published = normalise(board).unwrap();
        if hardest != published {
            // a tie: the published board is as far from the goals, and ours is the smaller
            // normalised string (the database broke ties by another order)
            assert_eq!(optimal_moves(board), *moves, "{board}");
            assert!(hardest < published, "{board}: {hardest}");
            other_hardest.push(board.clone());
        }
        // the published rules agree on wall-free boards
        assert_eq!(classify(board, Rules::Published).unwrap(), Some(info));
    }
    eprintln!(
        "{} of 380 hardest positions differ from the database's by tie-break",
        other_hardest.len()
    );
}

#[test]
fn walled_36_plus_puzzles_match_under_the_published_rules() {
    for (moves, board, size) in rows().into_iter().filter(|(_, b, _)| b.contains('x')) {
        let info = classify(&board, Rules::Published)
            .unwrap()
            .expect("solvable");
        assert_eq!((info.moves, info.size), (moves, size), "{board}");
        assert!(info.minimal, "{board} should be minimal");
    }
}

#[test]
fn key_names_the_component_from_any_of_its_positions() {
    let hardest = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    let key = component_key(hardest, &Limits::none()).unwrap();
    assert_eq!(key.size, 4780);
    // the key is a position of the component, and the smallest normalised string there
    let again = component_key(&key.key, &Limits::none()).unwrap();
    assert_eq!(again, key);
    assert!(key.key.as_str() <= normalise(hardest).unwrap().as_str());
    // a state cap stops the exploration instead
    assert!(component_key(hardest, &Limits::states(100)).is_err());
}
