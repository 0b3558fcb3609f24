//! `POST /api/rush-hour/generate` over real HTTP: each answer against a direct call of the
//! library's generator with the same request and seed, and against the solver (a search the
//! generator does not use): the optimal moves, the difficulty's range, every vehicle needed.
//! Then the request's errors and the time cap.

mod support;

use gridlock_puzzles::rush_hour::generate::{generate, Request};
use gridlock_puzzles::rush_hour::{parse_database, Metric};
use gridlock_search::Limits;
use serde_json::{json, Value};
use std::sync::OnceLock;
use support::{post_json, request, start, Server};

/// One server for the file, without a time cap: a request is bounded by the server's
/// candidate cap (a count), so the answer for a seed is the same on any machine however busy
/// (an expert puzzle takes 2 to 15 s of a loaded 2-core machine, one seed in five longer).
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| start(support::untimed()))
}

fn post(body: Value) -> (u16, Value) {
    post_json(server().addr, "/api/rush-hour/generate", &body)
}

/// Optimal moves (slide metric) of a 36-character board, by the solver.
fn moves_of(board: &str) -> u32 {
    let p = parse_database(board).unwrap();
    p.optimum(Metric::Moves, None, &Limits::none())
        .unwrap()
        .0
        .expect("solvable")
}

/// Checks one answer against the library and the solver.
fn check(v: &Value, range: (u32, Option<u32>), seed: u64) {
    let req = Request {
        moves: range,
        seed,
        count: 1,
        ..Request::default()
    };
    let want = generate(&req, &Limits::none(), |_| true, |_| {}).puzzles;
    let g = &want[0];
    assert_eq!(v["board"], g.board.as_str(), "{v}");
    assert_eq!(v["moves"], g.moves, "{v}");
    assert_eq!(v["size"], g.size, "{v}");
    assert_eq!(v["key"], g.key.as_str(), "{v}");
    assert_eq!(v["line"], g.to_string().as_str(), "{v}");
    assert_eq!(v["seed"], seed);
    assert_eq!(v["share"], format!("rush-hour/{}", g.board).as_str());
    let board = v["board"].as_str().unwrap();
    let moves = moves_of(board);
    assert_eq!(u64::from(moves), v["moves"].as_u64().unwrap(), "{board}");
    assert!(
        moves >= range.0 && range.1.is_none_or(|b| moves <= b),
        "{v}"
    );
    // every vehicle but the red car is needed: removing it lowers the optimum
    for letter in b'B'..=b'Z' {
        if !board.as_bytes().contains(&letter) {
            continue;
        }
        let without: String = board
            .bytes()
            .map(|b| if b == letter { 'o' } else { b as char })
            .collect();
        assert!(
            moves_of(&without) < moves,
            "{board} without {}",
            letter as char
        );
    }
    let range_text = match range.1 {
        Some(b) => format!("{}..{b}", range.0),
        None => format!("{}..", range.0),
    };
    assert_eq!(
        v["command"],
        format!("gridlock rush-hour generate --moves {range_text} --seed {seed}").as_str()
    );
}

#[test]
fn each_difficulty_gives_the_librarys_puzzle_for_the_seed() {
    for (name, range) in [
        ("easy", (10, Some(20))),
        ("medium", (20, Some(30))),
        ("hard", (30, Some(40))),
    ] {
        let (status, v) = post(json!({ "difficulty": name, "seed": 7 }));
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["difficulty"], name);
        check(&v, range, 7);
        assert!(v["summary"].as_str().unwrap().contains(name), "{v}");
    }
}

#[test]
fn expert_puzzles_have_forty_moves_or_more() {
    let (status, v) = post(json!({ "difficulty": "Expert", "seed": 1 }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["difficulty"], "expert");
    check(&v, (40, None), 1);
}

#[test]
fn same_seed_same_puzzle_other_seed_other_puzzle_no_seed_a_fresh_one() {
    let a = post(json!({ "difficulty": "easy", "seed": 11 })).1;
    let b = post(json!({ "difficulty": "easy", "seed": 11 })).1;
    let c = post(json!({ "difficulty": "easy", "seed": 12 })).1;
    assert_eq!(a["board"], b["board"]);
    assert_ne!(a["key"], c["key"]);
    let (status, d) = post(json!({ "difficulty": "easy" }));
    assert_eq!(status, 200, "{d}");
    let seed = d["seed"].as_u64().expect("the server reports its seed");
    check(&d, (10, Some(20)), seed);
}

#[test]
fn an_empty_body_is_a_medium_puzzle() {
    let r = request(server().addr, "POST", "/api/rush-hour/generate", None, b"");
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["difficulty"], "medium");
    check(&v, (20, Some(30)), v["seed"].as_u64().unwrap());
}

#[test]
fn bad_requests_are_400_and_other_puzzles_404() {
    let (status, v) = post(json!({ "difficulty": "nightmare" }));
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["kind"], "input");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("expected one of easy, medium, hard, expert, found `nightmare`"),
        "{v}"
    );
    let (status, v) = post(json!({ "difficulty": "easy", "count": 5 }));
    assert_eq!(status, 400, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `count`"),
        "{v}"
    );
    let (status, v) = post(json!({ "seed": -1 }));
    assert_eq!(status, 400, "{v}");
    let (status, v) = post_json(server().addr, "/api/chips/generate", &json!({}));
    assert_eq!(status, 404, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("only rush-hour"),
        "{v}"
    );
    let (status, _) = post_json(server().addr, "/api/puzznic/generate", &json!({}));
    assert_eq!(status, 404);
}

/// The candidate cap is a count: the same request stops at the same point every time, and
/// the answer says so with a 422 (retrying does not help), unlike the time cap's 503.
#[test]
fn a_request_over_its_candidate_cap_is_422_with_what_was_tried() {
    let body = json!({ "difficulty": "expert", "seed": 5, "max_candidates": 50 });
    let (status, v) = post(body.clone());
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["kind"], "limit");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.starts_with("candidate limit of 50 boards reached (this server allows at most"),
        "{e}"
    );
    assert!(e.contains("no expert puzzle (40.. moves) found yet"), "{e}");
    assert_eq!(post(body).1, v, "a count gives the same answer every time");
    // a request cannot raise the server's own cap
    let small = start(gridlock_web::Config {
        max_candidates: 30,
        ..support::untimed()
    });
    let asked = json!({ "difficulty": "expert", "seed": 5, "max_candidates": 1_000_000 });
    let (status, v) = post_json(small.addr, "/api/rush-hour/generate", &asked);
    assert_eq!(status, 422, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(e.starts_with("candidate limit of 30 boards reached"), "{e}");
}

#[test]
fn a_request_out_of_time_is_503_with_what_was_tried() {
    let (status, v) = post(json!({ "difficulty": "expert", "seed": 5, "timeout": 0 }));
    assert_eq!(status, 503, "{v}");
    assert_eq!(v["kind"], "limit");
    assert!(
        v["error"].as_str().unwrap().contains("no expert puzzle"),
        "{v}"
    );
    // and the server still answers
    let (status, v) = post_json(
        server().addr,
        "/api/chips/solve",
        &json!({ "board": "BRRBBRBR" }),
    );
    assert_eq!(status, 200, "{v}");
}
