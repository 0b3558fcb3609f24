//! The JSON API over real HTTP, against the library it must agree with: every answer is
//! checked against a direct library call, every error against the parser's own message.

mod support;

use gridlock_puzzles::chips;
use gridlock_puzzles::puzznic;
use gridlock_puzzles::rush_hour;
use gridlock_search::Limits;
use serde_json::json;
use std::sync::OnceLock;
use support::{post_json, request, request_with, start, Server};

/// One server for the whole file (its own runtime, on a free loopback port).
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| start(support::untimed()))
}

fn addr() -> std::net::SocketAddr {
    server().addr
}

/// Checks that the server still solves after a failure.
fn still_answering() {
    let (status, v) = post_json(addr(), "/api/chips/solve", &json!({ "board": "BRRBBRBR" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["length"], 4);
}

// ---------------------------------------------------------------------------------------------
// The page and the server's own errors.

#[test]
fn the_page_and_its_assets_are_served_with_a_strict_policy() {
    let page = request(addr(), "GET", "/", None, b"");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(page
        .header("content-security-policy")
        .unwrap()
        .contains("default-src 'self'"));
    assert!(page.text().contains("<script src=\"app.js\""));
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/rush_hour.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/examples.json", "application/json"),
        ("/icon.svg", "image/svg+xml"),
    ] {
        let r = request(addr(), "GET", path, None, b"");
        assert_eq!(r.status, 200, "{path}");
        assert!(
            r.header("content-type").unwrap().starts_with(kind),
            "{path}"
        );
        assert!(!r.body.is_empty(), "{path}");
    }
}

#[test]
fn unknown_puzzles_paths_and_methods_are_json_errors() {
    let (status, v) = post_json(addr(), "/api/klotski/solve", &json!({ "board": "x" }));
    assert_eq!(status, 404);
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("unknown puzzle 'klotski'"));
    let r = request(addr(), "GET", "/api/chips/solve", None, b"");
    assert_eq!(r.status, 405);
    assert_eq!(r.json()["kind"], "input");
    let r = request(addr(), "GET", "/nothing-here", None, b"");
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["kind"], "not_found");
}

#[test]
fn other_sites_pages_cannot_call_the_api() {
    let body = br#"{"board":"BRRBBRBR"}"#;
    let own = format!("http://{}", addr());
    let r = request_with(
        addr(),
        "POST",
        "/api/chips/solve",
        Some("application/json"),
        &[("Origin", &own)],
        body,
    );
    assert_eq!(r.status, 200, "the page's own origin is served");
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let r = request_with(
            addr(),
            "POST",
            "/api/chips/solve",
            Some("text/plain"),
            &[("Origin", origin)],
            body,
        );
        assert_eq!(r.status, 403, "{origin}");
        assert_eq!(r.json()["kind"], "forbidden");
    }
    still_answering();
}

#[test]
fn malformed_requests_are_400_with_a_reason() {
    let r = request(
        addr(),
        "POST",
        "/api/chips/solve",
        Some("application/json"),
        b"{\"board\": ",
    );
    assert_eq!(r.status, 400);
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("not valid JSON"));
    let (status, v) = post_json(
        addr(),
        "/api/chips/solve",
        &json!({ "board": "BRRBBRBR", "metrik": "moves" }),
    );
    assert_eq!(status, 400);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `metrik`"),
        "{v}"
    );
    let (status, v) = post_json(addr(), "/api/chips/solve", &json!({ "board": 5 }));
    assert_eq!(status, 400, "{v}");
    let r = request(addr(), "POST", "/api/chips/solve", None, b"BRR\xffBBRBR");
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("UTF-8"));
    still_answering();
}

#[test]
fn bodies_over_64_kib_are_413_and_the_server_keeps_answering() {
    let big = json!({ "board": "R".repeat(70 * 1024) });
    let (status, v) = post_json(addr(), "/api/chips/solve", &big);
    assert_eq!(status, 413);
    assert_eq!(v["kind"], "too_large");
    assert!(v["error"].as_str().unwrap().contains("65536 bytes"));
    // Just under the cap is read (and then refused by the parser, not by the size check).
    let near = json!({ "board": "R".repeat(60 * 1024) });
    let (status, v) = post_json(addr(), "/api/chips/solve", &near);
    assert_eq!((status, v["kind"].as_str()), (400, Some("input")));
    still_answering();
}

// ---------------------------------------------------------------------------------------------
// Chips.

#[test]
fn chips_solve_matches_the_library_for_every_ring() {
    let solver = chips::Solver::new(&Limits::none()).unwrap();
    // All 256 rings: the answer, the boards and the move list must be the library's.
    for bits in 0u32..256 {
        let ring: String = (0..8)
            .map(|i| if bits >> i & 1 == 1 { 'B' } else { 'R' })
            .collect();
        let (status, v) = post_json(addr(), "/api/chips/solve", &json!({ "board": ring }));
        assert_eq!(status, 200, "{ring}: {v}");
        let start = chips::parse_board(&ring).unwrap();
        let expected = solver.solve(start);
        assert_eq!(v["solvable"], expected.is_some(), "{ring}");
        assert_eq!(
            v["judge"],
            chips::render::judge(expected.as_ref()),
            "{ring}"
        );
        assert_eq!(v["share"], format!("chips/{ring}"));
        let steps = v["steps"].as_array().unwrap();
        match &expected {
            None => {
                assert_eq!(steps.len(), 1);
                assert!(v["length"].is_null());
            }
            Some(s) => {
                assert_eq!(v["length"], s.moves.len());
                assert_eq!(steps.len(), s.moves.len() + 1);
                let labels: Vec<String> = v["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["label"].as_str().unwrap().to_string())
                    .collect();
                let want: Vec<String> = s.moves.iter().map(|m| m.to_string()).collect();
                assert_eq!(labels, want, "{ring}");
                for (step, p) in steps.iter().zip(s.boards()) {
                    assert_eq!(step["board"]["cells"], p.cells(), "{ring}");
                }
            }
        }
    }
}

#[test]
fn chips_solve_reports_playback_details_and_statistics() {
    let (status, v) = post_json(
        addr(),
        "/api/chips/solve",
        &json!({ "board": "BRRBBRBR\r\n" }),
    );
    assert_eq!(status, 200);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["lengths"]["moves"], 4);
    assert_eq!(v["steps"][0]["move"], json!(null));
    assert_eq!(v["steps"][1]["move"], 0);
    assert_eq!(
        v["steps"][1]["board"]["moved_to"], 8,
        "chip 1 moved into the centre"
    );
    assert_eq!(v["steps"][4]["board"]["cells"], "BRBRBRBR.");
    assert_eq!(
        v["stats"]["expanded"], 630,
        "the whole 630-position component"
    );
    assert_eq!(
        v["json"]["moves"],
        json!([1, 2, 3, 8]),
        "the CLI's JSON is included"
    );
    assert_eq!(v["solution"], "4\n1\n2\n3\n8\n");
}

#[test]
fn chips_plain_text_bodies_are_boards() {
    let r = request(
        addr(),
        "POST",
        "/api/chips/solve",
        Some("text/plain"),
        b"BRRBBRBR\n",
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["judge"], "4\n1\n2\n3\n8\n");
}

#[test]
fn chips_malformed_boards_are_400_with_the_parsers_message() {
    for board in [
        "",
        "BRRB",
        "BRXBBRBR",
        "brrbbrbr",
        "BRRBBRBRB",
        "\n  BRRB BRBR",
    ] {
        let (status, v) = post_json(addr(), "/api/chips/solve", &json!({ "board": board }));
        let e = chips::parse_board(board).unwrap_err();
        assert_eq!(status, 400, "{board:?}");
        assert_eq!(v["error"], e.to_string(), "{board:?}");
        assert_eq!(v["kind"], "input");
        assert_eq!(v["at"]["field"], "board");
        assert_eq!(v["at"]["line"], e.line);
        assert_eq!(v["at"]["column"], e.column);
    }
}

#[test]
fn chips_verify_gives_the_judges_verdict() {
    let (status, v) = post_json(
        addr(),
        "/api/chips/verify",
        &json!({ "board": "BRRBBRBR", "solution": "4\n1\n2\n3\n8\n" }),
    );
    assert_eq!(status, 200);
    assert_eq!(
        (v["valid"].as_bool(), v["optimal"].as_bool()),
        (Some(true), Some(true))
    );
    assert!(v["report"]
        .as_str()
        .unwrap()
        .starts_with("valid\nlength: 4\n"));
    let (status, v) = post_json(
        addr(),
        "/api/chips/verify",
        &json!({ "board": "BRRBBRBR", "solution": "2\n1\n0\n" }),
    );
    assert_eq!(status, 200);
    assert_eq!(v["valid"], false);
    assert_eq!(v["problem"]["line"], 3);
    let start = chips::parse_board("BRRBBRBR").unwrap();
    let file = chips::parse_solution("2\n1\n0\n").unwrap();
    let verdict = chips::verify(start, &file, &chips::Solver::new(&Limits::none()).unwrap());
    assert_eq!(
        v["report"],
        verdict.report(&[1, 0]),
        "the CLI's report, word for word"
    );
}

#[test]
fn chips_verify_locates_a_malformed_solution() {
    let (status, v) = post_json(
        addr(),
        "/api/chips/verify",
        &json!({ "board": "BRRBBRBR", "solution": "2\n1 2\n" }),
    );
    assert_eq!(status, 400);
    let e = chips::parse_solution("2\n1 2\n").unwrap_err();
    assert_eq!(v["error"], e.to_string());
    assert_eq!(
        v["at"],
        json!({ "field": "solution", "line": 2, "column": 3 })
    );
}

#[test]
fn chips_search_over_its_cap_is_a_json_error_and_the_server_keeps_answering() {
    let (status, v) = post_json(
        addr(),
        "/api/chips/solve",
        &json!({ "board": "BRRBBRBR", "max_states": 100 }),
    );
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["kind"], "limit");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("state limit of 100 states reached"),
        "{v}"
    );
    still_answering();
}

// ---------------------------------------------------------------------------------------------
// Rush Hour.

const SAMPLE1: &str =
    "2 2 0 0 0 7\n3 0 0 5 0 7\n3 1 1 5 0 7\n3 0 0 5 0 0\n4 0 0 0 8 8\n4 0 6 6 6 0\n";
const SAMPLE2: &str =
    "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";
const FIXTURE: &str = include_str!("../../../tests/fixtures/rush_hour/rush_18k_sample.txt");

/// Checks that consecutive playback frames differ by exactly one vehicle moving one cell
/// along its own line (or, at the end, the red car driving one more cell out).
fn check_frames(steps: &[serde_json::Value]) {
    for pair in steps.windows(2) {
        let (a, b) = (&pair[0]["board"], &pair[1]["board"]);
        let (ca, cb) = (a["cells"].as_str().unwrap(), b["cells"].as_str().unwrap());
        if a["out"].as_u64() != b["out"].as_u64() {
            assert_eq!(ca, cb, "the board stands still while the red car leaves");
            assert_eq!(b["out"].as_u64().unwrap(), a["out"].as_u64().unwrap() + 1);
            continue;
        }
        let diff: Vec<usize> = (0..36)
            .filter(|&i| ca.as_bytes()[i] != cb.as_bytes()[i])
            .collect();
        assert_eq!(
            diff.len(),
            2,
            "one step moves one vehicle one cell: {ca} -> {cb}"
        );
        let letter = b["moved"].as_str().unwrap().as_bytes()[0];
        let (x, y) = (diff[0], diff[1]);
        let gained = if cb.as_bytes()[x] == letter { x } else { y };
        let freed = x + y - gained;
        assert_eq!(ca.as_bytes()[freed], letter, "{ca} -> {cb}");
        assert_eq!(cb.as_bytes()[freed], b'o', "{ca} -> {cb}");
        assert_eq!(ca.as_bytes()[gained], b'o', "{ca} -> {cb}");
        let along_row = freed / 6 == gained / 6;
        let span = freed.abs_diff(gained);
        let len = ca.bytes().filter(|&c| c == letter).count();
        assert!(
            (along_row && span == len) || (!along_row && span == 6 * len),
            "{} slid along its own line: {ca} -> {cb}",
            letter as char
        );
    }
}

#[test]
fn rush_hour_contest_sample_2_plays_back_six_steps_ending_with_the_red_car_out() {
    let (status, v) = post_json(addr(), "/api/rush-hour/solve", &json!({ "board": SAMPLE2 }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["judge"], "6\n");
    assert_eq!(v["length"], 6);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 7, "the start and six steps");
    check_frames(steps);
    let last = &steps[6]["board"];
    assert_eq!(last["out"], 2);
    assert_eq!(last["red_length"], 2);
    assert_eq!(
        (&last["rows"], &last["cols"], &last["exit_row"]),
        (&json!(6), &json!(6), &json!(3)),
        "every frame carries its shape and exit row"
    );
    assert_eq!(
        last["labels"]["A"], "1",
        "judge matrices keep their numbers"
    );
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.last().unwrap()["exit"], true);
    assert_eq!(v["share"], "rush-hour/oBoCCooBooDooEAADooEFFGooHHHGooooooo");
    // The solution text is a move list the library's verifier accepts with the same counts.
    let p = rush_hour::parse(SAMPLE2, None).unwrap();
    let list = rush_hour::verify::parse_moves(v["solution"].as_str().unwrap()).unwrap();
    assert_eq!(
        rush_hour::verify::replay(p.board(), &p.start, &list),
        rush_hour::verify::Verdict::Valid {
            steps_out: 6,
            moves: 3
        }
    );
}

#[test]
fn rush_hour_limits_follow_the_cli() {
    // Contest sample 1 has no answer within the contest's 10 steps (the default limit).
    let (status, v) = post_json(addr(), "/api/rush-hour/solve", &json!({ "board": SAMPLE1 }));
    assert_eq!(status, 200);
    assert_eq!(
        (v["solvable"].as_bool(), v["judge"].as_str()),
        (Some(false), Some("-1\n"))
    );
    assert_eq!(v["steps"].as_array().unwrap().len(), 1);
    // With no limit, the answer is the library's.
    let p = rush_hour::parse(SAMPLE1, None).unwrap();
    let (want, _) = p
        .solve(rush_hour::Metric::Steps, None, &Limits::none())
        .unwrap();
    for limit in [json!("none"), json!("NONE")] {
        let (status, v) = post_json(
            addr(),
            "/api/rush-hour/solve",
            &json!({ "board": SAMPLE1, "limit": limit }),
        );
        assert_eq!(status, 200);
        assert_eq!(v["length"], json!(want.as_ref().map(|s| s.steps_out)));
    }
    for (limit, solvable) in [(json!(5), false), (json!("6"), true), (json!(6), true)] {
        let (_, v) = post_json(
            addr(),
            "/api/rush-hour/solve",
            &json!({ "board": SAMPLE2, "limit": limit }),
        );
        assert_eq!(v["solvable"], solvable, "limit {limit}");
    }
    for bad in [json!("ten"), json!(-1), json!(1.5), json!([10])] {
        let (status, v) = post_json(
            addr(),
            "/api/rush-hour/solve",
            &json!({ "board": SAMPLE2, "limit": bad }),
        );
        assert_eq!(status, 400, "limit {bad}: {v}");
        assert!(v["error"].as_str().unwrap().contains("limit"), "{v}");
    }
    let (status, v) = post_json(
        addr(),
        "/api/rush-hour/solve",
        &json!({ "board": SAMPLE2, "metric": "slides" }),
    );
    assert_eq!(status, 400, "{v}");
}

#[test]
fn rush_hour_answers_match_the_published_database() {
    // Every 12th row of the fixture: the optimal move count is the database's MOVES column.
    for line in FIXTURE.lines().step_by(12) {
        let mut fields = line.split_whitespace();
        let moves: u32 = fields.next().unwrap().parse().unwrap();
        let board = fields.next().unwrap();
        let (status, v) = post_json(
            addr(),
            "/api/rush-hour/solve",
            &json!({ "board": board, "metric": "moves", "limit": "none" }),
        );
        assert_eq!(status, 200, "{board}: {v}");
        assert_eq!(v["length"], moves, "{board}");
        assert_eq!(v["lengths"]["moves"], moves, "{board}");
        assert_eq!(v["canonical"], board);
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(
            steps.len() as u64,
            v["lengths"]["steps_out"].as_u64().unwrap() + 1,
            "{board}: one frame per step"
        );
        check_frames(steps);
        let p = rush_hour::parse(board, None).unwrap();
        let list = rush_hour::verify::parse_moves(v["solution"].as_str().unwrap()).unwrap();
        match rush_hour::verify::replay(p.board(), &p.start, &list) {
            rush_hour::verify::Verdict::Valid { moves: m, .. } => assert_eq!(m, moves),
            other => panic!("{board}: {other:?}"),
        }
    }
}

#[test]
fn rush_hour_malformed_boards_are_400_with_the_parsers_message() {
    for board in [
        "",
        "0 2 0 6 6 0\n0 2 0 0 7 0\n",
        "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 x\n",
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF",
        "AAAAoooooooooooooooooooooooooooooooo",
        "BoBoooooooooAAoooooooooooooooooooooo",
    ] {
        // the command line's parser: the shape picks the 6×6 model or the general one
        let e = rush_hour::parse(board, None).unwrap_err();
        let (status, v) = post_json(addr(), "/api/rush-hour/solve", &json!({ "board": board }));
        assert_eq!(status, 400, "{board:?}: {v}");
        assert_eq!(v["error"], e.to_string(), "{board:?}");
        assert_eq!(v["at"]["line"], e.line, "{board:?}");
        assert_eq!(v["at"]["column"], e.column, "{board:?}");
    }
}

#[test]
fn rush_hour_verify_gives_the_cli_report() {
    let (status, v) = post_json(
        addr(),
        "/api/rush-hour/verify",
        &json!({ "board": SAMPLE2, "solution": "6 left 1\n7 up 1\n1 right 2\n" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["valid"], true);
    assert_eq!(v["optimal"], true);
    assert_eq!(
        v["report"],
        "valid\nsteps: 6 (exit steps included), optimal: yes (fewest 6)\nmoves: 3, optimal: yes (fewest 3)\n"
    );
    let (status, v) = post_json(
        addr(),
        "/api/rush-hour/verify",
        &json!({ "board": SAMPLE2, "solution": "6 left 1\n7 down 1\n" }),
    );
    assert_eq!(status, 200);
    assert_eq!(v["valid"], false);
    assert_eq!(v["problem"]["line"], 2);
    assert!(v["report"]
        .as_str()
        .unwrap()
        .starts_with("invalid: line 2: "));
    let bad = "6 left 1\n7 sideways 1\n";
    let (status, v) = post_json(
        addr(),
        "/api/rush-hour/verify",
        &json!({ "board": SAMPLE2, "solution": bad }),
    );
    let e = rush_hour::verify::parse_moves(bad).unwrap_err();
    assert_eq!(status, 400);
    assert_eq!(v["error"], e.to_string());
    assert_eq!(v["at"]["field"], "solution");
    assert_eq!(v["at"]["line"], 2);
}

#[test]
fn rush_hour_search_over_its_cap_is_a_json_error_and_the_server_keeps_answering() {
    let (status, v) = post_json(
        addr(),
        "/api/rush-hour/solve",
        &json!({ "board": "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", "limit": "none", "max_states": 200 }),
    );
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["kind"], "limit");
    assert!(v["error"]
        .as_str()
        .unwrap()
        .starts_with("state limit of 200 states reached"));
    let (status, v) = post_json(
        addr(),
        "/api/rush-hour/solve",
        &json!({ "board": "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", "limit": "none", "metric": "moves" }),
    );
    assert_eq!(status, 200);
    assert_eq!(v["length"], 60, "the database's hardest puzzle, 60 moves");
    still_answering();
}

// ---------------------------------------------------------------------------------------------
// Puzznic.

const PUZZNIC_SAMPLE: &str = "#####\n#.1.#\n#.#1#\n#####\n";
const NES_OPTIMAL: &str = include_str!("../../../tests/fixtures/puzznic/nes-optimal.txt");

fn nes(level: &str) -> String {
    let path = format!(
        "{}/../../tests/fixtures/puzznic/nes/{level}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The library's rows after playing `actions` (judge lines) cycle by cycle from the start.
fn rows_after_each_cycle(board: &str, lines: &str) -> Vec<Vec<String>> {
    let p = puzznic::parse(board).unwrap();
    let Ok(puzznic::Verdict::Lines(lines)) = puzznic::parse_solution(lines) else {
        panic!("not a list of cycles: {lines:?}");
    };
    let solution = puzznic::replay(&p, &lines).expect("the API's answer replays");
    let mut cells = p.start.clone();
    let mut out = vec![p.rows_of(&cells)];
    for &a in &solution.actions {
        puzznic::cycle(&p.geometry, &mut cells, a).unwrap();
        out.push(p.rows_of(&cells));
    }
    out
}

fn rows_of(frame: &serde_json::Value) -> Vec<String> {
    frame["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn puzznic_sample_shows_the_move_and_the_vanishing_pair() {
    let (status, v) = post_json(
        addr(),
        "/api/puzznic/solve",
        &json!({ "board": PUZZNIC_SAMPLE }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["judge"], "R 2 3\n");
    assert_eq!(v["share"], "puzznic/#####/#.1.#/#.#1#/#####");
    let step = &v["steps"][1];
    let phases = step["phases"].as_array().unwrap();
    assert_eq!(
        rows_of(&phases[0]["board"])[1],
        "#..1#",
        "the piece moved right"
    );
    assert_eq!(phases[0]["board"]["moved"], json!([1, 3]));
    assert_eq!(phases[0]["board"]["vanishing"], json!([[1, 3], [2, 3]]));
    assert_eq!(
        rows_of(&step["board"]),
        ["#####", "#...#", "#.#.#", "#####"]
    );
}

#[test]
fn puzznic_nes_levels_match_the_known_optima_and_replay_cycle_by_cycle() {
    for line in NES_OPTIMAL.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if !matches!(
            f[0],
            "01-01" | "01-02" | "01-03" | "01-04" | "01-08" | "02-01" | "02-02"
        ) {
            continue;
        }
        let board = nes(f[0]);
        let (status, v) = post_json(addr(), "/api/puzznic/solve", &json!({ "board": board }));
        assert_eq!(status, 200, "{}: {v}", f[0]);
        assert_eq!(v["lengths"]["moves"].to_string(), f[1], "{}", f[0]);
        assert_eq!(v["lengths"]["cycles"].to_string(), f[2], "{}", f[0]);
        assert_eq!(v["optimal"], true);
        let want = rows_after_each_cycle(&board, v["solution"].as_str().unwrap());
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps.len(), want.len(), "{}", f[0]);
        for (step, rows) in steps.iter().zip(&want) {
            assert_eq!(&rows_of(&step["board"]), rows, "{}", f[0]);
        }
        let last = rows_of(&steps.last().unwrap()["board"]);
        assert!(
            last.iter().all(|r| !r.chars().any(|c| c.is_ascii_digit())),
            "{}: the board ends empty",
            f[0]
        );
        // Every phase frame shows a board between the cycle's start and its end: the
        // vanishing pieces it marks are pieces, and they are gone at the end of the cycle.
        for step in steps.iter().skip(1) {
            for phase in step["phases"].as_array().unwrap() {
                let rows = rows_of(&phase["board"]);
                for rc in phase["board"]["vanishing"].as_array().unwrap() {
                    let (r, c) = (
                        rc[0].as_u64().unwrap() as usize,
                        rc[1].as_u64().unwrap() as usize,
                    );
                    assert!(rows[r].as_bytes()[c].is_ascii_digit(), "{}", f[0]);
                }
            }
        }
    }
}

#[test]
fn puzznic_objectives_and_the_fast_search() {
    let board = nes("01-02");
    let (_, by_moves) = post_json(addr(), "/api/puzznic/solve", &json!({ "board": board }));
    let (status, by_cycles) = post_json(
        addr(),
        "/api/puzznic/solve",
        &json!({ "board": board, "objective": "cycles" }),
    );
    assert_eq!(status, 200);
    let m = |v: &serde_json::Value, k: &str| v["lengths"][k].as_u64().unwrap();
    assert!(m(&by_cycles, "cycles") <= m(&by_moves, "cycles"));
    assert!(m(&by_moves, "moves") <= m(&by_cycles, "moves"));
    assert_eq!(by_cycles["objective"], "cycles");
    let (status, fast) = post_json(
        addr(),
        "/api/puzznic/solve",
        &json!({ "board": board, "fast": true }),
    );
    assert_eq!(status, 200, "{fast}");
    assert!(m(&fast, "moves") >= m(&by_moves, "moves"));
    rows_after_each_cycle(&board, fast["solution"].as_str().unwrap());
    let (status, v) = post_json(
        addr(),
        "/api/puzznic/solve",
        &json!({ "board": board, "objective": "pieces" }),
    );
    assert_eq!(status, 400, "{v}");
}

#[test]
fn puzznic_malformed_boards_are_400_with_the_parsers_message() {
    for board in [
        "",
        "#####\n#.1.#\n#.#1\n",
        "#####\n#.x.#\n#####\n",
        "###\n#.#\n###\n",
    ] {
        let e = puzznic::parse(board).unwrap_err();
        let (status, v) = post_json(addr(), "/api/puzznic/solve", &json!({ "board": board }));
        assert_eq!(status, 400, "{board:?}: {v}");
        assert_eq!(v["error"], e.to_string(), "{board:?}");
        assert_eq!(v["at"]["line"], e.line, "{board:?}");
        assert_eq!(v["at"]["column"], e.column, "{board:?}");
    }
}

#[test]
fn puzznic_verify_gives_the_cli_report() {
    let (status, v) = post_json(
        addr(),
        "/api/puzznic/verify",
        &json!({ "board": PUZZNIC_SAMPLE, "solution": "R 2 3\n" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["report"],
        "valid\nmoves 1, cycles 1\nobjective moves: optimal\nobjective cycles: optimal\n"
    );
    let (_, v) = post_json(
        addr(),
        "/api/puzznic/verify",
        &json!({ "board": PUZZNIC_SAMPLE, "solution": "-\nL 2 3\n" }),
    );
    assert_eq!(v["valid"], false);
    assert_eq!(v["problem"]["line"], 2);
    assert!(
        v["report"]
            .as_str()
            .unwrap()
            .starts_with("invalid: line 2: "),
        "{v}"
    );
    let (_, v) = post_json(
        addr(),
        "/api/puzznic/verify",
        &json!({ "board": PUZZNIC_SAMPLE, "solution": "-1\n" }),
    );
    assert_eq!(v["valid"], false);
    assert!(
        v["report"].as_str().unwrap().contains("can be cleared"),
        "{v}"
    );
}

#[test]
fn puzznic_search_over_its_caps_is_a_json_error_and_the_server_keeps_answering() {
    let board = nes("03-03");
    let (status, v) = post_json(
        addr(),
        "/api/puzznic/solve",
        &json!({ "board": board, "max_states": 20000 }),
    );
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["kind"], "limit");
    let e = v["error"].as_str().unwrap();
    assert!(e.starts_with("state limit of 20000 states reached"), "{e}");
    assert!(e.contains("proven lower bound: at least"), "{e}");
    let (status, v) = post_json(
        addr(),
        "/api/puzznic/solve",
        &json!({ "board": board, "timeout": 0 }),
    );
    assert_eq!(status, 503, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("time limit reached"),
        "{v}"
    );
    still_answering();
}

// ---------------------------------------------------------------------------------------------
// Any text at all: always JSON, 200 or the parser's 400, never a 500.

/// A small deterministic generator (xorshift), so a failure reproduces exactly.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Text of up to `max` characters drawn mostly from `alphabet`, sometimes anything.
    fn text(&mut self, alphabet: &[char], max: usize) -> String {
        let len = (self.next() % (max as u64 + 1)) as usize;
        (0..len)
            .map(|_| {
                let r = self.next();
                if (r >> 3) & 15 == 0 {
                    char::from_u32((r >> 8) as u32 % 0x3000).unwrap_or('\u{FFFD}')
                } else {
                    alphabet[(r >> 8) as usize % alphabet.len()]
                }
            })
            .collect()
    }
}

#[test]
fn random_text_never_breaks_the_api() {
    let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
    let chips_alphabet: Vec<char> = "RBRBRB \n\rrbX".chars().collect();
    let rush_alphabet: Vec<char> = "0123 \n\n\nAABBCoooxx.".chars().collect();
    let puzznic_alphabet: Vec<char> = "##..\n1122#.".chars().collect();
    for _ in 0..150 {
        let board = noise.text(&chips_alphabet, 12);
        let (status, v) = post_json(addr(), "/api/chips/solve", &json!({ "board": board }));
        match chips::parse_board(&board) {
            Ok(_) => assert_eq!(status, 200, "{board:?}: {v}"),
            Err(e) => {
                assert_eq!(status, 400, "{board:?}: {v}");
                assert_eq!(v["error"], e.to_string());
            }
        }
        let board = noise.text(&rush_alphabet, 80);
        let (status, v) = post_json(
            addr(),
            "/api/rush-hour/solve",
            &json!({ "board": board, "limit": "none" }),
        );
        match rush_hour::parse(&board, None) {
            Ok(_) => assert_eq!(status, 200, "{board:?}: {v}"),
            Err(e) => {
                assert_eq!(status, 400, "{board:?}: {v}");
                assert_eq!(v["error"], e.to_string());
            }
        }
        let board = noise.text(&puzznic_alphabet, 30);
        let (status, v) = post_json(
            addr(),
            "/api/puzznic/solve",
            &json!({ "board": board, "max_states": 100_000 }),
        );
        match puzznic::parse(&board) {
            Ok(_) => assert!(status == 200 || status == 422, "{board:?}: {v}"),
            Err(e) => {
                assert_eq!(status, 400, "{board:?}: {v}");
                assert_eq!(v["error"], e.to_string());
            }
        }
    }
    still_answering();
}
