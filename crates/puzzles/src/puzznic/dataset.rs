//! Puzznic datasets: random boards, settled, solved optimally (fewest moves, then cycles).
//!
//! Difficulty: `size`, the playing area inside the border walls (default 5x5, from 3x3 to
//! 8x8); `pieces` (default 4..6) and `types` (default 2..3), how many pieces and of how many
//! kinds (each kind at least twice); `moves`, the optimal number of player moves (default
//! 2..6). A board: each cell above the floor is a wall with probability 1/6, the pieces go
//! on random free cells and fall until they rest; a board where two matching pieces already
//! touch, or that cannot be cleared, or whose optimum is outside `moves` (or needs more than
//! [`STATES`] states to prove) is drawn again, up to [`ATTEMPTS`] times per item.

use super::{parse, parse_solution, replay, solve, Objective, SolveOptions, Strategy, Verdict};
use crate::dataset::{draw_items, metadata, ratio, DatasetError, Item, Items, Params};
use crate::rush_hour::generate::rng::Rng;
use gridlock_search::{Limits, StopReason};
use serde_json::{json, Value};

/// Boards drawn per item before giving up on its parameters.
pub const ATTEMPTS: usize = 3000;
/// The state cap of one candidate's optimal search: a board that needs more is drawn again.
pub const STATES: usize = 200_000;

const RULES: &str = "\
The board is seen from the side: '#' is a wall, '.' an empty cell and each digit a piece of
that type. Gravity pulls pieces down. The game runs in cycles of three steps:
1. You do nothing, or move one piece one cell left or right. Only a piece that is not falling
   may move, into an empty cell, and only if no orthogonal neighbour is a matching piece
   that is not falling. (A piece is falling if the cell below it is empty or holds a falling
   piece.)
2. Every group of two or more orthogonally adjacent matching pieces that are not falling
   vanishes, all at once.
3. Every falling piece moves down one cell, all at once.
Clear the board: the goal is a board with no pieces.";

const FORMAT: &str = "\
Answer with the fewest moves possible (and among those, the fewest cycles): one line per
cycle until the board is empty, `-` to do nothing, or `L r c` / `R r c` to move the piece at
row r, column c (1-based, counting the border walls, top-left is `1 1`) left or right.";

/// One random board (with its border walls) as rows of characters, settled; `None` when two
/// matching pieces touch.
fn draw(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    pieces: (u32, u32),
    types: (u32, u32),
) -> Option<String> {
    let (h, w) = (rows + 2, cols + 2);
    let mut grid = vec![vec![b'#'; w]; h];
    for (r, line) in grid.iter_mut().enumerate().take(h - 1).skip(1) {
        for cell in line.iter_mut().take(w - 1).skip(1) {
            *cell = if r < rows && rng.chance(1, 6) {
                b'#'
            } else {
                b'.'
            };
        }
    }
    let kinds = types.0 + rng.below(types.1 - types.0 + 1);
    let count = (pieces.0 + rng.below(pieces.1 - pieces.0 + 1)).max(2 * kinds);
    let mut labels: Vec<u8> = (0..count).map(|i| b'1' + (i % kinds) as u8).collect();
    // the remainder above two each goes to random kinds
    for l in labels.iter_mut().skip(2 * kinds as usize) {
        *l = b'1' + rng.below(kinds) as u8;
    }
    for label in labels {
        let free: Vec<(usize, usize)> = (1..h - 1)
            .flat_map(|r| (1..w - 1).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r][c] == b'.')
            .collect();
        if free.is_empty() {
            return None;
        }
        let (r, c) = free[rng.below(free.len() as u32) as usize];
        grid[r][c] = label;
    }
    // gravity: every piece falls until it rests on a wall or a piece
    let mut moved = true;
    while moved {
        moved = false;
        for r in (1..h - 1).rev() {
            let (upper, lower) = grid.split_at_mut(r + 1);
            let cells = upper[r].iter_mut().zip(lower[0].iter_mut());
            for (cell, under) in cells.take(w - 1).skip(1) {
                if cell.is_ascii_digit() && *under == b'.' {
                    *under = *cell;
                    *cell = b'.';
                    moved = true;
                }
            }
        }
    }
    for r in 1..h - 1 {
        for c in 1..w - 1 {
            let t = grid[r][c];
            if t.is_ascii_digit() && (grid[r + 1][c] == t || grid[r][c + 1] == t) {
                return None;
            }
        }
    }
    let text = grid
        .iter()
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect();
    Some(text)
}

/// `count` items with optimal moves in the `moves` range.
pub fn make(count: usize, seed: u64, params: &mut Params, limits: &Limits) -> Items {
    let (rows, cols) = params.shape("size", (5, 5), |r, c| {
        if (3..=8).contains(&r) && (3..=8).contains(&c) {
            Ok(())
        } else {
            Err("the playing area is from 3x3 to 8x8".into())
        }
    })?;
    let pieces = params.range("pieces", (4, 6), 2, 20)?;
    let types = params.range("types", (2, 3), 1, 9)?;
    let moves = params.range("moves", (2, 6), 1, 40)?;
    let difficulty = params.finish("puzznic")?;
    if types.0 * 2 > pieces.1 {
        return Err(DatasetError::Invalid(format!(
            "pieces {}..{} cannot hold {} types of at least two pieces each",
            pieces.0, pieces.1, types.0
        )));
    }
    let attempt = |index, rng: &mut Rng| {
        let Some(text) = draw(rng, rows, cols, pieces, types) else {
            return Ok(None);
        };
        let puzzle = parse(&text).expect("drawn boards parse");
        let mut capped = limits.clone();
        capped.max_states = Some(STATES);
        let options = SolveOptions {
            objective: Objective::Moves,
            strategy: Strategy::Optimal,
            limits: capped,
        };
        let outcome = match solve(&puzzle, &options) {
            Ok(o) => o,
            Err(s) if matches!(s.reason, StopReason::StateLimit(_)) => return Ok(None),
            Err(s) => return Err(DatasetError::Stopped(s)),
        };
        let Some(solution) = outcome.solution else {
            return Ok(None);
        };
        if !(moves.0..=moves.1).contains(&solution.moves) {
            return Ok(None);
        }
        let question =
            format!("Solve this Puzznic puzzle.\n\n{RULES}\n\nThe board:\n\n{text}\n{FORMAT}\n");
        let extra = json!({"optimal_cycles": solution.cycles});
        let optimal = solution.moves;
        Ok(Some(Item {
            question,
            answer: super::judge_text(&puzzle, Some(&solution)),
            metadata: metadata("puzznic", &text, optimal, &difficulty, seed, index, extra),
        }))
    };
    draw_items((count, seed, limits), ATTEMPTS, attempt, || {
        format!(
            "no {rows}x{cols} board with these parameters and an optimum of {}..{} moves \
             found in {ATTEMPTS} draws",
            moves.0, moves.1
        )
    })
}

/// The score of `answer` on `board` (see [`crate::dataset`]): the moves ratio times the
/// cycles ratio.
pub fn score(metadata: &Value, board: &str, optimal: u32, answer: &str) -> f64 {
    let cycles = metadata
        .get("optimal_cycles")
        .and_then(Value::as_u64)
        .unwrap_or(0) as u32;
    let (Ok(puzzle), Ok(Verdict::Lines(lines))) = (parse(board), parse_solution(answer)) else {
        return 0.0;
    };
    match replay(&puzzle, &lines) {
        Ok(s) => ratio(optimal, s.moves) * ratio(cycles, s.cycles),
        Err(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value};

    #[test]
    fn items_are_optimal_in_range_and_score_one() {
        let map: Map<String, Value> = serde_json::from_str(r#"{"moves": [2, 4]}"#).unwrap();
        let none = gridlock_search::Limits::none();
        let items = crate::dataset::make("puzznic", 6, 9, &map, &none).unwrap();
        for item in &items {
            let optimal = item.metadata["optimal"].as_u64().unwrap();
            assert!((2..=4).contains(&optimal));
            assert_eq!(crate::dataset::score(&item.metadata, &item.answer), 1.0);
            let waited = format!("-\n{}", item.answer);
            let s = crate::dataset::score(&item.metadata, &waited);
            assert!(s == 0.0 || s < 1.0, "{s}");
        }
        assert_eq!(
            items,
            crate::dataset::make("puzznic", 6, 9, &map, &none).unwrap()
        );
    }
}
