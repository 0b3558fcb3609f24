//! # Reasoning datasets
//!
//! Reproducible puzzle datasets for training and evaluating reasoning: [`make`] draws
//! `count` puzzles of a chosen difficulty, each with a question a model can read (the board,
//! the rules, the answer format), an optimal answer and its metadata; [`score`] replays an
//! answer with the puzzle's own rules. Each puzzle's part (its boards, question and answer
//! format) lives in its module's `dataset.rs`; this file holds what they share: the item,
//! the difficulty parameters, the seeds and the scoring formula.
//!
//! **Reproducibility.** Item `i` is drawn from its own random stream, chosen by `(seed, i)`
//! alone ([`Rng::for_job`]), and solved by deterministic searches, so the same arguments give
//! the same items on any machine and any number of threads. (Rush Hour's and Sokoban's items
//! come from the library's generators, which make the same promise for a whole request;
//! Sokoban's `source="boxoban"` from a committed level set put in an order drawn from the
//! seed.)
//!
//! **Answers** are written in the format `gridlock verify` reads for the puzzle (the judge
//! output; Rush Hour's move list), so an item's answer can be checked by the command line too.
//!
//! **Score** ([`score`]): 0.0 for anything that is not a valid solution (unreadable, an
//! illegal move, not solved at the end, over [`MAX_ANSWER`] bytes); for a valid one, the
//! optimal length divided by the answer's length (1.0 for an optimal answer, 0.5 for one
//! twice as long). Puzznic, optimised on moves then cycles, multiplies the two ratios
//! (each capped at 1), so an answer with the fewest moves but extra cycles scores below 1;
//! Sokoban multiplies its pushes and moves ratios the same way.

use crate::rush_hour::generate::rng::Rng;
use gridlock_search::{Limits, StopReason, Stopped};
use serde_json::{json, Map, Value};

/// Answers longer than this score 0 without being read: no optimal answer of any difficulty
/// this module draws comes near it.
pub const MAX_ANSWER: usize = 1 << 20;

/// The puzzles [`make`] knows, as their dataset names.
pub const PUZZLES: [&str; 5] = ["rush-hour", "n-puzzle", "sokoban", "chips", "puzznic"];

/// One dataset item.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The board, the rules and the answer format, in plain text.
    pub question: String,
    /// An optimal solution in the format the question asks for.
    pub answer: String,
    /// `puzzle`, `board` (the input the solver and verifier read), `optimal` (the optimal
    /// length in the question's measure), `difficulty` (the parameters, defaults filled
    /// in), `seed`, `index`, and the puzzle's own facts.
    pub metadata: Value,
}

/// What making a dataset gives: the items, or why there are none.
pub type Items = Result<Vec<Item>, DatasetError>;

/// Why a dataset could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    /// A bad puzzle name or difficulty parameter (the message says which and why).
    #[error("{0}")]
    Invalid(String),
    /// The caller's time limit or Ctrl-C stopped the drawing.
    #[error("{0}")]
    Stopped(Stopped),
}

/// The difficulty parameters of one call, read one by one by the puzzle's module; names
/// it does not read are an error, so a misspelt parameter is never silently ignored.
pub struct Params<'a> {
    map: &'a Map<String, Value>,
    read: Vec<&'static str>,
    resolved: Map<String, Value>,
}

impl<'a> Params<'a> {
    /// The parameters as given.
    pub fn new(map: &'a Map<String, Value>) -> Self {
        Params {
            map,
            read: Vec::new(),
            resolved: Map::new(),
        }
    }

    /// An inclusive range `name` (an integer `n` for `n..n`, or `[a, b]`), within
    /// `min..=max`; `default` when absent.
    pub fn range(
        &mut self,
        name: &'static str,
        default: (u32, u32),
        min: u32,
        max: u32,
    ) -> Result<(u32, u32), DatasetError> {
        self.read.push(name);
        let bad = |why: &str| {
            DatasetError::Invalid(format!(
                "{name}: expected an integer or a pair [low, high] within {min}..{max}, {why}"
            ))
        };
        let int = |v: &Value| {
            v.as_u64()
                .filter(|&n| n <= u64::from(u32::MAX))
                .map(|n| n as u32)
        };
        let (lo, hi) = match self.map.get(name) {
            None | Some(Value::Null) => default,
            Some(Value::Array(pair)) if pair.len() == 2 => match (int(&pair[0]), int(&pair[1])) {
                (Some(a), Some(b)) => (a, b),
                _ => return Err(bad(&format!("found {}", self.map[name]))),
            },
            Some(v) => match int(v) {
                Some(n) => (n, n),
                None => return Err(bad(&format!("found {v}"))),
            },
        };
        if lo > hi || lo < min || hi > max {
            return Err(bad(&format!("found {lo}..{hi}")));
        }
        self.resolved.insert(name.to_string(), json!([lo, hi]));
        Ok((lo, hi))
    }

    /// A word `name`, one of `choices`; the first when absent.
    pub fn choice(
        &mut self,
        name: &'static str,
        choices: &[&'static str],
    ) -> Result<&'static str, DatasetError> {
        self.read.push(name);
        let chosen = match self.map.get(name) {
            None | Some(Value::Null) => Some(choices[0]),
            Some(Value::String(s)) => choices.iter().copied().find(|c| c == s),
            Some(_) => None,
        };
        let Some(chosen) = chosen else {
            return Err(DatasetError::Invalid(format!(
                "{name}: expected one of {}, found {}",
                choices.join(", "),
                self.map[name]
            )));
        };
        self.resolved.insert(name.to_string(), json!(chosen));
        Ok(chosen)
    }

    /// A board shape `name`: `"RxC"`, `[R, C]` or `N` for N×N; `default` when absent.
    pub fn shape(
        &mut self,
        name: &'static str,
        default: (usize, usize),
        check: impl Fn(usize, usize) -> Result<(), String>,
    ) -> Result<(usize, usize), DatasetError> {
        self.read.push(name);
        let bad = |found: &Value, why: &str| {
            DatasetError::Invalid(format!(
                "{name}: expected \"RxC\", [R, C] or N, found {found}{why}"
            ))
        };
        let n = |v: &Value| v.as_u64().filter(|&n| n <= 64).map(|n| n as usize);
        let shape = match self.map.get(name) {
            None | Some(Value::Null) => default,
            Some(v @ Value::String(s)) => {
                let parts: Vec<Option<usize>> = s
                    .split(['x', 'X', '×'])
                    .map(|p| p.trim().parse().ok().filter(|&n: &usize| n <= 64))
                    .collect();
                match parts[..] {
                    [Some(r), Some(c)] => (r, c),
                    _ => return Err(bad(v, "")),
                }
            }
            Some(v @ Value::Array(pair)) if pair.len() == 2 => match (n(&pair[0]), n(&pair[1])) {
                (Some(r), Some(c)) => (r, c),
                _ => return Err(bad(v, "")),
            },
            Some(v) => match n(v) {
                Some(k) => (k, k),
                None => return Err(bad(v, "")),
            },
        };
        if let Err(why) = check(shape.0, shape.1) {
            let found = json!(format!("{}x{}", shape.0, shape.1));
            return Err(bad(&found, &format!(": {why}")));
        }
        self.resolved
            .insert(name.to_string(), json!(format!("{}x{}", shape.0, shape.1)));
        Ok(shape)
    }

    /// The parameters with their defaults filled in, once every name has been read; an
    /// error naming any parameter the puzzle does not take.
    pub fn finish(&mut self, puzzle: &str) -> Result<Value, DatasetError> {
        let unknown: Vec<&String> = self
            .map
            .keys()
            .filter(|k| !self.read.contains(&k.as_str()))
            .collect();
        if let Some(k) = unknown.first() {
            return Err(DatasetError::Invalid(format!(
                "{puzzle} takes the difficulty parameters {}; found {k:?}",
                self.read.join(", ")
            )));
        }
        Ok(Value::Object(std::mem::take(&mut self.resolved)))
    }
}

/// The random stream of item `index` under `seed`.
pub fn stream(seed: u64, index: usize) -> Rng {
    Rng::for_job(seed, index as u64)
}

/// Draws `count` items on every core, item `index` from its own stream ([`stream`]):
/// `attempt` is called with the index and the stream until it gives an item (`Ok(None)`:
/// draw again), at most `attempts` times, and `limits`' deadline and cancel flag are looked
/// at before each call; an item whose every attempt fails ends the drawing with
/// `exhausted()`'s message.
pub fn draw_items(
    (count, seed, limits): (usize, u64, &Limits),
    attempts: usize,
    attempt: impl Fn(usize, &mut Rng) -> Result<Option<Item>, DatasetError> + Sync,
    exhausted: impl Fn() -> String + Sync,
) -> Items {
    use rayon::prelude::*;
    (0..count)
        .into_par_iter()
        .map(|index| {
            let mut rng = stream(seed, index);
            for _ in 0..attempts {
                check(limits)?;
                if let Some(item) = attempt(index, &mut rng)? {
                    return Ok(item);
                }
            }
            Err(DatasetError::Invalid(exhausted()))
        })
        .collect()
}

/// Whether the caller's deadline or Ctrl-C asks the drawing to stop.
pub fn check(limits: &Limits) -> Result<(), DatasetError> {
    let cancelled = limits
        .cancel
        .as_ref()
        .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
    let reason = if cancelled {
        StopReason::Cancelled
    } else if limits
        .deadline
        .is_some_and(|d| std::time::Instant::now() >= d)
    {
        StopReason::Timeout
    } else {
        return Ok(());
    };
    Err(DatasetError::Stopped(Stopped {
        reason,
        stats: Default::default(),
        lower_bound: None,
    }))
}

/// The metadata every item carries, with the puzzle's own facts added.
pub fn metadata(
    puzzle: &str,
    board: &str,
    optimal: u32,
    difficulty: &Value,
    seed: u64,
    index: usize,
    extra: Value,
) -> Value {
    let mut m = json!({
        "puzzle": puzzle,
        "board": board,
        "optimal": optimal,
        "difficulty": difficulty,
        "seed": seed,
        "index": index,
    });
    if let (Value::Object(m), Value::Object(extra)) = (&mut m, extra) {
        m.extend(extra);
    }
    m
}

/// Makes `count` items of `puzzle` (one of [`PUZZLES`]) with the given difficulty
/// parameters (see each puzzle's `dataset.rs`, and docs/python.md), stopping early only on
/// `limits`' deadline or cancel flag.
pub fn make(
    puzzle: &str,
    count: usize,
    seed: u64,
    difficulty: &Map<String, Value>,
    limits: &Limits,
) -> Items {
    let mut params = Params::new(difficulty);
    match puzzle {
        "chips" => crate::chips::dataset::make(count, seed, &mut params, limits),
        "n-puzzle" => crate::n_puzzle::dataset::make(count, seed, &mut params, limits),
        "rush-hour" => crate::rush_hour::dataset::make(count, seed, &mut params, limits),
        "puzznic" => crate::puzznic::dataset::make(count, seed, &mut params, limits),
        "sokoban" => crate::sokoban::dataset::make(count, seed, &mut params, limits),
        other => Err(DatasetError::Invalid(format!(
            "unknown puzzle {other:?}; expected one of {}",
            PUZZLES.join(", ")
        ))),
    }
}

/// The score of `answer` for the item whose metadata is `metadata` (see the module
/// comment): 1.0 optimal, the length ratio for a valid longer answer, 0.0 for anything else.
/// Never fails: metadata that is not a [`make`] item's scores 0.0 too.
pub fn score(metadata: &Value, answer: &str) -> f64 {
    if answer.len() > MAX_ANSWER {
        return 0.0;
    }
    let (Some(puzzle), Some(board), Some(optimal)) = (
        metadata.get("puzzle").and_then(Value::as_str),
        metadata.get("board").and_then(Value::as_str),
        metadata
            .get("optimal")
            .and_then(Value::as_u64)
            .map(|n| n as u32),
    ) else {
        return 0.0;
    };
    match puzzle {
        "chips" => crate::chips::dataset::score(board, optimal, answer),
        "n-puzzle" => crate::n_puzzle::dataset::score(metadata, board, optimal, answer),
        "rush-hour" => crate::rush_hour::dataset::score(board, optimal, answer),
        "puzznic" => crate::puzznic::dataset::score(metadata, board, optimal, answer),
        "sokoban" => crate::sokoban::dataset::score(metadata, board, answer),
        _ => 0.0,
    }
}

/// The score of an answer that the puzzle's verifier judged `valid` (or not) with `length`
/// moves: [`ratio`] for a valid one, 0 otherwise.
pub fn judged(valid: bool, optimal: u32, length: i64) -> f64 {
    match (valid, u32::try_from(length)) {
        (true, Ok(length)) => ratio(optimal, length),
        _ => 0.0,
    }
}

/// The score of a valid answer of `length` against the `optimal` length: 1 at the optimum,
/// proportionally less above it (capped at 1, so metadata that understates nothing can
/// reward an answer above an optimum).
pub fn ratio(optimal: u32, length: u32) -> f64 {
    if length == 0 {
        return if optimal == 0 { 1.0 } else { 0.0 };
    }
    (f64::from(optimal) / f64::from(length)).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios() {
        assert_eq!(ratio(4, 4), 1.0);
        assert_eq!(ratio(4, 8), 0.5);
        assert_eq!(ratio(0, 0), 1.0);
        assert_eq!(ratio(3, 0), 0.0);
        assert_eq!(ratio(5, 4), 1.0);
    }

    #[test]
    fn parameters_are_checked_and_resolved() {
        let map: Map<String, Value> =
            serde_json::from_str(r#"{"moves": [3, 7], "size": "3x4"}"#).unwrap();
        let mut p = Params::new(&map);
        assert_eq!(p.range("moves", (1, 2), 0, 80).unwrap(), (3, 7));
        assert_eq!(p.shape("size", (3, 3), |_, _| Ok(())).unwrap(), (3, 4));
        assert_eq!(
            p.finish("n-puzzle").unwrap(),
            json!({"moves": [3, 7], "size": "3x4"})
        );
        let map: Map<String, Value> = serde_json::from_str(r#"{"mvoes": 3}"#).unwrap();
        let mut p = Params::new(&map);
        p.range("moves", (1, 2), 0, 80).unwrap();
        assert!(p.finish("chips").unwrap_err().to_string().contains("mvoes"));
        let map: Map<String, Value> = serde_json::from_str(r#"{"objective": "moves"}"#).unwrap();
        let mut p = Params::new(&map);
        assert_eq!(
            p.choice("objective", &["pushes", "moves"]).unwrap(),
            "moves"
        );
        assert_eq!(p.finish("sokoban").unwrap(), json!({"objective": "moves"}));
        let map: Map<String, Value> = serde_json::from_str(r#"{"objective": "boxes"}"#).unwrap();
        let mut p = Params::new(&map);
        assert!(p.choice("objective", &["pushes", "moves"]).is_err());
        let empty = Map::new();
        let mut p = Params::new(&empty);
        assert_eq!(
            p.choice("objective", &["pushes", "moves"]).unwrap(),
            "pushes"
        );
        let map: Map<String, Value> = serde_json::from_str(r#"{"moves": [9, 3]}"#).unwrap();
        assert!(Params::new(&map).range("moves", (1, 2), 0, 80).is_err());
    }

    #[test]
    fn unknown_puzzles_and_bad_metadata() {
        let none = Map::new();
        assert!(make("tetris", 1, 1, &none, &Limits::none()).is_err());
        assert_eq!(score(&json!({}), "1"), 0.0);
        assert_eq!(
            score(&json!({"puzzle": "chess", "board": "", "optimal": 1}), ""),
            0.0
        );
    }
}
