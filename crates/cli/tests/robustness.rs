//! SPEC §2's error contract under random input, through the real binary: arbitrary bytes and
//! well-formed-but-odd boards never panic, never print half an answer, and always end with
//! exit code 0 (answered), 2 (malformed, nothing on stdout) or 3 (a limit was hit).

use assert_cmd::Command;
use proptest::prelude::*;

/// Runs `gridlock ARGS` on `input` and checks the contract; returns the exit code.
fn check(args: &[&str], input: &[u8]) -> i32 {
    let cache = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("gridlock")
        .unwrap()
        .env("GRIDLOCK_CACHE", cache.path())
        .args(args)
        // bounded by counts alone (`--fast` would otherwise have its 10 s default budget)
        .args(["--max-states", "200000", "--timeout", "none"])
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    let code = output
        .status
        .code()
        .expect("exited, not killed by a signal");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    match code {
        0 => assert!(
            stdout.ends_with('\n'),
            "answer without a final newline: {stdout:?}"
        ),
        2 | 3 => {
            assert!(
                stdout.is_empty(),
                "exit {code} with output on stdout: {stdout}"
            );
            assert!(
                stderr.starts_with("gridlock: error: "),
                "exit {code} without a message: {stderr}"
            );
        }
        other => panic!("exit code {other}; stderr {stderr}"),
    }
    code
}

/// `gridlock verify PUZZLE INPUT SOLUTION` with a good INPUT and an arbitrary SOLUTION:
/// exit 0 (valid), 1 (invalid, a verdict on stdout) or 2 (malformed, nothing on stdout).
fn check_verify(puzzle: &str, input: &str, solution: &[u8]) {
    let dir = tempfile::tempdir().unwrap();
    let (i, s) = (
        dir.path().join("input.txt"),
        dir.path().join("solution.txt"),
    );
    std::fs::write(&i, input).unwrap();
    std::fs::write(&s, solution).unwrap();
    let cache = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("gridlock")
        .unwrap()
        .env("GRIDLOCK_CACHE", cache.path())
        .args(["verify", puzzle, "--timeout", "none"])
        .args([&i, &s])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    match output.status.code() {
        Some(0) => assert!(stdout.starts_with("valid"), "{stdout}"),
        Some(1) => assert!(stdout.starts_with("invalid"), "{stdout}"),
        Some(2) => assert!(stdout.is_empty() && stderr.starts_with("gridlock: error: ")),
        other => panic!("exit {other:?}; stderr {stderr}"),
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A 6x6 matrix of small integers: mostly malformed vehicles, sometimes legal boards.
fn rush_matrix() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![0u32, 0, 0, 1, 2, 3, 4, 5, 10, 99]),
        36,
    )
    .prop_map(|cells| {
        cells
            .chunks(6)
            .map(|row| {
                row.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// A 36-character string over the database alphabet with a few strays.
fn rush_database() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select("ooooooxABBCCDEFGHZ.?a".chars().collect::<Vec<_>>()),
        30..40,
    )
    .prop_map(|c| c.into_iter().collect())
}

/// A small Puzznic board over walls, spaces and three piece types, sometimes ragged or with
/// strays; solved under a small state cap, so every outcome (answer, -1, limit) is possible.
fn puzznic_board() -> impl Strategy<Value = String> {
    (1usize..6, 1usize..6).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            prop::collection::vec(
                prop::sample::select("##...123x0 ".chars().collect::<Vec<_>>()),
                cols..=cols + 1,
            ),
            rows,
        )
        .prop_map(|grid| {
            grid.into_iter()
                .map(|row| row.into_iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n")
        })
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn rush_hour_survives_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check(&["rush-hour"], &bytes);
    }

    #[test]
    fn rush_hour_survives_odd_matrices(board in rush_matrix()) {
        check(&["rush-hour"], board.as_bytes());
        check(&["rush-hour", "--limit", "none", "--metric", "moves", "--format", "json"], board.as_bytes());
    }

    #[test]
    fn rush_hour_survives_odd_database_strings(board in rush_database()) {
        check(&["rush-hour", "--limit", "none", "--format", "text"], board.as_bytes());
        check(&["rush-hour", "explore"], board.as_bytes());
        check(&["rush-hour", "--batch"], format!("{board}\n{board}\n").as_bytes());
    }

    #[test]
    fn chips_survives_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        check(&["chips"], &bytes);
    }

    #[test]
    fn chips_survives_odd_rings(ring in "[RBrbX \t\r\n]{0,12}") {
        check(&["chips", "--format", "json"], ring.as_bytes());
    }

    #[test]
    fn verify_survives_arbitrary_solutions(
        bytes in prop::collection::vec(any::<u8>(), 0..80),
        words in "([0-9 -]|L 2 3|R 2 3|A right 2|1 left 1|up|\n){0,12}",
    ) {
        let rush = "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";
        let puzznic = "#####\n#.1.#\n#.#1#\n#####\n";
        for solution in [&bytes[..], words.as_bytes()] {
            check_verify("rush-hour", rush, solution);
            check_verify("chips", "BRRBBRBR\n", solution);
            check_verify("puzznic", puzznic, solution);
            check_verify("n-puzzle", "1 2 3\n4 5 6\n0 7 8\n", solution);
        }
    }

    #[test]
    fn n_puzzle_survives_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        check(&["n-puzzle"], &bytes);
    }

    #[test]
    fn n_puzzle_survives_odd_boards(words in "([0-9]|1[0-5]|x|-1| |\n){0,40}") {
        check(&["n-puzzle", "--heuristic", "manhattan"], words.as_bytes());
        check(&["n-puzzle", "--format", "json"], words.as_bytes());
        // a batch line's puzzle is its last numbers: one line, always a whole answer or error
        let line = format!("{} 1 2 3 4 5 6 7 8 0\n", words.replace('\n', " "));
        check(&["n-puzzle", "--batch", "--goal", "blank-first"], line.as_bytes());
    }

    #[test]
    fn puzznic_survives_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        check(&["puzznic"], &bytes);
    }

    #[test]
    fn puzznic_survives_odd_boards(board in puzznic_board()) {
        check(&["puzznic"], board.as_bytes());
        check(&["puzznic", "--objective", "cycles", "--format", "json"], board.as_bytes());
        check(&["puzznic", "--fast", "--format", "text"], board.as_bytes());
    }
}

/// `yes | head -c 100000000 | gridlock rush-hour`: a flood of garbage is refused with exit
/// code 2 after reading at most the 1 MiB cap, not after swallowing 100 MB (the writer sees
/// the pipe close early: a count of bytes, not a time).
#[test]
fn a_flood_of_garbage_is_refused_early() {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .arg("rush-hour")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = b"y\n".repeat(1 << 15);
        let mut written = 0usize;
        while written < 100_000_000 {
            match stdin.write_all(&chunk) {
                Ok(()) => written += chunk.len(),
                Err(_) => break, // gridlock closed its end: it stopped reading
            }
        }
        written
    });
    let output = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("larger than"));
    assert!(written < 100_000_000, "gridlock read all {written} bytes");
}

/// Ctrl-C during a long batch (200,000 boards: about an hour): gridlock stops with exit code
/// 3, and every line it printed is complete. The signal is sent once the first answers are
/// out (so the handler is installed and the batch is running, however slow the start).
#[test]
fn ctrl_c_stops_a_batch_with_whole_lines() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command as Process, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("many.txt");
    let line = "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n";
    std::fs::write(&input, line.repeat(200_000)).unwrap();
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(["rush-hour", "--batch"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut stdout = String::new();
    reader.read_line(&mut stdout).unwrap();
    assert!(!stdout.is_empty(), "the batch printed nothing");
    let sent = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    reader.read_to_string(&mut stdout).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.lines().count() < 200_000, "the batch stopped early");
    assert!(stdout.ends_with('\n'));
    for l in stdout.lines() {
        assert_eq!(l, "51 81 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    }
    assert!(String::from_utf8_lossy(&output.stderr).contains("interrupted"));
}
