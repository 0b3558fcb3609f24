//! Chips datasets: every start (the centre empty, four chips of each colour) is one of only
//! 70 rings, so an item is a ring drawn uniformly among those whose optimal length lies in
//! the `moves` range (default 1..12, the whole span: the hardest ring needs 12 moves); items
//! may repeat a ring, which is all this puzzle has. Unsolvable rings (not four
//! of each colour) are not drawn: their answer, `-1`, says nothing about reasoning.

use super::board::CENTRE;
use super::{parse_board, parse_solution, render, verify, Position, Solver};
use crate::dataset::{check, judged, metadata, stream, DatasetError, Item, Items, Params};
use gridlock_search::Limits;
use serde_json::json;

/// The rules and the answer format, as the question states them.
const RULES: &str = "\
A 3x3 board holds eight chips, red (R) or blue (B), around an empty centre. The cells are
numbered

0 1 2
7 8 3
6 5 4

and cell 8, the centre, starts empty. A move slides a chip from a cell orthogonally
adjacent to the empty cell into it; the move is named by the number of the cell the chip
came from, which becomes the empty cell. The goal: the centre is empty again and the
colours alternate around the ring 0, 1, 2, ..., 7, 0 (either colour first).";

const FORMAT: &str = "\
Answer with the fewest moves possible: on the first line the number of moves, then one
line per move with the number of the cell the chip moves from.";

/// The solvable starts and their optimal lengths, in ring order.
fn starts(solver: &Solver) -> Vec<(Position, u32)> {
    let mut found: Vec<(Position, u32)> = solver
        .positions()
        .filter(|p| p.empty() == CENTRE)
        .filter_map(|p| solver.distance(p).map(|d| (p, d)))
        .collect();
    found.sort_by_key(|(p, _)| p.cells());
    found
}

/// The question for `ring` (8 letters).
fn question(p: Position) -> String {
    let rows = p.rows().join("\n");
    format!(
        "Solve this red-blue chips puzzle.\n\n{RULES}\n\nThe board (cells 0..7 in order: {}):\n\n{rows}\n\n{FORMAT}\n",
        &p.cells()[..8]
    )
}

/// `count` items with optimal lengths in the `moves` range.
pub fn make(count: usize, seed: u64, params: &mut Params, limits: &Limits) -> Items {
    let (lo, hi) = params.range("moves", (1, 12), 0, 100)?;
    let difficulty = params.finish("chips")?;
    check(limits)?;
    let solver = Solver::new(limits).map_err(DatasetError::Stopped)?;
    let pool: Vec<(Position, u32)> = starts(&solver)
        .into_iter()
        .filter(|&(_, d)| (lo..=hi).contains(&d))
        .collect();
    if pool.is_empty() && count > 0 {
        let longest = starts(&solver).iter().map(|s| s.1).max().unwrap_or(0);
        return Err(DatasetError::Invalid(format!(
            "moves: no chips ring needs {lo}..{hi} moves (the 70 rings need 0..{longest})"
        )));
    }
    Ok((0..count)
        .map(|index| {
            let (p, optimal) = pool[stream(seed, index).below(pool.len() as u32) as usize];
            let solution = solver.solve(p).expect("drawn among the solvable");
            let board = p.cells()[..8].to_string();
            Item {
                question: question(p),
                answer: render::judge(Some(&solution)),
                metadata: metadata(
                    "chips",
                    &board,
                    optimal,
                    &difficulty,
                    seed,
                    index,
                    json!({}),
                ),
            }
        })
        .collect())
}

/// The score of `answer` on `board` (see [`crate::dataset`]).
pub fn score(board: &str, optimal: u32, answer: &str) -> f64 {
    let (Ok(start), Ok(file)) = (parse_board(board), parse_solution(answer)) else {
        return 0.0;
    };
    let Ok(solver) = Solver::new(&Limits::none()) else {
        return 0.0;
    };
    let verdict = verify(start, &file, &solver);
    judged(verdict.is_valid(), optimal, verdict.length)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, Value};

    #[test]
    fn seventy_rings_up_to_the_hardest() {
        let solver = Solver::new(&Limits::none()).unwrap();
        let all = starts(&solver);
        assert_eq!(all.len(), 70);
        assert_eq!(all.iter().map(|s| s.1).max(), Some(12));
    }

    #[test]
    fn items_answer_optimally_and_score_one() {
        let map: Map<String, Value> = serde_json::from_str(r#"{"moves": [4, 6]}"#).unwrap();
        let items = crate::dataset::make("chips", 20, 7, &map, &Limits::none()).unwrap();
        for item in &items {
            let optimal = item.metadata["optimal"].as_u64().unwrap();
            assert!((4..=6).contains(&optimal));
            assert_eq!(crate::dataset::score(&item.metadata, &item.answer), 1.0);
            assert_eq!(crate::dataset::score(&item.metadata, "0\n"), 0.0);
        }
        assert_eq!(
            items,
            crate::dataset::make("chips", 20, 7, &map, &Limits::none()).unwrap()
        );
    }
}
