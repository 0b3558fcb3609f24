//! The Rush Hour API on boards other than 6×6 (SPEC §11) over real HTTP: optimal lengths
//! against a breadth-first search over letter grids written here (and the hand-made chains
//! whose optima are proved by construction), every playback frame replayed cell by cell, the
//! shape and exit in every frame, links in the one-line form, the verifier, and malformed
//! boards against the parser's own messages.

mod support;

use gridlock_puzzles::rush_hour::parse;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;
use support::{post_json, start, Server};

/// One server for the file.
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| start(support::untimed()))
}

fn solve(body: Value) -> (u16, Value) {
    post_json(server().addr, "/api/rush-hour/solve", &body)
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../tests/fixtures/rush_hour/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A letter grid as the test's own search sees it: rows of bytes.
type Grid = Vec<Vec<u8>>;

fn grid(text: &str) -> Grid {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.bytes()
                .map(|b| if b == b'.' { b'o' } else { b })
                .collect()
        })
        .collect()
}

/// Every slide of every vehicle of `g` (one cell when `one_cell`), found cell by cell.
fn slides(g: &Grid, one_cell: bool) -> Vec<Grid> {
    let (rows, cols) = (g.len() as i32, g[0].len() as i32);
    let mut cells: HashMap<u8, Vec<(i32, i32)>> = HashMap::new();
    for r in 0..rows {
        for c in 0..cols {
            let b = g[r as usize][c as usize];
            if b != b'o' && b != b'x' {
                cells.entry(b).or_default().push((r, c));
            }
        }
    }
    let mut out = Vec::new();
    for (&letter, body) in &cells {
        let horizontal = body.iter().all(|&(r, _)| r == body[0].0);
        let dirs: [(i32, i32); 2] = if horizontal {
            [(0, -1), (0, 1)]
        } else {
            [(-1, 0), (1, 0)]
        };
        for (dr, dc) in dirs {
            let mut now = g.clone();
            let mut at = body.clone();
            loop {
                let free = at.iter().all(|&(r, c)| {
                    let (r, c) = (r + dr, c + dc);
                    (0..rows).contains(&r)
                        && (0..cols).contains(&c)
                        && matches!(now[r as usize][c as usize], b'o')
                        || at.contains(&(r, c))
                });
                if !free {
                    break;
                }
                for &(r, c) in &at {
                    now[r as usize][c as usize] = b'o';
                }
                at = at.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                for &(r, c) in &at {
                    now[r as usize][c as usize] = letter;
                }
                out.push(now.clone());
                if one_cell {
                    break;
                }
            }
        }
    }
    out
}

/// The optimum by breadth-first search over grids: steps (the red car's length added, as the
/// contest counts) or moves; None when no position has the red car on the last cells of
/// `exit` (0-based).
fn brute(start: &Grid, exit: usize, moves: bool) -> Option<u32> {
    let red_len = start.iter().flatten().filter(|&&b| b == b'A').count() as u32;
    let cols = start[0].len();
    let goal = |g: &Grid| {
        (cols - red_len as usize..cols).all(|c| g[exit][c] == b'A')
            && g.iter().flatten().filter(|&&b| b == b'A').count() as u32 == red_len
    };
    let mut seen: HashMap<Grid, u32> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(g) = queue.pop_front() {
        let d = seen[&g];
        if red_len > 0 && goal(&g) {
            return Some(if moves { d } else { d + red_len });
        }
        for next in slides(&g, !moves) {
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

/// Checks every frame: its shape and exit, and that consecutive frames differ by one vehicle
/// moving one cell along its own line (or, at the end, the red car driving one cell out).
fn check_frames(steps: &[Value], rows: usize, cols: usize, exit_row: usize) {
    for s in steps {
        let b = &s["board"];
        assert_eq!(
            (b["rows"].as_u64(), b["cols"].as_u64()),
            (Some(rows as u64), Some(cols as u64))
        );
        assert_eq!(b["exit_row"], exit_row);
        assert_eq!(b["cells"].as_str().unwrap().len(), rows * cols);
    }
    for pair in steps.windows(2) {
        let (a, b) = (&pair[0]["board"], &pair[1]["board"]);
        let (ca, cb) = (
            a["cells"].as_str().unwrap().as_bytes(),
            b["cells"].as_str().unwrap().as_bytes(),
        );
        if a["out"] != b["out"] {
            assert_eq!(ca, cb, "the board stands still while the red car leaves");
            continue;
        }
        let diff: Vec<usize> = (0..ca.len()).filter(|&i| ca[i] != cb[i]).collect();
        assert_eq!(diff.len(), 2, "one vehicle, one cell");
        let letter = b["moved"].as_str().unwrap().as_bytes()[0];
        let gained = if cb[diff[0]] == letter {
            diff[0]
        } else {
            diff[1]
        };
        let freed = diff[0] + diff[1] - gained;
        assert_eq!((ca[freed], cb[freed], ca[gained]), (letter, b'o', b'o'));
        let len = ca.iter().filter(|&&c| c == letter).count();
        let along_row = freed / cols == gained / cols;
        let span = freed.abs_diff(gained);
        assert!((along_row && span == len) || (!along_row && span == cols * len));
    }
}

/// Boards of several shapes (text, the exit row the rule gives, 0-based).
const BOARDS: [(&str, usize); 7] = [
    ("ooBo\nAABo\nooCC\noooo\n", 1),
    ("ooBo\nAABo\nooCC\nooxo\n", 1),
    ("oooBooo\nAAoBooo\noooCCxo\nooooooo\nooooooo\n", 1),
    ("BBoCo\noooCo\nxoDoo\nAAD.o\nooEEo\nooooo\nooooo\n", 3),
    (
        "AABoooooooCo\nooBooDDoooCo\nxoooooooooxo\nEEEoooooooFF\n",
        0,
    ),
    (
        "oBBoCoDo\nooEoCoDo\noxEAAooF\nGGGoHIIF\nooooHooo\nJJKKoLoo\nooooxLoo\noooooooo\n",
        2,
    ),
    // a vertical red car on another shape can never leave
    ("oAoo\noAoo\nBBoo\noooo\noooo\n", 0),
];

#[test]
fn boards_of_any_shape_are_solved_optimally_in_both_metrics() {
    for (text, exit) in BOARDS {
        let g = grid(text);
        let (rows, cols) = (g.len(), g[0].len());
        for metric in ["steps", "moves"] {
            let want = brute(&g, exit, metric == "moves");
            let (status, v) = solve(json!({ "board": text, "metric": metric, "limit": "none" }));
            assert_eq!(status, 200, "{text}: {v}");
            assert_eq!(v["length"], json!(want), "{text} in {metric}");
            assert_eq!(v["solvable"], want.is_some());
            let steps = v["steps"].as_array().unwrap();
            check_frames(steps, rows, cols, exit + 1);
            let one_line: Vec<String> = g
                .iter()
                .map(|r| String::from_utf8(r.clone()).unwrap())
                .collect();
            assert_eq!(v["share"], format!("rush-hour/{}", one_line.join("/")));
            assert_eq!(
                (v["json"]["rows"].as_u64(), v["json"]["cols"].as_u64()),
                (Some(rows as u64), Some(cols as u64))
            );
            assert_eq!(v["json"]["exit_row"], exit + 1);
            if want.is_some() {
                assert_eq!(
                    steps.len() as u64,
                    v["lengths"]["steps_out"].as_u64().unwrap() + 1,
                    "one frame per step, exit steps included"
                );
                // the page's own solution verifies as optimal
                let (status, r) = post_json(
                    server().addr,
                    "/api/rush-hour/verify",
                    &json!({ "board": text, "solution": v["solution"] }),
                );
                assert_eq!(status, 200, "{r}");
                assert_eq!(
                    (r["valid"].as_bool(), r["optimal"].as_bool()),
                    (Some(true), Some(true))
                );
            } else {
                assert!(
                    v["summary"].as_str().unwrap().starts_with("No solution"),
                    "{v}"
                );
            }
        }
    }
}

#[test]
fn the_9x9_chain_reaches_its_proved_optima() {
    // optima proved by construction (tests/fixtures/rush_hour/README.md): 21 moves, 29 steps
    // with the exit; the 12×12 chain takes seconds and is checked in the library's tests
    let text = fixture("chain_9x9.txt");
    let (status, v) = solve(json!({ "board": text, "limit": "none" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["length"], 29);
    assert_eq!(
        v["lengths"]["moves"], 21,
        "fewest moves among the fewest steps"
    );
    check_frames(v["steps"].as_array().unwrap(), 9, 9, 1);
    let (_, v) = solve(json!({ "board": text, "limit": "none", "metric": "moves" }));
    assert_eq!(v["length"], 21);
}

#[test]
fn judge_matrices_of_other_shapes_keep_their_numbers() {
    let text = "0 0 2 0 0\n1 1 2 0 0\n0 0 0 3 3\n0 0 0 0 0\n";
    let (status, v) = solve(json!({ "board": text, "limit": "none" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["length"],
        json!(brute(&grid("ooBoo\nAABoo\noooCC\nooooo\n"), 1, false))
    );
    let first = &v["steps"][0]["board"];
    assert_eq!(first["cells"], "ooBooAABoooooCCooooo");
    assert_eq!(first["labels"]["A"], "1");
    assert_eq!(first["labels"]["C"], "3");
}

#[test]
fn malformed_boards_of_other_shapes_are_400_with_the_parsers_message() {
    let thirteen = "o".repeat(13) + "\n";
    for board in [
        thirteen.repeat(13),
        "AAoo\nooo\noooo\noooo\n".to_string(),
        "AAAAoo\noooooo\noooooo\noooooo\noooooo\n".to_string(),
        "AAoo/oBoo/oBBo/oooo".to_string(),
        "AAoo\noooo\nAAoo\noooo\n".to_string(),
    ] {
        let e = parse(&board, None).unwrap_err();
        let (status, v) = solve(json!({ "board": board }));
        assert_eq!(status, 400, "{board:?}: {v}");
        assert_eq!(v["error"], e.to_string(), "{board:?}");
        assert_eq!(
            (v["at"]["line"].as_u64(), v["at"]["column"].as_u64()),
            (Some(e.line as u64), Some(e.column as u64))
        );
    }
}

#[test]
fn the_exit_row_option_moves_the_exit_as_the_clis_exit_row_does() {
    // a 6×6 board whose red car is in row 1: the default exit (row 3) is out of its reach
    let text = "AAoBoo\noooBoo\nooCoEE\nooCooo\nDDoooo\noooooo\n";
    let g = grid(text);
    let (status, v) = solve(json!({ "board": text, "limit": "none" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["solvable"], false,
        "the red car is not in the default exit row"
    );
    for asked in [json!(1), json!("1")] {
        for metric in ["steps", "moves"] {
            let body =
                json!({ "board": text, "limit": "none", "metric": metric, "exit_row": asked });
            let (status, v) = solve(body);
            assert_eq!(status, 200, "{v}");
            assert_eq!(
                v["length"],
                json!(brute(&g, 0, metric == "moves")),
                "{metric}"
            );
            assert_eq!(v["json"]["exit_row"], 1);
            let link = format!(
                "rush-hour/{}?exit-row=1",
                text.trim_end().replace('\n', "/")
            );
            assert_eq!(v["share"], link, "the link keeps the exit row");
            check_frames(v["steps"].as_array().unwrap(), 6, 6, 1);
            // the verifier replays towards the same exit
            let req = json!({ "board": text, "solution": v["solution"], "exit_row": asked });
            let (status, r) = post_json(server().addr, "/api/rush-hour/verify", &req);
            assert_eq!(status, 200, "{r}");
            assert_eq!(
                (r["valid"].as_bool(), r["optimal"].as_bool()),
                (Some(true), Some(true))
            );
            let req = json!({ "board": text, "solution": v["solution"] });
            let (_, r) = post_json(server().addr, "/api/rush-hour/verify", &req);
            assert_eq!(
                r["valid"], false,
                "without the option the exit is row 3: {r}"
            );
        }
    }
    // "auto" and null are the default exit
    for asked in [json!("auto"), Value::Null] {
        let (status, v) = solve(json!({ "board": text, "limit": "none", "exit_row": asked }));
        assert_eq!((status, &v["solvable"]), (200, &json!(false)), "{v}");
    }
    // a row the red car is not in, or past the last row: the parser's own message
    for row in [2usize, 9] {
        let e = parse(text, Some(row - 1)).unwrap_err();
        let (status, v) = solve(json!({ "board": text, "exit_row": row }));
        assert_eq!(status, 400, "{v}");
        assert_eq!(v["error"], e.to_string());
        assert_eq!(v["at"]["line"].as_u64(), Some(e.line as u64));
    }
    // not a row number
    for bad in [json!(0), json!(-1), json!("x"), json!(true)] {
        let (status, v) = solve(json!({ "board": text, "exit_row": bad }));
        assert_eq!(status, 400, "{bad}: {v}");
        assert!(v["error"].as_str().unwrap().contains("exit_row"), "{v}");
    }
}

#[test]
fn a_wrong_move_list_on_a_large_board_is_invalid_at_its_line() {
    let text = fixture("chain_9x9.txt");
    let (status, v) = post_json(
        server().addr,
        "/api/rush-hour/verify",
        &json!({ "board": text, "solution": "A right 7\n" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["valid"], false);
    assert_eq!(v["problem"]["line"], 1);
}

#[test]
fn every_rush_hour_example_has_the_lengths_its_name_announces() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples.json");
    let examples: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    for e in examples["rush-hour"].as_array().unwrap() {
        let (name, board) = (e["name"].as_str().unwrap(), e["board"].as_str().unwrap());
        // "(21 moves, 29 steps)": each count with its unit
        let words: Vec<&str> = name
            .split(|c: char| c == '(' || c == ')' || c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            let (Ok(n), metric @ ("moves" | "steps")) = (pair[0].parse::<u32>(), pair[1]) else {
                continue;
            };
            let (status, v) = solve(json!({ "board": board, "metric": metric, "limit": "none" }));
            assert_eq!(status, 200, "{name}: {v}");
            assert_eq!(v["length"], n, "{name}");
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} lengths checked");
}
