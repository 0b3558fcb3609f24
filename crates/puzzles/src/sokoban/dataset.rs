//! Sokoban datasets. Two sources of levels ([`make`]'s `source`):
//! - **`"generator"`** (the default, [`generated`]): new levels from the library's generator
//!   ([`super::generate`], the one `gridlock sokoban generate` runs), with its difficulty
//!   parameters: `size` (default 10×10), `boxes` (default 4), `pushes` (the fewest, proven)
//!   and `pushes_per_box`, Boxoban-like by default;
//! - **`"boxoban"`** ([`boxoban`]): the 300 levels of DeepMind's Boxoban `hard/000.txt`
//!   committed under `tests/fixtures/sokoban/`, by their recorded optima.
//!
//! Both take `objective`, what the answer must minimise first (`"pushes"`, the default,
//! then moves; or `"moves"`, then pushes), and `moves`, a range of the answer's moves.
//!
//! Score: the answer replayed by the verifier's rules ([`super::verify::replay`]); 0 for an
//! invalid one; for a valid one, the pushes ratio times the moves ratio (each `optimal /
//! answer`, capped at 1, against the item's optimal solution), as Puzznic's: an answer with
//! the fewest pushes but extra moves scores below 1 in the `pushes` order, and one with the
//! fewest moves but extra pushes below 1 in the `moves` order.

pub mod boxoban;
pub mod generated;

use super::{parse_level, parse_solution, replay};
use super::{Claim, Level, Objective, Replay, Solution};
use crate::dataset::{metadata, ratio, DatasetError, Item, Items, Params};
use gridlock_search::Limits;
use serde_json::{json, Value};

const RULES: &str = "\
The level is drawn in the standard Sokoban notation: '#' wall, ' ' floor, '.' goal, '$' box,
'*' box on a goal, '@' you (the player), '+' you on a goal. You move one cell left, up,
right or down onto a floor cell. If a box is in that cell you push it one cell further in
the same direction; that is allowed only if the cell beyond the box is floor or a goal with
no box on it. You cannot pull boxes, walk through walls or push two boxes at once. The
level is solved when every box stands on a goal.";

/// How an answer is written, whatever the objective.
const LURD: &str = "\
one line of letters, one per step, l u r d for a step left, up, right or down that pushes
nothing and L U R D for a step that pushes a box (an answer all in one case is read by its
directions alone).";

/// The answer format of one objective.
fn format(objective: Objective) -> String {
    let order = match objective {
        Objective::Pushes => "the fewest pushes possible, and among those the fewest moves",
        Objective::Moves => "the fewest moves possible, and among those the fewest pushes",
    };
    format!("Answer with {order}:\n{LURD}")
}

/// One call of [`make`]: how many items, the seed, and the objective.
#[derive(Clone, Copy, Debug)]
pub struct Draw {
    /// Items to make.
    pub count: usize,
    /// The call's seed.
    pub seed: u64,
    /// What the answers minimise first.
    pub objective: Objective,
}

impl Draw {
    /// What every item shares, once the source has read all its parameters from `params`
    /// (an error names any other).
    pub fn asked(&self, params: &mut Params) -> Result<Asked, DatasetError> {
        Ok(Asked {
            objective: self.objective,
            difficulty: params.finish("sokoban")?,
            seed: self.seed,
        })
    }
}

/// What every item of one call shares: the objective, the resolved difficulty and the seed.
pub struct Asked {
    /// What the answers minimise first.
    pub objective: Objective,
    /// The difficulty parameters, defaults filled in.
    pub difficulty: Value,
    /// The call's seed.
    pub seed: u64,
}

impl Asked {
    /// Item `index`: `level` with its optimal `solution` in the objective's order, and the
    /// source's own facts `extra` in the metadata.
    pub fn item(&self, index: usize, level: &Level, solution: &Solution, extra: Value) -> Item {
        let board = level.draw(&level.start).join("\n") + "\n";
        let first = match self.objective {
            Objective::Pushes => solution.pushes,
            Objective::Moves => solution.moves,
        };
        let mut facts = json!({
            "objective": self.objective.name(),
            "pushes": solution.pushes,
            "moves": solution.moves,
            "boxes": level.box_count(),
            "size": format!("{}x{}", level.rows, level.cols),
        });
        if let (Value::Object(f), Value::Object(extra)) = (&mut facts, extra) {
            f.extend(extra);
        }
        let (difficulty, seed) = (&self.difficulty, self.seed);
        let question = format!(
            "Solve this Sokoban level.\n\n{RULES}\n\nThe level:\n\n{board}\n{}\n",
            format(self.objective)
        );
        Item {
            question,
            answer: solution.lurd(),
            metadata: metadata("sokoban", &board, first, difficulty, seed, index, facts),
        }
    }
}

/// `count` items from the `source` the parameters name (see the module comment).
pub fn make(count: usize, seed: u64, params: &mut Params, limits: &Limits) -> Items {
    let source = params.choice("source", &["generator", "boxoban"])?;
    let objective = match params.choice("objective", &["pushes", "moves"])? {
        "moves" => Objective::Moves,
        _ => Objective::Pushes,
    };
    let draw = Draw {
        count,
        seed,
        objective,
    };
    match source {
        "boxoban" => boxoban::make(draw, params, limits),
        _ => generated::make(draw, params, limits),
    }
}

/// The score of `answer` on `board` (see the module comment): the pushes ratio times the
/// moves ratio, against the optimal solution's counts in the item's objective.
pub fn score(metadata: &Value, board: &str, answer: &str) -> f64 {
    let count = |name: &str| metadata.get(name).and_then(Value::as_u64).map(|n| n as u32);
    let (Some(pushes), Some(moves)) = (count("pushes"), count("moves")) else {
        return 0.0;
    };
    let (Ok(level), Ok(Claim::Steps(letters))) = (parse_level(board, None), parse_solution(answer))
    else {
        return 0.0;
    };
    match replay(&level, &letters) {
        Replay::Solved {
            moves: m,
            pushes: p,
        } => ratio(pushes, p) * ratio(moves, m),
        Replay::Invalid { .. } => 0.0,
    }
}

/// Difficulty parameters written as JSON (for the tests of both sources).
#[cfg(test)]
fn params(text: &str) -> serde_json::Map<String, Value> {
    serde_json::from_str(text).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::{make, score};

    #[test]
    fn longer_and_invalid_answers_score_less() {
        let none = Limits::none();
        let item = &make("sokoban", 1, 1, &params("{}"), &none).unwrap()[0];
        let m = &item.metadata;
        // a detour (a step and its way back) that pushes nothing: valid, two moves longer
        let back = |c: char| match c.to_ascii_lowercase() {
            'l' => 'r',
            'r' => 'l',
            'u' => 'd',
            _ => 'u',
        };
        // inserted before a step that pushes nothing (its cell is free floor)
        let at = item.answer.find(|c: char| c.is_ascii_lowercase()).unwrap();
        let walk = item.answer[at..].chars().next().unwrap();
        let detour = format!(
            "{}{walk}{}{}",
            &item.answer[..at],
            back(walk),
            &item.answer[at..]
        );
        let moves = m["moves"].as_u64().unwrap() as f64;
        assert_eq!(score(m, &detour), moves / (moves + 2.0));
        assert_eq!(score(m, &item.answer.to_lowercase()), 1.0);
        assert_eq!(score(m, &item.answer[1..]), 0.0);
        assert_eq!(score(m, ""), 0.0);
        assert_eq!(score(m, "-1"), 0.0);
        assert_eq!(score(m, "xyz"), 0.0);
    }
}
