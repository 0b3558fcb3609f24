//! Sokoban items from the library's generator (`source="generator"`, the default): the
//! levels `gridlock sokoban generate` prints for the same size, boxes, pushes and seed.
//!
//! Difficulty: `size` (default `"10x10"`, the outer wall included, 5 to 24 a side), `boxes`
//! (default 4), `pushes` (the fewest, proven; default 1..1000) and `pushes_per_box`
//! (default 4: at least 16 pushes for four boxes, as the generator's default; 0 turns the
//! rule off), as the generator takes them; and `moves` (default any), a range of the
//! answer's moves.
//!
//! Item `i` is the `i`-th generated level (in the generator's job order, which no thread
//! count changes) whose answer is proven and within `moves`, so the same arguments give the
//! same items everywhere and a longer dataset starts with the shorter one. The answer in
//! the `pushes` order is the generator's own solution when it has the fewest moves among the
//! push-optimal ones (proven; levels where that proof did not finish within its cap are
//! passed over); in the `moves` order the optimal solver's fewest moves, under a state cap
//! that passes over the levels it cannot prove (deterministically: states, not time).

use super::super::generate::job::cap;
use super::super::generate::{generate, Generated, Request, MAX_BOXES, MAX_SIDE, MIN_SIDE};
use super::super::generate::{Stop, PER_BOX};
use super::super::{solve, Objective, Solution, SolveOptions};
use super::Draw;
use crate::dataset::{check, DatasetError, Items, Params};
use gridlock_search::{Limits, StopReason, Stopped};
use serde_json::json;

/// Where the levels come from, as the metadata names it.
const SOURCE: &str = "generator";

/// Rooms the generator may try for each item asked before the request is called one that
/// no level meets (about 2 rooms give a default level, 4 one of 20 or more pushes).
const ROOMS_PER_ITEM: u64 = 1000;

/// States the fewest-moves proof of a 4-box level may store (scaled by 16 / boxes² for
/// others, as the generator scales its caps): Boxoban's levels need far fewer.
const MOVES_CAP: usize = 2_000_000;

/// `count` items of generated levels (see the module comment).
pub fn make(draw: Draw, params: &mut Params, limits: &Limits) -> Items {
    let sides = MIN_SIDE..=MAX_SIDE;
    let size = params.shape("size", (10, 10), |r, c| {
        let fits = sides.contains(&r) && sides.contains(&c);
        fits.then_some(())
            .ok_or_else(|| format!("expected {MIN_SIDE} to {MAX_SIDE} rows and columns"))
    })?;
    let boxes = params.range("boxes", (4, 4), 1, MAX_BOXES as u32)?;
    let pushes = params.range("pushes", (1, 1000), 1, 100_000)?;
    let per_box = params.range("pushes_per_box", (PER_BOX, PER_BOX), 0, 1000)?;
    let moves = params.range("moves", (0, 1_000_000), 0, 1_000_000)?;
    if per_box.0 != per_box.1 {
        return Err(DatasetError::Invalid(
            "pushes_per_box: expected one number, not a range".into(),
        ));
    }
    let asked = draw.asked(params)?;
    let (count, seed, objective) = (draw.count, draw.seed, draw.objective);
    if count == 0 {
        return Ok(Vec::new());
    }
    check(limits)?;
    let req = Request {
        size,
        boxes: (boxes.0 as usize, boxes.1 as usize),
        pushes: (pushes.0, Some(pushes.1)),
        per_box: per_box.0,
        // as many levels as it takes: the items are counted as they are taken
        count: usize::MAX,
        seed,
        max_candidates: Some(ROOMS_PER_ITEM.saturating_mul(count as u64)),
    };
    req.check().map_err(DatasetError::Invalid)?;
    let mut items = Vec::with_capacity(count);
    let mut failed = None;
    let report = generate(
        &req,
        limits,
        |g| {
            match answer(g, objective, limits) {
                Ok(Some(s)) if (moves.0..=moves.1).contains(&s.moves) => {
                    let extra = json!({ "source": SOURCE, "key": g.key });
                    items.push(asked.item(items.len(), &g.level, &s, extra));
                }
                Ok(_) => {}
                Err(stopped) => failed = Some(stopped),
            }
            failed.is_none() && items.len() < count
        },
        |_| {},
    );
    if let Some(stopped) = failed {
        return Err(DatasetError::Stopped(stopped));
    }
    match report.stopped {
        _ if items.len() == count => Ok(items),
        Some(Stop::Candidates(rooms)) => Err(DatasetError::Invalid(format!(
            "only {} of {count} levels of size {}x{} with {}..{} boxes, {}..{} pushes and \
             {}..{} moves for the objective {} in {rooms} rooms: widen the ranges",
            items.len(),
            size.0,
            size.1,
            boxes.0,
            boxes.1,
            pushes.0,
            pushes.1,
            moves.0,
            moves.1,
            objective.name()
        ))),
        stop => Err(DatasetError::Stopped(Stopped {
            reason: stop.map_or(StopReason::Cancelled, |s| s.reason()),
            stats: Default::default(),
            lower_bound: None,
        })),
    }
}

/// The answer of a generated level in the objective's order, `None` for a level passed over
/// (its proof did not finish within its cap); a clock, Ctrl-C or memory stop is an error.
fn answer(
    g: &Generated,
    objective: Objective,
    limits: &Limits,
) -> Result<Option<Solution>, Stopped> {
    match objective {
        Objective::Pushes => Ok(g.moves_optimal.then(|| g.solution.clone())),
        Objective::Moves => {
            let mut capped = limits.clone();
            capped.max_states = Some(cap(MOVES_CAP, g.level.box_count()));
            let options = SolveOptions {
                objective,
                fast: false,
                limits: capped,
            };
            match solve(&g.level, &options) {
                Ok(outcome) => Ok(outcome.solution),
                Err(s) if matches!(s.reason, StopReason::StateLimit(_)) => Ok(None),
                Err(s) => Err(s),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate::{generate, Request};
    use super::super::params;
    use crate::dataset::{make, score};
    use gridlock_search::Limits;

    #[test]
    fn items_are_the_generators_levels_and_score_one() {
        let none = Limits::none();
        let map = params(r#"{"size": "8x9", "boxes": [2, 3], "pushes_per_box": 3}"#);
        let items = make("sokoban", 4, 7, &map, &none).unwrap();
        for (k, item) in items.iter().enumerate() {
            let m = &item.metadata;
            assert_eq!(
                (m["index"].as_u64(), &m["source"]),
                (Some(k as u64), &"generator".into())
            );
            assert_eq!(m["size"], "8x9");
            let boxes = m["boxes"].as_u64().unwrap();
            assert!((2..=3).contains(&boxes));
            assert!(m["pushes"].as_u64().unwrap() >= 3 * boxes);
            assert_eq!(m["optimal"], m["pushes"]);
            assert_eq!(score(m, &item.answer), 1.0);
        }
        assert_eq!(items, make("sokoban", 4, 7, &map, &none).unwrap());
        assert_eq!(make("sokoban", 2, 7, &map, &none).unwrap(), items[..2]);
        // the levels `gridlock sokoban generate --size 8x9 --boxes 2..3 --pushes-per-box 3
        // --seed 7` prints, in its order
        let mut req = Request::default();
        (req.size, req.boxes, req.per_box) = ((8, 9), (2, 3), 3);
        (req.count, req.seed) = (4, 7);
        let report = generate(&req, &none, |_| true, |_| {});
        let boards: Vec<String> = report
            .levels
            .iter()
            .map(|g| g.rows().join("\n") + "\n")
            .collect();
        let items: Vec<&str> = items
            .iter()
            .map(|i| i.metadata["board"].as_str().unwrap())
            .collect();
        assert_eq!(items, boards);
    }

    #[test]
    fn impossible_requests_are_errors() {
        let none = Limits::none();
        // contradictions the generator's request check names
        for bad in [
            r#"{"size": "3x3"}"#,
            r#"{"pushes": [5, 10]}"#,
            r#"{"boxes": [3, 2]}"#,
        ] {
            assert!(make("sokoban", 1, 1, &params(bad), &none).is_err(), "{bad}");
        }
        // a moves range no level meets (a level needs a push): the room cap, on rooms
        // small enough to try a thousand in a moment
        let never = r#"{"size": 6, "boxes": 1, "pushes_per_box": 0, "moves": [0, 0]}"#;
        let e = make("sokoban", 1, 1, &params(never), &none).unwrap_err();
        assert!(e.to_string().contains("in 1000 rooms"), "{e}");
    }
}
