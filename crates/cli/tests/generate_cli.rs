//! `gridlock rush-hour generate` from the outside: the line format, json with a solution the
//! verifier accepts, text, the summary on stderr, byte-identical output on 1 and 2 threads,
//! option errors and requests beyond the known maxima (exit 2), and requests that run out of
//! candidates or time (exit 3, saying what was found).
//!
//! Every run is bounded by counts, not by the clock: `--timeout none` unless the test is about
//! `--timeout` itself (then `0`, which is certain to fire), and a candidate cap where a request
//! could run long.

use assert_cmd::Command;
use std::io::Write;

fn run_env(args: &[&str], threads: &str) -> (String, String, i32) {
    let untimed: &[&str] = if args.contains(&"--timeout") {
        &[]
    } else {
        &["--timeout", "none"]
    };
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .args(["rush-hour", "generate"])
        .args(args)
        .args(untimed)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn run(args: &[&str]) -> (String, String, i32) {
    run_env(args, "2")
}

#[test]
fn lines_are_moves_board_size_in_range() {
    let (out, err, code) = run(&["--moves", "8..12", "--count", "5", "--seed", "9"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "nothing on stderr without --stats: {err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    for line in lines {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 3, "{line}");
        assert_eq!(f[0].len(), 2, "two-digit MOVES: {line}");
        let moves: u32 = f[0].parse().unwrap();
        assert!((8..=12).contains(&moves), "{line}");
        assert_eq!(f[1].len(), 36);
        // the solver agrees
        let solved = Command::cargo_bin("gridlock")
            .unwrap()
            .args(["rush-hour", "--limit", "none", "--metric", "moves"])
            .write_stdin(f[1])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(solved.stdout).unwrap().trim(),
            moves.to_string()
        );
        let _: u64 = f[2].parse().unwrap();
    }
}

#[test]
fn same_seed_same_bytes_on_one_and_two_threads_other_seed_other_bytes() {
    let args = ["--moves", "10..14", "--count", "8", "--seed", "5"];
    let (one, _, c1) = run_env(&args, "1");
    let (two, _, c2) = run_env(&args, "2");
    assert_eq!((c1, c2), (0, 0));
    assert_eq!(one, two);
    let (other, _, _) = run(&["--moves", "10..14", "--count", "8", "--seed", "6"]);
    assert_ne!(one, other);
}

#[test]
fn json_has_steps_key_and_a_solution_the_verifier_accepts() {
    let (out, err, code) = run(&["--moves", "6..9", "--count", "2", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let board = v["board"].as_str().unwrap();
        let moves = v["moves"].as_u64().unwrap();
        assert_eq!(v["key"].as_str().unwrap().len(), 36);
        assert!(v["size"].as_u64().unwrap() >= 2);
        assert_eq!(v["steps_out"].as_u64(), v["steps"].as_u64().map(|s| s + 2));
        let solution: Vec<&str> = v["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(solution.len() as u64, moves);
        let dir = tempfile::tempdir().unwrap();
        let (input, list) = (dir.path().join("b.txt"), dir.path().join("s.txt"));
        std::fs::write(&input, board).unwrap();
        let mut f = std::fs::File::create(&list).unwrap();
        for m in &solution {
            writeln!(f, "{m}").unwrap();
        }
        let verdict = Command::cargo_bin("gridlock")
            .unwrap()
            .args(["verify", "rush-hour", "--timeout", "none"])
            .arg(&input)
            .arg(&list)
            .output()
            .unwrap();
        let said = String::from_utf8(verdict.stdout).unwrap();
        assert!(said.starts_with("valid"), "{said}");
        assert!(
            said.contains(&format!("moves: {moves}, optimal: yes")),
            "{said}"
        );
    }
}

#[test]
fn text_draws_each_puzzle_and_stats_go_to_stderr() {
    let (out, err, code) = run(&[
        "--moves", "5", "--count", "2", "--format", "text", "--stats",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Puzzle 1 of 2: 5 moves"), "{out}");
    assert!(out.contains("Puzzle 2 of 2: 5 moves"), "{out}");
    assert!(out.contains("key: "), "{out}");
    assert!(
        err.starts_with("gridlock: generate: 2 of 2 puzzles"),
        "{err}"
    );
    assert!(err.contains("candidate boards tried"), "{err}");
}

#[test]
fn bad_options_exit_2_with_one_line() {
    for args in [
        &["--moves", "10..5"][..],
        &["--count", "0"],
        &["--walls", "9"],
        &["--vehicles", "1..1"],
        &["--moves", "abc"],
        &["--set", "physical", "--walls", "1"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("gridlock: error: --"), "{err}");
    }
}

/// A request the pieces allow but the climb cannot meet (two vehicles never need 10 moves,
/// which no table proves below 36) runs until its candidate cap: exit 3 with what was met.
#[test]
fn hopeless_requests_stop_at_the_candidate_cap_saying_what_was_found() {
    let args = [
        "--vehicles",
        "2..2",
        "--moves",
        "10..",
        "--max-candidates",
        "2000",
    ];
    let (out, err, code) = run(&args);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(
        err.starts_with("gridlock: error: candidate limit of 2000 boards reached: found 0 of 1 puzzle (largest MOVES met: "),
        "{err}"
    );
    assert!(err.contains("raise --max-candidates"), "{err}");
    // the cap is a count: the same message, candidates tried included, on any machine
    assert_eq!(run_env(&args, "1").1, err, "same stop on 1 and 2 threads");
    // what was found before the cap is printed, the same lines every time
    let args = [
        "--moves",
        "3..4",
        "--vehicles",
        "2..3",
        "--count",
        "50",
        "--max-candidates",
        "3000",
    ];
    let (out, err, code) = run(&args);
    assert_eq!(code, 3, "{err}");
    let found = out.lines().count();
    assert!(found >= 1, "{err}");
    assert!(
        err.contains(&format!("found {found} of 50 puzzles")),
        "{err}"
    );
    assert_eq!(run_env(&args, "1").0, out, "same lines on 1 and 2 threads");
}

/// `--timeout` itself: a deadline already passed stops before the first job (exit 3).
#[test]
fn a_passed_deadline_exits_3_before_any_candidate() {
    let (out, err, code) = run(&["--moves", "30..", "--timeout", "0"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("time limit of 0 s reached: found 0 of 1 puzzle (largest MOVES met: 0; 0 candidate boards tried); raise --timeout"),
        "{err}"
    );
}

/// Ranges above the largest optimum the options allow are refused before any search, with
/// the reason (docs/errors.md has the messages).
#[test]
fn ranges_above_the_known_maxima_exit_2_at_once() {
    for (args, why) in [
        (
            &["--moves", "52.."][..],
            "no wall-free 6x6 puzzle needs more than 51 moves",
        ),
        (
            &["--set", "physical", "--moves", "52..60"],
            "needs more than 51 moves",
        ),
        (
            &["--vehicles", "10..12", "--moves", "51"],
            "with 10 to 12 vehicles needs more than 50",
        ),
        (
            &["--vehicles", "2..8", "--moves", "36.."],
            "with 2 to 8 vehicles needs 36 moves or more",
        ),
        (
            &["--walls", "1", "--moves", "61.."],
            "is known to need more than 60 moves",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // at the maximum itself the request stands (stopped here by a tiny candidate cap)
    let (_, err, code) = run(&["--moves", "51", "--max-candidates", "1"]);
    assert_eq!(code, 3, "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args([
            "rush-hour",
            "generate",
            "--moves",
            "5..12",
            "--count",
            "400",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
