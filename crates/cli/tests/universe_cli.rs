//! `gridlock rush-hour universe` from the outside: the table's format, the summary, shards that
//! concatenate to the whole, and argument errors.

use assert_cmd::Command;

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .args(["rush-hour", "universe"])
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

// A reduced universe: a slice of units with interesting components (rows 0-1 hold a truck and
// a car each, in the enumeration's unit order).
const UNITS: &str = "--units=66320..66340";

#[test]
fn rows_are_moves_board_size_key_and_the_summary_goes_to_stderr() {
    let (out, err, code) = run(&[UNITS, "--no-count"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 4, "{line}");
        let moves: u32 = f[0].parse().unwrap();
        assert_eq!(
            f[0].len(),
            2,
            "MOVES is zero-padded like the database: {line}"
        );
        assert!(moves >= 1);
        assert_eq!(f[1].len(), 36);
        assert!(
            f[3] <= f[1],
            "the key is the smallest string of the component: {line}"
        );
        let size: u64 = f[2].parse().unwrap();
        assert!(size >= 2);
    }
    assert!(
        err.contains(&format!("interesting: {}", lines.len())),
        "{err}"
    );
    assert!(err.contains("wall time"), "{err}");
}

#[test]
fn shards_concatenate_to_the_whole() {
    let (whole, _, code) = run(&[UNITS, "--no-count"]);
    assert_eq!(code, 0);
    let mut joined = String::new();
    for i in 1..=3 {
        let (part, _, code) = run(&[UNITS, "--no-count", &format!("--shard={i}/3")]);
        assert_eq!(code, 0);
        joined.push_str(&part);
    }
    assert_eq!(joined, whole);
}

#[test]
fn out_file_receives_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.txt");
    let (stdout, _, code) = run(&[UNITS, "--no-count", "--out", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(stdout.is_empty());
    let (whole, _, _) = run(&[UNITS, "--no-count"]);
    assert_eq!(std::fs::read_to_string(path).unwrap(), whole);
}

#[test]
fn bad_arguments_are_usage_errors() {
    for bad in [
        ["--shard=0/3"],
        ["--shard=4/3"],
        ["--shard=x"],
        ["--walls=9"],
    ] {
        let (out, err, code) = run(&bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert!(out.is_empty());
    }
}

/// `explore` prints the component's KEY, the same from every position of the component, so
/// any puzzle can be looked up in the universe table.
#[test]
fn explore_prints_the_same_key_from_every_position_of_a_component() {
    let explore = |board: &str| -> serde_json::Value {
        let out = Command::cargo_bin("gridlock")
            .unwrap()
            .args(["rush-hour", "explore", "--format", "json"])
            .write_stdin(board)
            .output()
            .unwrap();
        assert!(out.status.success());
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let hardest = explore("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    let key = hardest["key"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 36);
    let other = hardest["farthest_steps"].as_str().unwrap();
    assert_ne!(other, "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    assert_eq!(explore(other)["key"].as_str().unwrap(), key);
    assert_eq!(explore(&key)["key"].as_str().unwrap(), key);
    assert_eq!(explore(&key)["states"], 4780);
}

/// Ctrl-C: exit code 3, and the summary of the units whose rows were written still comes out,
/// consistent with those rows. The signal is sent once the first row is out (the handler is
/// installed and the enumeration running, however slow the start), not after a fixed wait.
#[test]
fn ctrl_c_prints_the_summary_of_the_finished_units() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(["rush-hour", "universe", "--no-count", "--shard", "2/2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut rows = String::new();
    reader.read_line(&mut rows).unwrap();
    assert!(!rows.is_empty(), "no row came out");
    let sent = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    reader.read_to_string(&mut rows).unwrap();
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(3), "{err}");
    assert!(err.contains("interrupted after "), "{err}");
    let rows = rows.lines().count();
    assert!(
        err.contains(&format!("interesting: {}\n", thousands(rows))),
        "{rows} rows, but: {err}"
    );
}

/// 1234567 -> "1,234,567", as the summary writes counts.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `gridlock rush-hour universe --shard 1/500 | head -5`: once the reader has its lines and
/// goes, gridlock stops (the reader's going is noticed at once, and a unit in progress stops
/// between layouts: `enumerate::tests`) and exits 0 saying nothing, like any closed pipe.
#[test]
fn a_reader_that_goes_ends_the_enumeration_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(["rush-hour", "universe", "--shard", "1/500"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..5 {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(line.split(' ').count(), 4, "{line}");
    }
    drop(reader);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
