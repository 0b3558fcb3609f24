//! `POST /api/rush-hour/generate`: a new Rush Hour puzzle of a chosen difficulty for the
//! player's "New puzzle" control, from the same library code as `gridlock rush-hour generate`
//! (SPEC §10). The answer holds the puzzle's line (MOVES, board, SIZE), its key, the seed and
//! the command line that prints the same puzzle, so a puzzle met in the browser can be
//! reproduced and shared.

use crate::error::ApiError;
use crate::request::Budget;
use crate::{Job, Reply};
use axum::http::StatusCode;
use gridlock_puzzles::generator::Outcome;
use gridlock_puzzles::rush_hour::generate::{generate as run, Request};
use gridlock_search::Limits;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The difficulty menu: a name, the MOVES range it asks for (slide metric), and the text the
/// page shows. The ranges are the ones puzzle books use (the database's 10-to-20-move
/// puzzles are its "intermediate" cards, 40 and more its hardest); every band is generated
/// well inside the server's default 10 s cap on two cores (docs/generate.md has the figures).
pub const DIFFICULTIES: [(&str, u32, Option<u32>); 4] = [
    ("easy", 10, Some(20)),
    ("medium", 20, Some(30)),
    ("hard", 30, Some(40)),
    ("expert", 40, None),
];

/// The difficulty when the request names none.
const DEFAULT_DIFFICULTY: &str = "medium";

/// What a "New puzzle" or "New level" control sends, for every puzzle's generator.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    /// One of the puzzle's difficulty names.
    difficulty: Option<String>,
    /// The seed; without one the server draws one (and reports it).
    seed: Option<u64>,
    /// Lower the time cap for this request (seconds).
    timeout: Option<f64>,
    /// Lower the candidate cap for this request (boards or rooms tried).
    max_candidates: Option<u64>,
}

/// A generation request read: its difficulty (lower case), its seed (drawn when it brings
/// none), the candidate cap within the server's, and its limits.
pub(crate) struct Asked {
    /// The difficulty's name, lower case.
    pub difficulty: String,
    /// The seed the puzzle comes from.
    pub seed: u64,
    /// The request's candidate cap, at most the server's.
    pub max_candidates: u64,
    /// The deadline, cancel flag and memory budget of the run.
    pub limits: Limits,
}

impl Asked {
    /// Reads the request of `job` (an empty body means all defaults).
    pub(crate) fn read(job: &mut Job) -> Result<Asked, ApiError> {
        job.body = without_empty_board(std::mem::take(&mut job.body));
        let req: GenerateRequest = job.request()?;
        let cap = job.caps.max_candidates;
        Ok(Asked {
            difficulty: req
                .difficulty
                .unwrap_or_else(|| DEFAULT_DIFFICULTY.to_string())
                .to_ascii_lowercase(),
            seed: req.seed.unwrap_or_else(fresh_seed),
            max_candidates: req.max_candidates.map_or(cap, |n| n.min(cap)),
            limits: job.limits(&Budget {
                max_states: None,
                timeout: req.timeout,
            }),
        })
    }
}

/// The entry of a difficulty menu named `name` (any case), or a 400 naming the choices.
pub(crate) fn pick<'a, D>(
    menu: &'a [D],
    name_of: fn(&D) -> &str,
    name: &str,
) -> Result<&'a D, ApiError> {
    menu.iter()
        .find(|d| name_of(d).eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = menu.iter().map(name_of).collect();
            ApiError::bad_request(format!(
                "bad request: difficulty: expected one of {}, found `{name}`",
                names.join(", ")
            ))
        })
}

/// Checks a difficulty menu, for each generator's tests: every entry is what its name
/// picks, the bands' lower ends rise down the menu, every entry makes a request the
/// generator accepts (`check`), and an unknown name is refused with the names listed.
#[cfg(test)]
pub(crate) fn check_menu<D: PartialEq + std::fmt::Debug>(
    menu: &[D],
    name_of: fn(&D) -> &str,
    low: fn(&D) -> u32,
    check: impl Fn(&D) -> Result<(), String>,
) {
    let mut last = 0;
    for d in menu {
        let name = name_of(d);
        assert_eq!(pick(menu, name_of, &name.to_uppercase()).unwrap(), d);
        assert!(low(d) >= last, "{name}");
        last = low(d);
        assert_eq!(check(d), Ok(()), "{name}");
    }
    let e = pick(menu, name_of, "impossible").unwrap_err();
    let names: Vec<&str> = menu.iter().map(name_of).collect();
    assert!(e.message.contains(&names.join(", ")), "{}", e.message);
}

/// The range of a difficulty name, or a 400 naming the choices.
fn band(name: &str) -> Result<(u32, Option<u32>), ApiError> {
    pick(&DIFFICULTIES, |d| d.0, name).map(|&(_, a, b)| (a, b))
}

/// `A..B` or `A..`, as `--moves` and `--pushes` read it.
pub(crate) fn range_text(a: u32, b: Option<u32>) -> String {
    b.map_or(format!("{a}.."), |b| format!("{a}..{b}"))
}

/// A seed for a request that brings none: the clock's nanoseconds, so two clicks give two
/// puzzles. It is reported in the answer, so the puzzle stays reproducible.
fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
        % 1_000_000_000
}

/// The page sends JSON; an empty body (which the shared decoder turns into an empty
/// `board`) means "all defaults", so `curl -X POST .../generate` works too.
pub(crate) fn without_empty_board(mut body: Value) -> Value {
    if let Some(map) = body.as_object_mut() {
        if map
            .get("board")
            .and_then(Value::as_str)
            .is_some_and(|b| b.trim().is_empty())
        {
            map.remove("board");
        }
    }
    body
}

/// Runs a generator for the one item a "New puzzle" or "New level" control asks for, once
/// its request passed `check` (else a 400 with the reason): the report and the milliseconds
/// the run took.
pub(crate) fn generate_one<R>(
    check: Result<(), String>,
    generate: impl FnOnce() -> R,
) -> Result<(R, f64), ApiError> {
    check.map_err(ApiError::bad_request)?;
    let clock = Instant::now();
    let report = generate();
    Ok((report, clock.elapsed().as_secs_f64() * 1000.0))
}

/// The answer of a run that found nothing: why it stopped (in the library's words), `what`
/// was asked, and what the run met. A candidate cap gives the same
/// answer every time (like a state cap: 422); a time cap, a cancel or the memory budget
/// depends on the load (503: trying again may help).
pub(crate) fn nothing_found(report: &impl Outcome, job: &Job, what: &str) -> ApiError {
    let stop = report
        .stopped()
        .expect("a run that found nothing stopped early");
    let (status, why) = if stop.is_count() {
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "{stop} (this server allows at most {} per request)",
                job.caps.max_candidates
            ),
        )
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{stop} ({})", job.caps.describe()),
        )
    };
    ApiError::new(
        status,
        "limit",
        format!(
            "{why}: no {what} found yet ({}); try another seed",
            report.shortfall()
        ),
    )
}

/// Generates one puzzle of the requested difficulty.
pub fn generate(mut job: Job) -> Reply {
    let asked = Asked::read(&mut job)?;
    let difficulty = &asked.difficulty;
    let moves = band(difficulty)?;
    let seed = asked.seed;
    let request = Request {
        moves,
        seed,
        count: 1,
        max_candidates: Some(asked.max_candidates),
        ..Request::default()
    };
    let (report, elapsed_ms) = generate_one(request.check(), || {
        run(&request, &asked.limits, |_| true, |_| {})
    })?;
    let range = range_text(moves.0, moves.1);
    let Some(g) = report.puzzles.first() else {
        let what = format!("{difficulty} puzzle ({range} moves)");
        return Err(nothing_found(&report, &job, &what));
    };
    Ok(json!({
        "puzzle": "rush-hour",
        "difficulty": difficulty,
        "range": range,
        "seed": seed,
        "board": g.board,
        "moves": g.moves,
        "size": g.size,
        "key": g.key,
        "vehicles": g.vehicles,
        "walls": g.walls(),
        "line": g.to_string(),
        "share": format!("rush-hour/{}", g.board),
        "command": format!("gridlock rush-hour generate --moves {range} --seed {seed}"),
        "summary": format!(
            "New {difficulty} puzzle: {} moves, {} vehicles; the hardest of the {} positions \
             of its component, and every vehicle is needed. Solve it (Minimise: moves) to see \
             an optimal solution.",
            g.moves, g.vehicles, g.size
        ),
        "stats": {
            "tried": report.tried,
            "jobs": report.jobs,
            "elapsed_ms": elapsed_ms,
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_are_checked_requests_in_rising_order() {
        let check = |&(_, a, b): &(&str, u32, Option<u32>)| {
            Request::check(&Request {
                moves: (a, b),
                ..Request::default()
            })
        };
        check_menu(&DIFFICULTIES, |d| d.0, |d| d.1, check);
        assert_eq!(band("Hard").unwrap(), (30, Some(40)));
        assert_eq!(range_text(40, None), "40..");
        assert_eq!(range_text(10, Some(20)), "10..20");
    }

    #[test]
    fn an_empty_body_means_the_defaults() {
        let v = without_empty_board(json!({ "board": " \n" }));
        assert_eq!(v, json!({}));
        let v = without_empty_board(json!({ "board": "x", "seed": 1 }));
        assert_eq!(v["board"], "x", "a real board is left for serde to refuse");
    }
}
