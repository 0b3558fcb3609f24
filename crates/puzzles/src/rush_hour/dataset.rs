//! Rush Hour datasets, from the library's generator ([`super::generate`]): 6×6 boards whose
//! optimal number of moves (slides of any length, the published database's measure) lies in
//! the `moves` range (default 10..20), with `vehicles` (default 2..18, the red car included)
//! and `walls` (default 0) as `gridlock rush-hour generate` takes them. Each board is the
//! hardest position of its component and no two items share a component. Only the 6×6 board
//! (`size` 6, the only value taken) has a generator; the answer is an optimal move list in
//! the moves metric, one move per line, as `gridlock verify rush-hour` reads it.

use super::generate::{generate, Request, Set, MAX_VEHICLES, MAX_WALLS};
use super::verify::{parse_moves, replay, Verdict};
use super::{parse_database, Metric};
use crate::dataset::{check, metadata, ratio, DatasetError, Item, Items, Params};
use gridlock_search::{Limits, Stopped};
use serde_json::json;

const RULES: &str = "\
The board is a 6x6 parking lot seen from above: '.' is an empty cell, 'x' a fixed wall, and
each letter a vehicle, a straight run of 2 or 3 cells. Vehicle A is the red car; the exit is
at the right end of its row (the third row, marked <- exit). A move slides one vehicle any
number of cells forwards or backwards along its own direction (horizontal vehicles left or
right, vertical ones up or down) through empty cells; vehicles never turn or leave the board,
and only the red car may leave, through the exit. The puzzle is solved when the red car
covers the two rightmost cells of the exit row.";

const FORMAT: &str = "\
Answer with the fewest moves possible (a slide of several cells is one move): one move per
line, written as the vehicle's letter, its direction (up, down, left or right) and the number
of cells, for example `B down 2`.";

/// `count` items with optimal moves in the `moves` range.
pub fn make(count: usize, seed: u64, params: &mut Params, limits: &Limits) -> Items {
    params.range("size", (6, 6), 6, 6)?;
    let moves = params.range("moves", (10, 20), 1, 60)?;
    let vehicles = params.range("vehicles", (2, MAX_VEHICLES as u32), 2, MAX_VEHICLES as u32)?;
    let walls = params.range("walls", (0, 0), 0, MAX_WALLS as u32)?;
    if walls.0 != walls.1 {
        return Err(DatasetError::Invalid(
            "walls: expected one number of walls, not a range".into(),
        ));
    }
    let difficulty = params.finish("rush-hour")?;
    if count == 0 {
        return Ok(Vec::new());
    }
    check(limits)?;
    let req = Request {
        moves: (moves.0, Some(moves.1)),
        vehicles: (vehicles.0 as usize, vehicles.1 as usize),
        walls: walls.0 as usize,
        set: Set::Any,
        count,
        seed,
        max_candidates: None,
    };
    req.check().map_err(DatasetError::Invalid)?;
    let report = generate(&req, limits, |_| true, |_| {});
    if let Some(stop) = report.stopped {
        let reason = stop.reason();
        let stopped = Stopped {
            reason,
            stats: Default::default(),
            lower_bound: None,
        };
        return Err(DatasetError::Stopped(stopped));
    }
    report
        .puzzles
        .iter()
        .enumerate()
        .map(|(index, g)| {
            let puzzle = parse_database(&g.board).expect("the generator's boards parse");
            let (found, _) = puzzle
                .solve(Metric::Moves, None, limits)
                .map_err(DatasetError::Stopped)?;
            let solution = found.expect("generated puzzles are solvable");
            let answer: String = solution
                .moves
                .iter()
                .map(|&m| puzzle.move_name(m) + "\n")
                .collect();
            let question = format!(
                "Solve this Rush Hour puzzle.\n\n{RULES}\n\nThe board:\n\n{}\n{FORMAT}\n",
                puzzle.grid(&puzzle.start)
            );
            let extra = json!({
                "vehicles": g.vehicles,
                "walls": walls.0,
                "component_size": g.size,
                "key": g.key,
            });
            Ok(Item {
                question,
                answer,
                metadata: metadata(
                    "rush-hour",
                    &g.board,
                    g.moves,
                    &difficulty,
                    seed,
                    index,
                    extra,
                ),
            })
        })
        .collect()
}

/// The score of `answer` on `board` (a database string; see [`crate::dataset`]). A move list
/// is measured in lines: two slides of one vehicle in a row count as two moves.
pub fn score(board: &str, optimal: u32, answer: &str) -> f64 {
    let (Ok(puzzle), Ok(list)) = (parse_database(board), parse_moves(answer)) else {
        return 0.0;
    };
    match replay(puzzle.board(), &puzzle.start, &list) {
        Verdict::Valid { moves, .. } => ratio(optimal, moves),
        Verdict::Invalid { .. } => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value};

    #[test]
    fn items_are_optimal_in_range_and_score_one() {
        let map: Map<String, Value> = serde_json::from_str(r#"{"moves": [4, 8]}"#).unwrap();
        let none = gridlock_search::Limits::none();
        let items = crate::dataset::make("rush-hour", 5, 2, &map, &none).unwrap();
        assert_eq!(items.len(), 5);
        for item in &items {
            let optimal = item.metadata["optimal"].as_u64().unwrap();
            assert!((4..=8).contains(&optimal));
            assert_eq!(item.answer.lines().count() as u64, optimal);
            assert_eq!(crate::dataset::score(&item.metadata, &item.answer), 1.0);
            let longer = format!("{}A left 1\nA right 1\n", item.answer);
            // replaying past the goal is still a valid (longer) list only if legal; either
            // way it never scores 1
            assert!(crate::dataset::score(&item.metadata, &longer) < 1.0);
        }
    }
}
