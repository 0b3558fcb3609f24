//! Sliding-tile datasets: boards of a chosen shape (`size`, default 3x3; up to 4x4, where
//! the optimal searches stay within seconds) whose optimal length lies in the `moves` range
//! (default 10..20), the goal as sold (the blank last).
//!
//! A board is a random walk from the goal (no step undoing the one before) of a length drawn
//! between `low` and `3·high`, solved optimally; walks whose optimum falls outside the range
//! are drawn again (up to [`ATTEMPTS`] per item). Short walks give easy boards, long ones
//! approach a uniformly random board, so the whole span of lengths is reached. The searches
//! use Manhattan distance with linear conflicts, never a cached pattern table, so the
//! answer (one optimal solution, the first in the search's fixed order) is the same on
//! every machine.

use super::board::Dir;
use super::{
    parse_board, parse_solution, prepare, render, verify::verify, Board, Choice, Shape, Solver,
};
use crate::dataset::{draw_items, judged, metadata, DatasetError, Item, Items, Params};
use crate::rush_hour::generate::rng::Rng;
use gridlock_search::Limits;
use serde_json::{json, Value};

/// Walks drawn per item before giving up on its range.
pub const ATTEMPTS: usize = 2000;

const FORMAT: &str = "\
Answer with the fewest moves possible: on the first line the number of moves, then one
line per move with the number of the tile you slide into the empty cell.";

fn question(board: &Board, goal: &Board) -> String {
    let (r, c) = (board.shape.rows, board.shape.cols);
    format!(
        "Solve this sliding-tile puzzle.\n\nA {r}x{c} board holds the tiles 1 to {} and one \
         empty cell (shown as .). A move slides a tile that is orthogonally adjacent to the \
         empty cell into it. Reach the goal:\n\n{}\nfrom this board:\n\n{}\n{FORMAT}\n",
        r * c - 1,
        render::grid(goal),
        render::grid(board),
    )
}

/// One board: a random walk of a drawn length from the goal.
fn walk(goal: &Board, rng: &mut Rng, lo: u32, hi: u32) -> Board {
    let length = lo + rng.below(3 * hi.max(1) - lo + 1);
    let mut board = goal.clone();
    let mut last: Option<Dir> = None;
    for _ in 0..length {
        let options: Vec<Dir> = board
            .shape
            .neighbours(board.blank())
            .map(|(d, _)| d)
            .filter(|&d| Some(d.opposite()) != last)
            .collect();
        let d = options[rng.below(options.len() as u32) as usize];
        board.slide(d);
        last = Some(d);
    }
    board
}

/// `count` items with optimal lengths in the `moves` range.
pub fn make(count: usize, seed: u64, params: &mut Params, limits: &Limits) -> Items {
    let (rows, cols) = params.shape("size", (3, 3), |r, c| {
        if r < 2 || c < 2 || r * c > 16 {
            Err("datasets take shapes from 2x2 to 4x4 (at most 16 cells)".into())
        } else {
            Ok(())
        }
    })?;
    let (lo, hi) = params.range("moves", (10, 20), 0, 80)?;
    let difficulty = params.finish("n-puzzle")?;
    let shape = Shape::new(rows, cols).expect("checked above");
    let goal = Board::blank_last(shape);
    let (heuristic, _) =
        prepare(&goal, &Choice::Manhattan, None, limits, &|_| {}).map_err(DatasetError::Stopped)?;
    let solver = Solver::new(goal.clone(), heuristic);
    let attempt = |index, rng: &mut Rng| {
        let board = walk(&goal, rng, lo, hi);
        let (found, _) = solver
            .solve(&board, limits)
            .map_err(DatasetError::Stopped)?;
        let solution = found.expect("a walk from the goal returns to it");
        let optimal = solution.tiles.len() as u32;
        if !(lo..=hi).contains(&optimal) {
            return Ok(None);
        }
        let text = board.line();
        let extra = json!({"size": format!("{rows}x{cols}"), "goal": "blank-last"});
        Ok(Some(Item {
            question: question(&board, &goal),
            answer: render::judge(Some(&solution)),
            metadata: metadata("n-puzzle", &text, optimal, &difficulty, seed, index, extra),
        }))
    };
    draw_items((count, seed, limits), ATTEMPTS, attempt, || {
        format!(
            "moves: no {rows}x{cols} board with an optimum in {lo}..{hi} found in {ATTEMPTS} \
             draws; the range may be out of reach for this shape"
        )
    })
}

/// The score of `answer` on `board` (see [`crate::dataset`]).
pub fn score(metadata: &Value, board: &str, optimal: u32, answer: &str) -> f64 {
    let size = metadata.get("size").and_then(Value::as_str).unwrap_or("");
    let Ok(shape) = super::parse_size(size) else {
        return 0.0;
    };
    let (Ok(start), Ok(file)) = (parse_board(board, Some(shape)), parse_solution(answer)) else {
        return 0.0;
    };
    let verdict = verify(&start, &Board::blank_last(shape), &file);
    judged(verdict.is_valid(), optimal, verdict.length)
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value};

    #[test]
    fn items_are_optimal_in_range_and_reproducible() {
        let map: Map<String, Value> =
            serde_json::from_str(r#"{"size": "2x3", "moves": [5, 12]}"#).unwrap();
        let none = gridlock_search::Limits::none();
        let items = crate::dataset::make("n-puzzle", 12, 3, &map, &none).unwrap();
        for item in &items {
            let optimal = item.metadata["optimal"].as_u64().unwrap();
            assert!((5..=12).contains(&optimal), "{optimal}");
            assert_eq!(crate::dataset::score(&item.metadata, &item.answer), 1.0);
        }
        assert_eq!(
            items,
            crate::dataset::make("n-puzzle", 12, 3, &map, &none).unwrap()
        );
    }
}
