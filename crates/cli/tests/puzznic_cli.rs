//! `gridlock puzznic` and `gridlock verify puzznic` end to end: answers, formats, bad input,
//! limits and exit codes.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use std::path::PathBuf;

const SAMPLE: &str = "#####\n#.1.#\n#.#1#\n#####\n";

fn gridlock() -> Command {
    Command::cargo_bin("gridlock").unwrap()
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/puzznic")
        .join(name)
}

/// `gridlock verify puzznic LEVEL` accepts `answer` (a solver's stdout).
fn assert_verifies(level: &std::path::Path, answer: &[u8]) {
    let answer = file(std::str::from_utf8(answer).unwrap());
    gridlock()
        .args(["verify", "puzznic", "--timeout", "none"])
        .arg(level)
        .arg(answer.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("valid\n"));
}

fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

/// What `gridlock puzznic --fast` prints for a level (it must succeed). Without its default
/// 10-second budget (`--timeout none`), so the answer does not depend on the machine's speed.
fn fast_answer(level: &std::path::Path) -> Vec<u8> {
    gridlock()
        .args(["puzznic", "--fast", "--timeout", "none"])
        .arg(level)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
}

/// `gridlock verify puzznic INPUT ANSWER`, run to completion.
fn verify(
    input: &tempfile::NamedTempFile,
    answer: &tempfile::NamedTempFile,
) -> assert_cmd::assert::Assert {
    gridlock()
        .args(["verify", "puzznic", "--timeout", "none"])
        .arg(input.path())
        .arg(answer.path())
        .assert()
}

#[test]
fn spec_example_answers_one_move() {
    gridlock()
        .arg("puzznic")
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stdout("R 2 3\n");
}

#[test]
fn example_file_and_dash_for_stdin() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/puzznic/sample.txt");
    gridlock()
        .arg("puzznic")
        .arg(&root)
        .assert()
        .success()
        .stdout("R 2 3\n");
    gridlock()
        .args(["puzznic", "-"])
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stdout("R 2 3\n");
}

#[test]
fn objectives_pick_different_optima() {
    // Fewest moves: step the right 1 left once and let the other land beside it (1 move,
    // 4 cycles). Fewest cycles: walk it under the falling one, which lands on it a cycle
    // earlier (2 moves, 3 cycles).
    let board = "#1..#\n#...#\n#...#\n#..1#\n#####\n";
    let moves = gridlock()
        .args(["puzznic", "--objective", "moves", "--format", "json"])
        .write_stdin(board)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let cycles = gridlock()
        .args(["puzznic", "--objective", "cycles", "--format", "json"])
        .write_stdin(board)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let m: serde_json::Value = serde_json::from_slice(&moves).unwrap();
    let c: serde_json::Value = serde_json::from_slice(&cycles).unwrap();
    let (mm, mc) = (m["moves"].as_u64().unwrap(), m["cycles"].as_u64().unwrap());
    let (cm, cc) = (c["moves"].as_u64().unwrap(), c["cycles"].as_u64().unwrap());
    assert!(mm <= cm && cc <= mc, "moves {mm}/{mc}, cycles {cm}/{cc}");
    assert!((mm, mc) != (cm, cc), "this board has two different optima");
    assert_eq!(m["objective"], "moves");
    assert_eq!(c["objective"], "cycles");
}

#[test]
fn json_reports_actions_and_boards() {
    let out = gridlock()
        .args(["puzznic", "--format", "json"])
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["solvable"], true);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["moves"], 1);
    assert_eq!(v["cycles"], 1);
    assert_eq!(v["actions"], serde_json::json!(["R 2 3"]));
    assert_eq!(v["start"][1], "#.1.#");
    let step = &v["steps"][0];
    assert_eq!(step["moved"], serde_json::json!([[2, 3], [2, 4]]));
    assert_eq!(step["vanished"], serde_json::json!([[2, 4], [3, 4]]));
    assert_eq!(
        step["board"],
        serde_json::json!(["#####", "#...#", "#.#.#", "#####"])
    );
}

#[test]
fn text_shows_every_cycle_with_marks() {
    gridlock()
        .args(["puzznic", "--format", "text"])
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stdout(predicate::str::contains("cycle 1: R 2 3"))
        .stdout(predicate::str::contains("1>"))
        .stdout(predicate::str::contains("1*"))
        .stdout(predicate::str::contains("solved: 1 move, 1 cycle"));
}

#[test]
fn unsolvable_board_answers_minus_one_at_once() {
    // A type with a single piece can never vanish: no search at all is needed, so even a
    // state cap of 1 is enough.
    gridlock()
        .args(["puzznic", "--max-states", "1", "--stats"])
        .write_stdin("#1.2.2.3#\n#########\n")
        .assert()
        .success()
        .stdout("-1\n")
        .stderr(predicate::str::contains("expanded 0"));
    // Two pieces in sealed chambers can never meet either.
    gridlock()
        .args(["puzznic", "--max-states", "1"])
        .write_stdin("#1#1#\n#####\n")
        .assert()
        .success()
        .stdout("-1\n");
}

#[test]
fn bad_input_exits_2_with_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("#1.1#\n#..#\n", "line 2, column 5"),    // ragged
        ("#1.1#\n#.X.#\n", "line 2, column 3"),   // unknown character
        ("#...#\n#####\n", "at least one piece"), // no piece
        ("", "line 1, column 1"),                 // empty
        ("#1.1#\n\n#...#\n", "line 2, column 1"), // blank line inside
    ];
    for (input, message) in cases {
        gridlock()
            .arg("puzznic")
            .write_stdin(*input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(*message));
    }
    let wide = format!("1{}\n", ".".repeat(16));
    gridlock()
        .arg("puzznic")
        .write_stdin(wide)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("at most 16 columns"));
    let tall = "1\n".repeat(17);
    gridlock()
        .arg("puzznic")
        .write_stdin(tall)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("at most 16 rows"));
    gridlock()
        .arg("puzznic")
        .write_stdin(vec![b'#', 0xff, b'\n'])
        .assert()
        .code(2)
        .stdout("");
    gridlock()
        .args(["puzznic", "/no/such/file"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn crlf_and_missing_final_newline_are_accepted() {
    gridlock()
        .arg("puzznic")
        .write_stdin("#####\r\n#.1.#\r\n#.#1#\r\n#####")
        .assert()
        .success()
        .stdout("R 2 3\n");
}

#[test]
fn a_fast_search_that_stops_does_not_suggest_fast() {
    // 15-08 defeats every quick method; with a tiny cap the complete search stops at once
    let level = fixture("nes/15-08.txt");
    gridlock()
        .args([
            "puzznic",
            "--fast",
            "--max-states",
            "1000",
            "--timeout",
            "none",
        ])
        .arg(&level)
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains(
            "(raise --max-states or --timeout)",
        ))
        .stderr(predicate::str::contains("--fast-fallback").not());
    gridlock()
        .args(["puzznic", "--max-states", "1000"])
        .arg(&level)
        .assert()
        .code(3)
        .stderr(predicate::str::contains("or use --fast / --fast-fallback"));
}

/// `--fast` out of time: 15-08 defeats every quick method, and a deadline that has already
/// passed (`--timeout 0`, certain to fire before the complete search ends) gives exit 3 with
/// the proven bound on stderr. That `--fast` alone gets its 10-second default budget is a
/// unit test of the command's limits (`cmd::puzznic::tests`), not a 10-second wait here.
#[test]
fn fast_out_of_time_exits_3_with_the_proven_bound() {
    let level = fixture("nes/15-08.txt");
    gridlock()
        .args(["puzznic", "--fast", "--timeout", "0"])
        .arg(&level)
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("time limit"))
        .stderr(predicate::str::contains("proven lower bound: at least"));
}

#[test]
fn state_cap_exits_3_and_fast_fallback_prints_a_valid_answer() {
    let level = fixture("nes/02-09.txt");
    gridlock()
        .args(["puzznic", "--max-states", "2000"])
        .arg(&level)
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("state limit"))
        .stderr(predicate::str::contains("lower bound"));
    let out = gridlock()
        .args(["puzznic", "--max-states", "2000", "--fast-fallback"])
        .arg(&level)
        .assert()
        .code(3)
        .stderr(predicate::str::contains("proven lower bound"))
        .get_output()
        .stdout
        .clone();
    assert_verifies(&level, &out);
}

#[test]
fn timeout_exits_3() {
    gridlock()
        .args(["puzznic", "--timeout", "0"])
        .arg(fixture("nes/03-03.txt"))
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("time limit"));
}

#[test]
fn fast_answers_are_valid() {
    let level = fixture("nes/01-02.txt");
    let out = fast_answer(&level);
    assert_verifies(&level, &out);
}

#[test]
fn verify_accepts_optimal_and_reports_both_objectives() {
    let input = file(SAMPLE);
    let answer = file("R 2 3\n");
    verify(&input, &answer)
        .success()
        .stdout("valid\nmoves 1, cycles 1\nobjective moves: optimal\nobjective cycles: optimal\n");
}

#[test]
fn verify_reports_suboptimal_answers() {
    let input = file("#1.1.#\n######\n");
    let answer = file("R 1 2\n");
    verify(&input, &answer)
        .success()
        .stdout(predicate::str::contains("objective moves: optimal"));
    // Left first, then right twice: valid but two moves too many.
    let input = file("#.1.1.#\n#######\n");
    let answer = file("L 1 3\nR 1 2\nR 1 3\n");
    verify(&input, &answer)
        .success()
        .stdout(predicate::str::contains("moves 3, cycles 3"))
        .stdout(predicate::str::contains(
            "objective moves: not optimal (optimum: 1 move, 1 cycle)",
        ));
}

#[test]
fn verify_rejects_with_reason_and_line() {
    let input = file(SAMPLE);
    let cases: &[(&str, &str)] = &[
        ("L 2 3\n", "the board still has 2 pieces"), // does not clear
        ("R 2 3\n-\n", "line 2: the board is already empty"), // trailing line
        ("R 3 4\n", "line 1: R 3 4: the destination is a wall"), // into a wall
        ("R 2 2\n", "line 1: R 2 2: there is no piece"), // empty cell
        ("R 9 9\n", "outside the 4x5 board"),        // off the board
        ("X 2 3\n", "line 1: cannot read"),          // garbage
        ("", "the answer is empty"),                 // nothing
        ("-1\n", "the board can be cleared"),        // wrong -1
    ];
    for (answer, message) in cases {
        let a = file(answer);
        verify(&input, &a).code(1).stdout(
            predicate::str::contains(*message).and(predicate::str::starts_with("invalid: ")),
        );
    }
    // A falling piece cannot be moved: the line is named.
    let input = file("#1..#\n#...#\n#..1#\n#####\n");
    let a = file("R 1 2\n");
    verify(&input, &a)
        .code(1)
        .stdout("invalid: line 1: R 1 2: the piece is falling\n");
}

#[test]
fn verify_accepts_a_correct_minus_one() {
    let input = file("#1.2.2#\n#######\n");
    let answer = file("-1\n");
    verify(&input, &answer)
        .success()
        .stdout(predicate::str::starts_with("valid\n"));
}

#[test]
fn malformed_input_for_verify_exits_2() {
    let input = file("#1.Q#\n");
    let answer = file("-\n");
    verify(&input, &answer).code(2).stdout("");
}

#[test]
fn closed_pipe_ends_quietly() {
    use std::process::{Command as Std, Stdio};
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(["puzznic", "--format", "text"])
        .arg(fixture("nes/02-09.txt"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn verify_bounds_the_optimality_check_with_its_timeout() {
    // 13-01's optimal search takes about a minute; --timeout cuts only the optimality check
    // (0: certain to stop it at its first look at the clock)
    let level = fixture("nes/13-01.txt");
    let answer = fast_answer(&level);
    let answer = file(std::str::from_utf8(&answer).unwrap());
    gridlock()
        .args(["verify", "puzznic", "--timeout", "0"])
        .arg(&level)
        .arg(answer.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("valid\n"))
        .stdout(predicate::str::contains(
            "objective moves: unknown (search stopped: time limit reached",
        ));
    // a -1 can only be confirmed by a finished search: out of time is exit code 3
    let minus_one = file("-1\n");
    gridlock()
        .args(["verify", "puzznic", "--timeout", "0"])
        .arg(fixture("nes/16-05.txt"))
        .arg(minus_one.path())
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("raise --timeout"));
}
