//! Sokoban items from DeepMind's Boxoban set (`source="boxoban"`): the 300 levels of
//! `hard/000.txt` committed under `tests/fixtures/sokoban/` (Apache 2.0, attributed there),
//! all 10×10 with four boxes, each solved optimally here.
//!
//! Difficulty: `pushes` and `moves`, ranges of the optimal counts in the objective's order
//! (default: any). The pool is the levels whose optimal counts, read from the committed
//! table of optima (`boxoban-hard-000-first300-optimal.txt`, checked against an independent
//! brute force by `tests/sokoban_boxoban.rs`), fall in both ranges. The pool is put in an
//! order drawn from the seed alone (each level's key comes from its own stream
//! `(seed, level)`), and item `i` is the `i`-th level of that order: no level repeats until
//! the pool is used up, and a longer dataset starts with the shorter one. Each drawn level
//! is solved again, under the caller's limits (the memory budget shared by the searches
//! running at once), for its answer.

use super::super::{parse_collection, solve, Objective, SolveOptions};
use super::Draw;
use crate::dataset::{check, stream, DatasetError, Item, Items, Params};
use gridlock_search::Limits;
use serde_json::json;

/// The levels drawn from: Boxoban `hard/000.txt`, levels 0 to 299.
const LEVELS: &str =
    include_str!("../../../../../tests/fixtures/sokoban/boxoban-hard-000-first300.txt");

/// Their optimal counts: `ID PUSHES MOVES MOVES' PUSHES'` (fewest pushes and the moves among
/// those; fewest moves and the pushes among those), `#` comment lines.
const OPTIMA: &str =
    include_str!("../../../../../tests/fixtures/sokoban/boxoban-hard-000-first300-optimal.txt");

/// Where the levels come from, as the metadata names it.
const SOURCE: &str = "boxoban hard/000.txt";

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

/// `count` items whose optimal counts lie in the `pushes` and `moves` ranges.
pub fn make(draw: Draw, params: &mut Params, limits: &Limits) -> Items {
    let pushes = params.range("pushes", (0, 1000), 0, 100_000)?;
    let moves = params.range("moves", (0, 10_000), 0, 1_000_000)?;
    let asked = draw.asked(params)?;
    let (count, seed, objective) = (draw.count, draw.seed, draw.objective);
    let inside = |(first, second): (u32, u32)| {
        let (p, m) = match objective {
            Objective::Pushes => (first, second),
            Objective::Moves => (second, first),
        };
        (pushes.0..=pushes.1).contains(&p) && (moves.0..=moves.1).contains(&m)
    };
    let mut pool: Vec<(u64, usize)> = optima()
        .into_iter()
        .filter(|&(_, o)| inside(o.of(objective)))
        .map(|(id, _)| (stream(seed, id).next_u64(), id))
        .collect();
    if pool.is_empty() && count > 0 {
        return Err(DatasetError::Invalid(format!(
            "no level of {SOURCE} needs {}..{} pushes and {}..{} moves for the objective {}",
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
        let (_, id) = pool[index % pool.len()];
        let level = &levels[id - 1];
        let options = SolveOptions {
            objective,
            fast: false,
            limits: limits.clone(),
        };
        let outcome = solve(level, &options).map_err(DatasetError::Stopped)?;
        let solution = outcome.solution.expect("every Boxoban level is solvable");
        let extra = json!({ "source": SOURCE, "level": id });
        Ok(asked.item(index, level, &solution, extra))
    };
    use rayon::prelude::*;
    (0..count).into_par_iter().map(item).collect()
}

#[cfg(test)]
mod tests {
    use super::super::params;
    use super::*;
    use crate::dataset::{make, score};

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
                r#"{{"source": "boxoban", "objective": "{objective}", "pushes": [8, 12]}}"#
            ));
            let items = make("sokoban", 5, 3, &map, &none).unwrap();
            let mut seen = Vec::new();
            for item in &items {
                let m = &item.metadata;
                let pushes = m["pushes"].as_u64().unwrap();
                assert!((8..=12).contains(&pushes), "{m}");
                assert_eq!(m[objective], m["optimal"]);
                assert_eq!(m["source"], SOURCE);
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
    fn an_empty_pool_is_an_error() {
        let map = params(r#"{"source": "boxoban", "pushes": [0, 3]}"#);
        let e = make("sokoban", 1, 1, &map, &Limits::none()).unwrap_err();
        assert!(e.to_string().contains("0..3 pushes"), "{e}");
        let map = params(r#"{"source": "boxoban", "boxes": 4}"#);
        assert!(make("sokoban", 1, 1, &map, &Limits::none()).is_err());
    }
}
