//! The n-puzzle API over real HTTP: optimal lengths against Korf's published values and
//! against a breadth-first search written here, every playback frame replayed, malformed
//! boards against the parser's own messages, and the budget stops.

mod support;

use gridlock_puzzles::n_puzzle::{parse_board, parse_solution, verify, Board, Shape};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;
use support::{post_json, start, Server};

/// One server for the file; its tables stay in memory (nothing is read from or written to
/// the user's cache, so the heuristic is the same on every machine).
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        start(gridlock_web::Config {
            tables: None,
            ..support::untimed()
        })
    })
}

fn solve(body: Value) -> (u16, Value) {
    post_json(server().addr, "/api/n-puzzle/solve", &body)
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../tests/fixtures/n_puzzle/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `(id, optimal, tiles)` of a fixture's rows.
fn rows(name: &str) -> Vec<(u32, usize, Vec<u8>)> {
    fixture(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let n: Vec<u32> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (
                n[0],
                n[1] as usize,
                n[2..].iter().map(|&t| t as u8).collect(),
            )
        })
        .collect()
}

fn as_tiles(v: &Value) -> Vec<u8> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap() as u8)
        .collect()
}

/// Replays an answer's tiles and its playback frames from `start`, independently of the
/// library: every move slides a tile next to the blank, every frame is the board after its
/// move, and the last one is `goal`. Returns the number of moves.
fn replay(answer: &Value, start: &[u8], cols: usize, goal: &[u8]) -> usize {
    let mut board = start.to_vec();
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(as_tiles(&steps[0]["board"]["tiles"]), board);
    let judge: Vec<u8> = answer["judge"]
        .as_str()
        .unwrap()
        .lines()
        .skip(1)
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(judge.len() + 1, steps.len(), "a frame per move");
    for (k, &tile) in judge.iter().enumerate() {
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let at = board.iter().position(|&t| t == tile).unwrap();
        let (br, bc, tr, tc) = (blank / cols, blank % cols, at / cols, at % cols);
        assert_eq!(
            br.abs_diff(tr) + bc.abs_diff(tc),
            1,
            "move {k}: tile {tile}"
        );
        board.swap(blank, at);
        assert_eq!(
            as_tiles(&steps[k + 1]["board"]["tiles"]),
            board,
            "frame {k}"
        );
        assert_eq!(steps[k + 1]["board"]["moved"], blank, "frame {k}");
        assert_eq!(answer["moves"][k]["label"], tile.to_string());
    }
    assert_eq!(board, goal, "the moves end at the goal");
    judge.len()
}

fn text(tiles: &[u8], cols: usize) -> String {
    tiles
        .chunks(cols)
        .map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect()
}

/// Every position's distance to `goal`, by breadth-first search over the moves: the brute
/// force the solver is checked against (positions not in the map cannot reach the goal).
fn distances(goal: &[u8], rows: usize, cols: usize) -> HashMap<Vec<u8>, usize> {
    let mut dist = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        let blank = b.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / cols, blank % cols);
        let mut next = Vec::new();
        if r > 0 {
            next.push(blank - cols);
        }
        if r + 1 < rows {
            next.push(blank + cols);
        }
        if c > 0 {
            next.push(blank - 1);
        }
        if c + 1 < cols {
            next.push(blank + 1);
        }
        for n in next {
            let mut child = b.clone();
            child.swap(blank, n);
            if !dist.contains_key(&child) {
                dist.insert(child.clone(), d + 1);
                queue.push_back(child);
            }
        }
    }
    dist
}

/// A small deterministic generator, so the sampled boards are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    fn permutation(&mut self, n: usize) -> Vec<u8> {
        let mut p: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }
}

#[test]
fn korf_instances_are_solved_optimally_with_korfs_lengths() {
    // The instances the web's 5-5-5 tables solve in well under a second each.
    let wanted = [1, 31, 47, 55, 79, 97];
    for (id, optimal, tiles) in rows("korf100.txt") {
        if !wanted.contains(&id) {
            continue;
        }
        let board: Vec<String> = tiles.iter().map(u8::to_string).collect();
        let (status, v) = solve(json!({ "board": board.join(" "), "goal": "blank-first" }));
        assert_eq!(status, 200, "instance {id}: {v}");
        assert_eq!(v["length"], optimal, "instance {id}");
        assert_eq!(v["optimal"], true);
        assert_eq!(v["heuristic"], "pdb 5-5-5 mirrored");
        let goal: Vec<u8> = (0..16).collect();
        assert_eq!(replay(&v, &tiles, 4, &goal), optimal, "instance {id}");
        assert_eq!(v["json"]["moves"], optimal);
        assert_eq!(v["json"]["directions"].as_str().unwrap().len(), optimal);
        assert!(v["lower_bound"].as_u64().unwrap() <= optimal as u64);
    }
}

#[test]
fn small_boards_agree_with_a_breadth_first_search() {
    let mut rng = Lcg(23);
    for (rows, cols, samples) in [(3, 3, 40), (2, 4, 25), (2, 3, 15), (2, 2, 6)] {
        for goal_name in ["blank-last", "blank-first"] {
            let shape = Shape::new(rows, cols).unwrap();
            let goal = match goal_name {
                "blank-last" => Board::blank_last(shape),
                _ => Board::blank_first(shape),
            }
            .tiles;
            let dist = distances(&goal, rows, cols);
            for _ in 0..samples {
                let start = rng.permutation(rows * cols);
                let (status, v) = solve(json!({ "board": text(&start, cols), "goal": goal_name }));
                assert_eq!(status, 200, "{start:?}: {v}");
                match dist.get(&start) {
                    Some(&d) => {
                        assert_eq!(v["length"], d, "{rows}x{cols} {start:?} to {goal_name}");
                        assert_eq!(replay(&v, &start, cols, &goal), d);
                    }
                    None => {
                        assert_eq!(v["solvable"], false, "{start:?} cannot reach {goal_name}");
                        assert_eq!(v["length"], Value::Null);
                        assert_eq!(v["judge"], "-1\n");
                        assert_eq!(v["steps"].as_array().unwrap().len(), 1);
                        assert_eq!(v["stats"]["expanded"], 0, "decided without search");
                    }
                }
            }
        }
    }
}

#[test]
fn every_shape_the_library_accepts_is_solved() {
    // A few slides from the goal of shapes from 2x2 to 8x8, with the blank-last goal: the
    // answer is at most the number of slides, and replays to the goal.
    let mut rng = Lcg(7);
    for (rows, cols) in [
        (2, 2),
        (2, 5),
        (3, 4),
        (4, 5),
        (5, 5),
        (6, 6),
        (2, 32),
        (8, 8),
    ] {
        let goal = Board::blank_last(Shape::new(rows, cols).unwrap()).tiles;
        let mut board = goal.clone();
        let mut blank = board.len() - 1;
        for _ in 0..12 {
            let (r, c) = (blank / cols, blank % cols);
            let options: Vec<usize> = [
                (r > 0).then(|| blank - cols),
                (r + 1 < rows).then(|| blank + cols),
                (c > 0).then(|| blank - 1),
                (c + 1 < cols).then(|| blank + 1),
            ]
            .into_iter()
            .flatten()
            .collect();
            let next = options[rng.below(options.len())];
            board.swap(blank, next);
            blank = next;
        }
        let (status, v) = solve(json!({ "board": text(&board, cols) }));
        assert_eq!(status, 200, "{rows}x{cols}: {v}");
        assert_eq!(
            (v["rows"].clone(), v["cols"].clone()),
            (json!(rows), json!(cols))
        );
        let n = replay(&v, &board, cols, &goal);
        assert!(n <= 12, "{rows}x{cols}: {n} moves after 12 slides");
        assert_eq!(
            n % 2,
            0,
            "the moves graph is bipartite: same parity as the 12 slides"
        );
        let (_, v) = solve(json!({ "board": text(&goal, cols) }));
        assert_eq!(v["length"], 0, "{rows}x{cols}");
    }
    // One line of numbers that is not k² needs the size, as --size.
    let (status, v) = solve(json!({ "board": "1 2 3 4 5 0", "size": "2x3" }));
    assert_eq!((status, v["length"].clone()), (200, json!(0)), "{v}");
    let (status, v) = solve(json!({ "board": "1 2 3 4 0 5", "size": "3x2" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["length"], 1);
}

#[test]
fn goals_blank_last_blank_first_or_any_board() {
    let board = "8 6 7\n2 5 4\n3 0 1\n";
    let (_, last) = solve(json!({ "board": board }));
    assert_eq!(
        last["length"], 31,
        "one of the two hardest 8-puzzle positions"
    );
    assert_eq!(last["goal"], "blank-last");
    assert_eq!(last["share"], "n-puzzle/8-6-7/2-5-4/3-0-1");
    let (_, first) = solve(json!({ "board": board, "goal": "blank-first" }));
    assert_eq!(
        first["share"],
        "n-puzzle/8-6-7/2-5-4/3-0-1?goal=blank-first"
    );
    let (_, custom) = solve(json!({ "board": board, "goal": "0 1 2\n3 4 5\n6 7 8\n" }));
    assert_eq!(
        custom["length"], first["length"],
        "the same goal written out"
    );
    assert_eq!(custom["goal"], "0-1-2/3-4-5/6-7-8");
    assert_eq!(custom["goal_tiles"], json!([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    let (_, itself) = solve(json!({ "board": board, "goal": board }));
    assert_eq!(itself["length"], 0);
    // The link form is read too, and a custom goal's share opens the same question.
    let (status, linked) =
        solve(json!({ "board": "8-6-7/2-5-4/3-0-1", "goal": "0-1-2/3-4-5/6-7-8" }));
    assert_eq!(status, 200, "{linked}");
    assert_eq!(linked["length"], first["length"]);
    assert_eq!(
        linked["share"],
        "n-puzzle/8-6-7/2-5-4/3-0-1?goal=0-1-2/3-4-5/6-7-8"
    );
    let (status, v) = solve(json!({ "board": "8-6-7/2-5-4/3-0-8" }));
    assert_eq!(status, 400);
    assert_eq!(
        (v["at"]["line"].clone(), v["at"]["column"].clone()),
        (json!(3), json!(5)),
        "{v}"
    );
    // 4x4: blank-first and blank-last are in different parity classes.
    let korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let (_, v) = solve(json!({ "board": korf1 }));
    assert_eq!(v["solvable"], false);
    assert!(v["summary"].as_str().unwrap().contains("parity"), "{v}");
}

#[test]
fn malformed_boards_are_400_with_the_parsers_message() {
    let cases = [
        "1 2 3\n4 5 6\n7 8 8\n",
        "1 2 3\n4 5 6\n7 8 9\n",
        "1 2 3\n4 x 6\n7 8 0\n",
        "1 2 3\n4 5\n7 8 0\n",
        "1 2 3\n\n4 5 6\n7 8 0\n",
        "0 1 2 3 4",
        "0\n1\n",
        "",
    ];
    for board in cases {
        let (status, v) = solve(json!({ "board": board }));
        let want = parse_board(board, None).unwrap_err();
        assert_eq!(status, 400, "{board:?}: {v}");
        assert_eq!(v["kind"], "input");
        assert_eq!(v["error"], want.to_string(), "{board:?}");
        assert_eq!(v["at"]["field"], "board");
        assert_eq!(v["at"]["line"], want.line);
        assert_eq!(v["at"]["column"], want.column);
    }
    // 65 cells: more than the library's 64.
    let big: Vec<String> = (0..65).map(|t| t.to_string()).collect();
    let (status, v) = solve(json!({ "board": big.join(" ") }));
    assert_eq!(status, 400, "{v}");
    // A goal of another shape or a malformed goal: located in the goal field.
    let (status, v) = solve(json!({ "board": "1 2 3\n4 5 6\n7 8 0\n", "goal": "1 2 3 0" }));
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["at"]["field"], "goal");
    let (status, v) = solve(json!({ "board": "1 2 3 4 5 0", "size": "1x6" }));
    assert_eq!(status, 400);
    assert!(v["error"].as_str().unwrap().contains("size"), "{v}");
    let (status, v) = solve(json!({ "board": "1 2 3 4 5 6 7 8 0", "heuristic": "x" }));
    assert_eq!(status, 400);
    assert!(
        v["error"].as_str().unwrap().contains("unknown field"),
        "{v}"
    );
}

/// The bound in a limit message: "the optimum is at least N moves (proven)".
fn proven_bound(message: &str) -> usize {
    message
        .split("the optimum is at least ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no bound in {message}"))
}

#[test]
fn searches_past_the_budget_stop_with_a_proven_lower_bound() {
    let (_, optimal, tiles) = rows("korf-felner-24.txt")
        .into_iter()
        .find(|r| r.0 == 38)
        .unwrap();
    let board: Vec<String> = tiles.iter().map(u8::to_string).collect();
    // Tables first (a board at the goal is searched with them too), so that the deadline
    // below is the search's. A deadline of 0 is certain to pass before the search (billions
    // of nodes) ends: the search stops at its first look at the clock.
    let goal: Vec<u8> = (0..25).collect();
    let (status, _) = solve(json!({ "board": text(&goal, 5), "goal": "blank-first" }));
    assert_eq!(status, 200);
    let (status, v) =
        solve(json!({ "board": board.join(" "), "goal": "blank-first", "timeout": 0 }));
    assert_eq!(status, 503, "{v}");
    assert_eq!(v["kind"], "limit");
    let message = v["error"].as_str().unwrap();
    assert!(
        message.starts_with("too hard within this server's budget: time limit"),
        "{message}"
    );
    let bound = proven_bound(message);
    assert!(
        bound <= optimal && bound >= 60,
        "bound {bound}, optimum {optimal}"
    );
    // A node cap: 422, as a state cap (retrying does not help).
    let (_, optimal, tiles) = rows("korf100.txt").into_iter().find(|r| r.0 == 88).unwrap();
    let board: Vec<String> = tiles.iter().map(u8::to_string).collect();
    let (status, v) =
        solve(json!({ "board": board.join(" "), "goal": "blank-first", "max_states": 1000 }));
    assert_eq!(status, 422, "{v}");
    let message = v["error"].as_str().unwrap();
    assert!(message.contains("state limit of 1000"), "{message}");
    assert!(proven_bound(message) <= optimal, "{message}");
    // The server still answers.
    let (status, v) = solve(json!({ "board": "1 2 3\n4 5 6\n7 0 8\n" }));
    assert_eq!((status, v["length"].clone()), (200, json!(1)));
}

#[test]
fn verify_replays_with_the_special_judges_report() {
    let board = "1 2 3\n4 5 6\n0 7 8\n";
    for (solution, valid, optimal) in [
        ("2\n7\n8\n", true, true),
        ("4\n7\n8\n6\n6\n", true, false),
        ("2\n8\n7\n", false, false),
        ("-1\n", false, false),
    ] {
        let (status, v) = post_json(
            server().addr,
            "/api/n-puzzle/verify",
            &json!({ "board": board, "solution": solution }),
        );
        assert_eq!(status, 200, "{v}");
        let start = parse_board(board, None).unwrap();
        let goal = Board::blank_last(start.shape);
        let verdict = verify::verify(&start, &goal, &parse_solution(solution).unwrap());
        assert_eq!(v["valid"], valid, "{solution:?}");
        assert_eq!(v["optimal"], optimal, "{solution:?}");
        assert_eq!(v["report"], verdict.report(Some(Some(2))), "{solution:?}");
    }
    let (status, v) = post_json(
        server().addr,
        "/api/n-puzzle/verify",
        &json!({ "board": board, "solution": "2\n7 8\n" }),
    );
    assert_eq!(status, 400);
    assert_eq!(v["at"]["field"], "solution");
}

/// The examples menu: Korf's rows are copied from the fixtures unchanged, and every example
/// that is not marked long is solved in the number of moves its name announces.
#[test]
fn the_examples_are_the_fixtures_rows_and_their_lengths_are_right() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples.json");
    let examples: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let list = examples["n-puzzle"].as_array().unwrap();
    let korf = rows("korf100.txt");
    let felner = rows("korf-felner-24.txt");
    let mut checked = 0;
    for e in list {
        let name = e["name"].as_str().unwrap();
        let board = e["board"].as_str().unwrap();
        let tiles = parse_board(board, None).unwrap().tiles;
        let announced: Option<usize> = name
            .split('(')
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok());
        for (set, instances) in [
            ("Korf's instance ", &korf),
            ("Korf\u{2013}Felner instance ", &felner),
        ] {
            if let Some(rest) = name.split(set).nth(1) {
                let id: u32 = rest.split(' ').next().unwrap().parse().unwrap();
                let row = instances.iter().find(|r| r.0 == id).unwrap();
                assert_eq!(row.2, tiles, "{name}");
                assert_eq!(Some(row.1), announced, "{name}");
                assert_eq!(e["options"]["goal"], "blank-first", "{name}");
            }
        }
        if name.contains("long") {
            continue;
        }
        let goal = e["options"]["goal"].as_str().unwrap_or("blank-last");
        let (status, v) = solve(json!({ "board": board, "goal": goal }));
        assert_eq!(status, 200, "{name}: {v}");
        match announced {
            Some(n) => assert_eq!(v["length"], n, "{name}"),
            None => assert_eq!(v["solvable"], false, "{name}"),
        }
        checked += 1;
    }
    assert!(checked >= 8, "{checked} examples solved");
}

#[test]
fn the_tab_script_is_served_and_loaded_before_the_page_script() {
    let r = support::request(server().addr, "GET", "/n_puzzle.js", None, b"");
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    assert!(r.text().contains("const nPuzzle = {"));
    let page = support::request(server().addr, "GET", "/", None, b"").text();
    let tab = page
        .find("<script src=\"n_puzzle.js\"")
        .expect("the tab's script");
    let app = page
        .find("<script src=\"app.js\"")
        .expect("the page's script");
    assert!(
        tab < app,
        "app.js lists nPuzzle, so n_puzzle.js comes first"
    );
    assert!(page.contains("data-puzzle=\"n-puzzle\""));
}
