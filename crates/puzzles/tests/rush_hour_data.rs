//! The published database as ground truth: every board's optimal move count (MOVES) and its
//! component size (CLUSTER_SIZE). The attributed fixture always runs; the full 18,068 rows run
//! when `../shared/data` is present.

use gridlock_puzzles::rush_hour::{optima_all, parse, parse_database, Puzzle};
use gridlock_search::Limits;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Rows `MOVES BOARD CLUSTER_SIZE`.
fn rows(text: &str) -> Vec<(u32, String, usize)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

fn check_all(rows: &[(u32, String, usize)]) {
    let puzzles: Vec<Puzzle> = rows.iter().map(|r| parse_database(&r.1).unwrap()).collect();
    let results = optima_all(&puzzles, &Limits::none());
    let mut wrong = Vec::new();
    for ((moves, board, size), result) in rows.iter().zip(results) {
        let o = result.unwrap();
        if o.moves != Some(*moves) || o.states != *size {
            wrong.push(format!(
                "{board}: expected {moves} moves / {size} states, got {o:?}"
            ));
        }
        // steps can never be fewer than moves (every move is at least one step)
        assert!(o.steps.unwrap() >= o.moves.unwrap(), "{board}");
    }
    assert!(
        wrong.is_empty(),
        "{} of {} rows differ, e.g. {:?}",
        wrong.len(),
        rows.len(),
        &wrong[..wrong.len().min(5)]
    );
}

#[test]
fn fixture_rows_reproduce_moves_and_cluster_size() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/rush_hour/rush_18k_sample.txt"))
        .unwrap();
    let rows = rows(&text);
    assert!(rows.len() >= 400);
    assert!(
        rows.iter().filter(|r| r.0 >= 50).count() >= 20,
        "fixture keeps every row of 50+ moves"
    );
    check_all(&rows);
}

#[test]
fn each_fixture_board_is_the_farthest_of_its_component() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/rush_hour/rush_18k_sample.txt"))
        .unwrap();
    for (moves, board, size) in rows(&text) {
        let p = parse_database(&board).unwrap();
        let (a, _) = p.analyse(&Limits::none()).unwrap();
        assert_eq!(a.states, size, "{board}");
        assert_eq!(a.farthest_moves.map(|f| f.0), Some(moves), "{board}");
        assert!(a.goal_states > 0 && a.goal_states < size.max(2));
    }
}

#[test]
fn hardest_board_without_walls() {
    let p = parse("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", None).unwrap();
    let o = p.optima(&Limits::none()).unwrap();
    assert_eq!((o.moves, o.steps, o.states), (Some(51), Some(81), 4780));
}

#[test]
fn full_database_reproduces_moves_and_cluster_size() {
    let path = root().join("../shared/data/rush_18k.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!(
            "note: {} not found; the fixture tests cover a sample of it",
            path.display()
        );
        return;
    };
    let rows = rows(&text);
    assert_eq!(rows.len(), 18_068);
    check_all(&rows);
}
