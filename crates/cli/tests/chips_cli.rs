//! `gridlock chips` and `gridlock verify chips` end to end, through the binary.

#[path = "../../puzzles/tests/chips_support/mod.rs"]
mod chips_support;

use assert_cmd::Command;
use chips_support as brute;
use std::path::Path;

fn gridlock() -> Command {
    let mut cmd = Command::cargo_bin("gridlock").unwrap();
    cmd.env_remove("NO_COLOR");
    cmd
}

fn solve(input: &[u8], extra: &[&str]) -> (i32, String, String) {
    let out = gridlock()
        .arg("chips")
        .args(extra)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn verify(dir: &Path, input: &str, solution: &str) -> (i32, String, String) {
    let i = dir.join("input.txt");
    let s = dir.join("solution.txt");
    std::fs::write(&i, input).unwrap();
    std::fs::write(&s, solution).unwrap();
    let out = gridlock()
        .args(["verify", "chips"])
        .arg(&i)
        .arg(&s)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn samples_print_the_judge_answer() {
    assert_eq!(
        solve(b"BRRBBRBR\n", &[]),
        (0, "4\n1\n2\n3\n8\n".into(), String::new())
    );
    assert_eq!(solve(b"RBRBRBRB", &[]), (0, "0\n".into(), String::new()));
    assert_eq!(solve(b"  BRRBBRBR \r\n\r\n", &[]).1, "4\n1\n2\n3\n8\n");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/chips/sample.txt");
    let out = gridlock().arg("chips").arg(sample).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "4\n1\n2\n3\n8\n");
}

/// The acceptance test: every ring of 8 letters, the binary's answer against the
/// brute force, and the special judge on the binary's own output.
#[test]
fn all_256_rings_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let mut solvable = 0;
    for ring in brute::all_rings() {
        let (code, stdout, stderr) = solve(ring.as_bytes(), &[]);
        assert_eq!((code, stderr.as_str()), (0, ""), "{ring}");
        let expected = match brute::solve(brute::start(&ring)) {
            None => "-1\n".to_string(),
            Some(moves) => {
                solvable += 1;
                let mut s = format!("{}\n", moves.len());
                for m in moves {
                    s.push_str(&format!("{m}\n"));
                }
                s
            }
        };
        assert_eq!(stdout, expected, "{ring}");
        if stdout != "-1\n" {
            let (code, verdict, _) = verify(dir.path(), &ring, &stdout);
            assert_eq!(code, 0, "{ring}: {verdict}");
            assert!(verdict.starts_with("valid\n"), "{ring}: {verdict}");
            assert!(
                verdict.contains("optimal: yes (the judge answer"),
                "{ring}: {verdict}"
            );
        }
    }
    assert_eq!(solvable, 70);
}

#[test]
fn malformed_input_exits_2_with_position_and_expectation() {
    let cases: [(&[u8], &str); 6] = [
        (b"", "line 1, column 1"),
        (b"BRRBBRB\n", "line 1, column 8"),
        (b"BRRBBRBRB", "line 1, column 9"),
        (b"BRRBxRBR", "line 1, column 5"),
        (b"\nBRR\xffBRBR", "line 2, column 4"),
        (b"BRRBBRBR\nRB", "line 2, column 1"),
    ];
    for (input, place) in cases {
        let (code, stdout, stderr) = solve(input, &[]);
        assert_eq!(code, 2, "{input:?}");
        assert_eq!(stdout, "", "{input:?}");
        assert!(stderr.contains(place), "{input:?}: {stderr}");
        assert!(stderr.contains("expected"), "{input:?}: {stderr}");
    }
    let (_, _, stderr) = solve(b"BRRB", &[]);
    assert!(stderr.contains("8 letters R or B"), "{stderr}");
}

#[test]
fn text_format_draws_every_board_in_plain_letters_on_a_pipe() {
    let (code, stdout, _) = solve(b"BRRBBRBR", &["--format", "text"]);
    assert_eq!(code, 0);
    assert!(
        !stdout.contains('\x1b'),
        "no colour codes when stdout is not a terminal"
    );
    let board_rows = stdout.lines().filter(|l| l.starts_with("  ")).count();
    assert_eq!(board_rows, 3 * 5, "the start and four boards: {stdout}");
    assert!(stdout
        .contains("move 4: R from cell 8 slides right into cell 3\n  B R B\n  R . R\n  B R B\n"));
    let (_, stdout, _) = solve(b"RRRRRBBB", &["--format", "text"]);
    assert!(stdout.contains("no solution (judge answer -1)"), "{stdout}");
}

#[test]
fn json_format_has_moves_and_boards() {
    let (code, stdout, _) = solve(b"BRRBBRBR", &["--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["moves"], serde_json::json!([1, 2, 3, 8]));
    assert_eq!(v["length"], 4);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["boards"][0]["cells"], "BRRBBRBR.");
    assert_eq!(
        v["boards"][4]["rows"],
        serde_json::json!(["BRB", "R.R", "BRB"])
    );
    let (_, stdout, _) = solve(b"BBBBBBBB", &["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (v["solvable"].clone(), v["length"].clone()),
        (false.into(), serde_json::Value::Null)
    );
}

#[test]
fn state_cap_exits_3_and_stats_go_to_stderr() {
    let (code, stdout, stderr) = solve(b"BRRBBRBR", &["--max-states", "10"]);
    assert_eq!((code, stdout.as_str()), (3, ""));
    assert!(stderr.contains("state limit"), "{stderr}");
    let (code, stdout, stderr) = solve(b"BRRBBRBR", &["--stats"]);
    assert_eq!((code, stdout.as_str()), (0, "4\n1\n2\n3\n8\n"));
    assert!(stderr.contains("630 solvable positions"), "{stderr}");
}

#[test]
fn verify_rejects_a_chip_not_next_to_the_hole_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, _) = verify(dir.path(), "BRRBBRBR\n", "4\n1\n3\n2\n8\n");
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with("invalid: line 3: the chip in cell 3 is not next to the empty cell 1"),
        "{stdout}"
    );
    // an invalid list has no length or optimality: the judge's own answer follows instead
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[1], "the judge answer is 4 moves: 1 2 3 8");
}

#[test]
fn verify_rejects_a_non_alternating_end_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    // 1 then 8 puts everything back: the ring is still BRRBBRBR.
    let (code, stdout, _) = verify(dir.path(), "BRRBBRBR", "2\n1\n8\n");
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with(
            "invalid: line 3: the moves end with the ring BRRBBRBR, whose colours do not alternate"
        ),
        "{stdout}"
    );
}

#[test]
fn verify_sorts_wrong_answers_from_unreadable_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Well-formed but wrong: exit 1 with the line.
    for (solution, line) in [
        ("3\n1\n2\n3\n8\n", 5),
        ("5\n1\n2\n3\n8\n", 1),
        ("-1\n", 1),
        ("1\n9\n", 2),
    ] {
        let (code, stdout, _) = verify(d, "BRRBBRBR", solution);
        assert_eq!(code, 1, "{solution:?}");
        assert!(
            stdout.starts_with(&format!("invalid: line {line}: ")),
            "{solution:?}: {stdout}"
        );
    }
    // Trailing blank lines and CRLF are fine.
    let (code, stdout, _) = verify(d, "BRRBBRBR", "4\r\n1\r\n2\r\n3\r\n8\r\n\r\n\n");
    assert_eq!(code, 0, "{stdout}");
    // A correct -1 is valid; a longer solution is valid but not optimal.
    assert_eq!(verify(d, "RRRRRRRR", "-1\n").0, 0);
    let (code, stdout, _) = verify(d, "RBRBRBRB", "2\n3\n8\n");
    assert_eq!(code, 0);
    assert!(stdout.contains("length: 2\noptimal: no"), "{stdout}");
    // Not one integer per line: exit 2, nothing on stdout, the place on stderr.
    for (solution, place) in [
        ("", "line 1, column 1"),
        ("four\n", "line 1, column 1"),
        ("2\n1 3\n8\n", "line 2, column 3"),
        ("2\n\n1\n8\n", "line 2"),
    ] {
        let (code, stdout, stderr) = verify(d, "BRRBBRBR", solution);
        assert_eq!((code, stdout.as_str()), (2, ""), "{solution:?}");
        assert!(
            stderr.contains("solution.txt") && stderr.contains(place),
            "{solution:?}: {stderr}"
        );
    }
    // A malformed INPUT is exit 2 as well.
    let (code, _, stderr) = verify(d, "BRRBBRB", "0\n");
    assert_eq!(code, 2);
    assert!(stderr.contains("input.txt"), "{stderr}");
}
