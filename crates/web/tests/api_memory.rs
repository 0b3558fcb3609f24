//! The server's solves have a memory budget: a board whose search needs more stops with the
//! memory limit's message and its proven lower bound (422: the board, not the load, is the
//! cause), and one that fits answers as without a budget.

mod support;

use serde_json::json;
use support::{post_json, start};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../tests/fixtures/rush_hour/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_solve_past_the_memory_budget_is_a_limit_with_its_bound() {
    let small = start(gridlock_web::Config {
        max_memory: Some(2 << 20),
        ..gridlock_web::Config::default()
    });
    let body = json!({ "board": fixture("chain_12x12.txt"), "limit": "none" });
    let (status, v) = post_json(small.addr, "/api/rush-hour/solve", &body);
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["kind"], "limit", "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("memory limit of 2.0 MiB reached"), "{error}");
    assert!(error.contains("2.0 MiB of memory"), "{error}");
    let at = error.find("proven lower bound ").expect("a bound") + "proven lower bound ".len();
    let bound: u32 = error[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    // 52 steps, proved by the board's construction (fixture README)
    assert!((5..=52).contains(&bound), "{error}");
    let roomy = start(gridlock_web::Config {
        max_memory: Some(512 << 20),
        ..gridlock_web::Config::default()
    });
    // 29 steps with the exit, proved by construction
    let body = json!({ "board": fixture("chain_9x9.txt"), "limit": "none" });
    let (status, v) = post_json(roomy.addr, "/api/rush-hour/solve", &body);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["length"], 29, "{v}");
    // the guided search's solution of that board holds about 60 KiB: the small budget
    // answers it too
    let (status, v) = post_json(small.addr, "/api/rush-hour/solve", &body);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["length"], 29, "{v}");
}
