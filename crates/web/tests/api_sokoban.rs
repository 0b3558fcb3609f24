//! The Sokoban API over real HTTP: solve (both objectives, every playback frame replayed with
//! a step rule written here, the examples against the Boxoban fixture's recorded optima),
//! verify, parse errors, and `POST /api/sokoban/generate` against a direct call of the
//! library's generator and against the optimal solver, with its errors and caps.

mod support;

use gridlock_puzzles::sokoban::generate::{generate, Request};
use gridlock_puzzles::sokoban::{parse_level, solve, Objective, SolveOptions};
use serde_json::{json, Value};
use std::sync::OnceLock;
use support::{post_json, start, Server};

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| start(support::untimed()))
}

fn post(path: &str, body: Value) -> (u16, Value) {
    post_json(server().addr, path, &body)
}

/// The rows after one step in `dir` (`lurd`), by the rules written again here, and whether
/// it pushed; `None` when the step is not allowed.
fn step(rows: &[Vec<u8>], dir: u8) -> Option<(Vec<Vec<u8>>, bool)> {
    let (dr, dc): (isize, isize) = match dir.to_ascii_lowercase() {
        b'l' => (0, -1),
        b'u' => (-1, 0),
        b'r' => (0, 1),
        b'd' => (1, 0),
        _ => return None,
    };
    let at = |r: isize, c: isize| -> u8 {
        if r < 0 || c < 0 {
            return b'#';
        }
        rows.get(r as usize)
            .and_then(|row| row.get(c as usize))
            .copied()
            .unwrap_or(b'#')
    };
    let (pr, pc) = rows.iter().enumerate().find_map(|(r, row)| {
        row.iter()
            .position(|&ch| ch == b'@' || ch == b'+')
            .map(|c| (r as isize, c as isize))
    })?;
    let mut out = rows.to_vec();
    let mut put = |r: isize, c: isize, ch: u8| out[r as usize][c as usize] = ch;
    let next = at(pr + dr, pc + dc);
    let goal = |ch: u8| matches!(ch, b'.' | b'*' | b'+');
    let pushed = match next {
        b'#' => return None,
        b'$' | b'*' => {
            let beyond = at(pr + 2 * dr, pc + 2 * dc);
            match beyond {
                b' ' => put(pr + 2 * dr, pc + 2 * dc, b'$'),
                b'.' => put(pr + 2 * dr, pc + 2 * dc, b'*'),
                _ => return None,
            }
            true
        }
        _ => false,
    };
    put(pr + dr, pc + dc, if goal(next) { b'+' } else { b'@' });
    put(pr, pc, if at(pr, pc) == b'+' { b'.' } else { b' ' });
    Some((out, pushed))
}

fn player(rows: &[Vec<u8>]) -> (usize, usize) {
    rows.iter()
        .enumerate()
        .find_map(|(r, row)| {
            row.iter()
                .position(|&c| c == b'@' || c == b'+')
                .map(|c| (r, c))
        })
        .unwrap()
}

fn rows_of(v: &Value) -> Vec<Vec<u8>> {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().as_bytes().to_vec())
        .collect()
}

/// Checks a solve answer: the frames are the solution replayed by the rules above, the last
/// one solved, and the counts the library's.
fn check_solve(board: &str, objective: &str) -> Value {
    let (status, v) = post(
        "/api/sokoban/solve",
        json!({ "board": board, "objective": objective }),
    );
    assert_eq!(status, 200, "{v}");
    let level = parse_level(board, None).unwrap();
    let options = SolveOptions {
        objective: if objective == "moves" {
            Objective::Moves
        } else {
            Objective::Pushes
        },
        ..SolveOptions::default()
    };
    let want = solve(&level, &options).unwrap().solution.unwrap();
    assert_eq!(v["solution"], want.lurd().as_str());
    assert_eq!(v["lengths"]["moves"], want.moves);
    assert_eq!(v["lengths"]["pushes"], want.pushes);
    assert_eq!(v["json"]["objective"], objective);
    let steps = v["steps"].as_array().unwrap();
    let lurd = v["solution"].as_str().unwrap().as_bytes();
    assert_eq!(steps.len(), lurd.len() + 1);
    let mut rows = rows_of(&steps[0]["board"]);
    for (i, &letter) in lurd.iter().enumerate() {
        let (next, pushed) = step(&rows, letter).expect("a legal step");
        assert_eq!(pushed, letter.is_ascii_uppercase(), "step {i}");
        assert_eq!(rows_of(&steps[i + 1]["board"]), next, "step {i}");
        let box_at = pushed.then(|| {
            // the pushed box is one cell beyond the player, in the step's direction
            let (r, c) = player(&next);
            let (dr, dc) = match letter.to_ascii_lowercase() {
                b'l' => (0, -1),
                b'u' => (-1, 0),
                b'r' => (0, 1),
                _ => (1, 0),
            };
            json!([r as isize + dr, c as isize + dc])
        });
        assert_eq!(
            steps[i + 1]["board"]["pushed"],
            box_at.unwrap_or(Value::Null)
        );
        rows = next;
    }
    assert!(rows.iter().flatten().all(|&ch| ch != b'$'), "solved");
    // the link opens the same level
    let share = v["share"].as_str().unwrap();
    let again = share.strip_prefix("sokoban/").unwrap().replace('/', "\n");
    let reread = parse_level(&again, None).unwrap();
    assert_eq!(reread.draw(&reread.start), level.draw(&level.start));
    v
}

#[test]
fn examples_are_solved_to_their_recorded_optima_and_played_back() {
    let examples: Value =
        serde_json::from_str(include_str!("../assets/examples.json")).expect("examples");
    let list = examples["sokoban"].as_array().unwrap();
    assert!(list.len() >= 4);
    // the Boxoban examples are fixture levels: their recorded optima
    let fixture = include_str!("../../../tests/fixtures/sokoban/boxoban-hard-000-first300.txt");
    let optima =
        include_str!("../../../tests/fixtures/sokoban/boxoban-hard-000-first300-optimal.txt");
    for e in list {
        let name = e["name"].as_str().unwrap();
        let board = e["board"].as_str().unwrap();
        let pushes = check_solve(board, "pushes");
        let moves = check_solve(board, "moves");
        // the name announces the fewest pushes and the fewest moves
        let announced = format!(
            "{} pushes, {} moves",
            pushes["lengths"]["pushes"], moves["lengths"]["moves"]
        );
        if let Some(k) = name.strip_prefix("Boxoban hard 000, level ") {
            let k: usize = k.split(' ').next().unwrap().parse().unwrap();
            assert!(name.contains(&announced), "{name}: {announced}");
            let level = fixture
                .split(&format!("; {k}\n"))
                .nth(1)
                .unwrap()
                .split("\n\n")
                .next()
                .unwrap();
            assert_eq!(board.trim_end(), level.trim_end(), "{name}: the fixture's");
            let line = optima
                .lines()
                .find(|l| l.split(' ').next() == Some(&(k + 1).to_string()))
                .unwrap();
            let f: Vec<u32> = line.split(' ').map(|x| x.parse().unwrap()).collect();
            assert_eq!(pushes["lengths"]["pushes"], f[1], "{name}");
            assert_eq!(moves["lengths"]["moves"], f[3], "{name}");
        } else {
            assert!(
                name.contains(&format!("{} pushes", pushes["length"])),
                "{name}"
            );
        }
    }
}

#[test]
fn verify_and_errors_speak_as_the_command_line() {
    let board = "#####\n#@$.#\n#####\n";
    let (status, v) = post(
        "/api/sokoban/verify",
        json!({ "board": board, "solution": "R" }),
    );
    assert_eq!(status, 200);
    assert_eq!(v["valid"], true);
    assert_eq!(v["optimal"], true);
    assert_eq!(
        v["report"],
        "valid\nmoves 1, pushes 1\nobjective pushes: optimal\n"
    );
    let (_, v) = post(
        "/api/sokoban/verify",
        json!({ "board": board, "solution": "RR" }),
    );
    assert_eq!(v["valid"], false);
    assert_eq!(v["step"], 2);
    assert!(v["report"].as_str().unwrap().starts_with("invalid: step 2"));
    // a malformed solution and a malformed board: 400 with where
    let (status, v) = post(
        "/api/sokoban/verify",
        json!({ "board": board, "solution": "Rx" }),
    );
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["at"]["field"], "solution");
    let (status, v) = post(
        "/api/sokoban/solve",
        json!({ "board": "#####\n#@$x#\n#####\n" }),
    );
    assert_eq!(status, 400);
    assert_eq!(v["at"], json!({ "field": "board", "line": 2, "column": 4 }));
    let message = parse_level("#####\n#@$x#\n#####\n", None)
        .unwrap_err()
        .to_string();
    assert_eq!(v["error"], message.as_str());
    // an unsolvable level is -1, and a state cap of 1 a 422 with the proven bound
    let (_, v) = post(
        "/api/sokoban/solve",
        json!({ "board": "######\n#$ @.#\n######\n" }),
    );
    assert_eq!(v["solvable"], false, "{v}");
    assert_eq!(v["judge"], "-1\n");
    let hard = include_str!("../assets/examples.json");
    let examples: Value = serde_json::from_str(hard).unwrap();
    let board = examples["sokoban"][3]["board"].as_str().unwrap();
    let (status, v) = post(
        "/api/sokoban/solve",
        json!({ "board": board, "max_states": 1 }),
    );
    assert_eq!(status, 422, "{v}");
    assert!(v["error"].as_str().unwrap().contains("at least"), "{v}");
    let (status, v) = post(
        "/api/sokoban/solve",
        json!({ "board": board, "objective": "pushs" }),
    );
    assert_eq!(status, 400, "{v}");
}

/// The generated level is the library's for the same request and seed, its fewest pushes
/// the optimal solver's, in the difficulty's range, and the command line given reproduces it.
#[test]
fn generated_levels_are_the_librarys_and_proven_by_the_solver() {
    for (difficulty, seed) in [("easy", 1), ("medium", 2), ("hard", 3), ("expert", 4)] {
        let (status, v) = post(
            "/api/sokoban/generate",
            json!({ "difficulty": difficulty, "seed": seed }),
        );
        assert_eq!(status, 200, "{v}");
        let command = v["command"].as_str().unwrap();
        let arg = |name: &str| {
            let words: Vec<&str> = command.split(' ').collect();
            let i = words.iter().position(|w| *w == name).unwrap();
            words[i + 1].to_string()
        };
        let range = arg("--pushes");
        let (lo, hi) = range.split_once("..").unwrap();
        let boxes: usize = arg("--boxes").parse().unwrap();
        let req = Request {
            boxes: (boxes, boxes),
            pushes: (lo.parse().unwrap(), hi.parse().ok()),
            per_box: arg("--pushes-per-box").parse().unwrap(),
            seed: arg("--seed").parse().unwrap(),
            ..Request::default()
        };
        assert_eq!(arg("--size"), "10x10");
        assert_eq!(req.seed, seed);
        let g = &generate(&req, &gridlock_search::Limits::none(), |_| true, |_| ()).levels[0];
        let board = v["board"].as_str().unwrap();
        assert_eq!(board, g.rows().join("\n") + "\n", "{difficulty}");
        let level = parse_level(board, None).unwrap();
        assert_eq!(level.box_count(), boxes);
        let best = solve(&level, &SolveOptions::default())
            .unwrap()
            .solution
            .unwrap();
        assert_eq!(v["pushes"], best.pushes, "{difficulty}\n{board}");
        assert!(best.pushes >= req.pushes.0 && req.pushes.1.is_none_or(|h| best.pushes <= h));
        // the answer's solution replays to the goal
        let mut rows: Vec<Vec<u8>> = board.lines().map(|l| l.as_bytes().to_vec()).collect();
        for &letter in v["solution"].as_str().unwrap().as_bytes() {
            rows = step(&rows, letter).expect("legal").0;
        }
        assert!(rows.iter().flatten().all(|&ch| ch != b'$'));
    }
}

#[test]
fn generate_errors_and_caps() {
    let (status, v) = post("/api/sokoban/generate", json!({ "difficulty": "extreme" }));
    assert_eq!(status, 400, "{v}");
    let (status, v) = post("/api/sokoban/generate", json!({ "boxes": 4 }));
    assert_eq!(status, 400, "{v}");
    // a candidate cap is a count: some seed stops at one room, with the same answer twice
    let capped = (1..60u64)
        .map(|seed| json!({ "difficulty": "expert", "seed": seed, "max_candidates": 1 }))
        .find(|body| post("/api/sokoban/generate", body.clone()).0 == 422)
        .expect("a seed whose first room gives no expert level");
    let (status, a) = post("/api/sokoban/generate", capped.clone());
    let (_, b) = post("/api/sokoban/generate", capped);
    assert_eq!(status, 422);
    assert_eq!(a["kind"], "limit");
    assert_eq!(a, b);
    let (status, v) = post(
        "/api/sokoban/generate",
        json!({ "difficulty": "expert", "seed": 5, "timeout": 0 }),
    );
    assert_eq!(status, 503, "{v}");
}
