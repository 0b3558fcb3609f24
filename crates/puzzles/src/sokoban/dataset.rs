//! Sokoban datasets: levels of DeepMind's Boxoban set (the 300 levels of `hard/000.txt`
//! committed under `tests/fixtures/sokoban/`, Apache 2.0, attributed there), each solved
//! optimally here. gridlock's own level generator is not used yet (it is being written);
//! until then the pool is these 300 levels, all 10×10 with four boxes.
//!
//! Difficulty: `objective`, what the answer must minimise first (`"pushes"`, the default,
//! then moves; or `"moves"`, then pushes); `pushes` and `moves`, ranges of the optimal
//! counts in that order (default: any). The pool is the levels whose optimal counts, read
//! from the committed table of optima (`boxoban-hard-000-first300-optimal.txt`, checked
//! against an independent brute force by `tests/sokoban_boxoban.rs`), fall in both ranges.
//! The pool is put in an order drawn from the seed alone (each level's key comes from its
//! own stream `(seed, level)`), and item `i` is the `i`-th level of that order: no level
//! repeats until the pool is used up, and a longer dataset starts with the shorter one.
//! Each drawn level is solved again, under the caller's limits (the memory budget shared by
//! the searches running at once), for its answer.
//!
//! Score: the answer replayed by the verifier's rules ([`super::verify::replay`]); 0 for an
//! invalid one; for a valid one, the pushes ratio times the moves ratio (each `optimal /
//! answer`, capped at 1, against the item's optimal solution), as Puzznic's: an answer with
//! the fewest pushes but extra moves scores below 1 in the `pushes` order, and one with the
//! fewest moves but extra pushes below 1 in the `moves` order.

use super::{parse_collection, parse_level, parse_solution, replay, solve};
use super::{Claim, Level, Objective, Replay, SolveOptions};
use crate::dataset::{check, metadata, ratio, stream, DatasetError, Item, Items, Params};
use gridlock_search::Limits;
use serde_json::{json, Value};

/// The levels drawn from: Boxoban `hard/000.txt`, levels 0 to 299.
const LEVELS: &str =
    include_str!("../../../../tests/fixtures/sokoban/boxoban-hard-000-first300.txt");

/// Their optimal counts: `ID PUSHES MOVES MOVES' PUSHES'` (fewest pushes and the moves among
/// those; fewest moves and the pushes among those), `#` comment lines.
const OPTIMA: &str =
    include_str!("../../../../tests/fixtures/sokoban/boxoban-hard-000-first300-optimal.txt");

/// Where the levels come from, as the metadata names it.
const SOURCE: &str = "boxoban hard/000.txt";

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

/// The optimal counts of one level: (pushes, moves) in the pushes order, (moves, pushes)
/// in the moves order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Optima {
    pushes_order: (u32, u32),
    moves_order: (u32, u32),
}

impl Optima {
    /// The counts in `objective`'s order: (first, second).
    fn of(&self, objective: Objective) -> (u32, u32) {
        match objective {
            Objective::Pushes => self.pushes_order,
            Objective::Moves => self.moves_order,
        }
    }
}

/// The table of optima, by 1-based level number.
fn optima() -> Vec<(usize, Optima)> {
    OPTIMA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let n: Vec<u32> = l
                .split_whitespace()
                .map(|w| w.parse().expect("the committed table holds numbers"))
                .collect();
            let optima = Optima {
                pushes_order: (n[1], n[2]),
                moves_order: (n[3], n[4]),
            };
            (n[0] as usize, optima)
        })
        .collect()
}

/// The level's text as the solver reads it: its rows in XSB.
fn board_text(level: &Level) -> String {
    level.draw(&level.start).join("\n") + "\n"
}

/// `count` items whose optimal counts lie in the `pushes` and `moves` ranges.
pub fn make(count: usize, seed: u64, params: &mut Params, limits: &Limits) -> Items {
    let objective = match params.choice("objective", &["pushes", "moves"])? {
        "moves" => Objective::Moves,
        _ => Objective::Pushes,
    };
    let pushes = params.range("pushes", (0, 1000), 0, 100_000)?;
    let moves = params.range("moves", (0, 10_000), 0, 1_000_000)?;
    let difficulty = params.finish("sokoban")?;
    let inside = |(first, second): (u32, u32)| {
        let (p, m) = match objective {
            Objective::Pushes => (first, second),
            Objective::Moves => (second, first),
        };
        (pushes.0..=pushes.1).contains(&p) && (moves.0..=moves.1).contains(&m)
    };
    let mut pool: Vec<(u64, usize, (u32, u32))> = optima()
        .into_iter()
        .map(|(id, o)| (id, o.of(objective)))
        .filter(|&(_, counts)| inside(counts))
        .map(|(id, counts)| (stream(seed, id).next_u64(), id, counts))
        .collect();
    if pool.is_empty() && count > 0 {
        return Err(DatasetError::Invalid(format!(
            "no level of {SOURCE} (the pool until gridlock's generator is used) needs \
             {}..{} pushes and {}..{} moves for the objective {}",
            pushes.0,
            pushes.1,
            moves.0,
            moves.1,
            objective.name()
        )));
    }
    pool.sort_unstable();
    let levels = parse_collection(LEVELS).expect("the committed levels parse");
    // one search per thread at once: each gets its share of the memory budget, as in
    // `gridlock sokoban --batch`
    let limits = &limits.shared(rayon::current_num_threads());
    let item = |index: usize| -> Result<Item, DatasetError> {
        check(limits)?;
        let (_, id, _) = pool[index % pool.len()];
        let level = &levels[id - 1];
        let options = SolveOptions {
            objective,
            fast: false,
            limits: limits.clone(),
        };
        let outcome = solve(level, &options).map_err(DatasetError::Stopped)?;
        let solution = outcome.solution.expect("every Boxoban level is solvable");
        let board = board_text(level);
        let counts = match objective {
            Objective::Pushes => (solution.pushes, solution.moves),
            Objective::Moves => (solution.moves, solution.pushes),
        };
        let extra = json!({
            "objective": objective.name(),
            "pushes": solution.pushes,
            "moves": solution.moves,
            "boxes": level.box_count(),
            "size": format!("{}x{}", level.rows, level.cols),
            "source": SOURCE,
            "level": id,
        });
        let question = format!(
            "Solve this Sokoban level.\n\n{RULES}\n\nThe level:\n\n{board}\n{}\n",
            format(objective)
        );
        Ok(Item {
            question,
            answer: solution.lurd(),
            metadata: metadata("sokoban", &board, counts.0, &difficulty, seed, index, extra),
        })
    };
    use rayon::prelude::*;
    (0..count).into_par_iter().map(item).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::{make, score};
    use serde_json::Map;

    fn params(text: &str) -> Map<String, Value> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn the_table_covers_every_level() {
        let table = optima();
        assert_eq!(table.len(), 300);
        assert_eq!(parse_collection(LEVELS).unwrap().len(), 300);
        assert!(table.iter().enumerate().all(|(k, (id, _))| *id == k + 1));
    }

    #[test]
    fn items_are_optimal_in_range_and_score_one() {
        let none = Limits::none();
        for objective in ["pushes", "moves"] {
            let map = params(&format!(
                r#"{{"objective": "{objective}", "pushes": [8, 12]}}"#
            ));
            let items = make("sokoban", 5, 3, &map, &none).unwrap();
            let mut seen = Vec::new();
            for item in &items {
                let m = &item.metadata;
                let pushes = m["pushes"].as_u64().unwrap();
                assert!((8..=12).contains(&pushes), "{m}");
                assert_eq!(m[objective], m["optimal"]);
                let (id, counts) = optima()[m["level"].as_u64().unwrap() as usize - 1];
                let o = counts.of(if objective == "moves" {
                    Objective::Moves
                } else {
                    Objective::Pushes
                });
                let second = if objective == "moves" {
                    "pushes"
                } else {
                    "moves"
                };
                let counts = (m["optimal"].as_u64(), m[second].as_u64());
                assert_eq!(counts, (Some(o.0 as u64), Some(o.1 as u64)), "level {id}");
                assert_eq!(score(m, &item.answer), 1.0);
                assert!(
                    !seen.contains(&id),
                    "a level repeated before the pool ran out"
                );
                seen.push(id);
            }
            assert_eq!(items, make("sokoban", 5, 3, &map, &none).unwrap());
            let longer = make("sokoban", 7, 3, &map, &none).unwrap();
            assert_eq!(&longer[..5], &items[..]);
        }
    }

    #[test]
    fn longer_and_invalid_answers_score_less() {
        let none = Limits::none();
        let item = &make("sokoban", 1, 1, &params(r#"{"pushes": 8}"#), &none).unwrap()[0];
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

    #[test]
    fn an_empty_pool_is_an_error() {
        let map = params(r#"{"pushes": [0, 3]}"#);
        let e = make("sokoban", 1, 1, &map, &Limits::none()).unwrap_err();
        assert!(e.to_string().contains("0..3 pushes"), "{e}");
        assert!(make("sokoban", 1, 1, &params(r#"{"boxes": 4}"#), &Limits::none()).is_err());
    }
}
